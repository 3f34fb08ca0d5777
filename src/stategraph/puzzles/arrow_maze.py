"""Abbott's Revenge (UVa 816): the shortest walk through an arrow maze.

Model ``cell_heading`` (the default): a state is an intersection and the
heading on arrival; every move costs 1.  The start is a state of its own
(standing on the entrance, about to leave in the prescribed direction), so a
goal equal to the entrance is reached only after leaving it.  Edge ranks
order the turns F < L < R.

>>> from stategraph import get_puzzle, solve
>>> arrow_maze = get_puzzle("arrow_maze")
>>> maze = next(arrow_maze.parse("TINY\\n1 1 E 1 3\\n1 2 EF *\\n0\\nEND\\n"))
>>> model = arrow_maze.model()(maze)
>>> with model.state_graph(maze) as graph:
...     route = model.decode(maze, solve(graph, "bfs"))
>>> [label for _, label in graph.graph.nodes(data="label")]
['start (1,1) heading E', '(1,2) heading E', '(1,3) heading E']
>>> print(arrow_maze.format_answer(maze, maze, route), end="")
TINY
  (1,1) (1,2) (1,3)
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.resources import files
from itertools import permutations
from typing import Any, ClassVar

import networkx as nx

from ..checks import arrow_maze as checker
from ..errors import VerificationError, shorten
from ..graph_dicts import collector_paused, graph_writers, node_attributes, predecessors, successors
from ..grid import DELTAS, LEFT_OF, LETTERS, RIGHT_OF
from ..puzzle import Model, Puzzle
from ..state_graph import StateGraph, WeightProfile
from ..textinput import Tokens
from .arrow_maze_explain import explain as explain_route
from .arrow_maze_explain import scene as route_scene

NAME = "arrow_maze"
LIMITS = {"max_name_length": 20, "max_intersections": 100000}
START = "start"
TURNS = "FLR"
ENTRIES_PER_LINE = 10
_SIGN = re.compile(r"[NSEW][LFR]{1,3}")
# every valid sign -> (heading, its turns in F, L, R order)
_SIGNS = {heading + "".join(turns): (LETTERS.index(heading), "".join(sorted(turns, key=TURNS.index)))
          for heading in "NSEW" for k in (1, 2, 3) for turns in permutations("LFR", k)}
# (heading, allowed turns in F, L, R order) -> the moves: (heading after, row step, column step,
# its letter, edge rank, turn)
_MOVES = {(heading, turns): tuple((after, *DELTAS[after], LETTERS[after], TURNS.index(choice), choice)
                                  for choice in turns
                                  for after in [heading if choice == "F" else
                                                LEFT_OF[heading] if choice == "L" else RIGHT_OF[heading]])
          for heading in range(4) for turns in {turns for _, turns in _SIGNS.values()}}
# state -> its label, shared by the mazes of an input (cleared past LABEL_CACHE entries)
_LABELS: dict = {}
LABEL_CACHE = 100_000


@dataclass(frozen=True)
class ArrowMaze:
    """One maze: ``signs[(row, col)][heading]`` is the string of allowed turns (headings index NSWE)."""

    number: int
    name: str
    entrance: tuple
    heading: int
    goal: tuple
    signs: dict


def parse(data, source: str = "<input>", limits: dict | None = None):
    """Yield the mazes of a contest input, read as whitespace-separated tokens, up to ``END``."""
    limits = {**LIMITS, **(limits or {})}
    tokens = Tokens(data, source)
    for number in tokens.instances("a maze name", "END line"):
        name = tokens.next("a maze name")
        if name == "END":
            tokens.expect_end("END")
            return
        if not name.isascii() or not name.isalnum() or len(name) > limits["max_name_length"]:
            raise tokens.error(f"maze name {shorten(name)} must be alphanumeric and at most "
                               f"{limits['max_name_length']} characters (max_name_length)", name)
        yield _read_maze(tokens, number, str(name), limits)


def _read_maze(tokens: Tokens, number: int, name: str, limits: dict) -> ArrowMaze:
    entrance = (tokens.integer("the entrance row", 1), tokens.integer("the entrance column", 1))
    letter = tokens.next("the first direction (N, S, E or W)")
    if letter not in ("N", "S", "E", "W"):
        raise tokens.error(f"the first direction must be N, S, E or W, found {shorten(letter)}", letter)
    goal = (tokens.integer("the goal row", 1), tokens.integer("the goal column", 1))
    signs: dict[tuple[int, int], dict[int, str]] = {}
    limit = limits["max_intersections"]
    while True:
        # the common case: whole intersection lines "r c SIGN ... *", every token plain; at most as
        # many as may still add an intersection (the limit is then checked below, one by one)
        for (row, col), entries in tokens.records("*", _SIGNS, 2, limit - len(signs)):
            cell_signs = signs.get((row, col))
            if cell_signs is None:
                cell_signs = signs[row, col] = {}
            for heading, turns in entries:
                old = cell_signs.get(heading)
                cell_signs[heading] = turns if old is None else "".join(t for t in TURNS if t in old or t in turns)
        fast = tokens.scan_through("*", _SIGNS, lead=2)
        if fast is not None:
            (row, col), entries, end = fast
            if row >= 1 and col >= 1:
                cell_signs = signs.get((row, col))
                if cell_signs is None and len(signs) < limit:
                    cell_signs = signs[row, col] = {}
                if cell_signs is not None:
                    tokens.advance(end)
                    for heading, turns in entries:
                        old = cell_signs.get(heading)
                        cell_signs[heading] = (turns if old is None else
                                               "".join(t for t in TURNS if t in old or t in turns))
                    continue
        first = tokens.peek()
        if first == "0":
            tokens.next("0")
            break
        if first is None or first == "END":
            raise tokens.error(f"maze {shorten(name)}: missing the '0' line that ends its intersections", first)
        cell = (tokens.integer("an intersection row (or 0 to end the maze)", 1),
                tokens.integer("an intersection column", 1))
        if cell not in signs and len(signs) >= limits["max_intersections"]:
            raise tokens.error(f"more than {limits['max_intersections']} intersections (max_intersections)",
                               first)
        _read_signs(tokens, cell, signs.setdefault(cell, {}))
    return ArrowMaze(number, name, entrance, LETTERS.index(letter), goal, signs)


def _read_signs(tokens: Tokens, cell: tuple, signs: dict) -> None:
    """Add the signs up to ``*`` to ``signs`` (heading -> turns); repeated signs add up, as in the
    reference solution: ``NL NR`` allows L and R when travelling N."""
    entries = tokens.words_through("*", _SIGNS)  # the common case: a line of valid signs and its '*'
    if entries is not None:
        for heading, turns in entries:
            old = signs.get(heading)
            signs[heading] = turns if old is None else "".join(t for t in TURNS if t in old or t in turns)
        return
    while True:
        token = tokens.peek()
        if token == "*":
            tokens.next("*")
            return
        if token is None or token == "END" or token.isdigit():
            raise tokens.error(f"missing '*' after the signs of intersection ({cell[0]},{cell[1]})", token)
        tokens.next("a sign")
        if not _SIGN.fullmatch(token) or len(set(token[1:])) != len(token) - 1:
            raise tokens.error(f"bad sign {shorten(token)} at intersection ({cell[0]},{cell[1]}): expected a "
                               "direction N, S, E or W followed by 1 to 3 distinct letters from L, F, R", token)
        heading = LETTERS.index(token[0])
        turns = set(token[1:]) | set(signs.get(heading, ""))
        signs[heading] = "".join(sorted(turns, key=TURNS.index))


def cell_heading_graph(maze: ArrowMaze) -> StateGraph:
    """The (intersection, heading) states reachable from the entrance, with F/L/R edges."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_cell_heading_graph(maze)


