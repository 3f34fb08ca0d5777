"""Breadth-first search: shortest paths when every edge costs 1."""

from __future__ import annotations

from time import perf_counter

from .result import SearchResult, SearchStats


def bfs(graph, source, targets, *, zero=0, weight="weight", heuristic=None, stop_at_target=True):
    """Layer-by-layer distances; stops after the layer holding the nearest target
    (with ``stop_at_target=False``, goes on through every reachable layer).  Every state reached
    is settled with its layer, so ``dist``'s own order (layer by layer) is the order settled.

    >>> import networkx as nx
    >>> g = nx.DiGraph([("s", "a"), ("a", "t"), ("s", "b")])
    >>> nx.set_edge_attributes(g, 1, "weight")
    >>> bfs(g, "s", {"t"}).dist["t"]
    2
    """
    start = perf_counter()
    succ = graph._succ
    dist = {source: zero}
    layer = [source]
    depth = zero
    relaxed = settled = 0
    while layer:
        settled += len(layer)
        if stop_at_target and any(u in targets for u in layer):
            break
        depth += 1
        following = []
        for u in layer:
            for v in succ[u]:
                relaxed += 1
                if v not in dist:
                    dist[v] = depth
                    following.append(v)
        layer = following
    return SearchResult(dist, SearchStats(settled, relaxed, perf_counter() - start), dist.keys())
