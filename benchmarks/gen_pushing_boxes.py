"""Seeded random Pushing Boxes mazes of any size."""

from __future__ import annotations

import random


def maze_text(rows: int, cols: int, wall_ratio: float, rng: random.Random) -> str:
    grid = [["#" if rng.random() < wall_ratio else "." for _ in range(cols)] for _ in range(rows)]
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3)
    for (r, c), mark in zip(cells, "SBT"):
        grid[r][c] = mark
    return f"{rows} {cols}\n" + "\n".join("".join(row) for row in grid) + "\n"


def input_text(count: int, rows: int, cols: int, wall_ratio: float, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(maze_text(rows, cols, wall_ratio, rng) for _ in range(count)) + "0 0\n"
