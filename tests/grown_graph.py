"""A networkx graph as a state graph built as it is searched (what a first-level puzzle's rules
give), for the tests of the routines that read a graph that grows."""

from __future__ import annotations

from stategraph import StateGraph
from stategraph.graph.dicts import graph_writers
from stategraph.graph.state_graph import GoalTest, WeightProfile


def grown(graph, source, targets, heuristic=None, *, own_walk=None, own_rule=True) -> StateGraph:
    """``graph`` as a state graph built as it is searched: each state's moves copied in when first
    read, the goals a test, the weights' profile declared (as rules declare it: no count)."""
    def begin(lazy):
        lazy.add_node(source)
        return lazy

    def writer(lazy):
        add_edge = graph_writers(lazy)[1]
        return lambda state: [add_edge(state, v, attrs) for v, attrs in graph.succ[state].items()]

    profile = WeightProfile.of(w for _, _, w in graph.edges(data="weight"))
    return StateGraph.expanding(source, begin, writer, GoalTest(targets.__contains__), heuristic=heuristic,
                                profile=profile, canonical=own_walk, own_rule=own_rule)
