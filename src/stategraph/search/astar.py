"""A* search guided by a puzzle's consistent lower bound on the remaining cost.

The heuristic is the one part of a plug-in puzzle a search cannot confirm on its own, and a
wrong one makes A* answer more than the optimum.  So :func:`astar` checks it on every move it
follows and refuses, in one line, a value it cannot use or a move where it is not consistent:

>>> import networkx as nx
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
from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..errors import ContractError, SearchNotApplicable, kind_of, shorten
from ..graph.dicts import successors
from ..graph.weights import INFINITY, Lex
from .result import SearchResult, SearchStats

REL_TOL = 1e-9
"""With float weights or bounds, the relative rounding a consistency test forgives (that of
:func:`stategraph.contract.replay.same_cost`); a settled state whose distance still improves is re-opened."""


def astar(graph, source, targets, *, zero=0, weight="weight", heuristic=None, settled=None,
          stop_at_target=True, cost_only=False):
    """Distances from ``source``, expanding states in order of ``(g + h, h, arrival)``.

    ``heuristic(state)`` must be a lower bound on the cost still to pay that is consistent
    (``h(u) <= w(u, v) + h(v)``, so ``0`` at a target), or :data:`~stategraph.INFINITY` (or
    ``None``, as older plug-ins have it) for a state that cannot reach any target: such a state
    is pruned.  The run stops once no open state can still lie on an optimal path, or with
    ``cost_only`` as soon as a target is settled (its distance is then the optimum, but not
    every optimal path is known).  A caller may pass an empty dict as ``settled`` to learn which
    states were settled (its keys, in the order settled, are also the result's ``order``).

    What it checks, so that a wrong heuristic is refused rather than answered with more than
    the optimum: every value the heuristic returns (a number, not NaN, ``-inf`` or a bool, on
    numeric weights; a :class:`~stategraph.graph.weights.Lex` on ``Lex`` weights), ``h = 0`` at every
    target it settles or would prune and at every target it reached but left open nearer than
    its answer, and consistency on every move it follows (``h(u) <= w + h(v)``, and no settled
    state's distance improves).  A heuristic that overestimates only at states it never
    expands goes unseen (the moves from there are never read; ``--verify`` finds the answer
    wrong).  With float weights (or float bounds on integer weights) rounding is forgiven up to
    a relative :data:`REL_TOL`: a settled state whose distance still improves is re-opened, and
    every state within that margin of the optimum is expanded, so the distances along optimal
    paths are the forward float sums a plain Dijkstra computes, to the last bit.

    Parameters
    ----------
    graph : networkx.DiGraph
        The state graph; each edge's weight is in its ``weight`` attribute.
    source : hashable
        The start state.
    targets : collection
        The goal states.
    zero : number or Lex, optional
        The zero of the weights' type (``StateGraph.zero``).
    weight : str, optional
        The edge attribute holding the weight.
    heuristic : callable, optional
        ``heuristic(state)``: a consistent lower bound on the remaining cost, or
        :data:`~stategraph.INFINITY` (or ``None``) where no target can be reached.
    settled : dict, optional
        An empty dict to fill with the states settled.
    stop_at_target : bool, optional
        Stop once no open state can lie on an optimal path (default), or settle every reachable state.
    cost_only : bool, optional
        Stop at the first target settled (with exact weights).

    Returns
    -------
    SearchResult
        Exact distances for every state settled; ``order`` is the order settled.

    Raises
    ------
    SearchNotApplicable
        If ``heuristic`` is ``None``.
    ContractError
        If the heuristic returns a value it cannot use, a positive value at a target, or is not
        consistent on a move followed: one line naming the states (by their ``label``), the move
        and the values.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 1), ("a", "t", 1), ("s", "b", 1), ("b", "c", 5)])
    >>> h = {"s": 2, "a": 1, "t": 0, "b": 2, "c": 0}.get
    >>> r = astar(g, "s", {"t"}, heuristic=h)
    >>> r.dist["t"], sorted(r.dist)
    (2, ['a', 'b', 's', 't'])
    >>> from stategraph import INFINITY
    >>> astar(g, "s", {"t"}, heuristic=lambda state: INFINITY if state in "bc" else h(state)).dist
    {'s': 0, 'a': 1, 't': 2}
    """
    if heuristic is None:
        raise SearchNotApplicable("astar needs a heuristic, and this model provides none")
    start = perf_counter()
    settled = {} if settled is None else settled  # an ordered set: the states in the order settled
    succ = successors(graph)
    kind = _weight_kind(zero, succ, source, weight)
    if kind is not float:
        try:
            dist, relaxed = _exact(graph, succ, source, targets, zero, weight, heuristic, settled,
                                   stop_at_target, cost_only, kind)
        except _Rounding:  # a float bound met on the way
            settled.clear()
            kind = float
    if kind is float:
        dist, relaxed = _tolerant(graph, succ, source, targets, zero, weight, heuristic, settled, stop_at_target)
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys())


class _Rounding(Exception):
    """Raised by the exact search on meeting a float: the tolerant one starts over."""


def _weight_kind(zero, succ, source, weight) -> type:
    """``Lex``, ``float`` or ``int``: the kind of arithmetic the search does (from ``zero``, or
    from the source's first move where ``zero`` is the int ``0``, as a direct caller may leave
    it; ``StateGraph.zero`` is ``0.0`` wherever a weight is a float)."""
    if isinstance(zero, Lex):
        return Lex
    if isinstance(zero, float):
        return float
    for attrs in succ[source].values():
        w = attrs[weight]
        return Lex if isinstance(w, Lex) else float if isinstance(w, float) else int
    return int


def _exact(graph, succ, source, targets, zero, weight, heuristic, settled, stop_at_target, cost_only, kind):
    """A* with exact arithmetic (ints or ``Lex``): every test is exact.  With ``f = g + h``
    exact, ``h(u) > w + h(v)`` is ``f(v) < f(u)``, one comparison per move pushed."""
    dist = {source: zero}
    dist_get = dist.get
    tie = count()
    heap = []
    h0 = heuristic(source)
    if h0.__class__ is not kind:
        h0 = _Refusals(graph, kind).value(h0, source, targets)
    if h0 is not None:
        heap.append((zero + h0, h0, next(tie), source))
    pop, push = heappop, heappush
    best = None
    relaxed = 0
    while heap:
        f, hu, _, u = pop(heap)
        if u in settled:
            continue
        if best is not None and best < f:
            heap.append((f, hu, 0, u))  # back, for the check of the targets left open below
            break
        settled[u] = None
        g = dist[u]
        if u in targets:
            if zero < hu:
                _Refusals(graph, kind).positive(u, hu)
            if best is None and stop_at_target:
                best = g
                if cost_only:
                    break
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            ng = g + attrs[weight]
            old = dist_get(v)
            if old is not None and not ng < old:
                continue
            if v in settled:
                _Refusals(graph, kind).improved(u, v, attrs, old, ng)
            h = heuristic(v)
            if h.__class__ is not kind:
                h = _Refusals(graph, kind).value(h, v, targets)
                if h is None:
                    continue
            fv = ng + h
            if fv < f:
                _Refusals(graph, kind).inconsistent(u, v, attrs, hu, h, weight)
            dist[v] = ng
            push(heap, (fv, h, next(tie), v))
    if best is not None:  # a target left open nearer than the optimum found: only a positive h hides one
        hidden = (t for t in targets if t not in settled and dist_get(t, best) < best) if len(targets) <= len(
            heap) else (v for _, _, _, v in heap if v in targets and v not in settled and dist[v] < best)
        for t in hidden:
            _Refusals(graph, kind).positive(t, next(entry[1] for entry in heap if entry[3] == t))
    return dist, relaxed


def _tolerant(graph, succ, source, targets, zero, weight, heuristic, settled, stop_at_target):
    """A* where floats round: consistency forgiven up to :data:`REL_TOL`, a settled state whose
    distance improves re-opened, and every state with ``f`` within that margin of the optimum
    expanded, so the distances on optimal paths are the forward float sums."""
    refuse = _Refusals(graph, float)
    dist = {source: zero}
    dist_get = dist.get
    tie = count()
    heap = []
    h0 = refuse.value(heuristic(source), source, targets, tolerant=True)
    if h0 is not None:
        if source in targets and h0 > 0:
            refuse.positive(source, h0)
        heap.append((zero + h0, h0, next(tie), source, zero))
    pop, push = heappop, heappush
    limit = None  # with the optimum known: the largest f that may still lie on an optimal path
    best = None
    relaxed = 0
    while heap:
        f, hu, _, u, g = pop(heap)
        if u in settled or g != dist[u]:
            continue  # settled, or an entry from before the state's distance improved
        if limit is not None and limit < f:
            break
        settled[u] = None
        if stop_at_target and u in targets and (best is None or g < best):
            best = g
            limit = g + abs(g) * REL_TOL
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            w = attrs[weight]
            ng = g + w
            old = dist_get(v)
            if old is not None and not ng < old:
                continue
            if v in settled:
                if old - ng > abs(old) * REL_TOL:
                    refuse.improved(u, v, attrs, old, ng)
                del settled[v]  # rounding: re-opened, to be expanded again from its new distance
            h = refuse.value(heuristic(v), v, targets, tolerant=True)
            if h is None:
                continue
            fv = ng + h
            if fv < f and hu - (w + h) > max(abs(hu), abs(w) + abs(h)) * REL_TOL:
                refuse.inconsistent(u, v, attrs, hu, h, weight)
            if h > abs(ng) * REL_TOL and v in targets:
                refuse.positive(v, h)
            dist[v] = ng
            push(heap, (fv, h, next(tie), v, ng))
    return dist, relaxed


class _Refusals:
    """The checks' slow paths and their one-line messages (each raises :class:`ContractError`)."""

    def __init__(self, graph, kind: type):
        self.graph, self.kind = graph, kind

    def value(self, h, state, targets, *, tolerant: bool = False):
        """``h`` checked: ``None`` where the state is pruned (``INFINITY``, ``None``: not at a
        target); raises :class:`_Rounding` at a float the exact search cannot take."""
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
                raise _Rounding
            return h
        if self.kind is Lex:
            if isinstance(h, Lex) and all(part.__class__ is int for part in h):
                return h
            self.mistyped(h, state)
        if isinstance(h, numbers.Rational) and not isinstance(h, bool):
            return h
        self.mistyped(h, state)

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
        """``state 'label'`` (its ``label`` attribute), else ``state VALUE``."""
        try:
            label = self.graph.nodes[state].get("label")
        except (AttributeError, KeyError, TypeError):
            label = None
        return f"state {shorten(label if isinstance(label, str) else state)}"

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
