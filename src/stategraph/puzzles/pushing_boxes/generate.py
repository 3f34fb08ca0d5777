"""Seeded random Pushing Boxes mazes: the benchmarks' inputs and one-maze instances on demand.

>>> import random
>>> print(random_instance(random.Random(7), 1), end="")
2 3
S#.
T#B
0 0
"""

from __future__ import annotations

import random

WALL_RATIOS = (0.0, 0.1, 0.2, 0.3)  # the spread of rock one instance is drawn with


def maze_text(rows: int, cols: int, wall_ratio: float, rng: random.Random) -> str:
    """One ``rows`` x ``cols`` maze (``rows * cols >= 3``), each cell rock with probability
    ``wall_ratio``, then S, B and T on three distinct cells; its header and rows, no ``0 0``."""
    grid = [["#" if rng.random() < wall_ratio else "." for _ in range(cols)] for _ in range(rows)]
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3)
    for (r, c), mark in zip(cells, "SBT"):
        grid[r][c] = mark
    return f"{rows} {cols}\n" + "\n".join("".join(row) for row in grid) + "\n"


def random_instance(rng: random.Random, size: int) -> str:
    """An input of one maze whose longer side is ``size + 2`` (the other from 1 to that), with
    a random share of rock: the box is often stuck, so solvable and impossible mazes both come."""
    side, other = size + 2, rng.randint(1, size + 2)
    rows, cols = (side, other) if rng.random() < 0.5 else (other, side)
    return maze_text(rows, cols, rng.choice(WALL_RATIOS), rng) + "0 0\n"
