"""Ice Maze on stategraph's first level: the ball rolls until a wall stops it (the rules: README.md)."""

from collections import namedtuple

from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle

STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}  # in the tie-break order N < S < W < E
Maze = namedtuple("Maze", "rows start exit")  # rows walled all round, so (1, 1) is the top left cell


class StopCells:
    """cell where the ball rests; a move is one roll, costing the cells rolled"""

    def start(self, maze):
        return maze.start

    def is_goal(self, maze, state):
        return state == maze.exit

    def moves(self, maze, cell):
        for letter, (dr, dc) in STEPS.items():
            (r, c), cells = cell, 0
            while maze.rows[r + dr][c + dc] != "#":
                r, c, cells = r + dr, c + dc, cells + 1
            if cells:
                yield letter, (r, c), cells

    def heuristic(self, maze, state):  # the distance to E: a roll of k cells shortens it by k at most
        return abs(state[0] - maze.exit[0]) + abs(state[1] - maze.exit[1])


class CellHeading(StopCells):
    """cell at rest, or (row, col, heading) rolling (naive): a move is one cell, labelled where a roll begins"""

    def moves(self, maze, state):
        (r, c), rolling = state[:2], state[2:]
        for letter, (dr, dc) in STEPS.items():
            if rolling in ((), (letter,)) and maze.rows[r + dr][c + dc] != "#":
                on = maze.rows[r + 2 * dr][c + 2 * dc] != "#"  # the ball rolls on past the next cell
                yield "" if rolling else letter, (r + dr, c + dc, letter) if on else (r + dr, c + dc), 1


class IceMaze(SuccessorPuzzle):
    name, summary = "ice_maze", "Ice Maze: the fewest cells rolled to rest on E, then the smallest NSWE string"
    sample = "1 5\nS...E\n3 3\nS..\n.#.\n..E\n0 0\n"
    models = {"stop_cells": StopCells, "cell_heading": CellHeading}
    output = AnswerLine("Maze #{number}: {cost} {moves}", none="Maze #{number}: impossible", sep="")
    header, terminator, limits = "a maze header 'r c'", "'0 0' line", {"max_rows": 100, "max_cols": 100}

    def read(self, tokens, limits):
        rows = tokens.integer("the row count", 0, limits["max_rows"])
        cols = tokens.integer("the column count", 0, limits["max_cols"])
        if rows == cols == 0:
            return None
        lines = [tokens.next(f"row {r} of {rows}") for r in range(1, rows + 1)]
        for r, line in enumerate(lines, start=1):
            unknown = line.lstrip("#.SE")[:1]
            if unknown or len(line) != cols:
                raise tokens.error(f"unknown character {unknown!r} in row {r} (expected one of #.SE)" if unknown
                                   else f"row {r} has {len(line)} characters, expected {cols}", line)
        if sorted(x for line in lines for x in line if x in "SE") != ["E", "S"]:
            raise tokens.error("a maze needs exactly one S (the start) and one E (the exit)")
        grid = ("#" * (cols + 2), *(f"#{line}#" for line in lines), "#" * (cols + 2))
        marks = {x: (r, c) for r, line in enumerate(grid) for c, x in enumerate(line) if x in "SE"}
        return Maze(grid, marks["S"], marks["E"])

    def random_instance(self, rng, size):  # one maze, its longer side size + 1, rock on some cells
        side, other = size + 1, rng.randint(1, size + 1)
        rows, cols = (side, other) if rng.random() < 0.5 else (other, side)
        rock = rng.choice((0.0, 0.2, 0.35))
        grid = [["#" if rng.random() < rock else "." for _ in range(cols)] for _ in range(rows)]
        for (r, c), mark in zip(rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2), "SE"):
            grid[r][c] = mark
        return f"{rows} {cols}\n" + "".join("".join(row) + "\n" for row in grid) + "0 0\n"
