"""The API reference's tables, checked without building it: the routine table of docs/_ext/stategraph_docs.py
renders every routine of SEARCHES with its own fields, and the summary tables at the top of docs/api/*.rst
(``.. autosummary::``, or numpydoc's table of a class's members) list every public name of ``stategraph``,
each pointing at an entry of the pages; and the docstring fixes of stategraph_docs.py around numpydoc."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import stategraph
from stategraph.search import SEARCHES

pytest.importorskip("sphinx")

from docutils import nodes  # noqa: E402
from sphinx import addnodes  # noqa: E402

DOCS = Path(__file__).resolve().parents[1] / "docs"
API_PAGES = {path.stem: path.read_text() for path in sorted((DOCS / "api").glob("*.rst"))}


def _load_extension():
    spec = importlib.util.spec_from_file_location("stategraph_docs", DOCS / "_ext" / "stategraph_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ext = _load_extension()

# -- what the pages say -------------------------------------------------------------------------

ENTRY = re.compile(r"^\.\. (?:auto(?:class|function|exception|data|method|attribute)|py:data|py:function|py:class)"
                   r":: ([\w.]+)", flags=re.M)
AUTOMODULE = re.compile(r"^\.\. automodule:: ([\w.]+)\n((?:   .*\n)*)", flags=re.M)
AUTOSUMMARY = re.compile(r"^\.\. autosummary::\n((?:   .*\n|\n)*)", flags=re.M)


def autosummary_entries(text: str) -> list[str]:
    """The names listed in the ``.. autosummary::`` blocks of a page, without the ``~``."""
    names = []
    for block in AUTOSUMMARY.findall(text):
        for line in block.splitlines():
            line = line.strip()
            if line and not line.startswith(":"):
                names.append(line.removeprefix("~"))
    return names


SUMMARISED = {name for text in API_PAGES.values() for name in autosummary_entries(text)}
DOCUMENTED = {name for text in API_PAGES.values() for name in ENTRY.findall(text)}
WHOLE_MODULES = {module for text in API_PAGES.values() for module, options in AUTOMODULE.findall(text)
                 if ":no-members:" not in options}


def is_documented(name: str) -> bool:
    """An entry of its own, or a public member of a module documented with its members."""
    module, _, attr = name.rpartition(".")
    if name in DOCUMENTED:
        return True
    if module in WHOLE_MODULES:
        members = getattr(importlib.import_module(module), "__all__", None)
        return attr in members if members is not None else not attr.startswith("_")
    return False


@pytest.mark.parametrize("name", stategraph.__all__)
def test_every_public_name_is_in_a_summary_table(name):
    home = stategraph._HOME_OF[name]
    assert {f"stategraph.{name}", f"stategraph.{home}.{name}"} & SUMMARISED, name


@pytest.mark.parametrize("name", sorted(SUMMARISED))
def test_every_summary_row_points_at_an_entry(name):
    assert is_documented(name), f"{name} is in a summary table but has no entry in docs/api"


ENTRIES = re.compile(r"^\.\. (auto(?!summary|module)\w+|py:(?!currentmodule)\w+)::(.*)\n((?:   .*\n)*)", flags=re.M)


@pytest.mark.parametrize("page", sorted(API_PAGES))
def test_every_page_opens_with_a_summary_table(page):
    """Its own table above the first entry, or one class and its members: numpydoc's table of them
    (``numpydoc_show_class_members``) opens the class's entry."""
    text = API_PAGES[page]
    table = re.search(r"^\.\. (autosummary|stategraph-routines)::", text, flags=re.M)
    entries = list(ENTRIES.finditer(text))
    one_class = [(kind, options.strip()) for kind, _, options in (e.groups() for e in entries)] == \
        [("autoclass", ":members:")]
    assert table or one_class, f"{page} has no summary table"
    assert one_class or not entries or table.start() < entries[0].start(), f"{page}: the table is not at the top"


@pytest.mark.parametrize("page", sorted(API_PAGES))
def test_every_page_is_in_a_toctree(page):
    toctrees = [(DOCS / "index.rst").read_text()] + list(API_PAGES.values())
    listed = re.compile(rf"^   (?:api/)?{re.escape(page)}$", flags=re.M)
    assert any(listed.search(text) for text in toctrees), page


# -- the routine table ------------------------------------------------------------------------------


def _cells(row: nodes.row) -> list[nodes.entry]:
    return [cell for cell in row.children if isinstance(cell, nodes.entry)]


def test_the_routine_table_renders_every_routine_of_searches():
    table = ext.routine_table(SEARCHES)
    (head,) = list(table.findall(nodes.thead))
    (body,) = list(table.findall(nodes.tbody))
    headings = [cell.astext() for cell in _cells(head.children[0])]
    assert headings == ["Name", "What it is", "Weights it accepts", "Options", "cost_only", "grows"]
    rows = [row for row in body.children if isinstance(row, nodes.row)]
    assert len(rows) == len(SEARCHES)
    for row, (name, routine) in zip(rows, SEARCHES.items()):
        name_cell, summary, accepts, options, cost_only, grows = _cells(row)
        (link,) = list(name_cell.findall(addnodes.pending_xref))
        assert link.astext() == name == routine.name
        assert link["reftarget"] == f"{routine.run.__module__}.{routine.run.__name__}"
        assert link["refdomain"] == "py" and link["refwarn"], name  # an unresolved link fails the build
        assert summary.astext() == routine.summary
        assert accepts.astext() == routine.accepts
        assert [literal.astext() for literal in options.findall(nodes.literal)] == list(routine.options)
        assert options.astext() == (", ".join(routine.options) or "\N{EM DASH}")
        assert cost_only.astext() == ("yes" if routine.cost_only else "no")
        assert grows.astext() == ("yes" if routine.grows else "no")


