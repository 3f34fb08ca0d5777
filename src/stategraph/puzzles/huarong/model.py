"""Huarong Dao's default model ``piece_side``, as rules: its states, its moves, a query's start.

A state is the designated piece's cell and the side of it where the blank is.  The board graph
holds every such state and is built once per board: a *rotate* move takes the blank round the
piece from one side to another (weight: the blank's shortest walk avoiding the piece), a *swap*
slides the piece into the blank (weight 1; the blank ends on the opposite side).  Each query
attaches a start state for a moment (:func:`attach_start`: the blank's walk to each side of
the piece), searches, and detaches it.  :mod:`.build` builds the board graph fast
(``tests/test_contract_builders_equal_rules.py`` holds it equal to :func:`moves` and :func:`state_attributes`).

>>> from stategraph import get_puzzle
>>> board = next(get_puzzle("huarong").parse("1 3 0\\n1 1 1\\n"))
>>> from stategraph.grid.cells import EAST
>>> corner = board.grid.cell(1, 1)  # the piece in the corner, the blank east of it: it can only swap
>>> [(board.grid.position(piece), LETTERS[side], attrs) for (piece, side), attrs in moves(board, (corner, EAST))]
[((1, 2), 'W', {'weight': 1, 'rank': 4, 'kind': 'swap'})]
"""

from __future__ import annotations

import networkx as nx

from ...graph.state_graph import StateGraph, WeightProfile
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import walk_distances, walk_distances_toward
from .board import Board, Query
from .bounds import Bounds

NAME = "huarong"
START = "start"
SWAP_RANK = len(DIRECTIONS)  # a swap ranks after the four rotations


def states(board: Board):
    """Every state of the board graph: a movable piece cell and a movable cell beside it."""
    grid = board.grid
    return [(piece, s) for piece in grid.cells() for s in DIRECTIONS if grid.open[piece + grid.step[s]]]


def moves(board: Board, state):
    """``(next state, edge attributes)`` of every move from ``state``: the rotations, by side
    N, S, W, E, then the swap."""
    grid = board.grid
    free, step = grid.open, grid.step
    piece, s = state
    sides = [t for t in DIRECTIONS if t != s and free[piece + step[t]]]
    walks = walk_distances(grid, piece + step[s], [piece + step[t] for t in sides], blocked=piece)
    for t in sides:
        if piece + step[t] in walks:
            yield (piece, t), {"weight": walks[piece + step[t]], "rank": t, "kind": "rotate"}
    yield (piece + step[s], OPPOSITE[s]), {"weight": 1, "rank": SWAP_RANK, "kind": "swap"}


def state_attributes(board: Board, state) -> dict:
    """What a node of ``state`` holds: its ``label``, ``kind``, the piece and the blank's side."""
    piece, s = state
    row, col = board.grid.position(piece)
    return {"label": f"piece={row},{col} blank={LETTERS[s]}", "kind": "state", "piece": piece,
            "piece_row": row, "piece_col": col, "side": LETTERS[s]}


def attach_start(board: Board, graph: nx.DiGraph, query: Query, bounds: Bounds) -> StateGraph:
    """Attach ``query``'s start state to ``graph`` (detach it with :func:`detach`): the blank walks
    to a side of the piece (the rotations, the walks round the piece, spare searching for a side
    whose walk through another side is as short as can be).  A piece already on its target makes
    the start a target itself.
    ``bounds`` gives the A* heuristic (:class:`~.bounds.Bounds`)."""
    grid = board.grid
    step = grid.step
    sides = {query.piece + step[s]: s for s in DIRECTIONS if (query.piece, s) in graph}
    # before the start is attached: it may find landmarks
    heuristic = bounds.for_target(query.target, [query.piece * 4 + s for s in sides.values()])
    succ = graph.succ
    piece = query.piece

    def rotation(a: int, b: int) -> int | None:  # the blank's walk round the piece, side a to side b
        edge = succ[piece, sides[a]].get((piece, sides[b]))
        return None if edge is None else edge["weight"]

    walks = walk_distances_toward(grid, query.blank, sides, blocked=piece, between=rotation)
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
