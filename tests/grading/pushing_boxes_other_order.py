"""Pushing Boxes with the pushes tried E, W, S, N: right costs, another tie-break (planted for ``grade --exact``).

Every answer is optimal, so grading by cost finds nothing; where two best answers tie, this one
prints the other, and ``--exact`` (the contest's bytes) catches it.
"""

from stategraph.puzzles.pushing_boxes import PushingBoxes
from stategraph.puzzles.pushing_boxes.model import BoxSideRules


class ReversedRules(BoxSideRules):
    summary = "box_side, its pushes tried E, W, S, N (not the contest's tie-break)"
    accelerator = None

    def moves(self, maze, state):
        yield from reversed(list(super().moves(maze, state)))


class OtherOrder(PushingBoxes):
    models = {"reversed_order": ReversedRules}
