"""Huarong Dao (NOIP 2013): fewest moves of one designated piece, many queries per board.

Read :mod:`.model` (the default model's rules) first, then :mod:`.board` (the input), this module,
:mod:`.piece_blank` (the naive model) and :mod:`.explain`; :mod:`.build` builds the board's graph
once, :mod:`.bounds` is the A* bound, and :mod:`.check` the independent checker (it shares no code
with the rest).

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
>>> huarong = get_puzzle("huarong")
>>> board = next(huarong.parse("3 4 2\\n0 1 1 1\\n0 1 1 0\\n0 1 0 0\\n3 2 1 2 2 2\\n1 2 2 2 3 2\\n"))
>>> model = huarong.model("piece_side")(board)
>>> answers = []
>>> for query in huarong.questions(board):
...     with model.state_graph(query) as graph:
...         answers.append(model.decode(query, solve(graph, "dijkstra")))
>>> answers, sorted(kind for _, _, kind in model.export_graph().edges(data="kind"))[:2]
([2, -1], ['rotate', 'rotate'])
"""

from __future__ import annotations

from ...contract.answer_line import COST
from ...contract.first_level import SuccessorPuzzle
from ..contest import ContestPackage, deprecated_model
from .board import LIMITS, NAME, START, Board, BoardCuts, Query, parse
from .build import board_graph
from .model import PieceSideRules
from .piece_blank import PieceBlankRules

__all__ = ["LIMITS", "START", "Board", "Huarong", "PieceBlankRules", "PieceSideRules", "Query", "board_graph", "parse"]


class Huarong(ContestPackage, SuccessorPuzzle):
    """NOIP 2013: one board per input, many queries per board; model ``piece_side`` is generated from
    its rules, :class:`~.model.PieceSideRules`, each query an instance of them."""

    name = NAME
    aliases = ("noip2013",)
    summary = "Huarong Dao (NOIP 2013): fewest moves of one piece, many queries per board"
    output = COST
    models = {"piece_side": PieceSideRules, "piece_blank": PieceBlankRules}
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


__getattr__ = deprecated_model(__name__, Huarong, PieceSide=("piece_side", "PieceSideRules"),
                              PieceBlank=("piece_blank", "PieceBlankRules"))
