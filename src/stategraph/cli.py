"""The ``stategraph`` command line; the one place where errors become messages and exit codes."""

from __future__ import annotations

import argparse
import json
import sys

from . import config as configuration
from .checks import CONFIRMED
from .errors import StategraphError
from .export import export_path, write_graphml
from .puzzles import PUZZLES, get_puzzle, refusal, sample_text
from .runner import run
from .search import SEARCHES
from .textinput import decode_input
from .weights import components

STAT_COLUMNS = ("instance", "query", "algorithm", "nodes", "edges", "settled", "relaxed",
                "compile_ms", "search_ms", "canonical_ms", "decode_ms")


def main(argv=None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="stategraph", description=__doc__.splitlines()[0].replace(
        "The ``stategraph`` command line", "Grid puzzles as explicit state graphs"))
    commands = parser.add_subparsers(dest="command", required=True)

    solve = commands.add_parser("solve", help="solve a contest input and print the exact contest output")
    solve.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                       help="puzzle name (unless --config names it) and input file (stdin when absent)")
    solve.add_argument("--config", "-c", help="YAML config file")
    solve.add_argument("--algorithm", "-a", help="search routine (overrides the config)")
    solve.add_argument("--format", choices=configuration.OUTPUT_FORMATS, help="text (contest output) or json")
    solve.add_argument("--stats", action="store_true", default=None, help="print search statistics to stderr")
    solve.add_argument("--verify", action="store_true", default=None,
                       help="replay every answer with an independent checker; fail loudly if one does not hold")
    solve.add_argument("--export-graphml", metavar="PATH", help="write each instance's state graph as GraphML")
    solve.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                       help="override any config key, e.g. limits.max_rows=500 or "
                            "search.options.stop_at_target=false (repeatable)")
    solve.set_defaults(handler=_solve)

    demo = commands.add_parser("demo", help="solve the packaged sample of every puzzle")
    demo.add_argument("--algorithm", "-a", help="search routine (where it applies)")
    demo.set_defaults(handler=_demo)

    algorithms = commands.add_parser("algorithms", help="list the search routines")
    algorithms.set_defaults(handler=_algorithms)

    puzzles = commands.add_parser("puzzles", help="list the puzzles")
    puzzles.set_defaults(handler=_puzzles)
    return parser


def _solve(args) -> int:
    config, input_path = _resolve_config(args)
    text, source = _read_input(input_path)
    output = config["output"]
    settings = {**config["limits"], "algorithm": config["search"]["algorithm"], "model": config["model"],
                "options": config["search"]["options"], "verify": output["verify"]}
    stats_rows = []
    verdicts = []
    try:
        for record in run(config["puzzle"], text, settings, source):
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
        print(f"stategraph: verified {len(verdicts)} answers: {len(verdicts) - unconfirmed} confirmed"
              + (f", {unconfirmed} claims of no solution too large to confirm" if unconfirmed else ""),
              file=sys.stderr)
    return 0


def _resolve_config(args):
    items = list(args.items)
    if len(items) > 2:
        raise StategraphError(f"solve takes at most a puzzle and an input file, got {len(items)} arguments")
    if args.config:
        config = configuration.load_config(args.config)
        if len(items) == 2:
            puzzle = get_puzzle(items.pop(0)).NAME
            if puzzle != config["puzzle"]:
                raise StategraphError(f"puzzle {puzzle!r} differs from {args.config}'s puzzle "
                                      f"{config['puzzle']!r}")
        source = args.config
    else:
        if not items:
            raise StategraphError("solve needs a puzzle name or --config FILE "
                                  f"(puzzles: {', '.join(PUZZLES)})")
        config = configuration.default_config(items.pop(0))
        source = "command line"
    overrides = dict(configuration.parse_assignment(item) for item in args.set)
    overrides |= {"search.algorithm": args.algorithm, "output.format": args.format,
                 "output.stats": args.stats, "output.verify": args.verify,
                 "export.graphml": args.export_graphml}
    where = f"{source} (with command-line overrides)" if args.config else source
    config = configuration.apply_overrides(config, overrides, where)
    return config, (items[0] if items else None)


def _read_input(path):
    if path is None or path == "-":
        return decode_input(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise StategraphError(f"cannot read input {path}: {exc.strerror}") from None
    return decode_input(data, path), path


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
    for name, module in PUZZLES.items():
        algorithm = args.algorithm
        if algorithm is not None:
            reason = refusal(module, SEARCHES[algorithm]) if algorithm in SEARCHES else "unknown"
            if reason:
                print(f"== {name}: skipped, {algorithm} does not apply ({reason})")
                continue
        print(f"== {name}: {module.SUMMARY} (packaged sample, {algorithm or module.DEFAULTS['algorithm']})")
        for record in run(module, sample_text(module), {"algorithm": algorithm}, f"<sample {module.SAMPLE}>"):
            sys.stdout.write(record.text)
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


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
