"""Search one question's state graph and extract its canonical optimal path.

>>> import networkx as nx
>>> from stategraph.graph.state_graph import StateGraph
>>> g = nx.DiGraph()
>>> g.add_edge("s", "t", weight=1, rank=0)
>>> solution = solve(StateGraph(g, "s", frozenset({"t"})), "bfs")
>>> solution.cost, solution.states
(1, ['s', 't'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from time import perf_counter

from ..errors import ContractError
from ..graph.canonical import canonical_from_tree, canonical_path, optimal_cost
from ..graph.dicts import built_successors, collector_paused, state_labels, successors
from . import SearchResult, check_applicable, check_options, get_search
from .routine_check import blamed_on, held_against_builtin


@dataclass
class Solution:
    """The outcome of one search: ``cost`` and ``states`` are ``None`` when no target is reachable
    (``states`` also when no path was asked for).

    Attributes
    ----------
    cost : number or Lex or None
        The optimal cost.
    states : list or None
        The canonical optimal path, source first.
    edges : list of tuple
        ``(u, v, attrs)`` of each move along ``states``, ``attrs`` the edge's attribute dict.
    stats : dict
        The search's work: ``algorithm``, ``states_built`` and ``edges_built`` (of a graph that
        grows, what was built), ``settled``, ``relaxed``, the seconds spent and the routine's own counts.
    labels : list of str
        The path's states by their ``label`` attribute (else ``str(state)``).
    search : SearchResult or None
        What the routine returned: its distances and the order it settled states.
    """

    cost: object
    states: list | None
    edges: list = field(default_factory=list)
    stats: dict = field(default_factory=dict)
    labels: list = field(default_factory=list)
    search: SearchResult | None = None

    @property
    def found(self) -> bool:
        """Whether a target is reachable."""
        return self.cost is not None


def solve(state_graph, algorithm: str = "dijkstra", options: dict | None = None, *, path: bool = True,
          judge: bool = True) -> Solution:
    """Run the named search routine (with its ``options``) on ``state_graph`` (a
    :class:`~stategraph.graph.state_graph.StateGraph`); return the canonical optimal path.  A source
    that is a target (no negative move), or no target, needs no search unless ``stop_at_target`` is false.

    Parameters
    ----------
    state_graph : StateGraph
        The question's graph, source and targets.
    algorithm : str, optional
        A name of :data:`~stategraph.SEARCHES` or ``module:function`` (default ``"dijkstra"``).
    options : dict, optional
        The routine's boolean options, such as ``{"stop_at_target": False}``.
    path : bool, optional
        With ``False`` only the optimal cost is wanted: a routine that can stops at the first
        target it settles, and ``states`` is ``None``.
    judge : bool, optional
        Hold a plug-in routine's distances to the rule by one built-in search (default); where
        they break it, no target is reached and ``stats["wrong"]`` says where.  ``False`` trusts it.

    Returns
    -------
    Solution
        The optimal cost, the canonical path with its edges and labels, and the statistics.

    Raises
    ------
    SearchNotApplicable
        If the routine is unknown, does not accept the graph's weights, lacks the heuristic it
        needs or is given an option it does not take.
    ContractError
        If an edge on an optimal path has no ``rank``.

    See Also
    --------
    stategraph.graph.canonical.canonical_path : the tie-break between optimal paths.

    Examples
    --------
    >>> import networkx as nx
    >>> from stategraph.graph.state_graph import StateGraph
    >>> from stategraph.graph.weights import Lex
    >>> g = nx.DiGraph()
    >>> g.add_edge("s", "a", weight=Lex(1, 0), rank=0); g.add_edge("a", "t", weight=Lex(0, 2), rank=0)
    >>> g.add_edge("s", "t", weight=Lex(1, 3), rank=1)
    >>> solution = solve(StateGraph(g, "s", {"t"}), "layered_bfs")
    >>> solution.cost, solution.states, solution.stats["algorithm"]
    (Lex(primary=1, secondary=2), ['s', 'a', 't'], 'layered_bfs')
    >>> solve(StateGraph(g, "s", {"t"}), "bfs")
    Traceback (most recent call last):
    ...
    stategraph.errors.SearchNotApplicable: bfs needs every edge weight to be 1, but this graph has lexicographic ...
    """
    routine = get_search(algorithm)
    check_applicable(routine, state_graph)
    if state_graph.profile.floats and not math.isfinite(sum(w for _, _, w in state_graph.graph.edges(data="weight"))):
        raise ContractError("the costs add up past the range of a float, so a path's cost could be inf (use integer "
                            "costs, which Python adds exactly)")
    check_options(routine, options or {})
    extra = {"cost_only": True} if not path and routine.cost_only else {}
    with collector_paused():
        source = state_graph.source
        started = perf_counter()
        graph, targets = state_graph.searched(routine.grows)  # a growing state graph may build its whole graph
        built = perf_counter() - started
        if state_graph.canonical is None or not state_graph.own_rule:  # the one rule: a routine may answer it
            if routine.canonical and path:  # (A*: it stops short of the end of its band)
                extra["canonical"] = True
            if routine.tree and graph is state_graph.lazy:  # (whole: the walk back costs less than the tree's check)
                extra["tree"] = True
        exact = None  # a judged routine's distances, checked: the built-in's
        at_goal = source in targets and state_graph.profile.nonnegative  # (a negative move may lead lower)
        if (options or {}).get("stop_at_target", True) and (at_goal or not targets):
            result = SearchResult({source: state_graph.zero}, order=())
        else:
            result = routine.run(graph, source, targets, zero=state_graph.zero,
                                 heuristic=state_graph.heuristic, **(options or {}), **extra)
            if judge and routine.plugin:
                result, exact = held_against_builtin(routine.name, state_graph, result)
        dist = result.dist if exact is None else exact
        if "wrong" in result.stats.detail:  # distances that break the rule: no answer from them
            dist = {source: state_graph.zero}
        started = perf_counter()
        tree = result.tree if "tree" in extra else None
        found = result.path if "canonical" in extra else None  # the canonical path, found by the routine
        with blamed_on(routine):
            if not path:
                states = None
            elif found is not None:
                states = found
            elif tree is not None:
                states = canonical_from_tree(graph, source, targets, dist, tree, walk=state_graph.canonical)
            else:
                states = (state_graph.canonical or canonical_path)(graph, source, targets, dist)
    if found is not None:
        best = dist[found[-1]]
    elif tree is None:
        best = optimal_cost(targets, dist)
    else:  # the tree's first target is the nearest
        best = None if tree.nearest is None else dist[tree.nearest]
    if isinstance(best, float) and not math.isfinite(best):
        raise ContractError(f"the optimal cost is {best}: the costs' sum passes the range of a float (use integer "
                            "costs, which Python adds exactly)")
    states_built, edges_built = state_graph.built()
    stats = {
        "algorithm": routine.name,
        "states_built": states_built,
        "edges_built": edges_built,
        "settled": result.stats.settled,
        "relaxed": result.stats.relaxed,
        "compile_seconds": built,
        "search_seconds": result.stats.seconds,
        "canonical_seconds": perf_counter() - started,
        **result.stats.detail,
    }
    if not path:
        return Solution(best, None, [], stats, search=result)
    if states is None:
        return Solution(None, None, [], stats, search=result)
    moves = result.moves if found is not None else None  # the routine's own path's moves, where it read them
    if moves is None:  # looked up along the path; on a routine's own path every state but the last was
        succ = successors(graph) if found is None else built_successors(graph)  # expanded: plain dicts serve
        moves = [(u, v, succ[u][v]) for u, v in zip(states, states[1:])]
    labels = state_labels(graph, states)
    return Solution(dist[states[-1]], states, moves, stats, labels, search=result)
