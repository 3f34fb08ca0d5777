"""Missionaries and cannibals (examples/river_crossing), answered by a breadth-first search over the right bank.

A position is the right bank's (missionaries, cannibals, whether the boat is there).  The search finds the
distance of every position to the goal (a crossing is undone by rowing the same boatful back, so it runs from the
goal), then the first crossing in the documented order (the boatful's letters alphabetically: C < CC < M < MC <
MM) that comes one nearer, step by step.  What is known of the puzzle holds the brute force itself: 11 crossings
for 3 pairs and a boat of 2, none for 4 pairs; a boat of 3 takes 5 pairs but not 6.  The wrong model forgets the
boat, so it rows from either bank at will: a search of its own here foresees its count.
"""

from __future__ import annotations

from collections import deque

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, WRONG, BadInput, RandomRun, Views, terminated


def boatfuls(seats: int) -> list[tuple[int, int]]:
    """``(missionaries, cannibals)`` of every boatful, alphabetically by its letters."""
    loads = [(m, c) for m in range(seats + 1) for c in range(seats + 1) if 1 <= m + c <= seats]
    return sorted(loads, key=lambda load: "M" * load[0] + "C" * load[1])


def safe(pairs: int, right_m: int, right_c: int) -> bool:
    """Whether both banks are in range and neither has its missionaries outnumbered."""
    left_m, left_c = pairs - right_m, pairs - right_c
    return (0 <= right_m <= pairs and 0 <= right_c <= pairs and not (left_m and left_m < left_c)
            and not (right_m and right_m < right_c))


def neighbours(pairs: int, seats: int, position: tuple):
    """``(label, position after)`` of each crossing; a position is the right bank's
    ``(missionaries, cannibals, boat there)``."""
    right_m, right_c, boat_right = position
    for m, c in boatfuls(seats):
        step = -1 if boat_right else 1
        after = (right_m + step * m, right_c + step * c, not boat_right)
        if safe(pairs, after[0], after[1]):
            letters = "M" * m + "C" * c
            yield (f"<{letters}" if boat_right else f"{letters}>"), after


def solution(question: tuple[int, int]):
    pairs, seats = question
    goal, here = (pairs, pairs, True), (0, 0, False)
    depth, queue = {goal: 0}, deque([goal])
    while queue:
        position = queue.popleft()
        for _, after in neighbours(pairs, seats, position):
            if after not in depth:
                depth[after] = depth[position] + 1
                queue.append(after)
    if here not in depth:
        return None, None
    labels = []
    while depth[here]:
        label, here = next((label, after) for label, after in neighbours(pairs, seats, here)
                           if depth[after] == depth[here] - 1)
        labels.append(label)
    return len(labels), labels


def line(cost, moves) -> str:
    return "-1" if cost is None else f"{cost} {' '.join(moves)}"


def boatless_crossings(question: tuple[int, int]):
    """The fewest crossings of the wrong model: any boatful from either bank, wherever the boat is."""
    pairs, seats = question
    depth, queue = {(0, 0): 0}, deque([(0, 0)])
    while queue:
        right = queue.popleft()
        if right == (pairs, pairs):
            return depth[right]
        for m, c in boatfuls(seats):
            for sign in (1, -1):
                after = (right[0] + sign * m, right[1] + sign * c)
                if safe(pairs, *after) and after not in depth:
                    depth[after] = depth[right] + 1
                    queue.append(after)
    return None


def instances(text: str) -> list[tuple[int, int]]:
    numbers = [int(word) for word in text.split()]
    lines = list(zip(numbers[::2], numbers[1::2]))
    return lines[:lines.index((0, 0))]


join = terminated

MODELS = {"banks": RIGHT, "no_boat": WRONG}
ROUTINES = {"banks": NO_ASTAR}
REFUSED = {("banks", "astar"): NO_HEURISTIC}
SAMPLE_ANSWERS = ("-1",)


def census(question, model) -> dict:
    return {"cost": boatless_crossings(question)} if model == "no_boat" else {}


def edited(lines: list[str]):
    lines = list(lines)
    lines[0] = "2 C> M>"  # the wrong model's answer: two crossings from the left
    lines[2] = "5 CC> <C MM> <C MM>"  # the last boatful is not there to cross
    lines[3] = "3 CC> MM> MC>"
    return lines, ["instance 1: line 1: move 2 ('M>') is not a move of state (1, 0, 'R')...",
                   "instance 3: line 3: move 5 ('MM>') is not a move of state (0, 2, 'L')...",
                   "instance 4: line 4: move 2 ('MM>') is not a move of state (3, 1, 'R')...",
                   "stategraph: checked 8 answers: 5 ok, 3 with a problem"]


BAD_INPUTS = [
    BadInput("no pairs", "3 2\n0 2\n0 0\n", "3 2\n0 0\n",
             "2:1: instance 2: n and k must be at least 1 (only '0 0' ends the input)"),
    BadInput("no seats", "3 2\n2 0\n0 0\n", "3 2\n0 0\n",
             "2:3: instance 2: n and k must be at least 1 (only '0 0' ends the input)"),
    BadInput("not a number", "3 2\n2 x\n0 0\n", "3 2\n0 0\n",
             "2:3: instance 2: expected the boat's seats (an integer), found 'x'"),
    BadInput("too many seats", "3 11\n0 0\n", "",
             "1:3: instance 1: the boat's seats must be between 0 and 10, found 11"),
    BadInput("no terminator", "3 2\n", "3 2\n0 0\n", "2: instance 2: missing the '0 0' line that ends the input"),
    BadInput("after the terminator", "3 2\n0 0\n5\n", "3 2\n0 0\n", "3:1: unexpected '5' after the '0 0' line"),
]

# 36 questions of seed 31, 1 to 24 pairs and a boat of 1 to 5: solvable and not
RANDOM = RandomRun(seed=31, sizes=tuple(size for size in range(1, 13) for _ in range(3)), algorithm="bfs",
                   distinct=8, caught=1)

VIEWS = Views(instance=3, graph_instance=4, drawn_ids=frozenset({"text-picture"}),
              last_picture="0M 0C |~~~~boat| 2M 2C")  # 2 pairs, all on the right with the boat
