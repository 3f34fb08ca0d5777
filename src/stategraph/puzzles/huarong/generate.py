"""Seeded random Huarong Dao boards and queries: the benchmarks' inputs and instances on demand.
Boards are rows of 0 (fixed) and 1 (movable); cells are 0-based, written 1-based.

>>> import random
>>> print(random_instance(random.Random(11), 2), end="")
2 3 1
1 1 0
1 1 1
1 1 2 2 2 1
"""

from __future__ import annotations

import random

FIXED_RATIOS = (0.0, 0.1, 0.25, 0.4)  # the spread of fixed cells one instance is drawn with


def random_board(rows: int, cols: int, fixed_ratio: float, rng: random.Random) -> list[list[int]]:
    """A ``rows`` x ``cols`` board, each cell fixed (0) with probability ``fixed_ratio``."""
    return [[0 if rng.random() < fixed_ratio else 1 for _ in range(cols)] for _ in range(rows)]


def movable(board: list[list[int]]) -> list[tuple[int, int]]:
    """The movable cells of ``board``, row by row."""
    return [(r, c) for r, row in enumerate(board) for c, value in enumerate(row) if value]


def random_queries(board: list[list[int]], count: int, rng: random.Random) -> list[tuple]:
    """``count`` queries ``(blank, piece, target)``: the blank and the piece on two distinct
    movable cells, the target on any movable cell (the piece's own: the answer is 0)."""
    cells = movable(board)
    return [(*rng.sample(cells, 2), rng.choice(cells)) for _ in range(count)]


def board_text(board: list[list[int]], queries: list) -> str:
    """The input text of ``board`` with ``queries``, each three cells (blank, piece, target)."""
    lines = [f"{len(board)} {len(board[0])} {len(queries)}"] + [" ".join(map(str, row)) for row in board]
    lines += [" ".join(f"{r + 1} {c + 1}" for r, c in query) for query in queries]
    return "\n".join(lines) + "\n"


def random_instance(rng: random.Random, size: int) -> str:
    """An input of one board whose longer side is ``size + 1`` (the other from 1 to that), at
    least two cells movable, with 1 to ``size`` queries; some are answered -1."""
    side, other = size + 1, rng.randint(1, size + 1)
    rows, cols = (side, other) if rng.random() < 0.5 else (other, side)
    ratio = rng.choice(FIXED_RATIOS)
    board = random_board(rows, cols, ratio, rng)
    while len(movable(board)) < 2:
        board = random_board(rows, cols, ratio, rng)
    return board_text(board, random_queries(board, rng.randint(1, size), rng))
