"""The API reference's own directives, built from the code and the pages themselves so they never drift.

``.. stategraph-routines::``
    The table of the built-in search routines, one row per entry of
    :data:`stategraph.search.SEARCHES`, from each :class:`~stategraph.search.SearchRoutine`'s own
    fields (name, summary, the weights it accepts, its options, ``cost_only``, ``grows``).  The name
    links to the routine's entry; a routine that has none fails the build (``-W``).

``.. stategraph-members:: stategraph.Puzzle``
    A summary table of the members documented for that class on the same page (what
    ``autoclass`` with ``:members:`` and napoleon's ``Attributes`` rendered, in that order), each
    with the first sentence of its description and a link to it.  The class must be documented on
    the page.

It also gives the data the package re-exports (``stategraph.INFINITY``, ``stategraph.COST``) the
docstring written under them in their home module (``stategraph._HOMES``), for ``autodata`` and
``autosummary`` alike, instead of the docstring of their type; a value of a built-in type with no
docstring of its own (``SEARCHES``, a dict) gets the ``stategraph_data_summaries`` entry of
conf.py, or none, rather than ``dict``'s.  And it keeps napoleon from reading the first line of a
datum's, an attribute's or a property's docstring as ``type: description`` when what precedes its
first colon is prose ("The cost alone, ``-1`` when there is no solution: count puzzles.").
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping

from docutils import nodes
from docutils.parsers.rst import directives
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


class members_table(nodes.General, nodes.Element):
    """Where ``.. stategraph-members::`` goes; replaced once the page is read."""


class MembersDirective(SphinxDirective):
    """``.. stategraph-members:: CLASS``: a table of the members documented for CLASS on this page."""

    required_arguments = 1
    option_spec = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        node = members_table("", target=self.arguments[0], classes=self.options.get("class", []))
        self.set_source_info(node)
        return [node]


_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)\.(?=\s|$)")


def first_sentence(paragraph: nodes.paragraph) -> nodes.paragraph:
    """A copy of ``paragraph`` cut after its first sentence (a full stop ending a text run; inline
    markup before it is kept whole)."""
    out = nodes.paragraph()
    for child in paragraph.children:
        if isinstance(child, nodes.Text):
            text = str(child)
            end = _SENTENCE_END.search(text)
            if end:
                out += nodes.Text(text[:end.end()])
                return out
            out += nodes.Text(text)
        else:
            out += child.deepcopy()
    return out


def _class_desc(doctree: nodes.document, target: str) -> addnodes.desc | None:
    for desc in doctree.findall(addnodes.desc):
        signatures = [child for child in desc.children if isinstance(child, addnodes.desc_signature)]
        if signatures and target in signatures[0]["ids"]:
            return desc
    return None


def member_items(class_desc: addnodes.desc) -> list[tuple[str, str, str, nodes.paragraph]]:
    """(name, kind, anchor, summary) of every member documented inside ``class_desc``."""
    content = next(child for child in class_desc.children if isinstance(child, addnodes.desc_content))
    items = []
    for member in content.children:
        if not isinstance(member, addnodes.desc):
            continue
        signature = next(child for child in member.children if isinstance(child, addnodes.desc_signature))
        if not signature["ids"]:
            continue
        body = next(child for child in member.children if isinstance(child, addnodes.desc_content))
        paragraph = next((child for child in body.children if isinstance(child, nodes.paragraph)), None)
        summary = first_sentence(paragraph) if paragraph is not None else nodes.paragraph()
        items.append((signature["fullname"].rpartition(".")[2], member["objtype"], signature["ids"][0], summary))
    return items


def _members_table(items, classes) -> nodes.table:
    table = nodes.table("", classes=["autosummary", "longtable", "members", *classes])
    group = nodes.tgroup("", cols=2)
    table += group
    group += nodes.colspec("", colwidth=25)
    group += nodes.colspec("", colwidth=75)
    body = nodes.tbody()
    group += body
    for name, kind, anchor, summary in items:
        shown = f"{name}()" if kind in ("method", "classmethod", "staticmethod") else name
        link = nodes.reference("", "", nodes.literal(shown, shown, classes=["xref", "py", "py-obj"]),
                               internal=True, refid=anchor)
        body += nodes.row("", nodes.entry("", nodes.paragraph("", "", link)), nodes.entry("", summary))
    return table


def replace_members_tables(app, doctree: nodes.document) -> None:
    for node in list(doctree.findall(members_table)):
        desc = _class_desc(doctree, node["target"])
        if desc is None:
            logger.warning("stategraph-members: %s is not documented on this page", node["target"],
                           location=node)
            node.replace_self([])
            continue
        items = member_items(desc)
        if not items:
            logger.warning("stategraph-members: %s has no documented members", node["target"], location=node)
            node.replace_self([])
            continue
        node.replace_self(_members_table(items, node["classes"]))


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


_CODE = re.compile(r"(:[\w:.-]+:`.+?`|``.+?``|`.+?`)")  # where napoleon does not look for the colon
_COLON = re.compile(r"(?<!:):(?!:)")


_PROSE = ".. stategraph-prose-first-line"  # an rst comment with no colon in it


def prose_first_line(app, what, name, obj, options, lines: list[str]) -> None:
    """``autodoc-process-docstring``, before napoleon: a first line ``Some words: more words`` is a
    sentence, not napoleon's inline ``type: description``.  A comment line before it keeps napoleon
    from splitting it (napoleon still reads the rest: the sections of a property's docstring);
    :func:`drop_prose_marker` takes the comment out again."""
    if what not in ("data", "attribute", "property"):
        return
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return
    head = _CODE.sub(lambda m: "x" * len(m.group()), lines[first])
    colon = _COLON.search(head)
    if colon and re.search(r"\s", head[:colon.start()].strip()):
        lines[first:first] = [_PROSE, ""]


def drop_prose_marker(app, what, name, obj, options, lines: list[str]) -> None:
    """``autodoc-process-docstring``, after napoleon: drop what :func:`prose_first_line` put in."""
    for i, line in enumerate(lines):
        if line.strip() == _PROSE:
            del lines[i:i + 2 if i + 1 < len(lines) and not lines[i + 1].strip() else i + 1]
            return


def setup(app):
    app.add_config_value("stategraph_data_summaries", {}, "env", types=(dict,))
    app.connect("autodoc-process-docstring", data_docstring, priority=390)  # before napoleon (500) reads it
    app.connect("autodoc-process-docstring", prose_first_line, priority=400)
    app.connect("autodoc-process-docstring", drop_prose_marker, priority=600)
    app.add_node(members_table)
    app.add_directive("stategraph-routines", RoutinesDirective)
    app.add_directive("stategraph-members", MembersDirective)
    app.connect("doctree-read", replace_members_tables)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
