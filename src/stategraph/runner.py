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

from time import monotonic

from .pipeline import solve
from .puzzles import get_puzzle
from .records import Record, Stopwatch
from .search import SEARCHES
from .settings import Settings


def run(puzzle, data, settings: Settings | None = None, source: str = "<input>"):
    """Yield one :class:`~stategraph.records.Record` per answer, instance after instance.

    ``data`` is a string, bytes or a binary stream, read only as far as the
    instance being solved: instances before a malformed one are answered
    before its :class:`~stategraph.errors.InputError` is raised, and an
    instance's graph is released before the next one is built.  With
    ``settings.verify`` every answer is first checked by the puzzle's
    independent checker, within ``verify_seconds`` (in all) and
    ``verify_positions`` (per answer) of naive search.
    """
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = settings or Settings.of(chosen.name)
    deadline = monotonic() + settings.verify_seconds
    model_class = chosen.model(settings.model)
    for instance in chosen.parse(data, source, dict(settings.limits)):
        watch = Stopwatch()
        model = model_class(instance)
        compile_seconds = watch.lap()
        for question in chosen.questions(instance):
            watch.lap()
            with model.state_model(question) as state_model:
                attach_seconds = watch.lap()
                solution = solve(state_model, settings.algorithm, dict(settings.options))
                graph = model.export_graph()
                graph = state_model.graph if graph is None else graph
            watch.lap()
            answer = model.decode(question, solution)
            number, query = chosen.number(instance, question)
            solution.stats.update(compile_seconds=compile_seconds + attach_seconds, decode_seconds=watch.lap())
            record = Record(number, chosen.format_answer(instance, question, answer), answer, solution,
                            solution.stats, query, graph=graph if query == 1 else None, subject=instance,
                            question=question)
            if settings.verify:
                record.stats["verified"] = chosen.verify(instance, record, deadline=deadline,
                                                         limit=settings.verify_positions)
            compile_seconds = 0.0
            yield record
            del record, solution, graph
        del model, instance  # the graph goes before the next instance is built


def solve_text(puzzle: str, text, algorithm: str | None = None, source: str = "<input>",
               model: str | None = None) -> str:
    """The exact contest output for ``text``."""
    settings = Settings.of(puzzle, algorithm=algorithm, model=model)
    return "".join(record.text for record in run(settings.puzzle, text, settings, source))


def applicable_algorithms(puzzle: str, model: str | None = None) -> list[str]:
    """The search routines that accept the weights (and heuristic) of a model of ``puzzle``.

    >>> applicable_algorithms("pushing_boxes")
    ['layered_bfs', 'dijkstra', 'spfa', 'astar', 'bidirectional_dijkstra', 'networkx']
    """
    chosen = get_puzzle(puzzle).model(model)
    return [name for name, routine in SEARCHES.items()
            if routine.refusal(chosen.profile, chosen.has_heuristic) is None]
