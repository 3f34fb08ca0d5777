"""A grade as a teacher reads it, and grading from Python: the text report, the JSON record, and
:func:`grade_model`, which a test file of an exercise can call.

>>> graded = grade_model("pushing_boxes", reference="pushing_boxes", instances=5, max_size=2)
>>> graded.agrees, graded.report
(True, 'pushing_boxes: agrees with pushing_boxes on 5 instances (seed 0, sizes 1..2)\\n')
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass

from ..contract.words import plural
from ..errors import SHOWN_LENGTH, escaped
from ..limits import GRADE_MEMORY_MIB, GRADE_SECONDS
from ..solving.grade import Case, Grade, grade
from ..solving.sandbox import MAX_MEMORY, MAX_SECONDS, Side

# a routine graded is held to the rule by the check, whose finding is a disagreement (not a fault): distances that
# break it give no canonical path to compare
ROUTINE_FLAGS = (("search.check", True),)


VERBS = {"disagrees": "disagrees", "rejected": "refused the input", "timeout": "timed out",
         "memory": "ran out of memory", "crashed": "crashed", "fault": "raised"}  # a verdict, in the report's words


def side_of(spec: str, *, routine_of: Side | None = None) -> Side:
    """The :class:`~stategraph.solving.sandbox.Side` a command-line argument names: a config file
    (``.yaml``/``.yml``, or any existing file), else a puzzle (a name or ``module:Class``); with
    ``routine_of``, ``spec`` is a routine (``module:function``) on that side's puzzle."""
    if routine_of is not None:
        return Side(routine_of.items, routine_of.config, (*routine_of.flags, *ROUTINE_FLAGS), routine=spec)
    if spec.endswith((".yaml", ".yml")) or os.path.isfile(spec):
        return Side(config=spec)
    return Side((spec,))


# how much of a student's or an instance's text the report quotes on one line (-o, --page and --format json
# keep it whole)
NAME_LENGTH, ROW_LENGTH, MESSAGE_LENGTH, SHOWN_ROWS = 80, SHOWN_LENGTH, 160, 12


def one_line(text: str, limit: int = SHOWN_LENGTH) -> str:
    """``text`` as the report quotes it: escaped as ``search`` escapes labels (no control character
    reaches the terminal, no newline forges a line), and cut to about ``limit`` characters.

    >>> one_line("a\\nstudent: agrees"), one_line("x" * 100, 8)
    ('a\\\\nstudent: agrees', 'xxxxxxxx...')
    """
    shown = escaped(text[:limit + 1])
    return shown if len(shown) <= limit else shown[:limit] + "..."


@dataclass(frozen=True)
class GradeRun:
    """How a grade was asked for, as the report's replay line says it: the reference's name and
    the options that decide a verdict (the command line's ``args`` has the same fields)."""

    reference: str
    routine: bool = False
    instances: int = 200
    exact: bool = False
    max_seconds: float = GRADE_SECONDS
    max_memory: int = GRADE_MEMORY_MIB  # MiB


@dataclass(frozen=True)
class GradeReport:
    """What :func:`grade_model` gives: the :class:`~stategraph.solving.grade.Grade`, whether the
    student ``agrees``, its text ``report`` (what ``stategraph grade`` prints) and JSON ``record``."""

    grade: Grade
    run: GradeRun

    @property
    def agrees(self) -> bool:
        return self.grade.verdict == "agrees"

    @property
    def verdict(self) -> str:
        return self.grade.verdict

    @property
    def report(self) -> str:
        return report(self.grade, self.run)

    @property
    def record(self) -> dict:
        return as_record(self.grade, self.run)

    def __str__(self) -> str:
        return self.report


def grade_model(student: str, *, reference: str, routine: bool = False, instances: int = 200, seed: int = 0,
                max_size: int = 6, exact: bool = False, max_seconds: float = GRADE_SECONDS,
                max_memory: int = GRADE_MEMORY_MIB, sandbox: bool = False) -> GradeReport:
    """``student`` graded against ``reference`` as ``stategraph grade STUDENT --reference
    REFERENCE`` grades it (docs/extending/grading.md).

    Parameters
    ----------
    student, reference : str
        A config file, ``module:Class`` or a built-in's name, as on the command line.
    routine : bool
        ``student`` is a search routine ``module:function``, run on the reference's puzzle.
    instances, seed, max_size, exact, max_seconds, max_memory, sandbox
        As ``--instances``, ``--seed``, ``--max-size``, ``--exact``, ``--max-seconds``,
        ``--max-memory`` (MiB) and ``--sandbox``.

    Returns
    -------
    GradeReport
        ``agrees``, ``verdict``, the text ``report`` and the JSON ``record``.

    Raises
    ------
    StategraphError
        If the reference does not load or cannot answer its own instance.

    Examples
    --------
    >>> graded = grade_model("pushing_boxes", reference="pushing_boxes", instances=3, max_size=1)
    >>> graded.agrees, graded.verdict
    (True, 'agrees')
    """
    reference_side = side_of(reference)
    side = side_of(student, routine_of=reference_side if routine else None)
    graded = grade(reference_side, side, name=student, instances=instances, seed=seed, max_size=max_size, exact=exact,
                   max_seconds=max_seconds, max_memory=max_memory << 20, isolate=sandbox)
    return GradeReport(graded, GradeRun(reference, routine, instances, exact, max_seconds, max_memory))


