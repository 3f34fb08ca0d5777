"""The pictures of a page's steps as compact tables (:func:`encode_scenes`): what the page's script
draws each step's :class:`~stategraph.contract.scene.Scene` from."""

from __future__ import annotations

from collections import defaultdict


def encode_scenes(scenes: list) -> dict:
    """Scenes as compact tables, each thing once: the cell styles as ``[style, fill]``, each
    distinct set of cells (runs ``[row, col, style, length]``), each trail's points (an earlier
    step's is a prefix of a later one), each distinct legend; a text picture as its text."""
    styles: dict[tuple[str, str], int] = {}
    cell_sets: dict[tuple, int] = {}
    legends: dict[tuple, int] = {}
    points: list[list] = []
    by_name: dict[str, list[int]] = defaultdict(list)
    encoded = []
    previous: tuple = (None, -1, None)
    for scene in reversed(scenes):  # the last scene's trails are the longest
        if (scene.cells, scene.legend) == previous[0]:
            cells, style_of = previous[1], previous[2]
        else:
            style_of = {style: styles.setdefault((style, scene.colour(style)), len(styles))
                        for style in dict.fromkeys([*(c.style for c in scene.cells), *(k for k, _ in scene.legend)])}
            cells = cell_sets.setdefault(_cells_key(scene.cells, style_of), len(cell_sets))
        previous = ((scene.cells, scene.legend), cells, style_of)
        trails = []
        for trail in scene.trails:
            wanted = [list(p) for p in trail.points]
            latest = by_name[trail.name][-1] if by_name[trail.name] else None
            at = latest if latest is not None and points[latest][:len(wanted)] == wanted else None
            if at is None:
                at = len(points)
                points.append(wanted)
                by_name[trail.name].append(at)
            trails.append([at, len(wanted), trail.style, trail.legend, trail.name])
        marks = [[m.name, m.position[0], m.position[1], m.style] for m in scene.marks]
        legend = legends.setdefault(tuple((style_of[style], str(meaning)) for style, meaning in scene.legend),
                                    len(legends)) if scene.legend else -1
        encoded.append({"bounds": [scene.top, scene.left, scene.bottom, scene.right], "cells": cells,
                        "trails": trails, "marks": marks, "legend": legend,
                        **({"text": scene.text} if scene.text is not None else {})})
    tables = [{"runs": list(key[0]), "single": [list(cell) for cell in key[1]]}
              for key, _ in sorted(cell_sets.items(), key=lambda item: item[1])]
    return {"styles": [list(style) for style in styles], "cells": tables, "points": points,
            "legends": [[list(entry) for entry in key] for key in legends], "scenes": encoded[::-1]}


def _cells_key(cells: list, style_of: dict) -> tuple:
    """``(runs, singles)`` of a scene's cells, the cell drawn last at a position winning; styles as
    their places (``style_of``)."""
    at: dict = {}
    for cell in cells:
        at[cell.row, cell.col] = cell
    runs: list[int] = []
    single = []
    for (row, col), cell in sorted(at.items()):
        style = style_of[cell.style]
        if cell.text or cell.note or cell.name:
            single.append((row, col, style, cell.text, cell.note, cell.name))
            continue
        if runs and runs[-4] == row and runs[-3] + runs[-1] == col and runs[-2] == style:
            runs[-1] += 1
        else:
            runs += [row, col, style, 1]
    return tuple(runs), tuple(single)
