"""Check an Abbott's Revenge route step by step against the signs."""

from __future__ import annotations

from collections import deque

from ..errors import VerificationError
from . import CONFIRMED

HEADINGS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {value: key for key, value in LEFT.items()}


def verify(maze, record) -> str:
    """Check ``record.answer`` (a route, or ``None``) against ``maze``'s signs.

    >>> from stategraph.puzzles import arrow_maze
    >>> from stategraph.records import Record
    >>> from stategraph.pipeline import Solution
    >>> maze = next(arrow_maze.parse("T\\n1 1 E 1 3\\n1 2 EF *\\n0\\nEND\\n"))
    >>> verify(maze, Record(1, "", [(1, 1), (1, 2), (1, 3)], Solution(2, [])))
    'confirmed'
    >>> verify(maze, Record(1, "", [(1, 1), (2, 1), (1, 3)], Solution(2, [])))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze T: step 1 goes to (2, 1), but the first move must head E
    """
    signs = {cell: {"NSWE"[h]: turns for h, turns in by_heading.items()} for cell, by_heading in maze.signs.items()}
    first = "NSWE"[maze.heading]

    def fail(message):
        raise VerificationError(f"maze {maze.name}: {message}")

    route = record.answer
    fewest = _fewest_moves(signs, maze.entrance, first, maze.goal)
    if route is None:
        if fewest is not None:
            fail(f"answered No Solution Possible, but a plain search reaches the goal in {fewest} moves")
        return CONFIRMED
    if len(route) < 2 or route[0] != maze.entrance:
        fail("a route must start at the entrance and make at least one move")
    heading = None
    for index, (here, there) in enumerate(zip(route, route[1:]), start=1):
        move = (there[0] - here[0], there[1] - here[1])
        new = next((h for h, delta in HEADINGS.items() if delta == move), None)
        if index == 1:
            if new != first:
                fail(f"step 1 goes to {there}, but the first move must head {first}")
        else:
            allowed = {"F": heading, "L": LEFT[heading], "R": RIGHT[heading]}
            turns = signs.get(here, {}).get(heading, "")
            if new is None or all(allowed[t] != new for t in turns):
                fail(f"step {index} from {here} heading {heading} to {there} is not allowed by the signs")
        heading = new
    if route[-1] != maze.goal:
        fail(f"the route ends at {route[-1]}, not at the goal {maze.goal}")
    if record.solution is not None and record.solution.cost != len(route) - 1:
        fail(f"the route makes {len(route) - 1} moves, but the search reported {record.solution.cost}")
    if len(route) - 1 != fewest:
        fail(f"the route makes {len(route) - 1} moves, but a plain search needs only {fewest}")
    return CONFIRMED


def _fewest_moves(signs, entrance, first, goal) -> int | None:
    dr, dc = HEADINGS[first]
    start = (entrance[0] + dr, entrance[1] + dc, first)
    seen = {start: 1}
    queue = deque(seen)
    while queue:
        r, c, heading = state = queue.popleft()
        if (r, c) == goal:
            return seen[state]
        for turn in signs.get((r, c), {}).get(heading, ""):
            new = {"F": heading, "L": LEFT[heading], "R": RIGHT[heading]}[turn]
            dr, dc = HEADINGS[new]
            after = (r + dr, c + dc, new)
            if after not in seen:
                seen[after] = seen[state] + 1
                queue.append(after)
    return None
