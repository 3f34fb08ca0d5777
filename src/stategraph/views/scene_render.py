"""A :class:`~stategraph.contract.scene.Scene` drawn on matplotlib axes (:func:`render_scene`): its
cells in their styles' colours, its trails and marks with their ``gid``, its legend; a text
picture as lines of fixed-width text.  For ``draw`` and ``draw --animate``
(:mod:`stategraph.views.draw`)."""

from __future__ import annotations

import math

from ..contract.scene import MARK_STYLES, TRAIL_STYLES

OTHER_TRAIL = ("#555555", 1.5, False, "", False)  # a trail or mark of a style the tables do not name
OTHER_MARK = ("#555555", "o", 8)


def render_scene(ax, scene) -> None:
    """Draw ``scene`` on matplotlib axes: cells, then trails, then marks, each with its ``gid``, and
    the legend; a text picture as its lines."""
    if scene.text is not None:
        render_text(ax, scene)
        return
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Patch, Rectangle

    ax.set_axis_on()
    fill = {style: scene.colour(style) for style in {cell.style for cell in scene.cells}}
    plain = []
    for cell in scene.cells:
        square = Rectangle((cell.col - 0.5, cell.row - 0.5), 1, 1, facecolor=fill[cell.style], edgecolor="#999999",
                           linewidth=0.5, gid=cell.name or None)
        if cell.name:
            ax.add_patch(square)
        else:
            plain.append(square)
        if cell.text:
            ax.text(cell.col, cell.row, cell.text, ha="center", va="center", fontsize=8, parse_math=False)
        if cell.note:
            ax.text(cell.col, cell.row + 0.38, cell.note, ha="center", va="center", fontsize=6, color="#555555",
                    parse_math=False)
    if plain:
        ax.add_collection(PatchCollection(plain, match_original=True, gid="cells", zorder=0.9))
    handles = [Patch(facecolor=scene.colour(style), edgecolor="#999999", label=str(meaning))
               for style, meaning in scene.legend]
    for trail in scene.trails:
        colour, width, dashed, marker, spread = TRAIL_STYLES.get(trail.style, OTHER_TRAIL)
        points = [(r + 0.12 * math.sin(i), c + 0.12 * math.cos(i)) for i, (r, c) in enumerate(trail.points)] \
            if spread else trail.points
        if points:
            rows, cols = zip(*points)
            [line] = ax.plot(cols, rows, gid=trail.name, color=colour, linewidth=width,
                             linestyle="--" if dashed else "-", marker=marker or None, markersize=4,
                             label=trail.legend or None)
            if trail.legend:
                handles.append(line)
    for mark in scene.marks:
        colour, marker, size = MARK_STYLES.get(mark.style, OTHER_MARK)
        row, col = mark.position
        if marker == "cell":
            ax.add_patch(Rectangle((col - 0.5, row - 0.5), 1, 1, facecolor=colour, edgecolor="black",
                                   linewidth=0.5, gid=mark.name))
        else:
            ax.plot([col], [row], marker, color=colour, markersize=size, gid=mark.name)
    ax.set_xlim(scene.left - 0.5, scene.right + 0.5)
    ax.set_ylim(scene.bottom + 0.5, scene.top - 0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(scene.left, scene.right + 1))
    ax.set_yticks(range(scene.top, scene.bottom + 1))
    ax.tick_params(labelsize=7)
    if handles:  # the key beside the grid; trails' captions alone inside it, as they are few
        outside = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0)} if scene.legend else {"loc": "upper right"}
        ax.legend(handles=handles, fontsize=7, **outside).set_gid("legend")


def render_text(ax, scene) -> None:
    """A text picture: its lines in a fixed-width font, as large as fits the axes (at most 12 pt)."""
    ax.set_axis_off()
    lines = scene.text.splitlines() or [""]
    box = ax.get_position()
    width, height = ax.figure.get_size_inches()
    room = (box.width * width * 72, box.height * height * 72)  # the axes in points
    size = min(12.0, room[0] / (0.62 * max(map(len, lines), default=1) or 1), room[1] / (1.3 * len(lines)))
    ax.text(0.0, 1.0, "\n".join(lines), transform=ax.transAxes, ha="left", va="top", family="monospace",
            fontsize=max(size, 3.0), gid="text-picture", parse_math=False)


def text_size(scene) -> tuple[float, float]:
    """The figure's inches for a text picture in 12 pt (a character 0.1 inch wide, a line 0.22 tall),
    within 4 x 1.5 and 12 x 10."""
    return (min(12.0, max(4.0, 0.1 * (scene.right - scene.left + 1) + 0.6)),
            min(10.0, max(1.5, 0.22 * (scene.bottom - scene.top + 1) + 0.9)))


def text_extent(ax):
    """The part of ``ax``'s figure, in inches, that its text picture and its title take (a figure is
    cut to it: a line of text is not drawn in a large empty figure)."""
    from matplotlib.transforms import Bbox

    renderer = ax.figure.canvas.get_renderer()
    drawn = Bbox.union([text.get_window_extent(renderer) for text in (*ax.texts, ax.title)])
    return drawn.transformed(ax.figure.dpi_scale_trans.inverted()).padded(0.1)
