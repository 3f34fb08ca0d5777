"""Teaching views: they observe runs of the solver and never change them.

* :mod:`stategraph.views.compare` -- every model x applicable routine on the same input, as a table.
* :mod:`stategraph.views.explain` -- a canonical solution as numbered steps in words, with pictures.
* :mod:`stategraph.views.draw` -- grids, paths and state graphs as SVG/PNG/GIF (needs matplotlib,
  ``pip install 'stategraph[draw]'``), imported only when a drawing is asked for.
* :mod:`stategraph.views.page` -- one self-contained HTML page where the puzzle, its state graph and
  each routine's search play side by side (``stategraph view``); :func:`page` builds it, and in a
  notebook the :class:`Page` shows itself.

Puzzle modules import nothing from here.
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["Page", "page"]


def __getattr__(name: str):
    """``page`` and ``Page``, imported when first asked for (the command line imports this package
    while it starts, and the page needs the whole solver)."""
    if name in __all__:
        value = getattr(import_module(".page", __name__), name)
        globals()[name] = value  # the function, not the module of the same name that the import set here
        return value
    raise AttributeError(f"module 'stategraph.views' has no attribute {name!r}")
