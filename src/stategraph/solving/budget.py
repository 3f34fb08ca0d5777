"""A graded child's time: CPU seconds while it computes, wall seconds while it waits.

The grader gives a child ``seconds`` to answer an instance.  Counted by the wall clock alone, a
child that computes on a busy machine would be stopped before it had its seconds of CPU, and a
verdict would depend on the machine's load.  :func:`late` waits for the child's reply; past
``seconds`` of wall time it reads the CPU time the child's process group has used (``/proc``) and
waits on while the child computes, until the child has used ``seconds`` of CPU, waits instead of
computing, or has taken :data:`WALL_TIMES` times ``seconds``.  Without ``/proc`` it is the wall clock.

>>> import subprocess, sys
>>> child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"], stdout=subprocess.PIPE,
...                          start_new_session=True)
>>> late([child.stdout.fileno()], GroupClock(child.pid), 0.2)  # it sleeps: the wall clock
'took longer than 0.2 s'
>>> child.kill(); child.wait()
-9
"""

from __future__ import annotations

import os
import select
from time import monotonic

WALL_TIMES = 10  # the wall time a child that computes may take, in budgets
COMPUTING = 0.05  # the share of a core a child uses at least while it computes (a waiting child: none)
TICK = 0.02  # CPU seconds: /proc counts hundredths of a second
LOOK = 0.25  # wall seconds at least over which a child's CPU shows whether it computes or waits


def late(fds: list[int], clock: GroupClock, seconds: float) -> str | None:
    """Wait until one of ``fds`` is readable: ``None`` if it is within the budget, else what the
    child (its process group's ``clock``) did: used its ``seconds`` of CPU, or took longer (waiting,
    or ``WALL_TIMES`` budgets)."""
    start = checked = monotonic()
    base = used = clock.cpu()
    wait = seconds
    while not select.select(fds, [], [], wait)[0]:
        now, cpu = monotonic(), clock.scan()
        if cpu - base >= seconds - TICK:
            return used_cpu(seconds)
        if now - start >= WALL_TIMES * seconds:
            return took(WALL_TIMES * seconds)
        if now - checked >= LOOK:  # (over less, a computing child's hundredths may not show)
            if cpu - used < COMPUTING * (now - checked):
                return took(seconds)
            checked, used = now, cpu
        wait = min(max(seconds - (cpu - base), TICK), start + WALL_TIMES * seconds - now)
    return None


def used_cpu(seconds: float) -> str:
    return f"used more than its {seconds:g} s of CPU"


def took(seconds: float) -> str:
    return f"took longer than {seconds:g} s"


class GroupClock:
    """The CPU seconds (user and system, with the children they have reaped) of the processes in
    process group ``group``, from ``/proc``; ``0.0`` without it."""

    def __init__(self, group: int):
        self.group = group
        self.members: list[str] | None = None  # the processes of the group at the last scan

    def cpu(self) -> float:
        """The CPU of the processes found at the last scan (a scan, the first time): one file each,
        not all of ``/proc`` (a request is timed from it)."""
        return self.scan() if self.members is None else self._of(self.members)[0]

    def scan(self) -> float:
        """The CPU of every process in the group now."""
        try:
            names = [name for name in os.listdir("/proc") if name.isdigit()]
        except OSError:
            return 0.0
        seconds, self.members = self._of(names)
        return seconds

    def _of(self, names: list[str]) -> tuple[float, list[str]]:
        ticks, members = 0, []
        for name in names:
            try:
                with open(f"/proc/{name}/stat", "rb") as stat:
                    fields = stat.read().rpartition(b")")[2].split()
            except OSError:  # it ended as we looked
                continue
            if len(fields) > 14 and int(fields[2]) == self.group:  # pgrp; utime, stime, cutime, cstime
                ticks += sum(int(field) for field in fields[11:15])
                members.append(name)
        return ticks / os.sysconf("SC_CLK_TCK"), members
