"""Walk lengths round a blocked cell (grid.walk_distances and its A* twin) against a plain BFS
written here on (row, col) pairs."""

import random
from collections import deque

import pytest

from stategraph.grid import FAR_GOALS, Grid, walk_distances, walk_distances_toward


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
