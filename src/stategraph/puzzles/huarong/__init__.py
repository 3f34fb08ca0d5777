"""Huarong Dao (NOIP 2013): fewest moves of one designated piece, many queries per board.

Read in this order: :mod:`.model` (the default model's states and moves, as first-level rules),
:mod:`.board` (the input), this module (the puzzle and its models as stategraph sees them),
:mod:`.piece_blank` (the naive model, every slide a move), :mod:`.explain` (the answer told
slide by slide); :mod:`.build` is :mod:`.model` built fast, :mod:`.bounds` the A* bound, and
:mod:`.check` the independent checker of ``--verify`` and ``check`` (it shares no code with
the rest).

Model ``piece_side`` (the default): a state is the designated piece's cell and
the side of it where the blank is.  The board graph is built once: a
*rotate* edge moves the blank round the piece from one side to another
(weight: the blank's shortest walk avoiding the piece), a *swap* edge slides
the piece into the blank (weight 1; the blank ends on the opposite side).
Each query attaches a start state for a moment (the blank's walk to each
side of the piece), searches, and detaches it.

Why this puzzle is still a :class:`~stategraph.contract.puzzle.Model` written by hand, where
Pushing Boxes and Abbott's Revenge are written as rules with their fast builders as
accelerators: here one board graph serves every query of the board, each query changing it
for the length of its search (a puzzle of your own shares one graph among the questions of a board with ``graph_key``).

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
>>> huarong = get_puzzle("huarong")
>>> board = next(huarong.parse("3 4 2\\n0 1 1 1\\n0 1 1 0\\n0 1 0 0\\n3 2 1 2 2 2\\n1 2 2 2 3 2\\n"))
>>> model = huarong.model("piece_side")(board)
>>> answers = []
>>> for query in huarong.questions(board):
...     with model.state_graph(query) as graph:
...         answers.append(model.decode(query, solve(graph, "dijkstra")))
>>> answers, sorted(kind for _, _, kind in model.board_graph.edges(data="kind"))[:2]
([2, -1], ['rotate', 'rotate'])
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import partial

from ...contract.puzzle import Model
from ...graph.state_graph import WeightProfile
from ..contest import ContestPuzzle
from .board import LIMITS, Board, BoardCuts, Query, parse
from .bounds import Bounds
from .build import board_graph
from .explain import explain as explain_slides
from .explain import scene as board_scene
from .model import NAME, START, attach_start, detach, move_name
from .piece_blank import PieceBlank

__all__ = ["LIMITS", "START", "Board", "Huarong", "PieceBlank", "PieceSide", "Query", "board_graph", "parse"]

class PieceSide(Model):
    """The seeds' model: the designated piece's cell and the side of it where the blank is."""

    name = "piece_side"
    summary = ("piece cell x side of it where the blank is; rotations cost the blank's detour, "
               "a swap costs 1; built once per board")
    profile = WeightProfile(lex=False, unit=False, nonnegative=True)
    has_heuristic = True
    decode_needs_path = False

    def __init__(self, board: Board):
        super().__init__(board)
        self.board_graph = board_graph(board)
        self.bounds = Bounds(board.grid, self.board_graph)

    @contextmanager
    def state_graph(self, query):
        model = attach_start(self.instance, self.board_graph, query, self.bounds)
        try:
            yield model
        finally:
            detach(self.board_graph)

    def decode(self, query, solution):
        """The number of moves: the cost of the canonical path, or -1."""
        return -1 if not solution.found else solution.cost

    def export_graph(self):
        return self.board_graph

    explain = staticmethod(partial(explain_slides, single_slides=False))
    scene = staticmethod(board_scene)

    @classmethod
    def move_label(cls, graph, u, v, attrs):
        nodes = graph.nodes
        return move_name(attrs.get("kind"), nodes[u].get("side"), nodes[v].get("side"), attrs["weight"])

class Huarong(ContestPuzzle):
    """NOIP 2013: one board per input, many queries per board."""

    name = NAME
    aliases = ("noip2013",)
    summary = "Huarong Dao (NOIP 2013): fewest moves of one piece, many queries per board"
    models = {"piece_side": PieceSide, "piece_blank": PieceBlank}
    limits = LIMITS
    reader = staticmethod(parse)
    cutter = BoardCuts

    def instance_text(self, board, query):
        """The board with the one query ``query`` (none when ``query`` is the board itself)."""
        grid = board.grid
        width = grid.cols + 2
        rows = [" ".join("1" if grid.open[r * width + c] else "0" for c in range(1, grid.cols + 1))
                for r in range(1, grid.rows + 1)]
        asked = query is not None and query is not board
        cells = (query.blank, query.piece, query.target) if asked else ()
        line = " ".join(f"{r} {c}" for r, c in map(grid.position, cells))
        return f"{grid.rows} {grid.cols} {int(asked)}\n" + "\n".join(rows) + "\n" + (line + "\n" if asked else "")

    def questions(self, board):
        return board.ask()

    def format_answer(self, board, query, moves):
        return f"{moves}\n"

    def label(self, board, query):
        return f"query {query.number}"

    def judge_answer(self, board, query, submitted, reference):
        return self.answer_cost(board, query, submitted.value), submitted.value == reference

    def answer_cost(self, board, query, moves):
        return None if moves == -1 else moves
