"""Abbott's Revenge (UVa 816): the shortest walk through an arrow maze.

Read :mod:`.model` (the rules) first, then :mod:`.maze` (the input), this module and
:mod:`.explain`; :mod:`.build` builds the rules' graph fast, and :mod:`.check` is the
independent checker (it shares no code with the rest).

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
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

from ...contract.first_level import SuccessorPuzzle
from ...errors import VerificationError, shorten
from ...grid.cells import LETTERS
from ..contest import ContestPackage, deprecated_model
from .build import cell_heading_graph
from .maze import LIMITS, NAME, START, ArrowMaze, MazeCuts, Memo, parse
from .model import CellHeadingRules

__all__ = ["LIMITS", "START", "ArrowMaze", "ArrowMazes", "CellHeadingRules", "cell_heading_graph", "parse"]
ENTRIES_PER_LINE = 10

def _entry(cell: tuple) -> str:
    """A route's entry for ``cell``: ``(r,c)``."""
    return f"({cell[0]},{cell[1]})"

_ENTRIES = Memo(_entry)  # cell -> its entry, shared by the answers of an input

class ArrowMazes(ContestPackage, SuccessorPuzzle):
    """UVa 816: many named mazes per input, one question each; the model is generated from its rules,
    :class:`~.model.CellHeadingRules`, and the input read whole by the package's reader."""

    name = NAME
    aliases = ("abbott", "uva816")
    summary = "Abbott's Revenge (UVa 816): shortest walk through an arrow maze"
    models = {"cell_heading": CellHeadingRules}
    limits = LIMITS
    reader = staticmethod(parse)
    cutter = MazeCuts

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
        entries = list(map(_ENTRIES.__getitem__, route))
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


__getattr__ = deprecated_model(__name__, ArrowMazes, CellHeading=("cell_heading", "CellHeadingRules"))
