"""The canonical optimal path: among all minimum-cost paths, the smallest sequence of edge ranks;
where zero-cost cycles leave no smallest one, the smallest among the paths with the fewest edges.

It needs only a routine's distances (the rule is :class:`~stategraph.search.SearchResult`'s) and
an edge ``rank``: a breadth-first walk back from the optimal goals over *tight* edges
(``dist[u] + w == dist[v]``) marks the states on optimal paths, then a walk forward from the source
takes the tight edge of smallest rank into a marked state.  Where that walk comes back to a state
(a zero-cost cycle), it is walked again taking only edges that bring a goal one edge nearer.
A breadth-first tree whose moves were tried in rank order already holds the path
(:func:`canonical_from_tree`).

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("s", "a", weight=1, rank=1); g.add_edge("s", "b", weight=1, rank=0)
>>> g.add_edge("a", "t", weight=1, rank=0); g.add_edge("b", "t", weight=1, rank=5)
>>> canonical_path(g, "s", {"t"}, {"s": 0, "a": 1, "b": 1, "t": 2})
['s', 'b', 't']

Round a zero-cost cycle (``s -> a -> s`` is smaller than ``s -> a -> t``), the fewest edges:

>>> g = nx.DiGraph()
>>> g.add_edge("s", "a", weight=0, rank=0); g.add_edge("a", "s", weight=0, rank=0)
>>> g.add_edge("a", "t", weight=0, rank=1)
>>> canonical_path(g, "s", {"t"}, {"s": 0, "a": 0, "t": 0})
['s', 'a', 't']
"""

from __future__ import annotations

from collections import deque

from ..errors import ContractError, StategraphError, shorten
from .dicts import built_successors, predecessors, successors


def canonical_path(graph, source, targets, dist, *, weight="weight", rank="rank"):
    """The canonical optimal state path from ``source`` to a target, or ``None`` if none is reachable.

    Parameters
    ----------
    graph : networkx.DiGraph
        The state graph.
    source : hashable
        The start state.
    targets : collection
        The goal states.
    dist : dict
        A routine's distances from ``source`` (:attr:`~stategraph.search.SearchResult.dist`).
    weight, rank : str, optional
        The edge attributes holding the weight and the tie-break rank.

    Returns
    -------
    list or None
        The states of the optimal path whose sequence of edge ranks is smallest.

    Raises
    ------
    ContractError
        If an optimal edge has no ``rank``.
    StategraphError
        If two optimal edges leave a state with the same rank, or ``dist`` is inconsistent.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph([("s", "t", {"weight": 1, "rank": 0})])
    >>> canonical_path(g, "s", {"t"}, {"s": 0, "t": 1}), canonical_path(g, "s", {"t"}, {"s": 0})
    (['s', 't'], None)
    """
    goals = optimal_goals(targets, dist)
    if not goals:
        return None
    edges_left = _edges_to_goals(graph, goals, dist, weight)
    if source not in edges_left:
        raise StategraphError("search distances are inconsistent: the source is on no optimal path")

    def on_optimal(u, v):
        return v in edges_left

    def nearer_a_goal(u, v):
        return edges_left.get(v) == edges_left[u] - 1

    path = _smallest_rank_walk(graph, source, goals, dist, weight, rank, on_optimal)
    if path is None:  # round a zero-cost cycle: no smallest sequence; the fewest edges first
        path = _smallest_rank_walk(graph, source, goals, dist, weight, rank, nearer_a_goal)
    return path


