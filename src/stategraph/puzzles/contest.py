"""What the built-in contest puzzles share (:class:`ContestPackage`): a package each, with a reader,
``generate``, ``check`` and a sample packaged as ``samples/NAME.txt``.

>>> from stategraph import get_puzzle
>>> puzzle = get_puzzle("huarong")
>>> isinstance(puzzle, ContestPackage), puzzle.sample.splitlines()[0]
(True, '3 4 2')
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from importlib import import_module
from typing import Any, ClassVar

from ..contract.cuts import Cuts
from ..contract.puzzle import Puzzle


class _Packaged:
    """A built-in's packaged sample or checker module, loaded the first time it is read (a run
    that needs neither loads neither: ``importlib.resources`` is slow to import)."""

    def __init__(self, load: Callable[[type], Any]):
        self.load = load
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        built_in = next((kind for kind in owner.__mro__ if "reader" in kind.__dict__), None)
        if built_in is None:  # ContestPackage itself
            return self
        value = self.load(built_in)
        setattr(built_in, self.name, value)  # read from the class from now on
        return value


def _sample(built_in: type) -> str:
    from importlib.resources import files

    return files("stategraph").joinpath("samples", f"{built_in.__dict__['name']}.txt").read_text(encoding="utf-8")


class ContestPackage:
    """A built-in's package: its reader (``reader``, with ``cutter`` for ``--jobs``), generator,
    checker and packaged sample; mixed in before the puzzle's contract class."""

    name: ClassVar[str]
    default_algorithm = "astar"
    reader: ClassVar[Callable[..., Any]]  # the package's parse(data, source, limits)
    cutter: ClassVar[type[Cuts]]  # where that reader's instances stand (Puzzle.cuts)
    package: ClassVar[str]  # the package its reader, generator and checker are modules of
    # a built-in's own (a subclass elsewhere, a student's, inherits them), loaded when first read
    sample: Any = _Packaged(_sample)
    checker: Any = _Packaged(lambda built_in: import_module(".check", built_in.__module__))

    def __init_subclass__(cls, **kwargs):
        if "reader" in cls.__dict__:  # a built-in itself (a subclass elsewhere, a student's, inherits these)
            cls.package = cls.__module__
        super().__init_subclass__(**kwargs)

    def parse(self, data, source="<input>", limits=None):
        return type(self).reader(data, source, limits)

    def cuts(self, source, limits):
        """The built-in's cutter; ``None`` for a subclass elsewhere (it may read otherwise)."""
        return type(self).cutter(source, limits) if "reader" in type(self).__dict__ else None

    def random_instance(self, rng, size):
        """An input of one random instance, bigger as ``size`` grows (the package's ``generate`` module says how)."""
        generate = import_module(".generate", self.package)  # only a grader draws; solving never does
        return generate.random_instance(rng, size)

    def answer_cost(self, instance, question, answer):
        """The cost of ``answer`` replayed by the checker (``None`` for no solution)."""
        return None if answer is None else self.checker.replay(instance, answer)

    def describe_cost(self, cost):
        return f"{cost} moves"


def deprecated_model(module: str, puzzle: type[Puzzle], **old: tuple[str, str]) -> Callable[[str], Any]:
    """A built-in package's ``__getattr__`` giving each old model class name in ``old``
    (``Name=(model, rules)``) as the generated model, with a ``DeprecationWarning``."""

    def __getattr__(name: str):
        if name in old:
            model, rules = old[name]
            warnings.warn(f"{module}.{name} is deprecated: the model is generated from {rules} "
                          f"({puzzle.__name__}.models[{model!r}])", DeprecationWarning, stacklevel=2)
            return puzzle.models[model]
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
