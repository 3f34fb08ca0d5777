"""The API reference's own parts: what numpydoc and autodoc do not, built from the code so it never drifts.

``.. stategraph-routines::``
    The table of the built-in search routines, one row per entry of
    :data:`stategraph.search.SEARCHES`, from each :class:`~stategraph.search.SearchRoutine`'s own
    fields (name, summary, the weights it accepts, its options, ``cost_only``, ``grows``).  The name
    links to the routine's entry; a routine that has none fails the build (``-W``).

A class's ``Attributes`` section becomes an entry per attribute, as Sphinx's napoleon writes them
(``.. attribute::``, which other pages link to), where numpydoc would make it a list without
entries; numpydoc renders the rest of the docstring, and the table of each class's members.

It also gives the data the package re-exports (``stategraph.INFINITY``, ``stategraph.COST``) the
docstring written under them in their home module (``stategraph._HOMES``), for ``autodata`` and
``autosummary`` alike, instead of the docstring of their type; a value of a built-in type with no
docstring of its own (``SEARCHES``, a dict) gets the ``stategraph_data_summaries`` entry of
conf.py, or none, rather than ``dict``'s.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping

from docutils import nodes
from sphinx import addnodes
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docstrings import prepare_docstring
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

#: The routine table's columns: a heading and the share of the width each takes.
ROUTINE_COLUMNS = (("Name", 20), ("What it is", 29), ("Weights it accepts", 24), ("Options", 13),
                   ("cost_only", 8), ("grows", 6))


def routine_target(routine) -> str:
    """The documented name of a routine's function (``stategraph.search.bfs.bfs``)."""
    return f"{routine.run.__module__}.{routine.run.__qualname__}"


def routine_rows(searches: Mapping) -> list[tuple[str, str, str, str, tuple[str, ...], bool, bool]]:
    """One row per routine, in the order of ``searches``: (name, the function's documented name,
    summary, accepts, options, cost_only, grows)."""
    return [(name, routine_target(routine), routine.summary, routine.accepts, tuple(routine.options),
             bool(routine.cost_only), bool(routine.grows))
            for name, routine in searches.items()]


def _entry(*children: nodes.Node) -> nodes.entry:
    return nodes.entry("", nodes.paragraph("", "", *children))


def _literal_list(names: tuple[str, ...]) -> list[nodes.Node]:
    if not names:
        return [nodes.Text("\N{EM DASH}")]
    out: list[nodes.Node] = []
    for i, name in enumerate(names):
        if i:
            out.append(nodes.Text(", "))
        out.append(nodes.literal(name, name))
    return out


def routine_table(searches: Mapping) -> nodes.table:
    """The docutils table of ``searches`` (what ``.. stategraph-routines::`` renders)."""
    table = nodes.table("", classes=["routines", "longtable", "colwidths-given"])
    group = nodes.tgroup("", cols=len(ROUTINE_COLUMNS))
    table += group
    for _, width in ROUTINE_COLUMNS:
        group += nodes.colspec("", colwidth=width)
    head = nodes.thead()
    group += head
    head += nodes.row("", *(_entry(nodes.literal(title, title) if title.islower() else nodes.Text(title))
                            for title, _ in ROUTINE_COLUMNS))  # a field's own name (cost_only) as code
    body = nodes.tbody()
    group += body
    for name, target, summary, accepts, options, cost_only, grows in routine_rows(searches):
        link = addnodes.pending_xref("", nodes.literal(name, name, classes=["xref", "py", "py-func"]),
                                     refdomain="py", reftype="func", reftarget=target,
                                     refexplicit=True, refwarn=True)
        body += nodes.row("", _entry(link), _entry(nodes.Text(summary)), _entry(nodes.Text(accepts)),
                          _entry(*_literal_list(options)), _entry(nodes.Text("yes" if cost_only else "no")),
                          _entry(nodes.Text("yes" if grows else "no")))
    return table


