"""The fast builder of ``piece_side``'s board graph: the states and moves of :mod:`.model`, built at speed.

The blank's walks round the piece come from :class:`~stategraph.grid.side_walks.SideWalks` (the
same walks as a Pushing Boxes player's round the box), each pair of sides searched once for
both directions, and the nodes and edges are written through
:func:`~stategraph.graph.dicts.graph_writers`, the edges of one (walk, rank, kind) sharing one
attribute dict.  Every state holds the moves :class:`.model.PieceSideRules` give it, in their
order, and the attributes of :func:`.model.state_attributes` (``tests/test_contract_builders_equal_rules.py``).
"""

from __future__ import annotations

import networkx as nx

from ...graph.dicts import collector_paused, graph_writers
from ...graph.state_graph import WeightProfile
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.side_walks import SideWalks
from .board import Board
from .model import NAME, SWAP_RANK


def board_graph(board: Board) -> nx.DiGraph:
    """The board graph of (piece cell, blank side) states, shared by every query."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_board_graph(board)


def _build_board_graph(board: Board) -> nx.DiGraph:
    grid = board.grid
    free, step = grid.open, grid.step
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, rows=grid.rows, cols=grid.cols)
    add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
    walks = SideWalks(grid)
    unit = True
    edges = 0
    shared: dict = {}  # (walk, rank, kind) -> the edge attributes its moves share

    def attrs(weight: int, rank: int, kind: str) -> dict:
        found = shared.get((weight, rank, kind))
        if found is None:
            found = shared[weight, rank, kind] = {"weight": weight, "rank": rank, "kind": kind}
        return found

    for piece in grid.cells():
        sides = [s for s in DIRECTIONS if free[piece + step[s]]]
        row, col = grid.position(piece)
        for s in sides:
            add_node((piece, s), {"label": f"piece={row},{col} blank={LETTERS[s]}", "kind": "state",
                                  "piece": piece, "piece_row": row, "piece_col": col, "side": LETTERS[s]})
        for i, s in enumerate(sides):
            row_of_walks = walks.row(piece, s)  # the blank's walks from side s round the piece
            for walk, t in sorted((row_of_walks[t], t) for t in sides[i + 1:] if row_of_walks[t] is not None):
                add_edge((piece, s), (piece, t), attrs(walk, t, "rotate"))
                add_edge((piece, t), (piece, s), attrs(walk, s, "rotate"))
                unit = unit and walk == 1
                edges += 2
        for s in sides:
            add_edge((piece, s), (piece + step[s], OPPOSITE[s]), attrs(1, SWAP_RANK, "swap"))
            edges += 1
    graph.graph["profile"] = WeightProfile(lex=False, unit=unit, nonnegative=True, primary_01=False, count=edges)
    return graph
