"""A* search guided by a puzzle's consistent lower bound on the remaining cost.

The loop is the textbook's: Hart, Nilsson and Raphael, "A Formal Basis for the Heuristic
Determination of Minimum Cost Paths" (IEEE Trans. Systems Science and Cybernetics, 1968), as
Russell and Norvig write it (*Artificial Intelligence: A Modern Approach*, 4th ed., figure 3.7,
best-first search ordered by ``f = g + h``)::

    frontier <- [source]; reached <- {source: 0}
    while frontier:
        u <- the state of least f = g + h in frontier      (ties: smaller h, then arrival)
        if u is a target: done
        for each move u -> v of cost w:
            if v not in reached or g(u) + w < reached[v]:
                reached[v] <- g(u) + w; add v to frontier

That loop is :func:`_exact`; beside it: the heuristic's checks
(:mod:`~stategraph.search.heuristic_check`), the stop once the least ``f`` left is above the
first target's distance (so every optimal path is settled, :class:`~stategraph.search.SearchResult`'s
rule), the canonical path read at the first target (:func:`_canonical`), and :func:`_tolerant`,
the same loop where floats round.
"""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..errors import ContractError, SearchNotApplicable
from ..graph.dicts import successors
from ..graph.weights import Lex
from .astar_path import band_path, only_path
from .heuristic_check import HeuristicCheck, Rounding
from .result import SearchResult, SearchStats

REL_TOL = 1e-9
"""The relative float rounding the heuristic's tests forgive (as :func:`stategraph.contract.replay.same_cost`)."""


