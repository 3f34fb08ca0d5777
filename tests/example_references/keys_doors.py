"""Keys and doors (examples/keys_doors), answered by a breadth-first search over (cell, keys held).

Steps go N S W E in that order, so the first shortest walk found is the canonical one.  The wrong model
(the cell alone) forgets the keys: a door counts as open when its key lies anywhere on the grid, which a
search of its own here foresees.
"""

from __future__ import annotations

from collections import deque

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, WRONG, BadInput, RandomRun, Views, terminated

STEPS = tuple(zip("NSWE", ((-1, 0), (1, 0), (0, -1), (0, 1))))


def instances(text: str) -> list[list[str]]:
    lines, found = text.split(), []
    while lines[:2] != ["0", "0"]:
        rows = int(lines[0])
        found.append(lines[2:2 + rows])
        lines = lines[2 + rows:]
    return found


def cells(rows: list[str]) -> dict:
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}


def solution(rows: list[str]):
    """The shortest walk from S to G holding the keys picked up, N S W E first."""
    at = cells(rows)
    start = next(cell for cell, ch in at.items() if ch == "S")
    seen = {(start, frozenset()): ""}
    queue = deque(seen)
    while queue:
        cell, keys = queue.popleft()
        if at[cell] == "G":
            return len(seen[cell, keys]), list(seen[cell, keys])
        for letter, (dr, dc) in STEPS:
            step = (cell[0] + dr, cell[1] + dc)
            ch = at.get(step, "#")
            if ch == "#" or (ch in "ABCD" and ch.lower() not in keys):
                continue
            after = (step, keys | {ch} if ch in "abcd" else keys)
            if after not in seen:
                seen[after] = seen[cell, keys] + letter
                queue.append(after)
    return None, None


def line(cost, moves) -> str:
    return "-1" if cost is None else " ".join([str(cost), *moves])


def forgetful_steps(rows: list[str]):
    """The fewest steps of the wrong model: a door is open if its key lies anywhere, held or not."""
    at = cells(rows)
    lying = {ch.upper() for ch in at.values() if ch in "abcd"}
    start = next(cell for cell, ch in at.items() if ch == "S")
    depth, queue = {start: 0}, deque([start])
    while queue:
        cell = queue.popleft()
        if at[cell] == "G":
            return depth[cell]
        for _, (dr, dc) in STEPS:
            step = (cell[0] + dr, cell[1] + dc)
            ch = at.get(step, "#")
            if ch != "#" and (ch not in "ABCD" or ch in lying) and step not in depth:
                depth[step] = depth[cell] + 1
                queue.append(step)
    return None


join = terminated

MODELS = {"cell_keys": RIGHT, "cell_only": WRONG}
ROUTINES = {"cell_keys": NO_ASTAR}
REFUSED = {("cell_keys", "astar"): NO_HEURISTIC}
SAMPLE_ANSWERS = ("-1",)


def census(rows, model) -> dict:
    return {"cost": forgetful_steps(rows)} if model == "cell_only" else {}


def edited(lines: list[str]):
    lines = list(lines)
    lines[0] = lines[0].replace("S S W W", "S W S W")  # from (2,5), W is a wall
    return lines, ["instance 1: line 1: move 6 ('W') is not a move of state ...",
                   "stategraph: checked 5 answers: 4 ok, 1 with a problem"]


BAD_INPUTS = [
    BadInput("unknown character", "2 3\nS.G\n.?.\n0 0\n", "",
             "3:2: instance 1: unknown character '?' in row 2, column 2 (expected one of #.SGabcdABCD)"),
]

RANDOM = RandomRun(seed=31, sizes=(1, 2, 3, 4, 5) * 8, algorithm="bfs", distinct=25, caught=1)

VIEWS = Views(instance=1, graph_instance=1, drawn_ids=frozenset({"route-path", "start", "target"}))
