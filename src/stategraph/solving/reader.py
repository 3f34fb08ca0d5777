"""``--jobs``: the forked child that reads the input, and the questions it sends this process.

For a puzzle that cuts its input (the built-ins: :meth:`~stategraph.contract.puzzle.Puzzle.cuts`),
the child only cuts it into pieces, an instance or a question each (:mod:`~stategraph.solving.cutting`),
and the workers read their pieces with the puzzle's own reader; where cutting stops, or a worker finds
a piece is not one instance, a second child reads on from there as one job does.  Otherwise the child
parses the input as one job would and sends each question, pickled with its instance and the puzzle
object as reading left it (so what ``read`` keeps on the object reaches every hook; an object that
cannot be pickled stops the run there, one line, exit status 2).
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import select
import signal
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from ..contract.cuts import INSTANCE, QUESTION, Piece
from ..errors import ContractError, shorten
from ..parent_death import die_with_parent
from .carried import Capture, carried, rebuilt, said_pair
from .cutting import Rest, Span, bytes_of, cut_input, in_file, lost, read_more, send, unpacked, wide_pipe

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # this process's to report; a child just ends


@contextmanager
def signals_held() -> Iterator[None]:
    """The stop signals blocked while children are forked, until each takes them as its own (:func:`as_child`)."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def as_child(parent: int) -> None:
    """(A child, forked with the stop signals blocked) End with ``parent``, or at a stop signal."""
    die_with_parent(parent)
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def cut_stream(answering, data, source: str) -> tuple:
    """The puzzle's cuts of ``data`` (of a regular file: :class:`~stategraph.solving.cutting.InFile`)
    and ``data`` as a binary stream, or ``(None, None)`` (one job's reader reads it): a text stream,
    or a str with a byte-order mark, is read as text."""
    cuts = answering.chosen.cuts(source, dict(answering.settings.limits))
    if cuts is None or isinstance(data, io.TextIOBase):
        return None, None
    if isinstance(data, str):
        if data.startswith("\ufeff"):
            return None, None
        try:
            data = data.encode()
        except UnicodeEncodeError:
            return None, None
    if isinstance(data, (bytes, bytearray, memoryview)):
        return cuts, io.BytesIO(data)
    return (in_file(cuts, data), data) if hasattr(data, "read") else (None, None)



class _Pickled:
    """An instance pickled with the puzzle object as reading left it (``whole``: a question pickled),
    unpickled here when first asked for (``check`` does, ``solve`` never)."""

    __slots__ = ("data", "whole", "value")

    def __init__(self, data: bytes, whole: bool = False):
        self.data, self.whole = data, whole

    def __call__(self) -> Any:
        if not hasattr(self, "value"):
            value = pickle.loads(self.data)
            self.value = value if self.whole else value[1]
        return self.value


class _Cut:
    """A piece of the input (of a question: with the instance it asks, a :class:`_Cut`), read
    here when first asked for."""

    __slots__ = ("cuts", "data", "instance", "value")

    def __init__(self, cuts, piece: Piece | Span, instance: _Cut | None = None):
        self.cuts, self.data, self.instance = cuts, piece, instance

    def __call__(self) -> Any:
        if not hasattr(self, "value"):
            self.value = self.cuts.read(self.data, None if self.instance is None else self.instance())
        return self.value


class Unit(NamedTuple):
    """A question read: its instance's place from 0, the instance, the question (``None``: the
    instance), whether it is its instance's first, what reading and asking it wrote.  (A named
    tuple: made for each question, it costs a quarter of a frozen dataclass.)"""

    serial: int
    instance: _Pickled | _Cut
    asked: _Pickled | _Cut | None
    first: bool
    said: tuple | None


@dataclass(frozen=True, slots=True)
class _End:
    fault: BaseException | None  # what stopped the reading, if not the input's end
    said: tuple | None


