"""Walk lengths round a blocked cell (grid.walk_distances, its A* twin, and the side walks both
puzzles price their moves with) against a plain BFS written here on (row, col) pairs."""

import random
from collections import deque

import pytest

from stategraph.grid import DELTAS, FAR_GOALS, Grid, walk_distances, walk_distances_toward
from stategraph.side_walks import SideWalks


def reference_walks(rows, start, goals, blocked):
    """Shortest walks over '.' cells from ``start`` to each goal, never entering ``blocked``."""
    height, width = len(rows), len(rows[0])
    dist = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nxt = (r + dr, c + dc)
            if (0 <= nxt[0] < height and 0 <= nxt[1] < width and rows[nxt[0]][nxt[1]] == "."
                    and nxt != blocked and nxt not in dist):
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    return {goal: dist[goal] for goal in goals if goal in dist and goal != blocked}


@pytest.mark.parametrize("finder", [walk_distances, walk_distances_toward])
def test_walks_equal_a_plain_bfs_on_random_grids(finder):
    rng = random.Random(1475)
    far = 0
    for _ in range(300):
        height, width = rng.randint(1, 30), rng.randint(2, 30)
        rock = rng.choice((0.0, 0.1, 0.25, 0.4))
        rows = ["".join("#" if rng.random() < rock else "." for _ in range(width)) for _ in range(height)]
        free = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
        if len(free) < 3:
            continue
        start, blocked = rng.sample(free, 2)
        # the goals: the open sides of the blocked cell (as for a Huarong Dao piece), or any cells
        if rng.random() < 0.5:
            goals = [(blocked[0] + dr, blocked[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            goals = [g for g in goals if g in free]
        else:
            goals = rng.sample(free, rng.randint(1, min(4, len(free))))
        grid = Grid.from_rows(rows, ".")
        cells = {grid.cell(r + 1, c + 1): (r, c) for r, c in goals}
        found = finder(grid, grid.cell(start[0] + 1, start[1] + 1), list(cells),
                       blocked=grid.cell(blocked[0] + 1, blocked[1] + 1))
        assert {cells[cell]: walk for cell, walk in found.items()} == reference_walks(rows, start, goals, blocked)
        far += min((abs(start[0] - r) + abs(start[1] - c) for r, c in goals), default=0) >= FAR_GOALS
    assert far > 50  # the A* branch ran, not only the breadth-first one


def test_a_winding_way_falls_back_to_one_breadth_first_search(monkeypatch):
    """Walls with a gap at alternate ends: the goal is near as the crow flies, far on foot, so the
    A* search gives up and one breadth-first search answers (still exactly)."""
    import stategraph.grid as grid_module

    rows = []
    for r in range(21):
        if r % 2:
            gap = 19 if r % 4 == 1 else 0
            rows.append("".join("." if c == gap else "#" for c in range(20)))
        else:
            rows.append("." * 20)
    grid = Grid.from_rows(rows, ".")
    start, goal = (0, 10), (20, 10)
    fallbacks = []
    breadth_first = grid_module.walk_distances
    monkeypatch.setattr(grid_module, "walk_distances", lambda *args: fallbacks.append(args) or breadth_first(*args))
    found = walk_distances_toward(grid, grid.cell(start[0] + 1, start[1] + 1), [grid.cell(goal[0] + 1, goal[1] + 1)])
    assert fallbacks, "the A* search did not give up on a winding way"
    assert list(found.values()) == [reference_walks(rows, start, [goal], None)[goal]]


def comb_rows(rng, height, width):
    """Corridors joined at both ends with dead-end pockets below them (long detours round a cell)."""
    rows = [["#"] * width for _ in range(height)]
    for top in range(0, height, 4):
        rows[top] = ["."] * width
        for depth in (1, 2):
            if top + depth < height:
                for c in range(2, width - 2, 2):
                    rows[top + depth][c] = "." if rng.random() < 0.8 else "#"
    for r in range(height):
        rows[r][0] = rows[r][width - 1] = "."
    return ["".join(row) for row in rows]


def test_side_walks_equal_a_plain_bfs_round_the_cell():
    """Every side-to-side walk round every open cell of random and comb-shaped grids."""
    rng = random.Random(2013)
    checked = long_ones = 0
    for number in range(60):
        height, width = rng.randint(2, 14), rng.randint(2, 14)
        if number % 3 == 0:
            rows = comb_rows(rng, max(height, 5), max(width, 5))
        else:
            rock = rng.choice((0.0, 0.15, 0.3))
            rows = ["".join("#" if rng.random() < rock else "." for _ in range(width)) for _ in range(height)]
        grid = Grid.from_rows(rows, ".")
        walks = SideWalks(grid)
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch != ".":
                    continue
                sides = [(r + dr, c + dc) for dr, dc in DELTAS]
                for p, side in enumerate(sides):
                    if not (0 <= side[0] < len(rows) and 0 <= side[1] < len(line)) or rows[side[0]][side[1]] != ".":
                        continue
                    expected = reference_walks(rows, side, sides, (r, c))
                    row = walks.row(grid.cell(r + 1, c + 1), p)
                    found = {sides[q]: walk for q, walk in enumerate(row) if walk is not None}
                    assert found == expected, (rows, r, c, p)
                    checked += 1
                    long_ones += any(walk > 4 for walk in expected.values())
    assert checked > 1000 and long_ones > 50
