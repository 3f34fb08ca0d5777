"""What each ``stategraph`` command does, once :mod:`stategraph.cli` has read its options.

Everything a run needs (the config, the export path, the output stream) is
checked before the first instance is read; the input is read as a stream and
every answer is written and flushed as soon as it is ready.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager

from . import config as configuration
from . import packaged
from .checks import CONFIRMED
from .errors import ConfigError, StategraphError, StreamFault, shorten
from .export import export_path, write_graphml
from .puzzles import PUZZLES, get_puzzle, refusal, sample_text
from .runner import run
from .search import SEARCHES, get_search
from .weights import components

STAT_COLUMNS = ("instance", "query", "algorithm", "nodes", "edges", "settled", "relaxed",
                "compile_ms", "search_ms", "canonical_ms", "decode_ms")
PROGRESS_DELAY = 2.0  # seconds of work before a progress bar appears


def solve(args) -> int:
    config, (input_path,) = _resolve_config(args, ("INPUT",), optional=1)
    output = config["output"]
    template = config["export"]["graphml"]
    if template:
        _check_writable(export_path(template, 1))
    _check_output_open()
    stats_rows = []
    verdicts = []
    with _open_input(input_path) as (stream, source):
        try:
            for record in _progress(run(config["puzzle"], stream, _run_settings(config), source), args.quiet):
                text = json.dumps(_as_json(config["puzzle"], record)) + "\n" if output["format"] == "json" \
                    else record.text
                _write(text)
                if template and record.graph is not None:
                    states = record.solution.states if record.solution else None
                    write_graphml(record.graph, export_path(template, record.instance), states)
                if output["stats"]:
                    stats_rows.append(_stats_row(record))
                if output["verify"]:
                    verdicts.append(record.stats["verified"])
                del record  # the instance's graph goes before the next is built
        finally:
            if stats_rows:
                _print_table(stats_rows)
    if output["verify"]:
        unconfirmed = sum(v != CONFIRMED for v in verdicts)
        print(f"stategraph: verified {_count(len(verdicts), 'answer')}: {len(verdicts) - unconfirmed} confirmed"
              + (f", {unconfirmed} legal but too large to confirm optimal" if unconfirmed else ""),
              file=sys.stderr)
    return 0


def check(args) -> int:
    from .judge import WHOLE_FILE, judge

    config, (input_path, answers_path) = _resolve_config(args, ("INPUT", "ANSWERS"))
    with _open_input(answers_path) as (answers_stream, answers_source):
        answers = _decoded(answers_stream.read(), answers_source)
    passed = failed = 0
    file_problems = False
    with _open_input(input_path) as (stream, source):
        verdicts = judge(config["puzzle"], stream, answers, _run_settings(config), source, answers_source,
                         strict=args.strict)
        for verdict in _progress(verdicts, args.quiet):
            print(verdict, file=sys.stderr)
            if verdict.question == WHOLE_FILE:
                file_problems = True
            else:
                passed, failed = passed + verdict.passed, failed + (not verdict.passed)
    print(f"stategraph: checked {_count(passed + failed, 'answer')}: {passed} ok, {failed} with a problem",
          file=sys.stderr)
    return 0 if failed == 0 and not file_problems else 3


def demo(args) -> int:
    routine = get_search(args.algorithm) if args.algorithm is not None else None
    for name, module in PUZZLES.items():
        reason = refusal(module, routine) if routine is not None else None
        if reason:
            _write(f"== {name}: skipped, {args.algorithm} does not apply ({reason})\n")
            continue
        _write(f"== {name}: {module.SUMMARY} (packaged sample, {args.algorithm or module.DEFAULTS['algorithm']})\n")
        for record in run(module, sample_text(module), {"algorithm": args.algorithm}, f"<sample {module.SAMPLE}>"):
            _write(record.text)
    return 0


def sample(args) -> int:
    if len(args.items) != 1:
        raise StategraphError(f"sample takes one puzzle name, got {len(args.items)} arguments")
    _write(sample_text(get_puzzle(args.items[0])))
    return 0


def configs(args) -> int:
    names = packaged.config_names()
    width = max(map(len, names))
    _write("".join(f"{name.ljust(width)}  {packaged.config_summary(name)}\n" for name in names))
    return 0


def algorithms(args) -> int:
    width = max(map(len, SEARCHES))
    for name, routine in SEARCHES.items():
        usable = [p for p, module in PUZZLES.items() if refusal(module, routine) is None]
        _write(f"{name.ljust(width)}  {routine.summary}\n"
               f"{''.ljust(width)}  accepts: {routine.accepts}; applies to: {', '.join(usable) or 'none'}\n")
    return 0


def puzzles(args) -> int:
    for name, module in PUZZLES.items():
        aliases = f" (alias: {', '.join(module.ALIASES)})" if module.ALIASES else ""
        _write(f"{name}{aliases}: {module.SUMMARY}\n")
    return 0


# settings -----------------------------------------------------------------------------------------

def _resolve_config(args, files: tuple, optional: int = 0):
    """The config (defaults < config file < ``--set`` < dedicated flags) and the file arguments.

    The puzzle may be named by the first positional, the config's ``puzzle`` or ``--set puzzle=``;
    those given must agree.
    """
    items = list(args.items)
    assignments = [configuration.parse_assignment(item) for item in args.set]
    named = [(f"--set {key}", value) for key, value in assignments if key == "puzzle"]
    config = where = None
    if args.config:
        config, where = _load_config(args.config)
        named.insert(0, (where, config["puzzle"]))
    if len(items) > len(files) or not named or (items and _names_a_puzzle(items[0])):
        if not items:
            raise StategraphError(f"{args.command} needs a puzzle name or --config FILE "
                                  f"(puzzles: {', '.join(PUZZLES)})")
        named.insert(0, ("the command line", items.pop(0)))
    if len(items) > len(files):
        raise StategraphError(f"{args.command} takes [PUZZLE] {' '.join(files)}, "
                              f"got {len(args.items)} arguments")
    if len(items) < len(files) - optional:
        raise StategraphError(f"{args.command} needs {' and '.join(files)} "
                              f"(missing {' '.join(files[len(items):])})")
    puzzle = _agreed_puzzle(named)
    if config is None:
        config = configuration.default_config(puzzle)
    flags = {"search.algorithm": args.algorithm}
    for flag, key in (("format", "output.format"), ("stats", "output.stats"), ("verify", "output.verify"),
                      ("export_graphml", "export.graphml")):
        flags[key] = getattr(args, flag, None)
    overrides = {key: value for key, value in assignments if key != "puzzle"}
    overrides.update({key: value for key, value in flags.items() if value is not None})
    if overrides.get("export.graphml") == "":
        raise ConfigError("--export-graphml: the path is empty")
    config = configuration.apply_overrides(config, overrides,
                                           f"{where} (with command-line overrides)" if where else "command line")
    return config, tuple(items) + (None,) * (len(files) - len(items))


def _names_a_puzzle(item: str) -> bool:
    try:
        get_puzzle(item)
    except StategraphError:
        return False
    return not os.path.exists(item)


def _agreed_puzzle(named) -> str:
    resolved = []
    for where, name in named:
        if not isinstance(name, str):
            raise ConfigError(f"{where}: the puzzle must be a name, found {shorten(name)}")
        try:
            resolved.append((where, get_puzzle(name).NAME))
        except StategraphError:
            raise ConfigError(f"{where}: unknown puzzle {shorten(name)} (known: {', '.join(PUZZLES)})") from None
    first_where, first = resolved[0]
    for where, name in resolved[1:]:
        if name != first:
            raise ConfigError(f"puzzle {name!r} from {where} differs from {first!r} from {first_where}")
    return first


def _load_config(name: str) -> tuple:
    """The config in a file, or in the packaged config of that name; and where it came from."""
    if packaged.is_packaged(name):
        where = f"packaged config {name}"
        return configuration.load_config_text(packaged.config_text(name), where), where
    if not os.path.exists(name) and os.sep not in name:
        packaged.config_text(name)  # raises: neither a file nor a packaged config
    return configuration.load_config(name), shorten(name, 200, quoted=False)


def _run_settings(config: dict) -> dict:
    return {**config["limits"], "algorithm": config["search"]["algorithm"], "model": config["model"],
            "options": config["search"]["options"], "verify": config["output"]["verify"],
            "verify_seconds": config["verify"]["max_seconds"],
            "verify_positions": config["verify"]["max_positions"]}


# streams ------------------------------------------------------------------------------------------

class _Reading:
    """A binary input stream whose read failures are :class:`StreamFault` (exit 4)."""

    def __init__(self, stream, source: str):
        self.stream, self.source = stream, source

    def read(self, size: int = -1) -> bytes:
        try:
            return self.stream.read(size)
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


def _decoded(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise StategraphError(f"{source}: byte 0x{data[exc.start]:02x} is not valid UTF-8 "
                              f"(at byte {exc.start + 1})") from None


def _check_output_open() -> None:
    if sys.stdout is None:
        raise StreamFault("cannot write the output: standard output is closed")


def _check_writable(path: str) -> None:
    """Refuse an export path that cannot be written, before any work is done."""
    folder = os.path.dirname(path) or "."
    shown = shorten(path, 200, quoted=False)
    if os.path.isdir(path):
        raise StategraphError(f"cannot write GraphML to {shown}: Is a directory")
    if not os.path.isdir(folder):
        raise StategraphError(f"cannot write GraphML to {shown}: No such file or directory")
    if not os.access(folder, os.W_OK):
        raise StategraphError(f"cannot write GraphML to {shown}: Permission denied")


def _write(text: str) -> None:
    """Write ``text`` to stdout and flush it; a failure other than a closed pipe is a :class:`StreamFault`."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise StreamFault(f"cannot write the output: {exc.strerror or exc}") from None


