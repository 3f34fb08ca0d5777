"""Text in, answers out: parse an input, solve every instance, yield records as they are ready.

>>> print(solve_text("pushing_boxes", "1 3\\nSBT\\n0 0\\n"), end="")
Maze #1
E
<BLANKLINE>
"""

from __future__ import annotations

from time import monotonic

from .puzzles import get_puzzle, refusal
from .search import SEARCHES


def settings_for(puzzle, overrides: dict | None = None) -> dict:
    """The puzzle's defaults with ``overrides`` (``None`` values ignored) applied."""
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = dict(module.DEFAULTS)
    settings.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return settings


def run(puzzle, text, settings: dict | None = None, source: str = "<input>"):
    """Yield one :class:`~stategraph.records.Record` per answer, instance after instance.

    ``text`` is a string, bytes or a binary stream, read only as far as the
    instance being solved: instances before a malformed one are answered
    before its :class:`~stategraph.errors.InputError` is raised, and an
    instance's graph is released before the next one is built.  With
    ``settings["verify"]`` every record is first checked by the puzzle's
    independent ``verify``, within the ``verify_seconds`` budget (in all) and
    ``verify_positions`` (per answer) of its naive search.
    """
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = settings_for(module, settings)
    deadline = monotonic() + settings.get("verify_seconds", 60)
    record = None
    for instance in module.parse(text, source, settings):
        for record in module.solve_instance(instance, settings):
            record.subject = instance
            if settings.get("verify"):
                record.stats["verified"] = module.verify(instance, record, deadline=deadline,
                                                         limit=settings.get("verify_positions"))
            yield record
        record = None  # noqa: F841  (release the graph before the next instance is built)


def solve_text(puzzle: str, text: str, algorithm: str | None = None, source: str = "<input>") -> str:
    """The exact contest output for ``text``."""
    return "".join(record.text for record in run(puzzle, text, {"algorithm": algorithm}, source))


def applicable_algorithms(puzzle: str) -> list[str]:
    """The search routines that accept the weights (and heuristic) of ``puzzle``'s models.

    >>> applicable_algorithms("pushing_boxes")
    ['layered_bfs', 'dijkstra', 'spfa', 'astar', 'bidirectional_dijkstra', 'networkx']
    """
    return [name for name, routine in SEARCHES.items() if refusal(puzzle, routine) is None]
