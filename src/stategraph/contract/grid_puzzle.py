"""Grid puzzles written as rules: a character grid read with positioned errors, drawn with a legend and the route.

A :class:`GridPuzzle` is a :class:`~stategraph.contract.first_level.SuccessorPuzzle` whose instance is
a :class:`CharGrid`.  It declares its characters' kinds in ``legend`` and the characters that
appear exactly once in ``once``; its ``read`` and its picture are written for it, so a puzzle only
writes the rules (keys and doors: the walker's cell and the keys it holds):

>>> class KeysAndDoors(GridPuzzle):
...     name, summary, sample = "keys", "keys open doors", "2 4\\nSa.#\\n#AbG\\n0 0\\n"
...     legend = {"#": "wall", ".": "floor", "S": "start", "G": "goal", "ab": "key", "AB": "door"}
...     once = "SG"
...     def start(self, grid):
...         return grid.find("S"), ""
...     def is_goal(self, grid, state):
...         return grid[state[0]] == "G"
...     def moves(self, grid, state):
...         cell, keys = state
...         for letter, step in grid.steps(cell):
...             door = grid.kind(step) == "door"
...             if not door or grid[step].lower() in keys:
...                 found = grid[step] if grid.kind(step) == "key" else ""
...                 yield letter, (step, "".join(sorted(set(keys + found)))), 1
...     def group(self, grid, state):
...         return state[1]
>>> print(KeysAndDoors().solve_text("2 4\\nSa.#\\n#AbG\\n0 0\\n"), end="")
4 E S E E
>>> KeysAndDoors().solve_text("2 4\\nSa.#\\n#Ab?\\n0 0\\n")
Traceback (most recent call last):
...
stategraph.errors.InputError: <input>:3:4: instance 1: unknown character '?' in row 2, column 4 (expected ...

Grids are rows without whitespace, one per line, after a ``rows cols`` line (``sized``; ``0 0``
ends the input) or, unsized, up to a blank line.  A cell off the grid reads as a wall, so moves
need no bounds checks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ..grid.cells import DELTAS, LETTERS
from ..io.tokens import Token, Tokens
from .first_level import SuccessorPuzzle
from .scene import Scene

PLAIN_KINDS = ("wall", "floor")  # kinds drawn without their character written in the cell


@dataclass(frozen=True)
class CharGrid:
    """A grid of characters, cells ``(row, col)`` from ``(1, 1)`` at the top left.

    Parameters
    ----------
    rows : tuple of str
        The grid's rows, all of one width.
    legend : dict
        Characters -> their kind (``{"ab": "key"}``), as the puzzle declares them.

    Attributes
    ----------
    kinds : dict
        Each character -> its kind.
    wall : str
        What a cell off the grid reads as: the legend's first ``wall`` character (else ``#``).

    Examples
    --------
    >>> grid = CharGrid(("S.#", ".aG"), {"#": "wall", ".": "floor", "S": "start", "G": "goal", "a": "key"})
    >>> grid[2, 3], grid[0, 1], grid.kind((2, 2)), grid.find("G"), grid.cells("a")
    ('G', '#', 'key', (2, 3), [(2, 2)])
    >>> list(grid.steps((1, 1)))
    [('S', (2, 1)), ('E', (1, 2))]
    """

    rows: tuple[str, ...]
    legend: Mapping[str, str] = field(repr=False, compare=False)
    kinds: Mapping[str, str] = field(init=False, repr=False, compare=False)
    wall: str = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        kinds, wall = _kinds_and_wall(self.legend)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "wall", wall)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def __getitem__(self, cell: tuple[int, int]) -> str:
        row, col = cell
        if 1 <= row <= len(self.rows) and 1 <= col <= len(self.rows[0]):
            return self.rows[row - 1][col - 1]
        return self.wall

    def inside(self, cell: tuple[int, int]) -> bool:
        return 1 <= cell[0] <= self.height and 1 <= cell[1] <= self.width

    def kind(self, cell: tuple[int, int]) -> str:
        """The kind of ``cell`` (``wall`` off the grid)."""
        return self.kinds.get(self[cell], "wall")

    def cells(self, chars: str | None = None) -> list[tuple[int, int]]:
        """The cells holding one of ``chars`` (every cell when ``None``), row by row."""
        return [(r, c) for r, line in enumerate(self.rows, start=1) for c, ch in enumerate(line, start=1)
                if chars is None or ch in chars]

    def find(self, char: str) -> tuple[int, int] | None:
        """The first cell holding ``char``, or ``None``."""
        found = self.cells(char)
        return found[0] if found else None

    def steps(self, cell: tuple[int, int], deltas: Mapping[str, tuple[int, int]] | None = None
              ) -> Iterator[tuple[str, tuple[int, int]]]:
        """``(letter, next cell)`` of each step from ``cell`` not into a wall: N, S, W, E, or the
        ``deltas`` given (``{"label": (dr, dc)}``), in order."""
        for letter, (dr, dc) in (deltas or COMPASS).items():
            step = (cell[0] + dr, cell[1] + dc)
            if self.kind(step) != "wall":
                yield letter, step


COMPASS = MappingProxyType(dict(zip(LETTERS, DELTAS)))  # N, S, W, E: the built-ins' tie-break order


def read_grid(tokens: Tokens, legend: Mapping[str, str], *, once: str = "", sized: bool = True,
              walled: bool = False, max_rows: int = 100, max_cols: int = 100) -> CharGrid | None:
    """One grid from ``tokens`` (see the module docstring); ``None`` on a sized input's ``0 0``.
    ``legend`` maps strings of characters to kinds (``{"ab": "key"}``); errors are positioned at
    the character.

    >>> from stategraph.io.tokens import Tokens
    >>> read_grid(Tokens("3 2\\nS.\\n.E\\n"), {"#": "wall", ".": "floor", "SE": "goal"})
    Traceback (most recent call last):
    ...
    stategraph.errors.InputError: <input>:4: unexpected end of input: expected row 3 of 3
    """
    kinds, wall = _kinds_and_wall(legend)
    if sized:
        header = tokens.peek()
        height = tokens.integer("the row count", 0, max_rows)
        width = tokens.integer("the column count", 0, max_cols)
        if height == width == 0:
            return None
        if height == 0 or width == 0:
            raise tokens.error(f"a grid of {height} x {width} cells has no cell (0 0 ends the input)", header)
        lines = [_row(tokens, f"row {r} of {height}", r) for r in range(1, height + 1)]
        if header is not None and lines[0].line == header.line:
            raise tokens.error("row 1 stands on the line of the grid's size: a grid row is a line of its own",
                               lines[0])
    else:
        lines = [_row(tokens, "a grid row", 1)]
        while (ahead := tokens.peek()) is not None and ahead.line == lines[-1].line + 1:
            if len(lines) == max_rows:
                raise tokens.error(f"the grid has more than {max_rows} rows (limit max_rows)", ahead)
            lines.append(_row(tokens, "a grid row", len(lines) + 1))
        width = len(lines[0])
        if width > max_cols:
            raise tokens.error(f"row 1 has {width} characters, above the limit of {max_cols} (max_cols)", lines[0])
    allowed = "".join(kinds)
    for r, line in enumerate(lines, start=1):
        bad = next((c for c, ch in enumerate(line) if ch not in kinds), None)
        if bad is not None:
            raise tokens.error(f"unknown character {line[bad]!r} in row {r}, column {bad + 1} (expected one of "
                               f"{allowed})", _at(line, bad))
        if len(line) != width:
            raise tokens.error(f"row {r} has {len(line)} characters, expected {width}", line)
    if walled:
        for r, line in enumerate(lines, start=1):
            edge = range(len(line)) if r in (1, len(lines)) else (0, len(line) - 1)
            open_at = next((c for c in edge if kinds[line[c]] != "wall"), None)
            if open_at is not None:
                raise tokens.error(f"row {r}, column {open_at + 1} is {line[open_at]!r}: the grid's border must "
                                   f"be walls ({wall!r})", _at(line, open_at))
    for ch in once:
        found = [(r, c) for r, line in enumerate(lines, start=1) for c, x in enumerate(line) if x == ch]
        if len(found) != 1:
            where = _at(lines[found[1][0] - 1], found[1][1]) if found else lines[0]
            cells = f": row {found[0][0]} column {found[0][1] + 1} and row {found[1][0]} column {found[1][1] + 1}" \
                if found else ""
            raise tokens.error(f"a grid needs exactly one {ch!r} ({kinds.get(ch, 'mark')}), found "
                               f"{len(found) or 'none'}{cells}", where)
    return CharGrid(tuple(str(line) for line in lines), dict(legend))


def _kinds_and_wall(legend: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Each character's kind, and the first ``wall`` character (``#`` when there is none)."""
    kinds = {ch: kind for chars, kind in legend.items() for ch in chars}
    return kinds, next((ch for ch, kind in kinds.items() if kind == "wall"), "#")


