"""The signals that end a run: Ctrl-C is ``KeyboardInterrupt`` and SIGTERM or SIGHUP is :class:`Stopped`,
each raised where the program is, so a file being written is cleaned up before the process ends.

While :func:`signals_handled` holds, a signal whose exception a finalizer swallowed is sent again
(else the run may wait for input that never comes).  Each handler works once: a second signal
(a process group's reaches a plug-in's process twice) must not cut the clean-up short.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)  # exit status 128 + the signal's number
RESEND_SECONDS = 0.01
_PACKAGE = __package__.rpartition(".")[0]  # stategraph


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: raised where the program is, like ``KeyboardInterrupt`` for Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


kept: list[Stopped] = []  # the signal received, kept: where it lands, a library's bare except may swallow it
_running = False  # while signals_handled holds: a signal a finalizer swallowed is sent again


@contextmanager
def signals_handled() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP raised where the program is, until the block ends."""
    global _running
    signal.signal(signal.SIGINT, _interrupt)
    previous = {signum: signal.signal(signum, _stop) for signum in STOP_SIGNALS}
    sys.unraisablehook = _quiet_unraisable
    _running = True
    try:
        yield
    finally:
        _running = False
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if kept:  # called again in the same process (a test): start afresh
            from ..io import safefile

            kept.clear()
            safefile.stop_replacing(None)


def _stop(signum, frame) -> None:
    for other in STOP_SIGNALS:
        signal.signal(other, signal.SIG_IGN)
    stop = Stopped(signum)
    kept.append(stop)
    # even if this exception is swallowed, no file is replaced from now on; nothing is imported here
    # (the signal may land inside an import), and a file is written only once safefile is loaded
    stop_replacing = getattr(sys.modules.get(f"{_PACKAGE}.io.safefile"), "stop_replacing", None)
    if stop_replacing is not None:
        stop_replacing(stop)
    raise stop


def _interrupt(signum, frame) -> None:
    """Ctrl-C: ``KeyboardInterrupt`` raised here, so that its innermost frame tells it from one a
    plug-in's code raises (a fault of the plug-in's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def raised_by_ctrl_c(exc: KeyboardInterrupt) -> bool:
    """Whether :func:`_interrupt` raised ``exc`` (its innermost frame), not a plug-in's code."""
    frames = exc.__traceback__
    while frames is not None and frames.tb_next is not None:
        frames = frames.tb_next
    return frames is not None and frames.tb_frame.f_code is _interrupt.__code__


def _quiet_unraisable(unraisable) -> None:
    """Out of memory or interrupted, generators closed on the way out may fail again: not news.  A
    signal swallowed by a finalizer is sent again."""
    exc = unraisable.exc_value
    if _running and isinstance(exc, Stopped) and any(exc is stop for stop in kept):
        signal.signal(exc.signum, _raiser(exc))
        _send_later(exc.signum)
    elif _running and isinstance(exc, KeyboardInterrupt) and raised_by_ctrl_c(exc):
        signal.signal(signal.SIGINT, _interrupt)
        _send_later(signal.SIGINT)
    elif not isinstance(exc, (MemoryError, KeyboardInterrupt, Stopped, BrokenPipeError)):
        sys.__unraisablehook__(unraisable)


def _send_later(signum: int) -> None:
    """Send ``signum`` to the main thread from another, a moment from now: its handler runs once the
    finalizer has returned (sent from here, it would run here, and be swallowed again; landing in
    a finalizer again, it is sent again)."""
    import threading

    main = threading.main_thread().ident

    def send():
        time.sleep(RESEND_SECONDS)
        if _running:  # a run that ended meanwhile has reported the stop it kept
            signal.pthread_kill(main, signum)

    threading.Thread(target=send, daemon=True).start()


def _raiser(stop: Stopped):
    """A handler raising ``stop`` again, once."""
    def again(signum, frame):
        signal.signal(signum, signal.SIG_IGN)
        raise stop
    return again