class RoutinesDirective(SphinxDirective):
    """``.. stategraph-routines::``: the table of :data:`stategraph.search.SEARCHES`."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        import stategraph.search
        from stategraph.search import SEARCHES

        self.env.note_dependency(stategraph.search.__file__)  # read again when the routines change
        table = routine_table(SEARCHES)
        self.set_source_info(table)
        return [table]


def _attribute_doc(module: str, name: str) -> list[str] | None:
    try:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
    except PycodeError:
        return None
    doc = analyzer.attr_docs.get(("", name))
    return list(doc) if doc else None


def data_docstring(app, what, name, obj, options, lines: list[str]) -> None:
    """``autodoc-process-docstring``: the docstring of a re-exported datum is the one under it in its
    home module; a built-in type's docstring is never a datum's."""
    if what != "data":
        return
    module, _, attr = name.rpartition(".")
    package = sys.modules.get(module)
    home = getattr(package, "_HOME_OF", {}).get(attr) if package is not None else None
    if home and not _attribute_doc(module, attr):
        doc = _attribute_doc(f"{module}.{home}", attr)
        if doc:
            lines[:] = doc
            return
    if type(obj).__module__ == "builtins" and lines and \
            [line for line in lines if line] == [line for line in prepare_docstring(type(obj).__doc__ or "") if line]:
        summary = app.config.stategraph_data_summaries.get(name)
        lines[:] = prepare_docstring(summary) if summary else []


_SECTION = re.compile(r"^(\s*)(\S.*)\n\1-{3,}$")  # a numpydoc section's heading and its underline


def attributes_section(lines: list[str]) -> list[str]:
    """The ``Attributes`` section of a docstring's ``lines`` (heading and underline included), or ``[]``.

    >>> attributes_section(["Doc.", "", "Attributes", "----------", "x : int", "    An x.", "", "Notes", "-----"])
    ['Attributes', '----------', 'x : int', '    An x.', '']
    """
    headings = [i for i in range(len(lines) - 1) if _SECTION.match(f"{lines[i]}\n{lines[i + 1]}")]
    for k, i in enumerate(headings):
        if lines[i].strip() == "Attributes":
            return lines[i:headings[k + 1] if k + 1 < len(headings) else len(lines)]
    return []


def field_span(lines: list[str], field: str) -> tuple[int, int] | None:
    """Where numpydoc's output ``lines`` hold the field ``:FIELD:`` and its indented body, if they do.

    >>> field_span([":Parameters:", "", "    **x**", "", ":Attributes:", "", "    **y**", "", ".. rubric:: M"],
    ...            "Attributes")
    (4, 8)
    """
    if f":{field}:" not in lines:
        return None
    start = end = lines.index(f":{field}:")
    while end + 1 < len(lines) and (not lines[end + 1].strip() or lines[end + 1].startswith(" ")):
        end += 1
    return start, end + 1


def keep_attributes(app, what, name, obj, options, lines: list[str]) -> None:
    """``autodoc-process-docstring``, before numpydoc: a class's ``Attributes`` section, kept for
    :func:`attribute_entries`."""
    if what in ("class", "exception"):
        app.env.temp_data[f"stategraph-attributes {name}"] = attributes_section(lines)


def attribute_entries(app, what, name, obj, options, lines: list[str]) -> None:
    """``autodoc-process-docstring``, after numpydoc: its list of a class's attributes replaced by
    napoleon's entries of the section kept (``.. attribute::``, each a target for links)."""
    from sphinx.ext.napoleon import Config
    from sphinx.ext.napoleon.docstring import NumpyDocstring

    section = app.env.temp_data.pop(f"stategraph-attributes {name}", None)
    span = field_span(lines, "Attributes")
    if section and span:
        entries = NumpyDocstring(section, Config(napoleon_use_ivar=False), app, what, name, obj).lines()
        lines[span[0]:span[1]] = [*entries, ""]


def setup(app):
    app.add_config_value("stategraph_data_summaries", {}, "env", types=(dict,))
    app.connect("autodoc-process-docstring", data_docstring, priority=390)  # before numpydoc (500) reads it
    app.connect("autodoc-process-docstring", keep_attributes, priority=400)
    app.connect("autodoc-process-docstring", attribute_entries, priority=600)
    app.add_directive("stategraph-routines", RoutinesDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
