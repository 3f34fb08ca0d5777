"""Walks over a :class:`~stategraph.grid.cells.Grid`: walk lengths to a few goals (breadth-first, or A*
toward far goals), the same inside one biconnected block, a whole distance field, and the
lexicographically smallest shortest walk as letters.

>>> g = Grid.from_rows(["..#", "..."], open_chars=".")
>>> shortest_walk(g, g.cell(1, 1), g.cell(2, 3))
'see'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from heapq import heapify, heappop, heappush

from .cells import DIRECTIONS, LETTERS, Grid, neighbours, rows_and_cols


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
    nbrs = neighbours(grid)

    def expand(level: list, seen: bytearray) -> list:
        following: list[int] = []
        append = following.append
        for u in level:
            for v in nbrs[u]:
                if not seen[v]:
                    seen[v] = 1
                    append(v)
        return following

    return _breadth_first(start, wanted, len(nbrs), (blocked,) if blocked >= 0 else (), expand)


def walks_within_block(grid: Grid, start: int, goals, blocked: int, blocks: list, block: int,
                       avoid=()) -> dict:
    """:func:`walk_distances` from ``start`` avoiding ``blocked`` (and the cells ``avoid``) when every
    walk that matters stays inside ``block`` (see :func:`~stategraph.grid.blocks.edge_blocks`):
    only that block's edges are followed.

    >>> from stategraph.grid.blocks import edge_blocks
    >>> g = Grid.from_rows(["....", ".#..", "...."], ".")
    >>> blocks, x = edge_blocks(g), g.cell(2, 3)
    >>> found = walks_within_block(g, g.cell(1, 3), [g.cell(3, 3)], x, blocks, blocks[g.cell(1, 3) * 4 + 1])
    >>> list(found.values())
    [4]
    """
    step = grid.step

    def expand(level: list, seen: bytearray) -> list:
        following: list[int] = []
        for u in level:
            base = u * 4
            for d in (0, 1, 2, 3):
                if blocks[base + d] == block:
                    v = u + step[d]
                    if not seen[v]:
                        seen[v] = 1
                        following.append(v)
        return following

    return _breadth_first(start, set(goals), len(grid.open), (*avoid, blocked), expand)


def _breadth_first(start: int, wanted: set, size: int, closed: Iterable[int],
                   expand: Callable[[list, bytearray], list]) -> dict:
    """The walk lengths from ``start`` to the cells of ``wanted`` it reaches, level by level, never
    entering the cells ``closed`` (cells are below ``size``). ``expand(level, seen)`` returns the
    cells one step on from a level's cells that ``seen`` does not mark, marking them. Stops once
    every goal is found; goals come in the order they are reached (there are few: a level's
    cells are not scanned for them, ``seen`` tells)."""
    found = {}
    if start in wanted:
        found[start] = 0
        wanted.discard(start)
    if not wanted:
        return found
    seen = bytearray(size)
    for cell in closed:
        seen[cell] = 1
    seen[start] = 1
    wanted = {goal for goal in wanted if not seen[goal]}  # a closed goal is never reached
    frontier = [start]
    depth = 0
    while frontier and wanted:
        depth += 1
        frontier = expand(frontier, seen)
        reached = [goal for goal in wanted if seen[goal]]
        if reached:
            if len(reached) > 1:
                reached.sort(key=frontier.index)
            for cell in reached:
                found[cell] = depth
            wanted.difference_update(reached)
    return found


# Goals at least this far (Manhattan) from the start are searched for by A*, nearer ones by BFS.
FAR_GOALS = 12
# An A* search that settles more than this many cells per unit of its goal's Manhattan distance
# gives way to one breadth-first search for every goal (a winding way defeats the heuristic).
DETOUR_FACTOR = 4


def walk_distances_toward(grid: Grid, start: int, goals, blocked: int = -1, between=None) -> dict:
    """:func:`walk_distances`, found when the goals are far from ``start`` by one A* search that
    heads for each goal in turn, nearest first (the heuristic: the Manhattan distance to the goal
    of the moment, deeper cells first among equals), instead of a breadth-first one: on open
    ground it walks nearly straight to the first goal instead of covering a disc round ``start``,
    and the next goals, close to it, cost a few more cells (the sides of a cell that blocks the
    way, on a large board).  Where the way winds (the search settles more than
    ``DETOUR_FACTOR`` cells per unit of a goal's distance), one breadth-first search finds them
    all after all.  Goals come in the order given (breadth-first: in the order reached).
    ``between(a, b)``, if given, is a known walk from goal ``a`` to goal ``b`` avoiding ``blocked``
    (or ``None``): a goal whose walk through one already found equals its Manhattan distance needs
    no search.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> found = walk_distances_toward(g, g.cell(1, 2), [g.cell(2, 1), g.cell(3, 2)], blocked=g.cell(2, 2))
    >>> {g.position(cell): walk for cell, walk in sorted(found.items())}
    {(2, 1): 2, (3, 2): 4}
    """
    width = grid.cols + 2
    row, col = divmod(start, width)
    far = []
    for goal in goals:
        goal_row, goal_col = divmod(goal, width)
        far.append((abs(row - goal_row) + abs(col - goal_col), goal))
    if not far or min(far)[0] < FAR_GOALS:
        return walk_distances(grid, start, goals, blocked)
    walks = _walks_toward(grid, start, [(near, goal) for near, goal in sorted(far) if goal != blocked], blocked,
                          between)
    if walks is None:
        return walk_distances(grid, start, goals, blocked)
    return {goal: walks[goal] for goal in goals if goal in walks}


def _walks_toward(grid: Grid, start: int, goals: list, blocked: int, between) -> dict | None:
    """The walks to ``goals`` (``(Manhattan distance, goal)``, nearest first) by one A* search
    re-aimed at each goal in turn, or ``None`` if it gave up.  Re-aiming keeps every settled
    cell (its walk is exact whatever consistent heuristic settled it, and its neighbours are
    reached), so re-keying the open cells for the next goal keeps the search exact for it."""
    nbrs = neighbours(grid)
    rows, cols = rows_and_cols(grid)
    unknown = len(nbrs)  # longer than any walk
    best = [unknown] * len(nbrs)
    best[start] = 0
    closed = bytearray(len(nbrs))
    if blocked >= 0:
        closed[blocked] = 1
    found = {}
    heap = [(0, 0, start)]  # (f, -g: deeper first, cell)
    pop, push = heappop, heappush
    for near, goal in goals:
        if closed[goal]:
            if best[goal] < unknown:
                found[goal] = best[goal]
            continue
        if between is not None and _through_found(found, goal, between) == near:
            found[goal] = near  # no walk is shorter than the Manhattan distance
            continue
        goal_row, goal_col = rows[goal], cols[goal]
        heap = [(abs(rows[u] - goal_row) + abs(cols[u] - goal_col) - minus_g, minus_g, u)
                for _, minus_g, u in heap if not closed[u]]
        heapify(heap)
        budget = DETOUR_FACTOR * near + 16
        while heap:
            _, minus_g, u = pop(heap)
            if closed[u]:
                continue
            closed[u] = 1
            g = 1 - minus_g
            for v in nbrs[u]:  # the goal's too: every settled cell has its neighbours reached
                if g < best[v] and not closed[v]:
                    best[v] = g
                    push(heap, (g + abs(rows[v] - goal_row) + abs(cols[v] - goal_col), -g, v))
            if u == goal:
                found[goal] = -minus_g
                break
            budget -= 1
            if not budget:
                return None
        else:
            break  # every reachable cell settled: the goals left are out of reach or settled
    for _, goal in goals:
        if goal not in found and closed[goal] and best[goal] < unknown:
            found[goal] = best[goal]
    return found


def _through_found(found: dict, goal: int, between) -> int | None:
    """The shortest known walk to ``goal`` through a goal already found, or ``None``."""
    shortest = None
    for other, walk in found.items():
        link = between(other, goal)
        if link is not None and (shortest is None or walk + link < shortest):
            shortest = walk + link
    return shortest


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
