"""A knight's shortest path (examples/knight), answered by a breadth-first search backwards from T.

A jump and its reverse join the same two squares, so the search runs from T; then from K the first jump, in the
documented order (the landing squares in reading order), that gets one jump nearer.  The right model's states
are the squares K reaches; the wasteful one's, the (square, last jump) pairs reached never jumping straight back.
"""

from __future__ import annotations

from collections import deque

from example_references import RIGHT, WASTEFUL, WITH_ASTAR, BadInput, RandomRun, Views, terminated

ORDER = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))  # landing squares in reading order


def instances(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def squares(rows: list[str]) -> dict:
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "#"}


def jumps_from(free: dict, square):
    for dr, dc in ORDER:
        landing = (square[0] + dr, square[1] + dc)
        if landing in free:
            yield f"{dr:+d}{dc:+d}", landing


def distances(free: dict, source) -> dict:
    depth, queue = {source: 0}, deque([source])
    while queue:
        square = queue.popleft()
        for _, landing in jumps_from(free, square):
            if landing not in depth:
                depth[landing] = depth[square] + 1
                queue.append(landing)
    return depth


def solution(rows: list[str]):
    free = squares(rows)
    knight, target = (next(sq for sq, ch in free.items() if ch == x) for x in "KT")
    to_target = distances(free, target)
    if knight not in to_target:
        return None, None
    route, square = [], knight
    while square != target:
        label, square = next((label, landing) for label, landing in jumps_from(free, square)
                             if to_target.get(landing) == to_target[square] - 1)
        route.append(label)
    return len(route), route


def line(cost, moves) -> str:
    return "unreachable" if cost is None else " ".join([str(cost), *moves])


def reachable_pairs(rows: list[str]) -> int:
    """How many (square, last jump) the knight reaches from K never jumping straight back (K: no last jump)."""
    free = squares(rows)
    start = (next(sq for sq, ch in free.items() if ch == "K"), None)
    seen, queue = {start}, deque([start])
    while queue:
        square, last = queue.popleft()
        for dr, dc in ORDER:
            landing = (square[0] + dr, square[1] + dc)
            if landing in free and (-dr, -dc) != last and (landing, (dr, dc)) not in seen:
                seen.add((landing, (dr, dc)))
                queue.append((landing, (dr, dc)))
    return len(seen)


join = terminated

MODELS = {"cell": RIGHT, "cell_last_jump": WASTEFUL}
ROUTINES = {"cell": WITH_ASTAR, "cell_last_jump": WITH_ASTAR}
REFUSED: dict = {}
SAMPLE_ANSWERS = ("unreachable",)


def census(rows, model) -> dict:
    if model == "cell":
        free = squares(rows)
        return {"states": len(distances(free, next(sq for sq, ch in free.items() if ch == "K")))}
    return {"states": reachable_pairs(rows)}


def edited(lines: list[str]):
    lines = list(lines)
    lines[0] = "4 -1+2 +1+2 +2-1 +2+1"  # from the top left corner, -1 row is off the board
    lines[2] = "2 +1+2 +1-2"  # the 3 x 3 board's centre is unreachable
    return lines, ["instance 1: line 1: move 1 ('-1+2') is not a move of state (1,1)...",
                   "instance 3: line 3: the moves end in state (3,1), which is not a goal",
                   "stategraph: checked 8 answers: 6 ok, 2 with a problem"]


BAD_INPUTS = [
    BadInput("unknown character", "1 2\nKT\n3 3\nK..\n.x.\n..T\n0 0\n", "1 2\nKT\n0 0\n",
             "5:2: instance 2: unknown character 'x' in row 2, column 2 (expected one of #.KT)"),
    BadInput("two knights", "1 2\nKT\n2 3\nK.T\n..K\n0 0\n", "1 2\nKT\n0 0\n",
             "5:3: instance 2: a grid needs exactly one 'K' (start), found 2: row 1 column 1 and row 2 column 3"),
]

# 36 boards of seed 31, 3 to 10 squares a side: the last jump adds states on most, removes them on none
RANDOM = RandomRun(seed=31, sizes=tuple(1 + k % 6 for k in range(36)), algorithm="bfs", distinct=25, more=19)

VIEWS = Views(instance=1, graph_instance=1, drawn_ids=frozenset({"route-path", "start", "target"}))
