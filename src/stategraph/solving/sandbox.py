"""Untrusted code answering in a child process, within a time and a memory budget per instance.

A :class:`Sandbox` forks a child that loads the code a :class:`Side` names (a student's puzzle or
routine: it is imported there and only there), then answers instance texts sent down a pipe with
:func:`outcome`.  The child's address space is capped at ``max_memory`` bytes (``RLIMIT_AS``), its
output streams go to ``/dev/null``, and it dies with this process.  An answer that takes longer than
``max_seconds`` kills the child (the next instance starts a fresh one): every fault is an
:class:`Outcome` of its kind, never a hang or an exception here.

>>> side = Side(("pushing_boxes",))
>>> with Sandbox(side, max_seconds=30) as box:
...     done = box.answer("1 3\\nSBT\\n0 0\\n")
>>> done.kind, done.answers[0]["output"]
('answer', 'Maze #1\\nE\\n\\n')
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from ..errors import InputError, StategraphError, VerificationError
from ..limits import GRADE_MEMORY_MIB, GRADE_SECONDS
from ..settings.resolve import Settings, resolve

MAX_SECONDS = GRADE_SECONDS  # a student's answer to one instance, by default
MAX_MEMORY = GRADE_MEMORY_MIB << 20  # bytes of address space a student's child may take, by default


@dataclass(frozen=True)
class Side:
    """What answers: ``items`` as ``stategraph solve`` takes them (a puzzle name or ``module:Class``),
    or ``config`` (a config file); ``flags`` are settings by dotted key (``search.algorithm``)."""

    items: tuple[str, ...] = ()
    config: str | None = None
    flags: tuple[tuple[str, Any], ...] = ()

    def settings(self) -> Settings:
        """The settings it names (loading the code it names)."""
        return resolve("grade", self.items, (), config=self.config, flags=dict(self.flags))[0]


@dataclass
class Outcome:
    """One side on one instance text: ``kind`` is ``answer`` (``answers``: one dict per question),
    ``rejected`` (its reader refused the text), ``fault`` (its code raised), ``timeout``,
    ``memory`` or ``crashed``; ``message`` says what happened."""

    kind: str
    answers: list = field(default_factory=list)
    message: str = ""


def outcome(settings: Settings, text: str) -> Outcome:
    """What ``settings`` answer on ``text``: each question's cost, output, model size, moves and path."""
    from .driver import run

    model = settings.puzzle.model(settings.model)
    moves: dict = {}

    def capture(instance, query, state_graph, graph, solution) -> None:  # while the question's graph is live
        if solution.found and solution.edges is not None:
            moves[instance, query] = [model.move_label(state_graph.graph, u, v, a) for u, v, a in solution.edges]

    try:
        records = list(run(settings.puzzle, text, settings, "<instance>", capture=capture, keep_wrong=True, sizes=True))
    except InputError as exc:
        return Outcome("rejected", message=str(exc))
    except MemoryError:
        return Outcome("memory", message="ran out of memory")
    except StategraphError as exc:
        return Outcome("memory" if type(exc).__name__ == "OutOfMemory" else "fault", message=str(exc))
    answers = []
    for record in records:
        solution = record.solution
        found = (record.instance, record.query) in moves
        cost, illegal = None, None
        try:  # the puzzle's checker replays the answer: an answer it refuses is a wrong one, not a fault
            cost = _plain(settings.puzzle.answer_cost(record.subject, record.question, record.answer))
        except VerificationError as exc:
            illegal = str(exc)
        except StategraphError as exc:
            return Outcome("fault", message=str(exc))
        answers.append({
            "instance": record.instance, "query": record.query, "output": record.text, "cost": cost,
            "illegal": illegal, "wrong": record.stats.get("wrong"), "states": record.stats.get("states"),
            "moves": moves.get((record.instance, record.query)),
            "path": list(solution.labels) if found and solution is not None else None})
    return Outcome("answer", answers)


