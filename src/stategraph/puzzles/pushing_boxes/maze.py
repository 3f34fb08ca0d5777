"""Pushing Boxes' input: a :class:`Maze` per instance, read as a stream up to the ``0 0`` line."""

from __future__ import annotations

from dataclasses import dataclass

from ...contract.cuts import INSTANCE, STOP, Cuts, Piece, exactly, lines_end, plain_counts
from ...grid.cells import Grid
from ...io.tokens import MAX_TOKEN, Tokens

NAME = "pushing_boxes"
START = "start"  # the state before the first push: the box on B, the player on S
LIMITS = {"max_rows": 300, "max_cols": 300}
CELL_CHARS = "#.SBT"


@dataclass(frozen=True)
class Maze:
    """One parsed maze; cells are :class:`~stategraph.grid.cells.Grid` indices."""

    number: int
    rows: tuple
    grid: Grid
    player: int
    box: int
    target: int


def parse(data, source: str = "<input>", limits: dict | None = None, *, line: int = 1, number: int = 1):
    """Yield the mazes of a contest input, one at a time, up to the ``0 0`` line (``line``,
    ``number``: ``data`` is the input's rest from that line on, maze ``number`` first)."""
    limits = {**LIMITS, **(limits or {})}
    tokens = _tokens(data, source, limits, line)
    while True:
        maze = _next_maze(tokens, number, limits)
        if maze is None:
            return
        yield maze
        number += 1


class MazeCuts(Cuts):
    """Mazes cut after their rows (see :mod:`stategraph.contract.cuts`): a line ``r c`` (``r`` above
    0), then ``r`` lines."""

    def __init__(self, source: str, limits: dict):
        super().__init__(source, {**LIMITS, **limits})

    def cut(self, data: bytes, start: int) -> tuple[str, int] | str | None:
        header = data.find(b"\n", start)
        size = plain_counts(data[start:header], 2) if header >= 0 else None
        if size is not None and size[0] == 0:
            return STOP
        end = None if size is None else lines_end(data, header + 1, size[0])
        if end is None:
            return STOP if header >= 0 and size is None else None
        return INSTANCE, end

    def read(self, piece: Piece, instance=None) -> Maze | None:
        tokens = _tokens(piece.data, self.source, self.limits, piece.line)
        return exactly(tokens, lambda: _next_maze(tokens, piece.number, self.limits))

    def resume(self, data, line: int, number: int, head: Piece | None):
        return parse(data, self.source, self.limits, line=line, number=number)


def _tokens(data, source: str, limits: dict, line: int) -> Tokens:
    return Tokens(data, source, max_token=max(MAX_TOKEN, limits["max_cols"]), line=line)  # a row is one token


def _next_maze(tokens: Tokens, number: int, limits: dict) -> Maze | None:
    """Maze ``number``, next in ``tokens``; ``None`` after the ``0 0`` line."""
    tokens.begin_instance(number, "a maze header 'r c'", "'0 0' line")
    header = tokens.peek()
    rows = tokens.integer("the row count", 0)
    cols = tokens.integer("the column count", 0)
    if rows == 0 and cols == 0:
        tokens.expect_end("the '0 0' line")
        return None
    if rows == 0 or cols == 0:
        raise tokens.error(f"a maze needs at least one row and one column, found {rows} x {cols}", header)
    if rows > limits["max_rows"] or cols > limits["max_cols"]:
        raise tokens.error(f"maze of {rows} x {cols} exceeds the limit of "
                           f"{limits['max_rows']} x {limits['max_cols']} (max_rows, max_cols)", header)
    return _read_maze(tokens, number, rows, cols)


def _read_maze(tokens: Tokens, number: int, rows: int, cols: int) -> Maze:
    lines = []
    marks: dict[str, tuple[int, int]] = {}
    for r in range(1, rows + 1):
        token = tokens.next(f"row {r} of {rows}")
        if len(token) != cols:
            raise tokens.error(f"row {r} has {len(token)} characters, expected {cols}", token)
        for c, ch in enumerate(token, start=1):
            if ch not in CELL_CHARS:
                raise tokens.error(f"unknown character {ch!r} in row {r} (expected one of {CELL_CHARS})", token)
            if ch in "SBT":
                if ch in marks:
                    raise tokens.error(f"a second {ch} at row {r}, column {c} "
                                       f"(the first is at row {marks[ch][0]}, column {marks[ch][1]})", token)
                marks[ch] = (r, c)
        lines.append(str(token))
    for ch, meaning in (("S", "player"), ("B", "box"), ("T", "target")):
        if ch not in marks:
            raise tokens.error(f"the maze has no {ch} ({meaning})", tokens.peek())
    grid = Grid.from_rows(lines, open_chars=".SBT")
    return Maze(number, tuple(lines), grid, grid.cell(*marks["S"]), grid.cell(*marks["B"]),
                grid.cell(*marks["T"]))
