"""``stategraph grade``: students' puzzles or routines held against a reference, several at once
(the report is :mod:`stategraph.views.grade_report`'s)."""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor

from ..errors import StategraphError, shorten
from ..io.safefile import check_output, open_output
from ..limits import MIN_GRADE_MEMORY_MIB, MOST_GRADE_MEMORY_MIB, MOST_GRADE_SECONDS
from ..plugins.load import plugin_files
from ..solving.grade import Grade, Reference
from ..solving.grade import grade as grade_one
from ..solving.sandbox import stop_all
from ..views.grade_report import MESSAGE_LENGTH, NAME_LENGTH, as_record, one_line, report, side_of
from .streams import output


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


