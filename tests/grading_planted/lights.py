"""Lights Out (examples/lights_out) as a student hands it in: a planted wrong model for ``stategraph grade``.

``NoUp`` reads the example's boards, but a press toggles its light and those below, left and right
of it: it forgets the light above.  On most boards that changes the fewest presses, or whether
there is a way at all.
"""

from stategraph import AnswerLine, GridPuzzle

TOGGLED = ((0, 0), (1, 0), (0, -1), (0, 1))  # the light above left out


class Pattern:
    """the pattern of lights, bit k the k-th light in reading order"""

    def start(self, board):
        return sum(1 << k for k, cell in enumerate(board.cells()) if board.kind(cell) == "on")

    def is_goal(self, board, pattern):
        return pattern == 0

    def moves(self, board, pattern):
        cells = list(board.cells())
        for r, c in cells:
            toggled = sum(1 << cells.index((r + dr, c + dc)) for dr, dc in TOGGLED if board.inside((r + dr, c + dc)))
            yield f"({r},{c})", pattern ^ toggled, 1


class NoUp(GridPuzzle):
    name, summary = "no_up", "Lights Out, a press forgetting the light above (wrong)"
    sample = "2 2\n10\n01\n0 0\n"
    legend, limits = {"1": "on", "0": "off"}, {"max_rows": 4, "max_cols": 4}
    models = {"pattern": Pattern}
    output = AnswerLine("{cost} {moves}", none="impossible")
