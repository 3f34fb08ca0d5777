"""Abbott's Revenge's model ``cell_heading``, as rules: its states, its moves, its answer.

A state is an intersection and the heading on arrival, ``(row, col, heading)``; every move
costs 1.  The start, :data:`START`, is a state of its own (standing on the entrance, about to
leave in the prescribed direction), so a goal equal to the entrance is reached only after
leaving it.  Edge ranks order the turns F < L < R.  :mod:`.build` builds the same graph fast
(``tests/test_puzzle_builds.py`` holds the two equal).

>>> from stategraph import get_puzzle
>>> maze = next(get_puzzle("arrow_maze").parse("TINY\\n1 1 E 1 3\\n1 2 EFL *\\n0\\nEND\\n"))
>>> from stategraph.grid.cells import EAST
>>> [(after, attrs["turn"]) for after, attrs in turns(maze, (1, 2, EAST))]
[((1, 3, 3), 'F'), ((0, 2, 0), 'L')]
"""

from __future__ import annotations

from ...grid.cells import DELTAS, LEFT_OF, LETTERS, RIGHT_OF
from .maze import TURNS, ArrowMaze

NAME = "arrow_maze"
START = "start"


def turns(maze: ArrowMaze, state):
    """``(next state, edge attributes)`` of every move from ``state``, in the order F, L, R: the
    turns the sign at the intersection allows for the heading of arrival (the start: one step
    from the entrance in the first direction)."""
    if state == START:
        (row, col), heading, allowed = maze.entrance, maze.heading, "F"
    else:
        row, col, heading = state
        allowed = maze.signs.get((row, col), {}).get(heading, "")
    for choice in allowed:
        after = turned(heading, choice)
        dr, dc = DELTAS[after]
        yield (row + dr, col + dc, after), turn_attributes("start" if state == START else choice, choice)


def turned(heading: int, choice: str) -> int:
    """The heading after turning ``choice`` (F, L or R) from ``heading``."""
    return heading if choice == "F" else LEFT_OF[heading] if choice == "L" else RIGHT_OF[heading]


def turn_attributes(turn: str, choice: str) -> dict:
    """A move's edge attributes: one step (weight 1), ranked F < L < R for the tie-break."""
    return {"weight": 1, "rank": TURNS.index(choice), "turn": turn}


def state_attributes(maze: ArrowMaze, state) -> dict:
    """What a node of ``state`` holds: its ``kind``, the intersection, the heading and a ``label``."""
    if state == START:
        row, col = maze.entrance
        heading = LETTERS[maze.heading]
        return {"kind": "start", "row": row, "col": col, "heading": heading,
                "label": f"start ({row},{col}) heading {heading}"}
    row, col, heading = state[0], state[1], LETTERS[state[2]]
    return {"kind": "state", "row": row, "col": col, "heading": heading, "label": f"({row},{col}) heading {heading}"}


def distance_lower_bound(maze: ArrowMaze):
    """The A* bound: every move goes one cell, so at least the Manhattan distance to the goal.

    >>> from stategraph import get_puzzle
    >>> maze = next(get_puzzle("arrow_maze").parse("TINY\\n1 1 E 3 3\\n0\\nEND\\n"))
    >>> bound = distance_lower_bound(maze)
    >>> bound(START), bound((2, 3, 0))
    (4, 1)
    """
    goal_row, goal_col = maze.goal
    entrance = maze.entrance

    def heuristic(state):
        row, col = entrance if state == START else state[:2]
        return abs(row - goal_row) + abs(col - goal_col)

    return heuristic


def decode_route(maze: ArrowMaze, solution) -> list | None:
    """The route: the entrance, then the intersection of every state on the canonical path."""
    if not solution.found:
        return None
    return [maze.entrance] + [state[:2] for state in solution.states[1:]]
