"""Baseline: a first-level example's rules explored into a networkx DiGraph by hand, then searched.

Usage: ``python first_level_networkx.py PUZZLE < input``. Each instance's reachable states are
explored into a ``DiGraph`` (edge attribute ``weight``: the move's cost), unless a graph already
explored under the same moves (``graph_key``) holds its start: then that graph serves it too, as
anyone writing it by hand would do. Then ``nx.astar_path_length`` (A*, the rules' bound) or
``nx.shortest_path_length`` (BFS) to the goal; where several states are goals, to a sink node
joined to each of them by an edge of cost 0 (BFS: one step, taken off). Prints the cost per
instance (-1 for none) and, on stderr, ``states N``: the states of every graph explored.
"""

import sys

import networkx as nx
from first_level_rules import main

graphs = {}  # graph_key -> the graphs explored under those moves
SINK = "the goal states"


def explore(rules, instance, start):
    graph = nx.DiGraph()
    graph.add_node(start)
    todo = [start]
    while todo:
        state = todo.pop()
        for _, after, cost in rules.moves(instance, state):
            if after not in graph:
                graph.add_node(after)
                todo.append(after)
            if not graph.has_edge(state, after) or cost < graph[state][after]["weight"]:
                graph.add_edge(state, after, weight=cost)
    return graph


def solve(rules, instance):
    start = rules.start(instance)
    known = graphs.setdefault(rules.graph_key(instance), [])
    graph = next((graph for graph in known if start in graph), None)
    if graph is None:
        graph = explore(rules, instance, start)
        known.append(graph)
    target = rules.target(instance)
    if target is None:
        goals = [state for state in graph if rules.is_goal(instance, state)]
        target = SINK
        graph.add_edges_from(((goal, SINK) for goal in goals), weight=0)
    elif target not in graph:
        return -1
    try:
        if rules.algorithm == "astar":
            def bound(state, _):
                return 0 if state == SINK else rules.heuristic(instance, state)

            return nx.astar_path_length(graph, start, target, heuristic=bound, weight="weight")
        return nx.shortest_path_length(graph, start, target) - (target == SINK)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return -1
    finally:
        if SINK in graph:
            graph.remove_node(SINK)


if __name__ == "__main__":
    main(solve)
    print(f"states {sum(len(graph) for known in graphs.values() for graph in known)}", file=sys.stderr)
