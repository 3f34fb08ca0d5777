"""What :func:`~stategraph.search.astar.astar` checks of a heuristic, and its one-line refusals.

A wrong heuristic makes A* answer more than the optimum, so A* tests it where its loop already
compares and calls a :class:`HeuristicCheck` method only where a test fails, to raise a
:class:`~stategraph.errors.ContractError` naming the states, the move and the values.  Checked:
each value's type, ``h = 0`` at the targets A* meets, and consistency on every move it follows.
A heuristic wrong only where A* never expands goes unseen (``--verify`` finds the answer wrong).

>>> import networkx as nx
>>> from stategraph.search.astar import astar
>>> g = nx.DiGraph()
>>> g.add_edge("s", "a", weight=1); g.add_edge("a", "t", weight=1)
>>> astar(g, "s", {"t"}, heuristic={"s": 3, "a": 1, "t": 0}.get)
Traceback (most recent call last):
...
stategraph.errors.ContractError: astar: the heuristic is not consistent: h = 3 at state 's' but the move to \
state 'a' costs 1 and h = 1 there (a consistent heuristic never drops by more than a move's cost)
"""

from __future__ import annotations

import math
import numbers

from ..errors import ContractError, kind_of, shorten
from ..graph.weights import INFINITY, Lex
from .routine_check import named_state


class Rounding(Exception):
    """A float bound the exact search cannot take: A* starts over with float tolerance."""


class HeuristicCheck:
    """The checks' slow paths for one search: ``kind`` is the weights' (``int``, ``float`` or ``Lex``)."""

    def __init__(self, graph, kind: type):
        self.graph, self.kind = graph, kind

    def value(self, h, state, targets, *, tolerant: bool = False):
        """``h`` checked: ``None`` where the state is pruned (``INFINITY``, ``None``: not at a
        target); raises :class:`Rounding` at a float the exact search cannot take."""
        if h is None or (isinstance(h, float) and h == INFINITY):
            if state in targets:
                self.positive(state, h)
            return None
        if isinstance(h, float) or (isinstance(h, numbers.Real) and not isinstance(h, numbers.Rational)):
            if h == INFINITY:
                return self.value(INFINITY, state, targets)
            if math.isnan(h) or h == -INFINITY:
                raise ContractError(f"astar: the heuristic returned {h} at {self.state(state)} "
                                    f"({self.wanted()})")
            if self.kind is Lex:
                self.mistyped(h, state)
            if not tolerant:
                raise Rounding
            return h
        if self.kind is Lex:
            if isinstance(h, Lex) and all(part.__class__ is int for part in h):
                return h
            self.mistyped(h, state)
        if isinstance(h, numbers.Rational) and not isinstance(h, bool):
            return h
        self.mistyped(h, state)

    def left_open(self, targets, settled, dist, best, heap) -> None:
        """Refuse a target reached nearer than the optimum ``best`` but left open (only a positive
        ``h`` can have kept it back); ``heap`` holds the open ``(f, h, arrival, state)``."""
        if len(targets) <= len(heap):
            hidden = (t for t in targets if t not in settled and dist.get(t, best) < best)
        else:
            hidden = (v for _, _, _, v in heap if v in targets and v not in settled and dist[v] < best)
        for t in hidden:
            self.positive(t, next(entry[1] for entry in heap if entry[3] == t))

    def wanted(self) -> str:
        what = "a stategraph.Lex pair of integers" if self.kind is Lex else "a number"
        return (f"a heuristic is {what}, a lower bound on the cost still to pay, "
                "or stategraph.INFINITY where no target can be reached")

    def mistyped(self, h, state):
        weights = "Lex pairs" if self.kind is Lex else "numbers"
        shown = _shown(h) if isinstance(h, (Lex, float)) else f"{shorten(h)} ({kind_of(h)})"
        raise ContractError(f"astar: the heuristic returned {shown} at {self.state(state)}, but the moves "
                            f"cost {weights} ({self.wanted()})")

    def positive(self, state, h):
        raise ContractError(f"astar: the heuristic is {_shown(h)} at the target {self.state(state)} "
                            "(a lower bound on the cost still to pay is 0 at a target)")

    def inconsistent(self, u, v, attrs, hu, hv, weight):
        raise ContractError(f"astar: the heuristic is not consistent: h = {_shown(hu)} at {self.state(u)} "
                            f"but {self.move(attrs)} to {self.state(v)} costs {_shown(attrs[weight])} and "
                            f"h = {_shown(hv)} there (a consistent heuristic never drops by more than a "
                            "move's cost)")

    def improved(self, u, v, attrs, old, ng):
        raise ContractError(f"astar: the heuristic is not consistent: {self.state(v)} was settled at "
                            f"distance {_shown(old)}, but {self.move(attrs)} from {self.state(u)} reaches it "
                            f"at {_shown(ng)} (with a consistent heuristic, a settled state's distance is final)")

    def state(self, state) -> str:
        return named_state(self.graph, state)

    @staticmethod
    def move(attrs) -> str:
        name = attrs.get("move")
        return f"the move {shorten(name)}" if isinstance(name, str) and name else "the move"


def _shown(value) -> str:
    """A weight or a bound in a message: ``5``, ``0.30000000000000004``, ``(1, 2)``."""
    if isinstance(value, Lex):
        return str(value)
    if isinstance(value, float):
        return repr(float(value))
    return shorten(value)
