"""Grade an answer file written by any program: legal, optimal, and (with ``strict``) canonical.

Legality comes from the puzzle's independent replay (:mod:`stategraph.contract.checks`);
the optimum from stategraph's own solution of the same input.  One
:class:`Verdict` per question, in input order.

>>> from stategraph.settings.resolve import Settings
>>> text = "1 3\\nSBT\\n3 3\\nS..\\n.B.\\n..T\\n0 0\\n"
>>> answers = "Maze #1\\nE\\n\\nMaze #2\\nsEneS\\n\\n"     # the canonical answer to maze 2 is eSwsE
>>> [str(v) for v in judge(Settings.of("pushing_boxes"), text, answers)]
['maze 1: ok', 'maze 2: ok (optimal, not the canonical tie-break)']
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from ..contract.checks import Answer, Answers
from ..errors import VerificationError
from ..plugins.faults import answering
from .driver import run

MAX_ANSWERS_BYTES = 1 << 28  # 256 MiB: an answers file above it is refused, never judged in part
OK = "ok"
WHOLE_FILE = "answers file"  # the question named by verdicts about the file rather than one answer
OK_NOT_CANONICAL = "ok (optimal, not the canonical tie-break)"


@dataclass(frozen=True)
class Verdict:
    """How one answer fared: ``problem`` is ``None`` for a legal, optimal answer."""

    question: str
    problem: str | None = None
    canonical: bool = True

    @property
    def passed(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        return f"{self.question}: {self.problem or (OK if self.canonical else OK_NOT_CANONICAL)}"


def judge(settings, data, answers_text: str, source: str = "<input>", answers_source: str = "<answers>",
          strict: bool = False):
    """Yield a :class:`Verdict` for every question of ``text``, then one for each surplus answer.
    Answers are matched by ``number``; an unreadable one is its question's problem (a plug-in's
    reader stops there).  With ``strict``, a non-canonical optimum is a problem too."""
    puzzle = settings.puzzle
    answers = puzzle.read_answers(answers_text, answers_source)
    each = answers.each if isinstance(answers, Answers) else answers
    stopped = None  # why the questions left are not judged: the reader stopped
    canonical_text = []
    waiting = None  # the answer read but not yet matched: it is for a later question
    for number, record in enumerate(run(puzzle, data, settings.replace(verify=False), source), start=1):
        canonical_text.append(record.text)
        question = puzzle.label(record.subject, record.question)
        if waiting is None and not stopped:
            try:
                waiting = next(each, None)
            except VerificationError as exc:  # a reader that cannot go on after it
                stopped = f"not judged: {puzzle.name}'s answer reader stops at an unreadable answer"
                waiting = Answer(number, None, 0, str(exc))
        if waiting is None or waiting.number > number:
            yield Verdict(question, stopped or "missing answer")
            continue
        answer, waiting = waiting, None
        if answer.problem is not None:
            yield Verdict(question, answer.problem)
            continue
        with answering(functools.partial(str, question)):  # the replays run a plug-in's rules: located faults
            verdict = _grade(puzzle, record, answer, question)
        if strict and verdict.passed and not verdict.canonical:
            verdict = Verdict(question, f"line {answer.line}: optimal, but not the canonical answer (--strict)")
        yield verdict
    if not stopped:
        try:
            for surplus in itertools.chain([waiting] if waiting is not None else [], each):
                yield Verdict(WHOLE_FILE, surplus.problem or f"line {surplus.line}: an answer to a question the "
                                                             "input does not ask")
        except VerificationError as exc:
            yield Verdict(WHOLE_FILE, str(exc))
    if strict:
        line = _first_difference("".join(canonical_text), answers_text)
        if line is not None:
            yield Verdict(WHOLE_FILE, f"line {line} differs from the canonical output (--strict)")


def _first_difference(expected: str, actual: str) -> int | None:
    """The first line number where ``actual`` differs from ``expected``, or ``None``."""
    if expected == actual:
        return None
    wanted, found = expected.split("\n"), actual.split("\n")
    for number, (a, b) in enumerate(zip(wanted, found), start=1):
        if a != b:
            return number
    return min(len(wanted), len(found))


def _grade(puzzle, record, answer, question: str) -> Verdict:
    try:
        cost, canonical = puzzle.judge_answer(record.subject, record.question, answer, record.answer)
    except VerificationError as exc:
        problem = str(exc).removeprefix(f"{question}: ")
        return Verdict(question, f"line {answer.line}: {problem}")
    optimum = puzzle.answer_cost(record.subject, record.question, record.answer)
    show = puzzle.describe_cost
    if cost is None and optimum is not None:
        return Verdict(question, f"line {answer.line}: claims no solution, but one of {show(optimum)} exists")
    if cost is not None and optimum is None:
        return Verdict(question, f"line {answer.line}: answers {show(cost)}, but no solution exists")
    if cost != optimum:
        return Verdict(question, f"line {answer.line}: the answer costs {show(cost)}, "
                                 f"but the optimum is {show(optimum)}")
    return Verdict(question, canonical=canonical)
