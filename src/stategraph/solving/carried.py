"""What a ``--jobs`` worker sends back besides its answers, and how this process takes it: what
plug-in code wrote to ``sys.stdout`` and ``sys.stderr`` in the child (kept as the bytes those
streams would have written, written here where one job writes it), and a fault (its class,
arguments and attributes, raised again here with the child's traceback as its cause).
"""

from __future__ import annotations

import io
import pickle
import sys
import traceback

from ..errors import StategraphError

STREAMS = ("stdout", "stderr")


class Capture:
    """A child's ``sys.stdout`` and ``sys.stderr``, replaced for its life by streams that keep the
    bytes the real ones would have written (same encoding and errors), until taken."""

    def __init__(self) -> None:
        self.buffers = [io.BytesIO(), io.BytesIO()]
        self.streams = []  # held: a stream closes its buffer when it goes
        for name, buffer in zip(STREAMS, self.buffers):
            stream = getattr(sys, name)
            if stream is not None:  # closed: print() writes nothing, as in one job
                stream = io.TextIOWrapper(buffer, encoding_of(stream), getattr(stream, "errors", None) or "strict",
                                          newline="\n", write_through=True)
                setattr(sys, name, stream)
            self.streams.append(stream)

    def mark(self) -> tuple:
        """Where the streams stand, for :meth:`take`."""
        return tuple(buffer.tell() for buffer in self.buffers)

    def take(self, upto: tuple | None = None) -> tuple | None:
        """``(stdout bytes, stderr bytes)`` written since last taken (to ``upto``, a :meth:`mark`, if
        given; the rest stays), or ``None`` for nothing."""
        if not (self.buffers[0].tell() or self.buffers[1].tell()):
            return None
        taken = []
        for i, buffer in enumerate(self.buffers):
            data = buffer.getvalue()
            cut = len(data) if upto is None else upto[i]
            buffer.seek(0)
            buffer.truncate()
            buffer.write(data[cut:])
            taken.append(data[:cut])
        return tuple(taken) if any(taken) else None


def said_pair(before, after) -> tuple | None:
    return None if before is None and after is None else (before, after)


def encoding_of(stream) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def write_out(said: tuple | None) -> None:
    for name, data in zip(STREAMS, said or ()):
        stream = getattr(sys, name)
        if data and stream is not None:
            stream.flush()
            if hasattr(stream, "buffer"):
                stream.buffer.write(data)
            else:  # a text-only stream (a StringIO): the child encoded as it would
                stream.write(data.decode(encoding_of(stream), "surrogateescape"))


class RemoteTraceback(Exception):
    """The cause of a child's fault re-raised here: where it was raised (``STATEGRAPH_DEBUG=1`` shows it)."""

    def __str__(self) -> str:
        return str(self.args[0])


def carried(exc: BaseException) -> tuple:
    """``exc`` as the parent rebuilds it: its class, arguments and attributes (no ``__init__`` is
    called again), or where those cannot be pickled, its class name, kind and message."""
    where = "".join(traceback.format_exception(exc))
    try:
        return pickle.dumps((type(exc), exc.args, vars(exc))), where
    except Exception:
        kind = StategraphError if isinstance(exc, StategraphError) else Exception
        return (type(exc).__name__, kind, getattr(exc, "exit_status", None), str(exc)), where


def rebuilt(sent: tuple) -> BaseException:
    """The fault :func:`carried` sent, raised here with the child's traceback as its cause."""
    fault, where = sent
    if isinstance(fault, bytes):
        kind, args, attributes = pickle.loads(fault)
        exc = kind.__new__(kind, *args)
        exc.args = args
        vars(exc).update(attributes)
    else:
        name, base, status, message = fault
        exc = type(name, (base,), {} if status is None else {"exit_status": status})(message)
    exc.__cause__ = RemoteTraceback(where)
    return exc
