"""Searching a state graph read back from a file: what ``stategraph search GRAPHFILE`` prints.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_node("s", kind="start", label="S"); g.add_node("a", kind="state"); g.add_node("t", kind="target")
>>> g.add_edge("s", "a", weight=1, label="x"); g.add_edge("a", "t", weight=2, label="y")
>>> g.add_edge("s", "t", weight=5, label="z")
>>> search_saved_graph(g, "dijkstra").splitlines()
['cost: 3', '0\\t-\\tS', '1\\tx\\ta', '2\\ty\\tt']
"""

from __future__ import annotations

import math

import networkx as nx

from ..errors import VerificationError, escaped
from ..io.graph_problem import state_graph
from ..io.graph_read import GraphFileError
from ..search.solution import solve


def search_saved_graph(graph: nx.Graph, algorithm: str) -> str:
    """The optimal cost from the start to a target and the path: ``cost: C``, then one line per
    state, ``step <tab> move label <tab> state label`` (labels escaped: one line each).  A routine of
    your own whose distances do not hold is a :class:`~stategraph.errors.VerificationError` naming the
    first wrong one, as ``solve`` says it."""
    model = state_graph(graph)
    solution = solve(model, algorithm)
    if solution.stats.get("wrong"):  # a routine of your own whose distances break the rule: no answer
        raise VerificationError(solution.stats["wrong"])
    if not solution.found:
        return "cost: none (no target is reachable from the start)\n"
    if isinstance(solution.cost, float) and not math.isfinite(solution.cost):
        raise GraphFileError(f"the optimal cost overflows ({solution.cost}): the weights are too large")
    states = solution.states or []
    lines = [f"cost: {solution.cost}"]
    nodes = model.graph.nodes
    for step, state in enumerate(states):
        move = "-" if step == 0 else escaped(model.graph.edges[states[step - 1], state]["label"])
        lines.append(f"{step}\t{move}\t{escaped(nodes[state]['label'])}")
    return "\n".join(lines) + "\n"
