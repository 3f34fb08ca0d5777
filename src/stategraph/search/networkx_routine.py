"""Delegate to networkx's own Dijkstra, so its answers can be compared with ours.

networkx's Dijkstra is the textbook's loop (:mod:`~stategraph.search.dijkstra`), run over every
reachable state.  It adds weights starting from the int 0, so ``Lex`` weights go through
:class:`~stategraph.graph.weights.ScalarEncoding` and the distances come back decoded.
"""

from __future__ import annotations

from time import perf_counter

from ..graph.weights import Lex, ScalarEncoding
from .result import SearchResult, SearchStats


def networkx_dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Distances from ``networkx.single_source_dijkstra_path_length``.

    Parameters
    ----------
    graph : networkx.DiGraph
        The state graph; each edge's weight is in its ``weight`` attribute.
    source : hashable
        The start state.
    targets : collection
        The goal states (networkx settles every reachable state anyway).
    zero : number or Lex, optional
        The zero of the weights' type (``StateGraph.zero``).
    weight : str, optional
        The edge attribute holding the weight.
    heuristic : callable, optional
        Ignored (the signature every routine shares).

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
