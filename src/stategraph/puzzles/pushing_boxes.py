"""Pushing Boxes (POJ 1475): fewest pushes, then fewest walks.

Model ``box_side`` (the default): a state is the box's cell and the side of
the box the player stands on.  A push edge costs ``Lex(1, w)``: one push,
after ``w`` walks to the cell behind the box (the box is an obstacle on that
walk).  One extra start state holds the box on B and the player on S.

>>> from stategraph import get_puzzle, solve
>>> pb = get_puzzle("pushing_boxes")
>>> maze = next(pb.parse("1 7\\nSB....T\\n0 0\\n"))
>>> model = pb.model("box_side")(maze)
>>> with model.state_graph(maze) as graph:
...     solution = solve(graph, "dijkstra")
>>> graph.graph.number_of_nodes(), solution.cost, model.decode(maze, solution)
(6, Lex(primary=5, secondary=0), 'EEEEE')
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, ClassVar

import networkx as nx

from ..checks import pushing_boxes as checker
from ..errors import VerificationError
from ..graph_dicts import collector_paused, graph_writers, node_attributes
from ..grid import DELTAS, DIRECTIONS, LETTERS, OPPOSITE, Grid, shortest_walk, walk_distances
from ..puzzle import Model, Puzzle
from ..side_walks import SideWalks
from ..state_graph import StateGraph, WeightProfile
from ..textinput import MAX_TOKEN, Tokens
from ..weights import Lex
from ..words import plural
from .box_player import BoxPlayer
from .pushing_boxes_explain import explain as explain_pushes
from .pushing_boxes_explain import scene as maze_scene

NAME = "pushing_boxes"
LIMITS = {"max_rows": 300, "max_cols": 300}
CELL_CHARS = "#.SBT"
START = "start"


@dataclass(frozen=True)
class Maze:
    """One parsed maze; cells are :class:`~stategraph.grid.Grid` indices."""

    number: int
    rows: tuple
    grid: Grid
    player: int
    box: int
    target: int


def parse(data, source: str = "<input>", limits: dict | None = None):
    """Yield the mazes of a contest input, one at a time, up to the ``0 0`` line."""
    limits = {**LIMITS, **(limits or {})}
    tokens = Tokens(data, source, max_token=max(MAX_TOKEN, limits["max_cols"]))  # a row is one token
    for number in tokens.instances("a maze header 'r c'", "'0 0' line"):
        header = tokens.peek()
        rows = tokens.integer("the row count", 0)
        cols = tokens.integer("the column count", 0)
        if rows == 0 and cols == 0:
            tokens.expect_end("the '0 0' line")
            return
        if rows == 0 or cols == 0:
            raise tokens.error(f"a maze needs at least one row and one column, found {rows} x {cols}", header)
        if rows > limits["max_rows"] or cols > limits["max_cols"]:
            raise tokens.error(f"maze of {rows} x {cols} exceeds the limit of "
                               f"{limits['max_rows']} x {limits['max_cols']} (max_rows, max_cols)", header)
        yield _read_maze(tokens, number, rows, cols)


def _read_maze(tokens: Tokens, number: int, rows: int, cols: int) -> Maze:
    lines = []
    marks: dict[str, tuple[int, int]] = {}
    for r in range(1, rows + 1):
        token = tokens.next(f"row {r} of {rows}")
        if len(token) != cols:
            raise tokens.error(f"row {r} has {len(token)} characters, expected {cols}", token)
        for c, ch in enumerate(token, start=1):
            if ch not in CELL_CHARS:
                raise tokens.error(f"unknown character {ch!r} in row {r} (expected one of {CELL_CHARS})", token)
            if ch in "SBT":
                if ch in marks:
                    raise tokens.error(f"a second {ch} at row {r}, column {c} "
                                       f"(the first is at row {marks[ch][0]}, column {marks[ch][1]})", token)
                marks[ch] = (r, c)
        lines.append(str(token))
    for ch, meaning in (("S", "player"), ("B", "box"), ("T", "target")):
        if ch not in marks:
            raise tokens.error(f"the maze has no {ch} ({meaning})", tokens.peek())
    grid = Grid.from_rows(lines, open_chars=".SBT")
    return Maze(number, tuple(lines), grid, grid.cell(*marks["S"]), grid.cell(*marks["B"]),
                grid.cell(*marks["T"]))


def box_side_graph(maze: Maze) -> StateGraph:
    """The explicit state graph of every (box cell, player side) state reachable from the start."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_box_side_graph(maze)


