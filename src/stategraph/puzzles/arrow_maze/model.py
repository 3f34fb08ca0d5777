"""Abbott's Revenge's model ``cell_heading``, as the rules a learner writes: read this first.

A state is ``(row, col, heading on arrival)``, or :data:`~.maze.START` (on the entrance, about to
leave), so a goal equal to the entrance is reached only after leaving it.  A move is a turn the
sign allows, ``F``, ``L`` or ``R`` in that order (the tie-break; off the entrance: ``start``), and
costs 1.

>>> from stategraph import get_puzzle
>>> from stategraph.grid.cells import EAST
>>> maze = next(get_puzzle("arrow_maze").parse("TINY\\n1 1 E 1 3\\n1 2 EFL *\\n0\\nEND\\n"))
>>> list(CellHeadingRules().moves(maze, (1, 2, EAST)))
[('F', (1, 3, 3), 1), ('L', (0, 2, 0), 1)]
"""

from __future__ import annotations

from ...graph.state_graph import WeightProfile
from ...grid.cells import DELTAS, LEFT_OF, LETTERS, RIGHT_OF
from .build import cell_heading_graph
from .explain import explain as explain_route
from .explain import scene as route_scene
from .maze import START, ArrowMaze


class CellHeadingRules:
    """The rules of model ``cell_heading``: an intersection and the heading on arrival."""

    summary = "intersection x heading on arrival; a move allowed by the signs costs 1"
    profile = WeightProfile(lex=False, unit=True, nonnegative=True)

    def start(self, maze: ArrowMaze):
        return START

    def is_goal(self, maze: ArrowMaze, state) -> bool:
        return state != START and state[:2] == maze.goal

    def moves(self, maze: ArrowMaze, state):
        """Each turn allowed, F, L, R: ``(turn, next state, 1)``."""
        if state == START:  # off the entrance, heading as prescribed
            (row, col), heading = maze.entrance, maze.heading
            yield "start", one_step(row, col, heading), 1
            return
        row, col, heading = state
        for turn in maze.signs.get((row, col), {}).get(heading, ""):  # the turns allowed, in the order F, L, R
            after = heading if turn == "F" else LEFT_OF[heading] if turn == "L" else RIGHT_OF[heading]
            yield turn, one_step(row, col, after), 1

    def heuristic(self, maze: ArrowMaze, state) -> int:
        """The A* bound: every move goes one cell, so at least the Manhattan distance to the goal."""
        row, col = maze.entrance if state == START else state[:2]
        return abs(row - maze.goal[0]) + abs(col - maze.goal[1])

    def state_label(self, maze: ArrowMaze, state) -> str:
        if state == START:
            return f"start ({maze.entrance[0]},{maze.entrance[1]}) heading {LETTERS[maze.heading]}"
        return f"({state[0]},{state[1]}) heading {LETTERS[state[2]]}"

    def accelerator(self, maze: ArrowMaze):
        """The same state graph, built fast (:mod:`.build`): what runs by default."""
        return cell_heading_graph(maze)

    def answer(self, maze: ArrowMaze, solution) -> list | None:
        """The route: the entrance, then the intersection of every state on the canonical path."""
        if not solution.found:
            return None
        return [maze.entrance] + [state[:2] for state in solution.states[1:]]

    explain = staticmethod(explain_route)  # the route turn by turn (explain(maze, solution, route))
    scene = staticmethod(route_scene)  # the route over the signs (scene(maze, states))


def one_step(row: int, col: int, heading: int) -> tuple:
    """The state one cell on from ``(row, col)`` along ``heading``."""
    dr, dc = DELTAS[heading]
    return row + dr, col + dc, heading
