"""Ice Maze on stategraph's second level: the puzzle contract written out by hand.

The same puzzle as ``ice_maze.py`` (the first level: the rules alone, 60-odd lines), printing the
same bytes; kept as the worked example of the contract of ``stategraph.contract.puzzle`` (graphs, decoding,
formatting and an independent checker), which docs/extending/second_level.md walks through.

The ball rests on S.  A move sends it north, south, west or east, and it keeps
rolling until the next cell is a wall ``#`` or the edge of the maze; it must
move at least one cell.  It reaches the exit only by *stopping* on E (rolling
over E does not count).  The answer is the fewest cells rolled, ties broken by
the smallest direction string in the order N < S < W < E.  Format and rules:
README.md next to this file.

Two models:

- ``stop_cells`` (the default): a state is a cell where the ball can rest; an
  edge is one roll, ``weight`` = cells rolled, ``rank`` = the direction.
- ``cell_heading`` (naive): a state is a cell and the heading the ball rolled
  in to reach it (the start has none); each one-cell step is an edge of weight 1.

Both print the same bytes: see the note on the tie-break above ``StopCells``.

>>> from stategraph.search.solution import solve
>>> ice = IceMaze()
>>> maze = next(ice.parse("3 3\\nS..\\n.#.\\n..E\\n0 0\\n"))
>>> model = ice.model("stop_cells")(maze)
>>> with model.state_graph(maze) as graph:
...     solution = solve(graph, "dijkstra")
>>> solution.labels
['rest (1,1)', 'rest (3,1)', 'rest (3,3)']
>>> print(ice.format_answer(maze, maze, model.decode(maze, solution)), end="")
Maze #1: 4 SE
"""

from __future__ import annotations

import re
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass

import networkx as nx

from stategraph.contract.checks import CONFIRMED, OPTIMALITY_UNCONFIRMED, Answer
from stategraph.contract.puzzle import Model, Puzzle
from stategraph.errors import VerificationError
from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.io.tokens import Tokens

LETTERS = "NSWE"                               # direction d is LETTERS[d]; also the tie-break order
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))   # (row, col) step of each direction
CELL_CHARS = "#.SE"
LIMITS = {"max_rows": 100, "max_cols": 100}
NAIVE_LIMIT = 200_000                          # positions the independent check may visit
UNKNOWN = object()                             # what naive_optimum returns past its budget

SAMPLE = """\
1 5
S...E
3 3
S..
.#.
..E
0 0
"""


@dataclass(frozen=True)
class Maze:
    """One parsed maze; cells are 0-based ``(row, col)`` pairs, ``rows`` the raw text rows."""

    number: int
    rows: tuple
    start: tuple
    exit: tuple


# -- parsing ---------------------------------------------------------------------------------

def parse(data, source: str = "<input>", limits: dict | None = None):
    """Yield the mazes of an input, one at a time, up to the ``0 0`` line.

    >>> list(parse("1 2\\nSE\\n1 2\\nS\\n", "in.txt"))
    Traceback (most recent call last):
    ...
    stategraph.errors.InputError: in.txt:4:1: instance 2: row 1 has 1 characters, expected 2
    """
    limits = {**LIMITS, **(limits or {})}
    tokens = Tokens(data, source)
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
            raise tokens.error(f"maze of {rows} x {cols} exceeds the limit of {limits['max_rows']} x "
                               f"{limits['max_cols']} (max_rows, max_cols)", header)
        yield _read_maze(tokens, number, rows, cols)


def _read_maze(tokens: Tokens, number: int, rows: int, cols: int) -> Maze:
    lines = []
    marks: dict[str, tuple] = {}
    for r in range(rows):
        token = tokens.next(f"row {r + 1} of {rows}")
        if len(token) != cols:
            raise tokens.error(f"row {r + 1} has {len(token)} characters, expected {cols}", token)
        for c, ch in enumerate(token):
            if ch not in CELL_CHARS:
                raise tokens.error(f"unknown character {ch!r} in row {r + 1} (expected one of {CELL_CHARS})",
                                   token)
            if ch in "SE":
                if ch in marks:
                    raise tokens.error(f"a second {ch} at row {r + 1}, column {c + 1} (the first is at row "
                                       f"{marks[ch][0] + 1}, column {marks[ch][1] + 1})", token)
                marks[ch] = (r, c)
        lines.append(str(token))
    for ch, meaning in (("S", "start"), ("E", "exit")):
        if ch not in marks:
            raise tokens.error(f"the maze has no {ch} ({meaning})", tokens.peek())
    return Maze(number, tuple(lines), marks["S"], marks["E"])