def _row(tokens: Tokens, expected: str, number: int) -> Token:
    """The next grid row: the only token on its line (a space or a tab inside a row is refused at it)."""
    row = tokens.next(expected)
    ahead = tokens.peek()
    if ahead is not None and ahead.line == row.line:
        raise tokens.error(f"row {number} holds whitespace after column {len(row)}: a grid row is one line of "
                           "cells, without spaces or tabs", Token(" ", row.line, row.column + len(row)))
    return row


def _at(line: Token, index: int) -> Token:
    """The character ``index`` of the row token ``line``, positioned where it stands."""
    return Token(line[index], line.line, line.column + index)


class GridRules:
    """Rules on a :class:`CharGrid` that draw themselves: the cells in their kinds' styles, a
    legend, and the route through the states' :meth:`position` s.  Rules may define
    ``marks(grid, state)``: ``(name, cell, style)`` of what stands on the grid (boxes, cars:
    :data:`~stategraph.contract.scene.MARK_STYLES`), drawn over the cells.

    Examples
    --------
    >>> grid = read_grid(Tokens("1 3\\nS.G\\n"), {".": "floor", "S": "start", "G": "goal"})
    >>> drawn = GridRules().scene(grid, [(1, 1), (1, 2)])
    >>> drawn.trails[0].points, [m.name for m in drawn.marks], drawn.legend[1]
    ([(1, 1), (1, 2)], ['start', 'here'], ('start', 'start S'))
    """

    def position(self, grid: CharGrid, state: Any) -> tuple[int, int] | None:
        """The cell ``state`` stands on: the state or its first item when that is a ``(row, col)``
        pair, else ``None``."""
        for candidate in (state, state[0] if isinstance(state, tuple) and state else None):
            if isinstance(candidate, tuple) and len(candidate) == 2 and all(type(x) is int for x in candidate):
                return candidate
        return None

    def picture(self, grid: CharGrid, state: Any) -> str:
        """The grid as text, ``@`` on the state's cell and ``*`` on its marks'.

        >>> print(GridRules().picture(CharGrid(("S.#", "..G"), {"#": "wall", ".": "floor"}), (2, 2)))
        S.#
        .@G
        """
        rows = [list(line) for line in grid.rows]
        here = self.position(grid, state)
        shown = [(cell, "*") for _, cell, _ in getattr(self, "marks", _no_marks)(grid, state)]
        for (row, col), char in shown + ([(here, "@")] if here is not None else []):
            if grid.inside((row, col)):
                rows[row - 1][col - 1] = char
        return "\n".join("".join(row) for row in rows)

    def state_label(self, grid: CharGrid, state: Any) -> str:
        """``(row,col)`` of the state's cell, then its other items (``-`` for an empty one).

        >>> GridRules().state_label(None, ((2, 3), "ab", ""))
        '(2,3) ab -'
        """
        cell = self.position(grid, state)
        if cell is None:
            return str(state)
        rest = state[1:] if cell is not state and isinstance(state, tuple) else ()
        return " ".join([f"({cell[0]},{cell[1]})", *(str(item) if item != "" else "-" for item in rest)])

    def scene(self, grid: CharGrid, states: list) -> Scene:
        """The grid, its legend, the start, the route through ``states`` and the last one."""
        drawn = Scene(1, 1, grid.height, grid.width)
        named = {"start": "start", "goal": "target"}
        for cell in grid.cells():
            ch, kind = grid[cell], grid.kind(cell)
            drawn.cell(*cell, kind, "" if kind in PLAIN_KINDS else ch, name=named.get(kind, ""))
        for chars, kind in grid.legend.items():
            drawn.key(kind, kind if kind in PLAIN_KINDS else f"{kind} {_listed(chars)}")
        cells = [self.position(grid, state) for state in states]
        if all(cell is not None for cell in cells):
            drawn.mark("start", cells[0], "origin")
            drawn.trail("route-path", cells, "route", "route")
            drawn.mark("here", cells[-1], "walker")
        for name, cell, style in getattr(self, "marks", _no_marks)(grid, states[-1]):
            drawn.mark(name, cell, style)
        return drawn


