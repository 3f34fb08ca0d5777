"""Untrusted code answering in a fresh interpreter, within a time and a memory budget per instance.

A :class:`Sandbox` starts a new Python process (:mod:`stategraph.solving.child`, never a fork)
that loads the code a :class:`Side` names there and only there, then answers instance texts.
Only plain JSON crosses, in bounded frames (:mod:`stategraph.plugins.frames`); the child runs in a
session of its own (killed whole) with its budgets set before the code loads, and an answer past
``max_seconds`` (of CPU while it computes: :mod:`~stategraph.solving.budget`) kills it.  Every
fault is an :class:`Outcome` of its kind, never a hang or code run here.  With ``isolate`` the
child runs under ``bwrap`` (docs/trust.md).

>>> side = Side(("pushing_boxes",))
>>> with Sandbox(side, max_seconds=30) as box:
...     done = box.answer("1 3\\nSBT\\n0 0\\n")
>>> done.kind, done.answers[0]["output"]
('answer', 'Maze #1\\nE\\n\\n')
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import asdict, dataclass, field
from time import monotonic
from typing import Any

from ..errors import InputError, StategraphError, VerificationError, shorten
from ..limits import GRADE_MEMORY_MIB, GRADE_SECONDS
from ..plugins.frames import Garbled, read_frame, write_frame
from ..settings.resolve import Settings, resolve
from .budget import GroupClock, late, took, used_cpu

MAX_SECONDS = GRADE_SECONDS  # a student's answer to one instance, by default
MAX_MEMORY = GRADE_MEMORY_MIB << 20  # bytes of address space a student's child may take, by default
START_SECONDS = 60.0  # at least this long to start an interpreter and load the code, whatever max_seconds
KINDS = frozenset({"ready", "answer", "rejected", "fault", "timeout", "memory", "crashed"})
ANSWER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "instance": int, "query": int, "output": str, "cost": object, "illegal": (str, type(None)),
                 "wrong": (str, type(None)), "states": (int, type(None)), "moves": (list, type(None)),
                 "path": (list, type(None))}
BWRAP = "bwrap"


@dataclass(frozen=True)
class Side:
    """What answers: ``items`` as ``stategraph solve`` takes them, or a ``config`` file; ``flags``:
    settings by dotted key; ``routine``: a ``module:function`` replacing the configured routine,
    looked up in the current folder first."""

    items: tuple[str, ...] = ()
    config: str | None = None
    flags: tuple[tuple[str, Any], ...] = ()
    routine: str | None = None

    def settings(self) -> Settings:
        """The settings it names (loading the code it names)."""
        settings = resolve("grade", self.items, (), config=self.config, flags=dict(self.flags))[0]
        if self.routine is None:
            return settings
        from ..search import get_search

        get_search(self.routine, os.getcwd())  # now the routine loaded last under its name: the one searches get
        return settings.replace(algorithm=self.routine)


@dataclass
class Outcome:
    """One side on one instance text: ``kind`` is ``answer`` (``answers``: one dict per question),
    ``rejected`` (its reader refused the text), ``fault`` (its code raised), ``timeout``,
    ``memory`` or ``crashed``; ``message`` says what happened."""

    kind: str
    answers: Any = field(default_factory=list)
    message: str = ""

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def received(cls, value) -> Outcome:
        """The outcome a child sent, checked field by field (:class:`Garbled` if it is not one)."""
        if not isinstance(value, dict) or value.get("kind") not in KINDS or \
                not isinstance(value.get("message", ""), str):
            raise Garbled(f"sent what is not an outcome: {shorten(value)}")
        answers = value.get("answers", [])
        if value["kind"] == "ready":  # the files the code came from
            if not isinstance(answers, list) or not all(isinstance(name, str) for name in answers):
                raise Garbled(f"sent a list of files that is not one: {shorten(answers)}")
        elif isinstance(answers, list):
            answers = [_checked_answer(answer) for answer in answers]
        elif not isinstance(answers, str):
            raise Garbled(f"sent answers that are neither a list nor a page: {shorten(answers)}")
        return cls(value["kind"], answers, value.get("message", ""))


def _checked_answer(answer) -> dict:
    if not isinstance(answer, dict) or set(answer) != set(ANSWER_FIELDS) or not all(
            isinstance(answer[key], kind) for key, kind in ANSWER_FIELDS.items()):
        raise Garbled(f"sent an answer of the wrong form: {shorten(answer)}")
    return {**answer, "cost": _plain(answer["cost"])}


def outcome(settings: Settings, text: str) -> Outcome:
    """What ``settings`` answer on ``text``: each question's cost, output, model size, moves and path."""
    from .driver import run

    model = settings.puzzle.model(settings.model)
    moves: dict = {}

    def name_moves(instance, query, graph, solution) -> None:
        if solution is not None and solution.found and solution.edges is not None:
            moves[instance, query] = [model.move_label(graph, u, v, a) for u, v, a in solution.edges]

    def capture(instance, query, state_graph, graph, solution) -> None:  # while the question's graph is live
        name_moves(instance, query, state_graph.graph, solution)

    reads = model.labels_read_graph()  # else the moves are named after the run, and no whole graph is built
    try:
        records = list(run(settings.puzzle, text, settings, "<instance>", capture=capture if reads else None,
                           paths=True, keep_wrong=True, sizes=True))
    except InputError as exc:  # any other fault is the child's to report (child._guarded)
        return Outcome("rejected", message=str(exc))
    if not reads:
        for record in records:
            name_moves(record.instance, record.query, None, record.solution)
    answers = []
    for record in records:
        solution = record.solution
        found = (record.instance, record.query) in moves
        cost, illegal = None, None
        try:  # the puzzle's checker replays the answer: an answer it refuses is a wrong one, not a fault
            cost = _plain(settings.puzzle.answer_cost(record.subject, record.question, record.answer))
        except VerificationError as exc:
            illegal = str(exc)
        answers.append({
            "instance": record.instance, "query": record.query, "output": record.text, "cost": cost,
            "illegal": illegal, "wrong": record.stats.get("wrong"), "states": record.stats.get("states"),
            "moves": moves.get((record.instance, record.query)),
            "path": list(solution.labels) if found and solution is not None else None})
    return Outcome("answer", answers)


