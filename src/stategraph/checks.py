"""What the independent answer checkers share: their verdicts, their budget, the answers they read.

Each built-in puzzle has its checker beside it, ``puzzles/<name>/check.py``: replays on the raw
puzzle and naive searches, never the state graph.  A checker imports nothing of the solver
(``grid``, ``search``, ``pipeline``, ``canonical``, nor its puzzle's other modules): the
instances are read duck-typed, and every search is a plain one over the puzzle's naive
positions.  Each checker offers

- ``replay(instance, answer)`` (Pushing Boxes, Abbott's Revenge): the answer's
  cost if every move is legal and the goal is reached, else
  :class:`~stategraph.errors.VerificationError` naming the first problem;
- ``naive_optimum(instance, query=None, *, limit=NAIVE_LIMIT, deadline=None)``:
  the optimum by a plain search, ``None`` when there is no solution, or
  :data:`UNKNOWN` past ``limit`` positions or ``deadline`` (``time.monotonic()``);
- ``verify(instance, record, *, deadline=None)`` for ``--verify``: legality,
  the reported cost and optimality; :data:`CONFIRMED`, or
  :data:`OPTIMALITY_UNCONFIRMED` when the naive search ran out of budget;
- ``read_answers(text, source)``: the :class:`Answer` items of an answer file
  in the contest output format.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .errors import shorten
from .settings_schema import DEFAULTS

NAIVE_LIMIT = DEFAULTS["verify.max_positions"]  # naive positions a search may visit before giving up

CONFIRMED = "confirmed"
OPTIMALITY_UNCONFIRMED = "optimality unconfirmed: past the naive search budget"


class _Unknown:
    """The type of :data:`UNKNOWN`; it has no truth value, so ``if optimum:`` cannot mistake it."""

    __slots__ = ()
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self):
        raise TypeError("UNKNOWN has no truth value: compare it with 'is UNKNOWN'")

    def __reduce__(self):
        return (_Unknown, ())


UNKNOWN = _Unknown()
"""What ``naive_optimum`` returns when it stopped at its limit or deadline."""


@dataclass(frozen=True)
class Answer:
    """One answer read from an answer file: the question ``number`` (from 1), its ``value``,
    and the 1-based ``line`` where the value starts."""

    number: int
    value: object
    line: int


def out_of_budget(visited: int, limit: int, deadline: float | None) -> bool:
    """Whether a naive search that has visited ``visited`` positions must give up.

    The clock is read on the first position and every 1024th after it, so the
    check costs next to nothing.

    >>> out_of_budget(5, 4, None), out_of_budget(4, 4, None), out_of_budget(1, 9, time.monotonic() - 1)
    (True, False, True)
    """
    if visited > limit:
        return True
    return deadline is not None and visited & 1023 == 1 and time.monotonic() > deadline


def where(cell) -> str:
    """``(r, c)`` for a message, each coordinate bounded.

    >>> where((2, 10)), where((10**200, 1))[:20]
    ('(2, 10)', '(<an integer of abou')
    """
    return "(" + ", ".join(shorten(value) for value in cell) + ")"


def lines_of(text: str):
    """``(line number, line without its end-of-line characters)`` for every line of ``text``;
    a final newline does not start another line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return ((number, line.rstrip("\r")) for number, line in enumerate(lines, start=1))
