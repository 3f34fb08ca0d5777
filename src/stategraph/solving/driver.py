"""The one driver: parse -> model -> (per question) state graph -> solve -> decode -> format -> verify,
the same for every puzzle, yielding a :class:`~stategraph.solving.records.Record` per answer.

>>> print(solve_text("pushing_boxes", "1 3\\nSBT\\n0 0\\n"), end="")
Maze #1
E
<BLANKLINE>
"""

from __future__ import annotations

import functools
import gc
import itertools
from collections.abc import Iterable
from contextlib import AbstractContextManager
from time import monotonic

from ..contract.checks import WRONG
from ..errors import ContractError, OutOfMemory, VerificationError, shorten
from ..graph.dicts import as_networkx
from ..plugins.faults import answering, question_name
from ..puzzles import get_puzzle
from ..search import SEARCHES
from ..search.solution import solve
from ..settings.resolve import Settings
from .records import Record, Stopwatch


def run(puzzle, data, settings: Settings | None = None, source: str = "<input>", capture=None, paths=False,
        keep_wrong=False, sizes=False):
    """Yield one :class:`~stategraph.solving.records.Record` per answer, instance after instance.

    ``data`` is read only as far as the instance being solved, so the answers before a malformed
    instance come before its error.  With ``settings.jobs`` above 1 (0: every core) the questions
    are answered in worker processes, in the same order, unless ``capture``, ``paths`` or
    ``keep_wrong`` needs this process's graphs.

    Parameters
    ----------
    puzzle : str or Puzzle
        A puzzle's name (or alias, or ``module:Class``) or a puzzle object.
    data : str, bytes or binary stream
        The input in the puzzle's contest format.
    settings : Settings, optional
        Model, routine, options, limits; with ``verify``, each answer is checked by the puzzle's
        independent checker. The puzzle's defaults if not given.
    source : str, optional
        The input's name in error messages.
    capture : callable, optional
        ``capture(instance number, query number, state_graph, export graph, solution)``, called
        while the question's state graph is live.
    paths : bool, optional
        Extract the canonical path even where the answer is only a cost.
    keep_wrong : bool, optional
        A plug-in routine's wrong distances go in ``stats["wrong"]``, not raised.
    sizes : bool, optional
        Add the whole state graph's ``states`` and ``edges`` to the statistics.

    Yields
    ------
    Record
        One answered question: ``text`` (its contest output), ``answer``, ``solution``, ``stats``.

    Raises
    ------
    InputError
        At the first malformed instance, after the answers to those before it.
    VerificationError
        If a plug-in routine's distances break the rule (unless ``keep_wrong``).  A failed
        ``verify`` is not raised: ``stats["verified"]`` is ``checks.WRONG``.
    ContractError
        If a plug-in puzzle or model breaks the contract.
    SearchNotApplicable
        If the routine does not apply to a question's graph.
    OutOfMemory
        If an instance does not fit in memory.

    Examples
    --------
    >>> from stategraph import Settings
    >>> from stategraph.puzzles import sample_text
    >>> for record in run("huarong", sample_text("huarong"), Settings.of("huarong", algorithm="spfa")):
    ...     print(record.instance, record.query, record.text.strip(), record.stats["algorithm"])
    1 1 2 spfa
    1 2 -1 spfa
    """
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = settings or Settings.of(chosen)
    answering = Answering(chosen, settings, capture, paths, keep_wrong, sizes)
    instances = instances_of(chosen, data, settings, source)
    if settings.jobs != 1:  # one process, the default, does not load multiprocessing
        from . import workers

        jobs = workers.worker_count(settings.jobs)
        if jobs > 1 and capture is None and not paths and not keep_wrong:
            yield from workers.answer_in_workers(answering, instances, jobs, data, source)
            return
    for instance in instances:
        model, compile_seconds = answering.model(instance)
        for question in chosen.questions(instance):
            record = answering.answer(model, instance, question, compile_seconds)
            compile_seconds = 0.0
            yield record
            del record
        del model, instance  # the graph goes before the next instance is built


_MISSING = object()