# -- the physics, shared by both models ------------------------------------------------------

def _open(maze: Maze, cell: tuple) -> bool:
    r, c = cell
    return 0 <= r < len(maze.rows) and 0 <= c < len(maze.rows[0]) and maze.rows[r][c] != "#"


def _ahead(cell: tuple, d: int) -> tuple:
    return (cell[0] + DELTAS[d][0], cell[1] + DELTAS[d][1])


def _roll(maze: Maze, cell: tuple, d: int) -> tuple:
    """``(stop cell, cells rolled)`` of a roll from ``cell`` in direction ``d`` (0 cells: blocked)."""
    cells = 0
    while _open(maze, _ahead(cell, d)):
        cell, cells = _ahead(cell, d), cells + 1
    return cell, cells


def _distance_to_exit(maze: Maze):
    """Manhattan distance to E: a roll of k cells changes it by at most k, so it is an admissible
    and consistent lower bound on the cells still to roll (both models use it for A*)."""
    er, ec = maze.exit

    def heuristic(state):
        r, c = state[:2]
        return abs(r - er) + abs(c - ec)

    return heuristic


def _where(cell: tuple) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


# Why the default tie-break (the smallest sequence of edge ranks, see stategraph.graph.canonical) is the
# puzzle's "smallest direction string": the canonical step walks the optimal paths taking, at each
# state, the tight edge of smallest ``rank``.  In ``stop_cells`` an edge is a roll ranked by its
# direction, so the rank sequence *is* the direction string.  In ``cell_heading`` only a resting
# state has more than one out-edge (a rolling ball has exactly one), and those are ranked by
# direction; two optimal paths agree up to the first resting state where they part, and there both
# orders compare the same two directions.  Every edge costs at least 1, so no optimal path is a
# proper prefix of another, and "smallest" never has to compare strings of different lengths.


# -- model 1: the cells where the ball rests -------------------------------------------------

class StopCells(Model):
    """A state is a cell where the ball rests; an edge is one roll (weight: cells rolled)."""

    name = "stop_cells"
    summary = "cell where the ball rests; a roll costs the cells rolled, ranked N < S < W < E"
    profile = WeightProfile(lex=False, unit=False, nonnegative=True)
    has_heuristic = True

    def __init__(self, maze: Maze):
        super().__init__(maze)
        graph: nx.DiGraph = nx.DiGraph(puzzle="ice_maze", maze=maze.number)
        graph.add_node(maze.start, label=f"rest {_where(maze.start)}", row=maze.start[0], col=maze.start[1])
        frontier = [maze.start]
        while frontier:
            cell = frontier.pop()
            for d in range(4):
                stop, cells = _roll(maze, cell, d)
                if cells == 0:
                    continue
                if stop not in graph:
                    graph.add_node(stop, label=f"rest {_where(stop)}", row=stop[0], col=stop[1])
                    frontier.append(stop)
                graph.add_edge(cell, stop, weight=cells, rank=d, move=LETTERS[d])
        self.graph = graph

    @contextmanager
    def state_graph(self, question):
        targets = frozenset({self.instance.exit}) if self.instance.exit in self.graph else frozenset()
        yield StateGraph(self.graph, self.instance.start, targets, heuristic=_distance_to_exit(self.instance))

    def decode(self, question, solution):
        """``(cells, directions)``, or ``None`` when the ball cannot stop on E."""
        if not solution.found:
            return None
        return solution.cost, "".join(attrs["move"] for _, _, attrs in solution.edges)


# -- model 2: the naive one, one cell at a time -----------------------------------------------

