"""A knight's shortest path (examples/knight) as a student hands it in: a planted wrong model.

``Legs`` reads the example's boards, but a blocked square stops a jump where the knight would pass
(as the horse of Chinese chess is stopped): the square one step from the start along the jump's
long side must be free too.  The real knight leaps over it.
"""

from stategraph import AnswerLine, GridPuzzle, GridRules

JUMPS = {f"{dr:+d}{dc:+d}": (dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)}
LEGEND = {"#": "wall", ".": "floor", "K": "start", "T": "goal"}


class Leg(GridRules):
    """the knight's cell; a jump also needs the square it passes (its leg) free (wrong)"""

    def start(self, board):
        return board.find("K")

    def is_goal(self, board, cell):
        return board[cell] == "T"

    def moves(self, board, cell):
        for label, landing in board.steps(cell, JUMPS):
            dr, dc = JUMPS[label]
            leg = (cell[0] + dr // 2, cell[1]) if abs(dr) == 2 else (cell[0], cell[1] + dc // 2)
            if board.kind(leg) != "wall":
                yield label, landing, 1


class Legs(GridPuzzle):
    name, summary = "legs", "A knight stopped by the square it passes (wrong)"
    sample = "3 3\nK..\n.#.\n..T\n0 0\n"
    legend, once = LEGEND, "KT"
    models = {"leg": Leg}
    output = AnswerLine("{cost} {moves}", none="unreachable")
