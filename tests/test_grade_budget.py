"""A graded child's time (:mod:`stategraph.solving.budget`): CPU seconds while it computes, so that a
busy machine does not change its verdict, and the wall clock while it waits.  "Busy" here is real:
the child shares one core with a process that spins."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest

from stategraph.solving import budget
from stategraph.solving.budget import GroupClock, late

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc") or not hasattr(os, "sched_setaffinity"),
                                reason="the CPU a process group used is read from Linux's /proc")

CORE = {min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else set()
COMPUTE = "import sys, time\nstart = time.process_time()\nwhile time.process_time() - start < {cpu}:\n    pass\n"
REPLY = "sys.stdout.write('x')\nsys.stdout.flush()\ntime.sleep(30)\n"


def started(code: str, crowded: bool = True) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, start_new_session=True,
                            preexec_fn=(lambda: os.sched_setaffinity(0, CORE)) if crowded else None)


@contextmanager
def crowd():
    """A process spinning on the core the children are put on."""
    spinners = [started("while True:\n    pass\n")]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def timed(child: subprocess.Popen, seconds: float) -> tuple:
    """What :func:`late` says of ``child`` with a budget of ``seconds``, the wall seconds it took, and
    the CPU seconds the child used."""
    assert child.stdout is not None
    began, clock = time.monotonic(), GroupClock(child.pid)
    try:
        return late([child.stdout.fileno()], clock, seconds), time.monotonic() - began, clock.scan()
    finally:
        child.kill()
        child.wait()


def test_a_child_that_computes_on_a_crowded_core_answers_within_its_cpu():
    """0.5 s of CPU needed, 0.7 s given, half a core: more than 0.7 s of wall time, in budget."""
    with crowd():
        verdict, wall, cpu = timed(started(COMPUTE.format(cpu=0.5) + REPLY), 0.7)
    assert verdict is None and wall > 0.7 and 0.5 <= cpu < 0.7, (verdict, wall, cpu)


def test_a_child_that_computes_on_and_on_is_stopped_at_its_cpu_whatever_the_crowd():
    with crowd():
        verdict, wall, cpu = timed(started(COMPUTE.format(cpu=60)), 0.5)
    assert verdict == "used more than its 0.5 s of CPU" and wall > 0.7 and 0.48 <= cpu < 0.6, (verdict, wall, cpu)
    verdict, wall, cpu = timed(started(COMPUTE.format(cpu=60), crowded=False), 0.5)
    assert verdict == "used more than its 0.5 s of CPU" and 0.48 <= cpu < 0.6 and wall < 5, (verdict, wall, cpu)


@pytest.mark.parametrize("code", ["import time; time.sleep(30)",
                                  COMPUTE.format(cpu=0.1) + "time.sleep(30)"])
def test_a_child_that_waits_is_stopped_by_the_wall_clock(code):
    verdict, wall, cpu = timed(started(code, crowded=False), 0.5)
    assert verdict == "took longer than 0.5 s" and 0.5 <= wall < 2 and cpu < 0.5, (verdict, wall, cpu)


def test_a_crowded_child_is_given_at_most_its_wall_times(monkeypatch):
    monkeypatch.setattr(budget, "WALL_TIMES", 1.5)
    with crowd():
        verdict, wall, cpu = timed(started(COMPUTE.format(cpu=60)), 1)
    assert verdict == "took longer than 1.5 s" and 1.5 <= wall < 3 and cpu < 1, (verdict, wall, cpu)
