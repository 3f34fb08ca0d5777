"""Counting A*'s walks of its optimal band in a test (:func:`stategraph.search.astar_path.band_path`)."""

from __future__ import annotations

import importlib


def counted_band_walks(monkeypatch) -> list:
    """The sources of the band walks A* makes from now on, in the order made (``monkeypatch``
    puts the walk back after the test)."""
    astar_module = importlib.import_module("stategraph.search.astar")  # (the package's name is the function)
    walks: list = []
    walk = astar_module.band_path

    def counted_walk(*args, **kwargs):
        walks.append(args[1])
        return walk(*args, **kwargs)

    monkeypatch.setattr(astar_module, "band_path", counted_walk)
    return walks