def astar(graph, source, targets, *, zero=0, weight="weight", heuristic=None, settled=None,
          stop_at_target=True, cost_only=False, canonical=False):
    """Distances from ``source``, expanding states in order of ``(g + h, h, arrival)``.

    The heuristic must be consistent (``h(u) <= w(u, v) + h(v)``, so ``0`` at a target); a state
    where it is :data:`~stategraph.INFINITY` is pruned; one it cannot trust is refused in one line.
    With float weights or bounds, rounding is forgiven up to :data:`REL_TOL`.

    Parameters
    ----------
    graph, source, targets, zero, weight
        As every routine takes them (:mod:`stategraph.search`).
    heuristic : callable
        ``heuristic(state)``: a consistent lower bound on the remaining cost, or
        :data:`~stategraph.INFINITY` (or ``None``) where no target can be reached.
    settled : dict, optional
        An empty dict to fill with the states settled, in order.
    stop_at_target : bool, optional
        Stop once no open state can lie on an optimal path (default), or settle every reachable state.
    cost_only : bool, optional
        Stop at the first target settled (with exact weights).
    canonical : bool, optional
        Find the canonical path at the first target settled and stop there, where the parents or
        a walk of the band (:mod:`~stategraph.search.astar_path`) can vouch for it (exact weights).

    Returns
    -------
    SearchResult
        Exact distances for every state settled; ``order`` is the order settled; ``path`` the
        canonical path where ``canonical`` found it.

    Raises
    ------
    SearchNotApplicable
        If ``heuristic`` is ``None``.
    ContractError
        If the heuristic returns a value it cannot use, a positive value at a target, or is not
        consistent on a move followed.

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
    path = moves = None
    if kind is not float:
        try:
            dist, relaxed, path, moves = _exact(HeuristicCheck(graph, kind), succ, source, targets, zero, weight,
                                                heuristic, settled, stop_at_target, cost_only, canonical)
        except Rounding:  # a float bound met on the way
            settled.clear()
            kind = float
    if kind is float:
        try:
            dist, relaxed = _tolerant(HeuristicCheck(graph, float), succ, source, targets, zero, weight, heuristic,
                                      settled, stop_at_target)
        except OverflowError as exc:
            if exc.__traceback__.tb_next.tb_next is not None:  # raised in the heuristic, not by _tolerant's sums
                raise
            raise ContractError("astar: a path's cost or a heuristic value passes the range of a float, and a "
                                "float cost or bound makes the search add floats (use integer costs and bounds, "
                                "which Python adds exactly)") from None
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys(),
                        path=path, moves=moves)


def _exact(check, succ, source, targets, zero, weight, heuristic, settled, stop_at_target, cost_only, canonical):
    """The textbook's loop in exact arithmetic (ints or ``Lex``): ``h(u) > w + h(v)`` is ``f(v) < f(u)``,
    one comparison a move.  Returns the distances, the moves relaxed, the canonical path and its moves."""
    kind = check.kind
    dist = {source: zero}  # g: the textbook's "reached"
    dist_get, pop, push, tie = dist.get, heappop, heappush, count()
    frontier = []  # a heap of (f, h, arrival, state)
    h = heuristic(source)
    if h.__class__ is not kind:
        h = check.value(h, source, targets)
    if h is not None:
        frontier.append((zero + h, h, next(tie), source))
    best = None  # the distance of the first target settled
    path = moves = None
    relaxed = 0
    # state reached -> the move its distance came from, (u, v, attributes); dropped (None) once a distance is met
    # twice or a state pruned, where the parents may not give the only optimal path
    parents = {source: None} if canonical else None
    while frontier:
        f, hu, _, u = pop(frontier)
        if u in settled:
            continue  # an older entry of a state settled since
        if best is not None and best < f:  # no open state lies on an optimal path
            frontier.append((f, hu, 0, u))  # back, for check.left_open
            break
        settled[u] = None
        g = dist[u]
        if u in targets:
            if zero < hu:
                check.positive(u, hu)
            if best is None and stop_at_target:  # the first target: g is the optimum
                best = g
                if cost_only:
                    break
                found = canonical and _canonical(succ, source, targets, u, best, dist, settled, parents, frontier,
                                                 heuristic, zero, weight)
                if found:
                    path, moves = found
                    break
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            ng = g + attrs[weight]
            old = dist_get(v)
            if old is not None:
                if not ng < old:
                    if ng == old:
                        parents = None
                    continue
                if v in settled:  # (a state with no distance yet is not)
                    check.improved(u, v, attrs, old, ng)
            h = heuristic(v)
            if h.__class__ is not kind:
                h = check.value(h, v, targets)
                if h is None:
                    parents = None
                    continue  # no target from v: pruned
            fv = ng + h
            if fv < f:
                check.inconsistent(u, v, attrs, hu, h, weight)
            dist[v] = ng
            if parents is not None:
                parents[v] = u, v, attrs
            push(frontier, (fv, h, next(tie), v))
    if best is not None:
        check.left_open(targets, settled, dist, best, frontier)
    return dist, relaxed, path, moves


def _canonical(succ, source, targets, target, best, dist, settled, parents, frontier, heuristic, zero, weight):
    """At the first target settled: the canonical path and its moves, read off ``parents`` where they
    give the only optimal path, else walked through the band; ``None`` where neither can vouch for it."""
    if parents is not None and not (frontier and frontier[0][0] <= best):
        found = only_path(parents, target)
        if found is not None:
            return found
    walked = band_path(succ, source, targets, best, dist, settled, heuristic, zero, weight=weight)
    if walked is None:
        return None
    dist.update(zip(*walked))
    return walked[0], None


def _tolerant(check, succ, source, targets, zero, weight, heuristic, settled, stop_at_target):
    """The textbook's loop where floats round: consistency forgiven up to :data:`REL_TOL`, a settled
    state whose distance improves re-opened, every state with ``f`` within that of the optimum expanded."""
    dist = {source: zero}
    dist_get, pop, push, tie = dist.get, heappop, heappush, count()
    heap = []  # the frontier: (f, h, arrival, state, g when pushed)
    h = check.value(heuristic(source), source, targets, tolerant=True)
    if h is not None:
        if source in targets and h > 0:
            check.positive(source, h)
        heap.append((zero + h, h, next(tie), source, zero))
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
                    check.improved(u, v, attrs, old, ng)
                del settled[v]  # rounding: re-opened, to be expanded again from its new distance
            h = check.value(heuristic(v), v, targets, tolerant=True)
            if h is None:
                continue
            fv = ng + h
            if fv < f and hu - (w + h) > max(abs(hu), abs(w) + abs(h)) * REL_TOL:
                check.inconsistent(u, v, attrs, hu, h, weight)
            if h > abs(ng) * REL_TOL and v in targets:
                check.positive(v, h)
            dist[v] = ng
            push(heap, (fv, h, next(tie), v, ng))
    return dist, relaxed


def _weight_kind(zero, succ, source, weight) -> type:
    """``Lex``, ``float`` or ``int``: from ``zero``, or the source's first move where a caller left it 0."""
    sample = zero if isinstance(zero, (Lex, float)) else next((a[weight] for a in succ[source].values()), zero)
    return Lex if isinstance(sample, Lex) else float if isinstance(sample, float) else int
