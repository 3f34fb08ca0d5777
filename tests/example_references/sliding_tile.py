"""The 8-puzzle (examples/sliding_tile), answered by a breadth-first search backwards from the solved board.

Boards are tuples (0 the blank); the blank's moves are their own inverses, so one search from the solved board
gives the fewest slides from every solvable board (``distances``, 181,440 of them, built once: ``depth``).  The
answer is the smallest U < D < L < R string among the shortest, read off those distances greedily.  Both models
are right: they differ in A*'s lower bound only.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from example_references import RIGHT, BadInput, RandomRun, Views, concatenated

SOLVED = (1, 2, 3, 4, 5, 6, 7, 8, 0)
BLANK_STEPS = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))  # the documented tie-break order


def neighbours(board):
    """``(letter, board)`` for each slide of the blank, in the tie-break order."""
    r, c = divmod(board.index(0), 3)
    for letter, dr, dc in BLANK_STEPS:
        if 0 <= r + dr < 3 and 0 <= c + dc < 3:
            cells = list(board)
            cells[r * 3 + c], cells[(r + dr) * 3 + c + dc] = cells[(r + dr) * 3 + c + dc], 0
            yield letter, tuple(cells)


def distances() -> dict:
    """The fewest slides from every solvable board to the solved one."""
    found = {SOLVED: 0}
    queue = deque([SOLVED])
    while queue:
        board = queue.popleft()
        for _, after in neighbours(board):
            if after not in found:
                found[after] = found[board] + 1
                queue.append(after)
    return found


depth = cache(distances)  # the table, built once a process


def nearer_than(start, steps: int) -> int:
    """How many boards are fewer than ``steps`` slides from ``start`` (BFS settles them all)."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        if found[board] + 1 < steps:
            for _, after in neighbours(board):
                if after not in found:
                    found[after] = found[board] + 1
                    queue.append(after)
    return len(found)


def way(board, pick=min) -> list[str]:
    """The letters of a shortest way to the solved board, ``pick`` choosing among the slides one nearer."""
    table, letters = depth(), []
    while table[board]:
        letter, board = pick((m for m in neighbours(board) if table[m[1]] == table[board] - 1),
                             key=lambda m: "UDLR".index(m[0]))
        letters.append(letter)
    return letters


def solution(board):
    if board not in depth():
        return None, None
    letters = way(board)
    return len(letters), letters


def line(cost, moves) -> str:
    return "-1" if cost is None else f"{cost} {''.join(moves)}".rstrip()


def instances(text: str):
    numbers = [int(word) for word in text.split()]
    return [tuple(numbers[i:i + 9]) for i in range(0, len(numbers), 9)]


join = concatenated

MODELS = {"manhattan": RIGHT, "misplaced": RIGHT}
# spfa, bidirectional_dijkstra and networkx build the whole graph, 181,440 states, for any board (5 s or more each):
# the routines that build what they reach; the models differ in A*'s bound only
ROUTINES = {"manhattan": ("bfs", "dijkstra", "astar"), "misplaced": ("astar",)}
REFUSED: dict = {}
SAMPLE_ANSWERS = ("-1",)
EXPECTED_FILES = {"input.txt": "expected.txt", "hardest.txt": "hardest-expected.txt",
                  "unsolvable.txt": "unsolvable-expected.txt"}
ONE_BOARD = "0 4 3\n2 1 8\n7 6 5\n"  # 12 slides from the solved board, by more than one shortest way


def routine_input(model: str, text: str) -> str:
    """Each routine on one board (input.txt's 24-move board settles 140,135 states in bfs)."""
    return ONE_BOARD


def edited(lines: list[str]):
    other = "".join(way((2, 8, 0, 3, 5, 6, 7, 1, 4), pick=max))  # another optimal answer: the largest letters
    return ["2 UR", f"24 {other}", "0"], [
        "instance 1: line 1: the moves end in state '123506478', which is not a goal",
        "instance 2: ok (optimal, not the canonical tie-break)",
        "instance 3: line 3: no moves given, and the start, '043218765', is not a goal: the answer must list its "
        "moves",
        "stategraph: checked 3 answers: 1 ok, 2 with a problem"]


BAD_INPUTS = [
    BadInput("a tile twice", "1 2 3\n4 5 6\n0 7 8\n1 2 3\n4 5 6\n7 8 8\n", "1 2 3\n4 5 6\n0 7 8\n",
             "4:1: instance 2: a board holds each of 0 to 8 once, found 1 2 3 4 5 6 7 8 8"),
]

# boards 6 to 18 slides scrambled, one with two tiles swapped (no way: it searches all 181,440 of its kind)
RANDOM = RandomRun(seed=11, sizes=(6, 10, 14, 18), algorithm="astar", distinct=4, compare=False)

# a board two slides from the solved one; each view builds the whole graph (181,440 states, 5 s or more): explained
# and exported (the path alone), not drawn (about 15 s; hanoi, river_crossing and water_jug draw text pictures too)
VIEWS = Views(instance=1, graph_instance=1, text="1 2 3\n4 5 6\n0 7 8\n", export=("--path-only",),
              path_states=("123456078", "123456708", "123456780"), drawn=False)
