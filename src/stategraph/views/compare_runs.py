"""The runs behind :func:`~stategraph.views.compare.compare`: the input read once, each model built
once per instance, and every routine answered on it.

The routines of a model share its graph (a plug-in routine gets it in a process of its own), but
on a graph built as far as a search reads it (``StateGraph.lazy``) each routine that grows it
(``SearchRoutine.grows``) answers on a model of its own, as it would alone.  Which failure ends
the comparison is decided as if the pairs had run one after another (:meth:`PairRun.raised`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError, InputError, SearchNotApplicable, StategraphError
from ..search import get_search
from ..settings.resolve import Settings
from ..solving.driver import Answering, instances_of

_MISSING = object()


@dataclass
class PairRun:
    """One (model, routine) pair: how it answers, how many questions it answered (``answers``)
    and where it stopped (``failure``); ``index``: its place among the pairs."""

    index: int
    model: str
    algorithm: str
    answering: Answering
    answers: int = 0
    failure: StategraphError | None = None
    own: _Built | None = None  # its own model, where its routine grows a lazy graph

    @property
    def alive(self) -> bool:
        return self.failure is None

    @staticmethod
    def raised(runs: list[PairRun], finished: bool) -> StategraphError | None:
        """The failure that ends the comparison, as when each pair ran the whole input in turn: the
        first pair's that stopped before any pair up to it answered a question.  Until ``finished``,
        a pair still running with no answer yet leaves it undecided (``None``)."""
        for run in runs:
            if run.answers:
                return None
            if run.failure is not None:
                return run.failure
            if not finished:
                return None
        return None


class _Built:
    """A model built for an instance, and the seconds its build took, charged to the first
    answer given with it."""

    def __init__(self, answering: Answering, instance):
        self.model, self.seconds = answering.model(instance)


def answer_all(chosen, text, runs: list[PairRun], source: str, sizes: dict[str, tuple[int, int]] | None,
               take: Callable[[PairRun, Any], None]) -> None:
    """Answer every question of ``text`` with every pair of ``runs`` (in place), model by model,
    each record handed to ``take(run, record)`` and then dropped; ``sizes``: models' sizes known."""
    if not runs:
        return
    data = text() if callable(text) else text
    instances: Iterator | None = None
    while any(run.alive for run in runs):
        try:
            if instances is None:
                instances = iter(instances_of(chosen, data, runs[0].answering.settings, source))
            instance = next(instances, _MISSING)
        except (InputError, ConfigError):
            raise
        except StategraphError as exc:  # a fault in reading: every pair stops there
            _fail(runs, [run for run in runs if run.alive], exc)
            break
        if instance is _MISSING:
            break
        for group in _by_model(runs):
            _answer_instance(chosen, instance, runs, group, (sizes or {}).get(group[0].model), take)
    failure = PairRun.raised(runs, finished=True)
    if failure is not None:
        raise failure


def _by_model(runs: list[PairRun]) -> list[list[PairRun]]:
    """The pairs still running, grouped by model in the order the models first come."""
    groups: dict[str, list[PairRun]] = {}
    for run in runs:
        if run.alive:
            groups.setdefault(run.model, []).append(run)
    return list(groups.values())


def _fail(runs: list[PairRun], failed: Iterable[PairRun], exc: StategraphError) -> None:
    """``failed`` stop at ``exc``; raised now if it already ends the comparison."""
    for run in failed:
        run.failure, run.own = exc, None
    failure = PairRun.raised(runs, finished=False)
    if failure is not None:
        raise failure


def _answer_instance(chosen, instance, runs, group: list[PairRun], size, take) -> None:
    """Every question of ``instance`` answered by the pairs of one model (``group``); ``size``: the
    model's, if known."""
    try:
        shared: _Built | None = _Built(group[0].answering, instance)
        questions = _with_last(chosen.questions(instance))
        asked = next(questions, None)
    except (InputError, ConfigError):
        raise
    except StategraphError as exc:  # the model refuses the instance: each of its pairs
        _fail(runs, group, exc)
        return
    state = _Shared(shared)
    while asked is not None and any(run.alive for run in group):
        question, last, fault = asked
        known = size
        for run in [run for run in group if run.alive]:
            record = _answer(state, run, instance, question, known is None, last, runs)
            if record is None:
                continue
            if known is None:
                known = record.stats["states"], record.stats["edges"]
            else:
                record.stats["states"], record.stats["edges"] = known
            if last:
                run.own = None  # its model goes with the instance
            run.answers += 1
            take(run, record)
        if fault is not None:  # the next question could not be read: each pair stops there
            _fail(runs, [run for run in group if run.alive], fault)
        asked = next(questions, None)


class _Shared:
    """The models an instance's pairs of one model share: ``shared``, ``whole`` (on a lazy model,
    the one the routines that read the whole graph share) and ``lazy`` (``None`` until known)."""

    def __init__(self, shared: _Built | None):
        self.shared = shared
        self.whole: _Built | None = None
        self.lazy: bool | None = None

    def model_for(self, run: PairRun, instance) -> _Built:
        if run.own is not None:
            return run.own
        if self.lazy is None:
            self.shared = self.shared or _Built(run.answering, instance)
            return self.shared
        if not self.lazy:
            assert self.shared is not None
            return self.shared
        if get_search(run.algorithm).grows:
            run.own = _Built(run.answering, instance)
            return run.own
        self.whole = self.whole or _Built(run.answering, instance)
        return self.whole


def _answer(state: _Shared, run: PairRun, instance, question, unsized: bool, last: bool, runs):
    """``run``'s record of ``question`` (``None`` where it stops there) on the model ``state``
    gives it; the size counted where ``unsized``, and on a model of its own not at its last
    question (counting may build its graph, as when it ran alone)."""
    try:
        built = state.model_for(run, instance)
        own = built is run.own
        record = _answered(run.answering, built, instance, question, unsized or (own and not last))
    except (InputError, ConfigError):
        raise
    except StategraphError as exc:
        if state.lazy is None and not isinstance(exc, SearchNotApplicable):
            state.shared = None  # perhaps searched partway: the next pair's is built afresh
        _fail(runs, [run], exc)
        return None
    if state.lazy is None:
        state.lazy = record.lazy
        if record.lazy:
            run.own, state.shared = built, None
    return record


def _answered(answering: Answering, built: _Built, instance, question, sizes: bool):
    """The record of one question answered with ``built``'s model, its size counted if ``sizes``."""
    answering.sizes = sizes
    record = answering.answer(built.model, instance, question, built.seconds)
    built.seconds = 0.0
    return record


def _with_last(items: Iterable) -> Iterator[tuple[Any, bool, StategraphError | None]]:
    """``(item, whether it is the last, the fault in reading the next)`` for each of ``items``,
    read one ahead (so that a model of its own knows when it is needed no more)."""
    iterator = iter(items)
    missing = object()
    item = next(iterator, missing)
    while item is not missing:
        try:
            following, fault = next(iterator, missing), None
        except (InputError, ConfigError):
            raise
        except StategraphError as exc:
            following, fault = missing, exc
        yield item, following is missing, fault
        item = following


def pair_runs(chosen, pairs: list[tuple[str, str]], settings_of) -> list[PairRun]:
    """A :class:`PairRun` for each pair, answering with ``settings_of(model, routine)``."""
    runs = []
    for index, (model, algorithm) in enumerate(pairs):
        settings: Settings = settings_of(model, algorithm)
        runs.append(PairRun(index, model, algorithm, Answering(chosen, settings, keep_wrong=True)))
    return runs