class CellHeading(Model):
    """A state is ``(row, col, heading)``: the cell the ball is on and the direction it rolled in
    to get there (``None`` for the start).  The ball rests when the cell ahead is blocked."""

    name = "cell_heading"
    summary = "cell x heading the ball rolled in on (naive); every one-cell step costs 1"
    profile = WeightProfile(lex=False, unit=True, nonnegative=True)
    has_heuristic = True

    def __init__(self, maze: Maze):
        super().__init__(maze)
        graph: nx.DiGraph = nx.DiGraph(puzzle="ice_maze", maze=maze.number)
        start = self.source = (*maze.start, None)
        graph.add_node(start, label=f"start {_where(maze.start)}")
        frontier = [start]
        while frontier:
            state = frontier.pop()
            cell, heading = state[:2], state[2]
            rolling = heading is not None and _open(maze, _ahead(cell, heading))
            for d in (heading,) if rolling else range(4):
                nxt = _ahead(cell, d)
                if not _open(maze, nxt):
                    continue
                after = (*nxt, d)
                if after not in graph:
                    at_rest = not _open(maze, _ahead(nxt, d))
                    graph.add_node(after, label=f"{_where(nxt)} {'resting' if at_rest else 'rolling'}, "
                                                f"came {LETTERS[d]}", at_rest=at_rest)
                    frontier.append(after)
                graph.add_edge(state, after, weight=1, rank=d, move=LETTERS[d], roll=not rolling)
        self.graph = graph
        self.targets = frozenset(s for s, rest in graph.nodes(data="at_rest") if rest and s[:2] == maze.exit)

    @contextmanager
    def state_graph(self, question):
        yield StateGraph(self.graph, self.source, self.targets, heuristic=_distance_to_exit(self.instance))

    def decode(self, question, solution):
        """``(cells, directions)``: a direction is written where a roll begins (``roll`` edges)."""
        if not solution.found:
            return None
        return solution.cost, "".join(attrs["move"] for _, _, attrs in solution.edges if attrs["roll"])


# -- the independent checker: plain loops over the rows' characters, no graph ------------------

def replay(maze, directions: str) -> int:
    """Roll the ball as ``directions`` say; return the cells rolled if every roll moves the ball
    and it ends at rest on E, else raise :class:`VerificationError` naming the first problem.

    >>> m = Maze(1, ("SE.", "..#"), (0, 0), (0, 1))
    >>> replay(m, "SEN")
    3
    >>> replay(m, "E")
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze 1: the ball rests at row 1, column 3, not on E (row 1, column 2)
    """
    rows = maze.rows
    height, width = len(rows), len(rows[0])
    r, c = _find(rows, "S")
    total = 0
    for index, letter in enumerate(directions, start=1):
        if letter not in "NSWE" or len(letter) != 1:
            raise VerificationError(f"maze {maze.number}: roll {index} is {letter!r}, not one of N, S, W, E")
        dr, dc = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}[letter]
        moved = 0
        while 0 <= r + dr < height and 0 <= c + dc < width and rows[r + dr][c + dc] != "#":
            r, c, moved = r + dr, c + dc, moved + 1
        if moved == 0:
            raise VerificationError(f"maze {maze.number}: roll {index} ({letter}) does not move the ball "
                                    f"from row {r + 1}, column {c + 1}")
        total += moved
    er, ec = _find(rows, "E")
    if (r, c) != (er, ec):
        raise VerificationError(f"maze {maze.number}: the ball rests at row {r + 1}, column {c + 1}, "
                                f"not on E (row {er + 1}, column {ec + 1})")
    return total


def naive_optimum(maze, *, limit: int = NAIVE_LIMIT, deadline: float | None = None):
    """The fewest cells rolled, by a breadth-first search over (row, col, heading) positions one
    cell at a time; ``None`` if the ball can never rest on E, :data:`UNKNOWN` past the budget.

    >>> naive_optimum(Maze(1, ("SE.", "..#"), (0, 0), (0, 1))), naive_optimum(Maze(2, ("SE...",), (0, 0), (0, 1)))
    (3, None)
    """
    rows = maze.rows
    height, width = len(rows), len(rows[0])

    def free(r, c):
        return 0 <= r < height and 0 <= c < width and rows[r][c] != "#"

    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    exit_cell = _find(rows, "E")
    start = (*_find(rows, "S"), -1)   # heading -1: at rest, never moved
    depth = {start: 0}
    queue = deque([start])
    visited = 0
    while queue:
        visited += 1
        if visited > limit or deadline is not None and visited % 1024 == 1 and time.monotonic() > deadline:
            return UNKNOWN
        r, c, h = position = queue.popleft()
        rolling = h >= 0 and free(r + steps[h][0], c + steps[h][1])
        if not rolling and (r, c) == exit_cell and h >= 0:
            return depth[position]
        for d in ([h] if rolling else range(4)):
            nr, nc = r + steps[d][0], c + steps[d][1]
            if free(nr, nc) and (nr, nc, d) not in depth:
                depth[nr, nc, d] = depth[position] + 1
                queue.append((nr, nc, d))
    return None


def _find(rows, ch: str) -> tuple:
    for r, line in enumerate(rows):
        if ch in line:
            return r, line.index(ch)
    raise VerificationError(f"the maze has no {ch}")


_ANSWER = re.compile(r"Maze #([0-9]+): (?:(impossible)|([0-9]+) ([NSWE]+))")


