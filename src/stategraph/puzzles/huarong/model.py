"""Huarong Dao's default model ``piece_side``, as the rules a learner writes: read this first.

A state is the designated piece's cell and the side of it where the blank is.  A *rotate* takes
the blank round the piece (cost: its shortest walk), a *swap* slides the piece into the blank
(cost 1).  A query starts from :data:`~.board.START` and is seen as an :class:`Asked`; the answer is
the cost, ``-1`` for none.

>>> from stategraph import get_puzzle
>>> from stategraph.grid.cells import EAST
>>> board = next(get_puzzle("huarong").parse("1 3 1\\n1 1 1\\n1 3 1 1 1 2\\n"))
>>> rules = PieceSideRules()
>>> asked = rules.ask(board, next(board.ask()))
>>> [(label, rules.state_label(asked, after), cost) for label, after, cost in rules.moves(asked, START)]
[('blank to E (1 moves)', 'piece=1,1 blank=E', 1)]
>>> [label for label, _, _ in rules.moves(asked, (board.grid.cell(1, 1), EAST))]
['slide E']

The queries of a board share its moves (``graph_key``), so what runs builds them once
(:mod:`.build`) and attaches each query's start to them.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import walk_distances
from .board import START, Board, Query
from .build import PROFILE, BoardGraph, attach_start, detach
from .explain import explain as explain_slides
from .explain import scene as board_scene
from .explain import steps


@dataclass(frozen=True)
class Asked:
    """One query on its board: the instance :class:`PieceSideRules` see."""

    board: Board
    query: Query


class PieceSideRules:
    """The rules of model ``piece_side``: the piece's cell and the blank's side of it."""

    summary = ("piece cell x side of it where the blank is; rotations cost the blank's detour, "
               "a swap costs 1; built once per board")
    profile = PROFILE
    answer_needs_path = False  # the answer is the cost alone

    def __init__(self) -> None:
        self._boards: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # board -> its BoardGraph

    def ask(self, board: Board, query: Query) -> Asked:
        return Asked(board, query)

    def graph_key(self, asked: Asked):
        return asked.board

    def start(self, asked: Asked):
        return START

    def is_goal(self, asked: Asked, state) -> bool:
        return (asked.query.piece if state == START else state[0]) == asked.query.target

    def moves(self, asked: Asked, state):
        """From the start, the blank's walk to each side of the piece (N, S, W, E); from a state,
        the blank's walks round the piece to each other side (N, S, W, E), then the swap."""
        grid = asked.board.grid
        free, step = grid.open, grid.step
        if state == START:
            piece, blank = asked.query.piece, asked.query.blank
            sides = [s for s in DIRECTIONS if free[piece] and free[piece + step[s]]]
        else:
            piece, side = state
            blank = piece + step[side]
            sides = [s for s in DIRECTIONS if s != side and free[piece + step[s]]]
        walks = walk_distances(grid, blank, [piece + step[s] for s in sides], blocked=piece)
        for s in sides:
            walk = walks.get(piece + step[s])
            if walk is not None:
                kind = "start" if state == START else "rotate"
                yield move_name(kind, None if state == START else LETTERS[side], LETTERS[s], walk), (piece, s), walk
        if state != START:
            yield move_name("swap", LETTERS[side], None, 1), (piece + step[side], OPPOSITE[side]), 1

    def heuristic(self, asked: Asked, state):
        """The board's A* bound for the query's target (:mod:`.bounds`)."""
        return self.shared(asked).heuristic(asked.query)(state)

    def state_label(self, asked: Asked, state) -> str:
        if state == START:
            (row, col), (blank_row, blank_col) = map(asked.board.grid.position, (asked.query.piece, asked.query.blank))
            return f"start blank={blank_row},{blank_col} piece={row},{col}"
        row, col = asked.board.grid.position(state[0])
        return f"piece={row},{col} blank={LETTERS[state[1]]}"

    def accelerator(self, asked: Asked):
        """The board's graph (built once per board) with the query's start attached (:mod:`.build`)."""
        board_graph = self.shared(asked)
        return attach_start(asked.board, board_graph.graph, asked.query, board_graph.heuristic(asked.query))

    def release(self, asked: Asked, state_graph) -> None:
        detach(self.shared(asked).graph)

    def export_graph(self, asked: Asked):
        """The board's graph, which every query searches (a :class:`~stategraph.graph.dicts.DictGraph`)."""
        return self.shared(asked).graph

    def answer(self, asked: Asked, solution) -> int:
        return solution.cost if solution.found else -1

    def explain(self, asked: Asked, solution, answer) -> dict:
        return explain_slides(asked.board, asked.query, solution, answer, single_slides=False)

    def scene(self, asked: Asked, states):
        """The board with the piece's and the blank's paths through ``states`` (the start first)."""
        moves = [(v, "start" if u == START else "rotate" if u[0] == v[0] else "swap")
                 for u, v in zip(states, states[1:])]
        return board_scene(asked.board, asked.query, steps(asked.board, asked.query, moves, single_slides=False)[0])

    def move_label(self, graph, u, v, attrs) -> str:
        nodes = graph.nodes
        return move_name(attrs.get("kind"), nodes[u].get("side"), nodes[v].get("side"), attrs["weight"])

    def shared(self, asked: Asked) -> BoardGraph:
        """The graph and the bound of ``asked``'s board, built for its first query."""
        key = self.graph_key(asked)
        found = self._boards.get(key)
        if found is None:
            found = self._boards[key] = BoardGraph(asked.board)
        return found


def move_name(kind: str, side: str | None, to: str | None, cost: int) -> str:
    """A move's name: the blank's walk from the start to side ``to``, round the piece from side
    ``side`` to side ``to`` (each ``cost`` moves), or the piece's slide into the blank on ``side``."""
    if kind == "swap":
        return f"slide {side}"
    return f"blank {side}->{to} ({cost} moves)" if kind == "rotate" else f"blank to {to} ({cost} moves)"
