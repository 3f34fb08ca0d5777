"""Seeded random Abbott's Revenge (UVa 816) inputs: 9 x 9 arrow mazes (by the package's own generator)."""

from __future__ import annotations

import random

from stategraph.puzzles.arrow_maze.generate import maze_text


def input_text(count: int, seed: int, size: int = 9) -> str:
    rng = random.Random(seed)
    return "".join(maze_text(f"MAZE{k}", rng, size) for k in range(1, count + 1)) + "END\n"
