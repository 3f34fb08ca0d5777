"""Import paths that moved, kept working for one release with a ``DeprecationWarning``.

A plug-in written against an old path (``stategraph.state_graph``, now
:mod:`stategraph.graph.state_graph`) still imports, and is told where the name lives now:

>>> import sys, warnings
>>> _ = sys.modules.pop("stategraph.state_graph", None)   # (as in a fresh interpreter)
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from stategraph.state_graph import StateGraph
>>> StateGraph.__module__, str(caught[0].message)
('stategraph.graph.state_graph', 'stategraph.state_graph is deprecated: import from \
stategraph.graph.state_graph (the old path goes in stategraph 0.2)')
"""

from __future__ import annotations

import sys
import types
import warnings
from importlib import import_module
from importlib.machinery import ModuleSpec
from typing import Any

MODULES = {  # old module -> its module now, both under ``stategraph.``
    "answer_line": "contract.answer_line", "checks": "contract.checks", "successor": "contract.first_level",
    "puzzle": "contract.puzzle", "replay": "contract.replay", "scene": "contract.scene",
    "uniform_cost": "contract.uniform_cost", "words": "contract.words", "canonical": "graph.canonical",
    "graph_dicts": "graph.dicts", "explore": "graph.explore", "read_only": "graph.read_only",
    "state_graph": "graph.state_graph", "model": "graph.state_graph", "weights": "graph.weights",
    "grid_blocks": "grid.blocks", "side_walks": "grid.side_walks", "grid_walks": "grid.walks",
    "textdecode": "io.decode", "graphfile": "io.graph_read", "graphwrite": "io.graph_write",
    "safe_yaml": "io.safe_yaml", "safefile": "io.safefile", "textinput": "io.tokens",
"faults": "plugins.faults", "runner": "solving.driver",
    "export": "solving.export", "judge": "solving.judge", "records": "solving.records",
    "workers": "solving.workers", "pipeline": "search.solution", "config": "settings.config",
    "settings_schema": "settings.fields", "packaged": "settings.packaged", "commands": "cli.commands",
}
def warn(old: str, new: str) -> None:
    """Say that ``old`` is deprecated in favour of ``new``, at the line of the user's code that used it."""
    warnings.warn(f"{old} is deprecated: import from {new} (the old path goes in stategraph 0.2)",
                  DeprecationWarning, stacklevel=_callers_level())


def name_from(package: str, name: str, home: str) -> Any:
    """``package.name`` (an old path) from the module ``home``, with the warning (for ``__getattr__``)."""
    value = getattr(import_module(home), name)
    if sys._getframe(2).f_code.co_name != "_handle_fromlist":  # (a from-import's hasattr: its getattr warns)
        warn(f"{package}.{name}", home)
    return value


def _callers_level() -> int:
    """The ``stacklevel`` of the first frame outside this package (``warnings`` skips the import
    machinery's frames itself)."""
    frame: types.FrameType | None = sys._getframe(2)
    level = 2
    while frame is not None and frame.f_globals.get("__name__", "").startswith("stategraph"):
        frame = frame.f_back
        while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            frame = frame.f_back
        level += 1
    return level


class _OldPaths:
    """Finds ``stategraph.<old module>`` and makes it a module that forwards to the new one (a meta
    path finder and loader, duck-typed: ``importlib.abc`` costs 15 ms to import)."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, old = fullname.partition(".")
        return ModuleSpec(fullname, self) if package == "stategraph" and old in MODULES else None

    def create_module(self, spec):
        home = f"stategraph.{MODULES[spec.name.partition('.')[2]]}"
        warn(spec.name, home)
        module = types.ModuleType(spec.name, f"Moved to {home}.")
        module.__getattr__ = lambda name: getattr(import_module(home), name)
        return module

    def exec_module(self, module):
        pass


def install() -> None:
    """Let the old paths import (once per process)."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(_OldPaths())
