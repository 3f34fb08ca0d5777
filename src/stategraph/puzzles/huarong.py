"""Huarong Dao (NOIP 2013): fewest moves of one designated piece, many queries per board.

Model ``piece_side`` (the default): a state is the designated piece's cell and
the side of it where the blank is.  The board graph is built once: a
*rotate* edge moves the blank round the piece from one side to another
(weight: the blank's shortest walk avoiding the piece), a *swap* edge slides
the piece into the blank (weight 1; the blank ends on the opposite side).
Each query attaches a start state for a moment (the blank's walk to each
side of the piece), searches, and detaches it.

>>> from stategraph import get_puzzle, solve
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
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, ClassVar

import networkx as nx

from ..checks import huarong as checker
from ..graph_dicts import collector_paused, graph_writers
from ..grid import DIRECTIONS, LETTERS, OPPOSITE, Grid, walk_distances_toward
from ..puzzle import Model, Puzzle
from ..side_walks import SideWalks
from ..state_graph import StateGraph, WeightProfile
from ..textinput import Tokens
from .huarong_bounds import Bounds
from .huarong_explain import explain as explain_slides
from .huarong_explain import scene as board_scene
from .piece_blank import PieceBlank

NAME = "huarong"
LIMITS = {"max_rows": 100, "max_cols": 100, "max_queries": 100000}
START = "start"
SWAP_RANK = len(DIRECTIONS)


@dataclass(frozen=True, slots=True)
class Query:
    number: int
    blank: int
    piece: int
    target: int


class Board:
    """The board (``grid.open`` marks movable cells) and its queries, cells as grid indices.

    Queries are read from the input only as they are asked for (:meth:`ask`), so
    answers stream and a malformed query k costs none of the answers before it;
    ``queries`` holds those read so far (all of them once :meth:`ask` is done).
    """

    def __init__(self, number: int, grid: Grid, reader):
        self.number = number
        self.grid = grid
        self._read: list[Query] = []
        self._reader = reader

    def ask(self):
        """Every query, in input order, reading the rest of the input as it goes."""
        yield from self._read
        for query in self._reader:
            self._read.append(query)
            yield query

    @property
    def queries(self) -> tuple:
        """All the queries (reads the rest of the input)."""
        for _ in self.ask():
            pass
        return tuple(self._read)


def parse(data, source: str = "<input>", limits: dict | None = None):
    """Yield the one board of a contest input; its queries are read as :meth:`Board.ask` goes."""
    limits = {**LIMITS, **(limits or {})}
    tokens = Tokens(data, source)
    tokens.begin_instance(1, "'n m q'", "")
    tokens.instance = None  # one board per input: errors need not number it
    header = tokens.peek()
    n = tokens.integer("the row count n", 1)
    m = tokens.integer("the column count m", 1)
    q = tokens.integer("the query count q", 0)
    if n > limits["max_rows"] or m > limits["max_cols"]:
        raise tokens.error(f"board of {n} x {m} exceeds the limit of {limits['max_rows']} x "
                           f"{limits['max_cols']} (max_rows, max_cols)", header)
    if q > limits["max_queries"]:
        raise tokens.error(f"{q} queries exceed the limit of {limits['max_queries']} (max_queries)", header)
    rows = []
    for r in range(1, n + 1):
        row = []
        for c in range(1, m + 1):
            token = tokens.peek()
            value = tokens.integer(f"cell ({r}, {c}) of the board")
            if value not in (0, 1):
                raise tokens.error(f"cell ({r}, {c}) must be 0 or 1, found {value}", token)
            row.append("1" if value else "0")
        rows.append("".join(row))
    grid = Grid.from_rows(rows, open_chars="1")
    yield Board(1, grid, _read_queries(tokens, grid, q))


def _read_queries(tokens: Tokens, grid: Grid, count: int):
    for number in range(1, count + 1):
        yield _read_query(tokens, grid, number)
    tokens.expect_end(f"the {count} queries")


def _read_query(tokens: Tokens, grid: Grid, number: int) -> Query:
    first = tokens.peek()
    cells = []
    for role in ("blank", "piece start", "piece target"):
        r = tokens.integer(f"the {role} row of query {number}")
        c = tokens.integer(f"the {role} column of query {number}")
        if not (1 <= r <= grid.rows and 1 <= c <= grid.cols):
            raise tokens.error(f"query {number}: {role} ({r}, {c}) is off the {grid.rows} x {grid.cols} board",
                               first)
        cells.append(grid.cell(r, c))
    blank, piece, target = cells
    if not grid.open[blank]:
        raise tokens.error(f"query {number}: the blank ({_rc(grid, blank)}) is on a fixed cell", first)
    if blank == piece:
        raise tokens.error(f"query {number}: the blank and the designated piece are both at "
                           f"({_rc(grid, blank)})", first)
    return Query(number, blank, piece, target)


def _rc(grid: Grid, cell: int) -> str:
    return "%d, %d" % grid.position(cell)


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
    for piece in grid.cells():
        sides = [s for s in DIRECTIONS if free[piece + step[s]]]
        row, col = grid.position(piece)
        for s in sides:
            add_node((piece, s), {"label": f"piece={row},{col} blank={LETTERS[s]}", "kind": "state",
                                  "piece": piece, "piece_row": row, "piece_col": col, "side": LETTERS[s]})
        for i, s in enumerate(sides):
            row_of_walks = walks.row(piece, s)  # the blank's walks from side s round the piece
            for walk, t in sorted((row_of_walks[t], t) for t in sides[i + 1:] if row_of_walks[t] is not None):
                add_edge((piece, s), (piece, t), {"weight": walk, "rank": t, "kind": "rotate"})
                add_edge((piece, t), (piece, s), {"weight": walk, "rank": s, "kind": "rotate"})
                unit = unit and walk == 1
                edges += 2
        for s in sides:
            add_edge((piece, s), (piece + step[s], OPPOSITE[s]), {"weight": 1, "rank": SWAP_RANK, "kind": "swap"})
            edges += 1
    graph.graph["profile"] = WeightProfile(lex=False, unit=unit, nonnegative=True, primary_01=False, count=edges)
    return graph


def attach_start(board: Board, graph: nx.DiGraph, query: Query, bounds: Bounds) -> StateGraph:
    """Attach ``query``'s start state to ``graph`` (detach it with :func:`detach`): the blank walks
    to a side of the piece.  A piece already on its target makes the start a target itself.
    ``bounds`` gives the A* heuristic (:class:`~.huarong_bounds.Bounds`)."""
    grid = board.grid
    step = grid.step
    heuristic = bounds.for_target(query.target)  # before the start is attached: it may find landmarks
    sides = {query.piece + step[s]: s for s in DIRECTIONS if (query.piece, s) in graph}
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
    graph.remove_node(START)


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

    @classmethod
    def explain(cls, record):
        return explain_slides(record, single_slides=False)

    @classmethod
    def scene(cls, record, steps):
        return board_scene(record, steps)

    @classmethod
    def move_label(cls, graph, u, v, attrs):
        nodes = graph.nodes
        kind = attrs.get("kind")
        if kind == "rotate":
            return f"blank {nodes[u].get('side')}->{nodes[v].get('side')} ({attrs['weight']} moves)"
        if kind == "swap":
            return f"slide {nodes[u].get('side')}"
        return f"blank to {nodes[v].get('side')} ({attrs['weight']} moves)"


class Huarong(Puzzle):
    """NOIP 2013: one board per input, many queries per board."""

    name = NAME
    aliases = ("noip2013",)
    summary = "Huarong Dao (NOIP 2013): fewest moves of one piece, many queries per board"
    sample = files("stategraph").joinpath("samples", "huarong.txt").read_text(encoding="utf-8")
    models = {"piece_side": PieceSide, "piece_blank": PieceBlank}
    default_algorithm = "astar"
    limits = LIMITS
    checker: ClassVar[Any] = checker

    def parse(self, data, source="<input>", limits=None):
        return parse(data, source, limits)

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

    def describe_cost(self, cost):
        return f"{cost} moves"
