"""Pushing Boxes (POJ 1475): fewest pushes, then fewest walks.

Read in this order: :mod:`.model` (the default model's states and pushes, as first-level
rules), :mod:`.maze` (the input), this module (the puzzle and its models as stategraph sees
them), :mod:`.box_player` (the naive model, every player step a move), :mod:`.explain` (the
answer told step by step); :mod:`.build` is the rules' accelerator (their graph built fast: what
runs), and :mod:`.check` the independent checker of ``--verify`` and ``check`` (it shares no
code with the rest).

Model ``box_side`` (the default): a state is the box's cell and the side of
the box the player stands on.  A push edge costs ``Lex(1, w)``: one push,
after ``w`` walks to the cell behind the box (the box is an obstacle on that
walk).  One extra start state holds the box on B and the player on S.

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

import re

from ...contract.words import plural
from ...errors import VerificationError
from ..contest import ContestPuzzle, ContestRules
from .box_player import BoxPlayer
from .build import PROFILE, box_side_graph
from .explain import explain as explain_pushes
from .explain import scene as maze_scene
from .maze import LIMITS, NAME, START, Maze, MazeCuts, parse
from .model import BoxSideRules, decode_pushes

__all__ = ["BoxPlayer", "BoxSide", "LIMITS", "Maze", "PushingBoxes", "START", "box_side_graph", "decode_pushes",
           "parse"]

class BoxSide(ContestRules):
    """The seeds' model: the box's cell and the side of the box the player stands on; the rules
    of :mod:`.model`, built by their accelerator (:mod:`.build`) unless told not to."""

    name = "box_side"
    summary = "box cell x side of the box the player stands on; a push costs (1, walks to get behind the box)"
    profile = PROFILE
    has_heuristic = True
    source = BoxSideRules
    puzzle_name = NAME

    def decode(self, question, solution):
        """The pushes of the canonical path, each after its walk (:func:`.model.decode_pushes`)."""
        return decode_pushes(self.instance, solution)

    explain = staticmethod(explain_pushes)
    scene = staticmethod(maze_scene)

    @classmethod
    def move_label(cls, graph, u, v, attrs):
        """Off the path: the walk's length and the push (the exact letters are on the path)."""
        return f"walk {attrs['weight'].secondary}, push {attrs['move'][-1]}"

    @classmethod
    def path_labels(cls, record):
        """Each push with the walk before it, as the answer spells them."""
        return re.findall("[nswe]*[NSWE]", record.answer) if isinstance(record.answer, str) else None

class PushingBoxes(ContestPuzzle):
    """POJ 1475: one maze per instance, one question per maze."""

    name = NAME
    aliases = ("poj1475",)
    summary = "Pushing Boxes (POJ 1475): fewest pushes, then fewest walks"
    models = {"box_side": BoxSide, "box_player": BoxPlayer}
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
