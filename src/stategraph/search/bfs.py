"""Breadth-first search: shortest paths when every edge costs 1.

The loop is the textbook's (Cormen, Leiserson, Rivest and Stein, *Introduction to Algorithms*,
3rd ed., section 22.2; 20.2 in the 4th)::

    dist <- {source: 0}; pi <- {source: NIL}; Q <- [source]
    while Q:
        u <- DEQUEUE(Q)
        for each move u -> v:
            if v not in dist: dist[v] <- dist[u] + 1; pi[v] <- u; ENQUEUE(Q, v)

with the FIFO queue ``Q`` taken a layer at a time (every state at distance ``d`` leaves it before
any at ``d + 1``), so that beside it one test can stop after the layer holding the nearest target
(``stop_at_target``): the states no farther than that target are then exactly those settled.
Asked for (``tree=True``), the parents ``pi`` and that first target are the breadth-first tree
the result carries (:class:`~stategraph.search.result.BreadthFirstTree`): where each state's
moves are tried in the order of their ranks, the tree's path to that target is the canonical
path (:func:`~stategraph.graph.canonical.canonical_from_tree`).
"""

from __future__ import annotations

from time import perf_counter

from ..graph.dicts import successors
from .result import BreadthFirstTree, SearchResult, SearchStats


def bfs(graph, source, targets, *, zero=0, weight="weight", heuristic=None, stop_at_target=True, tree=False):
    """Layer-by-layer distances; stops after the layer holding the nearest target
    (with ``stop_at_target=False``, goes on through every reachable layer).  Every state reached
    is settled with its layer, so ``dist``'s own order (layer by layer) is the order settled.

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
        Stop after the nearest target's layer (default) or go through every reachable layer.
    tree : bool, optional
        Keep the parents and return the breadth-first tree (with ``stop_at_target`` only).

    Returns
    -------
    SearchResult
        Every distance is exact: a state's layer.  ``order`` is ``dist``'s keys; ``tree`` the
        breadth-first tree where it was asked for and the search stops at the nearest target's
        layer (else ``None``).

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
