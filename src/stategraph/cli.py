"""The ``stategraph`` command line; the one place where errors become messages and exit codes."""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import __version__
from . import config as configuration
from . import packaged
from .checks import CONFIRMED
from .errors import ConfigError, StategraphError, shorten
from .export import export_path, write_graphml
from .puzzles import PUZZLES, get_puzzle, refusal, sample_text
from .runner import run
from .search import SEARCHES, get_search
from .textinput import decode_input
from .weights import components

STAT_COLUMNS = ("instance", "query", "algorithm", "nodes", "edges", "settled", "relaxed",
                "compile_ms", "search_ms", "canonical_ms", "decode_ms")
PROGRESS_DELAY = 2.0  # seconds of work before a progress bar appears


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line."""

    def error(self, message):
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def main(argv=None) -> int:
    parser = _parser()
    args, extras = parser.parse_known_args(argv)
    try:
        _take_positionals(parser, args, extras)
        return args.handler(args)
    except StategraphError as exc:
        _flush_quietly()
        print(f"stategraph: error: {exc}", file=sys.stderr)
        return exc.exit_status
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        print("stategraph: interrupted", file=sys.stderr)
        return 130


def _take_positionals(parser, args, extras) -> None:
    """Options may stand anywhere: positionals met after an option join ``args.items``."""
    if not extras:
        return
    unknown = [item for item in extras if item.startswith("-") and item != "-"]
    if unknown or not isinstance(args.items, list):
        parser.error(f"unrecognized arguments: {' '.join(shorten(item) for item in unknown or extras)}")
    args.items = args.items + extras


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stategraph",
                                     description="Grid puzzles as explicit state graphs, answered by "
                                                 "generic shortest-path routines.")
    parser.add_argument("--version", action="version", version=f"stategraph {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    settings = _Parser(add_help=False)
    settings.add_argument("--config", "-c", metavar="FILE|NAME",
                          help="YAML config: a file, or the name of a packaged config (see `stategraph configs`)")
    settings.add_argument("--algorithm", "-a", help="search routine (overrides the config)")
    settings.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help="override any config key, e.g. limits.max_rows=500 or "
                               "search.options.stop_at_target=false (repeatable)")
    settings.add_argument("--quiet", "-q", action="store_true", help="no progress bar on a terminal")

    solve = commands.add_parser("solve", parents=[settings],
                                help="solve a contest input and print the exact contest output")
    solve.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                       help="puzzle name (unless --config names it) and input file (stdin when absent or -)")
    solve.add_argument("--format", choices=configuration.OUTPUT_FORMATS, help="text (contest output) or json")
    solve.add_argument("--stats", action="store_true", default=None, help="print search statistics to stderr")
    solve.add_argument("--verify", action="store_true", default=None,
                       help="check every answer with an independent checker: legal, and optimal by a naive "
                            "search where it fits the budget")
    solve.add_argument("--export-graphml", metavar="PATH", help="write each instance's state graph as GraphML")
    solve.set_defaults(handler=_solve)

    check = commands.add_parser("check", parents=[settings],
                                help="judge an answers file written by any program: legal, optimal, canonical")
    check.add_argument("items", nargs="*", metavar="[PUZZLE] INPUT ANSWERS",
                       help="puzzle name (unless --config names it), the contest input and the answers to judge")
    check.add_argument("--strict", action="store_true",
                       help="also require the exact canonical bytes (the contest's own judge)")
    check.set_defaults(handler=_check)

    demo = commands.add_parser("demo", help="solve the packaged sample of every puzzle")
    demo.add_argument("--algorithm", "-a", help="search routine (where it applies)")
    demo.set_defaults(handler=_demo, items=())

    sample = commands.add_parser("sample", help="print a puzzle's packaged sample input")
    sample.add_argument("items", nargs=1, metavar="PUZZLE")
    sample.set_defaults(handler=_sample)

    for name, handler, text in (("configs", _configs, "list the packaged configs (usable as --config NAME)"),
                                ("algorithms", _algorithms, "list the search routines"),
                                ("puzzles", _puzzles, "list the puzzles")):
        commands.add_parser(name, help=text).set_defaults(handler=handler, items=())
    return parser


def _solve(args) -> int:
    config, (input_path,) = _resolve_config(args, ("INPUT",), optional=1)
    output = config["output"]
    settings = _run_settings(config)
    text, source = _read_input(input_path)
    stats_rows = []
    verdicts = []
    try:
        for record in _progress(run(config["puzzle"], text, settings, source), args.quiet):
            if output["format"] == "json":
                sys.stdout.write(json.dumps(_as_json(config["puzzle"], record)) + "\n")
            else:
                sys.stdout.write(record.text)
            sys.stdout.flush()
            if config["export"]["graphml"] and record.graph is not None:
                states = record.solution.states if record.solution else None
                write_graphml(record.graph, export_path(config["export"]["graphml"], record.instance),
                              states)
            if output["stats"]:
                stats_rows.append(_stats_row(record))
            if output["verify"]:
                verdicts.append(record.stats["verified"])
    finally:
        if stats_rows:
            _print_table(stats_rows)
    if output["verify"]:
        unconfirmed = sum(v != CONFIRMED for v in verdicts)
        print(f"stategraph: verified {_count(len(verdicts), 'answer')}: {len(verdicts) - unconfirmed} confirmed"
              + (f", {unconfirmed} legal but too large to confirm optimal" if unconfirmed else ""),
              file=sys.stderr)
    return 0


def _check(args) -> int:
    from .judge import WHOLE_FILE, judge

    config, (input_path, answers_path) = _resolve_config(args, ("INPUT", "ANSWERS"))
    text, source = _read_input(input_path)
    answers, answers_source = _read_input(answers_path)
    verdicts = judge(config["puzzle"], text, answers, _run_settings(config), source, answers_source,
                     strict=args.strict)
    passed = failed = 0
    file_problems = False
    for verdict in _progress(verdicts, args.quiet):
        print(verdict, file=sys.stderr)
        if verdict.question == WHOLE_FILE:
            file_problems = True
        else:
            passed, failed = passed + verdict.passed, failed + (not verdict.passed)
    print(f"stategraph: checked {_count(passed + failed, 'answer')}: {passed} ok, {failed} with a problem",
          file=sys.stderr)
    return 0 if failed == 0 and not file_problems else 3


def _resolve_config(args, files: tuple, optional: int = 0):
    """The config (defaults < config file < ``--set`` < dedicated flags) and the file arguments.

    The puzzle may be named by the first positional, the config's ``puzzle`` or ``--set puzzle=``;
    those given must agree.
    """
    items = list(args.items)
    assignments = [configuration.parse_assignment(item) for item in args.set]
    named = [(f"--set {key}", value) for key, value in assignments if key == "puzzle"]
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
    if not args.config:
        config = configuration.default_config(puzzle)
    flags = {"search.algorithm": args.algorithm}
    for flag, key in (("format", "output.format"), ("stats", "output.stats"), ("verify", "output.verify"),
                      ("export_graphml", "export.graphml")):
        flags[key] = getattr(args, flag, None)
    overrides = {key: value for key, value in assignments if key != "puzzle"}
    overrides.update({key: value for key, value in flags.items() if value is not None})
    where = f"{where} (with command-line overrides)" if args.config else "command line"
    config = configuration.apply_overrides(config, overrides, where)
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
        resolved.append((where, get_puzzle(name).NAME))
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
    return configuration.load_config(name), name


def _run_settings(config: dict) -> dict:
    return {**config["limits"], "algorithm": config["search"]["algorithm"], "model": config["model"],
            "options": config["search"]["options"], "verify": config["output"]["verify"]}


def _read_input(path):
    if path is None or path == "-":
        return decode_input(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise StategraphError(f"cannot read input {shorten(path, 200, quoted=False)}: {exc.strerror}") from None
    return decode_input(data, path), path


def _progress(items, quiet: bool):
    """``items``, with a progress bar on stderr when it is a terminal and the work takes a while."""
    if quiet or not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, delay=PROGRESS_DELAY, unit=" answers", file=sys.stderr, leave=False)


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


def _demo(args) -> int:
    routine = get_search(args.algorithm) if args.algorithm is not None else None
    for name, module in PUZZLES.items():
        reason = refusal(module, routine) if routine is not None else None
        if reason:
            print(f"== {name}: skipped, {routine.name} does not apply ({reason})")
            continue
        print(f"== {name}: {module.SUMMARY} (packaged sample, {args.algorithm or module.DEFAULTS['algorithm']})")
        for record in run(module, sample_text(module), {"algorithm": args.algorithm}, f"<sample {module.SAMPLE}>"):
            sys.stdout.write(record.text)
    return 0


def _sample(args) -> int:
    if len(args.items) != 1:
        raise StategraphError(f"sample takes one puzzle name, got {len(args.items)} arguments")
    sys.stdout.write(sample_text(get_puzzle(args.items[0])))
    return 0


def _configs(args) -> int:
    names = packaged.config_names()
    width = max(map(len, names))
    for name in names:
        print(f"{name.ljust(width)}  {packaged.config_summary(name)}")
    return 0


def _algorithms(args) -> int:
    width = max(map(len, SEARCHES))
    for name, routine in SEARCHES.items():
        usable = [p for p, module in PUZZLES.items() if refusal(module, routine) is None]
        print(f"{name.ljust(width)}  {routine.summary}")
        print(f"{''.ljust(width)}  accepts: {routine.accepts}; applies to: {', '.join(usable) or 'none'}")
    return 0


def _puzzles(args) -> int:
    for name, module in PUZZLES.items():
        aliases = f" (alias: {', '.join(module.ALIASES)})" if module.ALIASES else ""
        print(f"{name}{aliases}: {module.SUMMARY}")
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