def _plain(cost):
    """A cost as plain numbers and tuples, comparable across puzzles (``None``: no answer)."""
    if isinstance(cost, (tuple, list)):
        return tuple(_plain(x) for x in cost)
    return cost


class Sandbox:
    """A child process answering for ``side`` (see the module docstring); a context manager."""

    def __init__(self, side: Side, max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY):
        self.side, self.max_seconds, self.max_memory = side, max_seconds, max_memory
        self._child: Any = None
        self._conn: Any = None
        self.loaded: Outcome | None = None  # the child's word on loading the code: None until started

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> Outcome:
        """Start the child if it is not running; ``Outcome("ready")``, or why the code did not load."""
        if self._child is not None and self._child.is_alive():
            return Outcome("ready")
        context = get_context("fork")
        parent, child = context.Pipe()
        self._child = context.Process(target=_serve, args=(child, self.side, self.max_memory), daemon=True)
        self._child.start()
        child.close()
        self._conn = parent
        self.loaded = self._receive(self.max_seconds, "loading the code")
        return self.loaded

    def answer(self, text: str, work=None) -> Outcome:
        """The side's :class:`Outcome` on ``text``, within the budgets; with ``work``, a module-level
        function ``work(settings, text)`` run in the child instead of :func:`outcome`, whose value
        comes back as the outcome's ``answers`` (kind ``answer``)."""
        started = self.start()
        if started.kind != "ready":
            return started
        self._conn.send((work, text))
        return self._receive(self.max_seconds, "answering")

    def _receive(self, seconds: float, doing: str) -> Outcome:
        if self._conn.poll(seconds):
            try:
                received = self._conn.recv()
            except (EOFError, OSError):
                pass
            else:
                if received.kind == "memory":  # the budget, not the machine: say which
                    received.message = f"needed more than its {self.max_memory >> 20} MiB {doing}"
                return received
        else:
            self.close()
            return Outcome("timeout", message=f"took longer than {seconds:g} s {doing}")
        self._child.join(1)
        code = self._child.exitcode
        self.close()
        return Outcome("crashed", message=f"the child process died while {doing} (exit status {code})")

    def close(self) -> None:
        if self._child is not None:
            if self._child.is_alive():
                os.kill(self._child.pid, signal.SIGKILL)
            self._child.join()
            self._conn.close()
        self._child = self._conn = None


def _serve(conn, side: Side, max_memory: int) -> None:
    """The child: cap memory, silence the streams, load the code, then answer until told to stop."""
    import resource

    _die_with_parent()
    resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the child's, for its whole life)
    try:
        settings = side.settings()
    except MemoryError:
        conn.send(Outcome("memory", message="ran out of memory loading the code"))
        return
    except StategraphError as exc:
        conn.send(Outcome("fault", message=str(exc)))
        return
    conn.send(Outcome("ready"))
    while True:
        try:
            work, text = conn.recv()
        except EOFError:
            return
        try:
            conn.send(outcome(settings, text) if work is None else _worked(work, settings, text))
        except MemoryError:
            conn.send(Outcome("memory", message="ran out of memory"))
        except Exception as exc:  # raised outside the driver's guard (a second-level answer_cost, say)
            conn.send(_escaped(exc))


def _escaped(exc: Exception) -> Outcome:
    """An exception that reached the child's loop: the student's, one line at its file and line."""
    from ..plugins.faults import describe_exception, plugin_fault

    fault = plugin_fault(exc)
    if fault is not None:
        return Outcome("fault", message=str(fault))
    return Outcome("crashed", message=f"stategraph's own code failed: {describe_exception(exc)}")


def _worked(work, settings: Settings, text: str) -> Outcome:
    try:
        return Outcome("answer", work(settings, text))
    except StategraphError as exc:
        return Outcome("fault", message=str(exc))


def _die_with_parent() -> None:
    """Ask Linux for SIGKILL when the parent ends (nothing elsewhere)."""
    from .workers import PR_SET_PDEATHSIG, _prctl

    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
