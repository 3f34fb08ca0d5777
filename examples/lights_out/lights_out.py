"""Lights Out on stategraph's first level: a state is the pattern of lights (README.md).

Presses commute and a second press undoes the first, so the other model presses each button at
most once, in reading order: a tree of the 2^(rows*cols) sets of buttons.
"""

from functools import lru_cache

from stategraph import AnswerLine, GridPuzzle, Scene

TOGGLED = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))  # a press toggles its cell and its 4 neighbours


@lru_cache(maxsize=64)
def buttons(board):
    """``{cell: the lights a press of it toggles}`` in reading order, as bit masks (bit k: the k-th light)."""
    return {(r, c): sum(1 << (r + dr - 1) * board.width + c + dc - 1 for dr, dc in TOGGLED
                        if board.inside((r + dr, c + dc))) for r, c in board.cells()}


class Lights:
    """the pattern of lights, bit k the k-th light in reading order: up to 2^(rows*cols) patterns"""

    def start(self, board):
        return sum(1 << k for k, cell in enumerate(board.cells()) if board.kind(cell) == "on")

    def lit(self, board, state):  # the lights a state shows
        return state

    def is_goal(self, board, state):
        return self.lit(board, state) == 0

    def moves(self, board, pattern):  # pressing (row,col), in reading order: the tie-break
        for (r, c), toggled in buttons(board).items():
            yield f"({r},{c})", pattern ^ toggled, 1

    def picture(self, board, state):  # rows of 1 (on) and 0 (off); state_label joins them with /
        bits = f"{self.lit(board, state):0{board.height * board.width}b}"[::-1]
        return "\n".join(bits[r * board.width:(r + 1) * board.width] for r in range(board.height))

    def state_label(self, board, state):
        return "/".join(self.picture(board, state).split())

    def scene(self, board, states):
        """The lights the route ``states`` leaves on, each button pressed numbered, the presses as a trail."""
        first = {toggled: cell for cell, toggled in reversed(buttons(board).items())}  # the first button of a mask
        pressed = [first[self.lit(board, a) ^ self.lit(board, b)] for a, b in zip(states, states[1:])]
        drawn, pattern = Scene(1, 1, board.height, board.width), self.lit(board, states[-1])
        for k, cell in enumerate(board.cells()):
            steps = ",".join(str(n) for n, at in enumerate(pressed, start=1) if at == cell)
            drawn.cell(*cell, "on" if pattern >> k & 1 else "off", note=steps and f"press {steps}")
        drawn.key("on", "on 1")
        drawn.key("off", "off 0")
        drawn.trail("route-path", pressed, "route", "presses, in order")
        return drawn


class Presses(Lights):
    """(buttons pressed, each once, in reading order; the lights they leave): a tree of 2^(rows*cols) sets"""

    def start(self, board):  # the lights follow from the buttons: they add no state, they spare recounting
        return (), super().start(board)

    def lit(self, board, state):
        return state[1]

    def moves(self, board, state):
        (pressed, pattern), toggles = state, buttons(board)
        cells = list(toggles)
        for cell in cells[cells.index(pressed[-1]) + 1 if pressed else 0:]:  # the buttons after the last pressed
            yield f"({cell[0]},{cell[1]})", ((*pressed, cell), pattern ^ toggles[cell]), 1

    def state_label(self, board, state):
        return " ".join(f"({r},{c})" for r, c in state[0]) or "none pressed"


class LightsOut(GridPuzzle):
    name, summary = "lights_out", "Lights Out: the fewest presses to turn every light off"
    sample = "3 3\n010\n111\n010\n3 3\n111\n111\n111\n0 0\n"
    legend, limits = {"1": "on", "0": "off"}, {"max_rows": 4, "max_cols": 4}  # 4 x 4: 65,536 sets of presses
    models = {"lights": Lights, "presses": Presses}
    output = AnswerLine("{cost} {moves}", none="impossible")

    def random_instance(self, rng, size):
        """A board of 2 to 4 rows and columns (about ``size`` + 1), each light on or off at random."""
        rows, cols = (min(4, max(2, size + rng.randint(0, 2))) for _ in "rc")
        board = "\n".join("".join(rng.choice("01") for _ in range(cols)) for _ in range(rows))
        return f"{rows} {cols}\n{board}\n0 0\n"
