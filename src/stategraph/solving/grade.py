"""Grading a model: a student's puzzle (or routine) held against a reference on random instances.

Instance ``k`` is the reference's ``random_instance(random.Random(f"{seed}/{k}"), size)``, sizes
growing from 1 to ``max_size``.  The reference and the student each answer in a
:class:`~stategraph.solving.sandbox.Sandbox` of their own; they agree when every cost is the same
(and, ``exact``, every answer's bytes).  The first disagreement is shrunk (:mod:`stategraph.solving.shrink`).

>>> from stategraph.solving.sandbox import Side
>>> graded = grade(Side(("pushing_boxes",)), Side(("pushing_boxes",)), instances=5, max_size=2)
>>> graded.verdict, graded.instances
('agrees', 5)
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from ..errors import ContractError, StategraphError, shorten
from ..settings.resolve import Settings
from .sandbox import MAX_MEMORY, MAX_SECONDS, START_SECONDS, Outcome, Sandbox, Side
from .shrink import shrink

VERDICTS = {"agrees": 0, "disagrees": 3, "rejected": 3, "timeout": 3, "memory": 3, "crashed": 3, "fault": 2}


@dataclass
class Case:
    """One instance both answered: its text, size and number (``0``: made while shrinking), both
    :class:`~stategraph.solving.sandbox.Outcome` s, why they disagree (``None``: they agree) and
    the first question where they do (an index of both ``answers``; ``None``: no such pair)."""

    text: str
    size: int
    number: int
    reference: Outcome
    student: Outcome
    why: str | None
    question: int | None = None

    def states(self, side: Outcome) -> int:
        return sum(a["states"] or 0 for a in side.answers)


@dataclass
class Grade:
    """A student's grade: ``verdict`` (a key of :data:`VERDICTS`), the instances graded, the run's
    seed and sizes, the first case that disagreed and the smallest one shrinking found."""

    student: str
    verdict: str
    instances: int
    seed: int
    max_size: int
    first: Case | None = None
    smallest: Case | None = None
    shrink_steps: int = 0
    message: str = ""
    sizes: list = field(default_factory=list)
    files: list = field(default_factory=list)  # the files the student's code was loaded from

    @property
    def status(self) -> int:
        return VERDICTS[self.verdict]


class Reference:
    """The reference side: its puzzle's ``random_instance`` run here (the teacher's code), its
    answers given by one child for the whole run, shared by every student's thread and kept by
    text (every student is asked the same instances).  A context manager."""

    KEPT = 4096  # answers kept at most

    def __init__(self, side: Side, *, max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY,
                 isolate: bool = False):
        self.side, self.settings = side, side.settings()
        self.make = generator(self.settings)
        self.box = Sandbox(side, max(max_seconds, START_SECONDS), max(max_memory, MAX_MEMORY), isolate)
        self._lock = threading.Lock()
        self._kept: dict[str, Outcome] = {}

    def __enter__(self) -> Reference:
        return self

    def __exit__(self, *exc) -> None:
        self.box.close()

    @property
    def files(self) -> list[str]:
        return self.box.files

    def __call__(self, text: str) -> Outcome:
        """The reference's answers on ``text``; a :class:`StategraphError` if it could not answer."""
        with self._lock:
            answered = self._kept.get(text)
            if answered is None:
                answered = self.box.answer(text)
                if len(self._kept) >= self.KEPT:
                    self._kept.clear()
                self._kept[text] = answered
        if answered.kind != "answer":
            raise StategraphError(f"the reference puzzle {self.settings.puzzle.name} could not answer its own random "
                                  f"instance: {answered.message}\n{text}")
        return answered


