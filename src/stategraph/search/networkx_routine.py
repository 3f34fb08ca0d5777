"""Delegate to networkx's own Dijkstra, so its answers can be compared with ours.

It is the textbook's loop (:mod:`~stategraph.search.dijkstra`) over every reachable state, adding
from the int 0, so ``Lex`` weights go through :class:`~stategraph.graph.weights.ScalarEncoding`.
"""

from __future__ import annotations

from time import perf_counter

from ..graph.weights import Lex, ScalarEncoding
from .result import SearchResult, SearchStats


def networkx_dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Distances from ``networkx.single_source_dijkstra_path_length``.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); networkx settles every reachable
        state, whatever the targets.

    Returns
    -------
    SearchResult
        Exact distances to every reachable state; no ``order`` and no ``relaxed`` count.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_edge("s", "t", weight=Lex(1, 2))
    >>> networkx_dijkstra(g, "s", {"t"}, zero=Lex.ZERO).dist["t"]
    Lex(primary=1, secondary=2)
    """
    import networkx as nx  # imported when this routine runs: a search of ours needs none

    start = perf_counter()
    if isinstance(zero, Lex):
        encoding = ScalarEncoding.for_weights(w for _, _, w in graph.edges(data=weight))
        raw = nx.single_source_dijkstra_path_length(
            graph, source, weight=lambda u, v, attrs: encoding.encode(attrs[weight]))
        dist = {node: encoding.decode(value) for node, value in raw.items()}
        detail = {"encoding_base": encoding.base}
    else:
        dist = dict(nx.single_source_dijkstra_path_length(graph, source, weight=weight))
        detail = {}
    return SearchResult(dist, SearchStats(len(dist), None, perf_counter() - start, detail))
