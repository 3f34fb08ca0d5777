"""Walks over a :class:`~stategraph.grid.cells.Grid`: walk lengths to a few goals, inside one block, a
distance field, and the lexicographically smallest shortest walk as letters.

>>> g = Grid.from_rows(["..#", "..."], open_chars=".")
>>> shortest_walk(g, g.cell(1, 1), g.cell(2, 3))
'see'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cells import DIRECTIONS, LETTERS, Grid, neighbours, open_bits


def walk_distances(grid: Grid, start: int, goals, blocked: int = -1) -> dict:
    """Shortest walks from ``start`` to each reachable goal, never entering ``blocked``.

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
    """:func:`walk_distances` avoiding ``blocked`` and ``avoid``, following only ``block``'s edges
    (:func:`~stategraph.grid.blocks.edge_blocks`).

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
    """The walk lengths from ``start`` to the cells of ``wanted`` it reaches, never entering
    ``closed``; ``expand(level, seen)`` gives the next level's unseen cells, marking them.  Goals
    come in the order reached (``seen`` finds them: a level is not scanned)."""
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


FAR_GOALS = 12  # goals this far (Manhattan) or farther are searched for a level at a time


def walk_distances_toward(grid: Grid, start: int, goals, blocked: int = -1) -> dict:
    """:func:`walk_distances`; toward far goals a level at a time, a level being the bits of one
    integer, the next its shifts by a row and a column less the cells reached (a few integer
    operations instead of a step per cell).  Far goals come in the order given.

    >>> g = Grid.from_rows(["...", "...", "..."], ".")
    >>> found = walk_distances_toward(g, g.cell(1, 2), [g.cell(2, 1), g.cell(3, 2)], blocked=g.cell(2, 2))
    >>> {g.position(cell): walk for cell, walk in sorted(found.items())}
    {(2, 1): 2, (3, 2): 4}
    """
    width = grid.cols + 2
    row, col = divmod(start, width)
    near = min((abs(row - goal // width) + abs(col - goal % width) for goal in goals), default=0)
    if near < FAR_GOALS:
        return walk_distances(grid, start, goals, blocked)
    unreached = open_bits(grid) & ~(1 << start)
    if blocked >= 0:
        unreached &= ~(1 << blocked)
    wanted = 0
    for goal in goals:
        wanted |= 1 << goal
    wanted &= unreached  # a goal blocked or on a blocked cell is never reached
    found = {}
    level = 1 << start
    depth = 0
    while wanted and level:
        depth += 1
        level = ((level << 1) | (level >> 1) | (level << width) | (level >> width)) & unreached
        unreached ^= level
        if level & wanted:
            for goal in goals:
                if (level & wanted) >> goal & 1:
                    found[goal] = depth
            wanted &= ~level
    return {goal: found[goal] for goal in goals if goal in found}


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