class Answering:
    """How one run answers a question, the same in this process and in a worker: the puzzle, its
    model class, the settings, the verify deadline and what each record must carry."""

    def __init__(self, chosen, settings: Settings, capture=None, paths=False, keep_wrong=False, sizes=False):
        self.chosen, self.settings, self.capture = chosen, settings, capture
        self.sizes = sizes or settings.output_format == "json"
        self.deadline = monotonic() + settings.verify_seconds
        self.model_class = chosen.model(settings.model)
        self.paths = paths or capture is not None or settings.verify or settings.output_format == "json"
        self.keep_wrong = keep_wrong
        self.judge = settings.check_routine or settings.verify or keep_wrong

    def located(self, instances, first: int = 1):
        """``instances`` of the run's puzzle (numbered from ``first``), a plug-in's fault in reading
        one located at its line."""
        return _read(self.chosen, instances, first)

    def model(self, instance) -> tuple:
        """The model of ``instance`` and the seconds it took to build."""
        watch = Stopwatch()
        with owned(self.chosen, self.model_class, lambda: question_name(self.chosen, instance, instance)):
            model = _within_memory(self.model_class, instance)
        if getattr(model, "instance", _MISSING) is _MISSING:
            raise ContractError(f"{self.chosen.name} model {self.model_class.name}: its __init__ must call "
                                "super().__init__(instance)")
        return model, watch.lap()

    def answer(self, model, instance, question, compile_seconds: float = 0.0) -> Record:
        """The record of one question (``compile_seconds`` added to its statistics), verified if asked."""
        chosen, settings = self.chosen, self.settings
        with owned(chosen, self.model_class, lambda: question_name(chosen, instance, question)):
            record = _within_memory(_answer, chosen, model, instance, question, settings, self.capture,
                                    self.paths or model.decode_needs_path, self.judge, self.sizes)
            record.stats["compile_seconds"] += compile_seconds
            if record.stats.get("wrong") and not self.keep_wrong:
                raise VerificationError(f"{chosen.label(instance, question)}: {record.stats['wrong']}")
            if settings.verify:  # the replays run the plug-in's rules again: its faults are located too
                try:
                    record.stats["verified"] = chosen.verify(instance, record, deadline=self.deadline,
                                                             limit=settings.verify_positions)
                except VerificationError as exc:  # the run goes on: every answer gets its verdict
                    record.stats["verified"], record.stats["verify_problem"] = WRONG, str(exc)
        return record


def _answer(chosen, model, instance, question, settings: Settings, capture=None, path=True, judge=False,
            sizes=False) -> Record:
    """One question: its state graph, the search (with the canonical path if ``path``), the decoded
    answer and its contest text (and with ``sizes``, the whole state graph's size)."""
    watch = Stopwatch()
    context = model.state_graph(question)
    if not isinstance(context, AbstractContextManager):
        raise ContractError("state_graph() must be a context manager (decorate it with "
                            "@contextlib.contextmanager and yield the StateGraph)")
    with context as state_graph:
        attach_seconds = watch.lap()
        solution = solve(state_graph, settings.algorithm, dict(settings.options), path=path, judge=judge)
        if sizes:
            solution.stats["states"], solution.stats["edges"] = state_graph.size()
        graph = model.exported_graph()
        if capture is not None:
            capture(*chosen.number(instance, question), state_graph,
                    state_graph.graph if graph is None else as_networkx(graph), solution)
    watch.lap()
    answer = model.decode(question, solution)
    solution.stats.update(compile_seconds=attach_seconds + solution.stats.get("compile_seconds", 0.0),
                          decode_seconds=watch.lap())
    text = chosen.format_answer(instance, question, answer)
    if not isinstance(text, str):
        raise ContractError(f"format_answer() must return the answer's text (a str), it returned {shorten(text)}")
    number, query = chosen.number(instance, question)
    kept = (state_graph if graph is None else graph) if query == 1 else None
    return Record(number, text, answer, solution, solution.stats, query, graph=kept,
                  subject=instance, question=question, lazy=state_graph.lazy is not None)


def _within_memory(work, *args):
    """``work(*args)``; out of memory, :class:`OutOfMemory` is raised only after the frames holding
    the half-built graph are gone, so reporting it (and what follows) has memory to work with."""
    try:
        return work(*args)
    except MemoryError:
        pass
    gc.collect()
    raise OutOfMemory()


