"""Lights Out (examples/lights_out), answered by light chasing.

Choose which buttons of the first row to press; then a light left on in row r can only be turned off by pressing
the button below it, so every later row's presses are forced, and the choice works when the last row ends dark.
The fewest presses win, ties to the set first in reading order.  The state counts follow from linear algebra over
GF(2): the patterns a board reaches are 2^rank of its buttons' toggles; the sets of presses, 2^(rows*cols), a tree.
"""

from __future__ import annotations

from itertools import product

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, WASTEFUL, BadInput, RandomRun, Views, terminated

NEAR = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


def instances(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def press(lights: list[list[int]], r: int, c: int) -> None:
    for dr, dc in NEAR:
        if 0 <= r + dr < len(lights) and 0 <= c + dc < len(lights[0]):
            lights[r + dr][c + dc] ^= 1


def solutions(rows: list[str]):
    """Every set of buttons (0-based (row, col), in reading order) that turns the board dark."""
    height, width = len(rows), len(rows[0])
    for first in product((0, 1), repeat=width):
        lights, pressed = [[int(ch) for ch in line] for line in rows], []
        for r in range(height):
            for c in range(width):
                if (first[c] if r == 0 else lights[r - 1][c]):
                    press(lights, r, c)
                    pressed.append((r, c))
        if not any(lights[-1]):
            yield pressed


def labels(pressed) -> list[str]:
    return [f"({r + 1},{c + 1})" for r, c in pressed]


def solution(rows: list[str]):
    best = min(solutions(rows), key=lambda pressed: (len(pressed), pressed), default=None)
    return (None, None) if best is None else (len(best), labels(best))


def line(cost, moves) -> str:
    return "impossible" if cost is None else " ".join([str(cost), *moves])


def rank(rows: list[str]) -> int:
    """The rank over GF(2) of the buttons' toggles (each a bit mask of the lights)."""
    height, width = len(rows), len(rows[0])
    basis: list[int] = []
    for r, c in product(range(height), range(width)):
        mask = sum(1 << (r + dr) * width + c + dc for dr, dc in NEAR if 0 <= r + dr < height and 0 <= c + dc < width)
        for vector in basis:
            mask = min(mask, mask ^ vector)
        if mask:
            basis.append(mask)
    return len(basis)


join = terminated

MODELS = {"lights": RIGHT, "presses": WASTEFUL}
ROUTINES = {"lights": NO_ASTAR, "presses": NO_ASTAR}
REFUSED = {("lights", "astar"): NO_HEURISTIC}
SAMPLE_ANSWERS = ("impossible", "0")


def routine_input(model: str, text: str) -> str:
    """The presses model by each routine without the 4 x 4 board: its 65,536 sets once (solve) are enough."""
    return text[:text.index("4 4\n")] + "0 0\n" if model == "presses" else text


def census(rows, model) -> dict:
    """Patterns: 2^rank states, each with a move per button; sets of presses: a tree of 2^(rows*cols)."""
    lights = len(rows) * len(rows[0])
    if model == "lights":
        return {"states": 2 ** rank(rows), "edges": 2 ** rank(rows) * lights}
    return {"states": 2 ** lights, "edges": 2 ** lights - 1}


def edited(lines: list[str]):
    lines = list(lines)
    longest = max(solutions(["1111"] * 4), key=len)  # the 4 x 4 board all on: 16 ways to turn it off
    lines[6] = " ".join([str(len(longest)), *labels(longest)])
    lines[3] = "1 (1,1)"  # the 2 x 3 board cannot be turned off
    return lines, ["instance 4: line 4: the moves end in state 010/100, which is not a goal",
                   f"instance 7: line 7: the answer costs {len(longest)}, but the optimum is 4",
                   "stategraph: checked 7 answers: 5 ok, 2 with a problem"]


BAD_INPUTS = [
    BadInput("unknown character", "2 2\n11\n11\n2 2\n10\n02\n0 0\n", "2 2\n11\n11\n0 0\n",
             "6:2: instance 2: unknown character '2' in row 2, column 2 (expected one of 10)"),
    BadInput("too wide", "2 2\n11\n11\n3 5\n", "2 2\n11\n11\n0 0\n",
             "4:3: instance 2: the column count must be between 0 and 4, found 5"),
]

# 32 boards of seed 4, 2 x 2 to 4 x 4: more sets of presses than patterns where some presses together change nothing
RANDOM = RandomRun(seed=4, sizes=(1, 2) * 15 + (3, 3), algorithm="bfs", distinct=15, more=1)

# the 3 x 3 board all on (instance 2); the state graph of the 2 x 2 board (instance 6)
VIEWS = Views(instance=2, graph_instance=6, drawn_ids=frozenset({"route-path"}))
