"""The rules' own tie-break (their ``canonical`` hook), held to what the toolkit trusts of it.

The path the hook returns is printed as the answer, so it must run from the source along tight
moves (``dist[u] + weight == dist[v]``) to a goal at the optimum (``None`` only where no goal was
reached); anything else is a :class:`~stategraph.errors.ContractError` naming ``canonical()``.

>>> import networkx as nx
>>> g = nx.DiGraph([("s", "t", {"weight": 1, "rank": 0, "move": "go"})])
>>> class Rules:
...     def canonical(self, instance, graph, source, targets, dist):
...         return ["s", "s"]
>>> from stategraph.graph.state_graph import StateGraph
>>> state_graph = StateGraph(g, "s", {"t"})
>>> own_tie_break(Rules().canonical, None, "demo: ", state_graph)(g, "s", {"t"}, {"s": 0, "t": 1})
Traceback (most recent call last):
...
stategraph.errors.ContractError: demo: canonical() returned a path with a step from 's' to 's', which is no move of \
the state graph
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from ..errors import ContractError, shorten
from ..graph.canonical import optimal_goals
from ..graph.dicts import successors
from ..graph.state_graph import StateGraph


def own_tie_break(hook: Callable, value, where: str, state_graph: StateGraph) -> Callable:
    """``hook(value, graph, source, targets, dist)`` as ``state_graph``'s ``canonical``, handed its
    whole graph, its path checked; ``where`` begins its messages."""

    held = weakref.ref(state_graph)  # (the state graph holds this function: no cycle keeps it alive)

    def canonical(searched, source, reached, dist):
        whole = held()
        assert whole is not None, "a state graph's tie-break outlived it"
        graph, targets = whole.graph, whole.targets
        path = hook(value, graph, source, targets, dist)
        problem = _problem(path, graph, source, targets, dist)
        if problem:
            raise ContractError(f"{where}canonical() returned {problem}")
        return path

    return canonical


def _problem(path, graph, source, targets, dist) -> str:
    """What is wrong with ``path`` as the optimal path of the search (``""``: nothing)."""
    goals = optimal_goals(targets, dist)
    if path is None:
        return "None, but a goal was reached" if goals else ""
    if not isinstance(path, list) or not path:
        return f"{shorten(path)}: a path is a non-empty list of states"
    if path[0] != source:
        return f"a path from {shorten(path[0])}, not from the start {shorten(source)}"
    succ = successors(graph)
    for u, v in zip(path, path[1:]):
        attrs = succ[u].get(v) if u in dist else None
        if attrs is None:
            return f"a path with a step from {shorten(u)} to {shorten(v)}, which is no move of the state graph"
        if v not in dist or dist[u] + attrs["weight"] != dist[v]:
            return f"a path with a move from {shorten(u)} to {shorten(v)} on no optimal path"
    if path[-1] not in goals:
        return f"a path ending at {shorten(path[-1])}, which is no goal reached at the optimum"
    return ""
