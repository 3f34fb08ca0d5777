"""The one driver: parse -> model -> (per question) state graph -> solve -> decode -> format -> verify.

Puzzles never call the search themselves; this loop does, the same way for
every puzzle, and yields a :class:`~stategraph.records.Record` per answer as
soon as it is ready.

>>> print(solve_text("pushing_boxes", "1 3\\nSBT\\n0 0\\n"), end="")
Maze #1
E
<BLANKLINE>
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from contextlib import AbstractContextManager, contextmanager
from time import monotonic

from .errors import ContractError, OutOfMemory, VerificationError, shorten
from .pipeline import solve
from .puzzles import get_puzzle
from .records import Record, Stopwatch
from .search import SEARCHES
from .settings import Settings


def run(puzzle, data, settings: Settings | None = None, source: str = "<input>", capture=None, paths=False,
        judge=False):
    """Yield one :class:`~stategraph.records.Record` per answer, instance after instance.

    ``data`` is a string, bytes or a binary stream, read only as far as the
    instance being solved: instances before a malformed one are answered
    before its :class:`~stategraph.errors.InputError` is raised, and an
    instance's graph is released before the next one is built.  With
    ``settings.verify`` every answer is first checked by the puzzle's
    independent checker, within ``verify_seconds`` (in all) and
    ``verify_positions`` (per answer) of naive search.  ``capture``, if given, is called as
    ``capture(instance number, query number, state_graph, export graph, solution)`` while the
    question's state graph is live (a Huarong Dao start still attached): the export takes it there.
    A model whose answers are only costs (``decode_needs_path = False``) gets no path in its
    solutions unless ``paths``, a ``capture``, ``settings.verify`` or a JSON report asks for one.
    With ``judge`` or ``settings.verify``, a routine from outside the package has its distances held
    against a built-in routine's (a disagreement is in ``stats["wrong"]``; with ``verify``, an error).
    """
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = settings or Settings.of(chosen)
    deadline = monotonic() + settings.verify_seconds
    model_class = chosen.model(settings.model)
    paths = paths or capture is not None or settings.verify or settings.output_format == "json"
    instances = chosen.parse(data, source, dict(settings.limits))
    if not isinstance(instances, Iterable):
        raise ContractError(f"{chosen.name}: parse() must return an iterable of instances (or yield them), it returned "
                            f"{shorten(instances)}")
    for instance in instances:
        watch = Stopwatch()
        model = _within_memory(model_class, instance)
        if getattr(model, "instance", _MISSING) is _MISSING:
            raise ContractError(f"{chosen.name} model {model_class.name}: its __init__ must call "
                                "super().__init__(instance)")
        compile_seconds = watch.lap()
        for question in chosen.questions(instance):
            with _contract(chosen, model_class):
                record = _within_memory(_answer, chosen, model, instance, question, settings, capture,
                                        paths or model.decode_needs_path, judge or settings.verify)
            record.stats["compile_seconds"] += compile_seconds
            if settings.verify and record.stats.get("wrong"):
                raise VerificationError(f"{chosen.label(instance, question)}: {record.stats['wrong']}")
            if settings.verify:
                record.stats["verified"] = chosen.verify(instance, record, deadline=deadline,
                                                         limit=settings.verify_positions)
            compile_seconds = 0.0
            yield record
            del record
        del model, instance  # the graph goes before the next instance is built


_MISSING = object()


def _answer(chosen, model, instance, question, settings: Settings, capture=None, path=True, judge=False) -> Record:
    """One question: its state graph, the search (with the canonical path if ``path``), the decoded
    answer and its contest text."""
    watch = Stopwatch()
    context = model.state_graph(question)
    if not isinstance(context, AbstractContextManager):
        raise ContractError("state_graph() must be a context manager (decorate it with "
                            "@contextlib.contextmanager and yield the StateGraph)")
    with context as state_graph:
        attach_seconds = watch.lap()
        solution = solve(state_graph, settings.algorithm, dict(settings.options), path=path, judge=judge)
        graph = model.export_graph()
        graph = state_graph.graph if graph is None else graph
        if capture is not None:
            capture(*chosen.number(instance, question), state_graph, graph, solution)
    watch.lap()
    answer = model.decode(question, solution)
    solution.stats.update(compile_seconds=attach_seconds, decode_seconds=watch.lap())
    text = chosen.format_answer(instance, question, answer)
    if not isinstance(text, str):
        raise ContractError(f"format_answer() must return the answer's text (a str), it returned {shorten(text)}")
    number, query = chosen.number(instance, question)
    return Record(number, text, answer, solution, solution.stats, query, graph=graph if query == 1 else None,
                  subject=instance, question=question)


def _within_memory(work, *args):
    """``work(*args)``; out of memory, :class:`OutOfMemory` is raised only after the frames holding
    the half-built graph are gone, so reporting it (and what follows) has memory to work with."""
    try:
        return work(*args)
    except MemoryError:
        pass
    gc.collect()
    raise OutOfMemory()


@contextmanager
def _contract(chosen, model_class):
    """Name the puzzle and model in a contract error (a plug-in's graph without ranks, say)."""
    try:
        yield
    except ContractError as exc:
        raise ContractError(f"{chosen.name} model {model_class.name}: {exc}") from None


def solve_text(puzzle, text, algorithm: str | None = None, source: str = "<input>",
               model: str | None = None) -> str:
    """The exact contest output for ``text``; ``puzzle`` is a name or a :class:`~stategraph.puzzle.Puzzle`,
    as for :func:`run`."""
    settings = Settings.of(puzzle, algorithm=algorithm, model=model)
    return "".join(record.text for record in run(settings.puzzle, text, settings, source))


def applicable_algorithms(puzzle, model: str | None = None) -> list[str]:
    """The search routines that accept the weights (and heuristic) of a model of ``puzzle`` (a
    name or a :class:`~stategraph.puzzle.Puzzle`).

    >>> applicable_algorithms("pushing_boxes")
    ['layered_bfs', 'dijkstra', 'spfa', 'astar', 'bidirectional_dijkstra', 'networkx']
    """
    chosen = (get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle).model(model)
    return [name for name, routine in SEARCHES.items()
            if routine.refusal(chosen.profile, chosen.has_heuristic) is None]
