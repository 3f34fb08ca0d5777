"""Abbott's Revenge answers checked against the signs: route replay, naive optimum, answer files.

Headings index ``"NSWE"``; ``maze.signs[(r, c)][heading]`` is the string of
turns (F, L, R) allowed when arriving at ``(r, c)`` travelling ``heading``.
"""

from __future__ import annotations

import re
from collections import deque

from ...contract.checks import (
    NAIVE_LIMIT,
    UNKNOWN,
    Answer,
    Answers,
    judged,
    lines_of,
    out_of_budget,
    where,
)
from ...errors import VerificationError, shorten

HEADINGS = "NSWE"
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))
TURNED = {"F": (0, 1, 2, 3), "L": (2, 3, 1, 0), "R": (3, 2, 0, 1)}  # TURNED[turn][heading]
NO_SOLUTION = "No Solution Possible"
_ENTRY = re.compile(r"\s*\(\s*([0-9]{1,18})\s*,\s*([0-9]{1,18})\s*\)")


def _shown(name: str) -> str:
    """A maze name for a message: as it is, or bounded when long."""
    return name if len(name) <= 40 else shorten(name)


def _label(maze) -> str:
    return f"maze {_shown(maze.name)}"


def _exits(maze, cell, heading) -> set:
    """The headings the signs at ``cell`` allow when arriving there travelling ``heading``."""
    return {TURNED[turn][heading] for turn in maze.signs.get(cell, {}).get(heading, "")}


def replay(maze, route) -> int:
    """The number of moves of ``route`` (``(r, c)`` cells) from the entrance, stopping at the goal;
    a :class:`~stategraph.errors.VerificationError` names the first problem.

    >>> from types import SimpleNamespace
    >>> maze = SimpleNamespace(number=1, name="T", entrance=(1, 1), heading=3, goal=(1, 3),
    ...                        signs={(1, 2): {3: "FL"}})
    >>> replay(maze, [(1, 1), (1, 2), (1, 3)])
    2
    >>> replay(maze, [(1, 1), (1, 2), (2, 2)])
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze T: step 2 from (1, 2) heading E to (2, 2) is not allowed by the signs
    """
    def fail(message):
        raise VerificationError(f"{_label(maze)}: {message}")

    route = [tuple(cell) for cell in route]
    if not route or route[0] != tuple(maze.entrance):
        fail(f"the route starts at {where(route[0]) if route else 'nothing'}, "
             f"not at the entrance {where(maze.entrance)}")
    if len(route) < 2:
        fail(f"the route makes no move: the first move must head {HEADINGS[maze.heading]}")
    goal = tuple(maze.goal)
    heading = maze.heading
    for index in range(1, len(route)):
        here, there = route[index - 1], route[index]
        move = (there[0] - here[0], there[1] - here[1])
        new = DELTAS.index(move) if move in DELTAS else None
        if index == 1:
            if new != heading:
                fail(f"step 1 goes to {where(there)}, but the first move must head {HEADINGS[heading]}")
        else:
            if here == goal:
                fail(f"step {index - 1} reaches the goal {where(goal)}, but the route goes on")
            if new is None or new not in _exits(maze, here, heading):
                fail(f"step {index} from {where(here)} heading {HEADINGS[heading]} to {where(there)} "
                     "is not allowed by the signs")
        heading = new
    if route[-1] != goal:
        fail(f"the route ends at {where(route[-1])}, not at the goal {where(goal)}")
    return len(route) - 1


def naive_optimum(maze, query=None, *, limit: int = NAIVE_LIMIT, deadline: float | None = None):
    """The fewest moves to the goal by BFS over (position, heading of arrival); ``None`` if it cannot
    be reached, ``UNKNOWN`` past ``limit`` positions or ``deadline``.

    >>> from types import SimpleNamespace
    >>> maze = SimpleNamespace(number=1, name="T", entrance=(1, 1), heading=3, goal=(1, 1),
    ...                        signs={(1, 2): {3: "R"}, (2, 2): {1: "R"}, (2, 1): {2: "R"}})
    >>> naive_optimum(maze), naive_optimum(maze, limit=2)
    (4, UNKNOWN)
    """
    goal = tuple(maze.goal)
    signs = maze.signs
    heading = maze.heading
    dr, dc = DELTAS[heading]
    start = (maze.entrance[0] + dr, maze.entrance[1] + dc, heading)
    seen = {start}
    queue = deque([(start, 1)])
    visited = 0
    while queue:
        state, moves = queue.popleft()
        r, c, heading = state
        if (r, c) == goal:
            return moves
        visited += 1
        if out_of_budget(visited, limit, deadline):
            return UNKNOWN
        for turn in signs.get((r, c), {}).get(heading, ""):
            new = TURNED[turn][heading]
            dr, dc = DELTAS[new]
            after = (r + dr, c + dc, new)
            if after not in seen:
                seen.add(after)
                queue.append((after, moves + 1))
    return None


