"""What each ``stategraph`` command does, once :mod:`stategraph.cli` has read its options.

Everything a run needs (the config, the export path, the output stream) is
checked before the first instance is read; the input is read as a stream and
every answer is written and flushed as soon as it is ready.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

from . import packaged
from .checks import CONFIRMED
from .errors import StategraphError, StreamFault, shorten
from .puzzles import PUZZLES, get_puzzle
from .runner import applicable_algorithms, run
from .search import SEARCHES, get_search
from .settings import Settings, resolve
from .settings_schema import flag_values
from .textdecode import read_text
from .weights import components
from .words import plural

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
        from .export import Capture, export_path, format_for
        from .graphwrite import write_graph
        from .safefile import check_output

        check_output(export_path(template, 1), "the graph", inputs)
    if settings.output_format == "json":
        import json  # only --format json needs it
    _check_output_open()
    capture = Capture(settings, lambda instance, query: query == 1, format_for(template, default="graphml"),
                      force=settings.export_force) if template else None
    stats_rows = []
    verdicts = []
    with _open_input(input_path) as (stream, source):
        try:
            for record in _progress(run(settings.puzzle, stream, settings, source, capture), args.quiet):
                text = json.dumps(_as_json(settings, record)) + "\n" if settings.output_format == "json" \
                    else record.text
                _write(text)
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
                del record  # the instance's graph goes before the next is built
        finally:
            if stats_rows:
                _print_table(stats_rows)
    if not settings.check_routine and not settings.verify and get_search(settings.algorithm).plugin:
        _write(f"stategraph: the answers of {settings.algorithm} are unchecked (search.check is false)\n", report=True)
    if settings.verify:
        unconfirmed = sum(v != CONFIRMED for v in verdicts)
        _write(f"stategraph: verified {plural(len(verdicts), 'answer')}: {len(verdicts) - unconfirmed} confirmed"
               + (f", {unconfirmed} legal but too large to confirm optimal" if unconfirmed else "") + "\n",
               report=True)
    return 0


def check(args) -> int:
    """Judge an answers file, one verdict per question; exit 3 if any answer has a problem.

    Each answer is judged on its own: an unreadable one is its question's one problem, and the
    reading goes on at the next answer's start.  ``COST`` and ``COST_AND_MOVES`` answers and the
    Huarong Dao's are one a line; Pushing Boxes answers at each ``Maze #k`` header and after
    each blank line; Abbott's Revenge answers at each line in column 1 that is not a route's.  A
    ``Maze #k`` header (or a template's ``{number}``) that skips questions, when the next answer
    goes on from it, leaves only those questions unanswered.  Where an answer has no number to go
    by, a left-out or extra line (Huarong Dao, an unnumbered template) or name line (Abbott's
    Revenge) cannot be resynchronised: the answers after it are judged against the questions
    beside theirs.  A plug-in's reader that raises at an unreadable answer leaves the questions
    after it "not judged".
    """
    from .judge import MAX_ANSWERS_BYTES, WHOLE_FILE, judge

    settings, (input_path, answers_path) = _resolve(args, ("INPUT", "ANSWERS"))
    with _open_input(answers_path) as (answers_stream, answers_source):
        answers = read_text(answers_stream, answers_source, MAX_ANSWERS_BYTES)
    passed = failed = 0
    file_problems = False
    with _open_input(input_path) as (stream, source):
        verdicts = judge(settings, stream, answers, source, answers_source, strict=args.strict)
        for verdict in _progress(verdicts, args.quiet):
            _write(f"{verdict}\n", report=True)
            if verdict.question == WHOLE_FILE:
                file_problems = True
            else:
                passed, failed = passed + verdict.passed, failed + (not verdict.passed)
    _write(f"stategraph: checked {plural(passed + failed, 'answer')}: {passed} ok, {failed} with a problem\n",
           report=True)
    return 0 if failed == 0 and not file_problems else 3


def demo(args) -> int:
    if args.algorithm is not None:
        get_search(args.algorithm)  # an unknown routine is an error, not a skip
    for name, puzzle in PUZZLES.items():
        if args.algorithm is not None and args.algorithm not in applicable_algorithms(name):
            _write(f"== {name}: skipped, {args.algorithm} does not apply to its default model\n")
            continue
        settings = Settings.of(name, algorithm=args.algorithm)
        _write(f"== {name}: {puzzle.summary} (packaged sample, model {settings.model}, {settings.algorithm})\n")
        for record in run(puzzle, puzzle.sample_text(), settings, f"<sample {name}>"):
            _write(record.text)
    return 0


def sample(args) -> int:
    if len(args.items) != 1:
        raise StategraphError(f"sample takes one puzzle name, got {len(args.items)} arguments")
    _write(get_puzzle(args.items[0]).sample_text())
    return 0


def configs(args) -> int:
    names = packaged.config_names()
    width = max(map(len, names))
    _write("".join(f"{name.ljust(width)}  {packaged.config_summary(name)}\n" for name in names))
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
        _write(f"{name.ljust(width)}  {routine.summary}\n"
               f"{''.ljust(width)}  accepts: {routine.accepts}; applies to: {', '.join(usable) or 'none'}{later}\n")
    return 0


def puzzles(args) -> int:
    for name, puzzle in PUZZLES.items():
        aliases = f" (alias: {', '.join(puzzle.aliases)})" if puzzle.aliases else ""
        _write(f"{name}{aliases}: {puzzle.summary}\n")
        default = puzzle.model().name
        for model_name, model in puzzle.models.items():
            mark = " (default)" if model_name == default else ""
            _write(f"  model {model_name}{mark}: {model.summary}\n")
    return 0


def compare(args) -> int:
    from .views import commands as teaching

    return teaching.compare(args)


def explain(args) -> int:
    from .views import commands as teaching

    return teaching.explain(args)


def draw(args) -> int:
    from .views import commands as teaching

    return teaching.draw(args)


def view(args) -> int:
    from .views import commands as teaching

    return teaching.view(args)


def export(args) -> int:
    """One question's state graph, written in a graph tool's format (see :mod:`stategraph.export`)."""
    from .export import Capture, export_path, format_for  # the graph writers: not loaded by `solve`
    from .graphwrite import write_graph
    from .safefile import check_output

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
    with _open_input(input_path) as (stream, source):
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


def search(args) -> int:
    """Search a graph file written by `export` (perhaps edited since) and print the optimum and its path."""
    from .graphfile import read_graph, search_graph

    if len(args.items) != 1:
        raise StategraphError(f"search takes one graph file, got {len(args.items)} arguments")
    graph = read_graph(args.items[0], args.max_bytes)
    _write(search_graph(graph, args.algorithm or "dijkstra"))
    return 0


# settings -----------------------------------------------------------------------------------------

def _resolve(args, files: tuple, optional: int = 0):
    return resolve(args.command, args.items, files, optional=optional, config=args.config,
                   assignments=args.set, flags=flag_values(args))


# streams ------------------------------------------------------------------------------------------

class _Reading:
    """A binary input stream whose read failures are :class:`StreamFault` (exit 4)."""

    def __init__(self, stream, source: str):
        self.stream, self.source = stream, source

    def read(self, size: int = -1) -> bytes:
        """At most ``size`` bytes, without waiting for more than are ready (an answer must not wait
        for input beyond its instance)."""
        try:
            return self.stream.read1(size) if hasattr(self.stream, "read1") else self.stream.read(size)
        except OSError as exc:
            raise StreamFault(f"cannot read the input {self.source}: {exc.strerror or exc}") from None


@contextmanager
def _open_input(path):
    """The input as a binary stream (stdin for ``None`` or ``-``) and its name for messages."""
    if path is None or path == "-":
        if sys.stdin is None:
            raise StreamFault("cannot read the input: standard input is closed")
        yield _Reading(sys.stdin.buffer, "<stdin>"), "<stdin>"
        return
    shown = shorten(path, 200, quoted=False)
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise StategraphError(f"cannot read input {shown}: {exc.strerror}") from None
    with handle:
        if os.path.isdir(path):
            raise StategraphError(f"cannot read input {shown}: Is a directory")
        yield _Reading(handle, shown), shown


def _check_output_open() -> None:
    if sys.stdout is None:
        raise StreamFault("cannot write the output: standard output is closed")


def _write(text: str, *, report: bool = False) -> None:
    """Write ``text`` to stdout (``report``: to stderr) and flush it; a failure is a :class:`StreamFault`,
    but a closed stdout pipe stays a :class:`BrokenPipeError` (exit status 1, no message)."""
    if report and sys.stderr is None:
        raise StreamFault("cannot write the report: standard error is closed")
    if not report:
        _check_output_open()
    stream = sys.stderr if report else sys.stdout
    try:
        stream.write(text)
        stream.flush()
    except OSError as exc:
        if isinstance(exc, BrokenPipeError) and not report:
            raise
        raise StreamFault(f"cannot write the {'report' if report else 'output'}: {exc.strerror or exc}") from None


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
    _write("".join(line + "\n" for line in lines), report=True)
