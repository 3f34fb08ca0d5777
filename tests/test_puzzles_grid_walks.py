"""The grid's searches (grid_walks: walk lengths, their A* twin, walks inside a block, distance
fields, shortest walks), its blocks (grid_blocks) and the side walks both puzzles price their moves
with, against a plain BFS written here on (row, col) pairs and networkx's biconnected components."""

import random
from collections import deque

import networkx as nx
import pytest

from stategraph.grid import DELTAS, Grid, neighbours
from stategraph.grid.blocks import edge_blocks
from stategraph.grid.side_walks import SideWalks, walk_round
from stategraph.grid.walks import (
    FAR_GOALS,
    distance_field,
    shortest_walk,
    walk_distances,
    walk_distances_toward,
    walks_within_block,
)


def reference_walks(rows, start, goals, blocked):
    """Shortest walks over '.' cells from ``start`` to each goal, never entering ``blocked``."""
    dist = reference_distances(rows, start, blocked)
    return {goal: dist[goal] for goal in goals if goal in dist and goal != blocked}


def reference_distances(rows, start, blocked):
    """Every cell's shortest walk from ``start`` never entering ``blocked``, in the order a
    first-in first-out search trying N, S, W, E discovers them."""
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
    return dist


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


def test_breadth_first_walks_come_in_the_order_a_plain_bfs_reaches_the_goals():
    """Goals at the same depth too: in the order a first-in first-out search, trying N, S, W, E,
    first reaches them (what a Huarong Dao start's edges are added in, on a winding way)."""
    rng = random.Random(2013_44)
    ties = 0
    for _ in range(300):
        height, width = rng.randint(2, 12), rng.randint(2, 12)
        rows = ["".join("#" if rng.random() < 0.15 else "." for _ in range(width)) for _ in range(height)]
        free = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
        if len(free) < 6:
            continue
        start, blocked, *goals = rng.sample(free, 6)
        grid = Grid.from_rows(rows, ".")
        cells = {grid.cell(r + 1, c + 1): (r, c) for r, c in goals}
        found = walk_distances(grid, grid.cell(start[0] + 1, start[1] + 1), list(cells),
                               blocked=grid.cell(blocked[0] + 1, blocked[1] + 1))
        order = reference_distances(rows, start, blocked)
        assert [cells[cell] for cell in found] == [cell for cell in order if cell in goals]
        depths = list(found.values())
        ties += len(set(depths)) < len(depths)
    assert ties > 20  # goals at the same depth, ordered by more than their depth


def test_far_goals_on_a_winding_way_come_exact():
    """Walls with a gap at alternate ends: the goal is near as the crow flies, far on foot; the
    search by levels finds its walk exactly, and none for the goal the blocked cell cuts off
    nor for the one in a wall."""
    rows = []
    for r in range(21):
        if r % 2:
            gap = 19 if r % 4 == 1 else 0
            rows.append("".join("." if c == gap else "#" for c in range(20)))
        else:
            rows.append("." * 20)
    grid = Grid.from_rows(rows, ".")
    start, blocked = (0, 10), (20, 10)
    goals = [(20, 11), (19, 10), (20, 9)]  # E (cut off), N (a wall) and W of the blocked cell
    found = walk_distances_toward(grid, grid.cell(start[0] + 1, start[1] + 1),
                                  [grid.cell(r + 1, c + 1) for r, c in goals],
                                  blocked=grid.cell(blocked[0] + 1, blocked[1] + 1))
    expected = reference_walks(rows, start, goals, blocked)
    assert list(expected) == [(20, 9)] and expected[20, 9] > 100  # ten times as the crow flies
    assert [(grid.position(cell), walk) for cell, walk in found.items()] == [((21, 10), expected[20, 9])]


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


def random_rows(rng, most=12):
    height, width = rng.randint(1, most), rng.randint(1, most)
    rock = rng.choice((0.0, 0.15, 0.3, 0.45))
    return ["".join("#" if rng.random() < rock else "." for _ in range(width)) for _ in range(height)]


def open_cells(rows):
    return [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "."]


def grid_cell(grid, rc):
    return grid.cell(rc[0] + 1, rc[1] + 1)


def test_neighbours_are_the_open_cells_next_door():
    rng = random.Random(63)
    for _ in range(100):
        rows = random_rows(rng)
        grid = Grid.from_rows(rows, ".")
        free = set(open_cells(rows))
        table = neighbours(grid)
        for r in range(-1, len(rows) + 1):
            for c in range(-1, len(rows[0]) + 1):
                expected = [(r + dr, c + dc) for dr, dc in DELTAS if (r + dr, c + dc) in free]
                assert [grid.position(v) for v in table[grid.cell(r + 1, c + 1)]] == [
                    (x + 1, y + 1) for x, y in expected]


def test_distance_fields_equal_a_plain_bfs():
    rng = random.Random(324)
    for _ in range(200):
        rows = random_rows(rng)
        free = open_cells(rows)
        if len(free) < 2:
            continue
        start, blocked, stop = rng.choice(free), rng.choice(free + [None]), rng.choice(free + [None])
        grid = Grid.from_rows(rows, ".")
        dist = distance_field(grid, grid_cell(grid, start), -1 if blocked is None else grid_cell(grid, blocked),
                              None if stop is None else grid_cell(grid, stop))
        expected = reference_walks(rows, start, free, None if blocked == start else blocked)
        if stop is not None and stop in expected:  # stopped once the level holding ``stop`` is done
            expected = {cell: walk for cell, walk in expected.items() if walk <= expected[stop]}
        found = {grid.position(cell): walk for cell, walk in enumerate(dist) if walk is not None}
        assert found == {(r + 1, c + 1): walk for (r, c), walk in expected.items()}


