"""The seeds' layered breadth-first search for lexicographic (primary, secondary) weights.

It is Dijkstra's algorithm (:mod:`~stategraph.search.dijkstra`) on ``Lex`` pairs with its queue
split by the primary part, as Dial's buckets split it by distance (R. B. Dial, "Algorithm 360:
Shortest-path forest with topological ordering", *Communications of the ACM* 12(11), 1969).  A
move adds 0 or 1 to the primary part (a push does), so the open states lie in two buckets, the
layer being settled and the next::

    layer <- {source}
    while layer and no target is settled:
        Dijkstra on the secondary part within layer: a move adding 0 to the primary part
            is relaxed into layer, a move adding 1 into next
        layer <- next, less the states settled

Inside a layer a heap orders the secondary totals, as the POJ 1475 seed does.
"""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..graph.dicts import successors
from ..graph.weights import Lex
from .result import SearchResult, SearchStats


def layered_bfs(graph, source, targets, *, zero=Lex.ZERO, weight="weight", heuristic=None):
    """Distances for ``Lex`` weights whose primary part is 0 or 1 on every edge; stops after the
    primary layer holding the nearest target.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); ``zero`` is ``Lex.ZERO``.

    Returns
    -------
    SearchResult
        Exact distances for every state of the layers settled; ``order`` is the order settled.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_edge("s", "a", weight=Lex(1, 5)); g.add_edge("s", "b", weight=Lex(1, 0))
    >>> g.add_edge("a", "t", weight=Lex(1, 0)); g.add_edge("b", "t", weight=Lex(1, 9))
    >>> layered_bfs(g, "s", {"t"}).dist["t"]
    Lex(primary=2, secondary=5)
    """
    start = perf_counter()
    succ = successors(graph)
    dist = {source: zero}
    settled = {}  # an ordered dict used as a set: the states in the order settled
    tie = count()
    layer = {source: zero.secondary}  # the states of this primary layer: their secondary totals
    primary = zero.primary
    relaxed = 0
    found = False
    while layer and not found:
        following = {}  # the next layer
        heap = sorted((secondary, next(tie), u) for u, secondary in layer.items())
        while heap:  # Dijkstra on the secondary part
            secondary, _, u = heappop(heap)
            if u in settled or layer[u] != secondary:
                continue  # settled, or an entry from before the state's total dropped
            settled[u] = None
            found = found or u in targets
            edges = succ[u]
            relaxed += len(edges)
            for v, attrs in edges.items():
                if v in settled:
                    continue
                step = attrs[weight]
                nd = Lex(primary + step[0], secondary + step[1])
                old = dist.get(v)
                if old is not None and old <= nd:
                    continue
                dist[v] = nd
                if step[0] == 0:
                    layer[v] = nd[1]
                    heappush(heap, (nd[1], next(tie), v))
                else:
                    following[v] = nd[1]
        layer = {v: s for v, s in following.items() if v not in settled}
        primary += 1
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys())
