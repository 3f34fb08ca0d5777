"""``stategraph grade``: students' puzzles or routines held against a reference, and the report."""

from __future__ import annotations

import json
import os
import shlex
from concurrent.futures import ThreadPoolExecutor

from ..errors import SHOWN_LENGTH, StategraphError, escaped, shorten
from ..io.safefile import check_output, open_output
from ..limits import MIN_GRADE_MEMORY_MIB, MOST_GRADE_MEMORY_MIB, MOST_GRADE_SECONDS
from ..plugins.load import plugin_files
from ..solving.grade import Case, Grade, Reference
from ..solving.grade import grade as grade_one
from ..solving.sandbox import MAX_MEMORY, MAX_SECONDS, Side, stop_all
from .streams import output

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


def _sources(spec: str) -> list[str]:
    """The files ``spec`` names, which ``-o`` and ``--page`` never replace: a config and the modules
    it names (beside it or in the current folder), or a ``module:member``'s module."""
    if not (spec.endswith((".yaml", ".yml")) or os.path.isfile(spec)):
        return [spec, *plugin_files(spec)]
    from ..io import safe_yaml
    from ..settings.config import read_config_file

    try:  # bounded and safe as every config is read, without loading what it names
        named = safe_yaml.load(read_config_file(spec), spec)
    except StategraphError:
        return [spec]  # its reading fails later, in one line
    folder = os.path.dirname(os.path.abspath(spec))
    search = named.get("search") if isinstance(named, dict) else None
    specs = [named.get("puzzle"), search.get("algorithm") if isinstance(search, dict) else None] \
        if isinstance(named, dict) else []
    return [spec, *(name for value in specs if isinstance(value, str) for name in plugin_files(value, folder))]


def grade(args) -> int:
    if args.jobs < 0 or args.instances < 1 or args.max_size < 1:
        raise StategraphError("grade: --instances and --max-size must be positive, --jobs at least 0")
    if not 0 < args.max_seconds <= MOST_GRADE_SECONDS:  # nan is refused here too
        raise StategraphError(f"grade: --max-seconds must be above 0 and at most {MOST_GRADE_SECONDS:g} "
                              f"(a day), not {args.max_seconds:g}")
    if not MIN_GRADE_MEMORY_MIB <= args.max_memory <= MOST_GRADE_MEMORY_MIB:
        raise StategraphError(f"grade: --max-memory must be at least {MIN_GRADE_MEMORY_MIB} and at most "
                              f"{MOST_GRADE_MEMORY_MIB} (MiB), not {shorten(args.max_memory, quoted=False)}")
    reference = side_of(args.reference)
    students = [(spec, side_of(spec, routine_of=reference if args.routine else None)) for spec in args.students]
    sources = [name for spec in (*args.students, args.reference) for name in _sources(spec)]
    for path in (args.output, args.page):
        if path:
            check_output(path, "the case", sources)
    budgets = {"max_seconds": args.max_seconds, "max_memory": args.max_memory << 20, "isolate": args.sandbox}
    with Reference(reference, **budgets) as shared:  # its code loads here first: its fault is not a student's
        loaded = shared.box.start()  # from this thread, which outlives every child (their death signal)
        if loaded.kind != "ready":
            raise StategraphError(f"the reference {one_line(args.reference, NAME_LENGTH)} did not load in its "
                                  f"child: {one_line(loaded.message, MESSAGE_LENGTH)}")

        def one(item) -> Grade:
            spec, side = item
            return grade_one(shared, side, name=spec, instances=args.instances, seed=args.seed,
                             max_size=args.max_size, exact=args.exact, **budgets)

        jobs = len(students) if args.jobs == 0 else max(1, args.jobs)
        pool = ThreadPoolExecutor(max_workers=min(jobs, len(students)))
        try:
            results = list(pool.map(one, students))
            cases = [(number, r.smallest) for number, r in enumerate(results) if r.smallest is not None]
            page = None
            if args.page and cases:  # built before anything is written: no student's code runs after
                from ..views.grade_page import case_page

                number, case = cases[0]
                page = case_page(reference, students[number][1], case, (args.reference, results[number].student),
                                 args.max_seconds, args.max_memory << 20, args.sandbox)
        except BaseException:  # a signal: every child killed now, none started again
            stop_all()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    for result in results:
        output(json.dumps(as_record(result, args)) + "\n" if args.format == "json" else report(result, args))
        if result.verdict == "fault":
            output(f"stategraph: error: {one_line(result.student, NAME_LENGTH)}: "
                   f"{one_line(result.message or '', MESSAGE_LENGTH)}\n", report=True)
    for path, what, data in ((args.output, "the case", cases[0][1].text.encode("utf-8") if cases else None),
                             (args.page, "the page", page.encode("utf-8") if page else None)):
        if path and data is not None:
            with open_output(path, what) as handle:
                handle.write(data)
    statuses = {result.status for result in results}
    return 2 if 2 in statuses else max(statuses)  # as compare's: code that raised outranks a wrong answer


def _replay(result: Grade, args) -> str:
    """The command that grades ``result``'s student again, the same way (the sizes follow from
    ``--instances`` and ``--max-size``, and the budgets decide a verdict too)."""
    budgets = "".join(f" {flag} {value:g}" for flag, value, default in (
        ("--max-seconds", args.max_seconds, MAX_SECONDS), ("--max-memory", args.max_memory, MAX_MEMORY >> 20))
        if value != default)
    named = f"{shlex.quote(result.student)} --reference {shlex.quote(args.reference)}"  # a path may hold a space
    return (f"stategraph grade {named}" + (" --routine" if args.routine else "")
            + f" --seed {result.seed} --instances {args.instances} --max-size {result.max_size}"
            + (" --exact" if args.exact else "") + budgets)


def report(result: Grade, args) -> str:
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
        lines.append(f"{name}: {one_line(answer, MESSAGE_LENGTH)}   ({case.states(side):,} states)")
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
    where they disagree (the move number ``None`` where both paths make the same moves), or ``None``."""
    if case.question is None:
        return None
    ours, theirs = case.reference.answers[case.question], case.student.answers[case.question]
    a, b = ours["moves"] or [], theirs["moves"] or []
    paths = tuple(" -> ".join(p["path"]) if p["path"] else "none" for p in (ours, theirs))
    if a == b:
        return None, None, None, paths
    step = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return step + 1, _move(a, step), _move(b, step), paths


def _move(moves: list, step: int) -> str:
    return repr(moves[step]) if step < len(moves) else "none (its path ends there)"


def as_record(result: Grade, args) -> dict:
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
