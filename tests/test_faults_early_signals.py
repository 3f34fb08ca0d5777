"""A signal at any moment of start-up or clean-up is one line and its status, never a traceback
from stategraph's code (a Ctrl-C while Python itself starts, before any of it runs, is Python's)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

import stategraph
from process_table import reading_a_pipe
from stategraph.cli import main as cli

STATEGRAPH = os.path.join(os.path.dirname(sys.executable), "stategraph")
PACKAGE = os.path.dirname(os.path.realpath(stategraph.__file__))
FRAME = re.compile(r'^  File "(.+)", line \d+', re.MULTILINE)


def frames_in_stategraph(traceback: str) -> list[str]:
    """The files of a printed traceback's frames that are stategraph's own modules: decided by
    where the package is, not by a folder's name (a clone in ``stategraph/`` holds the console
    script too, whose frame is Python's start-up)."""
    files = (os.path.realpath(name) for name in FRAME.findall(traceback))
    return [name for name in files if os.path.commonpath([name, PACKAGE]) == PACKAGE]


def test_only_frames_of_the_package_are_ours():
    script = os.path.join(PACKAGE, "..", "..", "stategraph", ".venv", "bin", "stategraph")
    text = (f'Traceback (most recent call last):\n  File "{script}", line 5, in <module>\n'
            f'  File "{os.path.join(PACKAGE, "cli", "main.py")}", line 9, in main\nKeyboardInterrupt\n')
    assert frames_in_stategraph(text) == [os.path.join(PACKAGE, "cli", "main.py")]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_in_the_first_hundreds_of_milliseconds_is_one_line(signum):
    """A signal 0, 6, 12, ... ms after the start, until start-up is over: once the run waits for
    its input (which comes only after the signal), every later signal lands in that same read, so
    three such runs end the schedule (where the process table cannot tell, it runs to 234 ms)."""
    faults, waiting = [], 0
    for run in range(40):
        if waiting == 3:
            break
        process = subprocess.Popen([STATEGRAPH, "solve", "pushing_boxes", "--stats"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(run * 0.006)
        waiting = waiting + 1 if reading_a_pipe(process.pid) else 0
        process.send_signal(signum)
        _, err = process.communicate(b"1 3\nSBT\n0 0\n", timeout=60)
        text = err.decode()
        ours = frames_in_stategraph(text)
        if ours or "internal error" in text:
            faults.append((run, process.returncode, text[-300:]))
        elif process.returncode == 128 + signum:
            assert text.splitlines()[-1] in ("stategraph: interrupted", "stategraph: stopped by SIGTERM"), text
    assert faults == []


@pytest.mark.parametrize("signalled, status, line", [
    (KeyboardInterrupt(), 130, "stategraph: interrupted"),
    (cli.Stopped(signal.SIGTERM), 143, "stategraph: stopped by SIGTERM"),
])
def test_a_signal_python_wraps_in_another_exception_is_still_the_signal(signalled, status, line, monkeypatch,
                                                                         capsys):
    """Python 3.11 reports an exception raised in ``__set_name__`` (a class being made when the
    signal lands) as a RuntimeError caused by it."""
    from stategraph.cli import commands

    def wrapped(args):
        raise RuntimeError("Error calling __set_name__") from signalled

    monkeypatch.setattr(commands, "sample", wrapped)
    assert cli.main(["sample", "huarong"]) == status
    assert capsys.readouterr().err.splitlines() == [line]


SLOW_FINALIZER = '''
import os, time
from stategraph import COST, SuccessorPuzzle

class Slow:
    def __del__(self):                  # a finalizer at work when the signal comes: it swallows what it raises
        if not os.path.exists("finalizing"):
            open("finalizing", "w").close()
            time.sleep(30)

class Counter(SuccessorPuzzle):
    name, summary, sample = "counter", "0 to n by +1", "6\\\\n"
    output = COST
    def read(self, tokens, limits):
        Slow()
        return tokens.integer("n", 0, 1000)
    def start(self, n): return 0
    def is_goal(self, n, x): return x == n
    def moves(self, n, x):
        if x < n: yield "+1", x + 1, 1
'''


@pytest.mark.parametrize("signum, line", [(signal.SIGINT, "stategraph: interrupted"),
                                          (signal.SIGTERM, "stategraph: stopped by SIGTERM")],
                         ids=["SIGINT", "SIGTERM"])
def test_a_signal_that_lands_in_a_finalizer_still_ends_the_run(signum, line, tmp_path):
    """Python swallows an exception raised in a ``__del__`` (or a generator closed as it is
    collected); the run, its input still open, must end all the same, not wait for more input."""
    (tmp_path / "counter.py").write_text(SLOW_FINALIZER)
    (tmp_path / "puzzle.yaml").write_text("puzzle: counter:Counter\n")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "--config", "puzzle.yaml"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    process.stdin.write(b"3\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while not (tmp_path / "finalizing").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signum)
    try:
        process.wait(timeout=20)  # the input stays open: only the signal can end the run
    except subprocess.TimeoutExpired:
        process.kill()
    out, err = process.communicate()
    assert (process.returncode, out, err.decode()) == (128 + signum, b"", line + "\n")


SIGINT_INSIDE_EXEC = '''
import builtins, os, signal

_exec = builtins.exec


def exec_with_a_ctrl_c(source, *args, **kwargs):
    """The first source text run by exec once the command handles Ctrl-C gets one, as it runs."""
    handler = getattr(signal.getsignal(signal.SIGINT), "__name__", "")
    if isinstance(source, str) and handler == "_interrupt" and not os.path.exists({marker!r}):
        open({marker!r}, "w").close()
        source = "import os, signal\\nos.kill(os.getpid(), signal.SIGINT)\\n" + source
    return _exec(source, *args, **kwargs)


builtins.exec = exec_with_a_ctrl_c
'''


@pytest.mark.parametrize("command", [[sys.executable, "-m", "stategraph"], [STATEGRAPH]], ids=["-m", "script"])
def test_a_ctrl_c_inside_code_made_by_exec_still_ends_with_130(command, tmp_path):
    """CPython marks a KeyboardInterrupt that leaves code run by ``exec`` as unhandled, and ends a
    ``-m`` run killed by SIGINT once it exits, whatever the command made of it (seen in the field:
    a Ctrl-C as ``dataclasses`` built a class).  A ``sitecustomize`` sends the Ctrl-C there."""
    marker = tmp_path / "sent"
    (tmp_path / "sitecustomize.py").write_text(SIGINT_INSIDE_EXEC.format(marker=str(marker)))
    paths = [str(tmp_path)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    done = subprocess.run([*command, "solve", "pushing_boxes"], input=b"1 3\nSBT\n0 0\n", env=env,
                          capture_output=True, timeout=60)
    assert marker.exists(), "no exec ran once Ctrl-C was handled: the test no longer reaches the case"
    assert (done.returncode, done.stderr.decode()) == (130, "stategraph: interrupted\n")
