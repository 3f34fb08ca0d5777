"""Baseline: a first-level example's rules as a simpleai ``SearchProblem`` (A* or BFS, graph search).

Usage: ``python first_level_simpleai.py PUZZLE < input``. An action is a move ``(label, next
state, cost)``; ``result`` and ``cost`` read it. Prints the cost per instance (-1 for none).
"""

from first_level_rules import main
from simpleai.search import SearchProblem, astar, breadth_first


class Problem(SearchProblem):
    def __init__(self, rules, instance):
        super().__init__(rules.start(instance))
        self.rules, self.instance = rules, instance

    def actions(self, state):
        return list(self.rules.moves(self.instance, state))

    def result(self, state, action):
        return action[1]

    def cost(self, state, action, state2):
        return action[2]

    def is_goal(self, state):
        return self.rules.is_goal(self.instance, state)

    def heuristic(self, state):
        return self.rules.heuristic(self.instance, state)


def solve(rules, instance):
    search = astar if rules.algorithm == "astar" else breadth_first
    node = search(Problem(rules, instance), graph_search=True)
    return -1 if node is None else node.cost


if __name__ == "__main__":
    main(solve)
