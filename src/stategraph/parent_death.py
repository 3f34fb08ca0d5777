"""A child process that ends when its parent does, however the parent ends (``SIGKILL`` included).

On Linux the kernel sends the child ``SIGKILL`` when the thread that started it ends
(``PR_SET_PDEATHSIG``); elsewhere a thread of the child watches its parent's process id.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # prctl: the signal a child gets when its parent thread ends
WATCH_SECONDS = 0.5  # where prctl is missing: how often the child looks at its parent


def die_with_parent(parent: int | None, status: int = 0) -> None:
    """End this process (exit status ``status``) when its parent ends, and now if its parent is no
    longer ``parent`` (a process id; ``None``: not known, as in another pid namespace)."""
    if not _kill_me_with_parent():
        watched = os.getppid() if parent is None else parent
        threading.Thread(target=_watch, args=(watched, status), daemon=True).start()
    if parent is not None and os.getppid() != parent:  # it ended before the kernel could be asked
        os._exit(status)


def _kill_me_with_parent() -> bool:
    """Ask Linux for ``SIGKILL`` when the parent thread ends; ``False`` where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int, status: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(status)
