"""Generic shortest-path routines, chosen by name from :data:`SEARCHES`.

Every routine is called as ``routine(graph, source, targets, *, zero, weight, heuristic) ->
SearchResult`` and knows nothing about puzzles: ``graph`` is a ``networkx.DiGraph`` (or a
:class:`~stategraph.graph.dicts.LazyGraph`), read only through
:func:`~stategraph.graph.dicts.successors`; ``source`` the start state; ``targets`` the goal
states; ``zero`` the zero of the weights' type (``StateGraph.zero``); ``weight`` the edge
attribute holding the weight; ``heuristic(state)`` a lower bound on the remaining cost (ignored
by all but ``astar``).  The distances meet :class:`SearchResult`'s rule; :func:`check_applicable`
refuses weights a routine does not accept.  A routine of your own is named ``module:function``
(:mod:`stategraph.search.plugin`).  Each built-in's module docstring quotes the textbook's loop.

>>> sorted(SEARCHES)[:3]
['astar', 'bfs', 'bidirectional_dijkstra']
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

from ..errors import SearchNotApplicable, described, shorten
from ..plugins.registry import LazyRegistry
from .result import SearchResult, SearchStats
from .routine import SearchRoutine

__all__ = ["SEARCHES", "SearchRoutine", "SearchResult", "SearchStats", "get_search",
           "check_applicable", "check_options"]

_BUILT_IN: dict[str, tuple[str, str, str, dict[str, Any]]] = {  # name: module:function, what SearchRoutine says
    "bfs": ("bfs:bfs", "breadth-first search, layer by layer", "unit weights only",
            dict(needs_unit=True, options=("stop_at_target",), grows=True, tree=True)),
    "layered_bfs": ("layered_bfs:layered_bfs",
                    "the seeds' layered BFS: breadth-first on the first component, minimum on the second",
                    "Lex (primary, secondary) with primary 0 or 1 per edge", dict(needs_lex_01=True, grows=True)),
    "dijkstra": ("dijkstra:dijkstra", "Dijkstra with a binary heap, stops at the nearest target",
                 "non-negative numbers or Lex pairs", dict(options=("stop_at_target",), cost_only=True, grows=True)),
    "spfa": ("spfa:spfa", "queue-based Bellman-Ford (SPFA), as in the NOIP seed",
             "any numbers or Lex pairs (refuses negative cycles)", dict(needs_nonnegative=False)),
    "astar": ("astar:astar", "A* with the puzzle's admissible, consistent heuristic",
              "non-negative numbers or Lex pairs, with a puzzle heuristic",
              dict(needs_heuristic=True, options=("stop_at_target",), cost_only=True, grows=True, canonical=True)),
    "bidirectional_dijkstra": ("bidirectional:bidirectional_dijkstra",
                               "forward and backward Dijkstra meeting in the middle, then an A* sweep",
                               "non-negative numbers or Lex pairs", {}),
    "networkx": ("networkx_routine:networkx_dijkstra",
                 "networkx.single_source_dijkstra_path_length (Lex via exact scalar encoding)",
                 "non-negative numbers or Lex pairs", {}),
}


_FUNCTIONS = {where.split(":")[1]: name for name, (where, *_) in _BUILT_IN.items()}  # function: its routine


def _built_in(name: str) -> SearchRoutine:
    where, summary, accepts, flags = _BUILT_IN[name]
    module, function = where.split(":")
    return SearchRoutine(name, getattr(import_module(f".{module}", __name__), function), summary, accepts, **flags)


def __getattr__(name: str) -> Any:
    """``from stategraph.search import bfs`` is the routine's function (:class:`_Package` keeps it so)."""
    if name not in _FUNCTIONS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return SEARCHES[_FUNCTIONS[name]].run


class _Package(ModuleType):
    """This package: where the import system sets a routine's module (``bfs``), its function is set instead."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and name in _FUNCTIONS and value.__name__ == f"{__name__}.{name}":
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


SEARCHES: Mapping[str, SearchRoutine] = LazyRegistry(_BUILT_IN, _built_in)
"""The built-in search routines by name, each a :class:`~stategraph.search.SearchRoutine`."""


def get_search(name: str, folder: str | None = None) -> SearchRoutine:
    """The routine called ``name``, or the function ``module:function`` from outside the package.

    Parameters
    ----------
    name : str
        A key of :data:`SEARCHES`, or ``module:function``.
    folder : str, optional
        Where to look for ``module.py`` first (the folder of the config that names it).

    Returns
    -------
    SearchRoutine

    Raises
    ------
    SearchNotApplicable
        If no built-in routine has that name.
    stategraph.search.plugin.RoutineError
        If a plug-in routine cannot be found or loaded (a :class:`~stategraph.StategraphError`, exit status 2).

    Examples
    --------
    >>> routine = get_search("dijkstra")
    >>> routine.accepts, routine.options
    ('non-negative numbers or Lex pairs', ('stop_at_target',))
    """
    if ":" in name:
        from .plugin import load_routine

        return load_routine(name, folder)
    try:
        return SEARCHES[name]
    except KeyError:
        known = ", ".join(sorted(SEARCHES))
        raise SearchNotApplicable(f"unknown algorithm {name!r} (known: {known})") from None


def check_options(routine: SearchRoutine, options: dict) -> None:
    """Refuse options the routine does not take, or values that are not booleans."""
    for key, value in options.items():
        if key not in routine.options:
            known = ", ".join(routine.options) or "none"
            raise SearchNotApplicable(f"{routine.name} has no option {shorten(key)} (its options: {known})")
        if not isinstance(value, bool):
            raise SearchNotApplicable(f"option {shorten(key)} of {routine.name} must be true or false, "
                                      f"found {described(value)}")


def check_applicable(routine: SearchRoutine, model) -> None:
    reason = routine.refusal(model.profile, model.heuristic is not None)
    if reason:
        raise SearchNotApplicable(reason)
