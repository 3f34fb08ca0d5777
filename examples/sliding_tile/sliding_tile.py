"""The 8-puzzle on stategraph's first level: slide tiles into the blank until the board reads 1-8 (README.md)."""

from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile

GOAL = "123456780"  # the board row by row, 0 the blank
SLIDES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}  # where the blank goes, in tie-break order
# for each place of the blank: (letter, the place it moves to), in tie-break order
NEXT = [[(letter, place + 3 * dr + dc) for letter, (dr, dc) in SLIDES.items()
         if 0 <= place // 3 + dr < 3 and 0 <= place % 3 + dc < 3] for place in range(9)]
SWAP = {tile: str.maketrans("0" + tile, tile + "0") for tile in GOAL}  # the blank and a tile change places


class Manhattan:
    """the board as a string of 9 digits; A* bound: the tiles' Manhattan distances to their places"""

    def start(self, board):
        return board

    def is_goal(self, board, state):
        return state == GOAL

    def moves(self, board, state):
        for letter, place in NEXT[state.index("0")]:
            yield letter, state.translate(SWAP[state[place]]), 1

    def graph_key(self, board):
        """Every board has the same moves and goal: one state graph, searched from each board."""
        return GOAL

    def heuristic(self, board, state):
        return sum(abs(at // 3 - GOAL.index(tile) // 3) + abs(at % 3 - GOAL.index(tile) % 3)
                   for at, tile in enumerate(state) if tile != "0")

    def picture(self, board, state):
        return "\n".join(" ".join(state[row:row + 3]).replace("0", ".") for row in (0, 3, 6))


class Misplaced(Manhattan):
    """the same board and moves; A* bound: the number of tiles out of place (weaker: A* settles more)"""

    def heuristic(self, board, state):
        return sum(tile != goal for tile, goal in zip(state, GOAL) if tile != "0")


class SlidingTile(SuccessorPuzzle):
    name, summary = "sliding_tile", "The 8-puzzle: the fewest slides to 1-8 with the blank last, then smallest UDLR"
    sample = "1 2 3\n4 5 6\n0 7 8\n"
    models = {"manhattan": Manhattan, "misplaced": Misplaced}
    profile = WeightProfile(unit=True)  # every slide costs 1: declared, so a search builds only what it reaches
    output = AnswerLine("{cost} {moves}", none="-1", sep="")  # the moves of the blank, -1 if unsolvable
    header = "a board: 9 numbers, 0 the blank"

    def read(self, tokens, limits):
        first = tokens.peek()
        board = "".join(str(tokens.integer(f"place {place} of the board", 0, 8)) for place in range(1, 10))
        if sorted(board) != sorted(GOAL):
            raise tokens.error(f"a board holds each of 0 to 8 once, found {' '.join(board)}", first)
        return board

    def random_instance(self, rng, size):
        """1-8 scrambled by ``size`` slides of the blank (none undoing the one before); a quarter of
        the boards then have two tiles swapped, which no slides undo."""
        board, last = GOAL, None
        for _ in range(size):
            here = board.index("0")
            place = rng.choice([place for _, place in NEXT[here] if place != last])
            board, last = board.translate(SWAP[board[place]]), here
        if rng.random() < 0.25:
            i, j = rng.sample([at for at, tile in enumerate(board) if tile != "0"], 2)
            tiles = list(board)
            tiles[i], tiles[j] = tiles[j], tiles[i]
            board = "".join(tiles)
        return "".join(" ".join(board[row:row + 3]) + "\n" for row in (0, 3, 6))
