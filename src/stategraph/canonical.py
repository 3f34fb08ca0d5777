"""The canonical optimal path: among all minimum-cost paths, the smallest sequence of edge ranks.

It works from the distances of any search routine (see
:class:`~stategraph.search.SearchResult` for the contract) and needs only an
edge ``rank``:

1. the optimal targets are those at the minimum distance;
2. walking backwards over *tight* edges (``dist[u] + w == dist[v]``) from
   them marks every state that lies on some optimal path;
3. walking forwards from the source, always taking the tight edge of
   smallest rank into a marked state, spells the smallest rank sequence.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("s", "a", weight=1, rank=1); g.add_edge("s", "b", weight=1, rank=0)
>>> g.add_edge("a", "t", weight=1, rank=0); g.add_edge("b", "t", weight=1, rank=5)
>>> canonical_path(g, "s", {"t"}, {"s": 0, "a": 1, "b": 1, "t": 2})
['s', 'b', 't']
"""

from __future__ import annotations

from .errors import ContractError, StategraphError, shorten


def canonical_path(graph, source, targets, dist, *, weight="weight", rank="rank"):
    """The canonical optimal state path from ``source`` to a target, or ``None`` if none is reachable."""
    best = optimal_cost(targets, dist)
    if best is None:
        return None
    goals = {t for t in targets if t in dist and dist[t] == best}
    on_optimal = _states_on_optimal_paths(graph, goals, dist, weight)
    if source not in on_optimal:
        raise StategraphError("search distances are inconsistent: the source is on no optimal path")
    succ = graph._succ
    path = [source]
    u = source
    while u not in goals:
        du = dist[u]
        choice = None
        for v, attrs in succ[u].items():
            if v in on_optimal and du + attrs[weight] == dist[v]:
                key = attrs.get(rank)
                if key is None:
                    raise ContractError(f"the edge {shorten(u)} -> {shorten(v)} has no {rank!r} "
                                        "(the canonical tie-break orders edges by it)")
                if choice is not None and key == choice[0]:
                    raise StategraphError(f"two optimal edges leave state {u!r} with the same rank {key!r}")
                if choice is None or key < choice[0]:
                    choice = (key, v)
        u = choice[1]
        path.append(u)
        if len(path) > len(graph):
            raise StategraphError("optimal paths form a zero-cost cycle; no canonical path exists")
    return path


def optimal_cost(targets, dist):
    """The least distance of a reached target, or ``None``: the optimum, since a routine's
    distances are exact on an optimal path and never below the truth elsewhere."""
    return min((dist[t] for t in targets if t in dist), default=None)


def _states_on_optimal_paths(graph, goals, dist, weight):
    pred = graph._pred
    marked = set(goals)
    mark = marked.add
    stack = list(goals)
    push, pop = stack.append, stack.pop
    get = dist.get
    while stack:
        v = pop()
        dv = dist[v]
        for u, attrs in pred[v].items():
            if u not in marked:
                du = get(u)
                if du is not None and du + attrs[weight] == dv:
                    mark(u)
                    push(u)
    return marked