def verify(maze, record, *, deadline: float | None = None, limit: int | None = None) -> str:
    """Check ``record.answer`` (a route, or ``None``) against the signs, the reported cost and the
    naive optimum.

    >>> from stategraph.puzzles import arrow_maze
    >>> from stategraph.solving.records import Record
    >>> from stategraph.search.solution import Solution
    >>> maze = next(arrow_maze.parse("T\\n1 1 E 1 3\\n1 2 EF *\\n0\\nEND\\n"))
    >>> verify(maze, Record(1, "", [(1, 1), (1, 2), (1, 3)], Solution(2, [])))
    'confirmed'
    >>> verify(maze, Record(1, "", [(1, 1), (2, 1), (1, 3)], Solution(2, [])))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze T: step 1 goes to (2, 1), but the first move must head E
    """
    def fail(message):
        raise VerificationError(f"{_label(maze)}: {message}")

    route = record.answer
    moves = None
    if route is not None:
        moves = replay(maze, route)
        solution = record.solution
        if solution is not None and solution.cost != moves:
            fail(f"the route makes {moves} moves, but the search reported {shorten(solution.cost)}")
    optimum = naive_optimum(maze, limit=NAIVE_LIMIT if limit is None else limit, deadline=deadline)
    return judged(optimum, moves, fail, lambda best: f"answered {NO_SOLUTION}, but one of {best} moves exists",
                  lambda best: f"the route makes {moves} moves, but the optimum is {best}")


def read_answers(text: str, source: str = "<answers>") -> Answers:
    """The :class:`~stategraph.contract.checks.Answers` of the mazes: a name in column 1, then lines
    starting with whitespace that hold the route's ``(r,c)`` entries, or ``No Solution Possible``
    (``value``: ``(name, route)``, route ``None`` for no solution; ``line``: the name's line).
    Whitespace and entries per line are not checked; anything else out of place is that maze's problem.

    >>> text = "A\\n  (1,1) (1,2)\\n  (1,3)\\nB\\n  No Solution Possible\\n"
    >>> [(a.number, a.value, a.line) for a in read_answers(text, "x")]
    [(1, ('A', [(1, 1), (1, 2), (1, 3)]), 1), (2, ('B', None), 4)]
    >>> [a.problem for a in read_answers("A\\n  (1,1) (1,x)\\nB\\n  (1,1)\\n", "x").each]
    ["x:2: maze A: bad route entry '(1,x)'", None]
    """
    return Answers(_each(text, source))


def _each(text: str, source: str):
    number = 0
    name = ""  # the maze being read ("": it has no name, its problem says why)
    route: list | str | None = None  # its route, or NO_SOLUTION
    problem: tuple | None = None  # (line, message): the first thing wrong with it
    name_line = blank = last = 0

    def finish(end):
        if problem is None and not route:
            return Answer(number, None, end, f"{source}:{end}: maze {_shown(name)}: expected its route or "
                                             f"'  {NO_SOLUTION}'")
        if problem is not None:
            return Answer(number, None, problem[0], f"{source}:{problem[0]}: {problem[1]}")
        return Answer(number, (name, None if route is NO_SOLUTION else route), name_line)

    for last, line in lines_of(text):
        content = line.strip()
        if not content:
            blank = blank or last
            continue
        if blank and problem is None:
            problem = blank, "an empty line" + (f" in the answer of maze {_shown(name)}" if number else
                                                " before the first answer")
        blank = 0
        in_column_1 = not line[0].isspace()
        route_like = content.startswith("(") or " ".join(content.split()) == NO_SOLUTION
        if not number or in_column_1 and not route_like:  # the next maze's answer
            if number:
                yield finish(last)
                problem = None
            number, name, route, name_line = number + 1, "", None, last
            if not in_column_1 or route_like:
                problem = problem or (last, f"expected a maze name in column 1, found {shorten(line)}")
            elif not (content.isascii() and content.isalnum()):
                problem = problem or (last, "expected a maze name (one alphanumeric word) in column 1, "
                                            f"found {shorten(line)}")
            else:
                name = content
            continue
        if problem is not None:
            continue
        if in_column_1:
            problem = last, (f"maze {_shown(name)}: expected a route line (starting with whitespace), "
                             f"found {shorten(line)}")
        elif route is NO_SOLUTION:
            problem = last, f"maze {_shown(name)}: a line after '{NO_SOLUTION}', {shorten(line)}"
        elif " ".join(line.split()) == NO_SOLUTION:
            if route:
                problem = last, f"maze {_shown(name)}: '{NO_SOLUTION}' after route entries"
            route = NO_SOLUTION
        else:
            entries = route if isinstance(route, list) else []
            position, end = 0, len(line.rstrip())
            while position < end:
                match = _ENTRY.match(line, position)
                if not match:
                    problem = last, f"maze {_shown(name)}: bad route entry {shorten(line[position:].split()[0])}"
                    break
                entries.append((int(match[1]), int(match[2])))
                position = match.end()
            route = entries
    if number:
        yield finish(last + 1)
