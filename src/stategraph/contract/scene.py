"""A puzzle's picture as data: cells, trails and marks on a 1-based grid, drawn by any renderer.

A model that can show its puzzle returns a :class:`Scene` from
:meth:`~stategraph.contract.puzzle.Model.scene`; ``stategraph draw`` renders it with matplotlib.  Each
part has a ``style`` named in :data:`CELL_STYLES`, :data:`TRAIL_STYLES` or :data:`MARK_STYLES`, so
every renderer draws a puzzle the same way and no renderer knows any puzzle; ``name`` becomes
the drawn element's id (``box-path``, ``target``, ``start``), which tests and pages can find.
A cell style not in :data:`CELL_STYLES` (a puzzle's own kind: ``lever``, ``lava``) gets the next
colour of :data:`EXTRA_COLOURS`, in the order the scene first uses it (:meth:`Scene.colour`).
``legend`` names what the styles mean (``("key", "key a-d")``), for the renderer's key.  A scene
may instead be a text picture (``text``, drawn as lines of text; no cells): what a puzzle that
is not a grid draws (:meth:`Scene.of_text`).

>>> scene = Scene(1, 1, 1, 3)
>>> scene.cell(1, 1, "floor"); scene.cell(1, 3, "goal", "T", name="target")
>>> scene.trail("box-path", [(1, 1), (1, 2)], "push", "box"); scene.mark("start", (1, 1), "walker")
>>> [c.style for c in scene.cells], scene.trails[0].points, scene.marks[0].name
(['floor', 'goal'], [(1, 1), (1, 2)], 'start')
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        :data:`EXTRA_COLOURS` in the order this scene's cells and legend first use it.

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
