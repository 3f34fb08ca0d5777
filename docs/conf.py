"""Sphinx configuration: the API reference (autodoc, numpydoc docstrings read by napoleon) and the guides.

Build it from the repository's root with ``sphinx-build -W -b html docs docs/_build/html``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # document the tree, not an installed copy

import stategraph  # noqa: E402

project = "stategraph"
release = version = stategraph.__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"  # a documented return keeps its own words
autodoc_default_options = {"members": True, "show-inheritance": True}

myst_heading_anchors = 4  # the guides link to their own sections (formats.md#graph-files-stategraph-search)

html_theme = "alabaster"
html_static_path: list[str] = []
