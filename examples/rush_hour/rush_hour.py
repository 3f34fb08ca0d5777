"""Rush Hour on stategraph's first level: a state is where each car stands along its line (README.md)."""

from collections import namedtuple
from dataclasses import dataclass

from stategraph import CharGrid, GridPuzzle, GridRules

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Car = namedtuple("Car", "letter vertical line length start")  # line: its row, or its column if vertical


@dataclass(frozen=True)
class Board(CharGrid):
    """The empty board (``#`` walls, ``E`` the exit) and its cars, in letter order."""

    cars: tuple = ()


def cells(car, at):
    """The cells of ``car`` when its top or left cell is ``at`` along its line."""
    return [(at + k, car.line) if car.vertical else (car.line, at + k) for k in range(car.length)]


def slides(board, state):
    """``(label, next state, cells driven)`` of each slide: cars by letter, back (-) before on (+), nearest first."""
    taken = {cell for car, at in zip(board.cars, state) for cell in cells(car, at)}
    for i, car in enumerate(board.cars):
        for sign, step, end in (("-", -1, 0), ("+", 1, -1)):
            at = state[i]
            while board.kind(ahead := cells(car, at + step)[end]) != "wall" and ahead not in taken:
                at += step
                yield f"{car.letter}{sign}{abs(at - state[i])}", (*state[:i], at, *state[i + 1:]), abs(at - state[i])


def front(board, state):
    """The cell of X's front (its right end)."""
    x = next(i for i, car in enumerate(board.cars) if car.letter == "X")
    return cells(board.cars[x], state[x])[-1]


class Slides(GridRules):
    """each car's offset along its line, in letter order: a move slides one car any number of cells"""

    def start(self, board):
        return tuple(car.start for car in board.cars)

    def is_goal(self, board, state):
        return front(board, state)[1] == board.width

    def moves(self, board, state):
        for label, after, _ in slides(board, state):
            yield label, after, 1

    def heuristic(self, board, state):  # X still moves, and so does each car in its way: a move clears one at most
        row, col = front(board, state)
        return 0 if col == board.width else 1 + sum(
            any(r == row and c > col for r, c in cells(car, at)) for car, at in zip(board.cars, state))

    def position(self, board, state):  # no cell is the state's: the state graph is drawn by distance ...
        return None

    def scene(self, board, states):  # ... and the route drawn on the board is X's way out
        drawn = super().scene(board, states)
        drawn.trail("route-path", [front(board, state) for state in states], "route", "X's front")
        return drawn

    def state_label(self, board, state):
        return " ".join(f"{car.letter}{at}" for car, at in zip(board.cars, state))

    def marks(self, board, state):
        for car, at in zip(board.cars, state):
            style = "car" if car.letter == "X" else "box" if car.length == 3 else "block"
            for k, cell in enumerate(cells(car, at), start=1):
                yield f"car-{car.letter}-{k}", cell, style

    def picture(self, board, state):
        shown = {cell: car.letter for car, at in zip(board.cars, state) for cell in cells(car, at)}
        return "\n".join("".join(shown.get((r, c), ch) for c, ch in enumerate(row.replace("E", "."), start=1))
                         for r, row in enumerate(board.rows, start=1))


class Steps(Slides):
    """the same state, but a move is one cell (WRONG: it counts the cells driven, not the slides)"""

    def moves(self, board, state):
        for label, after, driven in slides(board, state):
            if driven == 1:
                yield label, after, 1


class RushHour(GridPuzzle):
    name, summary = "rush_hour", "Rush Hour: the fewest slides until the red car X reaches the right edge"
    sample = "4 5\nAA.B.\nXX.B.\n.CCC#\n.....\n0 0\n"
    legend = {"#": "wall", ".": "floor", LETTERS: "car"}
    models = {"slides": Slides, "steps": Steps}

    def read(self, tokens, limits):
        header = tokens.peek()
        grid = super().read(tokens, limits)
        if grid is None:
            return None
        cars = []
        for letter in sorted(set("".join(grid.rows)) & set(LETTERS)):
            spots = grid.cells(letter)
            (top, left), vertical = spots[0], len(spots) > 1 and spots[1][1] == spots[0][1]
            cars.append(Car(letter, vertical, left if vertical else top, len(spots), top if vertical else left))
            if not 2 <= len(spots) <= 3 or cells(cars[-1], cars[-1].start) != spots:
                raise tokens.error(f"car {letter} covers {' '.join(f'({r},{c})' for r, c in spots)}: a car is one "
                                   "straight run of 2 or 3 cells, across or up and down", header)
        x = next((car for car in cars if car.letter == "X"), None)
        if x is None or x.vertical:
            raise tokens.error("a board needs the red car X, lying across", header)
        floor = ["".join("." if ch in LETTERS else ch for ch in row) for row in grid.rows]
        if floor[x.line - 1][-1] == ".":  # the exit: the cell X's front must reach
            floor[x.line - 1] = floor[x.line - 1][:-1] + "E"
        return Board(tuple(floor), {"#": "wall", ".": "floor", "E": "goal"}, tuple(cars))

    def random_instance(self, rng, size):
        """An n x n board, n = min(6, size + 3): X at the left of the middle row, ``size + 3`` cars
        tried at random places (those that do not fit are left out), and now and then a wall."""
        n = min(6, size + 3)
        rows = [["."] * n for _ in range(n)]
        rows[n // 2][:2] = "XX"
        for letter in LETTERS.replace("X", "")[:size + 3] + "#" * (rng.random() < 0.2):
            vertical, length = rng.random() < 0.6, 1 if letter == "#" else rng.choice((2, 2, 3))
            r, c = rng.randrange(n - (length - 1) * vertical), rng.randrange(n - (length - 1) * (not vertical))
            spots = [(r + k, c) if vertical else (r, c + k) for k in range(length)]
            if all(rows[i][j] == "." for i, j in spots) and (vertical or r != n // 2):  # none across X's way
                for i, j in spots:
                    rows[i][j] = letter
        return f"{n} {n}\n" + "".join("".join(row) + "\n" for row in rows) + "0 0\n"
