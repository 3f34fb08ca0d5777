"""Compass directions and rectangular grids of open and blocked cells.

Cells are stored row-major in a flat list with a one-cell border of blocked cells, so a
neighbour is ``cell + grid.step[d]`` with no bounds check.

>>> g = Grid.from_rows(["..#", "..."], open_chars=".")
>>> g.cell(2, 3) - g.cell(1, 3) == g.step[SOUTH]
True
>>> g.position(g.cell(2, 3)), g.cells() == [g.cell(1, 1), g.cell(1, 2), g.cell(2, 1), g.cell(2, 2), g.cell(2, 3)]
((2, 3), True)
"""

from __future__ import annotations

from dataclasses import dataclass

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


def open_bits(grid: Grid) -> int:
    """The open cells as one integer, bit ``cell`` set for an open cell (computed once per grid).

    >>> g = Grid.from_rows(["..", ".#"], ".")
    >>> [cell for cell in range(len(g.open)) if open_bits(g) >> cell & 1] == g.cells()
    True
    """
    cached = grid.__dict__.get("_open_bits")
    if cached is None:
        cached = int("".join("1" if free else "0" for free in reversed(grid.open)), 2)
        object.__setattr__(grid, "_open_bits", cached)  # a cache, not a field
    return cached
