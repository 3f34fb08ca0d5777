"""Search routines from outside the package, named ``module:function`` (``search.algorithm``, ``-a``).

The function is loaded as a puzzle plug-in is (:mod:`stategraph.plugins.load`) and becomes a
:class:`~stategraph.search.SearchRoutine` from what it declares by attributes:

* ``accepts``: ``"unit"`` (every weight 1), ``"nonnegative"`` (numbers or Lex pairs),
  ``"lex"`` (Lex pairs whose first part is 0 or 1, as ``layered_bfs``) or ``"any"``;
  a function that declares nothing is tried on every graph;
* ``needs_heuristic = True``: only for models with a heuristic;
* ``options``: the names of the boolean options it takes, e.g. ``("stop_at_target",)``.

It is called as the built-ins are, and what it returns is checked (:mod:`~stategraph.search.routine_check`).

>>> load_routine("no_such_module_here:bfs")
Traceback (most recent call last):
...
stategraph.search.plugin.RoutineError: algorithm 'no_such_module_here:bfs': no file no_such_module_here.py in the ...
"""

from __future__ import annotations

import inspect

from ..errors import shorten
from ..plugins import load as plugins
from .routine import SearchRoutine
from .routine_check import checked_run, kind_of

# accepts -> (the SearchRoutine flags, what ``stategraph algorithms`` says it accepts)
ACCEPTS = {
    "unit": ({"needs_unit": True}, "unit weights only"),
    "nonnegative": ({}, "non-negative numbers or Lex pairs"),
    "lex": ({"needs_lex_01": True}, "Lex (primary, secondary) with primary 0 or 1 per edge"),
    "any": ({"needs_nonnegative": False}, "any numbers or Lex pairs"),
}
UNDECLARED = ({"needs_nonnegative": False}, "not declared (tried on every graph)")


class RoutineError(plugins.PluginError):
    """A search routine named ``module:function`` that cannot be loaded, or declares what it cannot mean."""


ROUTINE = plugins.Kind("function", "function", "student_bfs:bfs for ./student_bfs.py", RoutineError)
_LOADED = plugins.Loaded()  # the routines loaded, by (spec, folder) and by spec


def load_routine(spec: str, folder: str | None = None) -> SearchRoutine:
    """The routine ``module:function`` as a :class:`~stategraph.search.SearchRoutine` named ``spec``
    (``folder``: where the config naming it lies)."""
    where = f"algorithm {shorten(spec)}"
    return _LOADED.load(spec, folder, where, ROUTINE, lambda function: _routine(function, spec, where))


def _routine(function, spec: str, where: str) -> SearchRoutine:
    """The routine ``function`` is, once what it declares is checked."""
    name = spec.partition(":")[2]
    if not callable(function) or inspect.isclass(function):
        raise RoutineError(f"{where}: {shorten(name)} is not a function (it is {kind_of(function)})")
    accepts = getattr(function, "accepts", None)
    if accepts is not None and accepts not in ACCEPTS:
        raise RoutineError(f"{where}: accepts must be one of {', '.join(map(repr, ACCEPTS))}, "
                           f"found {shorten(accepts)}")
    needs_heuristic = getattr(function, "needs_heuristic", False)
    if not isinstance(needs_heuristic, bool):
        raise RoutineError(f"{where}: needs_heuristic must be True or False, found {shorten(needs_heuristic)}")
    options = getattr(function, "options", ())
    if not isinstance(options, (tuple, list)) or not all(isinstance(o, str) and o.isidentifier() for o in options):
        raise RoutineError(f"{where}: options must be a tuple of option names, found {shorten(options)}")
    _check_signature(function, where, options)
    flags, described = ACCEPTS[accepts] if accepts is not None else UNDECLARED
    if accepts is not None:
        described += f" (it declares accepts = {accepts!r})"
    if needs_heuristic:
        described += ", with a puzzle heuristic"
    doc = inspect.getdoc(function)
    summary = doc.splitlines()[0] if doc else f"{name} from {spec.partition(':')[0]}"
    routine = SearchRoutine(spec, checked_run(function, spec), summary, described, needs_heuristic=needs_heuristic,
                            options=tuple(options), plugin=True, **flags)
    return routine


def _check_signature(function, where: str, options) -> None:
    """Refuse, before any search, a function that cannot be called as the routines are."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin without a signature: its call will tell
        return
    try:
        signature.bind(None, None, None, zero=0, weight="weight", heuristic=None, **dict.fromkeys(options, True))
    except TypeError as exc:
        raise RoutineError(f"{where}: it must take (graph, source, targets, *, zero, weight, heuristic, "
                           f"**options): {shorten(str(exc), quoted=False)}") from None

