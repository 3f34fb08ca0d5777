"""The options of every ``stategraph`` command, as one table: :data:`COMMANDS`, with :data:`SETTINGS`,
those of every command that reads settings; :data:`FLAGS` marks where a command takes the
settings' own flags (declared in :mod:`stategraph.settings.fields`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..limits import GRADE_MEMORY_MIB, GRADE_SECONDS, MIN_GRADE_MEMORY_MIB


class Option(NamedTuple):
    """One option (or the positionals, ``items``) of a command: its names and what argparse's
    ``add_argument`` is told of it."""

    names: tuple[str, ...]
    spec: Mapping[str, Any]


def option(*names: str, **spec: Any) -> Option:
    return Option(names, spec)


def written_path(text: str) -> str:
    """An option's file to write: any path but an empty one (which would write nothing, silently)."""
    if not text:
        raise argparse.ArgumentTypeError("the path is empty")
    return text


FLAGS = Option((), {})  # in a command's options: where the dedicated flags of the settings go (default: last)


class Command(NamedTuple):
    """A subcommand: its one-line help, the options of its own and whether it reads settings (then
    it takes :data:`SETTINGS` first, and the flags of the keys that name it, :mod:`stategraph.settings.fields`)."""

    help: str
    options: tuple[Option, ...] = ()
    settings: bool = True
    description: str | None = None


def _items(metavar: str, help: str) -> Option:
    return option("items", nargs="*", metavar=metavar, help=help)


def _pickers(default: str) -> tuple[Option, Option]:
    return (option("--instance", type=int, metavar="K", help=f"only instance K ({default})"),
            option("--query", type=int, metavar="K", help="question K of the instance (Huarong Dao queries; "
                                                           "default: the first)"))


INPUT = _items("[PUZZLE] [INPUT]", "puzzle name (unless --config names it) and input file (stdin when absent or -)")
VIEW_INPUT = _items("[PUZZLE] [INPUT]", "puzzle name and input file (stdin when absent or -)")
CONFIG = "YAML config: a file, or the name of a packaged config (see `stategraph configs`)"
# the options of every command that reads settings, before its own (FLAGS: the keys' flags all of them take)
SETTINGS = (option("--config", "-c", metavar="FILE|NAME", help=CONFIG),
            FLAGS,
            option("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override any config key, e.g. limits.max_rows=500 or "
                        "search.options.stop_at_target=false (repeatable)"),
            option("--quiet", "-q", action="store_true", help="no progress bar on a terminal"))
COMPARE_HELP = ("run every model x applicable search routine on an input: a summary with a row per model and "
                "routine over the whole file (questions answered, states, edges, states settled, answers whose "
                "bytes agree with the first row's, compile and search ms), a total row, and once each the "
                "routines that do not apply and why; --per-question adds one table per question (also edges "
                "relaxed, SPFA's queue pops and the cost)")
GRADE_HELP = ("grade students' puzzles (or routines) against a reference on its random instances, sizes growing "
              "from small; on a disagreement, shrink it to the smallest counterexample and report both answers, "
              "both paths and where they part (exit 0: all agree; 3: a counterexample or a budget overrun; 2: a "
              "student's code fails to load or raises); each student runs in a child process within its budgets")
CENSUS_HELP = ("the whole state space of each question: how many states lie at each distance from the start, "
               "the farthest distance and a few states there, the goals met and whether every state can reach a "
               "goal; the moves are held as integer arrays, so millions of states fit")
VIEW_HELP = ("one self-contained HTML page (no network, opens from file://) where one question's puzzle, its "
             "state graph, the solution step by step and each routine's search play side by side; the models "
             "compared; at most 5 MB (above 2,000 states, the canonical path and its neighbourhood are drawn)")

