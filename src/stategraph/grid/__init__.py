"""Rectangular grids: cells and compass directions (re-exported here from
:mod:`~stategraph.grid.cells`), walks, biconnected blocks, and the walks round a blocking cell.
"""

from .cells import DELTAS, DIRECTIONS, EAST, LEFT_OF, LETTERS, NORTH, OPPOSITE, RIGHT_OF, SOUTH, WEST, Grid, neighbours

__all__ = ["DELTAS", "DIRECTIONS", "EAST", "LEFT_OF", "LETTERS", "NORTH", "OPPOSITE", "RIGHT_OF", "SOUTH", "WEST",
           "Grid", "neighbours"]
