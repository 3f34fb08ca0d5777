"""What each ``stategraph`` command does, once :mod:`stategraph.cli.main` has read its options.

Everything a run needs is checked before the first instance is read; the input is read as a
stream and every answer is written and flushed as soon as it is ready.
"""

from __future__ import annotations

import sys

from ..contract.checks import CONFIRMED, WRONG
from ..contract.words import plural
from ..errors import StategraphError
from ..graph.weights import components
from ..io.decode import read_text
from ..puzzles import PUZZLES, get_puzzle
from ..search import SEARCHES, get_search
from ..settings import packaged
from ..settings.fields import flag_values
from ..settings.resolve import Settings, resolve
from ..solving.driver import applicable_algorithms, run
from .streams import check_output_open, open_input, output

STAT_COLUMNS = ("instance", "query", "algorithm", "states_built", "edges_built", "settled", "relaxed",
                "compile_ms", "search_ms", "canonical_ms", "decode_ms")
PROGRESS_DELAY = 2.0  # seconds of work before a progress bar appears


def solve(args) -> int:
    settings, (input_path,) = _resolve(args, ("INPUT",), optional=1)
    template = settings.export_graphml
    if template == "-":
        raise StategraphError("--export-graphml -: standard output carries the answers; write the graph there "
                              "with `stategraph export PUZZLE [INPUT] -o -`")
    inputs = (input_path or "-", args.config)
    if template:  # only a run that writes graphs loads the graph writers
        from ..io.graph_write import write_graph
        from ..io.safefile import check_output
        from ..solving.export import Capture, export_path, format_for

        check_output(export_path(template, 1), "the graph", inputs)
    if settings.output_format == "json":
        import json  # only --format json needs it
    check_output_open()
    capture = Capture(settings, lambda instance, query: query == 1, format_for(template, default="graphml"),
                      force=settings.export_force) if template else None
    stats_rows = []
    verdicts = []
    with open_input(input_path) as (stream, source):
        try:
            for record in _progress(run(settings.puzzle, stream, settings, source, capture), args.quiet):
                text = json.dumps(_as_json(settings, record)) + "\n" if settings.output_format == "json" \
                    else record.text
                output(text)
                exported = capture.take(record) if capture is not None else None
                if capture is not None and exported is not None:  # one code path with `stategraph export`
                    path = export_path(template, record.instance)
                    check_output(path, "the graph", inputs)  # a later instance's path may name an input
                    write_graph(exported, path, capture.fmt)
                    del exported
                if settings.stats:
                    stats_rows.append(_stats_row(record))
                if settings.verify:
                    verdicts.append(record.stats["verified"])
                    if verdicts[-1] == WRONG:  # said at once; the run goes on to judge every answer
                        output(f"stategraph: wrong answer: {record.stats['verify_problem']}\n", report=True)
                del record  # the instance's graph goes before the next is built
        finally:
            if stats_rows:
                _print_table(stats_rows)
    if not settings.check_routine and not settings.verify and get_search(settings.algorithm).plugin:
        output(f"stategraph: the answers of {settings.algorithm} are unchecked (search.check is false)\n", report=True)
    if settings.verify:
        wrong = verdicts.count(WRONG)
        unconfirmed = len(verdicts) - wrong - verdicts.count(CONFIRMED)
        output(f"stategraph: verified {plural(len(verdicts), 'answer')}: {verdicts.count(CONFIRMED):,} confirmed"
               + (f", {unconfirmed:,} legal but too large to confirm optimal" if unconfirmed else "")
               + (f", {wrong:,} wrong" if wrong else "") + "\n", report=True)
        if wrong:
            return 3
    return 0


def check(args) -> int:
    """Judge an answers file, one verdict per question (:func:`stategraph.solving.judge.judge`);
    exit 3 if any answer has a problem."""
    from ..solving.judge import MAX_ANSWERS_BYTES, WHOLE_FILE, judge

    settings, (input_path, answers_path) = _resolve(args, ("INPUT", "ANSWERS"))
    with open_input(answers_path) as (answers_stream, answers_source):
        answers = read_text(answers_stream, answers_source, MAX_ANSWERS_BYTES)
    passed = failed = 0
    file_problems = False
    with open_input(input_path) as (stream, source):
        verdicts = judge(settings, stream, answers, source, answers_source, strict=args.strict)
        for verdict in _progress(verdicts, args.quiet):
            output(f"{verdict}\n", report=True)
            if verdict.question == WHOLE_FILE:
                file_problems = True
            else:
                passed, failed = passed + verdict.passed, failed + (not verdict.passed)
    output(f"stategraph: checked {plural(passed + failed, 'answer')}: {passed:,} ok, {failed:,} with a problem\n",
           report=True)
    return 0 if failed == 0 and not file_problems else 3


def demo(args) -> int:
    if args.algorithm is not None:
        get_search(args.algorithm)  # an unknown routine is an error, not a skip
    for name, puzzle in PUZZLES.items():
        if args.algorithm is not None and args.algorithm not in applicable_algorithms(name):
            output(f"== {name}: skipped, {args.algorithm} does not apply to its default model\n")
            continue
        settings = Settings.of(name, algorithm=args.algorithm)
        output(f"== {name}: {puzzle.summary} (packaged sample, model {settings.model}, {settings.algorithm})\n")
        for record in run(puzzle, puzzle.sample_text(), settings, f"<sample {name}>"):
            output(record.text)
    return 0


def sample(args) -> int:
    if len(args.items) != 1:
        raise StategraphError(f"sample takes one puzzle name, got {len(args.items)} arguments")
    output(get_puzzle(args.items[0]).sample_text())
    return 0


def configs(args) -> int:
    names = packaged.config_names()
    width = max(map(len, names))
    output("".join(f"{name.ljust(width)}  {packaged.config_summary(name)}\n" for name in names))
    return 0