def all_shortest_walks(rows, start, end, blocked):
    """Every shortest walk from ``start`` to ``end`` as letters, by a depth-first enumeration."""
    to_end = reference_walks(rows, end, open_cells(rows), blocked)
    if start not in to_end:
        return []
    walks = []

    def extend(cell, letters):
        if cell == end:
            walks.append(letters)
            return
        for letter, (dr, dc) in zip("nswe", DELTAS):
            nxt = (cell[0] + dr, cell[1] + dc)
            if to_end.get(nxt) == to_end[cell] - 1:
                extend(nxt, letters + letter)

    extend(start, "")
    return walks


def test_shortest_walks_are_the_least_of_all_shortest_walks():
    """Least in the order n < s < w < e, among every shortest walk enumerated."""
    rng = random.Random(357)
    checked = 0
    for _ in range(500):
        rows = random_rows(rng, most=6)
        free = open_cells(rows)
        if len(free) < 2:
            continue
        start, end = rng.sample(free, 2)
        blocked = rng.choice([cell for cell in free if cell not in (start, end)] + [None])
        grid = Grid.from_rows(rows, ".")
        walk = shortest_walk(grid, grid_cell(grid, start), grid_cell(grid, end),
                             -1 if blocked is None else grid_cell(grid, blocked))
        walks = all_shortest_walks(rows, start, end, blocked)
        assert walk == (min(walks, key=lambda w: ['nswe'.index(ch) for ch in w]) if walks else None)
        checked += len(walks) > 1
    assert checked > 50


def nx_grid(rows):
    graph = nx.Graph()
    free = set(open_cells(rows))
    graph.add_nodes_from(free)
    graph.add_edges_from(((r, c), (r + dr, c + dc)) for r, c in free for dr, dc in DELTAS[1::2]
                         if (r + dr, c + dc) in free)
    return graph


def grids_and_blocks(rng, count, comb_every):
    """``count`` random grids (every ``comb_every``-th a comb) with their rows and blocks."""
    for number in range(count):
        rows = comb_rows(rng, 9, 11) if number % comb_every == 0 else random_rows(rng)
        grid = Grid.from_rows(rows, ".")
        yield rows, grid, edge_blocks(grid)


def test_edge_blocks_are_networkx_biconnected_components():
    rng = random.Random(1962)
    several = 0
    for rows, grid, blocks in grids_and_blocks(rng, 150, 5):
        expected = {frozenset(frozenset(edge) for edge in component)
                    for component in nx.biconnected_component_edges(nx_grid(rows))}
        found: dict = {}
        for cell, block in enumerate(blocks):
            if block >= 0:
                u, d = divmod(cell, 4)
                a, b = grid.position(u), grid.position(u + grid.step[d])
                found.setdefault(block, set()).add(frozenset(((a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1))))
        assert {frozenset(edges) for edges in found.values()} == expected
        assert sorted(found) == list(range(len(found)))
        several += len(expected) > 2
    assert several > 50


def test_walks_within_a_block_equal_a_plain_bfs_round_the_cell():
    rng = random.Random(1973)
    checked = 0
    for rows, grid, blocks in grids_and_blocks(rng, 120, 3):
        free = open_cells(rows)
        for x in rng.sample(free, min(6, len(free))):
            sides = [(x[0] + dr, x[1] + dc) for dr, dc in DELTAS]
            for p, side in enumerate(sides):
                if side not in free:
                    continue
                avoid = rng.sample([cell for cell in free if cell not in (x, side)], min(2, len(free) - 2)) \
                    if rng.random() < 0.3 else []
                block = blocks[grid_cell(grid, x) * 4 + p]
                goals = [s for q, s in enumerate(sides) if s in free and blocks[grid_cell(grid, x) * 4 + q] == block]
                found = walks_within_block(grid, grid_cell(grid, side), [grid_cell(grid, g) for g in goals],
                                           grid_cell(grid, x), blocks, block, [grid_cell(grid, a) for a in avoid])
                expected = reference_walks([line if r not in {a[0] for a in avoid} else
                                            "".join("#" if (r, c) in avoid else ch for c, ch in enumerate(line))
                                            for r, line in enumerate(rows)], side, goals, x)
                assert {(r - 1, c - 1): walk for (r, c), walk in
                        ((grid.position(cell), walk) for cell, walk in found.items())} == expected
                checked += 1
    assert checked > 500


def test_walk_round_is_the_least_possible_walk_or_none():
    """0 for the same side, 2 for perpendicular sides, 4 for opposite ones: given exactly when a
    plain BFS round the cell finds that walk, ``None`` otherwise."""
    rng = random.Random(1980)
    given = {2: 0, 4: 0, None: 0}
    for _ in range(150):
        rows = random_rows(rng, most=8)
        grid = Grid.from_rows(rows, ".")
        free = set(open_cells(rows))
        for x in free:
            sides = [(x[0] + dr, x[1] + dc) for dr, dc in DELTAS]
            for p, a in enumerate(sides):
                for q, b in enumerate(sides):
                    if a not in free or b not in free:
                        continue
                    least = 0 if p == q else 4 if p // 2 == q // 2 else 2
                    walk = reference_walks(rows, a, [b], x).get(b)
                    found = walk_round(grid, grid_cell(grid, x), grid_cell(grid, a), grid_cell(grid, b))
                    assert found == (walk if walk == least else None), (rows, x, p, q)
                    if p != q:
                        given[found] += 1
    assert min(given.values()) > 100
