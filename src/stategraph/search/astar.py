"""A* search guided by a puzzle's consistent lower bound on the remaining cost."""

from __future__ import annotations

from heapq import heappop, heappush
from itertools import count
from time import perf_counter

from ..errors import SearchNotApplicable
from ..graph_dicts import successors
from .result import SearchResult, SearchStats


def astar(graph, source, targets, *, zero=0, weight="weight", heuristic=None, settled=None,
          stop_at_target=True, cost_only=False):
    """Distances from ``source``, expanding states in order of ``(g + h, h, arrival)``.

    ``heuristic(state)`` must be consistent (``h(u) <= w(u, v) + h(v)``) and
    may return ``None`` for a state that cannot reach any target.  The run
    stops once no open state can still lie on an optimal path, or with
    ``cost_only`` as soon as a target is settled (its distance is then the
    optimum, but not every optimal path is known).  A caller may pass an
    empty dict as ``settled`` to learn which states were settled (its keys, in the order settled,
    are also the result's ``order``).

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
        ``heuristic(state)``: a consistent lower bound on the remaining cost, or ``None``.
    settled : dict, optional
        An empty dict to fill with the states settled.
    stop_at_target : bool, optional
        Stop once no open state can lie on an optimal path (default), or settle every reachable state.
    cost_only : bool, optional
        Stop at the first target settled.

    Returns
    -------
    SearchResult
        Exact distances for every state settled; ``order`` is the order settled.

    Raises
    ------
    SearchNotApplicable
        If ``heuristic`` is ``None``.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 1), ("a", "t", 1), ("s", "b", 1), ("b", "c", 5)])
    >>> h = {"s": 2, "a": 1, "t": 0, "b": 2, "c": 0}.get
    >>> r = astar(g, "s", {"t"}, heuristic=h)
    >>> r.dist["t"], sorted(r.dist)
    (2, ['a', 'b', 's', 't'])
    """
    if heuristic is None:
        raise SearchNotApplicable("astar needs a heuristic, and this model provides none")
    start = perf_counter()
    succ = successors(graph)
    dist = {source: zero}
    dist_get = dist.get
    settled = {} if settled is None else settled  # an ordered set: the states in the order settled
    tie = count()
    h0 = heuristic(source)
    heap = [] if h0 is None else [(zero + h0, h0, next(tie), source)]
    pop, push = heappop, heappush
    best = None
    relaxed = 0
    while heap:
        f, _, _, u = pop(heap)
        if u in settled:
            continue
        if best is not None and best < f:
            break
        settled[u] = None
        g = dist[u]
        if best is None and stop_at_target and u in targets:
            best = g
            if cost_only:
                break
        edges = succ[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            ng = g + attrs[weight]
            old = dist_get(v)
            if old is not None and not ng < old:
                continue  # (a settled state is never improved under a consistent heuristic)
            if v in settled:
                continue
            h = heuristic(v)
            if h is None:
                continue
            dist[v] = ng
            push(heap, (ng + h, h, next(tie), v))
    return SearchResult(dist, SearchStats(len(settled), relaxed, perf_counter() - start), settled.keys())
