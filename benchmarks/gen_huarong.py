"""Seeded Huarong Dao inputs: at the contest limit (30 x 30, q = 500) and beyond it (100 x 100)."""

from __future__ import annotations

import random

from stategraph.puzzles.huarong import generate


def board_text(rows: int, cols: int, queries: int, fixed_ratio: float, seed: int) -> str:
    """A random board with ``queries`` random queries (the package's generator), from ``seed``."""
    rng = random.Random(seed)
    board = generate.random_board(rows, cols, fixed_ratio, rng)
    return generate.board_text(board, generate.random_queries(board, queries, rng))


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
    movable = generate.movable(board)
    return generate.board_text(board, [rng.sample(movable, 3) for _ in range(queries)])
