"""Abbott's Revenge (UVa 816): state = intersection x heading on arrival; every move costs 1.

The start is a state of its own (standing on the entrance, about to leave in
the prescribed direction), so a goal equal to the entrance is reached only
after leaving it.  Edge ranks order the turns F < L < R.

>>> from stategraph.puzzles import arrow_maze
>>> from stategraph import solve
>>> text = "TINY\\n1 1 E 1 3\\n1 2 EF *\\n0\\nEND\\n"
>>> maze = next(arrow_maze.parse(text))
>>> model = arrow_maze.compile(maze)
>>> [label for _, label in model.graph.nodes(data="label")]
['start (1,1) heading E', '(1,2) heading E', '(1,3) heading E']
>>> print(arrow_maze.format_answer(maze, arrow_maze.decode(maze, solve(model, "bfs"))), end="")
TINY
  (1,1) (1,2) (1,3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import networkx as nx

from ..checks.arrow_maze import read_answers, replay, verify  # noqa: F401  (the independent checkers)
from ..errors import VerificationError, shorten
from ..grid import DELTAS, LEFT_OF, LETTERS, RIGHT_OF
from ..model import StateModel, WeightProfile
from ..records import Record, Stopwatch, solve_and_decode
from ..textinput import Tokens

NAME = "arrow_maze"
ALIASES = ("abbott", "uva816")
SUMMARY = "Abbott's Revenge (UVa 816): shortest walk through an arrow maze"
SAMPLE = "arrow_maze.txt"
DEFAULTS = {"algorithm": "bfs", "max_name_length": 20, "max_intersections": 100000}
PROFILE = WeightProfile(lex=False, unit=True, nonnegative=True)
HAS_HEURISTIC = True
START = "start"
TURNS = "FLR"
ENTRIES_PER_LINE = 10
_SIGN = re.compile(r"[NSEW][LFR]{1,3}")


@dataclass(frozen=True)
class ArrowMaze:
    """One maze: ``signs[(row, col)][heading]`` is the string of allowed turns (headings index NSWE)."""

    number: int
    name: str
    entrance: tuple
    heading: int
    goal: tuple
    signs: dict


def turn(heading: int, choice: str) -> int:
    """The heading after taking ``choice`` (F, L or R)."""
    return heading if choice == "F" else LEFT_OF[heading] if choice == "L" else RIGHT_OF[heading]


def parse(text: str, source: str = "<input>", limits: dict | None = None):
    """Yield the mazes of a contest input, read as whitespace-separated tokens, up to ``END``."""
    limits = {**DEFAULTS, **(limits or {})}
    tokens = Tokens(text, source)
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
    while True:
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


def compile(maze: ArrowMaze) -> StateModel:
    """The (intersection, heading) states reachable from the entrance, with F/L/R edges."""
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, name=maze.name)
    graph.add_node(START, kind="start", row=maze.entrance[0], col=maze.entrance[1],
                   heading=LETTERS[maze.heading],
                   label=f"start ({maze.entrance[0]},{maze.entrance[1]}) heading {LETTERS[maze.heading]}")
    first = _step(maze.entrance, maze.heading)
    _add_state(graph, first)
    graph.add_edge(START, first, weight=1, rank=0, turn="start")
    frontier = [first]
    while frontier:
        state = frontier.pop()
        row, col, heading = state
        for choice in maze.signs.get((row, col), {}).get(heading, ""):
            after = _step((row, col), turn(heading, choice))
            if after not in graph:
                _add_state(graph, after)
                frontier.append(after)
            graph.add_edge(state, after, weight=1, rank=TURNS.index(choice), turn=choice)
    targets = frozenset(n for n in graph if n != START and n[:2] == maze.goal)
    return StateModel(graph, START, targets, heuristic=_distance_lower_bound(graph, maze.goal))


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


def decode(maze: ArrowMaze, solution) -> list | None:
    """The route: the entrance, then the intersection of every state on the canonical path."""
    if not solution.found:
        return None
    return [maze.entrance] + [state[:2] for state in solution.states[1:]]


def format_answer(maze: ArrowMaze, route: list | None) -> str:
    """The name, then the route ten entries a line (each line indented two spaces)."""
    if route is None:
        return f"{maze.name}\n  No Solution Possible\n"
    entries = [f"({r},{c})" for r, c in route]
    lines = ["  " + " ".join(entries[i:i + ENTRIES_PER_LINE]) for i in range(0, len(entries), ENTRIES_PER_LINE)]
    return maze.name + "\n" + "\n".join(lines) + "\n"


def solve_instance(maze: ArrowMaze, settings: dict) -> list[Record]:
    watch = Stopwatch()
    model = compile(maze)
    solution, route = solve_and_decode(model, settings, lambda s: decode(maze, s), watch.lap())
    return [Record(maze.number, format_answer(maze, route), route, solution, solution.stats, graph=model.graph)]


def question_label(record: Record) -> str:
    return f"maze {shorten(record.subject.name)}"


def judge_answer(maze: ArrowMaze, record: Record, answer) -> tuple:
    """``(cost, canonical)`` of a maze's route read from an answers file; an illegal one raises."""
    name, route = answer.value
    if name != maze.name:
        raise VerificationError(f"expected the maze {shorten(maze.name)}, found {shorten(name)}")
    cost = None if route is None else replay(maze, route)
    return cost, route == record.answer


def record_cost(record: Record):
    return None if record.answer is None else len(record.answer) - 1


def describe_cost(cost) -> str:
    return f"{cost} moves"
