"""Seeded random Pushing Boxes mazes of any size (the random ones by the package's own generator)."""

from __future__ import annotations

import random

from stategraph.puzzles.pushing_boxes.generate import maze_text


def input_text(count: int, rows: int, cols: int, wall_ratio: float, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(maze_text(rows, cols, wall_ratio, rng) for _ in range(count)) + "0 0\n"


def open_maze_text(size: int) -> str:
    """One open ``size`` x ``size`` maze (no rock) with S, B and T at fixed, size-relative places:
    the box must travel about half the maze in each direction."""
    grid = [["."] * size for _ in range(size)]
    quarter, three_quarters = max(1, size // 4), max(1, (3 * size) // 4)
    marks = {(quarter - 1, quarter - 1): "S", (quarter, quarter): "B", (three_quarters, three_quarters): "T"}
    for (r, c), mark in marks.items():
        grid[min(r, size - 1)][min(c, size - 1)] = mark
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def walled_maze_text(size: int, wall_ratio: float, seed: int) -> str:
    """One ``size`` x ``size`` maze with rock on about ``wall_ratio`` of the cells (seeded), S, B
    and T where :func:`open_maze_text` puts them, each with its 3 x 3 neighbourhood cleared."""
    rng = random.Random(seed)
    grid = [["#" if rng.random() < wall_ratio else "." for _ in range(size)] for _ in range(size)]
    marks = [line.rstrip("\n") for line in open_maze_text(size).splitlines()[1:]]
    for r, line in enumerate(marks):
        for c, mark in enumerate(line):
            if mark in "SBT":
                for rr in range(max(0, r - 1), min(size, r + 2)):
                    for cc in range(max(0, c - 1), min(size, c + 2)):
                        grid[rr][cc] = "."
    for r, line in enumerate(marks):
        for c, mark in enumerate(line):
            if mark in "SBT":
                grid[r][c] = mark
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def comb_maze_text(size: int = 120, pocket_depth: int = 4) -> str:
    """A "comb": horizontal corridors, each with dead-end pockets hanging below it every other
    column, joined at both ends by two-wide open columns on the left and right edges.

    Walking round the box in a corridor means a detour through a neighbouring corridor, so
    side-to-side walks are long and the box can be pushed into many pockets."""
    period = pocket_depth + 2
    grid = [["#"] * size for _ in range(size)]
    corridors = []
    for top in range(0, size, period):
        corridors.append(top)
        for c in range(size):
            grid[top][c] = "."
        for depth in range(1, pocket_depth + 1):
            if top + depth >= size:
                break
            for c in range(3, size - 3, 2):
                grid[top + depth][c] = "."
    for r in range(size):
        for c in (0, 1, size - 2, size - 1):
            grid[r][c] = "."
    middle = corridors[len(corridors) // 2]
    grid[0][0] = "S"
    grid[middle][size // 2 + 1] = "B"
    grid[corridors[-1]][4] = "T"
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def single_maze_input(maze: str) -> str:
    return maze + "0 0\n"
