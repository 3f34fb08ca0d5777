"""Huarong Dao's naive model ``piece_blank``: a state is (designated piece cell, blank cell).

The textbook state space, a cross-check of ``piece_side``: every slide costs 1, so BFS applies.
What runs is :class:`BoardPairs`, every pair built once per board.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported when this model builds a board's graph
    import networkx as nx

from ...errors import StategraphError
from ...graph.dicts import collector_paused
from ...graph.state_graph import StateGraph, WeightProfile
from ...graph.weights import INFINITY
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import distance_field
from .board import NAME, Board, Query
from .explain import explain as explain_slides
from .explain import scene as board_scene
from .explain import steps
from .model import Asked, PieceSideRules

MAX_MOVABLE = 400  # about 160,000 states and 600,000 edges: a few seconds and a few hundred MB
MODEL = "piece_blank"
PROFILE = WeightProfile(lex=False, unit=True, nonnegative=True)  # every slide costs 1


class PieceBlankRules:
    """The naive model: a move slides a movable neighbour of the blank into it (cost 1, in the
    blank's direction N, S, W, E): ``blank N``, or ``piece S`` when the neighbour is the piece.

    N movable cells make N * (N - 1) states (``piece_side``: at most 4 N); both give the same answers:

    >>> from stategraph import get_puzzle
    >>> from stategraph.search.solution import solve
    >>> huarong = get_puzzle("huarong")
    >>> board = next(huarong.parse(huarong.sample_text()))
    >>> from stategraph.puzzles.huarong.build import board_graph
    >>> naive, sides = huarong.model("piece_blank")(board), huarong.model("piece_side")(board)
    >>> def answers(model, algorithm):
    ...     found = []
    ...     for query in board.queries:
    ...         with model.state_graph(query) as graph:
    ...             found.append(model.decode(query, solve(graph, algorithm)))
    ...     return found
    >>> answers(naive, "bfs"), answers(sides, "dijkstra")
    ([2, -1], [2, -1])
    >>> naive.export_graph().number_of_nodes(), naive.export_graph().number_of_edges()
    (30, 60)
    >>> sides_graph = board_graph(board).networkx()
    >>> sides_graph.number_of_nodes(), sides_graph.number_of_edges()
    (12, 20)
    >>> naive.export_graph().nodes[board.queries[0].piece, board.queries[0].blank]["label"]
    'piece=1,2 blank=3,2'
    """

    summary = ("naive: piece cell x blank cell, every slide costs 1 (bfs applies); "
               f"~N^2 states, refused above {MAX_MOVABLE} movable cells")
    profile = PROFILE
    answer_needs_path = False  # the answer is the cost alone
    max_movable = MAX_MOVABLE
    ask, answer = PieceSideRules.ask, PieceSideRules.answer  # a query on its board; the cost, -1 for none

    def __init__(self) -> None:
        self._boards: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # board -> its BoardPairs

    def graph_key(self, asked: Asked):
        return asked.board

    def start(self, asked: Asked):
        refuse_large(asked.board, self.max_movable)
        return asked.query.piece, asked.query.blank

    def is_goal(self, asked: Asked, state) -> bool:
        return state[0] == asked.query.target

    def moves(self, asked: Asked, state):
        """Each movable neighbour of the blank, N, S, W, E, slid into it (none while the piece
        stands on a fixed cell: it never moves)."""
        free, step = asked.board.grid.open, asked.board.grid.step
        piece, blank = state
        if not free[piece]:
            return
        for d in DIRECTIONS:
            neighbour = blank + step[d]
            if free[neighbour]:
                moved = neighbour == piece
                yield slide_name(moved, d), (blank, piece) if moved else (piece, neighbour), 1

    def heuristic(self, asked: Asked, state):
        """The query's A* bound (:meth:`BoardPairs.heuristic`)."""
        return self.shared(asked).heuristic(asked.query.target)(state)

    def state_label(self, asked: Asked, state) -> str:
        (piece_row, piece_col), (blank_row, blank_col) = map(asked.board.grid.position, state)
        label = f"piece={piece_row},{piece_col} blank={blank_row},{blank_col}"
        return label if asked.board.grid.open[state[0]] else "start " + label  # the piece fixed: no state of the board

    def accelerator(self, asked: Asked) -> StateGraph:
        """The board's graph (built once per board) with the query's source and targets."""
        return self.shared(asked).attach(asked.query)

    def release(self, asked: Asked, state_graph: StateGraph) -> None:
        self.shared(asked).detach(asked.query)

    def export_graph(self, asked: Asked):
        """The board's graph, which every query searches."""
        return self.shared(asked).graph

    def explain(self, asked: Asked, solution, answer) -> dict:
        if solution is not None and solution.found:  # each move's kind, from its states
            solution = replace(solution, edges=[(u, v, {**attrs, "kind": _kind(u, v)})
                                                for u, v, attrs in solution.edges])
        return explain_slides(asked.board, asked.query, solution, answer, single_slides=True)

    def scene(self, asked: Asked, states):
        """The board with the piece's and the blank's paths through ``states`` (the start first)."""
        moves = [(v, _kind(u, v)) for u, v in zip(states, states[1:])]
        return board_scene(asked.board, asked.query, steps(asked.board, asked.query, moves, single_slides=True)[0])

    def move_label(self, graph, u, v, attrs) -> str:
        """The rules' label (the board's graph keeps each slide's kind and direction instead)."""
        return attrs.get("move") or slide_name(attrs.get("kind") == "piece", attrs["rank"])

    def shared(self, asked: Asked) -> BoardPairs:
        """The graph of ``asked``'s board, built for its first query."""
        found = self._boards.get(asked.board)
        if found is None:
            found = self._boards[asked.board] = BoardPairs(asked.board, self.max_movable)
        return found


def slide_name(piece: bool, d: int) -> str:
    """A slide into the blank from its side ``d``: the designated piece's (named by the way it
    goes), or another piece's (named by the way the blank goes)."""
    return f"piece {LETTERS[OPPOSITE[d]]}" if piece else f"blank {LETTERS[d]}"


def refuse_large(board: Board, max_movable: int) -> list[int]:
    """The board's movable cells; more than ``max_movable`` of them raise the model's refusal."""
    cells = board.grid.cells()
    if len(cells) > max_movable:
        raise StategraphError(f"model {MODEL}: the board has {len(cells)} movable cells, above its bound of "
                              f"{max_movable} (about {max_movable ** 2:,} states); use the default model piece_side")
    return cells


def _kind(u, v) -> str:
    return "piece" if u[0] != v[0] else "slide"


class BoardPairs:
    """Every (piece, blank) pair of distinct movable cells of a board and every slide between them,
    with each edge's ``rank`` (the blank's direction) and ``kind`` (``slide``, or ``piece`` where
    the designated piece moves); refused above ``max_movable`` movable cells."""

    def __init__(self, board: Board, max_movable: int = MAX_MOVABLE):
        cells = refuse_large(board, max_movable)
        grid = board.grid
        free, width = grid.open, grid.cols + 2
        self.grid = grid
        self._row = [i // width for i in range(len(free))]
        self._col = [i % width for i in range(len(free))]
        with collector_paused():  # a million new containers, none of them garbage
            graph = self._build(cells)
        self.graph = graph
        self._profile = WeightProfile(lex=False, unit=True, nonnegative=True, count=graph.number_of_edges())
        graph.graph["profile"] = self._profile
        self._bounds: dict[int, object] = {}  # target -> its heuristic

    def _build(self, cells) -> nx.DiGraph:
        """Every (piece, blank) pair of distinct movable cells, and every slide between them."""
        import networkx as nx

        grid = self.grid
        free, step = grid.open, grid.step
        graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, model=MODEL, rows=grid.rows, cols=grid.cols)
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

    def attach(self, query: Query) -> StateGraph:
        """The board graph with ``query``'s source and targets; a source that is no state of the
        board (the piece on a fixed cell) is attached as an isolated node (:meth:`detach`)."""
        graph, grid = self.graph, self.grid
        source = (query.piece, query.blank)
        if source not in graph:
            row, col = self._row, self._col
            graph.add_node(source, label=f"start piece={row[query.piece]},{col[query.piece]} "
                                         f"blank={row[query.blank]},{col[query.blank]}", kind="start",
                           piece_row=row[query.piece], piece_col=col[query.piece],
                           blank_row=row[query.blank], blank_col=col[query.blank])
        targets = set()
        if grid.open[query.target]:
            targets = {(query.target, blank) for blank in grid.cells() if blank != query.target}
        if query.piece == query.target:
            targets.add(source)
        return StateGraph(graph, source, frozenset(targets), heuristic=self.heuristic(query.target),
                          profile=self._profile)

    def detach(self, query: Query) -> None:
        """Take away the source :meth:`attach` added for ``query`` (none: its source is a state of the board)."""
        if not self.grid.open[query.piece]:
            self.graph.remove_node((query.piece, query.blank))

    def heuristic(self, target):
        """A consistent lower bound: the piece's walk ``d`` to T, plus the blank's Manhattan
        distance to the piece less 1; ``INFINITY`` where the piece can never reach T."""
        found = self._bounds.get(target)
        if found is None:
            found = self._bounds[target] = self._bound(target)
        return found

    def _bound(self, target):
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
