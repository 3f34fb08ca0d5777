"""Rectangular grids: cells and compass directions, walks, blocks, and the walks round a blocking cell.

:mod:`~stategraph.grid.cells` (the grid and its directions, re-exported here, so
``from stategraph.grid import Grid`` works), :mod:`~stategraph.grid.walks` (walk lengths),
:mod:`~stategraph.grid.blocks` (biconnected blocks) and :mod:`~stategraph.grid.side_walks` (a
player or the blank getting round a box or a piece).
"""

from .cells import DELTAS, DIRECTIONS, EAST, LEFT_OF, LETTERS, NORTH, OPPOSITE, RIGHT_OF, SOUTH, WEST, Grid, neighbours

__all__ = ["DELTAS", "DIRECTIONS", "EAST", "LEFT_OF", "LETTERS", "NORTH", "OPPOSITE", "RIGHT_OF", "SOUTH", "WEST",
           "Grid", "neighbours"]