# every command, in the order of `stategraph --help`, with the options of its own; its handler is the function of
# the same name in stategraph.cli.commands or stategraph.cli.view_commands
COMMANDS: dict[str, Command] = {
    "solve": Command("solve a contest input and print the exact contest output", (INPUT,)),
    "check": Command("judge an answers file written by any program: legal, optimal, canonical", (
        _items("[PUZZLE] INPUT ANSWERS",
               "puzzle name (unless --config names it), the contest input and the answers to judge"),
        option("--strict", action="store_true",
               help="also require the exact canonical bytes (the contest's own judge)"),
    )),
    "export": Command("write one question's state graph for Gephi, yEd, igraph or Graphviz", (
        INPUT,
        option("--output", "-o", metavar="PATH", type=written_path, help="the file to write (- for stdout)"),
    )),
    "search": Command("search a graph file written by `export` (edited or not)", (
        _items("GRAPHFILE", "a GraphML, GEXF or node-link JSON file"),
        option("--algorithm", "-a", help="search routine (default dijkstra)"),
        option("--max-bytes", type=int, metavar="N",
               help="refuse a graph file larger than N bytes (default 536870912, 512 MiB)"),
        option("--quiet", "-q", action="store_true", help=argparse.SUPPRESS),
    ), settings=False),
    "demo": Command("solve the packaged sample of every puzzle", (
        option("--algorithm", "-a", help="search routine (where it applies)"),
    ), settings=False),
    "sample": Command("print a puzzle's packaged sample input", (
        option("items", nargs=1, metavar="PUZZLE"),
    ), settings=False),
    "configs": Command("list the packaged configs (usable as --config NAME)", settings=False),
    "algorithms": Command("list the search routines", (
        option("--config", "-c", metavar="FILE|NAME",
               help="also list the routine of your own (module:function) it names"),
    ), settings=False),
    "puzzles": Command("list the puzzles", settings=False),
    "compare": Command(COMPARE_HELP, (
        VIEW_INPUT,
        option("--format", choices=("text", "json", "csv"), default="text",
               help="text: the summary (default); json (one object per question and pair) or csv, for plotting"),
        option("--per-question", action="store_true",
               help="after the summary, every question's table (text only; json and csv always are)"),
        option("--plot", metavar="FILE.svg", type=written_path,
               help="also draw the states settled: each model and routine's total, and every question (0 drawn "
                    "at 0; needs matplotlib)"),
    ), description=COMPARE_HELP),
    "census": Command(CENSUS_HELP, (
        VIEW_INPUT,
        option("--format", choices=("text", "json", "csv"), default="text",
               help="text (default), json (one object per question) or csv (a row per distance)"),
        option("--plot", metavar="FILE.svg", type=written_path,
               help="also draw the census as bars (log scale where it spans orders of magnitude; needs matplotlib)"),
        option("--examples", type=int, default=3, metavar="N", help="the farthest states shown (default 3)"),
        option("--export", metavar="FILE", type=written_path,
               help="also write the first question's whole graph, streamed: .graphml or .csv (an edge list), "
                    "either gzipped with .gz"),
        *_pickers("default: every instance"),
    ), description=CENSUS_HELP),
    "explain": Command("the canonical solution as numbered steps in words, with ASCII pictures", (
        VIEW_INPUT,
        option("--format", choices=("text", "json"), default="text",
               help="text (default) or json (one explanation object per line)"),
        *_pickers("default: every instance"),
    )),
    "draw": Command("draw the grid with the solution path (SVG or PNG), the state graph (--graph) or an animation "
                    "(--animate); needs matplotlib", (
                        VIEW_INPUT,
                        option("--output", "-o", metavar="FILE", type=written_path, help="the picture: .svg or .png"),
                        option("--graph", action="store_true",
                               help="draw the state graph instead of the grid: canonical path in red, states settled "
                                    "by the routine shaded; above 400 states, the canonical path and its "
                                    "neighbourhood"),
                        option("--animate", metavar="FILE.gif", type=written_path,
                               help="also write the solution played from the start, a frame a step"),
                        *_pickers("default: instance 1"),
                    )),
    "view": Command(VIEW_HELP, (
        VIEW_INPUT,
        option("--output", "-o", metavar="FILE.html", type=written_path,
               help="the page (.html; - for standard output)"),
        *_pickers("default: instance 1"),
    ), description=VIEW_HELP),
    "grade": Command(GRADE_HELP, (
        option("students", nargs="+", metavar="STUDENT",
               help="each a puzzle (module:Class, a config file or a built-in name), or with --routine a routine "
                    "(module:function)"),
        option("--reference", "-r", required=True, metavar="REF",
               help="the reference puzzle (module:Class, a config file or a built-in name): its random_instance() "
                    "draws the instances"),
        option("--routine", action="store_true", help="the students are search routines, run on the reference"),
        option("--instances", "-n", type=int, default=200, metavar="N", help="instances to grade on (default 200)"),
        option("--seed", type=int, default=0, metavar="S", help="the random seed (default 0)"),
        option("--max-size", type=int, default=6, metavar="K",
               help="the sizes grow from 1 to K over the run (default 6)"),
        option("--exact", action="store_true", help="also require the answers' exact bytes, not just their costs"),
        option("--max-seconds", type=float, default=GRADE_SECONDS, metavar="X",
               help=f"a student's time for one instance, in seconds (default {GRADE_SECONDS:g})"),
        option("--max-memory", type=int, default=GRADE_MEMORY_MIB, metavar="MB",
               help=f"a student's memory, in MiB of address space (default {GRADE_MEMORY_MIB}, at least "
                    f"{MIN_GRADE_MEMORY_MIB})"),
        option("--format", choices=("text", "json"), default="text",
               help="text (default) or json (one object per student)"),
        option("--output", "-o", metavar="FILE", type=written_path,
               help="write the smallest counterexample, in the input format"),
        option("--page", metavar="FILE.html", type=written_path,
               help="write a view page of the smallest counterexample"),
        option("--jobs", "-j", type=int, default=1, metavar="N", help="students graded at once (0: all)"),
        option("--sandbox", action="store_true",
               help="run each side's child under bubblewrap (bwrap): read-only files, no network (docs/trust.md)"),
    ), settings=False, description=GRADE_HELP),
}
