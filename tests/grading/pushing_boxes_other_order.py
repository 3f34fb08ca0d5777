"""Pushing Boxes with the pushes tried E, W, S, N: right costs, another tie-break (planted for ``grade --exact``).

Every answer is optimal, so grading by cost finds nothing; where two best answers tie, this one
prints the other, and ``--exact`` (the contest's bytes) catches it.
"""

from stategraph.puzzles.pushing_boxes import BoxSide, PushingBoxes
from stategraph.puzzles.pushing_boxes.model import BoxSideRules


class ReversedRules(BoxSideRules):
    def moves(self, maze, state):
        yield from reversed(list(super().moves(maze, state)))


class ReversedOrder(BoxSide):
    name, summary = "reversed_order", "box_side, its pushes tried E, W, S, N (not the contest's tie-break)"
    source = ReversedRules
    use_accelerator = False


class OtherOrder(PushingBoxes):
    models = {"reversed_order": ReversedOrder}
