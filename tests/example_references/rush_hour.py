"""Rush Hour (examples/rush_hour), answered by a breadth-first search over whole boards (tuples of row strings).

The search finds every board reachable, the fewest slides from each to one with X at the right edge (slides are
undone by a slide back: a search from the goals), then the first slide in the documented order (cars by letter,
back before on, nearest first) that keeps to a shortest way.  The wrong model (a move is one cell) counts the
cells driven, over the same boards.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from example_references import RIGHT, WITH_ASTAR, WRONG, BadInput, RandomRun, Views, terminated


def instances(text: str) -> list[tuple[str, ...]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(tuple(words[2:2 + rows]))
        words = words[2 + rows:]
    return found


@cache
def slides_of(board: tuple[str, ...]) -> tuple:
    """``(label, board)`` of every slide, in the documented order (kept: every search here asks again)."""
    return tuple(slides_from(board))


def slides_from(board: tuple[str, ...]):
    height, width = len(board), len(board[0])
    for letter in sorted({ch for row in board for ch in row if ch.isalpha()}):
        spots = [(r, c) for r in range(height) for c in range(width) if board[r][c] == letter]
        dr, dc = (1, 0) if spots[0][1] == spots[-1][1] else (0, 1)  # up and down, or across
        for sign in (-1, 1):
            lead = spots[0] if sign < 0 else spots[-1]
            for k in range(1, max(height, width)):
                r, c = lead[0] + sign * k * dr, lead[1] + sign * k * dc
                if not (0 <= r < height and 0 <= c < width) or board[r][c] != ".":
                    break
                grid = [list(row) for row in board]
                for i, j in spots:
                    grid[i][j] = "."
                for i, j in spots:
                    grid[i + sign * k * dr][j + sign * k * dc] = letter
                yield f"{letter}{'+' if sign > 0 else '-'}{k}", tuple("".join(row) for row in grid)


def out(board: tuple[str, ...]) -> bool:
    return any(row[-1] == "X" for row in board)


@cache
def reachable(start: tuple[str, ...]) -> frozenset:
    seen, queue = {start}, deque([start])
    while queue:
        for _, after in slides_of(queue.popleft()):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return frozenset(seen)


def solution(start: tuple[str, ...]):
    """The fewest slides, then the first in the documented order, or no way."""
    left = {board: 0 for board in reachable(start) if out(board)}  # a search from the goals
    queue = deque(left)
    while queue:
        board = queue.popleft()
        for _, after in slides_of(board):
            if after not in left:
                left[after] = left[board] + 1
                queue.append(after)
    if start not in left:
        return None, None
    labels, board = [], start
    while left[board]:
        label, board = next((label, after) for label, after in slides_of(board) if left.get(after) == left[board] - 1)
        labels.append(label)
    return len(labels), labels


def line(cost, moves) -> str:
    return "-1" if cost is None else " ".join([str(cost), *moves])


def cells_driven(start: tuple[str, ...]):
    """The fewest cells driven (what the wrong model counts), or ``None``."""
    depth, queue = {start: 0}, deque([start])
    while queue:
        board = queue.popleft()
        if out(board):
            return depth[board]
        for label, after in slides_of(board):
            if label[2:] == "1" and after not in depth:
                depth[after] = depth[board] + 1
                queue.append(after)
    return None


join = terminated

MODELS = {"slides": RIGHT, "steps": WRONG}
ROUTINES = {"slides": WITH_ASTAR}
REFUSED: dict = {}
SAMPLE_ANSWERS = ("0", "-1")


def census(board, model) -> dict:
    """Both models have every board reachable as states (one-cell steps reach them all too); the slides
    model an edge for each slide, the steps model for each slide of one cell, and the cells driven as cost."""
    boards = reachable(board)
    if model == "slides":
        return {"states": len(boards), "edges": sum(1 for b in boards for _ in slides_of(b))}
    return {"states": len(boards), "edges": sum(label[2:] == "1" for b in boards for label, _ in slides_of(b)),
            "cost": cells_driven(board)}


def edited(lines: list[str]):
    lines = list(lines)
    lines[0] = "3 C-1 B+1 X+3"  # B down one still blocks row 2
    lines[3] = "6 A-2 X+2 C-1 B-2 I+1 J+2"  # X is not out yet
    return lines, ["instance 1: line 1: move 3 ('X+3') is not a move of state ...",
                   "instance 4: line 4: the moves end in state ...",
                   "stategraph: checked 5 answers: 3 ok, 2 with a problem"]


BAD_INPUTS = [
    BadInput("a bent car", "3 3\nAA.\nXXA\n...\n0 0\n", "",
             "1:1: instance 1: car A covers (1,1) (1,2) (2,3): a car is one straight run of 2 or 3 cells, across or "
             "up and down"),
    BadInput("X upright", "3 3\nX..\nX..\n...\n0 0\n", "",
             "1:1: instance 1: a board needs the red car X, lying across"),
    BadInput("unknown character", "2 3\nXX.\n.a.\n0 0\n", "",
             "3:2: instance 1: unknown character 'a' in row 2, column 2 (expected one of "
             "#.ABCDEFGHIJKLMNOPQRSTUVWXYZ)"),
]

# 32 boards of seed 31, 4 x 4 to 6 x 6: one-cell steps are wrong on most, the first already (X drives two cells)
RANDOM = RandomRun(seed=31, sizes=(1, 2, 3, 4) * 8, algorithm="bfs", distinct=15, caught=17)

VIEWS = Views(instance=1, graph_instance=4, drawn_ids=frozenset({"route-path", "target", "car-X-1", "car-B-2"}),
              first_step="1. A1 B1 C2 X1: C-1 -> A1 B1 C1 X1; cost so far 1", last_picture="AA...\n...XX\nCCCB#\n...B.")
