"""Baseline: a first-level example's rules searched lazily by NoGraphs (A* or BFS, as the example's config).

Usage: ``python first_level_nographs.py PUZZLE < input`` (PUZZLE: a key of
``first_level_rules.PUZZLES``). Prints the fewest moves' cost per instance (-1 for none) and, on
stderr, ``expanded N``: the states whose moves NoGraphs asked for, over every instance.
"""

import sys

import nographs as nog
from first_level_rules import main

expanded = 0


def solve(rules, instance):
    start = rules.start(instance)
    if rules.is_goal(instance, start):  # NoGraphs does not report the start vertex
        return 0

    def next_moves(state):
        global expanded
        expanded += 1
        return rules.moves(instance, state)

    if rules.algorithm == "astar":
        traversal = nog.TraversalAStar(lambda state, _: ((after, cost) for _, after, cost in next_moves(state)))
        traversal.start_from(lambda state: rules.heuristic(instance, state), start)
        found = next((state for state in traversal if rules.is_goal(instance, state)), None)
        return -1 if found is None else traversal.path_length
    traversal = nog.TraversalBreadthFirst(lambda state, _: (after for _, after, _ in next_moves(state)))
    traversal.start_from(start)
    found = next((state for state in traversal if rules.is_goal(instance, state)), None)
    return -1 if found is None else traversal.depth


if __name__ == "__main__":
    main(solve)
    print(f"expanded {expanded}", file=sys.stderr)
