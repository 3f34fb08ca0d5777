"""Writing a whole :class:`~stategraph.graph.compact.CompactGraph` as it is read: GraphML or a CSV
edge list, gzipped when the path ends in ``.gz``, never held as a networkx graph or as one string.

A state's id is its number (the start is ``0``), with its ``label`` and ``kind``; a move's edge has
its ``label``, ``rank`` and cost (``weight``, or ``primary`` and ``secondary`` for ``Lex``).  The
CSV file is one row per move under a header; the labels are in the GraphML.

>>> from stategraph.graph.compact import explore_compact
>>> class Line:
...     def start(self, n): return 0
...     def is_goal(self, n, x): return x == n
...     def moves(self, n, x):
...         if x < n: yield "+1", x + 1, 1
>>> import io
>>> out = io.BytesIO()
>>> write_csv(explore_compact(Line(), 2), out)
>>> print(out.getvalue().decode(), end="")
source,target,label,rank,weight
0,1,+1,0,1
1,2,+1,0,1
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Callable

from ..errors import StategraphError
from ..graph.compact import CompactGraph
from ..graph.weights import Lex
from .graph_write import _CHUNK, _HEADER, _TEXT_ESCAPES, _escaper, _flusher
from .safefile import open_output

FORMATS = {".graphml": "graphml", ".csv": "csv"}


def format_of(path: str) -> str:
    """``graphml`` or ``csv``, from the path's suffix (before a ``.gz``)."""
    stem = path.removesuffix(".gz")
    for suffix, fmt in FORMATS.items():
        if stem.endswith(suffix):
            return fmt
    raise StategraphError(f"{path}: a whole graph is written as .graphml or .csv (either may end in .gz)")


def write_compact(graph: CompactGraph, path: str, label: Callable[[object], str]) -> None:
    """Write ``graph`` to ``path`` (its format by :func:`format_of`), each state named by
    ``label(state)``; ``-`` is standard output."""
    fmt = format_of(path)
    with open_output(path, "the graph") as raw:
        handle = gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) if path.endswith(".gz") else raw
        if fmt == "graphml":
            write_graphml(graph, handle, label)
        else:
            write_csv(graph, handle)
        if handle is not raw:
            handle.close()


def _lex(graph: CompactGraph) -> bool:
    return any(isinstance(cost, Lex) for cost in graph.costs.values)


def write_csv(graph: CompactGraph, handle) -> None:
    """The moves as CSV rows, in state order."""
    text = io.TextIOWrapper(handle, encoding="utf-8", newline="", write_through=False)
    rows = csv.writer(text, lineterminator="\n")
    lex = _lex(graph)
    rows.writerow(["source", "target", "label", "rank", *(("primary", "secondary") if lex else ("weight",))])
    for u in range(len(graph)):
        rows.writerows([u, v, name, rank, *(cost if lex else (cost,))]
                       for rank, (v, cost, name) in enumerate(graph.moves_of(u)))
    text.flush()
    text.detach()


def write_graphml(graph: CompactGraph, handle, label: Callable[[object], str]) -> None:
    """GraphML with the keys of the module docstring, a node and its moves at a time."""
    text = _escaper(_TEXT_ESCAPES)
    costs = graph.costs.values
    lex = _lex(graph)
    kind = "long" if all(type(c) is int for c in costs) else "double"
    keys = [("d0", "node", "label", "string"), ("d1", "node", "kind", "string"), ("d2", "edge", "label", "string"),
            ("d3", "edge", "rank", "long")]
    keys += [("d4", "edge", "primary", "long"), ("d5", "edge", "secondary", "long")] if lex else \
        [("d4", "edge", "weight", kind)]
    out = [_HEADER, *(f'<key id="{k}" for="{scope}" attr.name="{name}" attr.type="{t}"/>'
                      for k, scope, name, t in keys), '<graph edgedefault="directed">']
    spelled = [(f'<data key="d4">{c[0]}</data><data key="d5">{c[1]}</data>' if lex else
                f'<data key="d4">{c!r}</data>') for c in costs]
    goals = set(graph.goals)
    flush = _flusher(out, handle)
    names = [text(name) for name in graph.labels.values]
    for u, state in enumerate(graph.states):
        role = "start" if u == 0 else "target" if u in goals else "state"
        out.append(f'<node id="{u}"><data key="d0">{text(label(state))}</data><data key="d1">{role}</data></node>')
        if len(out) >= _CHUNK:
            flush()
    offsets, heads, cost_numbers, label_numbers = graph.offsets, graph.heads, graph.cost_numbers, graph.label_numbers
    for u in range(len(graph)):
        for rank, at in enumerate(range(offsets[u], offsets[u + 1])):
            out.append(f'<edge source="{u}" target="{heads[at]}"><data key="d2">{names[label_numbers[at]]}'
                       f'</data><data key="d3">{rank}</data>{spelled[cost_numbers[at]]}</edge>')
        if len(out) >= _CHUNK:
            flush()
    out.append("</graph></graphml>")
    flush(0)
