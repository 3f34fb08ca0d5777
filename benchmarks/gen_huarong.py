"""Seeded Huarong Dao inputs: at the contest limit (30 x 30, q = 500) and beyond it (100 x 100)."""

from __future__ import annotations

import random


def board_text(rows: int, cols: int, queries: int, fixed_ratio: float, seed: int) -> str:
    rng = random.Random(seed)
    board = [[0 if rng.random() < fixed_ratio else 1 for _ in range(cols)] for _ in range(rows)]
    movable = [(r, c) for r in range(rows) for c in range(cols) if board[r][c]]
    lines = [f"{rows} {cols} {queries}"] + [" ".join(map(str, row)) for row in board]
    for _ in range(queries):
        blank, piece, target = rng.sample(movable, 2) + [rng.choice(movable)]
        lines.append(" ".join(f"{r + 1} {c + 1}" for r, c in (blank, piece, target)))
    return "\n".join(lines) + "\n"


LARGE_SEEDS = {0.0: 2013, 0.1: 2014}  # the seeds of the 100 x 100 rows of run.py, queries beyond their 200


def large_board_text(fixed_ratio: float, queries: int = 1000, size: int = 100) -> str:
    """The large boards of the speed table: ``size`` x ``size``, all movable (``fixed_ratio`` 0) or
    about 10% fixed cells (0.1), ``queries`` random queries, from a fixed seed per kind."""
    return board_text(size, size, queries, fixed_ratio, LARGE_SEEDS[fixed_ratio])


def winding_board_text(size: int, queries: int, seed: int) -> str:
    """A ``size`` x ``size`` board where every 6th row is fixed but for a gap three cells wide, at
    the right and left end in turn: the piece winds from end to end (seeded random queries)."""
    board = [[1] * size for _ in range(size)]
    for r in range(5, size, 6):
        gap = range(size - 3, size) if (r // 6) % 2 == 0 else range(3)
        board[r] = [1 if c in gap else 0 for c in range(size)]
    return _with_queries(board, queries, random.Random(seed))


def comb_board_text(size: int, queries: int, seed: int) -> str:
    """The Pushing Boxes "comb" (corridors with dead-end pockets, joined at both ends) as a Huarong
    Dao board: the blank's walks round a piece in a corridor are long detours."""
    from gen_pushing_boxes import comb_maze_text

    board = [[0 if ch == "#" else 1 for ch in line] for line in comb_maze_text(size).splitlines()[1:]]
    return _with_queries(board, queries, random.Random(seed))


def _with_queries(board: list, queries: int, rng: random.Random) -> str:
    """The input text of ``board`` with ``queries`` random queries: blank, piece and target on
    three distinct movable cells."""
    rows, cols = len(board), len(board[0])
    movable = [(r, c) for r in range(rows) for c in range(cols) if board[r][c]]
    lines = [f"{rows} {cols} {queries}"] + [" ".join(map(str, row)) for row in board]
    for _ in range(queries):
        blank, piece, target = rng.sample(movable, 3)
        lines.append(" ".join(f"{r + 1} {c + 1}" for r, c in (blank, piece, target)))
    return "\n".join(lines) + "\n"
