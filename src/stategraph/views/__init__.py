"""Teaching views: they observe runs of the solver and never change them (docs/layers.md lists
the modules); :func:`page` builds ``stategraph view``'s page.  Puzzle modules import nothing from here.
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