def _progress(items, quiet: bool):
    """``items``, with a progress bar on stderr when it is a terminal and the work takes a while."""
    if quiet or sys.stderr is None or not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, delay=PROGRESS_DELAY, unit=" answers", file=sys.stderr, leave=False)


# reports ------------------------------------------------------------------------------------------

def _as_json(puzzle: str, record) -> dict:
    solution = record.solution
    path = solution.labels if solution is not None and solution.found else None
    cost = None if solution is None or solution.cost is None else components(solution.cost)
    return {"puzzle": puzzle, "instance": record.instance, "query": record.query,
            "answer": record.answer, "cost": cost, "path": path,
            "output": record.text, "stats": _jsonable(record.stats)}


def _jsonable(stats: dict) -> dict:
    return {k: v for k, v in stats.items() if isinstance(v, (str, int, float, bool, type(None)))}


def _stats_row(record) -> dict:
    stats = record.stats
    row = {"instance": record.instance, "query": record.query}
    for key in ("algorithm", "nodes", "edges", "settled", "relaxed"):
        row[key] = stats.get(key, "-") if stats.get(key) is not None else "-"
    for key in ("compile", "search", "canonical", "decode"):
        seconds = stats.get(f"{key}_seconds")
        row[f"{key}_ms"] = "-" if seconds is None else f"{seconds * 1000:.2f}"
    return row


def _print_table(rows) -> None:
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in STAT_COLUMNS}
    print("  ".join(c.rjust(widths[c]) for c in STAT_COLUMNS), file=sys.stderr)
    for row in rows:
        print("  ".join(str(row[c]).rjust(widths[c]) for c in STAT_COLUMNS), file=sys.stderr)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