def _build_cell_heading_graph(maze: ArrowMaze) -> StateGraph:
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, name=maze.name)
    add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
    add_node(START, {"kind": "start", "row": maze.entrance[0], "col": maze.entrance[1],
                     "heading": LETTERS[maze.heading],
                     "label": f"start ({maze.entrance[0]},{maze.entrance[1]}) heading {LETTERS[maze.heading]}"})
    first = _step(maze.entrance, maze.heading)
    _add_state(graph, first)
    add_edge(START, first, {"weight": 1, "rank": 0, "turn": "start"})
    # The loop writes networkx's own dicts (as add_node / add_edge would): each state is expanded
    # once and its turns lead to distinct states, so no edge is ever added twice.
    nodes, succ, pred = node_attributes(graph), successors(graph), predecessors(graph)
    signs = maze.signs
    moves = _MOVES
    labels = _LABELS
    if len(labels) > LABEL_CACHE:
        labels.clear()
    frontier = [first]
    while frontier:
        state = frontier.pop()
        row, col, heading = state
        cell = signs.get((row, col))
        if not cell:
            continue
        turns = cell.get(heading)
        if not turns:
            continue
        out = succ[state]
        for after_heading, dr, dc, letter, rank, choice in moves[heading, turns]:
            after = (row + dr, col + dc, after_heading)
            if after not in nodes:
                label = labels.get(after)
                if label is None:
                    label = labels[after] = f"({after[0]},{after[1]}) heading {letter}"
                nodes[after] = {"kind": "state", "row": after[0], "col": after[1], "heading": letter,
                                "label": label}
                succ[after] = {}
                pred[after] = {}
                frontier.append(after)
            out[after] = pred[after][state] = {"weight": 1, "rank": rank, "turn": choice}
    targets = frozenset(n for n in graph if n != START and n[:2] == maze.goal)
    # every edge weighs 1: the profile needs no scan of the edges
    profile = WeightProfile(lex=False, unit=True, nonnegative=True, primary_01=False,
                            count=sum(len(out) for out in succ.values()))
    return StateGraph(graph, START, targets, heuristic=_distance_lower_bound(graph, maze.goal), profile=profile)


