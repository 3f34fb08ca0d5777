"""Sphinx configuration: the API reference (autodoc; numpydoc reads the docstrings), the guides and the gallery.

Build it from the repository's root with ``sphinx-build -W -b html docs docs/_build/html``.
"""

import re
import sys
from pathlib import Path

from numpydoc.xref import DEFAULT_LINKS

SOURCE = Path(__file__).resolve().parents[1] / "src" / "stategraph"
sys.path.insert(0, str(SOURCE.parent))  # document the tree, not an installed copy

import stategraph  # noqa: E402

project = "stategraph"
release = version = stategraph.__version__
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))  # the project's own directives

extensions = ["sphinx.ext.autodoc", "sphinx.ext.autosummary", "numpydoc", "myst_parser",
              "stategraph_docs", "stategraph_gallery"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

numpydoc_show_class_members = True  # a table of each class's methods (and properties), above their entries
numpydoc_show_inherited_class_members = False  # those documented on the page: autodoc shows no inherited member
numpydoc_class_members_toctree = False  # the entries are on the same page: no page generated per member
# A type names a class or datum of stategraph: a link to its entry wherever it is documented (".Name", as
# napoleon's types searched); any other word is plain text (numpydoc's links to Python's docs need intersphinx).
numpydoc_xref_param_type = True
numpydoc_xref_ignore = "all"
TYPES = {*stategraph.__all__, *(found.group(1) for path in SOURCE.rglob("*.py")
                                for found in re.finditer(r"^class (\w+)", path.read_text(), re.M))}
numpydoc_xref_aliases = {word: word for word in DEFAULT_LINKS} | {name: f".{name}" for name in TYPES}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"  # a documented return keeps its own words
autodoc_default_options = {"members": True, "show-inheritance": True}

# The summary tables at the top of the API pages are written by hand (``.. autosummary::`` without
# ``:toctree:``) and link to entries on the same page or its sub-pages: nothing is generated into docs/.
autosummary_generate = False

# A summary for data of a built-in type that has no docstring of its own (docs/_ext/stategraph_docs.py);
# an entry can go once the value has a docstring under its assignment, as COST has.
stategraph_data_summaries = {
    "stategraph.SEARCHES": "The built-in search routines by name, each a "
                           ":class:`~stategraph.search.SearchRoutine`.",
}

myst_heading_anchors = 4  # the guides link to their own sections (formats.md#graph-files-stategraph-search)

html_theme = "alabaster"
# The text grows with the window up to a page of 1240px (custom.css), wide enough that every code
# block of the API reference fits a 1280 px window even with a vertical scroll bar; in narrower
# windows custom.css wraps the longest lines rather than hide them behind a scroll bar, and below
# page_width the theme's narrow layout (the sidebar under the text) takes over, as before.
html_theme_options = {
    "page_width": "940px",  # where the narrow layout begins; custom.css widens the page above it
    "sidebar_width": "220px",
    "body_max_width": "none",  # the basic theme caps the text at 800px otherwise
}
html_static_path = ["_static"]
html_css_files = ["custom.css"]
