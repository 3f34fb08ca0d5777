"""Pushing Boxes with the player's side forgotten: a planted wrong model for ``stategraph grade``.

The state is meant to be the box's cell and the player's side of it, but it compares (and hashes)
by the box's cell alone, so the state graph keeps one state per box cell: the side the first push
to reach a cell left the player on, whichever way the box arrives later.  Its answers are legal
pushes, yet where the player cannot get round the box it misses the cheaper (or only) way.
"""

from stategraph.puzzles.pushing_boxes import PushingBoxes
from stategraph.puzzles.pushing_boxes.model import BoxSideRules


class BoxCell(tuple):
    """``(box cell, side)``, equal to any other state of the same box cell: the side is forgotten."""

    def __eq__(self, other):
        return isinstance(other, tuple) and other[:1] == self[:1]

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self[0])


class BoxCellRules(BoxSideRules):
    """The default rules, each next state a :class:`BoxCell`."""

    summary = "the box's cell alone (wrong: it forgets which side of the box the player is on)"
    accelerator = None  # the rules as written, not the fast builder of the right model

    def moves(self, maze, state):
        for label, after, cost in super().moves(maze, state):
            yield label, BoxCell(after), cost


class ForgetsSide(PushingBoxes):
    models = {"box_only": BoxCellRules}