def test_the_routine_table_follows_the_mapping_it_is_given():
    two = dict(list(SEARCHES.items())[-2:])
    rows = ext.routine_rows(two)
    assert [row[0] for row in rows] == list(two)
    assert ext.routine_table(two).astext().count("\n") < ext.routine_table(SEARCHES).astext().count("\n")


@pytest.mark.parametrize("name", list(SEARCHES))
def test_every_routine_the_table_links_to_has_an_entry(name):
    assert ext.routine_target(SEARCHES[name]) in DOCUMENTED, name


def test_the_search_page_uses_the_routine_table_and_conf_loads_the_extension():
    assert re.search(r"^\.\. stategraph-routines::$", API_PAGES["search"], flags=re.M)
    conf = (DOCS / "conf.py").read_text()
    assert '"stategraph_docs"' in conf and '"sphinx.ext.autosummary"' in conf and '"numpydoc"' in conf
    assert "numpydoc_show_class_members = True" in conf
    assert "autosummary_generate = False" in conf  # the tables are written by hand: nothing generated into docs/


# -- the docstring fixes -----------------------------------------------------------------------------


def test_a_reexported_datum_gets_the_docstring_of_its_home_module():
    app = SimpleNamespace(config=SimpleNamespace(stategraph_data_summaries={}))
    type_doc = ext.prepare_docstring(type(stategraph.INFINITY).__doc__)
    lines = list(type_doc)
    ext.data_docstring(app, "data", "stategraph.INFINITY", stategraph.INFINITY, None, lines)
    assert lines != type_doc and lines[0].startswith("No path from here")


def test_a_dict_is_not_described_by_dicts_docstring():
    lines = ext.prepare_docstring(dict.__doc__)
    app = SimpleNamespace(config=SimpleNamespace(stategraph_data_summaries={"x.TABLE": "The table."}))
    ext.data_docstring(app, "data", "x.TABLE", {}, None, lines)
    assert lines == ["The table.", ""]
    lines = ext.prepare_docstring(dict.__doc__)
    ext.data_docstring(SimpleNamespace(config=SimpleNamespace(stategraph_data_summaries={})), "data", "x.OTHER",
                       {}, None, lines)
    assert lines == []


def _numpydoc(lines: list[str], what: str, obj=None) -> list[str]:
    """The lines numpydoc makes of a docstring, as autodoc hands them over."""
    from sphinx.ext.autodoc import Options

    app = SimpleNamespace(config=SimpleNamespace(**{f"numpydoc_{key}": value for key, value in {
        "show_inherited_class_members": False, "show_class_members": True, "class_members_toctree": False,
        "use_plots": False, "attributes_as_param_list": True, "xref_param_type": False, "xref_aliases_complete": {},
        "xref_ignore": set(), "citation_re": "[a-z0-9_.-]+", "validation_checks": set(),
        "validation_exclude_files": set()}.items()}), builder=None)
    import numpydoc.numpydoc

    numpydoc.numpydoc.mangle_docstrings(app, what, "x", obj, Options(), lines)
    return lines


@pytest.mark.parametrize("text", ["The cost alone, ``-1`` when there is no solution: count puzzles.",
                                  "The zero of the weights' type: ``Lex.ZERO`` or ``0``."])
def test_numpydoc_leaves_a_first_line_of_prose_whole(text):
    """napoleon read ``words: more words`` as ``type: description``, which stategraph_docs.py undid."""
    lines = _numpydoc([text, "", "More."], "data")
    assert not any(line.startswith(":type:") for line in lines), lines
    assert text in lines


class Sample:
    """A class.

    Attributes
    ----------
    size : int
        How big it is.

    Notes
    -----
    A note.
    """

    @property
    def area(self):
        """The area."""
        return 0


def test_a_class_attributes_become_entries_where_numpydoc_lists_them():
    app = SimpleNamespace(env=SimpleNamespace(temp_data={}), config=SimpleNamespace())
    lines = ext.prepare_docstring(Sample.__doc__)
    ext.keep_attributes(app, "class", "x.Sample", Sample, None, lines)
    lines = _numpydoc(lines, "class", Sample)
    parameters = lines.index(":Attributes:")
    ext.attribute_entries(app, "class", "x.Sample", Sample, None, lines)
    assert ":Attributes:" not in lines and not app.env.temp_data
    assert lines[parameters:parameters + 5] == [".. attribute:: size", "", "   How big it is.", "", "   :type: int"]
    assert lines.index(".. attribute:: size") < min(i for i, line in enumerate(lines) if ".. rubric:: Notes" in line)
    assert not any("area" in line for line in lines)  # numpydoc lists no property in the section's place


def test_a_class_without_attributes_keeps_numpydocs_list_of_its_properties():
    app = SimpleNamespace(env=SimpleNamespace(temp_data={}), config=SimpleNamespace())
    lines = ["A class without sections."]
    ext.keep_attributes(app, "class", "x.Plain", Sample, None, lines)
    lines = _numpydoc(lines, "class", Sample)
    ext.attribute_entries(app, "class", "x.Plain", Sample, None, lines)
    assert ":Attributes:" in lines and not any(".. attribute::" in line for line in lines)


def test_the_extension_examples_run():
    import doctest

    failed, tried = doctest.testmod(ext)
    assert (failed, tried) == (0, 2)
