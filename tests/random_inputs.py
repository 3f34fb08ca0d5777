"""Seeded random contest inputs for every puzzle, built from the independent reference generators."""

from __future__ import annotations

import random

import ref_arrow_maze
import ref_huarong
import ref_pushing_boxes


def pushing_boxes_input(rng: random.Random, count: int, max_side: int = 8) -> str:
    blocks = []
    while len(blocks) < count:
        rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
        if rows * cols >= 3:
            blocks.append(ref_pushing_boxes.random_maze(rng, rows, cols))
    return ref_pushing_boxes.join_mazes(blocks)


def huarong_input(rng: random.Random, queries: int, max_side: int = 6) -> str:
    while True:
        n, m = rng.randint(1, max_side), rng.randint(1, max_side)
        if n * m >= 2:
            break
    board = ref_huarong.random_board(rng, n, m, rng.choice([0.0, 0.1, 0.25]))
    while sum(map(sum, board)) < 1:
        board = ref_huarong.random_board(rng, n, m, 0.1)
    return ref_huarong.format_input(board, ref_huarong.random_queries(rng, board, queries))


def arrow_maze_input(rng: random.Random, count: int) -> str:
    mazes = []
    while len(mazes) < count:
        maze = ref_arrow_maze.random_maze(rng, f"M{len(mazes)}")
        if maze is not None:
            mazes.append(maze)
    return ref_arrow_maze.build_input(mazes, rng=rng)  # with rng: some signs repeated, adding up


GENERATORS = {
    "pushing_boxes": lambda rng: pushing_boxes_input(rng, 10),
    "huarong": lambda rng: huarong_input(rng, 10),
    "arrow_maze": lambda rng: arrow_maze_input(rng, 10),
}
