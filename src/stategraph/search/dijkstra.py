"""Dijkstra's algorithm over non-negative weights of any ordered, addable type."""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..graph.dicts import successors
from .result import SearchResult, SearchStats


def dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None, stop_at_target=True,
             cost_only=False, settle_to=None):
    """Distances from ``source``; stops once every state as near as the nearest target is settled
    (with ``cost_only``, once the nearest target is settled; with ``stop_at_target=False``,
    settles every reachable state).

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
        Ignored (the signature every routine shares).
    stop_at_target : bool, optional
        Stop once the nearest target's distance is settled (default), or settle every reachable state.
    cost_only : bool, optional
        Stop at the first target settled: its distance is the optimum, but other states as near
        may not be settled (no canonical path can be drawn from such a run).
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
    settled = {}  # an ordered dict used as a set: the states in the order settled
    tie = count()
    heap = [(zero, next(tie), source)]
    best = None
    relaxed = 0
    while heap:
        d, _, u = heappop(heap)
        if u in settled:
            continue
        if best is not None and best < d and (settle_to is None or settle_to < d):
            break
        settled[u] = None
        if best is None and stop_at_target and u in targets:
            best = d
            if cost_only:
                break
        for v, attrs in succ[u].items():
            relaxed += 1
            if v in settled:
                continue
            nd = d + attrs[weight]
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                heappush(heap, (nd, next(tie), v))
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys())
