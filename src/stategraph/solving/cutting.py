"""The ``--jobs`` reader's messages, and the input cut into pieces for workers that read their own.

A forked child sends its messages down a pipe in frames (:func:`send`, :func:`unpacked`).  For a
puzzle that cuts its input (:mod:`stategraph.contract.cuts`), the child is :func:`cut_input`: it
sends the pieces it cuts (of a regular file, only where they stand: :class:`Span`, read by each
process itself, :class:`InFile`), then, where cutting stops, the input's rest as it comes;
:class:`Rest` is what the puzzle's reader reads from there (or from an earlier piece a worker found
was not one instance): pieces kept, then the rest of what the child sends.
"""

from __future__ import annotations

import io
import os
import pickle
import stat
import struct
from functools import cache
from typing import Any, NamedTuple

from ..contract.cuts import HEAD, QUESTION, STOP, Piece
from ..errors import StategraphError, StreamFault
from ..plugins.faults import PluginFault
from ..plugins.own_process import exit_in_a_child
from .carried import carried, rebuilt

FRAME = struct.Struct("<Q")  # the length before each message
CHUNK = 1 << 16  # bytes read from the input at a time
MAX_PIECE = 1 << 23  # bytes a piece may hold before cutting stops (a maze without its end, say)
PIPE_BYTES = 1 << 20  # what the reader's pipe holds, where Linux lets it grow (fewer reads and wake-ups)
MAX_SENT = 1 << 10  # pieces sent at once at most: the first alone, then twice as many each time


def send(fd: int, message) -> None:
    payload = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    data = memoryview(FRAME.pack(len(payload)) + payload)
    while data:
        data = data[os.write(fd, data):]


def unpacked(buffer: bytearray, stop=lambda message: False) -> list:
    """The whole messages at the start of ``buffer``, taken off it, up to and with the first that
    ``stop`` is true of."""
    messages: list = []
    start = 0
    while len(buffer) - start >= FRAME.size:
        size = FRAME.size + FRAME.unpack_from(buffer, start)[0]
        if len(buffer) - start < size:
            break
        messages.append(pickle.loads(memoryview(buffer)[start + FRAME.size:start + size]))
        start += size
        if stop(messages[-1]):
            break
    del buffer[:start]
    return messages


def read_more(fd: int, buffer: bytearray) -> int:
    """Add what the pipe ``fd`` holds (:data:`PIPE_BYTES` at most, waiting for some) to ``buffer``:
    how many bytes (0: the pipe's end).  Read into one spare buffer first, not a fresh bytes object
    each time."""
    spare = _spare()
    count = os.readv(fd, [spare])
    buffer += memoryview(spare)[:count]
    return count


@cache
def _spare() -> bytearray:
    return bytearray(PIPE_BYTES)