def grade(reference: Side | Reference, student: Side, *, name: str = "", instances: int = 200, seed: int = 0,
          max_size: int = 6, exact: bool = False, max_seconds: float = MAX_SECONDS,
          max_memory: int = MAX_MEMORY, isolate: bool = False) -> Grade:
    """``student`` graded against ``reference`` (see the module docstring); ``isolate``: the
    student's child runs under ``bwrap``."""
    if isinstance(reference, Side):
        with Reference(reference, max_seconds=max_seconds, max_memory=max_memory, isolate=isolate) as shared:
            return grade(shared, student, name=name, instances=instances, seed=seed, max_size=max_size,
                         exact=exact, max_seconds=max_seconds, max_memory=max_memory, isolate=isolate)
    make = reference.make
    result = Grade(name or " ".join(student.items) or str(student.config), "agrees", 0, seed, max_size)
    with Sandbox(student, max_seconds, max_memory, isolate) as box:
        loaded = box.start()
        result.files = box.files
        if loaded.kind != "ready":
            result.verdict, result.message = loaded.kind, loaded.message
            return result
        judge = _Judge(reference, box, exact)
        for number in range(1, instances + 1):
            size = 1 + (number - 1) * max_size // instances
            case = judge(make(random.Random(f"{seed}/{number}"), size), size, number)
            result.instances = number
            result.sizes.append(size)
            if case.why is None:
                continue
            result.first = result.smallest = case
            result.verdict = _verdict(case.student)
            if result.verdict == "fault":
                result.message = case.student.message
            elif result.verdict == "disagrees":
                result.smallest, result.shrink_steps = shrink(case, judge, make, seed)
            break
    return result


def generator(settings: Settings):
    """The reference's ``random_instance``, checked: its texts must be strings."""
    puzzle = settings.puzzle
    made = getattr(puzzle, "random_instance", None)
    if made is None:
        raise StategraphError(f"the reference puzzle {puzzle.name} has no random_instance(rng, size): grade draws its "
                              "instances from it (docs/extending/grading.md)")

    def make(rng: random.Random, size: int) -> str:
        text = made(rng, size)
        if not isinstance(text, str):
            raise ContractError(f"{puzzle.name}: random_instance() must return an input's text (a str), it returned "
                                f"{shorten(text)}")
        return text

    return make


class _Judge:
    """Both sides on a text: a :class:`Case` (its ``why`` is ``None`` when they agree)."""

    def __init__(self, reference: Reference, box: Sandbox, exact: bool):
        self.reference, self.box, self.exact, self.calls = reference, box, exact, 0

    def __call__(self, text: str, size: int, number: int = 0, reference: Outcome | None = None) -> Case:
        self.calls += 1
        reference = reference or self.reference(text)
        student = self.box.answer(text)
        question, why = difference(reference, student, self.exact)
        return Case(text, size, number, reference, student, why, question)


def difference(reference: Outcome, student: Outcome, exact: bool = False) -> tuple[int | None, str | None]:
    """The first question (an index of both answers) where ``student`` disagrees with ``reference``
    and why; ``(None, None)`` when they agree, ``(None, why)`` when no question pairs up."""
    if student.kind != "answer":
        return None, _failed(student)[1]
    for question, (ours, theirs) in enumerate(zip(reference.answers, student.answers)):
        where = f"instance {ours['instance']}" + (f" query {ours['query']}" if ours["query"] != 1 else "")
        if theirs.get("wrong"):  # a routine of one's own whose distances break the rule (the check's words)
            return question, f"{where}: {theirs['wrong']}"
        if theirs.get("illegal"):
            return question, (f"{where}: the answer does not hold ({theirs['illegal']}), the reference's costs "
                              f"{_cost(ours['cost'])}")
        if ours["cost"] != theirs["cost"]:
            return question, f"{where}: cost {_cost(theirs['cost'])}, the reference's {_cost(ours['cost'])}"
        if exact and ours["output"] != theirs["output"]:
            return question, f"{where}: the answer's bytes differ (same cost {_cost(ours['cost'])})"
    if len(student.answers) != len(reference.answers):
        return None, f"answered {len(student.answers)} questions, the reference {len(reference.answers)}"
    return None, None


def _cost(cost) -> str:
    return "none (no solution)" if cost is None else str(cost)


def _verdict(student: Outcome) -> str:
    return "disagrees" if student.kind == "answer" else student.kind


def _failed(student: Outcome) -> tuple[str, str]:
    words = {"rejected": "its reader refused the reference's instance", "timeout": "it timed out",
             "memory": "it ran out of memory", "crashed": "it crashed", "fault": "it raised"}
    return student.kind, f"{words.get(student.kind, student.kind)}: {student.message}"

