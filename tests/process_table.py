"""The process table as the tests read it: a process's children, the CPU time one used, and whether
one still runs."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def descendants(pid: int) -> set[int]:
    """Every process ``pid`` started, and every process those started, by the process table (a
    command running a plug-in's code runs it in a child: stategraph.plugins.own_process)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    while grown := {child for child, parent in parents.items() if (parent == pid or parent in found)} - found:
        found |= grown
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used (user and system; 0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie no longer does)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def reading_a_pipe(pid: int) -> bool:
    """Whether ``pid`` sleeps in a read of a pipe (its kernel's wait channel says so: ``pipe_read``,
    ``anon_pipe_read``); ``False`` where the process table does not tell."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        channel = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False
    return state == "S" and "pipe_read" in channel


def left_alive(pids, within: float) -> list[int]:
    """Those of ``pids`` still running after waiting up to ``within`` seconds for them to end."""
    deadline = time.monotonic() + within
    while (left := [pid for pid in pids if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def kill_all(pids) -> None:
    """SIGKILL each of ``pids`` that is still there (what a run left behind, if a test failed)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
