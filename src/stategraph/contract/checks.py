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
- ``read_answers(text, source)``: the :class:`Answers` of an answer file in the
  contest output format, one per question, an unreadable one included (with its
  ``problem``) so that the answers after it are still matched to their questions.
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
    the 1-based ``line`` where the value starts, and ``problem``, the one line saying why it
    could not be read (``None`` when it could; else ``value`` is ``None``)."""

    number: int
    value: object
    line: int
    problem: str | None = None


class Answers:
    """The answers of a file in order.  Iterated, they raise
    :class:`~stategraph.errors.VerificationError` at an unreadable one; :attr:`each` yields
    every answer, an unreadable one with its ``problem``, and is what ``stategraph check`` judges.

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
    """``(number, claimed, unit)`` for the ``(claimed, unit)`` answers of a file in order: each is
    for the question after the one before it, unless it claims a later question (``claimed``;
    ``None``: it names none) and the next answer claims the one after that.  So a left-out answer
    leaves its question unanswered and no other, and a mistyped number is one answer's problem.

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
    """Whether a naive search that has visited ``visited`` positions must give up.

    The clock is read on the first position and every 1024th after it, so the
    check costs next to nothing.

    >>> out_of_budget(5, 4, None), out_of_budget(4, 4, None), out_of_budget(1, 9, time.monotonic() - 1)
    (True, False, True)
    """
    if visited > limit:
        return True
    return deadline is not None and visited & 1023 == 1 and time.monotonic() > deadline


def judged(optimum, cost, fail: Callable[[str], NoReturn], denied: Callable[[object], str],
           differs: Callable[[object], str]) -> str:
    """The verdict on an answer of ``cost`` (``None``: it says there is no solution) held to the
    naive search's ``optimum``: :data:`OPTIMALITY_UNCONFIRMED` past its budget, :data:`CONFIRMED`
    when they agree; else ``fail`` is called with ``denied(optimum)`` (the answer denies a solution
    that exists) or ``differs(optimum)``.

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
    """``(line number, line without its end-of-line characters)`` for every line of ``text``;
    a final newline does not start another line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return ((number, line.rstrip("\r")) for number, line in enumerate(lines, start=1))
