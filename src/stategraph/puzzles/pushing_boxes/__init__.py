"""Pushing Boxes (POJ 1475): fewest pushes, then fewest walks.

Read :mod:`.model` (the default model's rules) first, then :mod:`.maze` (the input), this module,
:mod:`.box_player` (the naive model) and :mod:`.explain`; :mod:`.build` builds the rules' graph
fast, and :mod:`.check` is the independent checker (it shares no code with the rest).

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
>>> pb = get_puzzle("pushing_boxes")
>>> maze = next(pb.parse("1 7\\nSB....T\\n0 0\\n"))
>>> model = pb.model("box_side")(maze)
>>> with model.state_graph(maze) as graph:
...     solution = solve(graph, "dijkstra")
>>> graph.graph.number_of_nodes(), solution.cost, model.decode(maze, solution)
(6, Lex(primary=5, secondary=0), 'EEEEE')
"""

from __future__ import annotations

from ...contract.first_level import SuccessorPuzzle
from ...contract.words import plural
from ...errors import VerificationError
from ..contest import ContestPackage, deprecated_model
from .box_player import BoxPlayerRules
from .build import box_side_graph
from .maze import LIMITS, NAME, START, Maze, MazeCuts, parse
from .model import BoxSideRules, decode_pushes

__all__ = ["BoxPlayerRules", "BoxSideRules", "LIMITS", "Maze", "PushingBoxes", "START", "box_side_graph",
           "decode_pushes", "parse"]

class PushingBoxes(ContestPackage, SuccessorPuzzle):
    """POJ 1475: one maze per instance, one question per maze; model ``box_side`` is generated from
    its rules, :class:`~.model.BoxSideRules`, and the input read whole by the package's reader."""

    name = NAME
    aliases = ("poj1475",)
    summary = "Pushing Boxes (POJ 1475): fewest pushes, then fewest walks"
    models = {"box_side": BoxSideRules, "box_player": BoxPlayerRules}
    limits = LIMITS
    reader = staticmethod(parse)
    cutter = MazeCuts

    def instance_text(self, maze, question):
        return f"{len(maze.rows)} {len(maze.rows[0])}\n" + "\n".join(maze.rows) + "\n"

    def format_answer(self, maze, question, moves):
        """The contest output block of one maze.

        >>> PushingBoxes().format_answer(Maze(2, (), None, 0, 0, 0), None, None)
        'Maze #2\\nImpossible.\\n\\n'
        """
        return f"Maze #{maze.number}\n{'Impossible.' if moves is None else moves}\n\n"

    def label(self, maze, question):
        return f"maze {maze.number}"

    def judge_answer(self, maze, question, submitted, reference):
        if submitted.number != maze.number:
            raise VerificationError(f"expected 'Maze #{maze.number}', found 'Maze #{submitted.number}'")
        return self.answer_cost(maze, question, submitted.value), submitted.value == reference

    def describe_cost(self, cost):
        """The cost as words.

        >>> PushingBoxes().describe_cost((2, 9)), PushingBoxes().describe_cost((1, 1))
        ('2 pushes and 9 walks', '1 push and 1 walk')
        """
        return f"{plural(cost[0], 'push')} and {plural(cost[1], 'walk')}"


__getattr__ = deprecated_model(__name__, PushingBoxes, BoxSide=("box_side", "BoxSideRules"),
                              BoxPlayer=("box_player", "BoxPlayerRules"))
