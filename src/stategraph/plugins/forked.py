"""A call of a plug-in's code in a forked process of its own, what it returns sent back as plain data.

The child sends what ``work()`` returns, and what it printed, as one JSON frame
(:mod:`stategraph.plugins.frames`); whatever it changes is its own copy of this process's memory,
so what judges the value here judges it on what was there before the call.  A child that ends
without a value (a raise, ``os._exit``, a signal, a bad frame) is one
:class:`~stategraph.plugins.faults.PluginFault` line at the plug-in's line where one can be named.

>>> call_forked(lambda: {"sum": 1 + 2})
{'sum': 3}
"""

from __future__ import annotations

import io
import os
import signal
import sys
from collections.abc import Callable
from time import monotonic
from typing import NoReturn

from ..errors import StategraphError
from ..parent_death import die_with_parent
from .faults import PluginFault, describe_exception, frame_fault, plugin_fault, plugin_frames
from .frames import MAX_FRAME, Garbled, read_frame, write_frame
from .own_process import flush, how_it_ended, real_exit

FOREVER = 1e9  # seconds: a routine of your own has no deadline here (Ctrl-C stops it)
ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # the signals that end a run (cli.stops)


def call_forked(work: Callable[[], object], limit: int = MAX_FRAME):
    """What ``work()`` returns (what JSON holds, at most ``limit`` bytes), run in a forked process of
    its own; how it ended otherwise is raised here.  Without ``os.fork`` (Windows) it runs here."""
    if not forks():
        return work()
    for stream in (sys.stdout, sys.stderr):  # what is buffered is written once, here, not by both
        flush(stream)
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: F401  (once here, not in every child: die_with_parent's prctl uses it)
    parent = os.getpid()
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        _answer(work, writing, parent)
    os.close(writing)
    told = None
    try:
        told = _read(reading, pid, limit)
    finally:
        os.close(reading)
        if told is not None or sys.exc_info()[0] is not None:  # its answer is in (or this process stops)
            _kill(pid)
        wait_status = os.waitpid(pid, 0)[1]
    if told is None:
        if os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) == signal.SIGINT:
            raise KeyboardInterrupt  # a Ctrl-C: this process has it too
        raise PluginFault(how_it_ended(wait_status))
    return _value(told)


def forks() -> bool:
    """Whether :func:`call_forked` runs its work in a process of its own."""
    return hasattr(os, "fork")


def _read(reading: int, pid: int, limit: int) -> dict | None:
    """The child's one frame, or ``None`` if it ended without one."""
    try:
        pidfd: int | None = os.pidfd_open(pid)
    except (AttributeError, OSError):  # not Linux: its end is seen when the pipe closes
        pidfd = None
    try:
        told = read_frame(reading, monotonic() + FOREVER, limit, watch=pidfd)
    except EOFError:
        return None
    except Garbled as exc:
        raise PluginFault(f"the process running the plug-in's code {exc}") from None
    finally:
        if pidfd is not None:
            os.close(pidfd)
    if not isinstance(told, dict) or not isinstance(told.get("said", []), list):
        raise PluginFault("the process running the plug-in's code sent what is not an answer")
    return told


def _value(told: dict):
    """The value the child sent, once what it wrote is written here; or what it raised, raised."""
    for chunk in told.get("said", []):
        if isinstance(chunk, list) and len(chunk) == 2 and chunk[0] in (1, 2) and isinstance(chunk[1], str):
            _write(sys.stdout if chunk[0] == 1 else sys.stderr, chunk[1])
    if "value" in told:
        return told["value"]
    fault = told.get("fault")
    if isinstance(fault, list) and len(fault) == 2 and isinstance(fault[0], str) and isinstance(fault[1], list):
        raise PluginFault(fault[0], [str(part) for part in fault[1]])
    if told.get("memory"):
        raise MemoryError
    for key in ("exit", "error"):
        if isinstance(told.get(key), str):
            raise (PluginFault if key == "exit" else StategraphError)(told[key])
    if isinstance(told.get("internal"), str):
        raise RuntimeError(f"in the process running the plug-in's code: {told['internal']}")
    raise PluginFault("the process running the plug-in's code sent what is not an answer")


# -- the child ------------------------------------------------------------------------------------------------------

def _answer(work: Callable[[], object], writing: int, parent: int) -> NoReturn:
    """(The child) Run ``work()``, send what came of it, end."""
    try:
        for signum in ENDING:  # a Ctrl-C or a stop ends it (this run's process, which hears it too, says so)
            signal.signal(signum, signal.SIG_DFL)
        die_with_parent(parent, status=1)
        said: list[list] = []
        sys.stdout, sys.stderr = _Said(said, 1), _Said(said, 2)
        os._exit = _exit_told(writing, said)  # type: ignore[assignment]
        try:
            told: dict = {"value": work()}
        except MemoryError:
            told = {"memory": True}
        except PluginFault as exc:
            told = {"fault": [exc.what, list(exc.context)]}
            show_cause(exc)
        except StategraphError as exc:
            told = {"error": str(exc)}
            show_cause(exc)
        except BaseException as exc:  # noqa: B036 (a plug-in's SystemExit and KeyboardInterrupt are its faults)
            fault = plugin_fault(exc)
            told = {"internal": describe_exception(exc)} if fault is None else \
                {"fault": [fault.what, list(fault.context)]}
            show_cause(fault or exc, exc)
        told["said"] = said
        try:
            write_frame(writing, told)
        except (TypeError, ValueError) as exc:  # a value JSON cannot hold (it was checked before writing)
            write_frame(writing, {"internal": describe_exception(exc), "said": said})
    finally:
        real_exit(0)


def show_cause(fault: BaseException, cause: BaseException | None = None) -> None:
    """(The child) With ``STATEGRAPH_DEBUG=1``, write to ``sys.stderr`` the traceback of ``cause``
    (else ``fault.__cause__``) from the plug-in's frame on, as the command would print it."""
    cause = cause or fault.__cause__
    if not os.environ.get("STATEGRAPH_DEBUG") or cause is None:
        return
    import traceback

    sys.stderr.write("".join(traceback.format_exception(type(cause), cause, plugin_frames(cause))))


def _exit_told(writing: int, said: list) -> Callable[[int], NoReturn]:
    """``os._exit`` in the child: where it was called from is sent first, as a fault."""

    def exit_told(status: int) -> NoReturn:
        try:
            caller = sys._getframe(1)
        except ValueError:
            caller = None
        what = f"os._exit({status!r}) ended the process before stategraph had finished"
        try:
            write_frame(writing, {"exit": frame_fault(caller, what), "said": said})
        finally:
            real_exit(status)

    return exit_told


class _Said(io.TextIOBase):
    """``sys.stdout`` (``fd`` 1) or ``sys.stderr`` (2) in the child: what is written, kept in order."""

    def __init__(self, said: list, fd: int):
        super().__init__()
        self._said, self._fd = said, fd

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self._said and self._said[-1][0] == self._fd:
            self._said[-1][1] += text
        else:
            self._said.append([self._fd, text])
        return len(text)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _write(stream, text: str) -> None:
    if stream is not None:
        stream.write(text)
