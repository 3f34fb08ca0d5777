"""The puzzle registry: the built-in puzzles by name or alias, and puzzles from outside by ``module:Class``.

>>> get_puzzle("poj1475").name
'pushing_boxes'
>>> sorted(PUZZLES)
['arrow_maze', 'huarong', 'pushing_boxes']
"""

from __future__ import annotations

import inspect
import os
import sys
from importlib import import_module

from ..errors import StategraphError, shorten
from ..puzzle import Model, Puzzle
from .arrow_maze import ArrowMazes
from .huarong import Huarong
from .pushing_boxes import PushingBoxes

PUZZLES: dict[str, Puzzle] = {puzzle.name: puzzle for puzzle in (PushingBoxes(), Huarong(), ArrowMazes())}
ALIASES: dict[str, Puzzle] = {alias: puzzle for puzzle in PUZZLES.values() for alias in puzzle.aliases}


class PluginError(StategraphError):
    """A puzzle named ``module:Class`` that cannot be loaded or breaks the contract."""


def get_puzzle(name: str) -> Puzzle:
    """The puzzle called ``name`` (or one of its aliases), or the class ``module:Class`` from the
    current directory or the Python path."""
    if ":" in name:
        return load_plugin(name)
    puzzle = PUZZLES.get(name) or ALIASES.get(name)
    if puzzle is None:
        raise StategraphError(f"unknown puzzle {shorten(name)} (known: {', '.join(PUZZLES)}, or module:Class)")
    return puzzle


def sample_text(puzzle) -> str:
    """The sample input of ``puzzle`` (a puzzle or a name)."""
    return (get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle).sample_text()


def load_plugin(spec: str) -> Puzzle:
    """Import ``module:Class`` and check that the class keeps the puzzle contract.

    >>> load_plugin("no_such_module_here:Puzzle")
    Traceback (most recent call last):
    ...
    stategraph.puzzles.PluginError: puzzle 'no_such_module_here:Puzzle': no module named 'no_such_module_here'
    """
    module_name, _, class_name = spec.partition(":")
    where = f"puzzle {shorten(spec)}"
    if not module_name or not class_name:
        raise PluginError(f"{where}: expected module:ClassName")
    if module_name.endswith(".py") or os.sep in module_name:
        raise PluginError(f"{where}: name the module, not its file (e.g. ice_maze:IceMaze for ./ice_maze.py)")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        raise PluginError(f"{where}: no module named {shorten(exc.name or module_name)}") from None
    except Exception as exc:  # the plug-in's own code failed on import
        raise PluginError(f"{where}: importing {shorten(module_name)} failed: {type(exc).__name__}: "
                          f"{shorten(str(exc), quoted=False)}") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise PluginError(f"{where}: module {shorten(module_name)} has no class {shorten(class_name)}")
    if not (inspect.isclass(cls) and issubclass(cls, Puzzle)):
        raise PluginError(f"{where}: {shorten(class_name)} is not a subclass of stategraph.puzzle.Puzzle")
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        raise PluginError(f"{where}: the class does not define {', '.join(missing)}")
    for attribute in ("name", "summary", "sample", "models"):
        if not hasattr(cls, attribute):
            raise PluginError(f"{where}: the class does not set {attribute!r}")
    if not isinstance(cls.models, dict) or not cls.models:
        raise PluginError(f"{where}: 'models' must map model names to Model classes")
    for model_name, model in cls.models.items():
        if not (inspect.isclass(model) and issubclass(model, Model)):
            raise PluginError(f"{where}: model {shorten(model_name)} is not a subclass of stategraph.puzzle.Model")
        absent = sorted(getattr(model, "__abstractmethods__", ()))
        absent += [a for a in ("name", "summary", "profile") if not hasattr(model, a)]
        if absent:
            raise PluginError(f"{where}: model {shorten(model_name)} does not define {', '.join(absent)}")
        if model.name != model_name:
            raise PluginError(f"{where}: models maps {shorten(model_name)} to a model named {shorten(model.name)}; "
                              "the key must be the model's name")
    try:
        return cls()
    except Exception as exc:
        raise PluginError(f"{where}: creating it failed: {type(exc).__name__}: "
                          f"{shorten(str(exc), quoted=False)}") from None
