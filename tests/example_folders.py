"""Running an example of ``examples/`` as its README says: from a copy of its folder, by the command line."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path
from types import ModuleType

from cli_runner import Result, run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def copy_of(tmp_path_factory, name: str) -> Path:
    """A fresh copy of ``examples/NAME`` (compiled files left out)."""
    copy = tmp_path_factory.mktemp("example") / name
    shutil.copytree(EXAMPLES / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def run_in(folder: Path, *args, timeout: float = 120, separate: bool = True) -> Result:
    """``python -m stategraph ARGS`` in ``folder``, as a user would run it: no debug traceback, no extra path
    (the shared runner, :func:`cli_runner.run_cli`; in this process with ``separate=False``)."""
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None}, separate=separate,
                   timeout=timeout)


def example_module(name: str) -> ModuleType:
    """The module ``examples/NAME/NAME.py``, imported as ``NAME`` as its folder's config imports it."""
    folder = str(EXAMPLES / name)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(folder)


def example_puzzle(name: str):
    """An object of the puzzle class ``examples/NAME/NAME.py`` defines (its one-class puzzle)."""
    from stategraph import SuccessorPuzzle

    module = example_module(name)
    return next(value for value in vars(module).values() if isinstance(value, type)
                and issubclass(value, SuccessorPuzzle) and value.__module__ == module.__name__
                and "name" in vars(value))()
