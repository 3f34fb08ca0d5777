"""The command line's streams: the input it reads (a file or stdin) and the output and report it writes.

A failure to read or write is a :class:`~stategraph.errors.StreamFault` (one line, its own exit
status), except a closed stdout pipe, which stays a :class:`BrokenPipeError`.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

from ..errors import StategraphError, StreamFault, shorten


class Reading:
    """A binary input stream whose read failures are :class:`StreamFault` (exit 4); its ``raw`` file
    and :meth:`tell` tell ``--jobs`` workers where to read a regular file's pieces themselves."""

    def __init__(self, stream, source: str):
        self.stream, self.source = stream, source
        self.raw = getattr(stream, "raw", None)

    def tell(self) -> int:
        return self.stream.tell()

    def read(self, size: int = -1) -> bytes:
        """At most ``size`` bytes, without waiting for more than are ready (an answer must not wait
        for input beyond its instance)."""
        try:
            return self.stream.read1(size) if hasattr(self.stream, "read1") else self.stream.read(size)
        except OSError as exc:
            raise StreamFault(f"cannot read the input {self.source}: {exc.strerror or exc}") from None


@contextmanager
def open_input(path):
    """The input as a binary stream (stdin for ``None`` or ``-``) and its name for messages."""
    if path is None or path == "-":
        if sys.stdin is None:
            raise StreamFault("cannot read the input: standard input is closed")
        yield Reading(sys.stdin.buffer, "<stdin>"), "<stdin>"
        return
    shown = shorten(path, 200, quoted=False)
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise StategraphError(f"cannot read input {shown}: {exc.strerror}") from None
    with handle:
        if os.path.isdir(path):
            raise StategraphError(f"cannot read input {shown}: Is a directory")
        yield Reading(handle, shown), shown


def check_output_open() -> None:
    if sys.stdout is None:
        raise StreamFault("cannot write the output: standard output is closed")


def output(text: str, *, report: bool = False) -> None:
    """Write ``text`` to stdout (``report``: to stderr) and flush it; a failure is a :class:`StreamFault`,
    but a closed stdout pipe stays a :class:`BrokenPipeError` (exit status 1, no message)."""
    if report and sys.stderr is None:
        raise StreamFault("cannot write the report: standard error is closed")
    if not report:
        check_output_open()
    stream = sys.stderr if report else sys.stdout
    try:
        stream.write(text)
        stream.flush()
    except OSError as exc:
        if isinstance(exc, BrokenPipeError) and not report:
            raise
        raise StreamFault(f"cannot write the {'report' if report else 'output'}: {exc.strerror or exc}") from None
