"""State graphs: the graph a routine searches, its weights, and its canonical optimal path.

:mod:`~stategraph.graph.state_graph` (graph, source, targets, weights),
:mod:`~stategraph.graph.weights` (numbers and lexicographic pairs),
:mod:`~stategraph.graph.explore` (a first-level puzzle's rules compiled into a graph),
:mod:`~stategraph.graph.canonical` (the one optimal path every routine must agree on) and
:mod:`~stategraph.graph.dicts`, the one module that reaches into networkx's own dicts.
"""