class GridPuzzle(GridRules, SuccessorPuzzle):
    """A :class:`~stategraph.contract.first_level.SuccessorPuzzle` whose instance is a :class:`CharGrid`
    (see the module docstring).

    Attributes
    ----------
    legend : dict
        Characters -> their kind, e.g. ``{"#": "wall", ".": "floor", "abc": "key"}``; the kinds
        name the cells' styles (:data:`~stategraph.contract.scene.CELL_STYLES`, or colours of their own).
    once : str
        The characters each grid holds exactly once.
    sized : bool
        Each grid begins with a ``rows cols`` line and ``0 0`` ends the input (default); false:
        a grid is the lines up to a blank line.
    walled : bool
        The grid's border must be walls.
    """

    legend: ClassVar[dict[str, str]] = {"#": "wall", ".": "floor"}
    once: ClassVar[str] = ""
    sized: ClassVar[bool] = True
    walled: ClassVar[bool] = False
    header: ClassVar[str] = "a grid header 'rows cols'"
    terminator: ClassVar[str | None] = "'0 0' line"
    limits: ClassVar[dict[str, int]] = {"max_rows": 100, "max_cols": 100}

    def __init_subclass__(cls, **kwargs):
        if not cls.__dict__.get("sized", True):
            cls.header = cls.__dict__.get("header", "a grid row")
            cls.terminator = cls.__dict__.get("terminator", None)
        super().__init_subclass__(**kwargs)

    def read(self, tokens: Tokens, limits: dict) -> CharGrid | None:
        return read_grid(tokens, self.legend, once=self.once, sized=self.sized, walled=self.walled,
                         max_rows=limits["max_rows"], max_cols=limits["max_cols"])

def _no_marks(grid: CharGrid, state: Any) -> tuple:
    return ()


def _listed(chars: str) -> str:
    """``abcd`` as ``a-d``, ``SE`` as ``S E``."""
    runs = len(chars) > 2 and all(ord(b) - ord(a) == 1 for a, b in zip(chars, chars[1:]))
    return f"{chars[0]}-{chars[-1]}" if runs else " ".join(chars)
