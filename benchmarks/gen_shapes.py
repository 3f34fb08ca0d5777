"""Seeded inputs of shapes the other generators do not make: long routes, long walks, many blocked cells.

- Abbott's Revenge "snakes": one sign per intersection, leading along a random path through every
  cell of the 9 x 9 area, so every route is 81 cells long;
- Pushing Boxes labyrinths: one-cell corridors (a random spanning tree, a share of its walls
  knocked out so the player can walk round the box) and a two-cell-wide serpentine corridor: the
  player walks far between pushes;
- Huarong Dao boards with many fixed cells (``gen_huarong.board_text`` with a high ratio).

>>> route = hamiltonian_path(3, random.Random(1))
>>> len(route), len(set(route)), all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(route, route[1:]))
(9, 9, True)
"""

from __future__ import annotations

import random

HEADINGS = "NESW"  # clockwise
STEPS = {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}
TURN_LETTER = {0: "F", 1: "R", 3: "L"}  # clockwise quarter turns -> the sign's letter


def hamiltonian_path(size: int, rng: random.Random, moves: int = 400) -> list:
    """A random path through every cell of a ``size`` x ``size`` grid (cells from ``(1, 1)``):
    the row-by-row serpentine, then ``moves`` random "backbite" moves (join an end to a grid
    neighbour on the path, cut the path there)."""
    path = [(r, c if r % 2 else size + 1 - c) for r in range(1, size + 1) for c in range(1, size + 1)]
    for _ in range(moves):
        if rng.random() < 0.5:
            path.reverse()
        (r, c), after = path[0], path[1]
        dr, dc = rng.choice(list(STEPS))
        joined = (r + dr, c + dc)
        if joined == after or not (1 <= joined[0] <= size and 1 <= joined[1] <= size):
            continue
        cut = path.index(joined)
        path = path[:cut][::-1] + path[cut:]
    return path


def snake_maze_text(name: str, rng: random.Random, size: int = 9) -> str:
    """One Abbott's Revenge maze whose only route runs along a random path through every cell:
    each cell on the way has one sign, for the heading it is entered with, turning to the next."""
    path = hamiltonian_path(size, rng)
    headings = [HEADINGS.index(STEPS[(b[0] - a[0], b[1] - a[1])]) for a, b in zip(path, path[1:])]
    signs = {cell: HEADINGS[came] + TURN_LETTER[(went - came) % 4]
             for cell, came, went in zip(path[1:], headings, headings[1:])}
    (r0, c0), (r1, c1) = path[0], path[-1]
    lines = [name, f"{r0} {c0} {HEADINGS[headings[0]]} {r1} {c1}"]
    lines += [f"{r} {c} {signs[r, c]} *" for r, c in sorted(signs)]
    return "\n".join(lines + ["0"]) + "\n"


def snake_input(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(snake_maze_text(f"SNAKE{k}", rng) for k in range(1, count + 1)) + "END\n"


def labyrinth_text(cells: int, loops: float, rng: random.Random) -> str:
    """A Pushing Boxes maze of ``2 * cells + 1`` rows and columns: one-cell corridors between the
    ``cells`` x ``cells`` odd cells along a random spanning tree, then ``loops`` of the remaining
    inner walls between two corridor cells opened; B on a random corridor cell it can be pushed
    from, S and T on two others."""
    size = 2 * cells + 1
    grid = [["#"] * size for _ in range(size)]
    grid[1][1] = "."
    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        r, c = stack[-1]
        ahead = [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < cells and 0 <= c + dc < cells
                 and (r + dr, c + dc) not in seen]
        if not ahead:
            stack.pop()
            continue
        nr, nc = rng.choice(ahead)
        seen.add((nr, nc))
        grid[2 * nr + 1][2 * nc + 1] = grid[r + nr + 1][c + nc + 1] = "."
        stack.append((nr, nc))
    walls = [(r, c) for r in range(1, size - 1) for c in range(1, size - 1) if grid[r][c] == "#" and r % 2 != c % 2]
    for r, c in rng.sample(walls, int(loops * len(walls))):
        grid[r][c] = "."
    floor = [(r, c) for r in range(size) for c in range(size) if grid[r][c] == "."]
    # the box where it can be pushed: open on both sides along a row or a column
    pushable = [(r, c) for r, c in floor
                if grid[r - 1][c] == grid[r + 1][c] == "." or grid[r][c - 1] == grid[r][c + 1] == "."]
    box = rng.choice(pushable)
    player, target = rng.sample([cell for cell in floor if cell != box], 2)
    for (r, c), mark in ((player, "S"), (box, "B"), (target, "T")):
        grid[r][c] = mark
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def labyrinth_input(count: int, cells: int, loops: float, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(labyrinth_text(cells, loops, rng) for _ in range(count)) + "0 0\n"


def serpentine_text(size: int) -> str:
    """One ``size`` x ``size`` Pushing Boxes maze: a corridor two cells wide winding from the top
    left to the bottom, S and B at its start, T at its far end: the box is pushed the whole way and
    the player walks round it at every bend."""
    grid = [["#"] * size for _ in range(size)]
    bands = range(1, size - 2, 4)  # each band: two corridor rows, then a wall row and a gap
    for i, top in enumerate(bands):
        for r in (top, top + 1):
            for c in range(1, size - 1):
                grid[r][c] = "."
        if top + 4 < size - 2:  # the two-wide link down to the next band, at alternating ends
            link = (size - 3, size - 2) if i % 2 == 0 else (1, 2)
            for r in (top + 2, top + 3):
                for c in link:
                    grid[r][c] = "."
    last = max(bands)
    grid[1][1], grid[2][2] = "S", "B"
    grid[last + 1][2 if len(bands) % 2 == 0 else size - 3] = "T"
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"
