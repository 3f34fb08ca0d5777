"""Huarong Dao's default model ``piece_side``, as rules: its states, its moves, a query's start.

A state is the designated piece's cell and the side of it where the blank is.  A *rotate* move
takes the blank round the piece from one side to another (it costs the blank's shortest walk
avoiding the piece), a *swap* slides the piece into the blank (it costs 1; the blank ends on the
opposite side).  A query starts from a state of its own, :data:`START`, whose moves take the blank
to each side of the piece.  :class:`PieceSideRules` are these rules as a learner writes them, one
query (an :class:`Asked`) at a time, in the ``(label, next state, cost)`` shape of every puzzle.

What runs builds the rotations and swaps of every state once per board (:mod:`.build`, the
*board graph*), and each query attaches its start state for a moment (:func:`attach_start`:
the blank's walk to each side of the piece), searches, and detaches it
(``tests/test_contract_builders_equal_rules.py`` holds the two equal to the rules).

>>> from stategraph import get_puzzle
>>> from stategraph.grid.cells import EAST
>>> board = next(get_puzzle("huarong").parse("1 3 1\\n1 1 1\\n1 3 1 1 1 2\\n"))
>>> asked = Asked(board, next(board.ask()))
>>> rules = PieceSideRules()
>>> [(label, rules.state_label(asked, after), cost) for label, after, cost in rules.moves(asked, START)]
[('blank to E (1 moves)', 'piece=1,1 blank=E', 1)]
>>> [label for label, _, _ in rules.moves(asked, (board.grid.cell(1, 1), EAST))]
['slide E']
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ...graph.state_graph import StateGraph, WeightProfile
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import walk_distances, walk_distances_toward
from .board import Board, Query
from .bounds import Bounds

NAME = "huarong"
START = "start"
SWAP_RANK = len(DIRECTIONS)  # a swap ranks after the four rotations


@dataclass(frozen=True)
class Asked:
    """One query on its board: the instance :class:`PieceSideRules` see."""

    board: Board
    query: Query


class PieceSideRules:
    """The rules of model ``piece_side`` for one query (the heuristic: the piece's Manhattan
    distance to its target; what runs uses a tighter bound, :mod:`.bounds`)."""

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

    def heuristic(self, asked: Asked, state) -> int:
        piece = asked.query.piece if state == START else state[0]
        (row, col), (target_row, target_col) = map(asked.board.grid.position, (piece, asked.query.target))
        return abs(row - target_row) + abs(col - target_col)

    def state_label(self, asked: Asked, state) -> str:
        if state == START:
            (row, col), (blank_row, blank_col) = map(asked.board.grid.position, (asked.query.piece, asked.query.blank))
            return f"start blank={blank_row},{blank_col} piece={row},{col}"
        return state_attributes(asked.board, state)["label"]


def move_name(kind: str, side: str | None, to: str | None, cost: int) -> str:
    """A move's name: the blank's walk from the start to side ``to``, round the piece from side
    ``side`` to side ``to`` (each ``cost`` moves), or the piece's slide into the blank on ``side``."""
    if kind == "swap":
        return f"slide {side}"
    return f"blank {side}->{to} ({cost} moves)" if kind == "rotate" else f"blank to {to} ({cost} moves)"


def state_attributes(board: Board, state) -> dict:
    """What a node of ``state`` holds: its ``label``, ``kind``, the piece and the blank's side."""
    piece, s = state
    row, col = board.grid.position(piece)
    return {"label": f"piece={row},{col} blank={LETTERS[s]}", "kind": "state", "piece": piece,
            "piece_row": row, "piece_col": col, "side": LETTERS[s]}


def attach_start(board: Board, graph: nx.DiGraph, query: Query, bounds: Bounds) -> StateGraph:
    """Attach ``query``'s start state to ``graph`` (detach it with :func:`detach`): the blank walks
    to a side of the piece.  A piece already on its target makes the start a target itself.
    ``bounds`` gives the A* heuristic (:class:`~.bounds.Bounds`)."""
    grid = board.grid
    step = grid.step
    sides = {query.piece + step[s]: s for s in DIRECTIONS if (query.piece, s) in graph}
    # before the start is attached: it may find landmarks
    heuristic = bounds.for_target(query.target, [query.piece * 4 + s for s in sides.values()])
    walks = walk_distances_toward(grid, query.blank, sides, blocked=query.piece)
    row, col = grid.position(query.piece)
    blank_row, blank_col = grid.position(query.blank)
    graph.add_node(START, label=f"start blank={blank_row},{blank_col} piece={row},{col}", kind="start",
                   piece=query.piece, piece_row=row, piece_col=col)
    for cell, walk in walks.items():
        graph.add_edge(START, (query.piece, sides[cell]), weight=walk, rank=sides[cell], kind="start")
    targets: frozenset = frozenset((query.target, s) for s in DIRECTIONS if (query.target, s) in graph)
    if query.piece == query.target:
        targets |= {START}
    profile = graph.graph["profile"].merge(WeightProfile.of(walks.values()))
    return StateGraph(graph, START, targets, heuristic=heuristic,
                      profile=profile)


def detach(graph: nx.DiGraph) -> None:
    """Remove the start state :func:`attach_start` added."""
    graph.remove_node(START)