def _build_box_side_graph(maze: Maze) -> StateGraph:
    grid = maze.grid
    free, step = grid.open, grid.step
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, rows=grid.rows, cols=grid.cols)
    add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
    add_node(START, {"kind": "start", **_describe(grid, maze.box, maze.player)})
    walks = SideWalks(grid)
    weights: dict[int, Lex] = {}  # one Lex(1, w) per walk length w
    nodes = node_attributes(graph)
    width = grid.cols + 2
    edges = 0
    frontier: list = [START]
    while frontier:
        state = frontier.pop()
        if state == START:
            box, player = maze.box, maze.player
            offset = player - box
            if offset in step:
                row = walks.row(box, step.index(offset))
            else:
                found = walk_distances(grid, player, [box + s for s in step if free[box + s]], blocked=box)
                row = [found.get(box + s) for s in step]
        else:
            box = state[0]
            row = walks.row(box, state[1])
        for direction in DIRECTIONS:
            ahead = box + step[direction]
            if not free[ahead]:
                continue
            walk = row[OPPOSITE[direction]]  # to the cell behind the box
            if walk is None:
                continue
            after = (ahead, OPPOSITE[direction])
            if after not in nodes:
                box_row, box_col = divmod(ahead, width)
                add_node(after, {"kind": "state", "side": LETTERS[after[1]],
                                 "label": f"box={box_row},{box_col} side={LETTERS[after[1]]}", "box": ahead,
                                 "box_row": box_row, "box_col": box_col,
                                 "player_row": box_row - DELTAS[direction][0],
                                 "player_col": box_col - DELTAS[direction][1]})
                frontier.append(after)
            weight = weights.get(walk)
            if weight is None:
                weight = weights[walk] = Lex(1, walk)
            add_edge(state, after, {"weight": weight, "rank": direction, "move": LETTERS[direction]})
            edges += 1
    targets = frozenset(n for n, attrs in nodes.items() if attrs.get("box") == maze.target)
    # every edge weighs Lex(1, w), w >= 0: the profile needs no scan of the edges
    profile = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True, count=edges)
    return StateGraph(graph, START, targets, heuristic=_pushes_lower_bound(graph, grid, maze.target),
                      profile=profile, lexicographic=True)


def _describe(grid: Grid, box: int, player: int, side: int | None = None) -> dict:
    (box_row, box_col), (player_row, player_col) = grid.position(box), grid.position(player)
    label = (f"start box={box_row},{box_col} player={player_row},{player_col}" if side is None
             else f"box={box_row},{box_col} side={LETTERS[side]}")
    return {"label": label, "box": box, "box_row": box_row, "box_col": box_col,
            "player_row": player_row, "player_col": player_col}


def _pushes_lower_bound(graph, grid: Grid, target: int):
    target_row, target_col = grid.position(target)
    nodes = node_attributes(graph)

    def heuristic(state):
        row, col = nodes[state]["box_row"], nodes[state]["box_col"]
        return Lex(abs(row - target_row) + abs(col - target_col), 0)

    return heuristic


def decode_pushes(maze: Maze, solution) -> str | None:
    """The move string of a canonical ``box_side`` solution: before each push, the smallest
    shortest walk to the cell behind the box."""
    if not solution.found:
        return None
    grid = maze.grid
    player, box = maze.player, maze.box
    moves = []
    for _, _, attrs in solution.edges:
        direction = LETTERS.index(attrs["move"])
        walk = shortest_walk(grid, player, box - grid.step[direction], blocked=box)
        moves.append(walk + attrs["move"])
        player, box = box, box + grid.step[direction]
    return "".join(moves)


class BoxSide(Model):
    """The seeds' model: the box's cell and the side of the box the player stands on."""

    name = "box_side"
    summary = "box cell x side of the box the player stands on; a push costs (1, walks to get behind the box)"
    profile = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True)
    has_heuristic = True

    def __init__(self, maze: Maze):
        super().__init__(maze)
        self.compiled = box_side_graph(maze)

    @contextmanager
    def state_graph(self, question):
        yield self.compiled

    def decode(self, question, solution):
        return decode_pushes(self.instance, solution)

    @classmethod
    def explain(cls, record):
        return explain_pushes(record, pushes_on_edges=True)

    @classmethod
    def scene(cls, record, steps):
        return maze_scene(record, steps)

    @classmethod
    def move_label(cls, graph, u, v, attrs):
        """Off the path: the walk's length and the push (the exact letters are on the path)."""
        return f"walk {attrs['weight'].secondary}, push {attrs['move']}"

    @classmethod
    def path_labels(cls, record):
        """Each push with the walk before it, as the answer spells them."""
        return re.findall("[nswe]*[NSWE]", record.answer) if isinstance(record.answer, str) else None


class PushingBoxes(Puzzle):
    """POJ 1475: one maze per instance, one question per maze."""

    name = NAME
    aliases = ("poj1475",)
    summary = "Pushing Boxes (POJ 1475): fewest pushes, then fewest walks"
    sample = files("stategraph").joinpath("samples", "pushing_boxes.txt").read_text(encoding="utf-8")
    models = {"box_side": BoxSide, "box_player": BoxPlayer}
    default_algorithm = "dijkstra"
    limits = LIMITS
    checker: ClassVar[Any] = checker

    def parse(self, data, source="<input>", limits=None):
        return parse(data, source, limits)

    def instance_text(self, maze, question):
        return f"{len(maze.rows)} {len(maze.rows[0])}\n" + "\n".join(maze.rows) + "\n"

    def format_answer(self, maze, question, moves):
        """The contest output block of one maze.

        >>> PushingBoxes().format_answer(Maze(2, (), None, 0, 0, 0), None, None)
        'Maze #2\\nImpossible.\\n\\n'
        """
        return f"Maze #{maze.number}\n{'Impossible.' if moves is None else moves}\n\n"

    def label(self, maze, question):
        return f"maze {maze.number}"

    def judge_answer(self, maze, question, submitted, reference):
        if submitted.number != maze.number:
            raise VerificationError(f"expected 'Maze #{maze.number}', found 'Maze #{submitted.number}'")
        return self.answer_cost(maze, question, submitted.value), submitted.value == reference

    def answer_cost(self, maze, question, moves):
        return None if moves is None else checker.replay(maze, moves)

    def describe_cost(self, cost):
        """The cost as words.

        >>> PushingBoxes().describe_cost((2, 9)), PushingBoxes().describe_cost((1, 1))
        ('2 pushes and 9 walks', '1 push and 1 walk')
        """
        return f"{plural(cost[0], 'push')} and {plural(cost[1], 'walk')}"
