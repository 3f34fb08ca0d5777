"""Seeded Huarong Dao inputs at the contest limit (30 x 30, q = 500)."""

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
