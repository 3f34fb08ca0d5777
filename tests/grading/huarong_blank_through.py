"""Huarong Dao with the blank's first walk through the piece: a planted wrong model for ``stategraph grade``.

A query starts with the blank somewhere on the board; it must first walk to a side of the
designated piece, and the piece is in its way like a fixed cell.  This model forgets that for the
first walk (the blank's walks round the piece later are the right model's): where the short way
to a side goes through the piece, it counts moves the board does not allow.
"""

from contextlib import contextmanager

from stategraph.grid.cells import DIRECTIONS
from stategraph.grid.walks import walk_distances
from stategraph.puzzles.huarong import START, Huarong

PieceSide = Huarong.models["piece_side"]  # the model generated from its rules


class BlankThrough(PieceSide):
    name, summary = "blank_through", "piece_side, but the blank's first walk may pass through the piece (wrong)"

    @contextmanager
    def state_graph(self, query):
        with super().state_graph(query) as model:
            grid, piece = self.instance.grid, query.piece
            sides = {piece + grid.step[s]: s for s in DIRECTIONS if (piece, s) in model.graph}
            for cell, walk in walk_distances(grid, query.blank, sides).items():  # no blocked cell: the mistake
                model.graph.add_edge(START, (piece, sides[cell]), weight=walk, rank=sides[cell], kind="start")
            yield model


class BlankThroughPiece(Huarong):
    models = {"blank_through": BlankThrough}
