"""The puzzle registry: the built-in puzzles by name or alias, and puzzles from outside by ``module:Class``.

>>> get_puzzle("poj1475").name
'pushing_boxes'
>>> sorted(PUZZLES)
['arrow_maze', 'huarong', 'pushing_boxes']
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Mapping
from functools import cached_property
from importlib import import_module

from ..contract.puzzle import Model, Puzzle
from ..errors import StategraphError, shorten
from ..plugins import load as plugins
from ..plugins.names import is_plugin_name as is_plugin_name  # re-exported: a puzzle name is module:Class
from ..plugins.registry import LazyRegistry

_BUILT_IN = {"pushing_boxes": "PushingBoxes", "huarong": "Huarong", "arrow_maze": "ArrowMazes"}  # sub-package: class


def _built_in(name: str) -> Puzzle:
    return getattr(import_module(f".{name}", __name__), _BUILT_IN[name])()


class _Aliases(Mapping[str, Puzzle]):
    """The built-in puzzles by alias: the first look-up loads them all."""

    @cached_property
    def _table(self) -> dict[str, Puzzle]:
        return {alias: puzzle for puzzle in PUZZLES.values() for alias in puzzle.aliases}

    def __getitem__(self, alias: str) -> Puzzle:
        return self._table[alias]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


PUZZLES: Mapping[str, Puzzle] = LazyRegistry(_BUILT_IN, _built_in)  # each imported when first looked up
ALIASES: Mapping[str, Puzzle] = _Aliases()


class PluginError(plugins.PluginError):
    """A puzzle named ``module:Class`` that cannot be loaded or breaks the contract."""


PUZZLE = plugins.Kind("ClassName", "class", "ice_maze:IceMaze for ./ice_maze.py", PluginError)
_LOADED = plugins.Loaded()  # the puzzles loaded, by (spec, folder) and by spec


def get_puzzle(name: str, folder: str | None = None) -> Puzzle:
    """The puzzle called ``name`` (or one of its aliases), or the plug-in class ``module:Class``.

    Parameters
    ----------
    name : str
        A key of :data:`PUZZLES`, an alias (``noip2013``) or ``module:Class``.
    folder : str, optional
        Where to look for ``module.py`` first (the folder of the config that names it).

    Returns
    -------
    Puzzle
        The puzzle object (one per name: the same object every time).

    Raises
    ------
    StategraphError
        If no built-in puzzle has that name.
    PluginError
        If a plug-in cannot be loaded or breaks the contract.

    Examples
    --------
    >>> get_puzzle("uva816") is get_puzzle("arrow_maze")
    True
    >>> get_puzzle("sokoban")
    Traceback (most recent call last):
    ...
    stategraph.errors.StategraphError: unknown puzzle 'sokoban' (known: pushing_boxes, huarong, arrow_maze, ...)
    """
    if ":" in name:
        return load_plugin(name, folder)
    puzzle = PUZZLES.get(name) or ALIASES.get(name)
    if puzzle is None:
        raise StategraphError(f"unknown puzzle {shorten(name)} (known: {', '.join(PUZZLES)}, or module:Class)")
    return puzzle


def sample_text(puzzle) -> str:
    """The sample input of ``puzzle`` (a puzzle or a name), as ``stategraph sample`` prints it.

    Parameters
    ----------
    puzzle : str or Puzzle
        The puzzle, by name or as an object.

    Returns
    -------
    str
        Its :meth:`~stategraph.contract.puzzle.Puzzle.sample_text`: a small input in its contest format.

    Examples
    --------
    >>> print(sample_text("huarong"), end="")
    3 4 2
    0 1 1 1
    0 1 1 0
    0 1 0 0
    3 2 1 2 2 2
    1 2 2 2 3 2
    """
    return (get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle).sample_text()


def load_plugin(spec: str, folder: str | None = None) -> Puzzle:
    """The puzzle class ``module:Class``, loaded (:mod:`stategraph.plugins.load`: from ``module.py``
    in ``folder`` or the current one, never via ``sys.path``) and checked against the contract;
    without ``folder``, the one loaded last under ``spec``, if any.

    >>> load_plugin("no_such_module_here:Puzzle")
    Traceback (most recent call last):
    ...
    stategraph.puzzles.PluginError: puzzle 'no_such_module_here:Puzzle': no file no_such_module_here.py in the ...
    """
    where = f"puzzle {shorten(spec)}"
    return _LOADED.load(spec, folder, where, PUZZLE, lambda cls: _checked(cls, spec.partition(":")[2], where))


def _checked(cls, class_name: str, where: str) -> Puzzle:
    """An object of the plug-in class ``cls``, once it is held to the puzzle contract."""
    if not (inspect.isclass(cls) and issubclass(cls, Puzzle)):
        raise PluginError(f"{where}: {shorten(class_name)} is not a subclass of stategraph.contract.puzzle.Puzzle")
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
            raise PluginError(f"{where}: model {shorten(model_name)} is not a subclass of "
                              "stategraph.contract.puzzle.Model")
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
    return puzzle

