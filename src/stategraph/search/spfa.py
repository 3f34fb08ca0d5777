"""SPFA: queue-based Bellman-Ford, as in the NOIP 2013 seed; allows negative edges.

Bellman-Ford (Cormen, Leiserson, Rivest and Stein, *Introduction to Algorithms*, 3rd ed.,
section 24.1; 22.1 in the 4th) relaxes every edge ``|V| - 1`` times; the queue-based form (E. F.
Moore, "The shortest path through a maze", 1959; named SPFA, the "shortest path faster
algorithm", by Duan Fanding, 1994) relaxes only the moves out of states whose distance dropped::

    dist <- {source: 0}; Q <- [source]
    while Q:
        u <- DEQUEUE(Q)
        for each move u -> v of cost w:
            if dist[u] + w < dist[v]: dist[v] <- dist[u] + w; ENQUEUE(Q, v) unless queued

Beside it, the queue's form of Bellman-Ford's test for a negative cycle: no state leaves the
queue more than ``|V|`` times unless one is reachable.
"""

from __future__ import annotations

from collections import deque
from time import perf_counter

from ..errors import SearchNotApplicable
from ..graph.dicts import successors
from .result import SearchResult, SearchStats


def spfa(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Exact distances to every reachable state; refuses a negative cycle.  ``settled`` counts the
    distinct states taken from the queue, ``detail["queue_pops"]`` every time one is.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); weights may be negative.

    Returns
    -------
    SearchResult
        Exact distances to every reachable state.

    Raises
    ------
    SearchNotApplicable
        If a negative cycle is reachable from ``source``.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 4), ("s", "b", 1), ("b", "a", 2), ("a", "t", 1)])
    >>> spfa(g, "s", {"t"}).dist["t"]
    4
    """
    start = perf_counter()
    succ = successors(graph)
    dist = {source: zero}
    queue = deque([source])
    queued = {source}
    pops = {}  # state -> times taken from the queue, in the order first taken
    limit = len(graph)
    relaxed = 0
    while queue:
        u = queue.popleft()
        queued.discard(u)
        taken = pops[u] = pops.get(u, 0) + 1
        if taken > limit:
            raise SearchNotApplicable("spfa: the graph has a negative cycle reachable from the source")
        du = dist[u]
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            nd = du + attrs[weight]
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                if v not in queued:
                    queued.add(v)
                    queue.append(v)
    detail = {"queue_pops": sum(pops.values())}
    return SearchResult(dist, SearchStats(len(pops), relaxed, perf_counter() - start, detail), pops.keys())
