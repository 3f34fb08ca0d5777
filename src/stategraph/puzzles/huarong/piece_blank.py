"""Huarong Dao's naive model ``piece_blank``: a state is (designated piece cell, blank cell).

The textbook state space, kept for teaching and as a cross-check of the
default model ``piece_side``: every move slides one movable piece into the
blank and costs 1, so breadth-first search applies.  See :class:`PieceBlank`.
"""

from __future__ import annotations

from contextlib import contextmanager

import networkx as nx

from ...contract.puzzle import Model
from ...errors import StategraphError
from ...graph.dicts import collector_paused
from ...graph.state_graph import StateGraph, WeightProfile
from ...graph.weights import INFINITY
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import distance_field
from .board import NAME
from .explain import explain as explain_slides
from .explain import scene as board_scene

MAX_MOVABLE = 400  # about 160,000 states and 600,000 edges: a few seconds and a few hundred MB


class PieceBlank(Model):
    """The naive model: a state is the designated piece's cell and the blank's cell.

    A move slides a movable neighbour of the blank into it (cost 1, edge
    ``rank`` = the blank's direction N, S, W, E = 0..3).  Most moves leave
    the designated piece where it is (``kind="slide"``); when the neighbour
    *is* the designated piece, the piece moves (``kind="piece"``).  The graph
    holds every pair of distinct movable cells, built once per board and
    shared by every query; a query only picks its source (piece, blank) and
    its targets (the piece on T, the blank anywhere).

    With N movable cells that is N * (N - 1) states, against at most 4 N for
    ``piece_side``: here the blank's position is part of the state even while
    it merely wanders about, so the graph is about N / 4 times larger and a
    search re-walks the blank's detours on every query.  Only the blank's
    position *next to* the piece matters for the piece's next move, which is
    why ``piece_side`` keeps the side alone and precomputes, once per board,
    the blank's shortest detour from one side of the piece to another as a
    single weighted edge.  Both models give the same answers:

    >>> from stategraph import get_puzzle
    >>> from stategraph.search.solution import solve
    >>> huarong = get_puzzle("huarong")
    >>> board = next(huarong.parse(huarong.sample_text()))
    >>> from stategraph.puzzles.huarong.build import board_graph
    >>> naive, sides = PieceBlank(board), huarong.model("piece_side")(board)
    >>> naive.graph.number_of_nodes(), naive.graph.number_of_edges()
    (30, 60)
    >>> board_graph(board).number_of_nodes(), board_graph(board).number_of_edges()
    (12, 20)
    >>> def answers(model, algorithm):
    ...     found = []
    ...     for query in board.queries:
    ...         with model.state_graph(query) as graph:
    ...             found.append(model.decode(query, solve(graph, algorithm)))
    ...     return found
    >>> answers(naive, "bfs"), answers(sides, "dijkstra")
    ([2, -1], [2, -1])
    >>> naive.graph.nodes[board.queries[0].piece, board.queries[0].blank]["label"]
    'piece=1,2 blank=3,2'
    """

    name = "piece_blank"
    summary = ("naive: piece cell x blank cell, every slide costs 1 (bfs applies); "
               f"~N^2 states, refused above {MAX_MOVABLE} movable cells")
    profile = WeightProfile(lex=False, unit=True, nonnegative=True)
    has_heuristic = True
    decode_needs_path = False
    max_movable = MAX_MOVABLE

    def __init__(self, board):
        super().__init__(board)
        grid = board.grid
        free, width = grid.open, grid.cols + 2
        cells = grid.cells()
        if len(cells) > self.max_movable:
            raise StategraphError(
                f"model {self.name}: the board has {len(cells)} movable cells, above its bound of "
                f"{self.max_movable} (about {self.max_movable ** 2:,} states); use the default "
                "model piece_side")
        self.grid = grid
        self._row = [i // width for i in range(len(free))]
        self._col = [i % width for i in range(len(free))]
        with collector_paused():  # a million new containers, none of them garbage
            graph = self._build(cells)
        self.graph = graph
        self._profile = WeightProfile(lex=False, unit=True, nonnegative=True, count=graph.number_of_edges())
        graph.graph["profile"] = self._profile

    def _build(self, cells) -> nx.DiGraph:
        """Every (piece, blank) pair of distinct movable cells, and every slide between them."""
        grid = self.grid
        free, step = grid.open, grid.step
        graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, model=self.name, rows=grid.rows, cols=grid.cols)
        moves = {cell: [(cell + step[d], d) for d in DIRECTIONS if free[cell + step[d]]] for cell in cells}
        slide = [{"weight": 1, "rank": d, "kind": "slide"} for d in DIRECTIONS]
        piece_move = [{"weight": 1, "rank": d, "kind": "piece"} for d in DIRECTIONS]
        row, col = self._row, self._col
        at = {cell: f"{row[cell]},{col[cell]}" for cell in cells}
        nodes: list[tuple] = []
        edges: list[tuple] = []
        add_node, add_edge = nodes.append, edges.append
        for piece in cells:
            pr, pc = row[piece], col[piece]
            prefix = f"piece={at[piece]} blank="
            for blank in cells:
                if blank == piece:
                    continue
                state = (piece, blank)
                add_node((state, {"label": prefix + at[blank], "kind": "state", "piece_row": pr,
                                  "piece_col": pc, "blank_row": row[blank], "blank_col": col[blank]}))
                for neighbour, d in moves[blank]:
                    if neighbour == piece:
                        add_edge((state, (blank, piece), piece_move[d]))
                    else:
                        add_edge((state, (piece, neighbour), slide[d]))
        graph.add_nodes_from(nodes)
        graph.add_edges_from(edges)
        return graph

    @contextmanager
    def state_graph(self, query):
        """The board graph with ``query``'s source and targets; a source that is no state of the
        board (the piece on a fixed cell) is attached as an isolated node for the search."""
        graph, grid = self.graph, self.grid
        source = (query.piece, query.blank)
        attached = source not in graph
        if attached:
            row, col = self._row, self._col
            graph.add_node(source, label=f"start piece={row[query.piece]},{col[query.piece]} "
                                         f"blank={row[query.blank]},{col[query.blank]}", kind="start",
                           piece_row=row[query.piece], piece_col=col[query.piece],
                           blank_row=row[query.blank], blank_col=col[query.blank])
        try:
            targets = set()
            if grid.open[query.target]:
                targets = {(query.target, blank) for blank in grid.cells() if blank != query.target}
            if query.piece == query.target:
                targets.add(source)
            yield StateGraph(graph, source, frozenset(targets), heuristic=self._heuristic(query.target),
                             profile=self._profile)
        finally:
            if attached:
                graph.remove_node(source)

    def _heuristic(self, target):
        """A consistent lower bound: the piece's walk ``d`` to T over movable cells, plus the
        blank's Manhattan distance to the piece less 1 (it must come alongside before the piece
        can move).  A slide changes only the second term, by 1; a piece move changes ``d`` by at
        most 1 and leaves the blank alongside.  ``INFINITY`` where the piece can never reach T."""
        to_target = distance_field(self.grid, target)
        row, col = self._row, self._col

        def heuristic(state):
            piece, blank = state
            d = to_target[piece]
            if d is None:  # the piece can never reach T
                return INFINITY
            if d == 0:
                return 0
            return d + abs(row[piece] - row[blank]) + abs(col[piece] - col[blank]) - 1

        return heuristic

    def decode(self, query, solution):
        """The number of moves, or -1."""
        return -1 if not solution.found else solution.cost

    def export_graph(self):
        return self.graph

    @classmethod
    def explain(cls, record):
        return explain_slides(record.subject, record.question, record.solution, record.answer, single_slides=True)

    @classmethod
    def scene(cls, record, steps):
        return board_scene(record.subject, record.question, steps)

    @classmethod
    def move_label(cls, graph, u, v, attrs):
        if attrs.get("kind") == "piece":  # the piece slides into the blank, against the blank's direction
            return f"piece {LETTERS[OPPOSITE[attrs['rank']]]}"
        return f"blank {LETTERS[attrs['rank']]}"
