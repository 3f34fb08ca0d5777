"""The rules of three first-level examples in plain Python, for the lazy-graph baselines.

The same rules as ``examples/sliding_tile``, ``examples/water_jug`` and ``examples/keys_doors``
(the states, the moves in the same order, the costs and the A* bound), written without stategraph
so that a baseline process imports only its own library. Each rules class has the first level's
shape: ``start(instance)``, ``is_goal(instance, state)``, ``moves(instance, state)`` yielding
``(label, next state, cost)``, ``heuristic(instance, state)``; ``instances(text)`` reads an input;
``algorithm`` is the example config's routine; ``graph_key(instance)`` is what the moves depend on
(instances with equal keys share one state graph); ``target(instance)`` the one goal state where
there is one (else None).

>>> rules = SlidingTile()
>>> board = rules.instances("1 2 3\\n4 5 6\\n0 7 8\\n")[0]
>>> [(label, after) for label, after, _ in rules.moves(board, board)], rules.heuristic(board, board)
([('U', '123056478'), ('R', '123456708')], 2)
>>> jugs = WaterJug().instances("1\\n5 2 3\\n")[0]
>>> jugs, sorted(after for _, after, _ in WaterJug().moves(jugs, (5, 0)))
((5, 2, 3), [(0, 0), (3, 2), (5, 2)])
>>> grid = KeysDoors().instances("1 3\\nSaG\\n0 0\\n")[0]
>>> list(KeysDoors().moves(grid, ((1, 1), "")))
[('E', ((1, 2), 'a'), 1)]
"""

from __future__ import annotations

import sys

GOAL = "123456780"  # the 8-puzzle's board row by row, 0 the blank
SLIDES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
NEXT = [[(letter, place + 3 * dr + dc) for letter, (dr, dc) in SLIDES.items()
         if 0 <= place // 3 + dr < 3 and 0 <= place % 3 + dc < 3] for place in range(9)]
SWAP = {tile: str.maketrans("0" + tile, tile + "0") for tile in GOAL}


class SlidingTile:
    """The 8-puzzle: a state is the board as 9 digits; A* with the tiles' Manhattan distances."""

    algorithm = "astar"

    def instances(self, text):
        tokens = text.split()
        return ["".join(tokens[at:at + 9]) for at in range(0, len(tokens), 9)]

    def start(self, board):
        return board

    def is_goal(self, board, state):
        return state == GOAL

    def moves(self, board, state):
        for letter, place in NEXT[state.index("0")]:
            yield letter, state.translate(SWAP[state[place]]), 1

    def heuristic(self, board, state):
        return sum(abs(at // 3 - GOAL.index(tile) // 3) + abs(at % 3 - GOAL.index(tile) % 3)
                   for at, tile in enumerate(state) if tile != "0")

    def graph_key(self, board):
        return None  # the moves do not depend on the start board

    def target(self, board):
        return GOAL


class WaterJug:
    """Two jugs (SPOJ POUR1): a state is what they hold; BFS to a jug holding c litres."""

    algorithm = "bfs"

    def instances(self, text):
        numbers = [int(token) for token in text.split()]
        return [tuple(numbers[1 + 3 * k:4 + 3 * k]) for k in range(numbers[0])]

    def start(self, jugs):
        return 0, 0

    def is_goal(self, jugs, state):
        return jugs[2] in state

    def moves(self, jugs, state):
        (a, b), (cap_a, cap_b) = state, jugs[:2]
        into_b, into_a = min(a, cap_b - b), min(b, cap_a - a)
        for label, after in (("fill A", (cap_a, b)), ("fill B", (a, cap_b)), ("empty A", (0, b)),
                             ("empty B", (a, 0)), ("pour A B", (a - into_b, b + into_b)),
                             ("pour B A", (a + into_a, b - into_a))):
            if after != state:
                yield label, after, 1

    def heuristic(self, jugs, state):
        return 0

    def graph_key(self, jugs):
        return jugs[:2]

    def target(self, jugs):
        return None


STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}  # the grid helper's order
KINDS = {"#": "wall", ".": "floor", "S": "start", "G": "goal", **dict.fromkeys("abcd", "key"),
         **dict.fromkeys("ABCD", "door")}


class KeysDoors:
    """Keys and doors: a state is (cell, the keys held); BFS from S to G, a door opening once its key is held."""

    algorithm = "bfs"

    def instances(self, text):
        tokens, grids, at = text.split(), [], 0
        while tokens[at:at + 2] != ["0", "0"]:
            rows = int(tokens[at])
            grids.append(tuple(tokens[at + 2:at + 2 + rows]))
            at += 2 + rows
        return grids

    def cell(self, grid, cell):
        """The character at ``cell`` (from ``(1, 1)``); a wall off the grid."""
        row, col = cell
        if 1 <= row <= len(grid) and 1 <= col <= len(grid[0]):
            return grid[row - 1][col - 1]
        return "#"

    def start(self, grid):
        row = next(r for r, line in enumerate(grid) if "S" in line)
        return (row + 1, grid[row].index("S") + 1), ""

    def is_goal(self, grid, state):
        return self.cell(grid, state[0]) == "G"

    def moves(self, grid, state):
        (row, col), keys = state
        for letter, (dr, dc) in STEPS.items():
            step = (row + dr, col + dc)
            char = self.cell(grid, step)
            kind = KINDS[char]
            if kind == "wall" or (kind == "door" and char.lower() not in keys):
                continue
            yield letter, (step, "".join(sorted(set(keys + char))) if kind == "key" else keys), 1

    def heuristic(self, grid, state):
        return 0

    def graph_key(self, grid):
        return grid

    def target(self, grid):
        return None


PUZZLES = {"sliding_tile": SlidingTile, "water_jug": WaterJug, "keys_doors": KeysDoors}


def main(solve) -> None:
    """Read the input on stdin for the puzzle named in ``sys.argv[1]``; print ``solve(rules,
    instance)`` (the fewest moves' cost, -1 for none) one a line."""
    rules = PUZZLES[sys.argv[1]]()
    answers = [solve(rules, instance) for instance in rules.instances(sys.stdin.read())]
    sys.stdout.write("".join(f"{cost}\n" for cost in answers))
