"""Compass directions and rectangular grids of open and blocked cells.

Cells are stored row-major in a flat list with a one-cell border of blocked
cells, so a neighbour is ``cell + grid.step[d]`` with no bounds check.

>>> g = Grid.from_rows(["..#", "..."], open_chars=".")
>>> g.cell(2, 3) - g.cell(1, 3) == g.step[SOUTH]
True
>>> shortest_walk(g, g.cell(1, 1), g.cell(2, 3))
'see'
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush

NORTH, SOUTH, WEST, EAST = 0, 1, 2, 3
DIRECTIONS = (NORTH, SOUTH, WEST, EAST)
LETTERS = "NSWE"
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))
OPPOSITE = (SOUTH, NORTH, EAST, WEST)
LEFT_OF = (WEST, EAST, SOUTH, NORTH)
RIGHT_OF = (EAST, WEST, NORTH, SOUTH)


@dataclass(frozen=True)
class Grid:
    """A ``rows`` x ``cols`` grid; ``open[cell]`` tells whether a walker may stand on ``cell``."""

    rows: int
    cols: int
    open: tuple

    @classmethod
    def from_rows(cls, rows, open_chars: str) -> Grid:
        height, width = len(rows), len(rows[0]) if rows else 0
        padded = [False] * ((height + 2) * (width + 2))
        for r, line in enumerate(rows, start=1):
            base = r * (width + 2)
            for c, ch in enumerate(line, start=1):
                padded[base + c] = ch in open_chars
        return cls(height, width, tuple(padded))

    @property
    def step(self) -> tuple:
        w = self.cols + 2
        return (-w, w, -1, 1)

    def cell(self, row: int, col: int) -> int:
        """The index of the 1-based position ``(row, col)``."""
        return row * (self.cols + 2) + col

    def position(self, cell: int) -> tuple:
        """The 1-based ``(row, col)`` of ``cell``."""
        return divmod(cell, self.cols + 2)

    def cells(self):
        """Every open cell, row by row."""
        return [i for i, free in enumerate(self.open) if free]


def neighbours(grid: Grid) -> list:
    """For every cell index, the tuple of its open neighbours (computed once per grid).

    >>> g = Grid.from_rows(["..", ".#"], ".")
    >>> [g.position(c) for c in neighbours(g)[g.cell(1, 1)]]
    [(2, 1), (1, 2)]
    """
    cached = grid.__dict__.get("_neighbours")
    if cached is None:
        free = grid.open
        n = len(free)
        step = grid.step
        cached = [tuple(v for v in (u + s for s in step) if 0 <= v < n and free[v]) for u in range(n)]
        object.__setattr__(grid, "_neighbours", cached)  # a cache, not a field: equality and hash ignore it
    return cached


def walk_round(grid: Grid, centre: int, a: int, b: int) -> int | None:
    """The walk between two open neighbours ``a`` and ``b`` of ``centre`` (which blocks the way) when
    the cells right round it allow the least possible one: 0 for the same cell, 2 for perpendicular
    sides (their corner open), 4 for opposite sides (a flank open); ``None`` when a search is needed.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> c = g.cell(2, 2)
    >>> walk_round(g, c, g.cell(1, 2), g.cell(2, 1)), walk_round(g, c, g.cell(1, 2), g.cell(3, 2))
    (2, 4)
    """
    free = grid.open
    if a == b:
        return 0
    corner = a + b - centre
    if corner != centre:
        return 2 if free[corner] else None
    across = a - centre
    for flank in grid.step:
        if flank != across and flank != -across:
            if free[a + flank] and free[centre + flank] and free[b + flank]:
                return 4
    return None


def edge_blocks(grid: Grid) -> list:
    """The biconnected component (block) of every edge between open cells, as a list indexed by
    ``cell * 4 + direction`` (the edge leaving ``cell`` that way; -1 where there is none).

    Two open neighbours ``a`` and ``b`` of an open cell ``x`` are joined by a walk avoiding ``x``
    exactly when the edges ``x-a`` and ``x-b`` lie in the same block, and every such walk (a
    shortest one included) stays inside that block. Iterative Tarjan (Hopcroft-Tarjan) search.

    >>> g = Grid.from_rows(["...", ".#.", "...", "#.#"], ".")
    >>> b = edge_blocks(g)
    >>> ring, stem = b[g.cell(1, 1) * 4 + EAST], b[g.cell(3, 2) * 4 + SOUTH]
    >>> ring == b[g.cell(3, 2) * 4 + WEST], ring != stem, stem == b[g.cell(4, 2) * 4 + NORTH]
    (True, True, True)
    """
    free = grid.open
    n = len(free)
    step = grid.step
    disc = [0] * n
    low = [0] * n
    blocks = [-1] * (4 * n)
    count = 0
    clock = 0
    for root in range(n):
        if not free[root] or disc[root]:
            continue
        clock += 1
        disc[root] = low[root] = clock
        dfs = [[root, -1, 0]]  # cell, parent, next direction to try
        edges: list = []  # (cell, direction) of the tree and back edges not yet in a block
        while dfs:
            top = dfs[-1]
            u, d = top[0], top[2]
            if d < 4:
                top[2] = d + 1
                v = u + step[d]
                if not (0 <= v < n) or not free[v] or v == top[1]:
                    continue
                if not disc[v]:
                    edges.append((u, d))
                    clock += 1
                    disc[v] = low[v] = clock
                    dfs.append([v, u, 0])
                elif disc[v] < disc[u]:  # a back edge to an ancestor
                    edges.append((u, d))
                    if disc[v] < low[u]:
                        low[u] = disc[v]
                continue
            dfs.pop()
            if not dfs:
                continue
            p = dfs[-1][0]
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:  # p separates u's subtree: its edges form a block
                while True:
                    x, dx = edges.pop()
                    y = x + step[dx]
                    blocks[x * 4 + dx] = blocks[y * 4 + OPPOSITE[dx]] = count
                    if x == p and y == u:
                        break
                count += 1
    return blocks


def walks_within_block(grid: Grid, start: int, goals, blocked: int, blocks: list, block: int,
                       avoid=()) -> dict:
    """:func:`walk_distances` from ``start`` avoiding ``blocked`` (and the cells ``avoid``) when every
    walk that matters stays inside ``block`` (see :func:`edge_blocks`): only that block's edges are
    followed."""
    wanted = set(goals)
    found = {}
    if start in wanted:
        found[start] = 0
        wanted.discard(start)
    left = len(wanted)
    if not left:
        return found
    step = grid.step
    seen = bytearray(len(grid.open))
    for cell in avoid:
        seen[cell] = 1
    seen[start] = seen[blocked] = 1
    frontier = [start]
    depth = 0
    while frontier:
        depth += 1
        following: list[int] = []
        append = following.append
        for u in frontier:
            base = u * 4
            for d in (0, 1, 2, 3):
                if blocks[base + d] == block:
                    v = u + step[d]
                    if not seen[v]:
                        seen[v] = 1
                        append(v)
                        if v in wanted:
                            found[v] = depth
                            left -= 1
        if not left:
            break
        frontier = following
    return found


def walk_distances(grid: Grid, start: int, goals, blocked: int = -1) -> dict:
    """Shortest walks from ``start`` to each reachable goal, never entering ``blocked``.

    Stops as soon as every goal is found.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> found = walk_distances(g, g.cell(1, 2), [g.cell(2, 1), g.cell(3, 2)], blocked=g.cell(2, 2))
    >>> {g.position(cell): walk for cell, walk in found.items()}
    {(2, 1): 2, (3, 2): 4}
    """
    wanted = set(goals)
    wanted.discard(blocked)
    found = {}
    if start in wanted:
        found[start] = 0
        wanted.discard(start)
    if not wanted:
        return found
    nbrs = neighbours(grid)
    seen = bytearray(len(nbrs))
    seen[start] = 1
    if blocked >= 0:
        seen[blocked] = 1
    frontier = [start]
    depth = 0
    left = len(wanted)
    while frontier:
        depth += 1
        following: list[int] = []
        append = following.append
        for u in frontier:
            for v in nbrs[u]:
                if not seen[v]:
                    seen[v] = 1
                    append(v)
                    if v in wanted:
                        found[v] = depth
                        left -= 1
        if not left:
            break
        frontier = following
    return found


# Goals at least this far (Manhattan) from the start are searched for by A*, nearer ones by BFS.
FAR_GOALS = 12
# An A* search that settles more than this many cells per unit of its goal's Manhattan distance
# gives way to one breadth-first search for every goal (a winding way defeats the heuristic).
DETOUR_FACTOR = 4


def walk_distances_toward(grid: Grid, start: int, goals, blocked: int = -1) -> dict:
    """:func:`walk_distances`, found when the goals are far from ``start`` by one A* search per
    goal (the heuristic: the Manhattan distance to it, deeper cells first among equals) instead
    of a breadth-first one: on open ground each search walks nearly straight to its goal
    instead of covering a disc round ``start``.  For the sides of a Huarong Dao piece the blank
    must reach on a large board (a 100 x 100 one: 2.7 times faster than breadth-first).  Where
    the way winds (an A* search settles more than ``DETOUR_FACTOR`` cells per unit of distance),
    one breadth-first search finds them all after all.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> found = walk_distances_toward(g, g.cell(1, 2), [g.cell(2, 1), g.cell(3, 2)], blocked=g.cell(2, 2))
    >>> {g.position(cell): walk for cell, walk in sorted(found.items())}
    {(2, 1): 2, (3, 2): 4}
    """
    width = grid.cols + 2
    row, col = divmod(start, width)
    nearest = min((abs(row - r) + abs(col - c) for r, c in (divmod(goal, width) for goal in goals)), default=0)
    if nearest < FAR_GOALS:
        return walk_distances(grid, start, goals, blocked)
    found = {}
    for goal in goals:
        if goal != blocked:
            walk = _walk_toward(grid, start, goal, blocked)
            if walk is _WINDING:
                return walk_distances(grid, start, goals, blocked)
            if walk is not None:
                found[goal] = walk
    return found


_WINDING = -1  # _walk_toward gave up


def _walk_toward(grid: Grid, start: int, goal: int, blocked: int) -> int | None:
    width = grid.cols + 2
    goal_row, goal_col = divmod(goal, width)
    row, col = divmod(start, width)
    budget = DETOUR_FACTOR * (abs(row - goal_row) + abs(col - goal_col)) + 16
    nbrs = neighbours(grid)
    best = {start: 0}
    closed = bytearray(len(nbrs))
    if blocked >= 0:
        closed[blocked] = 1
    heap = [(abs(row - goal_row) + abs(col - goal_col), 0, start)]  # (f, -g: deeper first, cell)
    pop, push = heappop, heappush
    while heap:
        _, minus_g, u = pop(heap)
        if u == goal:
            return -minus_g
        if closed[u]:
            continue
        closed[u] = 1
        budget -= 1
        if not budget:
            return _WINDING
        g = 1 - minus_g
        for v in nbrs[u]:
            if not closed[v] and g < best.get(v, g + 1):
                best[v] = g
                row, col = divmod(v, width)
                push(heap, (g + abs(row - goal_row) + abs(col - goal_col), -g, v))
    return None


def distance_field(grid: Grid, start: int, blocked: int = -1, stop: int | None = None) -> list:
    """Walk lengths from ``start``, indexed by cell (``None`` where no walk reaches), over every
    open cell or until ``stop`` is reached.

    >>> g = Grid.from_rows(["..", ".#"], ".")
    >>> [g.position(c) for c, d in enumerate(distance_field(g, g.cell(1, 1))) if d == 1]
    [(1, 2), (2, 1)]
    """
    nbrs = neighbours(grid)
    dist: list[int | None] = [None] * len(grid.open)
    mark = blocked >= 0 and blocked != start
    if mark:
        dist[blocked] = -1  # never entered; None again at the end
        if stop == blocked:
            stop = None  # never reached: the whole field
    dist[start] = 0
    frontier = [start]
    depth = 0
    while frontier and (stop is None or dist[stop] is None):
        depth += 1
        following: list[int] = []
        append = following.append
        for u in frontier:
            for v in nbrs[u]:
                if dist[v] is None:
                    dist[v] = depth
                    append(v)
        frontier = following
    if mark:
        dist[blocked] = None
    return dist


def shortest_walk(grid: Grid, start: int, end: int, blocked: int = -1) -> str | None:
    """The lexicographically smallest shortest walk (letters ``n < s < w < e``), or ``None``.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> shortest_walk(g, g.cell(1, 1), g.cell(3, 3)), shortest_walk(g, g.cell(3, 3), g.cell(1, 1))
    ('ssee', 'nnww')
    """
    dist = distance_field(grid, end, blocked, stop=start)
    if dist[start] is None:
        return None
    step = grid.step
    letters = []
    u = start
    while u != end:
        want = dist[u] - 1
        for d in DIRECTIONS:
            v = u + step[d]
            if dist[v] == want:
                letters.append(LETTERS[d].lower())
                u = v
                break
    return "".join(letters)