class Reader:
    """The reading child and the pipe it writes to, and the pipe that wakes this process when a batch
    is answered: :meth:`take` waits on both, until the reader's end comes (``ended``).

    With ``cuts``, the child sends pieces of ``stream`` (:func:`~stategraph.solving.cutting.cut_input`),
    until cutting stops; from there (or from a piece a worker found was not one instance, :meth:`read_from`)
    a second child reads the rest as one job's reader reads it.  Without, the child reads ``instances``."""

    def __init__(self, answering, cuts, stream, instances) -> None:
        self.answering, self.cuts = answering, cuts
        self.woken, self.waking = os.pipe()
        self.poller, self.listening = select.poll(), False
        self.poller.register(self.woken, select.POLLIN)
        self.children: list[int] = []
        self.fd = -1
        self.serial = -1  # of the instance of the questions read last
        self.instance: _Pickled | _Cut = _Pickled(b"")
        self.first = False  # whether the next question cut is its instance's first
        self.rest: tuple | None = None  # where cutting stopped, until the rest is read from there
        self.ended: _End | None = None
        if cuts is None:
            self._fork(lambda fd: _read(answering.chosen, instances, fd))
        else:
            self._fork(lambda fd: cut_input(cuts, stream, fd))

    def _fork(self, body) -> None:
        """Read what a child running ``body(fd)`` sends from now on."""
        here, there = wide_pipe()
        parent = os.getpid()
        with signals_held():
            pid = os.fork()
            if pid == 0:
                try:
                    os.close(here)
                    as_child(parent)
                    body(there)
                finally:
                    os._exit(0)  # stopped before its end was sent: an end of file to the parent
        os.close(there)
        self.children.append(pid)
        if self.fd >= 0:
            self._listen(False)
            os.close(self.fd)
        self.fd, self.buffer = here, bytearray()

    def wake(self, _future) -> None:
        os.write(self.waking, b"\0")

    def _listen(self, listening: bool) -> None:
        if listening != self.listening:
            self.poller.register(self.fd, select.POLLIN) if listening else self.poller.unregister(self.fd)
            self.listening = listening

    def take(self, listening: bool) -> list[Unit]:
        """Wait for a batch answered or (``listening``) questions read: those read."""
        self._listen(listening and self.rest is None)
        ready = [fd for fd, _ in self.poller.poll()]
        if self.woken in ready:
            os.read(self.woken, 1 << 16)
        if self.fd in ready and not read_more(self.fd, self.buffer):
            raise lost("the process reading the input")
        if self.rest is not None:
            return []
        units: list[Unit] = []
        for message in unpacked(self.buffer, stop=lambda message: message[0] == "rest"):
            if message[0] == "unit":
                _, serial, data, asked, said = message
                self.instance = self.instance if data is None else _Pickled(data)
                units.append(Unit(serial, self.instance, None if asked is None else _Pickled(asked, whole=True),
                                   data is not None, said))
            elif message[0] == "pieces":
                units += self._cut_units(message[1])
            elif message[0] == "rest":
                self.rest = message[1:]
            else:
                self.ended = _End(None if message[1] is None else rebuilt(message[1]), message[2])
        return units

    def _cut_units(self, pieces: list[Piece | Span]) -> list[Unit]:
        units = []
        for piece in pieces:
            if piece.kind == QUESTION:
                asked = _Cut(self.cuts, piece, cast(_Cut, self.instance))
                units.append(Unit(self.serial, self.instance, asked, self.first, None))
                self.first = False
            else:
                self.serial, self.instance, self.first = self.serial + 1, _Cut(self.cuts, piece), True
                if piece.kind == INSTANCE:
                    units.append(Unit(self.serial, self.instance, None, True, None))
                    self.first = False
        return units

    @property
    def drained(self) -> bool:
        """No more questions come until those read are answered: the input's end (or where cutting
        stopped, which is most often the terminator) is read."""
        return self.ended is not None or self.rest is not None

    def idle(self) -> None:
        """(Every question cut is answered) Where cutting stopped, the reader reads on."""
        if self.rest is not None:
            self._resume(b"", *self.rest)

    def read_from(self, units: list[Unit], inside: bool) -> None:
        """The reader reads on from the first of ``units`` (cut, not answered; ``inside``: from its
        question, its instance read), those dropped."""
        pieces = [(cast(_Cut, unit.instance).data, None if unit.asked is None else cast(_Cut, unit.asked).data,
                   unit.first and not (i == 0 and inside)) for i, unit in enumerate(units)]
        kept = b"".join((bytes_of(instance, self.cuts) if first else b"") +
                        (b"" if asked is None else bytes_of(asked, self.cuts)) for instance, asked, first in pieces)
        instance, asked, _ = pieces[0]
        where = asked if inside and asked is not None else instance
        self._resume(kept, where.line, where.number, instance if inside else None)

    def _resume(self, kept: bytes, line: int, number: int, head: Piece | Span | None) -> None:
        cuts, answering, serial = self.cuts, self.answering, self.serial + 1
        rest = Rest(kept, self.buffer, self.fd, cuts)
        self.cuts = self.rest = None
        self._fork(lambda fd: _read(answering.chosen, answering.located(
            cuts.resume(rest, line, number, head), number if head is None else head.number), fd, serial))

    def close(self) -> None:
        for pid in self.children:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for fd in (self.fd, self.woken, self.waking):
            os.close(fd)


def _read(chosen, instances, fd: int, first: int = 0) -> None:
    """(The reader) Every question of ``instances`` down ``fd``, with its instance the first time
    (numbered from ``first``), then the end, or the fault that stopped the reading."""
    capture = Capture()
    try:
        for serial, instance in enumerate(instances, first):
            read = capture.mark()
            data: bytes | None = _portable(chosen, instance, (chosen, instance), "")
            for question in chosen.questions(instance):
                asked = None if question is instance else _portable(chosen, instance, question, "'s question")
                said = said_pair(capture.take(read) if data is not None else None, capture.take())
                send(fd, ("unit", serial, data, asked, said))
                data = None
        send(fd, ("end", None, capture.take()))
    except Exception as exc:
        send(fd, ("end", carried(exc), capture.take()))


def _portable(chosen, instance, value, part: str) -> bytes:
    """``value``, ``part`` of ``instance`` (``""``: the instance and the puzzle object), pickled for
    a worker; a fault names what cannot be."""
    try:
        buffer = io.BytesIO()
        _Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
        return buffer.getvalue()
    except Exception as exc:
        number = chosen.number(instance, instance)[0]
        try:
            _Pickler(io.BytesIO()).dump(chosen)
            what = f"instance {number}{part}"
        except Exception:
            what = f"the puzzle object (as reading instance {number} left it)"
        raise ContractError(f"{chosen.name}: {what} cannot be sent to a worker process "
                            f"({type(exc).__name__}: {shorten(str(exc), quoted=False)}); solve it with --jobs 1") \
            from None


class _Pickler(pickle.Pickler):
    """Pickles a generator in an instance (what reads the rest of the input, which stays with the
    reader) as ``None``, and a read-only mapping (the limits) as a read-only copy."""

    dispatch_table = {**copyreg.dispatch_table, types.GeneratorType: lambda generator: (type(None), ()),
                      types.MappingProxyType: lambda proxy: (_read_only, (dict(proxy),))}


def _read_only(mapping: dict) -> types.MappingProxyType:
    return types.MappingProxyType(mapping)
