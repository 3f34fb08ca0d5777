"""The puzzle registry: every puzzle module, found by name or alias.

A puzzle module offers the same surface, in the same order: ``NAME``,
``ALIASES``, ``SUMMARY``, ``SAMPLE``, ``DEFAULTS``, ``parse``, ``compile``,
``decode``, ``format_answer`` and ``solve_instance``.

>>> get_puzzle("poj1475").NAME
'pushing_boxes'
"""

from __future__ import annotations

from importlib import import_module
from importlib.resources import files
from types import SimpleNamespace

from ..errors import StategraphError, shorten

PUZZLE_MODULES = ("pushing_boxes", "huarong", "arrow_maze")

PUZZLES = {name: import_module(f"{__name__}.{name}") for name in PUZZLE_MODULES}
ALIASES = {alias: module for module in PUZZLES.values() for alias in module.ALIASES}


def get_puzzle(name: str):
    """The puzzle module called ``name`` (or one of its aliases)."""
    module = PUZZLES.get(name) or ALIASES.get(name)
    if module is None:
        raise StategraphError(f"unknown puzzle {shorten(name)} (known: {', '.join(PUZZLES)})")
    return module


def sample_text(puzzle) -> str:
    """The packaged sample input of ``puzzle`` (a module or a name)."""
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    return files("stategraph").joinpath("samples", module.SAMPLE).read_text(encoding="utf-8")


def refusal(puzzle, routine) -> str | None:
    """Why ``routine`` cannot search the models of ``puzzle`` (from its declared weights), or ``None``."""
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    declared = SimpleNamespace(profile=module.PROFILE, heuristic=module.HAS_HEURISTIC or None)
    return routine.refusal(declared)
