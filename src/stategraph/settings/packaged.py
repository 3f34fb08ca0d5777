"""Configs shipped inside the package, found by name from any directory.

They are built from the top-level ``configs/``; each file's first comment line says what it is for.

>>> "arrow_maze-astar" in config_names()
True
>>> config_summary("huarong-spfa")
'Huarong Dao with SPFA (queue-based Bellman-Ford), the routine of the NOIP 2013 seed.'
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ConfigError, shorten

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SUFFIX = ".yaml"


def _folder() -> Traversable:
    from importlib.resources import files  # only once a packaged config is looked up: 10 ms of every start-up

    return files("stategraph").joinpath("configs")


def config_names() -> list[str]:
    """The packaged configs' names (file names without ``.yaml``), sorted."""
    return sorted(entry.name[:-len(SUFFIX)] for entry in _folder().iterdir() if entry.name.endswith(SUFFIX))


def config_text(name: str) -> str:
    """The text of the packaged config ``name`` (with or without ``.yaml``)."""
    stem = name[:-len(SUFFIX)] if name.endswith(SUFFIX) else name
    if stem not in config_names():
        raise ConfigError(f"no config file and no packaged config named {shorten(name)} "
                          f"(packaged: {', '.join(config_names())}; see `stategraph configs`)")
    return _folder().joinpath(stem + SUFFIX).read_text(encoding="utf-8")


def config_summary(name: str) -> str:
    """The first comment line of the packaged config ``name``."""
    for line in config_text(name).splitlines():
        if line.startswith("#"):
            return line.lstrip("# ").strip()
    return ""


def is_packaged(name_or_path: str) -> bool:
    """True when ``name_or_path`` names a packaged config rather than an existing file."""
    if os.path.exists(name_or_path) or os.sep in name_or_path:
        return False
    stem = name_or_path[:-len(SUFFIX)] if name_or_path.endswith(SUFFIX) else name_or_path
    return stem in config_names()
