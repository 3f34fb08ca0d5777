"""Breadth-first search: shortest paths when every edge costs 1.

The loop is the textbook's (Cormen, Leiserson, Rivest and Stein, *Introduction to Algorithms*,
3rd ed., section 22.2; 20.2 in the 4th)::

    dist <- {source: 0}; pi <- {source: NIL}; Q <- [source]
    while Q:
        u <- DEQUEUE(Q)
        for each move u -> v:
            if v not in dist: dist[v] <- dist[u] + 1; pi[v] <- u; ENQUEUE(Q, v)

with the FIFO queue ``Q`` taken a layer at a time, so that beside it one test can stop after the
layer holding the nearest target (``stop_at_target``).  With ``tree=True``, ``pi`` and that target
are returned (:class:`~stategraph.search.result.BreadthFirstTree`), from which the canonical path
is read (:func:`~stategraph.graph.canonical.canonical_from_tree`).
"""

from __future__ import annotations

from time import perf_counter

from ..graph.dicts import successors
from .result import BreadthFirstTree, SearchResult, SearchStats


def bfs(graph, source, targets, *, zero=0, weight="weight", heuristic=None, stop_at_target=True, tree=False):
    """Layer-by-layer distances; stops after the layer holding the nearest target.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); ``heuristic`` is ignored.
    stop_at_target : bool, optional
        Stop after the nearest target's layer (default) or go through every reachable layer.
    tree : bool, optional
        Keep the parents and return the breadth-first tree (with ``stop_at_target`` only).

    Returns
    -------
    SearchResult
        Exact distances (each state's layer); ``order`` is ``dist``'s keys; ``tree`` the
        breadth-first tree where asked for (else ``None``).

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph([("s", "a"), ("a", "t"), ("s", "b")])
    >>> nx.set_edge_attributes(g, 1, "weight")
    >>> bfs(g, "s", {"t"}).dist["t"]
    2
    """
    start = perf_counter()
    succ = successors(graph)
    dist = {source: zero}
    parents = {source: None} if tree and stop_at_target else None  # pi
    layer = [source]
    depth = zero
    relaxed = settled = 0
    nearest = None  # the first target met
    while layer:  # Q, a layer at a time
        settled += len(layer)
        if stop_at_target:
            nearest = next((u for u in layer if u in targets), None)
            if nearest is not None:
                break
        depth += 1
        following = []
        for u in layer:
            moves = succ[u]
            relaxed += len(moves)
            for v in moves:
                if v not in dist:
                    dist[v] = depth
                    if parents is not None:
                        parents[v] = u
                    following.append(v)
        layer = following
    found = None if parents is None else BreadthFirstTree(parents, nearest)
    return SearchResult(dist, SearchStats(settled, relaxed, perf_counter() - start), dist.keys(), found)