def algorithms(args) -> int:
    """The routines, what they accept and where they apply; with ``--config``, also the routine of
    your own (``module:function``) it names, and the plug-in puzzle it names."""
    routines, puzzles = dict(SEARCHES), dict(PUZZLES)
    if getattr(args, "config", None):
        settings, _ = resolve("algorithms", [], (), config=args.config)
        puzzles.setdefault(settings.puzzle.name, settings.puzzle)
        routines.setdefault(settings.algorithm, get_search(settings.algorithm))
    width = max(map(len, routines))
    for name, routine in routines.items():
        verdicts = {f"{p}/{model.name}": routine.applies_to(model) for p, puzzle in puzzles.items()
                    for model in puzzle.models.values()}
        usable = [where for where, verdict in verdicts.items() if verdict]
        pending = [where for where, verdict in verdicts.items() if verdict is None]
        later = f"; decided once a graph is built (by its weights): {', '.join(pending)}" if pending else ""
        output(f"{name.ljust(width)}  {routine.summary}\n"
               f"{''.ljust(width)}  accepts: {routine.accepts}; applies to: {', '.join(usable) or 'none'}{later}\n")
    return 0


def puzzles(args) -> int:
    for name, puzzle in PUZZLES.items():
        aliases = f" (alias: {', '.join(puzzle.aliases)})" if puzzle.aliases else ""
        output(f"{name}{aliases}: {puzzle.summary}\n")
        default = puzzle.model().name
        for model_name, model in puzzle.models.items():
            mark = " (default)" if model_name == default else ""
            output(f"  model {model_name}{mark}: {model.summary}\n")
    return 0


def export(args) -> int:
    """One question's state graph, written in a graph tool's format (see :mod:`stategraph.solving.export`)."""
    from ..io.graph_write import write_graph
    from ..io.safefile import check_output
    from ..solving.export import Capture, export_path, format_for  # the graph writers: not loaded by `solve`

    settings, (input_path,) = _resolve(args, ("INPUT",), optional=1)
    wanted = (settings.export_instance, settings.export_query)
    path = args.output or (settings.export_graphml and export_path(settings.export_graphml, wanted[0]))
    if not path:
        raise StategraphError("export needs -o PATH (or - for standard output), or a config's export.graphml")
    fmt = format_for(path, settings.export_format)
    check_output(path, "the graph", (input_path or "-", args.config))
    capture = Capture(settings, lambda instance, query: (instance, query) == wanted, fmt,
                      path_only=settings.export_path_only, force=settings.export_force)
    reached = False
    with open_input(input_path) as (stream, source):
        for record in _progress(run(settings.puzzle, stream, settings, source, capture), args.quiet):
            exported = capture.take(record)
            if exported is not None:
                write_graph(exported, path, fmt)
                return 0
            reached = reached or record.instance == wanted[0]
            if record.instance > wanted[0]:
                break
    if reached:
        raise StategraphError(f"{source}: instance {wanted[0]} has no query {wanted[1]}")
    raise StategraphError(f"{source} has no instance {wanted[0]}")


def grade(args) -> int:
    from .grade_command import grade as graded  # only `grade` loads the grading and its sandbox

    return graded(args)


def search(args) -> int:
    """Search a graph file written by `export` (perhaps edited since) and print the optimum and its path."""
    from ..io.graph_read import read_graph
    from ..solving.saved_graph import search_saved_graph

    if len(args.items) != 1:
        raise StategraphError(f"search takes one graph file, got {len(args.items)} arguments")
    graph = read_graph(args.items[0], args.max_bytes)
    output(search_saved_graph(graph, args.algorithm or "dijkstra"))
    return 0


# settings -----------------------------------------------------------------------------------------

def _resolve(args, files: tuple, optional: int = 0):
    return resolve(args.command, args.items, files, optional=optional, config=args.config,
                   assignments=args.set, flags=flag_values(args))


# streams ------------------------------------------------------------------------------------------

def _progress(items, quiet: bool):
    """``items``, with a progress bar on stderr when it is a terminal and the work takes a while."""
    if quiet or sys.stderr is None or not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, delay=PROGRESS_DELAY, unit=" answers", file=sys.stderr, leave=False)


# reports ------------------------------------------------------------------------------------------

def _as_json(settings: Settings, record) -> dict:
    solution = record.solution
    path = solution.labels if solution is not None and solution.found else None
    cost = None if solution is None or solution.cost is None else components(solution.cost)
    return {"puzzle": settings.puzzle.name, "model": settings.model, "instance": record.instance,
            "query": record.query,
            "answer": record.answer, "cost": cost, "path": path,
            "output": record.text, "stats": _jsonable(record.stats)}


def _jsonable(stats: dict) -> dict:
    return {k: v for k, v in stats.items() if isinstance(v, (str, int, float, bool, type(None)))}


def _stats_row(record) -> dict:
    stats = record.stats
    row = {"instance": record.instance, "query": record.query}
    for key in ("algorithm", "states_built", "edges_built", "settled", "relaxed"):
        row[key] = stats.get(key, "-") if stats.get(key) is not None else "-"
    for key in ("compile", "search", "canonical", "decode"):
        seconds = stats.get(f"{key}_seconds")
        row[f"{key}_ms"] = "-" if seconds is None else f"{seconds * 1000:.2f}"
    return row


def _print_table(rows) -> None:
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in STAT_COLUMNS}
    lines = ["  ".join(c.rjust(widths[c]) for c in STAT_COLUMNS)]
    lines += ["  ".join(str(row[c]).rjust(widths[c]) for c in STAT_COLUMNS) for row in rows]
    output("".join(line + "\n" for line in lines), report=True)
