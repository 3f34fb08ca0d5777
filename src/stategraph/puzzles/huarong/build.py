"""The accelerator of ``piece_side``: the states and moves of :mod:`.model`, built at speed, once per board.

The blank's walks come from :class:`~stategraph.grid.side_walks.SideWalks`.  Every query of a board
searches one graph (:class:`BoardGraph`): :func:`attach_start` adds the query's start to it for its
search and :func:`detach` takes it away (in the graph itself: a view over two would cost a lookup
through both at every state read).  The graph is a :class:`~stategraph.graph.dicts.DictGraph`: a run
that only answers never imports networkx (a tenth of a second).
"""

from __future__ import annotations

from ...graph.dicts import DictGraph, collector_paused, graph_writers
from ...graph.state_graph import StateGraph, WeightProfile
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.side_walks import SideWalks
from ...grid.walks import walk_distances_toward
from .board import NAME, START, Board, Query
from .bounds import Bounds

SWAP_RANK = len(DIRECTIONS)  # a swap ranks after the four rotations
PROFILE = WeightProfile(lex=False, unit=False, nonnegative=True)  # what every query's graph declares


class BoardGraph:
    """One board's graph and the A* bound of its queries (:class:`~.bounds.Bounds`), shared by them."""

    def __init__(self, board: Board):
        self.graph = board_graph(board)
        self.bounds = Bounds(board.grid, self.graph)
        self._bound: tuple | None = None  # (the query, its heuristic) of the query asked last

    def heuristic(self, query: Query):
        """The bound of ``query``'s search, found once a query, before its start is attached (it may
        find landmarks in the board graph)."""
        if self._bound is None or self._bound[0] is not query:
            starts = [query.piece * 4 + s for s in DIRECTIONS if (query.piece, s) in self.graph]
            self._bound = (query, self.bounds.for_target(query.target, starts))
        return self._bound[1]


def board_graph(board: Board) -> DictGraph:
    """The board graph of (piece cell, blank side) states, shared by every query."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_board_graph(board)


def _build_board_graph(board: Board) -> DictGraph:
    grid = board.grid
    free, step = grid.open, grid.step
    graph = DictGraph(puzzle=NAME, rows=grid.rows, cols=grid.cols)
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

    state = [(cell, side) for cell in range(len(free)) for side in DIRECTIONS]  # one tuple a state, shared
    for piece in grid.cells():
        sides = [s for s in DIRECTIONS if free[piece + step[s]]]
        row, col = grid.position(piece)
        here = state[piece * 4:piece * 4 + 4]
        for s in sides:
            add_node(here[s], {"label": f"piece={row},{col} blank={LETTERS[s]}", "kind": "state",
                                  "piece": piece, "piece_row": row, "piece_col": col, "side": LETTERS[s]})
        for i, s in enumerate(sides):
            row_of_walks = walks.row(piece, s)  # the blank's walks from side s round the piece
            for walk, t in sorted((row_of_walks[t], t) for t in sides[i + 1:] if row_of_walks[t] is not None):
                add_edge(here[s], here[t], attrs(walk, t, "rotate"))
                add_edge(here[t], here[s], attrs(walk, s, "rotate"))
                unit = unit and walk == 1
                edges += 2
        for s in sides:
            add_edge(here[s], state[(piece + step[s]) * 4 + OPPOSITE[s]], attrs(1, SWAP_RANK, "swap"))
            edges += 1
    graph.graph["profile"] = WeightProfile(lex=False, unit=unit, nonnegative=True, primary_01=False, count=edges)
    return graph


def attach_start(board: Board, graph: DictGraph, query: Query, heuristic) -> StateGraph:
    """Attach ``query``'s start state to ``graph`` (detach it with :func:`detach`): the blank walks
    to a side of the piece.  A piece already on its target makes the start a target itself."""
    grid = board.grid
    step = grid.step
    sides = {query.piece + step[s]: s for s in DIRECTIONS if (query.piece, s) in graph}
    walks = walk_distances_toward(grid, query.blank, sides, blocked=query.piece)
    row, col = grid.position(query.piece)
    blank_row, blank_col = grid.position(query.blank)
    add_node, add_edge = graph_writers(graph)
    add_node(START, {"label": f"start blank={blank_row},{blank_col} piece={row},{col}", "kind": "start",
                     "piece": query.piece, "piece_row": row, "piece_col": col})
    for cell, walk in walks.items():
        add_edge(START, (query.piece, sides[cell]), {"weight": walk, "rank": sides[cell], "kind": "start"})
    targets: frozenset = frozenset((query.target, s) for s in DIRECTIONS if (query.target, s) in graph)
    if query.piece == query.target:
        targets |= {START}
    profile = graph.graph["profile"].merge(WeightProfile.of(walks.values()))
    return StateGraph(graph, START, targets, heuristic=heuristic, profile=profile)  # type: ignore[arg-type]  # (a DictGraph)


def detach(graph: DictGraph) -> None:
    """Remove the start state :func:`attach_start` added."""
    graph.remove_node(START)
