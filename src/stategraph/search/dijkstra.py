"""Dijkstra's algorithm over non-negative weights of any ordered, addable type.

The loop is the textbook's (Cormen, Leiserson, Rivest and Stein, *Introduction to Algorithms*,
3rd ed., section 24.3; 22.3 in the 4th)::

    dist <- {source: 0}; S <- {}; Q <- [source]
    while Q:
        u <- EXTRACT-MIN(Q); S <- S + {u}
        for each move u -> v of cost w: RELAX(u, v, w)     (dist[v] <- dist[u] + w if smaller)

with a binary heap of ``(distance, arrival, state)`` for ``Q`` (a state whose distance drops is
pushed again, no DECREASE-KEY).  Beside it, one test stops past the nearest target's distance.
"""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..graph.dicts import successors
from .result import SearchResult, SearchStats


def dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None, stop_at_target=True,
             cost_only=False, settle_to=None):
    """Distances from ``source``; stops once every state as near as the nearest target is settled.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); ``heuristic`` is ignored.
    stop_at_target : bool, optional
        Stop once the nearest target's distance is settled (default), or settle every reachable state.
    cost_only : bool, optional
        Stop at the first target settled (its distance is the optimum; no canonical path from such a run).
    settle_to : number or Lex, optional
        Also settle every state at most this far (what judging another routine's distances needs).

    Returns
    -------
    SearchResult
        Exact distances for every state settled; ``order`` is the order settled.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 2), ("a", "t", 2), ("s", "t", 5)])
    >>> dijkstra(g, "s", {"t"}).dist["t"]
    4
    """
    start = perf_counter()
    succ = successors(graph)
    dist = {source: zero}
    settled = {}  # S, an ordered dict used as a set: the states in the order settled
    tie = count()
    heap = [(zero, next(tie), source)]  # Q
    horizon = None  # once a target is settled: the farthest distance still to settle
    relaxed = 0
    while heap:
        d, _, u = heappop(heap)
        if u in settled:
            continue  # an older entry of a state settled since
        if horizon is not None and horizon < d:
            break
        settled[u] = None
        if horizon is None and stop_at_target and u in targets:
            horizon = _horizon(d, settle_to)
            if cost_only:
                break
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            if v in settled:
                continue
            nd = d + attrs[weight]
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                heappush(heap, (nd, next(tie), v))
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys())


def _horizon(nearest, settle_to):
    """The farthest distance to settle once the nearest target is settled at ``nearest``."""
    return nearest if settle_to is None or settle_to < nearest else settle_to
