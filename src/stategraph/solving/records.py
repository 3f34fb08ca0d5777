"""One answered question: its contest text, its answer, and how it was found."""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from ..graph.dicts import as_networkx
from ..graph.state_graph import StateGraph
from ..search.solution import Solution


class _KeptGraph:
    """``Record.graph``: a graph, or given a :class:`~stategraph.graph.state_graph.StateGraph`, its
    whole ``graph``, built when first read (so a plain ``solve`` never builds it; a
    :class:`~stategraph.graph.dicts.DictGraph` is read as networkx's)."""

    def __set_name__(self, owner, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, record, owner=None):
        if record is None:
            return None  # the field's default
        kept = record.__dict__.get(self.slot)
        if isinstance(kept, StateGraph):
            kept = record.__dict__[self.slot] = kept.graph
        return as_networkx(kept)

    def __set__(self, record, value) -> None:
        record.__dict__[self.slot] = value


@dataclass
class Record:
    """An answer ready to print: ``text`` is its exact contest output.

    ``instance`` counts from 1 over a file, ``query`` the questions of one instance; ``graph`` is
    the state graph, kept on an instance's first record for ``draw`` and ``explain``; ``lazy``: it
    was built only as far as the search read it (``StateGraph.lazy``).
    """

    instance: int
    text: str
    answer: Any
    solution: Solution | None
    stats: dict = field(default_factory=dict)
    query: int = 1
    graph: object = _KeptGraph()
    subject: Any = None  # the parsed instance answered (set by the runner)
    question: Any = None  # the question within it, where an instance asks several (a Huarong query)
    lazy: bool = False  # its state graph was built as it was searched


class Stopwatch:
    """Seconds since creation or the last ``lap``.

    >>> watch = Stopwatch(); watch.lap() >= 0
    True
    """

    def __init__(self):
        self.started = perf_counter()

    def lap(self) -> float:
        now = perf_counter()
        seconds, self.started = now - self.started, now
        return seconds
