"""Where a puzzle's instances stand in its input, found without reading them: what lets ``--jobs``
workers read their own instances (:meth:`~stategraph.contract.puzzle.Puzzle.cuts`).

A :class:`Cuts` cuts the input's bytes into *pieces* of whole lines: an instance (``INSTANCE``), an
instance whose questions follow as pieces (``HEAD``), or one question (``QUESTION``).  A worker
reads a piece with the puzzle's own reader at the piece's line and holds it to being exactly one
(:func:`exactly`); where it is not, the rest is read as one job reads it, so a wrong cut costs
time, never a byte of output.

>>> from stategraph import get_puzzle
>>> cuts = get_puzzle("pushing_boxes").cuts("in.txt", {})
>>> data = b"1 3\\nSBT\\n2 3\\nS.#\\nB.T\\n0 0\\n"
>>> cuts.cut(data, 0), cuts.cut(data, 8), cuts.cut(data, 20)
(('instance', 8), ('instance', 20), 'stop')
>>> cuts.read(Piece(INSTANCE, 3, 2, data[8:20])).rows
('S.#', 'B.T')
>>> cuts.read(Piece(INSTANCE, 3, 2, data[8:24])) is None  # the maze and more
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from ..errors import InputError
from ..io.tokens import MAX_DIGITS

INSTANCE, HEAD, QUESTION = "instance", "head", "question"
STOP = "stop"  # what Cuts.cut returns where the reader must read the rest


class Piece(NamedTuple):
    """One piece of an input: its kind, the line it starts on and the number of its instance or
    question (both from 1), and its bytes."""

    kind: str
    line: int
    number: int
    data: bytes

    def __reduce__(self):
        """Pickled as a plain tuple (a named tuple's own way runs Python code; ``--jobs`` sends thousands)."""
        return tuple.__new__, (Piece, tuple(self))


class Cuts(ABC):
    """How the input named ``source`` is cut (made once per run: it may keep what it has seen)."""

    def __init__(self, source: str, limits: dict):
        self.source, self.limits = source, limits

    @abstractmethod
    def cut(self, data: bytes, start: int) -> tuple[str, int] | str | None:
        """``(kind, end)`` of the piece ``data[start:end]`` the reader most likely reads as one
        instance or question; ``None`` when ``data`` does not hold all of it yet; :data:`STOP`
        where the reader must read the rest.  Cheap: the bytes are not parsed."""

    @abstractmethod
    def read(self, piece: Piece, instance: Any = None) -> Any:
        """The instance (or, given its ``instance``, the question) ``piece`` holds, as the reader
        reads it; ``None`` when the piece is not exactly one.  An
        :class:`~stategraph.errors.InputError` raised is one job's, at a token of the piece."""

    @abstractmethod
    def resume(self, data: Any, line: int, number: int, head: Piece | None) -> Iterator[Any]:
        """The instances of ``data`` (the input's rest from ``line``, a binary stream) as ``parse``
        reads them: instance ``number`` first or, with ``head``, that instance, its questions from
        ``number`` on."""


def exactly(tokens, read: Callable[[], Any]) -> Any:
    """What ``read()`` reads from a piece's ``tokens`` when it is the whole piece; ``None`` when it
    is not, or the reader stopped at the piece's end (what follows decides what it says there)."""
    try:
        value = read()
    except InputError as exc:
        if exc.column is None:  # at the end of the piece
            return None
        raise
    try:
        return value if value is not None and tokens.at_end() else None
    except InputError:  # a fault after the instance is one job's when it reads on from there
        return None


def plain_counts(line: bytes, count: int) -> list[int] | None:
    """The ``count`` unsigned integers a line holds in plain digits, or ``None``."""
    words = line.split()
    if len(words) != count or not all(word.isdigit() and len(word) <= MAX_DIGITS for word in words):
        return None
    return [int(word) for word in words]


def lines_end(data: bytes, start: int, count: int) -> int | None:
    """Where the ``count`` lines from ``start`` end (after their last line end), or ``None``."""
    end = start - 1
    for _ in range(count):
        end = data.find(b"\n", end + 1)
        if end < 0:
            return None
    return end + 1
