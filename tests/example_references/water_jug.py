"""Two water jugs (examples/water_jug), answered by a breadth-first search over (litres in A, litres in B)."""

from __future__ import annotations

from collections import deque

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, BadInput, RandomRun, Views, counted


def fewest_steps(a: int, b: int, c: int):
    """The fewest fills, empties and pours until one jug holds ``c`` litres, or ``None``."""
    depth = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        if c in (x, y):
            return depth[x, y]
        pour_xy, pour_yx = min(x, b - y), min(y, a - x)
        for after in ((a, y), (x, b), (0, y), (x, 0), (x - pour_xy, y + pour_xy), (x + pour_yx, y - pour_yx)):
            if after not in depth:
                depth[after] = depth[x, y] + 1
                queue.append(after)
    return None


def solution(jugs: tuple[int, int, int]):
    return fewest_steps(*jugs), None  # the example prints the count alone


def line(cost, moves) -> str:
    return "-1" if cost is None else str(cost)


def instances(text: str) -> list[tuple[int, int, int]]:
    numbers = [int(word) for word in text.split()]
    return [tuple(numbers[1 + 3 * k:4 + 3 * k]) for k in range(numbers[0])]


join = counted

MODELS = {"contents": RIGHT}
ROUTINES = {"contents": NO_ASTAR}
REFUSED = {("contents", "astar"): NO_HEURISTIC}
SAMPLE_ANSWERS = ("-1", "0")


def routine_input(model: str, text: str) -> str:
    """All but the last question, by each routine: its 160,000 states once (solve) are enough."""
    jugs = instances(text)[:-1]
    return f"{len(jugs)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in jugs)


def edited(lines: list[str]):
    wrong = ["2", "3", "-1", "-1", "-1", "0", "3"]
    return wrong, ["instance 2: line 2: answers 3, but no solution exists",
                   f"instance 3: line 3: claims no solution, but one of {lines[2]} exists",
                   "instance 5: line 5: claims no solution...",
                   f"instance 7: line 7: the answer costs 3, but the optimum is {lines[6]}",
                   "stategraph: checked 7 answers: 3 ok, 4 with a problem"]


BAD_INPUTS = [
    BadInput("no jug", "2\n3 5 4\n0 5 4\n", "1\n3 5 4\n",
             "3:1: instance 2: jug A's capacity must be between 1 and 40000, found 0"),
]

# 300 questions of seed 19, jugs of 1 to 31 litres
RANDOM = RandomRun(seed=19, sizes=tuple(range(1, 31)) * 10, algorithm="bfs", distinct=12, verify=True)

VIEWS = Views(instance=3, graph_instance=3, drawn_ids=frozenset({"text-picture"}), path_states=("(0, 0)",))
