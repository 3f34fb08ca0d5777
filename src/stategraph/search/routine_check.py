"""Judging a search routine from outside the package: what it returns, and whether its distances hold.

Each call runs in a forked process of its own (:func:`checked_run`); what it returns is checked
(:func:`accepted`: a fault is a :class:`RoutineFault`, one line, exit status 2), then its distances
are held to :class:`~stategraph.search.SearchResult`'s rule by ``dijkstra`` (``spfa`` for
negative weights) over the same graph (:func:`first_wrong_distance`).

>>> import networkx as nx
>>> from stategraph.graph.state_graph import StateGraph
>>> g = nx.DiGraph([("s", "a"), ("a", "t"), ("s", "b")])
>>> nx.set_edge_attributes(g, 1, "weight")
>>> sg = StateGraph(g, "s", frozenset({"t"}))
>>> print(first_wrong_distance("mine:bfs", sg, {"s": 0, "a": 1, "t": 3}))
mine:bfs gave state 't' the distance 3, but it lies on an optimal path, at distance 2 (by dijkstra)
>>> print(first_wrong_distance("mine:bfs", sg, {"s": 0, "a": 1, "t": 2, "b": 5}))  # an upper bound off the path
None
>>> print(first_wrong_distance("mine:bfs", sg, {"s": 0, "a": 1, "t": 2, "b": 0}))
mine:bfs gave state 'b' the distance 0, below its shortest distance, 1 (by dijkstra)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from time import perf_counter

from ..errors import ContractError, StategraphError, shorten
from ..graph.canonical import optimal_cost, states_on_optimal_paths
from ..graph.weights import INFINITY, Lex, RoutineLex
from ..plugins.faults import describe_exception, plugin_fault
from .result import SearchResult, SearchStats

FRAME_BYTES_PER_STATE = 256  # a routine's result may take this much JSON per state of its graph (or MAX_FRAME)


class RoutineFault(ContractError):
    """A search routine from outside the package that raised, or returned what no routine may."""


def checked_run(function: Callable, name: str) -> Callable:
    """``function`` as a :class:`~stategraph.search.SearchRoutine`'s ``run``, called as the built-ins
    are, its answer checked by :func:`accepted`; what it raises is a
    :class:`~stategraph.plugins.faults.PluginFault` at its line.

    It runs in a forked process (:func:`~stategraph.plugins.forked.call_forked`) on the graph
    frozen (``networkx.freeze``; a deep copy where nothing forks), so nothing it changes reaches
    this process; its result comes back as plain data (:func:`sent`, :func:`received`).  A ``Lex``
    zero comes as a :class:`~stategraph.graph.weights.RoutineLex` (:func:`textbook_heuristic`)."""
    from copy import deepcopy

    import networkx as nx

    from ..plugins.forked import call_forked, forks, show_cause
    from ..plugins.frames import MAX_FRAME  # (json: imported only where a routine of your own runs)

    def answer(graph, source, targets, zero, weight, heuristic, options) -> dict:
        """(In the routine's own process) its result, checked and sent as plain data; or its fault."""
        started = perf_counter()
        try:
            try:
                own = nx.freeze(graph if forks() else deepcopy(graph))  # (forked: this process's own copy)
                raw = function(own, source, targets, zero=RoutineLex.of(zero), weight=weight,
                               heuristic=heuristic and textbook_heuristic(heuristic), **options)
            except MemoryError:
                raise
            except Exception as exc:
                fault = plugin_fault(exc)
                if fault is not None:
                    raise fault from exc
                raise RoutineFault(f"{name} raised {describe_exception(exc)}") from exc
            return sent(accepted(raw, name, graph, source, zero, weight, perf_counter() - started), name, graph)
        except RoutineFault as exc:
            show_cause(exc)
            return {"fault": str(exc)}

    def run(graph, source, targets, *, zero=0, weight="weight", heuristic=None, **options) -> SearchResult:
        told = call_forked(lambda: answer(graph, source, targets, zero, weight, heuristic, options),
                           limit=max(MAX_FRAME, FRAME_BYTES_PER_STATE * len(graph)))
        if isinstance(told, dict) and isinstance(told.get("fault"), str):
            raise RoutineFault(told["fault"])
        return accepted(received(told, name, graph, zero), name, graph, source, zero, weight)

    run.__name__ = run.__qualname__ = name
    return run


def sent(result: SearchResult, name: str, graph) -> dict:
    """``result`` as plain data: each state by its place among the graph's states."""
    place = {state: number for number, state in enumerate(graph)}
    order = None
    if result.order is not None:
        order = []
        for state in result.order:
            if state not in place:
                raise RoutineFault(f"{name} returned a SearchResult whose order holds {named_state(graph, state)}, "
                                   "which is not a state of the graph")
            order.append(place[state])
    stats = result.stats
    return {"dist": [[place[state], d] for state, d in result.dist.items()], "order": order,
            "settled": stats.settled, "relaxed": stats.relaxed, "seconds": stats.seconds,
            "detail": {str(key): value for key, value in stats.detail.items()}}


def received(told, name: str, graph, zero) -> SearchResult:
    """The :class:`~stategraph.search.SearchResult` that :func:`sent` made; else a :class:`RoutineFault`."""
    states = list(graph)
    try:
        dist = {}
        for place, d in told["dist"]:
            dist[states[_place(place, states)]] = Lex(*d) if isinstance(zero, Lex) and isinstance(d, list) else d
        order = None if told["order"] is None else [states[_place(place, states)] for place in told["order"]]
        settled, relaxed, seconds, detail = (told[key] for key in ("settled", "relaxed", "seconds", "detail"))
        if not all(count is None or isinstance(count, (int, float)) for count in (settled, relaxed, seconds)) or \
                not isinstance(detail, dict):
            raise ValueError("counts")
    except (KeyError, TypeError, ValueError, IndexError):
        raise RoutineFault(f"{name}: its process sent what is not a search result") from None
    return SearchResult(dist, SearchStats(settled, relaxed, seconds, detail), order=order)


def _place(place, states: list) -> int:
    if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < len(states):
        raise IndexError(place)
    return place


def textbook_heuristic(heuristic: Callable) -> Callable:
    """``heuristic`` as a routine gets it: ``INFINITY`` for ``None``, a ``Lex`` as a
    :class:`~stategraph.graph.weights.RoutineLex`."""

    def estimate(state):
        value = heuristic(state)
        return INFINITY if value is None else RoutineLex.of(value)

    return estimate


def accepted(raw, name: str, graph, source, zero, weight: str = "weight", seconds: float = 0.0) -> SearchResult:
    """What routine ``name`` returned, as a :class:`~stategraph.search.SearchResult` (an infinite
    distance dropped: not reached), or a :class:`RoutineFault` saying what is wrong with it.

    >>> import networkx as nx
    >>> g = nx.DiGraph([("s", "t")])
    >>> accepted({"s": 0, "t": 1, "u": float("inf")}, "mine:bfs", g, "s", 0).dist
    {'s': 0, 't': 1}
    >>> accepted([0, 1], "mine:bfs", g, "s", 0)
    Traceback (most recent call last):
    ...
    stategraph.search.routine_check.RoutineFault: mine:bfs returned a list: a routine returns a SearchResult \
or a dict {state: distance}
    """
    if isinstance(raw, SearchResult):
        result = raw
    elif isinstance(raw, Mapping):
        result = SearchResult(raw, SearchStats(None, None))  # type: ignore[arg-type]  # not reported
    else:
        raise RoutineFault(f"{name} returned {kind_of(raw)}: a routine returns a SearchResult or a dict "
                           "{state: distance}")
    if not isinstance(result.dist, Mapping):
        raise RoutineFault(f"{name} returned a SearchResult whose dist is {kind_of(result.dist)}, not a dict "
                           "{state: distance}")
    if not isinstance(result.stats, SearchStats):
        raise RoutineFault(f"{name} returned a SearchResult whose stats are {kind_of(result.stats)}, not a SearchStats")
    order = getattr(result, "order", None)
    if order is not None and not isinstance(order, Collection):
        raise RoutineFault(f"{name} returned a SearchResult whose order is {kind_of(order)}, not the states in order")
    dist = {}
    for state, value in result.dist.items():
        if isinstance(value, float) and value == math.inf:
            continue  # an upper bound of infinity: not reached
        problem = _not_a_distance(value, zero)
        if problem is None and state not in graph:
            problem = "but it is not a state of the graph"
        if problem:
            raise RoutineFault(f"{name} gave {named_state(graph, state)} the distance {shorten(value)}, {problem}")
        dist[state] = value
    if source not in dist:
        raise RoutineFault(f"{name} gave the source, {named_state(graph, source)}, no distance (it must be {zero})")
    if dist[source] != zero:
        raise RoutineFault(f"{name} gave the source, {named_state(graph, source)}, the distance {_shown(dist[source])} "
                           f"(it must be {zero})")
    negative = next((s for s, d in dist.items() if _negative(d)), None)
    if negative is not None and not any(_negative(w) for _, _, w in graph.edges(data=weight)):
        raise RoutineFault(f"{name} gave {named_state(graph, negative)} the distance {_shown(dist[negative])}, "
                           "but every edge weight is non-negative")
    stats = result.stats
    if order and not stats.settled:  # the states it settled, in order, are its count too
        stats = replace(stats, settled=len(order))
    if not stats.seconds:
        stats = replace(stats, seconds=seconds)
    return replace(result, dist=dist, stats=stats)


@contextmanager
def blamed_on(routine) -> Iterator[None]:
    """Where the canonical step finds a plug-in routine's distances inconsistent, say whose they were."""
    try:
        yield
    except StategraphError as exc:
        if type(exc) is not StategraphError or not routine.plugin:  # a model's fault, out of memory, ...
            raise
        raise StategraphError(f"{exc} (the distances came from {routine.name}; --verify names the first "
                              "wrong one)") from None


def held_against_builtin(name: str, model, result: SearchResult) -> tuple[SearchResult, dict | None]:
    """``(result, exact)``: ``exact`` the built-in's distances where ``result``'s hold (the canonical
    path is drawn from them: float sums in another order cannot change it); else ``None``, and
    ``stats.detail["wrong"]`` names the first state that breaks the rule."""
    exact = exact_distances(model, result.dist)
    wrong = first_wrong_distance(name, model, result.dist, exact)
    if wrong is None:
        return result, exact
    return replace(result, stats=replace(result.stats, detail={**result.stats.detail, "wrong": wrong})), None


def exact_distances(model, judged: Mapping | None = None) -> dict:
    """The shortest distance of every state of ``model`` no farther than its nearest target and the
    farthest of the distances ``judged`` (all of them, without ``judged``), by one built-in search."""
    from .dijkstra import dijkstra  # imported here: a run that judges no routine loads neither
    from .spfa import spfa

    if not model.profile.nonnegative:
        return spfa(model.graph, model.source, model.targets, zero=model.zero).dist
    finite = [d for d in (judged or {}).values() if not (isinstance(d, float) and d == math.inf)]
    if judged is None:
        run = dijkstra(model.graph, model.source, model.targets, zero=model.zero, stop_at_target=False)
    else:
        farthest = max(finite, default=model.zero)
        if isinstance(farthest, float):
            farthest += abs(farthest) * 1e-9 + 1e-12  # (the tolerance the distances are compared with)
        run = dijkstra(model.graph, model.source, model.targets, zero=model.zero, settle_to=farthest)
    settled = run.order if run.order is not None else run.dist
    return {state: run.dist[state] for state in settled}


def first_wrong_distance(name: str, model, dist: Mapping, exact: Mapping | None = None) -> str | None:
    """The first state whose distance in ``dist`` (routine ``name``'s on the state graph ``model``)
    breaks :class:`~stategraph.search.SearchResult`'s rule, as one line (the nearest first); ``None``
    if none does.  ``exact``: the shortest distances (default :func:`exact_distances`)."""
    reference = "dijkstra" if model.profile.nonnegative else "spfa"
    truth = exact_distances(model) if exact is None else exact
    dist = {state: d for state, d in dist.items() if not (isinstance(d, float) and d == math.inf)}  # not reached
    graph = model.graph
    best = optimal_cost(model.targets, truth)
    goals = [t for t in model.targets if t in truth and truth[t] == best]
    for state in sorted(states_on_optimal_paths(graph, goals, truth), key=truth.__getitem__):
        if state not in dist:
            return (f"{name} gave {named_state(graph, state)} no distance, but it lies on an optimal path, at distance "
                    f"{_shown(truth[state])} (by {reference})")
        if not _same(dist[state], truth[state]):
            return (f"{name} gave {named_state(graph, state)} the distance {_shown(dist[state])}, but it lies on an "
                    f"optimal path, at distance {_shown(truth[state])} (by {reference})")
    below = [(d, state) for state, d in dist.items()
             if state not in truth or (d < truth[state] and not _same(d, truth[state]))]
    if below:
        d, state = min(below, key=lambda pair: pair[0])
        if state not in truth:
            return (f"{name} gave {named_state(graph, state)} the distance {_shown(d)}, but no path from the start is "
                    f"that short (by {reference})")
        return (f"{name} gave {named_state(graph, state)} the distance {_shown(d)}, below its shortest distance, "
                f"{_shown(truth[state])} (by {reference})")
    return None


def _not_a_distance(value, zero) -> str | None:
    """Why ``value`` cannot be a distance on a graph whose zero is ``zero``, or ``None``."""
    if isinstance(zero, Lex):
        return None if isinstance(value, Lex) else "not a stategraph.Lex pair (the weights are Lex pairs)"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "not a number"
    if isinstance(value, float) and not math.isfinite(value):
        return "not a finite number"
    if isinstance(value, float) and not isinstance(zero, float):
        return "a float, but every edge weight is an integer"
    return None


def _negative(value) -> bool:
    return value.primary < 0 or value.secondary < 0 if isinstance(value, Lex) else value < 0


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def named_state(graph, state) -> str:
    """A state in a message: ``state 'label'`` (its ``label`` attribute), else ``state VALUE``."""
    try:
        label = graph.nodes[state].get("label")
    except (AttributeError, KeyError, TypeError):  # (a LazyGraph has no nodes view)
        label = None
    return f"state {shorten(label if isinstance(label, str) else state)}"


def _shown(distance) -> str:
    return str(distance) if isinstance(distance, Lex) else shorten(distance)


def kind_of(value) -> str:
    """``a list``, ``an int``, ``a class``: what a value is, in a message."""
    kind = "class" if isinstance(value, type) else type(value).__name__
    return f"an {kind}" if kind[:1] in "aeiouAEIOU" else f"a {kind}"