def _step(cell: tuple, heading: int) -> tuple:
    dr, dc = DELTAS[heading]
    return (cell[0] + dr, cell[1] + dc, heading)


def _add_state(graph, state) -> None:
    row, col, heading = state
    graph.add_node(state, kind="state", row=row, col=col, heading=LETTERS[heading],
                   label=f"({row},{col}) heading {LETTERS[heading]}")


def _distance_lower_bound(graph, goal: tuple):
    nodes = graph._node

    def heuristic(state):
        attrs = nodes[state]
        return abs(attrs["row"] - goal[0]) + abs(attrs["col"] - goal[1])

    return heuristic


def decode_route(maze: ArrowMaze, solution) -> list | None:
    """The route: the entrance, then the intersection of every state on the canonical path."""
    if not solution.found:
        return None
    return [maze.entrance] + [state[:2] for state in solution.states[1:]]


class CellHeading(Model):
    """The seeds' model: an intersection and the heading on arrival."""

    name = "cell_heading"
    summary = "intersection x heading on arrival; a move allowed by the signs costs 1"
    profile = WeightProfile(lex=False, unit=True, nonnegative=True)
    has_heuristic = True

    def __init__(self, maze: ArrowMaze):
        super().__init__(maze)
        self.compiled = cell_heading_graph(maze)

    @contextmanager
    def state_graph(self, question):
        yield self.compiled

    def decode(self, question, solution):
        return decode_route(self.instance, solution)

    @classmethod
    def explain(cls, record):
        return explain_route(record)

    @classmethod
    def scene(cls, record, steps):
        return route_scene(record, steps)


class ArrowMazes(Puzzle):
    """UVa 816: many named mazes per input, one question each."""

    name = NAME
    aliases = ("abbott", "uva816")
    summary = "Abbott's Revenge (UVa 816): shortest walk through an arrow maze"
    sample = files("stategraph").joinpath("samples", "arrow_maze.txt").read_text(encoding="utf-8")
    models = {"cell_heading": CellHeading}
    default_algorithm = "bfs"
    limits = LIMITS
    checker: ClassVar[Any] = checker

    def parse(self, data, source="<input>", limits=None):
        return parse(data, source, limits)

    def instance_text(self, maze, question):
        lines = [maze.name, f"{maze.entrance[0]} {maze.entrance[1]} {LETTERS[maze.heading]} "
                            f"{maze.goal[0]} {maze.goal[1]}"]
        for (r, c), signs in maze.signs.items():
            lines.append(f"{r} {c} " + " ".join(LETTERS[h] + t for h, t in sorted(signs.items())) + " *")
        return "\n".join(lines) + "\n0\n"

    def format_answer(self, maze, question, route):
        """The name, then the route ten entries a line (each line indented two spaces)."""
        if route is None:
            return f"{maze.name}\n  No Solution Possible\n"
        entries = [f"({r},{c})" for r, c in route]
        lines = ["  " + " ".join(entries[i:i + ENTRIES_PER_LINE])
                 for i in range(0, len(entries), ENTRIES_PER_LINE)]
        return maze.name + "\n" + "\n".join(lines) + "\n"

    def label(self, maze, question):
        return f"maze {shorten(maze.name)}"

    def judge_answer(self, maze, question, submitted, reference):
        name, route = submitted.value
        if name != maze.name:
            raise VerificationError(f"expected the maze {shorten(maze.name)}, found {shorten(name)}")
        return self.answer_cost(maze, question, route), route == reference

    def answer_cost(self, maze, question, route):
        return None if route is None else checker.replay(maze, route)

    def describe_cost(self, cost):
        return f"{cost} moves"
