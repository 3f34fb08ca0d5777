"""Walks between the sides of a blocking cell (a player getting behind a box, a blank round a
piece), computed once per cell and side from the grid's biconnected blocks.

>>> from stategraph.grid.cells import Grid, NORTH
>>> grid = Grid.from_rows(["...", "...", "..."], ".")
>>> SideWalks(grid).row(grid.cell(2, 2), NORTH)  # to the N, S, W and E sides
[0, 4, 2, 2]
"""

from __future__ import annotations

from .blocks import edge_blocks
from .cells import DIRECTIONS, Grid
from .walks import walks_within_block

_UNKNOWN = object()


def walk_round(grid: Grid, centre: int, a: int, b: int) -> int | None:
    """The walk between open neighbours ``a`` and ``b`` of the blocking ``centre`` when the cells
    round it allow the least one (0, 2 round an open corner, 4 along an open flank), else ``None``.

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


class SideWalks:
    """Walk lengths between the sides of a blocking cell, found once per cell and side.

    ``row(box, p)[q]`` is the walk from the side of ``box`` in direction ``p`` to the side in
    direction ``q`` (``None``: blocked, or no walk: the sides lie in different blocks).
    """

    def __init__(self, grid: Grid):
        self.grid = grid
        self.step = grid.step
        self.rows: dict[int, list] = {}
        self._blocks: list | None = None
        self._middles: dict = {}  # (chain end, first chain cell from it, other end) -> walk avoiding the chain

    def row(self, box: int, p: int) -> list:
        key = box * 4 + p
        row = self.rows.get(key)
        if row is not None:
            return row
        grid, step, rows = self.grid, self.step, self.rows
        free = grid.open
        player = box + step[p]
        row = [None, None, None, None]
        unknown = {}
        for q in DIRECTIONS:
            side = box + step[q]
            if not free[side]:
                continue
            if q == p:
                row[q] = 0
                continue
            other = rows.get(box * 4 + q)
            if other is not None:
                row[q] = other[p]
                continue
            walk = walk_round(grid, box, player, side)
            if walk is None:
                unknown[side] = q
            else:
                row[q] = walk
        if unknown:
            blocks = self._blocks
            if blocks is None:
                blocks = self._blocks = edge_blocks(grid)
            block = blocks[key]
            reachable = {side: q for side, q in unknown.items() if blocks[box * 4 + q] == block}
            if len(reachable) == 1 and self._degree(box, block) == 2:
                # the box stands inside a chain of its block: walk along the chain and round it
                (side, q), = reachable.items()
                row[q] = self._chain_walk(box, player, side, block)
            elif reachable:
                found = walks_within_block(grid, player, reachable, box, blocks, block)
                for side, walk in found.items():
                    row[reachable[side]] = walk
        rows[key] = row
        return row

    def _degree(self, cell: int, block: int) -> int:
        """How many edges of ``block`` meet at ``cell``."""
        blocks, base = self._blocks, cell * 4
        assert blocks is not None
        return ((blocks[base] == block) + (blocks[base + 1] == block) + (blocks[base + 2] == block)
                + (blocks[base + 3] == block))

    def _trace(self, start: int, came_from: int, stop: int, block: int) -> tuple:
        """Follow the chain of ``block`` (cells where two of its edges meet) from ``start`` away from
        ``came_from``: ``(None, steps)`` on reaching ``stop``, else ``(end, steps, cells)`` at the
        chain's end, ``cells`` those passed before it."""
        blocks, step = self._blocks, self.step
        assert blocks is not None
        cells: list[int] = []
        cur, prev, steps = start, came_from, 0
        while True:
            if cur == stop:
                return None, steps
            base = cur * 4
            degree = 0
            ahead = -1
            for d in DIRECTIONS:
                if blocks[base + d] == block:
                    degree += 1
                    v = cur + step[d]
                    if v != prev:
                        ahead = v
            if degree != 2:
                return cur, steps, cells
            cells.append(cur)
            prev, cur = cur, ahead
            steps += 1

    def _chain_walk(self, box: int, player: int, side: int, block: int) -> int | None:
        """The walk from ``player`` to ``side`` (the box's only neighbours in ``block``): along the
        chain to its ends, and between the ends avoiding the chain (found once per chain)."""
        first = self._trace(player, box, side, block)
        if first[0] is None:  # the block is a ring
            return first[1]
        end1, steps1, cells1 = first
        end2, steps2, cells2 = self._trace(side, box, player, block)
        if end1 == end2:
            return steps1 + steps2
        middle = self._middles.get((end1, cells1[-1] if cells1 else box, end2), _UNKNOWN)
        if middle is _UNKNOWN:
            assert self._blocks is not None
            avoid = [box, *cells1, *cells2]
            middle = walks_within_block(self.grid, end1, [end2], box, self._blocks, block, avoid).get(end2)
            self._middles[end1, cells1[-1] if cells1 else box, end2] = middle
            self._middles[end2, cells2[-1] if cells2 else box, end1] = middle
        return None if middle is None else steps1 + middle + steps2
