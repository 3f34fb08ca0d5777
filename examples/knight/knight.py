"""A knight's shortest path on a board with blocked squares, on stategraph's first level (README.md).

The right state is the knight's cell alone: where it may jump next depends on nothing else, so
the state graph is the knight's graph of the board.  The other model also remembers the last
jump, to forbid jumping straight back: the same answers, from about one state per move of the
right graph.
"""

from functools import lru_cache

from stategraph import AnswerLine, GridPuzzle, GridRules

# the 8 jumps as (rows, columns), labelled so; in this order, the tie-break: landing squares in reading order
JUMPS = {f"{dr:+d}{dc:+d}": (dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)}
LEGEND = {"#": "wall", ".": "floor", "K": "start", "T": "goal"}  # "#": a blocked square


@lru_cache(maxsize=64)
def target(board):
    return board.find("T")


class Cell(GridRules):
    """the knight's cell: the state graph is the knight's graph on the board"""

    def start(self, board):
        return board.find("K")

    def is_goal(self, board, cell):
        return board[cell] == "T"

    def moves(self, board, cell):  # a blocked square stops the knight only where it would land
        for label, landing in board.steps(cell, JUMPS):
            yield label, landing, 1

    def heuristic(self, board, state):
        """Jumps still needed at least: a jump changes the row by 2 at most, the column by 2, both by 3."""
        (row, col), (to_row, to_col) = self.position(board, state), target(board)
        rows, cols = abs(row - to_row), abs(col - to_col)
        return max((rows + 1) // 2, (cols + 1) // 2, (rows + cols + 2) // 3)


class CellLastJump(Cell):
    """(cell, last jump) (wasteful): not jumping straight back needs the last jump, up to 8 copies of a cell"""

    def start(self, board):
        return board.find("K"), ""

    def is_goal(self, board, state):
        return board[state[0]] == "T"

    def moves(self, board, state):
        cell, last = state
        back = tuple(-step for step in JUMPS.get(last, (0, 0)))
        for label, landing in board.steps(cell, JUMPS):
            if JUMPS[label] != back:
                yield label, (landing, label), 1


class Knight(GridPuzzle):
    name, summary = "knight", "Knight's shortest path: the fewest jumps from K to T, landing on no blocked square"
    sample = "5 5\nK....\n.#...\n..#..\n.....\n....T\n0 0\n"
    legend, once = LEGEND, "KT"
    models = {"cell": Cell, "cell_last_jump": CellLastJump}
    output = AnswerLine("{cost} {moves}", none="unreachable")

    def random_instance(self, rng, size):
        """A board of size + 2 to size + 4 squares a side, a fifth of them blocked, K and T anywhere."""
        rows, cols = size + rng.randint(2, 4), size + rng.randint(2, 4)
        squares = [rng.choice("#....") for _ in range(rows * cols)]
        for spot, char in zip(rng.sample(range(rows * cols), 2), "KT"):
            squares[spot] = char
        board = "\n".join("".join(squares[r * cols:(r + 1) * cols]) for r in range(rows))
        return f"{rows} {cols}\n{board}\n0 0\n"