def wide_pipe() -> tuple[int, int]:
    """``os.pipe()``, holding :data:`PIPE_BYTES` where the system lets it."""
    ends = os.pipe()
    try:
        import fcntl

        fcntl.fcntl(ends[1], fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (ImportError, AttributeError, OSError):  # not Linux, or above what the system lets a user have
        pass
    return ends


class WorkerLost(StategraphError):
    """A child process ended in the middle of the run (killed from outside, perhaps for want of memory)."""

    exit_status = 70


def lost(process: str) -> StategraphError:
    """The fault of a child ``process`` that ended in the middle of the run: the plug-in's, where its
    code called ``os._exit``, else :class:`WorkerLost`."""
    told = exit_in_a_child()
    if told is not None:
        return PluginFault(told)
    return WorkerLost(f"{process} ended in the middle of the run (out of memory?)")


class Span(NamedTuple):
    """A piece of an input file by where it stands (``start`` to ``end``, offsets in the file), not its bytes."""

    kind: str
    line: int
    number: int
    start: int
    end: int

    def __reduce__(self):  # as Piece's
        return tuple.__new__, (Span, tuple(self))


class InFile:
    """A puzzle's ``cuts`` of an input that is a regular file (descriptor ``fd``, read from offset
    ``base``): the reader cuts spans (:class:`Span`), and each process reads a span's bytes itself."""

    def __init__(self, cuts, fd: int, base: int):
        self.cuts, self.fd, self.base, self.source = cuts, fd, base, cuts.source
        self.held, self.held_at = b"", 0  # bytes read ahead (hold), from that offset

    def cut(self, data: bytes, start: int):
        return self.cuts.cut(data, start)

    def read(self, span: Span, instance: Any = None) -> Any:
        return self.cuts.read(self.piece(span), instance)

    def resume(self, data, line: int, number: int, head: Span | None):
        return self.cuts.resume(data, line, number, None if head is None else self.piece(head))

    def hold(self, spans: list[Span]) -> None:
        """Read the bytes of ``spans`` (pieces next to each other) in one go, for :meth:`piece`."""
        if spans:
            self.held_at = min(span.start for span in spans)
            self.held = self._bytes(self.held_at, max(span.end for span in spans))

    def piece(self, span: Span) -> Piece:
        """The piece ``span`` stands for; a file that no longer holds it is a :class:`StreamFault`."""
        at = span.start - self.held_at
        if 0 <= at and span.end - self.held_at <= len(self.held):
            return Piece(span.kind, span.line, span.number, self.held[at:span.end - self.held_at])
        return Piece(span.kind, span.line, span.number, self._bytes(span.start, span.end))

    def _bytes(self, start: int, end: int) -> bytes:
        try:
            data = os.pread(self.fd, end - start, start)
        except OSError as exc:
            raise StreamFault(f"cannot read the input {self.source}: {exc.strerror or exc}") from None
        if len(data) != end - start:
            raise StreamFault(f"cannot read the input {self.source}: it was cut short while being read")
        return data


def in_file(cuts, stream):
    """``cuts`` as :class:`InFile` where ``stream`` reads a regular file's bytes as they stand (a
    file opened in binary, or what wraps one and gives its ``raw``), else ``cuts``."""
    raw = getattr(stream, "raw", stream)
    if not isinstance(raw, io.FileIO):
        return cuts
    try:
        fd = raw.fileno()
        return InFile(cuts, fd, stream.tell()) if stat.S_ISREG(os.fstat(fd).st_mode) else cuts
    except (OSError, ValueError):
        return cuts


def bytes_of(piece: Piece | Span, cuts) -> bytes:
    return cuts.piece(piece).data if isinstance(piece, Span) else piece.data


def cut_input(cuts, stream, fd: int) -> None:
    """(The reader) The pieces of ``stream`` that ``cuts`` cuts, down ``fd`` as ``("pieces", [Piece,
    ...])``; where cutting stops, ``("rest", line, number, head)`` (where the reader resumes: see
    :meth:`~stategraph.contract.cuts.Cuts.resume`), the rest of the input as ``("bytes", data)``,
    then ``("end", fault)`` (``None`` at the input's end; a read that failed, carried)."""
    try:
        data, at_end = _cut(cuts, stream, fd)
        send(fd, ("bytes", data))
        while not at_end:
            data = stream.read(CHUNK)
            at_end = not data
            send(fd, ("bytes", data))
        send(fd, ("end", None))
    except Exception as exc:  # the input could not be read: the reader reads up to it, then fails there
        send(fd, ("end", carried(exc)))


def _cut(cuts, stream, fd: int) -> tuple:
    """Send the pieces ``cuts`` cuts, then where the rest starts: the rest read so far, and
    whether it is all."""
    data, start, line, at_end = b"", 0, 1, False
    instances = questions = 0
    pieces: list = []  # cut, not sent yet
    sending = 1  # pieces sent once this many are cut: the workers start on the first at once
    head = last_head = None  # the head whose questions are cut (sent with its first), the last sent
    at = cuts.base if isinstance(cuts, InFile) else None  # the file offset of data[0], for spans

    def piece(kind: str, number: int, end: int) -> Piece | Span:
        return Piece(kind, line, number, data[start:end]) if at is None else \
            Span(kind, line, number, at + start, at + end)

    while True:
        found = cuts.cut(data, start)
        if found is None and not at_end and len(data) - start <= MAX_PIECE:
            if pieces:
                send(fd, ("pieces", pieces))
                pieces = []
            chunk = stream.read(CHUNK)
            if isinstance(chunk, str):  # a text stream: the reader reads it all
                send(fd, ("rest", 1, 1, None))
                return chunk, not chunk
            at_end = not chunk
            held = start - _size(head)  # a head not sent stays
            data, start = data[held:] + chunk, start - held
            at = None if at is None else at + held
            continue
        if found is None or found == STOP:
            break
        kind, end = found
        if data.find(b"\r", start, end) >= 0:  # the reader ends lines there too: line numbers would differ
            break
        if kind == QUESTION:
            questions += 1
            pieces += [piece(kind, questions, end)] if head is None else [head, piece(kind, questions, end)]
            head = None
        elif head is not None:  # a head without questions: the reader reads from it
            break
        else:
            instances, questions = instances + 1, 0
            cut = piece(kind, instances, end)
            if kind == HEAD:
                head = last_head = cut
            else:
                pieces.append(cut)
        line += data.count(b"\n", start, end)
        start = end
        if len(pieces) >= sending:
            send(fd, ("pieces", pieces))
            pieces, sending = [], min(2 * sending, MAX_SENT)
    if pieces:
        send(fd, ("pieces", pieces))
    if head is not None:  # the rest starts at the head
        start -= _size(head)
        send(fd, ("rest", head.line, head.number, None))
    else:
        send(fd, ("rest", line, questions + 1, last_head) if questions else ("rest", line, instances + 1, None))
    return data[start:], at_end


def _size(piece: Piece | Span | None) -> int:
    return 0 if piece is None else len(piece.data) if isinstance(piece, Piece) else piece.end - piece.start


class Rest:
    """The input's rest as a binary stream from a piece on: ``kept`` (bytes), then what the
    cutting reader sends down ``fd`` (``buffer``: what was read from it and not taken yet; its
    pieces read with ``cuts``)."""

    def __init__(self, kept: bytes, buffer: bytearray, fd: int, cuts):
        self.data, self.buffer, self.fd, self.cuts = kept, buffer, fd, cuts
        self.fault: Any = None
        self.done = False

    def read(self, size: int = -1):
        """At most ``size`` bytes (``-1``: all that came), waiting for the cutting reader's next
        message when none are held; ``b""`` at the end, the read fault there raised again."""
        while not self.data and not self.done:
            for message in unpacked(self.buffer):
                if message[0] in ("pieces", "bytes"):
                    data = b"".join(bytes_of(piece, self.cuts) for piece in message[1]) \
                        if message[0] == "pieces" else message[1]
                    self.data = self.data + data if self.data else data  # (str from a text stream)
                elif message[0] == "end":
                    self.done, self.fault = True, message[1]
            if not self.data and not self.done and not read_more(self.fd, self.buffer):
                raise lost("the process reading the input")
        if not self.data and self.fault is not None:
            raise rebuilt(self.fault)
        size = len(self.data) if size < 0 else size
        taken, self.data = self.data[:size], self.data[size:]
        return taken