class owned(answering):  # (named as the function it was: ``with owned(...):``)
    """Name the puzzle, model and question (``question()``) in a contract error (a plug-in's graph
    without ranks, say); an exception raised by a plug-in's own code becomes a
    :class:`~stategraph.plugins.faults.PluginFault` at its line (:class:`~stategraph.plugins.faults.answering`)."""

    __slots__ = ("chosen", "model_class")

    def __init__(self, chosen, model_class, question):
        super().__init__(question)
        self.chosen, self.model_class = chosen, model_class

    def __exit__(self, kind, exc, traceback) -> None:
        if kind is None:
            return
        if not issubclass(kind, ContractError):
            super().__exit__(kind, exc, traceback)  # raises a plug-in's fault located, else lets it pass
            return
        chosen, model_class, question = self.chosen, self.model_class, self.question
        prefix = chosen.name if model_class is None else f"{chosen.name} model {model_class.name}"
        message = str(exc)
        if not message.startswith(prefix):
            named = question()
            message = f"{prefix}: {message if message.startswith(named) else f'{named}: {message}'}"
        raise type(exc)(message) from exc.__cause__  # a plug-in's exception stays the cause, for STATEGRAPH_DEBUG


def instances_of(chosen, data, settings: Settings, source: str = "<input>"):
    """The instances of ``data`` as ``chosen`` parses them, read as they are asked for, a plug-in's
    fault in reading one located at its line."""
    with owned(chosen, None, lambda: "reading the input"):
        instances = chosen.parse(data, source, dict(settings.limits))
    if not isinstance(instances, Iterable):
        raise ContractError(f"{chosen.name}: parse() must return an iterable of instances (or yield them), it returned "
                            f"{shorten(instances)}")
    return _read(chosen, instances)


def _read(chosen, instances, first: int = 1):
    """The instances (numbered from ``first``), a plug-in's fault in reading the next one located at its line."""
    iterator = iter(instances)
    for number in itertools.count(first):
        with owned(chosen, None, functools.partial("reading instance {}".format, number)):
            instance = next(iterator, _MISSING)
        if instance is _MISSING:
            return
        yield instance


def solve_text(puzzle, text, algorithm: str | None = None, source: str = "<input>",
               model: str | None = None) -> str:
    """The exact contest output for ``text``, as ``stategraph solve`` prints it.

    Parameters
    ----------
    puzzle : str or Puzzle
        The puzzle, by name or as an object (a plug-in's included).
    text : str
        The whole input.
    algorithm, model : str, optional
        The routine and the model (the puzzle's defaults if not given).
    source : str, optional
        The input's name in error messages.

    Returns
    -------
    str
        What ``stategraph solve`` prints for the same input.

    Raises
    ------
    ConfigError
        If the puzzle, model or routine is unknown or does not apply.
    InputError
        If the input is malformed.

    Examples
    --------
    >>> from stategraph.puzzles import sample_text
    >>> print(solve_text("arrow_maze", sample_text("arrow_maze"), "astar", model="cell_heading"), end="")
    SAMPLE
      (3,1) (2,1) (1,1) (1,2) (2,2) (2,3) (1,3) (1,2) (1,1) (2,1)
      (2,2) (1,2) (1,3) (2,3) (3,3)
    NOSOLUTION
      No Solution Possible
    """
    settings = Settings.of(puzzle, algorithm=algorithm, model=model)
    return "".join(record.text for record in run(settings.puzzle, text, settings, source))


def applicable_algorithms(puzzle, model: str | None = None) -> list[str]:
    """The search routines that accept the weights (and heuristic) of a model of ``puzzle``.

    Parameters
    ----------
    puzzle : str or Puzzle
        The puzzle.
    model : str, optional
        The model's name (the puzzle's default model if not given).

    Returns
    -------
    list of str
        Names of :data:`~stategraph.SEARCHES`, in its order.

    Examples
    --------
    >>> applicable_algorithms("pushing_boxes")
    ['layered_bfs', 'dijkstra', 'spfa', 'astar', 'bidirectional_dijkstra', 'networkx']
    """
    chosen = (get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle).model(model)
    return [name for name, routine in SEARCHES.items()
            if routine.refusal(chosen.profile, chosen.has_heuristic) is None]
