"""SPFA: queue-based Bellman-Ford, as in the NOIP 2013 seed; allows negative edges."""

from __future__ import annotations

from collections import deque
from time import perf_counter

from ..errors import SearchNotApplicable
from ..graph.dicts import successors
from .result import SearchResult, SearchStats


def spfa(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Exact distances to every reachable state; refuses a negative cycle.

    ``settled`` counts the distinct states taken from the queue; a state can
    be taken several times, and ``detail["queue_pops"]`` counts every time; ``order`` lists the
    states by their first time.

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
    pops = {}  # state -> times popped, in the order first popped
    limit = len(graph)
    relaxed = settled = 0
    while queue:
        u = queue.popleft()
        queued.discard(u)
        settled += 1
        pops[u] = pops.get(u, 0) + 1
        if pops[u] > limit:
            raise SearchNotApplicable("spfa: the graph has a negative cycle reachable from the source")
        du = dist[u]
        for v, attrs in succ[u].items():
            relaxed += 1
            nd = du + attrs[weight]
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                if v not in queued:
                    queued.add(v)
                    queue.append(v)
    return SearchResult(dist, SearchStats(len(pops), relaxed, perf_counter() - start, {"queue_pops": settled}),
                        pops.keys())