def _replay(result: Grade, args: GradeRun) -> str:
    """The command that grades ``result``'s student again, the same way."""
    budgets = "".join(f" {flag} {value:g}" for flag, value, default in (
        ("--max-seconds", args.max_seconds, MAX_SECONDS), ("--max-memory", args.max_memory, MAX_MEMORY >> 20))
        if value != default)
    named = f"{shlex.quote(result.student)} --reference {shlex.quote(args.reference)}"  # a path may hold a space
    return (f"stategraph grade {named}" + (" --routine" if args.routine else "")
            + f" --seed {result.seed} --instances {args.instances} --max-size {result.max_size}"
            + (" --exact" if args.exact else "") + budgets)


def report(result: Grade, args: GradeRun) -> str:
    """The grade as text: the verdict, and for a counterexample the instance, both answers, both
    canonical paths, where they part and both models' sizes."""
    sizes = f"sizes 1..{max(result.sizes)}" if result.sizes else "no instance"
    head = f"{one_line(result.student, NAME_LENGTH)}: "
    code = _code(result)
    if result.verdict == "agrees":
        return (f"{head}agrees with {one_line(args.reference, NAME_LENGTH)} on {result.instances} instances "
                f"(seed {result.seed}, {sizes})\n{code}")
    first = result.first
    if first is None:  # the code did not load
        return f"{head}{result.verdict}: {one_line(result.message or '', MESSAGE_LENGTH)}\n{code}"
    detail = first.why if result.verdict == "disagrees" else first.student.message
    lines = [f"{head}{VERBS[result.verdict]} on instance {first.number}, size {first.size} (seed {result.seed}): "
             f"{one_line(detail or '', MESSAGE_LENGTH)}"]
    case = result.smallest or first
    if result.verdict == "disagrees":
        lines.append(f"smallest counterexample (size {case.size}, after {result.shrink_steps} shrinking steps): "
                     f"{one_line(case.why or '', MESSAGE_LENGTH)}")
    rows = case.text.splitlines()
    lines += ["  " + one_line(row, ROW_LENGTH) for row in rows[:SHOWN_ROWS]]
    if len(rows) > SHOWN_ROWS:
        lines.append(f"  ... ({len(rows) - SHOWN_ROWS:,} more lines: -o writes the whole case)")
    lines += _sides(case)
    lines.append(f"replay: {_replay(result, args)}")
    return "\n".join(lines) + "\n" + code


def _code(result: Grade) -> str:
    """The line naming the files the student's code was loaded from (none for a built-in)."""
    if not result.files:
        return ""
    shown = []
    for path in result.files:
        relative = os.path.relpath(path)
        shown.append(one_line(path if relative.startswith("..") else relative, NAME_LENGTH))
    return f"  student's code: {', '.join(shown)}\n"


def _sides(case: Case) -> list[str]:
    lines = []
    for name, side in (("reference", case.reference), ("student", case.student)):
        if side.kind != "answer":
            lines.append(f"{name}: {side.kind}: {one_line(side.message or '', MESSAGE_LENGTH)}")
            continue
        answer = " | ".join(a["output"].rstrip("\n").replace("\n", " / ") for a in side.answers)
        lines.append(f"{name}: {one_line(answer, MESSAGE_LENGTH)}   ({plural(case.states(side), 'state')})")
    parted = part(case)
    if parted is not None:
        step, ours, theirs, paths = parted
        lines.append(f"paths: reference {one_line(paths[0], MESSAGE_LENGTH)}")
        lines.append(f"       student   {one_line(paths[1], MESSAGE_LENGTH)}")
        lines.append(f"they part at move {step}: the reference's {one_line(ours)}, the student's {one_line(theirs)}"
                     if step else
                     "both paths make the same moves: the answers differ in cost or bytes")
    return lines


def part(case: Case):
    """``(move number, reference's move, student's move, (both paths as text))`` of the question
    where they disagree (the move number ``None`` where both paths make the same moves), or ``None``.
    Paths whose states compare (the same start label) part where the states differ, else where
    the moves' spelling does."""
    if case.question is None:
        return None
    ours, theirs = case.reference.answers[case.question], case.student.answers[case.question]
    a, b = ours["moves"] or [], theirs["moves"] or []
    paths = tuple(" -> ".join(p["path"]) if p["path"] else "none" for p in (ours, theirs))
    p, q = ours["path"] or [], theirs["path"] or []
    if p and q and p[0] == q[0]:  # the states are comparable: a move differs where the state after it does
        same, step = p == q, next((k for k in range(1, min(len(p), len(q))) if p[k] != q[k]), min(len(p), len(q))) - 1
    else:
        same, step = a == b, next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if same:
        return None, None, None, paths
    return step + 1, _move(ours, step), _move(theirs, step), paths


def _move(answer: dict, step: int) -> str:
    moves = answer["moves"] or []
    if step < len(moves):
        return repr(moves[step])
    return "none (its path ends there)" if answer["path"] else "none (it has no path)"


def as_record(result: Grade, args: GradeRun) -> dict:
    """The grade as one JSON object (for an autograder)."""
    record = {"student": result.student, "reference": args.reference, "verdict": result.verdict,
              "status": result.status, "instances": result.instances, "seed": result.seed,
              "max_size": result.max_size, "message": result.message, "replay": _replay(result, args),
              "files": result.files}
    for key, case in (("first", result.first), ("smallest", result.smallest)):
        record[key] = None if case is None else {
            "number": case.number, "size": case.size, "text": case.text, "why": case.why, "question": case.question,
            "reference": _side_record(case.reference), "student": _side_record(case.student)}
    record["shrink_steps"] = result.shrink_steps
    return record


def _side_record(side) -> dict:
    return {"kind": side.kind, "message": side.message,
            "answers": [{key: a.get(key) for key in ("instance", "query", "output", "cost", "illegal", "wrong",
                                                     "states", "moves", "path")} for a in side.answers]}
