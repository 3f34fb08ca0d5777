"""A puzzle's picture as data: cells, trails and marks on a 1-based grid, drawn by any renderer.

A model's :meth:`~stategraph.contract.puzzle.Model.scene` returns a :class:`Scene`.  Each part has
a ``style`` named in :data:`CELL_STYLES`, :data:`TRAIL_STYLES` or :data:`MARK_STYLES`, so no
renderer knows any puzzle; ``name`` becomes the drawn element's id (``box-path``, ``start``).

>>> scene = Scene(1, 1, 1, 3)
>>> scene.cell(1, 1, "floor"); scene.cell(1, 3, "goal", "T", name="target")
>>> scene.trail("box-path", [(1, 1), (1, 2)], "push", "box"); scene.mark("start", (1, 1), "walker")
>>> [c.style for c in scene.cells], scene.trails[0].points, scene.marks[0].name
(['floor', 'goal'], [(1, 1), (1, 2)], 'start')

What a puzzle's code returns for a picture is checked here for every command that draws it
(:func:`check_position`, :func:`check_scene`): one line naming the hook, never a renderer's crash.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import ContractError, shorten

# style -> fill colour of a cell
CELL_STYLES = {"wall": "#444444", "floor": "#ffffff", "board": "#cfd8e3", "goal": "#b6e3b6",
               "sign": "#fff7d6", "empty": "#eeeeee", "start": "#c6dbef", "key": "#fdd835",
               "door": "#a1887f", "water": "#90caf9", "ice": "#e0f7fa", "hazard": "#ef9a9a",
               "target": "#c5e1a5", "on": "#ffe082", "off": "#90a4ae"}
# the colours of a puzzle's own cell styles, in the order a scene first uses them
EXTRA_COLOURS = ("#ce93d8", "#80cbc4", "#ffcc80", "#b0bec5", "#f48fb1", "#a5d6a7", "#9fa8da", "#bcaaa4")
# style -> how a trail is drawn: colour, line width, dashed, marker (matplotlib's letters), and
# whether its points are spread a little round their cells (a route that comes back stays visible)
TRAIL_STYLES = {"walk": ("tab:blue", 1.2, True, "", False), "push": ("tab:orange", 3.0, False, "s", False),
                "slide": ("tab:red", 3.0, False, "o", False), "route": ("tab:purple", 1.5, False, ".", True)}
# style -> how a mark is drawn: colour, marker ("cell" fills the cell), size
MARK_STYLES = {"walker": ("tab:blue", "o", 8), "box": ("tab:orange", "cell", 0), "blank": ("#ffffff", "cell", 0),
               "piece": ("tab:red", "s", 12), "origin": ("black", "x", 8), "car": ("tab:red", "cell", 0),
               "block": ("tab:gray", "cell", 0)}


@dataclass
class Cell:
    row: int
    col: int
    style: str
    text: str = ""  # written in the middle of the cell
    note: str = ""  # written small at the cell's foot
    name: str = ""


@dataclass
class Trail:
    name: str
    points: list
    style: str
    legend: str = ""


@dataclass
class Mark:
    name: str
    position: tuple
    style: str


@dataclass
class Scene:
    """The grid rows ``top..bottom`` and columns ``left..right`` with what stands on them.

    Parameters
    ----------
    top, left, bottom, right : int
        The rows and columns drawn.

    Attributes
    ----------
    cells, trails, marks : list
        :class:`Cell` s, :class:`Trail` s and :class:`Mark` s, drawn in that order (the last drawn
        at a position wins).
    legend : list
        ``(style, meaning)`` pairs, the picture's key in order (:meth:`key`).
    text : str or None
        A text picture, drawn as lines of text instead of cells (:meth:`of_text`).
    """

    top: int
    left: int
    bottom: int
    right: int
    cells: list = field(default_factory=list)
    trails: list = field(default_factory=list)
    marks: list = field(default_factory=list)
    legend: list = field(default_factory=list)  # (style, what it means), in the key's order
    text: str | None = None  # a text picture, drawn as lines of text instead of cells

    def colour(self, style: str) -> str:
        """The fill of cell style ``style``: :data:`CELL_STYLES`'s, else the next of
        :data:`EXTRA_COLOURS` in the order this scene first uses it.

        >>> scene = Scene(1, 1, 1, 2)
        >>> scene.cell(1, 1, "lava"); scene.cell(1, 2, "wall")
        >>> scene.colour("lava") == EXTRA_COLOURS[0], scene.colour("wall") == CELL_STYLES["wall"]
        (True, True)
        """
        if style in CELL_STYLES:
            return CELL_STYLES[style]
        own = list(dict.fromkeys(s for s in [*(c.style for c in self.cells), *(k for k, _ in self.legend)]
                                 if s not in CELL_STYLES))
        return EXTRA_COLOURS[own.index(style) % len(EXTRA_COLOURS)] if style in own else CELL_STYLES["floor"]

    def cell(self, row: int, col: int, style: str, text: str = "", note: str = "", name: str = "") -> None:
        self.cells.append(Cell(row, col, style, text, note, name))

    def trail(self, name: str, points, style: str, legend: str = "") -> None:
        self.trails.append(Trail(name, [tuple(p) for p in points], style, legend))

    def mark(self, name: str, position, style: str) -> None:
        self.marks.append(Mark(name, tuple(position), style))

    def key(self, style: str, meaning: str) -> None:
        """Add ``style`` to the legend, meaning ``meaning``."""
        self.legend.append((style, meaning))

    @classmethod
    def of_text(cls, text: str) -> Scene:
        r"""A text picture as it is: its lines, drawn in a fixed-width font.

        >>> scene = Scene.of_text("A |## | 2/5\nB |   | 0/3")
        >>> scene.text.splitlines()[1], scene.cells, (scene.bottom, scene.right)
        ('B |   | 0/3', [], (2, 11))
        """
        lines = text.splitlines() or [""]
        return cls(1, 1, len(lines), max(1, max(map(len, lines))), text=text)

    @classmethod
    def from_text(cls, text: str) -> Scene:
        r"""A text picture as a scene: a cell for each character, or for each word where every
        line has as many words; ``#`` is a wall, ``.`` and spaces are floor, anything else is
        written in its cell.

        >>> [(c.row, c.col, c.text) for c in Scene.from_text("1 2\n. 3").cells]
        [(1, 1, '1'), (1, 2, '2'), (2, 1, ''), (2, 2, '3')]
        """
        lines = text.splitlines() or [""]
        words = [line.split() for line in lines]
        rows = words if len({len(w) for w in words}) == 1 and len(words[0]) > 1 else [list(line) for line in lines]
        scene = cls(1, 1, len(rows), max(1, max(map(len, rows))))
        for r, row in enumerate(rows, start=1):
            for c, item in enumerate(row, start=1):
                blank = item.strip() in ("", ".")
                scene.cell(r, c, "wall" if item == "#" else "floor", "" if blank or item == "#" else item)
        return scene


PLACE = "a (row, col) pair of finite numbers"


def is_place(value) -> bool:
    """Whether ``value`` is a place in a picture: a ``(row, col)`` tuple of finite numbers.

    >>> is_place((2, 3.5)), is_place("ab"), is_place((1, 2, 3)), is_place((float("nan"), 1)), is_place((True, 1))
    (True, False, False, False, False)
    """
    return isinstance(value, tuple) and len(value) == 2 and all(_finite(x) for x in value)


def check_position(place, what: str, state) -> tuple | None:
    """``place`` (what ``what`` returned for ``state``) if it is a place or ``None``; else a
    :class:`~stategraph.errors.ContractError`.

    >>> check_position((1, float("inf")), "walk: position()", (1, 2))
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: walk: position() must return a (row, col) pair of finite numbers or None, \
it returned (1, inf) for state (1, 2)
    """
    if place is not None and not is_place(place):
        raise ContractError(f"{what} must return {PLACE} or None, it returned {shorten(place)} for state "
                            f"{shorten(state)}")
    return place


def check_scene(scene, what: str):
    """``scene`` (what ``what`` returned) if it is ``None`` or a drawable :class:`Scene`; else a
    :class:`~stategraph.errors.ContractError` naming its first fault.

    >>> bad = Scene(1, 1, 1, 1); bad.cell("1", 1, "floor")
    >>> check_scene(bad, "walk: scene()")
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: walk: scene() returned a Scene whose cell 1 stands at row '1', column 1: \
a cell's row and column are ints
    """
    if scene is None:
        return None
    if not isinstance(scene, Scene):
        raise ContractError(f"{what} must return a stategraph Scene or None, it returned {shorten(scene)}")
    problem = scene_problem(scene)
    if problem:
        raise ContractError(f"{what} returned a Scene whose {problem}")
    return scene


def scene_problem(scene: Scene) -> str:
    """The first part of ``scene`` no renderer can draw, in words (``""``: none).

    >>> scene = Scene(1, 1, 2, 2); scene.mark("here", "ab", "walker")
    >>> scene_problem(scene)
    "mark 'here' stands at ('a', 'b'): a mark's position is a (row, col) pair of finite numbers"
    """
    bounds = (scene.top, scene.left, scene.bottom, scene.right)
    if not all(_whole(x) for x in bounds):
        return f"bounds (top, left, bottom, right) are {shorten(bounds)}: they are ints"
    if scene.text is not None:
        return "" if isinstance(scene.text, str) else f"text is {shorten(scene.text)}: a text picture is a str"
    for k, cell in enumerate(scene.cells, start=1):
        if type(cell) is Cell and type(cell.row) is int and type(cell.col) is int and type(cell.style) is str:
            continue  # the common case, at a glance
        if not isinstance(cell, Cell):
            return f"cell {k} is {shorten(cell)}: the cells are Scene.cell's"
        if not (_whole(cell.row) and _whole(cell.col)):
            return (f"cell {k} stands at row {shorten(cell.row)}, column {shorten(cell.col)}: a cell's row and "
                    "column are ints")
        if not isinstance(cell.style, str):
            return f"cell {k} has the style {shorten(cell.style)}: a style is a str"
    for trail in scene.trails:
        if not isinstance(trail, Trail) or not all(isinstance(x, str) for x in (trail.name, trail.style, trail.legend)):
            return f"trail {shorten(trail)} is not Scene.trail's: its name, style and legend are str"
        wrong = next((point for point in trail.points if not is_place(point)), None)
        if wrong is not None:
            return f"trail {shorten(trail.name)} passes through {shorten(wrong)}: a trail's points are each {PLACE}"
    for mark in scene.marks:
        if not isinstance(mark, Mark) or not all(isinstance(x, str) for x in (mark.name, mark.style)):
            return f"mark {shorten(mark)} is not Scene.mark's: its name and style are str"
        if not is_place(mark.position):
            return f"mark {shorten(mark.name)} stands at {shorten(mark.position)}: a mark's position is {PLACE}"
    wrong = next((entry for entry in scene.legend if not (isinstance(entry, tuple | list) and len(entry) == 2
                                                          and isinstance(entry[0], str))), None)
    if wrong is not None:
        return f"legend holds {shorten(wrong)}: a legend entry is a (style, meaning) pair, the style a str"
    return ""


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
