"""Plain data between stategraph and a process running code it cannot trust: JSON in length-prefixed frames,
read within a deadline (the grader and its children, a routine of your own and the run it answers).

A frame is a 4-byte big-endian length, then that much UTF-8 JSON.  A frame too long, cut short,
late or not JSON is a :class:`Garbled` error, never a hang, never code run (no pickle).

>>> import os
>>> r, w = os.pipe()
>>> write_frame(w, {"kind": "ready"})
>>> read_frame(r, deadline=monotonic() + 1)
{'kind': 'ready'}
"""

from __future__ import annotations

import json
import os
import select
import struct
from time import monotonic

HEADER = struct.Struct(">I")
MAX_FRAME = 64 << 20  # bytes: an answer, a page; anything longer is refused unread


class Garbled(Exception):
    """What came down the pipe is not a frame: ``late`` when the deadline passed first."""

    def __init__(self, message: str, late: bool = False):
        super().__init__(message)
        self.late = late


def write_frame(fd: int, value, deadline: float | None = None) -> None:
    """Write ``value`` as one frame (JSON; ``NaN`` and the infinities allowed, as costs may be; a
    value JSON has no form for, a move label of a class of its own say, is sent as its ``repr``).
    With ``deadline``, ``fd`` must be non-blocking: a reader that takes nothing in time is
    :class:`Garbled` (``late``)."""
    body = json.dumps(value, separators=(",", ":"), default=repr).encode("utf-8")
    data = memoryview(HEADER.pack(len(body)) + body)
    while data:
        if deadline is not None:
            wait = deadline - monotonic()
            if wait <= 0 or not select.select([], [fd], [], wait)[1]:
                raise Garbled("took nothing in time", late=True)
        try:
            data = data[os.write(fd, data):]
        except BlockingIOError:
            continue


def read_frame(fd: int, deadline: float, limit: int = MAX_FRAME, watch: int | None = None):
    """The value of the next frame on ``fd``; :class:`Garbled` if it is not one by ``deadline``
    (a :func:`time.monotonic` time), and ``EOFError`` if the pipe closes before it starts, or
    ``watch`` (a process's ``pidfd``) says the writer ended first, whoever else holds the pipe."""
    head = _read(fd, HEADER.size, deadline, first=True, watch=watch)
    (length,) = HEADER.unpack(head)
    if length > limit:
        raise Garbled(f"sent a frame of {length:,} bytes, more than the {limit:,} allowed")
    body = _read(fd, length, deadline)
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise Garbled(f"sent {length:,} bytes that are not JSON ({exc})") from None


def _read(fd: int, count: int, deadline: float, first: bool = False, watch: int | None = None) -> bytes:
    chunks, left = [], count
    while left:
        wait = deadline - monotonic()
        ready = select.select([fd] if watch is None else [fd, watch], [], [], max(wait, 0))[0]
        if not ready:
            raise Garbled("sent nothing in time" if first and left == count else "sent part of a frame in time",
                          late=True)
        if fd not in ready:  # the writer ended, and a process it started holds the pipe open
            raise EOFError
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            if first and left == count:
                raise EOFError
            raise Garbled(f"closed its pipe {count - left:,} bytes into a frame of {count:,}")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
