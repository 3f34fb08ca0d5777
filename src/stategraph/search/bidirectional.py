"""Bidirectional Dijkstra: a forward and a backward search that meet in the middle.

The meeting gives the optimal cost ``mu``.  The canonical-path step needs
exact forward distances along *every* optimal path, so a second, cheap phase
sweeps forward with A*, using the backward distances as its heuristic (exact
where the backward search settled a state, its frontier value elsewhere: a
consistent lower bound).  With float weights the backward sums are added in the other order
than the forward ones, so they are a bound only up to rounding: the sweep forgives it (see
:func:`~stategraph.search.astar.astar`), and its distances are the forward float sums every
other routine computes, so float ties are broken alike.  ``stats.settled`` counts the distinct states
settled by either phase (``order``: each the first time either side or the sweep settled it);
``stats.detail`` reports each phase.
"""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..graph.dicts import predecessors, successors
from ..graph.weights import INFINITY
from .astar import astar
from .result import SearchResult, SearchStats


def bidirectional_dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Distances from ``source`` found by a two-ended search.

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
        Ignored: the backward search's distances are the sweep's heuristic.

    Returns
    -------
    SearchResult
        Distances exact along every optimal path (those of the A* sweep; the meeting's when no
        target is reachable); ``stats.detail`` gives each phase's counts.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 1), ("a", "b", 1), ("b", "t", 1), ("s", "t", 4)])
    >>> bidirectional_dijkstra(g, "s", {"t"}).dist["t"]
    3
    """
    start = perf_counter()
    tie = count()
    sides = {
        "forward": (successors(graph), {source: zero}, set(), [(zero, next(tie), source)]),
        "backward": (predecessors(graph), {t: zero for t in targets}, set(),
                     [(zero, next(tie), t) for t in targets]),
    }
    mu = None
    relaxed = 0
    first = {}  # an ordered dict used as a set: every state settled by either side, the first time
    while sides["forward"][3] and sides["backward"][3]:
        top_f, top_b = sides["forward"][3][0][0], sides["backward"][3][0][0]
        if mu is not None and mu < top_f + top_b:
            break
        name, other = ("forward", "backward") if not top_b < top_f else ("backward", "forward")
        adjacency, dist, settled, heap = sides[name]
        other_dist = sides[other][1]
        d, _, u = heappop(heap)
        if u in settled:
            continue
        settled.add(u)
        first[u] = None
        for v, attrs in adjacency[u].items():
            relaxed += 1
            nd = d + attrs[weight]
            old = dist.get(v)
            if v not in settled and (old is None or nd < old):
                dist[v] = nd
                heappush(heap, (nd, next(tie), v))
            if v in other_dist:
                through = nd + other_dist[v]
                if mu is None or through < mu:
                    mu = through
    if source in sides["backward"][1] and source in targets:
        mu = zero
    backward_dist, backward_settled, backward_heap = sides["backward"][1:]
    meeting = SearchStats(len(sides["forward"][2]) + len(backward_settled), relaxed)
    swept = {}
    if mu is None:
        result = SearchResult(sides["forward"][1])
    else:
        frontier = backward_heap[0][0] if backward_heap else INFINITY  # none left: no target from there

        def remaining(state):
            if state in backward_settled:
                return backward_dist[state]
            return frontier

        result = astar(graph, source, targets, zero=zero, weight=weight, heuristic=remaining, settled=swept)
    detail = {"meeting_settled": meeting.settled, "meeting_relaxed": meeting.relaxed,
              "sweep_settled": result.stats.settled, "sweep_relaxed": result.stats.relaxed}
    first.update(swept)  # the sweep's new states after the meeting's (a dict keeps each key's first place)
    stats = SearchStats(len(first), meeting.relaxed + result.stats.relaxed, perf_counter() - start, detail)
    return SearchResult(result.dist, stats, first.keys())
