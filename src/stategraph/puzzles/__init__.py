"""The puzzle registry: the built-in puzzles by name or alias, and puzzles from outside by ``module:Class``.

>>> get_puzzle("poj1475").name
'pushing_boxes'
>>> sorted(PUZZLES)
['arrow_maze', 'huarong', 'pushing_boxes']
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import os
import re
import sys
from importlib import import_module
from types import ModuleType

from ..errors import StategraphError, shorten
from ..puzzle import Model, Puzzle
from .arrow_maze import ArrowMazes
from .huarong import Huarong
from .pushing_boxes import PushingBoxes

PUZZLES: dict[str, Puzzle] = {puzzle.name: puzzle for puzzle in (PushingBoxes(), Huarong(), ArrowMazes())}
ALIASES: dict[str, Puzzle] = {alias: puzzle for puzzle in PUZZLES.values() for alias in puzzle.aliases}


PLUGIN_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*", re.ASCII)
PRIVATE_PREFIX = "_stategraph_plugin_"  # plug-in modules loaded from a file live under this name
_SERIAL = itertools.count(1)
_LOADED: dict = {}  # (spec, folder) and spec -> the puzzle loaded


class PluginError(StategraphError):
    """A puzzle named ``module:Class`` that cannot be loaded or breaks the contract."""


def get_puzzle(name: str, folder: str | None = None) -> Puzzle:
    """The puzzle called ``name`` (or one of its aliases), or the plug-in class ``module:Class``
    (see :func:`load_plugin`; ``folder`` is where its config file lies)."""
    if ":" in name:
        return load_plugin(name, folder)
    puzzle = PUZZLES.get(name) or ALIASES.get(name)
    if puzzle is None:
        raise StategraphError(f"unknown puzzle {shorten(name)} (known: {', '.join(PUZZLES)}, or module:Class)")
    return puzzle


def is_plugin_name(name: str) -> bool:
    """Whether ``name`` has the form ``module:Class`` (dotted identifiers, then an identifier).

    >>> is_plugin_name("ice_maze:IceMaze"), is_plugin_name("notes:1.txt"), is_plugin_name("a/b:C")
    (True, False, False)
    """
    return PLUGIN_NAME.fullmatch(name) is not None


def sample_text(puzzle) -> str:
    """The sample input of ``puzzle`` (a puzzle or a name)."""
    return (get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle).sample_text()


def load_plugin(spec: str, folder: str | None = None) -> Puzzle:
    """The puzzle class ``module:Class``, loaded and checked against the puzzle contract.

    A module without dots is loaded from its file, ``module.py``, in ``folder`` (the config
    file's folder) if there is one, else in the current directory; otherwise it is imported from
    the Python path.  No folder is ever added to ``sys.path``, and the module is registered under
    a private name, so later imports (``yaml``, ``lxml``, ...) are never shadowed by a file beside
    a config.  A lookup without ``folder`` gets the plug-in loaded last under ``spec``, if any
    (the one the run's config named).

    >>> load_plugin("no_such_module_here:Puzzle")
    Traceback (most recent call last):
    ...
    stategraph.puzzles.PluginError: puzzle 'no_such_module_here:Puzzle': no module named 'no_such_module_here'
    """
    known = _LOADED.get((spec, folder)) or (_LOADED.get(spec) if folder is None else None)
    if known is not None:
        return known
    module_name, _, class_name = spec.partition(":")
    where = f"puzzle {shorten(spec)}"
    if not module_name or not class_name:
        raise PluginError(f"{where}: expected module:ClassName")
    if module_name.endswith(".py") or os.sep in module_name:
        raise PluginError(f"{where}: name the module, not its file (e.g. ice_maze:IceMaze for ./ice_maze.py)")
    if not is_plugin_name(spec):
        raise PluginError(f"{where}: expected module:ClassName, where both are Python names")
    try:
        module = _import(module_name, folder)
    except PluginError as exc:
        raise PluginError(f"{where}: {exc}") from None
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
        puzzle = cls()
    except Exception as exc:
        raise PluginError(f"{where}: creating it failed: {type(exc).__name__}: "
                          f"{shorten(str(exc), quoted=False)}") from None
    _LOADED[(spec, folder)] = _LOADED[spec] = puzzle
    return puzzle


def _import(module_name: str, folder: str | None) -> ModuleType:
    """The plug-in module: from its file in ``folder`` or the current directory, else the Python path."""
    if "." not in module_name:
        for place in (folder, os.getcwd()):
            if place is not None and os.path.isfile(os.path.join(place, module_name + ".py")):
                return _from_file(module_name, os.path.join(place, module_name + ".py"))
    try:
        return import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise PluginError(f"no module named {shorten(module_name)}") from None
        raise


def _from_file(module_name: str, path: str) -> ModuleType:
    private = f"{PRIVATE_PREFIX}{next(_SERIAL)}_{module_name}"
    spec = importlib.util.spec_from_file_location(private, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"cannot load {shorten(path, 200, quoted=False)}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[private] = module  # dataclasses and typing look their module up by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[private]
        raise
    return module
