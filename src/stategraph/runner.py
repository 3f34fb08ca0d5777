"""Text in, answers out: parse an input, solve every instance, yield records as they are ready.

>>> print(solve_text("pushing_boxes", "1 3\\nSBT\\n0 0\\n"), end="")
Maze #1
E
<BLANKLINE>
"""

from __future__ import annotations

from .puzzles import get_puzzle, refusal
from .search import SEARCHES


def settings_for(puzzle, overrides: dict | None = None) -> dict:
    """The puzzle's defaults with ``overrides`` (``None`` values ignored) applied."""
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = dict(module.DEFAULTS)
    settings.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return settings


def run(puzzle, text: str, settings: dict | None = None, source: str = "<input>"):
    """Yield one :class:`~stategraph.records.Record` per answer, instance after instance.

    Instances before a malformed one are answered before its
    :class:`~stategraph.errors.InputError` is raised.  With ``settings["verify"]``
    every record is first checked by the puzzle's independent ``verify``.
    """
    module = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    settings = settings_for(module, settings)
    for instance in module.parse(text, source, settings):
        for record in module.solve_instance(instance, settings):
            record.subject = instance
            if settings.get("verify"):
                record.stats["verified"] = module.verify(instance, record)
            yield record


def solve_text(puzzle: str, text: str, algorithm: str | None = None, source: str = "<input>") -> str:
    """The exact contest output for ``text``."""
    return "".join(record.text for record in run(puzzle, text, {"algorithm": algorithm}, source))


def applicable_algorithms(puzzle: str) -> list[str]:
    """The search routines that accept the weights (and heuristic) of ``puzzle``'s models.

    >>> applicable_algorithms("pushing_boxes")
    ['layered_bfs', 'dijkstra', 'spfa', 'astar', 'bidirectional_dijkstra', 'networkx']
    """
    return [name for name, routine in SEARCHES.items() if refusal(puzzle, routine) is None]
