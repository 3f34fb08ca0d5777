"""What the independent answer checkers share: their verdicts, their budget, the answers they read.

Each built-in puzzle's checker, ``puzzles/<name>/check.py``, replays answers on the raw puzzle
and searches naively, importing nothing of the solver.  It offers ``verify(instance, record, *,
deadline, limit)`` (:data:`CONFIRMED`, or :data:`OPTIMALITY_UNCONFIRMED` past the naive search's
budget), ``read_answers(text, source)`` (the :class:`Answers` of a file, an unreadable one
included) and ``naive_optimum`` (``None`` for no solution, :data:`UNKNOWN` past the budget).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import NoReturn, TypeVar

from ..errors import VerificationError, shorten
from ..limits import MAX_POSITIONS

T = TypeVar("T")  # what in_order passes through
NAIVE_LIMIT = MAX_POSITIONS  # naive positions a search may visit before giving up

CONFIRMED = "confirmed"
OPTIMALITY_UNCONFIRMED = "optimality unconfirmed: past the naive search budget"
WRONG = "wrong"  # a record's verdict when the answer does not hold: its ``verify_problem`` says why


class _Unknown:
    """The type of :data:`UNKNOWN`; it has no truth value, so ``if optimum:`` cannot mistake it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self):
        raise TypeError("UNKNOWN has no truth value: compare it with 'is UNKNOWN'")

    def __reduce__(self):
        return "UNKNOWN"  # pickled by name: unpickled, it is the one UNKNOWN


UNKNOWN = _Unknown()
"""What ``naive_optimum`` returns when it stopped at its limit or deadline."""


@dataclass(frozen=True)
class Answer:
    """One answer of an answer file: the question ``number`` and ``line`` (from 1), its ``value``,
    and ``problem``, why it could not be read (``None`` when it could)."""

    number: int
    value: object
    line: int
    problem: str | None = None


class Answers:
    """The answers of a file in order.  Iterated, they raise
    :class:`~stategraph.errors.VerificationError` at an unreadable one; :attr:`each` yields them
    all, an unreadable one with its ``problem`` (what ``check`` judges).

    >>> read = [Answer(1, 4, 1), Answer(2, None, 2, "x:2: unreadable"), Answer(3, 5, 3)]
    >>> [answer.problem for answer in Answers(iter(read)).each]
    [None, 'x:2: unreadable', None]
    >>> list(Answers(iter(read)))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: x:2: unreadable
    """

    def __init__(self, each: Iterator[Answer]):
        self.each = each

    def __iter__(self) -> Answers:
        return self

    def __next__(self) -> Answer:
        answer = next(self.each)
        if answer.problem is not None:
            raise VerificationError(answer.problem)
        return answer


def in_order(units: Iterable[tuple[int | None, T]]) -> Iterator[tuple[int, int | None, T]]:
    """``(number, claimed, unit)`` for the ``(claimed, unit)`` answers of a file: each is for the
    question after the one before, unless it claims a later one and the next answer claims the one
    after that.  So a left-out answer costs one question, and a mistyped number one answer.

    >>> [number for number, _, _ in in_order([(1, "a"), (3, "b"), (4, "c"), (9, "d"), (6, "e"), (None, "f")])]
    [1, 3, 4, 5, 6, 7]
    """
    expected = 1
    pairs = iter(units)
    current = next(pairs, None)
    while current is not None:
        following = next(pairs, None)
        claimed, unit = current
        number = expected
        if claimed is not None and claimed > expected and following is not None and following[0] == claimed + 1:
            number = claimed
        yield number, claimed, unit
        expected, current = number + 1, following


def out_of_budget(visited: int, limit: int, deadline: float | None) -> bool:
    """Whether a naive search that has visited ``visited`` positions must give up (the clock is
    read on the first position and every 1024th after it).

    >>> out_of_budget(5, 4, None), out_of_budget(4, 4, None), out_of_budget(1, 9, time.monotonic() - 1)
    (True, False, True)
    """
    if visited > limit:
        return True
    return deadline is not None and visited & 1023 == 1 and time.monotonic() > deadline


def judged(optimum, cost, fail: Callable[[str], NoReturn], denied: Callable[[object], str],
           differs: Callable[[object], str]) -> str:
    """The verdict on an answer of ``cost`` (``None``: no solution) held to the naive ``optimum``;
    where they differ, ``fail(denied(optimum))`` (a solution denied) or ``fail(differs(optimum))``.

    >>> def fail(message):
    ...     raise VerificationError(message)
    >>> judged(None, None, fail, str, str), judged(UNKNOWN, 3, fail, str, str)[:10]
    ('confirmed', 'optimality')
    >>> judged(2, 3, fail, "denied {}".format, "not the optimum {}".format)
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: not the optimum 2
    """
    if optimum is UNKNOWN:
        return OPTIMALITY_UNCONFIRMED
    if optimum != cost:
        fail(denied(optimum) if cost is None else differs(optimum))
    return CONFIRMED


def where(cell) -> str:
    """``(r, c)`` for a message, each coordinate bounded.

    >>> where((2, 10)), where((10**200, 1))[:20]
    ('(2, 10)', '(<an integer of abou')
    """
    return "(" + ", ".join(shorten(value) for value in cell) + ")"


def lines_of(text: str):
    """``(line number, line without its line end)`` for every line of ``text``."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return ((number, line.rstrip("\r")) for number, line in enumerate(lines, start=1))
