"""Abbott's Revenge with the heading forgotten: a planted wrong model for ``stategraph grade``.

The state is the intersection alone, so the rules cannot tell which sign applies: they take every
turn any of the intersection's signs allows, whatever the heading of arrival.  Its routes can be
shorter than the maze allows, or found where there is none.
"""

from stategraph.grid.cells import DELTAS, LEFT_OF, LETTERS, RIGHT_OF
from stategraph.puzzles.arrow_maze import ArrowMazes
from stategraph.puzzles.arrow_maze.model import CellHeadingRules


class CellOnlyRules(CellHeadingRules):
    """The intersection alone, ``(row, col)``: the heading on arrival is left out of the state."""

    summary = "the intersection alone (wrong: it forgets the heading, so every sign applies)"
    accelerator = None  # the right model's builder would build the right graph: these rules are explored

    def moves(self, maze, state):
        if state == "start":
            for label, (row, col, _), cost in super().moves(maze, state):
                yield label, (row, col), cost
            return
        for heading, turns in sorted(maze.signs.get(state, {}).items()):  # every sign, as if it applied
            for turn in turns:
                after = heading if turn == "F" else LEFT_OF[heading] if turn == "L" else RIGHT_OF[heading]
                yield LETTERS[heading] + turn, (state[0] + DELTAS[after][0], state[1] + DELTAS[after][1]), 1

    def state_label(self, maze, state):
        return "start" if state == "start" else f"({state[0]},{state[1]})"


class ForgetsHeading(ArrowMazes):
    models = {"cell_only": CellOnlyRules}
