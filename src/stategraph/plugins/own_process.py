"""The ``stategraph`` command runs a plug-in's code in a process of its own.

The first time the command loads code a user named, it forks: the child loads it, answers and
prints; the parent waits, passes on signals sent to it, and ends with the status the child
decided (:func:`finished`).  So a plug-in's ``os._exit(0)`` or a signal that kills the child is
one line and exit status 2, never a silent success.  Only the command's own process forks
(``stategraph._COMMAND_PID``), not a program that imports stategraph.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from types import FrameType
from typing import TYPE_CHECKING

from .faults import frame_fault

if TYPE_CHECKING:
    from typing import NoReturn

real_exit = os._exit  # the process's own end, whatever a plug-in or this module makes of os._exit
_HELD = (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_child: int | None = None  # in the child: its process id
_report: int | None = None  # in the child: the pipe to the parent
_from_children: tuple[int, int] | None = None  # in the child: the pipe its own children (--jobs) tell their exits down
_plugin_pid: int | None = None  # the process a user's code was loaded in


def supervise() -> None:
    """Fork, if this is the command's own process and it has not forked yet: the child returns, and
    the parent waits for it and ends the command (it never returns)."""
    command = getattr(sys.modules.get("stategraph"), "_COMMAND_PID", None)
    if command != os.getpid() or _child is not None or not hasattr(signal, "sigwaitinfo"):  # (Linux, the BSDs)
        return
    for stream in (sys.stdout, sys.stderr):  # what is buffered is written once, not by both
        flush(stream)
    reading, writing = os.pipe()
    alive, dying = os.pipe()  # the parent holds ``dying`` open as long as it lives
    gc.freeze()  # what exists now the child's collections pass over, so they do not copy its pages
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        os.close(dying)
        _become_child(writing, alive)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return
    os.close(writing)
    os.close(alive)
    real_exit(_wait(pid, reading))


def plugin_loaded() -> None:
    """Note that this process loads a user's code (it ends the ordinary way: :func:`plugin_code_here`)."""
    global _plugin_pid
    _plugin_pid = os.getpid()


def plugin_code_here() -> bool:
    """Whether a user's code was loaded in this process (a process forked since does not count)."""
    return _plugin_pid == os.getpid()


def flush(stream) -> None:
    """Flush ``stream`` if it can be (it may be ``None`` or closed)."""
    try:
        if stream is not None:
            stream.flush()
    except (OSError, ValueError):
        pass


def finished(status: int) -> None:
    """The child's stategraph has decided the exit status: tell the parent."""
    if _report is not None and os.getpid() == _child:
        _tell(_report, f"status {status}")


def exit_in_a_child() -> str | None:
    """Where a plug-in's code called ``os._exit`` in a process this one forked (a ``--jobs`` worker),
    if one did: what a lost worker is reported as."""
    if _from_children is None or os.getpid() != _child:
        return None
    told = _read_all(_from_children[0]).splitlines()
    return told[-1] if told else None


def _become_child(writing: int, alive: int) -> None:
    global _child, _report, _from_children
    _child, _report, _from_children = os.getpid(), writing, os.pipe()
    threading.Thread(target=_end_with_parent, args=(alive,), daemon=True).start()
    os._exit = _exit_seen


def _end_with_parent(alive: int) -> None:
    """(A thread of the child) End the child when the parent ends, however: its end of the pipe
    closes.  (Cheaper than :mod:`stategraph.parent_death`'s ``prctl``: ``ctypes`` is slow to import.)"""
    try:
        os.read(alive, 1)
    finally:
        real_exit(1)


def _exit_seen(status: int) -> NoReturn:
    """``os._exit`` in the child or a process it forked: where it was called from, if a plug-in's code
    called it, is told first (the child tells the parent, a process it forked tells the child)."""
    try:
        caller: FrameType | None = sys._getframe(1)
    except ValueError:  # called by the interpreter itself (an atexit hook)
        caller = None
    in_child = os.getpid() == _child
    ended = "the process before stategraph had finished" if in_child else "one of the run's processes (--jobs)"
    what = f"os._exit({status!r}) ended {ended}"
    fault = frame_fault(caller, what)
    if in_child:
        assert _report is not None
        _tell(_report, "exit " + fault)
    elif _from_children is not None and fault != what:  # not stategraph's own (a worker ending)
        _tell(_from_children[1], fault)
    real_exit(status)


def _tell(fd: int, line: str) -> None:
    try:
        os.write(fd, (" ".join(line.splitlines()) + "\n").encode("utf-8", "replace"))
    except OSError:
        pass


def _wait(child: int, reading: int) -> int:
    """Wait for ``child``, passing on the signals sent to this process; its exit status for the command."""
    passed_on = set()
    while True:
        info = signal.sigwaitinfo(_HELD)
        if info.si_signo != signal.SIGCHLD:
            if info.si_code <= 0:  # sent by a process (kill, sigqueue), not by the terminal or the kernel
                os.kill(child, info.si_signo)
                passed_on.add(info.si_signo)
            continue
        done, wait_status = os.waitpid(child, os.WNOHANG)
        if done:
            break
    told = _read_all(reading).splitlines()
    statuses = [line.removeprefix("status ") for line in told if line.startswith("status ")]
    if statuses:
        return int(statuses[-1])
    exits = [line.removeprefix("exit ") for line in told if line.startswith("exit ")]
    if exits:
        _say(exits[-1])
    elif os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) in passed_on | {signal.SIGINT}:
        signum = os.WTERMSIG(wait_status)  # the signal sent to stop the command did (the child's handler undone)
        _say("interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}", error=False)
        return 128 + signum
    else:
        _say(how_it_ended(wait_status))
    return 2


def how_it_ended(wait_status: int) -> str:
    """A process running a plug-in's code that ended before stategraph had finished (``wait_status``
    as :func:`os.waitpid` gives it), in words."""
    if os.WIFSIGNALED(wait_status):
        name = signal.Signals(os.WTERMSIG(wait_status)).name
        return f"the process running the plug-in's code was killed by {name}" + (
            " (out of memory?)" if name == "SIGKILL" else "")
    return (f"the process running the plug-in's code ended with exit status {os.waitstatus_to_exitcode(wait_status)} "
            "before stategraph had finished (an exit from the plug-in's code or a library it calls)")


def _read_all(reading: int) -> str:
    """What the child told, without waiting: a process it forked may hold the pipe open still."""
    os.set_blocking(reading, False)
    chunks = []
    while True:
        try:
            chunk = os.read(reading, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _say(line: str, error: bool = True) -> None:
    try:
        os.write(2, f"stategraph: {'error: ' if error else ''}{line}\n".encode("utf-8", "replace"))
    except OSError:
        pass