def _plain(cost):
    """A cost as plain numbers and tuples, comparable across puzzles and after JSON (``None``: no answer)."""
    if isinstance(cost, (tuple, list)):
        return tuple(_plain(x) for x in cost)
    return cost


class GradingStopped(Exception):
    """:func:`stop_all` was called (a signal): no child starts again."""


_LIVE: set[Sandbox] = set()
_LIVE_LOCK = threading.RLock()  # a signal's stop_all may come while this thread holds it
_STOPPING = threading.Event()


def stop_all() -> None:
    """Kill every child's process group now and start no other (from any thread: a signal's)."""
    _STOPPING.set()
    with _LIVE_LOCK:
        for box in list(_LIVE):
            box.kill()


class Sandbox:
    """A child process answering for ``side`` (see the module docstring); a context manager."""

    def __init__(self, side: Side, max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY,
                 isolate: bool = False):
        self.side, self.max_seconds, self.max_memory, self.isolate = side, max_seconds, max_memory, isolate
        self._process: subprocess.Popen | None = None
        self._pidfd: int | None = None  # readable once the child ends (Linux), whoever holds its pipe
        self._clock = GroupClock(-1)  # the CPU its child's process group used
        self._scratch: str | None = None
        self.loaded: Outcome | None = None  # the child's word on loading the code: None until started
        self.files: list[str] = []  # the files the side's code was loaded from, as the child says

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> Outcome:
        """Start the child if it is not running; ``Outcome("ready")``, or why the code did not load."""
        if self._process is not None:
            return Outcome("ready")
        command = [sys.executable, "-P", "-m", "stategraph.solving.child"]
        if self.isolate:
            self._scratch = tempfile.mkdtemp(prefix="stategraph-child-")
            command = [*bwrap_prefix(self._scratch), *command]
        with _LIVE_LOCK:
            if _STOPPING.is_set():
                raise GradingStopped
            self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL, start_new_session=True)
            _LIVE.add(self)
        self._clock = GroupClock(self._process.pid)  # the child leads its process group
        try:
            self._pidfd = os.pidfd_open(self._process.pid)
        except (AttributeError, OSError):  # not Linux: a child's end is seen when its pipe closes
            self._pidfd = None
        assert self._process.stdin is not None
        os.set_blocking(self._process.stdin.fileno(), False)
        config = {"side": asdict(self.side), "max_memory": self.max_memory, "max_seconds": self.max_seconds,
                  "grader": None if self.isolate else os.getpid()}
        self.loaded = self._exchange(config, max(START_SECONDS, self.max_seconds), "loading the code")
        if self.loaded.kind == "ready":
            self.files, self.loaded = self.loaded.answers, Outcome("ready")
        else:
            self.close()
        return self.loaded

    def answer(self, text: str, work: str = "answer", asked: dict | None = None) -> Outcome:
        """The side's :class:`Outcome` on ``text``, within the budgets; ``work="page"``: the view
        page of the question ``asked`` (``instance``, ``query``), as the outcome's ``answers``."""
        started = self.start()
        if started.kind != "ready":
            return started
        return self._exchange({"text": text, "work": work, "asked": asked or {}}, self.max_seconds, "answering",
                              computing=True)

    def _exchange(self, request: dict, seconds: float, doing: str, computing: bool = False) -> Outcome:
        """Send ``request`` and read the reply, within ``seconds`` (``computing``: of CPU while the
        child computes, :mod:`~stategraph.solving.budget`)."""
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        deadline = monotonic() + seconds
        try:
            write_frame(process.stdin.fileno(), request, deadline)
            if computing:
                watched = [process.stdout.fileno()] + ([] if self._pidfd is None else [self._pidfd])
                overrun = late(watched, self._clock, seconds)
                if overrun is not None:
                    self.close()
                    return Outcome("timeout", message=f"{overrun} {doing}")
                deadline = monotonic() + seconds  # to send the reply it started
            received = Outcome.received(read_frame(process.stdout.fileno(), deadline, watch=self._pidfd))
        except Garbled as exc:
            self.close()
            if exc.late:
                return Outcome("timeout", message=f"{took(seconds)} {doing}")
            return Outcome("crashed", message=f"its process {exc}")
        except (EOFError, BrokenPipeError):
            return self._died(doing)
        if received.kind == "memory":  # the budget, not the machine: say which
            received.message = f"needed more than its {self.max_memory >> 20} MiB {doing}"
        return received

    def _died(self, doing: str) -> Outcome:
        """The child's end, as an outcome: by a signal (CPU time's is a timeout), or by exiting."""
        assert self._process is not None
        pid, status = self._process.pid, None
        for _ in range(100):  # it closed its pipe: its end follows, or it lives on and is killed
            status = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            if status is not None:
                break
            threading.Event().wait(0.01)
        self.close()
        if status is None:
            return Outcome("crashed", message=f"its process closed its pipe while {doing}")
        killed_by = status.si_status
        if status.si_code == os.CLD_EXITED:
            if not (self.isolate and status.si_status > 128):  # bwrap passes a signal on as 128 + its number
                return Outcome("crashed", message=f"its process exited with status {status.si_status} while {doing}")
            killed_by = status.si_status - 128
        if killed_by == signal.SIGXCPU:
            return Outcome("timeout", message=f"{used_cpu(self.max_seconds)} {doing}")
        return Outcome("crashed", message=f"its process was killed by {_signal_name(killed_by)} while {doing}")

    def kill(self) -> None:
        """Kill the child's whole process group (safe from another thread: nothing is closed here)."""
        if self._process is not None:
            try:
                os.killpg(self._process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def close(self) -> None:
        """Kill the child and all it started, and forget it (the next answer starts a fresh one)."""
        if self._process is not None:
            self.kill()
            self._process.wait()
            for stream in (self._process.stdin, self._process.stdout):
                if stream is not None:
                    stream.close()
            with _LIVE_LOCK:
                _LIVE.discard(self)
        if self._pidfd is not None:
            os.close(self._pidfd)
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
        self._process = self._scratch = self._pidfd = None


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def bwrap_prefix(scratch: str) -> list[str]:
    """The ``bwrap`` command that runs a child isolated: everything read-only but ``scratch`` (its
    ``TMPDIR``), a fresh ``/dev``, ``/proc`` and ``/tmp``... no network, its own process tree."""
    found = shutil.which(BWRAP)
    if found is None:
        raise StategraphError("grade --sandbox needs bubblewrap's bwrap, which is not installed "
                              "(on Debian: apt-get install bubblewrap)")
    return [found, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--bind", scratch, scratch,
            "--setenv", "TMPDIR", scratch, "--unshare-all", "--die-with-parent", "--chdir", os.getcwd(), "--"]