def canonical_from_tree(graph, source, targets, dist, tree, *, weight="weight", rank="rank", walk=None):
    """:func:`canonical_path` for a breadth-first search's distances, read off its ``tree``
    (:class:`~stategraph.search.result.BreadthFirstTree`) where its edges leaving each state have
    integer ranks rising in the order they were tried: a search that tries moves in rank order
    reaches each state first along its smallest rank sequence.  Elsewhere ``walk`` (a state
    graph's own walk of the same rule) or :func:`canonical_path` answers.

    >>> import networkx as nx
    >>> from stategraph.search.result import BreadthFirstTree
    >>> g = nx.DiGraph()
    >>> g.add_edge("s", "b", weight=1, rank=0); g.add_edge("s", "a", weight=1, rank=1)
    >>> g.add_edge("a", "t", weight=1, rank=0); g.add_edge("b", "t", weight=1, rank=5)
    >>> dist = {"s": 0, "b": 1, "a": 1, "t": 2}
    >>> canonical_from_tree(g, "s", {"t"}, dist, BreadthFirstTree({"s": None, "b": "s", "a": "s", "t": "b"}, "t"))
    ['s', 'b', 't']
    """
    if tree.nearest is None:
        return None
    if _tree_in_rank_order(graph, tree.parents, rank):
        return tree.path()
    if walk is not None:  # called as solve() calls a state graph's own walk
        return walk(graph, source, targets, dist)
    return canonical_path(graph, source, targets, dist, weight=weight, rank=rank)


def _tree_in_rank_order(graph, parents, rank) -> bool:
    """Whether each state's tree edges, in ``parents``' order, have rising integer ranks."""
    succ = built_successors(graph)  # (every parent's moves were read by the search)
    reached = iter(parents.items())
    next(reached)  # the source
    parent, moves, last = None, {}, None
    for v, u in reached:
        if u is not parent:  # a state's tree edges are one run of parents' order
            parent, moves, last = u, succ[u], None
        key = moves[v].get(rank)
        if key.__class__ is not int or (last is not None and key <= last):
            return False
        last = key
    return True


def optimal_goals(targets, dist) -> set:
    """The targets reached at the optimal cost (none: no target reached).

    >>> sorted(optimal_goals({"a", "b", "c"}, {"s": 0, "a": 2, "b": 2, "c": 3}))
    ['a', 'b']
    """
    best = optimal_cost(targets, dist)
    return set() if best is None else {t for t in targets if t in dist and dist[t] == best}


def optimal_cost(targets, dist):
    """The least distance of a reached target (the optimum), or ``None``."""
    return min((dist[t] for t in targets if t in dist), default=None)


def _smallest_rank_walk(graph, source, goals, dist, weight, rank, allowed):
    """From ``source`` to a goal, always along the tight edge ``u -> v`` of smallest rank for which
    ``allowed(u, v)``; ``None`` if the walk comes back to a state it has visited."""
    succ = successors(graph)
    path = [source]
    visited = {source}
    u = source
    while u not in goals:
        du = dist[u]
        choice = None
        for v, attrs in succ[u].items():
            if allowed(u, v) and du + attrs[weight] == dist[v]:
                key = attrs.get(rank)
                if key is None:
                    raise ContractError(f"the edge {shorten(u)} -> {shorten(v)} has no {rank!r} "
                                        "(the canonical tie-break orders edges by it)")
                if choice is not None and key == choice[0]:
                    raise StategraphError(f"two optimal edges leave state {u!r} with the same rank {key!r}")
                if choice is None or key < choice[0]:
                    choice = (key, v)
        if choice is None:
            raise StategraphError(f"search distances are inconsistent: no optimal edge leaves state {u!r}")
        u = choice[1]
        if u in visited:
            return None
        visited.add(u)
        path.append(u)
    return path


def _edges_to_goals(graph, goals, dist, weight) -> dict:
    """Every state on an optimal path -> the fewest tight edges from it to a goal (BFS backwards)."""
    pred = predecessors(graph)
    edges_left = dict.fromkeys(goals, 0)
    queue = deque(goals)
    pop, push = queue.popleft, queue.append
    get = dist.get
    while queue:
        v = pop()
        dv = dist[v]
        count = edges_left[v] + 1
        for u, attrs in pred[v].items():
            if u not in edges_left:
                du = get(u)
                if du is not None and du + attrs[weight] == dv:
                    edges_left[u] = count
                    push(u)
    return edges_left


def states_on_optimal_paths(graph, goals, dist, weight="weight"):
    """The states on some optimal path to one of ``goals`` (those at the optimum), as a set-like view."""
    return _edges_to_goals(graph, goals, dist, weight).keys()
