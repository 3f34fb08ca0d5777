"""Students whose code misbehaves on boards of three rows or more: planted for ``stategraph grade``'s budgets.

Each is Huarong Dao's right model until its board is large enough; then ``Loops`` never returns,
``Hoards`` allocates memory without bound and ``Raises`` divides by zero.
"""

from stategraph.puzzles.huarong import Huarong

PieceSide = Huarong.models["piece_side"]  # the model generated from its rules


def large(board):
    return board.grid.rows >= 3


class LoopsForever(PieceSide):
    def __init__(self, board):
        super().__init__(board)
        while large(board):
            pass


class AllocatesForever(PieceSide):
    def __init__(self, board):
        super().__init__(board)
        hoard = []
        while large(board):
            hoard.append(bytearray(1 << 20))


class DividesByZero(PieceSide):
    def __init__(self, board):
        super().__init__(board)
        if large(board):
            self.blanks = board.grid.rows // 0


class Loops(Huarong):
    models = {"piece_side": LoopsForever}


class Hoards(Huarong):
    models = {"piece_side": AllocatesForever}


class Raises(Huarong):
    models = {"piece_side": DividesByZero}