def read_answers(text: str, source: str = "<answers>"):
    """One :class:`~stategraph.contract.checks.Answer` per non-blank line ``Maze #k: CELLS DIRECTIONS`` or
    ``Maze #k: impossible`` (``value``: ``(cells, directions)`` or ``None``).

    >>> [(a.number, a.value, a.line) for a in read_answers("Maze #1: 4 SE\\n\\nMaze #2: impossible\\n")]
    [(1, (4, 'SE'), 1), (2, None, 3)]
    """
    expected = 1
    for line_number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        match = _ANSWER.fullmatch(line.strip())
        if match is None or int(match[1]) != expected:
            shown = line if len(line) <= 60 else line[:60] + "..."
            raise VerificationError(f"{source}:{line_number}: expected 'Maze #{expected}: CELLS DIRECTIONS' "
                                    f"or 'Maze #{expected}: impossible', found {shown!r}")
        value = None if match[2] else (int(match[3]), match[4])
        yield Answer(expected, value, line_number)
        expected += 1


# -- the puzzle --------------------------------------------------------------------------------

class IceMaze(Puzzle):
    """Ice mazes: many mazes per input, one question each."""

    name = "ice_maze"
    summary = "Ice Maze: the ball rolls until it hits a wall; fewest cells, then smallest NSWE string"
    sample = SAMPLE
    models = {"stop_cells": StopCells, "cell_heading": CellHeading}
    default_algorithm = "dijkstra"
    limits = LIMITS

    def parse(self, data, source="<input>", limits=None):
        return parse(data, source, limits)

    def random_instance(self, rng, size):
        """An input of one random maze, its longer side ``size + 1``: ice_maze.py's, drawn alike
        (a plug-in is one file, so the twin is written here again)."""
        side, other = size + 1, rng.randint(1, size + 1)
        rows, cols = (side, other) if rng.random() < 0.5 else (other, side)
        rock = rng.choice((0.0, 0.2, 0.35))
        grid = [["#" if rng.random() < rock else "." for _ in range(cols)] for _ in range(rows)]
        for (r, c), mark in zip(rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2), "SE"):
            grid[r][c] = mark
        return f"{rows} {cols}\n" + "".join("".join(row) + "\n" for row in grid) + "0 0\n"

    def format_answer(self, maze, question, answer):
        """
        >>> IceMaze().format_answer(Maze(3, (), (0, 0), (0, 1)), None, None)
        'Maze #3: impossible\\n'
        """
        if answer is None:
            return f"Maze #{maze.number}: impossible\n"
        cells, directions = answer
        return f"Maze #{maze.number}: {cells} {directions}\n"

    def label(self, maze, question):
        return f"maze {maze.number}"

    def verify(self, maze, record, *, deadline=None, limit=None):
        def fail(message):
            raise VerificationError(f"maze {maze.number}: {message}")

        optimum = naive_optimum(maze, limit=NAIVE_LIMIT if limit is None else limit, deadline=deadline)
        if record.answer is None:
            if optimum is UNKNOWN:
                return OPTIMALITY_UNCONFIRMED
            if optimum is not None:
                fail(f"answered impossible, but the ball can stop on E after {optimum} cells")
            return CONFIRMED
        cells, directions = record.answer
        rolled = replay(maze, directions)
        if rolled != cells:
            fail(f"the answer says {cells} cells, but its rolls cover {rolled}")
        reported = record.solution.cost if record.solution is not None else None
        if reported != rolled:
            fail(f"the rolls cover {rolled} cells, but the search reported {reported}")
        if optimum is UNKNOWN:
            return OPTIMALITY_UNCONFIRMED
        if optimum != rolled:
            fail(f"the rolls cover {rolled} cells, but the optimum is {optimum}")
        return CONFIRMED

    def read_answers(self, text, source):
        return read_answers(text, source)

    def judge_answer(self, maze, question, submitted, reference):
        if submitted.number != maze.number:
            raise VerificationError(f"maze {maze.number}: found the answer of maze {submitted.number}")
        if submitted.value is None:
            return None, reference is None
        cells, directions = submitted.value
        rolled = replay(maze, directions)
        if rolled != cells:
            raise VerificationError(f"maze {maze.number}: the answer says {cells} cells, "
                                    f"but its rolls cover {rolled}")
        return rolled, submitted.value == reference

    def answer_cost(self, maze, question, answer):
        return None if answer is None else answer[0]

    def describe_cost(self, cost):
        return f"{cost} cells"
