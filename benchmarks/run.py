"""One command for every benchmark: stategraph's CLI against plain-Python baselines and lazy-graph libraries.

Run:  python benchmarks/run.py [--quick] [--only WORD ...] [--pairs N | --reps N] [--repeat N] [--cap SECONDS]
                              [--no-baselines] [--keep DIR] [--cli CMD] [--table] [--pin CPU|off]

Every input is generated from fixed seeds (gen_*.py next to this file). Five tables, in this
order (``--only speed``, ``first-level``, ``shapes``, ``jobs`` or ``detailed`` runs one alone;
``--table``: only the first):

- the speed table (issue 23): a row per input of issue 23, stategraph's and the plain port's wall
  time and how they compare, each a whole process pinned to one CPU (``--pin``; default the
  highest-numbered one), the median of ``--pairs`` (5) interleaved pairs (stategraph, port,
  stategraph, port, ...; the port runs once on the 1000-query 100 x 100 boards, about half a
  minute each), the port's output checked byte for byte; the start-up rows set ``stategraph
  solve`` on the 2-maze sample, and on one instance of the water jug example named by its config
  (a first-level plug-in, issue 44), against ``python -c pass``, in at least 31 pairs, and give
  the share of ``import networkx`` (and of every import) from ``-X importtime``;
- the first-level table (issue 33, ``first_level.py``): the 8-puzzle, water jug and keys-and-doors
  examples, ``stategraph solve --config puzzle.yaml FILE`` in the example's folder against the
  same rules on NoGraphs, networkx by hand and simpleai (``baselines/first_level_*.py``; the
  ``bench`` extra installs them), pinned, the tools interleaved, the median of ``--reps`` (the
  same option as ``--pairs``) runs, every answer's cost checked equal across the tools (a
  difference stops the benchmark, exit status 1), and the states stategraph builds against
  those NoGraphs expands;
- the shapes table (issue 33, ``gen_shapes.py``): the built-ins on inputs of shapes the other
  rows lack (snake Abbott's Revenge mazes whose every route is 81 cells, Pushing Boxes labyrinths
  and a serpentine corridor with long walks, Huarong Dao boards with 30-40% fixed cells) against
  the plain port, as the speed table;
- the jobs table (issue 33): ``--jobs 2`` against ``--jobs 1`` on 10,000 small instances of each
  built-in, in interleaved pairs, not pinned (the workers need the CPUs), the outputs checked
  byte for byte;
- the detailed table, each input solved by

  - ``stategraph solve PUZZLE FILE`` as a whole process with the default config, ``--repeat``
    times (the median wall time, the largest peak RSS of the child);
  - once more with ``--stats``: the states, edges and compile / search / canonical / decode times
    are summed from the ``--stats`` table on stderr (and, where the naive model is compared, once
    with ``--format json`` for the optimal costs);
  - each baseline in ``benchmarks/baselines/`` as a whole process (``sys.executable``, input on
    stdin), as many times, in the same run; the ratio is stategraph's wall time / the baseline's.

Children run from compiled bytecode, as an installed stategraph does (``use_bytecode_cache``).
The student baselines must print exactly stategraph's bytes; the naive networkx model of Pushing
Boxes must find the same optimal (pushes, walks) as stategraph's JSON cost. The ``check`` column
and the summary under the table say whether they did.

Peak memory is the child's own max RSS (the kernel's high-water mark of that process), taken by
GNU time (``/usr/bin/time``) or, without it, by a minimal Python forker using ``os.wait4``; see
``measure.memory_probe`` for why not ``os.wait4`` straight from this script. CPU time (user +
system) is reported next to the wall time in the detailed table: on a busy machine it is the
steadier figure; the first line of the report gives the machine's load average at the start and
at the end. Runs longer than the cap (``--cap``, 120 s; 30 s with ``--quick``) are killed and
shown as ``> 120 s``. ``--quick`` runs a reduced set (small inputs, one run each) as a smoke
test. ``--only`` may be repeated (an input is run when its label contains any of the words, or
its table is named); ``--no-baselines`` skips the baselines (stategraph's own figures only, no
ratios or output checks). The exit status is 1 when stategraph failed on an input, a baseline
disagreed with it, or a first-level tool failed or disagreed.

``stategraph`` is the one on PATH (or ``python -m stategraph`` when there is none); ``--cli``
names another command, e.g. ``--cli "python -m stategraph"``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import first_level  # noqa: E402
import gen_arrow_maze  # noqa: E402
import gen_huarong  # noqa: E402
import gen_pushing_boxes  # noqa: E402
import gen_shapes  # noqa: E402
from measure import (  # noqa: E402
    Run,
    default_pin,
    has_gnu_time,
    measure,
    number,
    run_once,
    run_text,
    seconds_text,
    stategraph_command,
    stats_table,
    use_bytecode_cache,
)

BASELINES = HERE / "baselines"
SECTIONS = ("speed", "first-level", "shapes", "jobs", "detailed")  # the tables, in the order they run
STARTUP_LABEL = "pb: 1 maze 1x3 (solve start-up)"


@dataclass
class Baseline:
    key: str  # column name
    argv: list  # command (input on stdin)
    check: str  # "exact": the same stdout bytes; "cost": the same optimal (pushes, walks); "none"
    repeat: int | None = None  # fixed number of runs (None: --repeat)


def script(name: str) -> list:
    return [sys.executable, str(BASELINES / name)]


STUDENT = {
    "pushing_boxes": Baseline("student", script("pushing_boxes.py"), "exact"),
    "huarong": Baseline("student", script("huarong.py"), "exact"),
    "arrow_maze": Baseline("student", script("arrow_maze.py"), "exact"),
}
# The naive model is ~100x slower than everything else: it is run once per input.
NAIVE = Baseline("naive-nx", script("pushing_boxes_naive_networkx.py"), "cost", repeat=1)
STARTUP = Baseline("student", [sys.executable, "-c", "pass"], "none")  # bare interpreter start-up


@dataclass
class Case:
    label: str
    puzzle: str | None  # None: a bare CLI command (``args``), no input
    text: object = None  # the input, or a function making it (generated when the case runs)
    args: tuple = ()
    baselines: list = field(default_factory=list)
    queries: int = 0  # Huarong Dao: queries in the input, for the queries-per-second note
    group: str = ""  # "growth", "memory", ... for the notes under the table


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------

def input_of(case: Case) -> str:
    return case.text() if callable(case.text) else case.text


def pb(count, rows, cols, rock, seed):
    return lambda: gen_pushing_boxes.input_text(count, rows, cols, rock, seed)


def hr(rows, cols, queries, fixed, seed):
    return lambda: gen_huarong.board_text(rows, cols, queries, fixed, seed)


def am(count, seed):
    return lambda: gen_arrow_maze.input_text(count, seed)


def open_maze(size):
    return lambda: gen_pushing_boxes.single_maze_input(gen_pushing_boxes.open_maze_text(size))


def walled(size, rock, seed):
    return lambda: gen_pushing_boxes.single_maze_input(gen_pushing_boxes.walled_maze_text(size, rock, seed))


def comb(size):
    return lambda: gen_pushing_boxes.single_maze_input(gen_pushing_boxes.comb_maze_text(size))


def cases(quick: bool) -> list:
    pushing = [STUDENT["pushing_boxes"]]
    naive = [STUDENT["pushing_boxes"], NAIVE]
    huarong = [STUDENT["huarong"]]
    arrows = [STUDENT["arrow_maze"]]
    out = [Case("stategraph --version", None, args=("--version",), baselines=[STARTUP]),
           Case("stategraph --help", None, args=("--help",), baselines=[STARTUP]),
           Case(STARTUP_LABEL, "pushing_boxes", "1 3\nSBT\n0 0\n", baselines=pushing)]
    if quick:
        growth_sizes, memory_counts = (20, 50), (10, 300)
        out += [
            Case("pb: 10 mazes 20x20, 10% rock", "pushing_boxes", pb(10, 20, 20, 0.1, 1475), baselines=pushing),
            Case("pb: 3 mazes 12x12, 25% rock", "pushing_boxes", pb(3, 12, 12, 0.25, 1476), baselines=naive),
            Case("pb: comb 30x30", "pushing_boxes", comb(30), baselines=pushing),
            Case("hr: 10x10 q=50, all movable", "huarong", hr(10, 10, 50, 0.0, 2013), baselines=huarong, queries=50),
            Case("hr: 30x30 q=50, ~10% fixed", "huarong", hr(30, 30, 50, 0.1, 2013), baselines=huarong, queries=50),
            Case("am: 100 mazes 9x9", "arrow_maze", am(100, 816), baselines=arrows),
        ]
    else:
        growth_sizes, memory_counts = (20, 50, 100, 200, 300), (100, 10_000)
        out += [
            Case("pb: 100 mazes 20x20, 10% rock", "pushing_boxes", pb(100, 20, 20, 0.1, 1475), baselines=naive),
            # The same generator and seed: the first 10 of the 100 mazes, where the naive model fits the cap.
            Case("pb: first 10 of those mazes", "pushing_boxes", pb(10, 20, 20, 0.1, 1475), baselines=naive),
            Case("pb: comb 120x120", "pushing_boxes", comb(120), baselines=pushing),
            # At the documented limit (300 x 300): rock, and the comb that once grew like N^4.
            Case("pb: 250x250, 20% rock", "pushing_boxes", walled(250, 0.2, 250), baselines=pushing),
            Case("pb: 300x300, 20% rock", "pushing_boxes", walled(300, 0.2, 300), baselines=pushing),
            Case("pb: comb 300x300", "pushing_boxes", comb(300), baselines=pushing),
            Case("hr: 30x30 q=500, all movable", "huarong", hr(30, 30, 500, 0.0, 2013), baselines=huarong,
                 queries=500),
            Case("hr: 30x30 q=500, ~10% fixed", "huarong", hr(30, 30, 500, 0.1, 2013), baselines=huarong,
                 queries=500),
            Case("hr: 100x100 q=200, all movable", "huarong", hr(100, 100, 200, 0.0, 2013), baselines=huarong,
                 queries=200),
            Case("hr: 100x100 q=200, ~10% fixed", "huarong", hr(100, 100, 200, 0.1, 2014), baselines=huarong,
                 queries=200),
            Case("hr: 100x100 q=200, winding rows", "huarong",
                 lambda: gen_huarong.winding_board_text(100, 200, 2015), baselines=huarong, queries=200),
            Case("hr: 100x100 q=200, comb", "huarong",
                 lambda: gen_huarong.comb_board_text(100, 200, 2016), baselines=huarong, queries=200),
            Case("am: 1000 mazes 9x9", "arrow_maze", am(1000, 816), baselines=arrows),
            # a first-level plug-in, named by its config (the puzzle argument's place takes the option)
            Case("first level: 8-puzzle, a 31-move board (181,440 states), astar",
                 f"--config={HERE.parent / 'examples' / 'sliding_tile' / 'puzzle.yaml'}",
                 lambda: (HERE.parent / "examples" / "sliding_tile" / "hardest.txt").read_text()),
        ]
    # The open mazes: the growth report (the 100 x 100 one is also "1 open 100x100 maze"). The naive
    # model has about (rows x cols)^2 states: it is only run on the smallest.
    for size in growth_sizes:
        out.append(Case(f"pb: open {size}x{size}", "pushing_boxes", open_maze(size),
                        baselines=naive if size <= 20 else pushing, group="growth"))
    # Memory growth: many small instances in one file (Huarong Dao: one board, many queries).
    for count in memory_counts:
        out.append(Case(f"mem pb: {count} mazes 8x8", "pushing_boxes", pb(count, 8, 8, 0.1, 11),
                        baselines=pushing, group="memory pushing_boxes"))
    for count in memory_counts:
        out.append(Case(f"mem hr: 10x10 q={count}", "huarong", hr(10, 10, count, 0.1, 12),
                        baselines=huarong, queries=count, group="memory huarong"))
    for count in memory_counts:
        out.append(Case(f"mem am: {count} mazes 9x9", "arrow_maze", am(count, 3),
                        baselines=arrows, group="memory arrow_maze"))
    return out


# ---------------------------------------------------------------------------------------------
# Reading stategraph's --stats table and JSON costs
# ---------------------------------------------------------------------------------------------

def summarize_stats(rows: list) -> dict:
    """States and edges summed over instances (a Huarong board is compiled once, shared by its
    queries), phase times summed over every row, in seconds; ``board``: the compile time of each
    instance's first question (where a Huarong board graph is built), summed."""
    per_instance = {}
    for row in rows:
        per_instance.setdefault(row.get("instance"), row)
    total = {"states": sum(int(number(r.get("states_built"))) for r in per_instance.values()),
             "edges": sum(int(number(r.get("edges_built"))) for r in per_instance.values())}
    for phase in ("compile", "search", "canonical", "decode"):
        total[phase] = sum(number(r.get(f"{phase}_ms")) for r in rows) / 1000
    total["board"] = sum(number(r.get("compile_ms")) for r in per_instance.values()) / 1000
    return total


def json_costs(stdout: bytes) -> list:
    """``(pushes, walks)`` or None per maze, from ``--format json``."""
    costs = []
    for line in stdout.decode().splitlines():
        if line.strip():
            cost = json.loads(line)["cost"]
            if isinstance(cost, dict):  # {"primary": pushes, "secondary": walks}
                cost = (cost["primary"], cost["secondary"]) if "primary" in cost else tuple(cost.values())
            costs.append(None if cost is None else tuple(cost))
    return costs


def naive_costs(stdout: bytes) -> list:
    costs = []
    for block in stdout.decode().split("\n\n"):
        lines = block.strip().splitlines()
        if len(lines) == 2:
            costs.append(None if lines[1] == "Impossible." else tuple(int(x) for x in lines[1].split()))
    return costs


# ---------------------------------------------------------------------------------------------
# The benchmark
# ---------------------------------------------------------------------------------------------

@dataclass
class Result:
    case: Case
    sg: Run
    stats: dict | None
    baselines: dict  # key -> (Run, check verdict)


def check(baseline: Baseline, run: Run, sg: Run, sg_json: Run | None) -> str:
    if baseline.check == "none":
        return "-"
    if run.timed_out:
        return "capped"
    if run.failed or sg.failed:
        return "n/a"
    if baseline.check == "exact":
        return "same" if run.stdout == sg.stdout else "DIFF"
    if sg_json is None or sg_json.failed:
        return "n/a"
    return "same cost" if naive_costs(run.stdout) == json_costs(sg_json.stdout) else "DIFF cost"


def bench(case: Case, cli: list, repeat: int, cap: float, folder: Path, log) -> Result:
    if case.puzzle is None:
        sg = measure(cli + list(case.args), None, repeat, cap, folder)
        stats, sg_json = None, None
        path = None
    else:
        path = folder / "input.txt"
        path.write_text(input_of(case))
        sg = measure(cli + ["solve", case.puzzle, str(path)], None, repeat, cap, folder)
        stats, sg_json = None, None
        if not sg.failed:
            # The phases of the timed run (text output: a JSON report would also extract the paths
            # that a cost-only answer skips); the costs from JSON only where a baseline needs them.
            sg_stats = measure(cli + ["solve", case.puzzle, str(path), "--stats", "--quiet"], None, 1, cap, folder)
            if not sg_stats.failed:
                stats = summarize_stats(stats_table(sg_stats.stderr))
            if any(baseline.check == "cost" for baseline in case.baselines):
                sg_json = measure(cli + ["solve", case.puzzle, str(path), "--format", "json", "--quiet"],
                                  None, 1, cap, folder)
    log(f"  stategraph {fmt_wall(sg, cap)} s" + (f" ({sg.failed})" if sg.failed else ""))
    results = {}
    for baseline in case.baselines:
        run = measure(baseline.argv, path, baseline.repeat or repeat, cap, folder)
        verdict = check(baseline, run, sg, sg_json)
        results[baseline.key] = (run, verdict)
        log(f"  {baseline.key} {fmt_wall(run, cap)} s {verdict}" + (f" ({run.failed})" if run.failed else ""))
    return Result(case, sg, stats, results)


def fmt_wall(run: Run, cap: float) -> str:
    if run.timed_out:
        return f"> {cap:g}"
    if run.wall is None:
        return "FAIL"
    return f"{run.wall:.3f}" if run.wall < 10 else f"{run.wall:.1f}"


def fmt_mb(run: Run) -> str:
    return "-" if run.peak_mb is None else f"{run.peak_mb:.0f}"


def fmt_seconds(value) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}"


def cpu_ratio(sg: Run, other: Run) -> str:
    if not sg.cpu or not other.cpu or sg.failed or other.failed:
        return "-"
    value = sg.cpu / other.cpu
    return f"{value:.1f}x" if value >= 0.95 else f"{value:.2f}x"


def ratio(sg: Run, other: Run, cap: float) -> str:
    if sg.timed_out and other.wall:
        return f"> {cap / other.wall:.1f}x"
    if other.timed_out and sg.wall:
        return f"< {sg.wall / cap:.2f}x"
    if sg.wall is None or other.wall is None or sg.failed or other.failed:
        return "-"
    value = sg.wall / other.wall
    return f"{value:.1f}x" if value >= 0.95 else f"{value:.2f}x"


COLUMNS = ["input", "states", "edges", "compile s", "search s", "canon s", "decode s", "wall s", "cpu s", "peak MB",
           "student s", "x student", "student cpu", "x cpu", "student MB", "naive-nx s", "x naive", "check"]


def table_rows(results: list, cap: float) -> list:
    rows = []
    for res in results:
        stats = res.stats or {}
        row = {"input": res.case.label,
               "states": str(stats["states"]) if "states" in stats else "-",
               "edges": str(stats["edges"]) if "edges" in stats else "-",
               "compile s": fmt_seconds(stats.get("compile")),
               "search s": fmt_seconds(stats.get("search")),
               "canon s": fmt_seconds(stats.get("canonical")),
               "decode s": fmt_seconds(stats.get("decode")),
               "wall s": fmt_wall(res.sg, cap) if not (res.sg.failed and not res.sg.timed_out) else "FAIL",
               "cpu s": fmt_seconds(res.sg.cpu),
               "peak MB": fmt_mb(res.sg)}
        verdicts = []
        for key, prefix in (("student", "student"), ("naive-nx", "naive")):
            run, verdict = res.baselines.get(key, (None, None))
            if run is None:
                row.update({f"{key} s": "", f"x {prefix}": ""})
                if key == "student":
                    row.update({"student cpu": "", "x cpu": "", "student MB": ""})
                continue
            row[f"{key} s"] = fmt_wall(run, cap) if not (run.failed and not run.timed_out) else "FAIL"
            row[f"x {prefix}"] = ratio(res.sg, run, cap)
            if key == "student":
                row["student cpu"] = fmt_seconds(run.cpu)
                row["x cpu"] = cpu_ratio(res.sg, run)
                row["student MB"] = fmt_mb(run)
            if verdict != "-":
                verdicts.append(verdict)
        row["check"] = ", ".join(verdicts) or "-"
        rows.append(row)
    return rows


def render(rows: list) -> str:
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in COLUMNS}
    lines = ["  ".join(c.ljust(widths[c]) if c == "input" else c.rjust(widths[c]) for c in COLUMNS)]
    lines.append("  ".join("-" * widths[c] for c in COLUMNS))
    for row in rows:
        lines.append("  ".join(row[c].ljust(widths[c]) if c == "input" else row[c].rjust(widths[c])
                               for c in COLUMNS))
    return "\n".join(lines)


def notes(results: list, cap: float) -> list:
    out = []
    startup = next((r.sg.wall for r in results if r.case.label == STARTUP_LABEL and r.sg.wall), 0.0)
    base_startup = next((r.baselines["student"][0].wall for r in results
                         if r.case.label == STARTUP_LABEL and "student" in r.baselines
                         and r.baselines["student"][0].wall), 0.0)
    if startup:
        out.append(f"start-up: `stategraph solve` of a 1x3 maze {startup:.3f} s (mostly importing its modules), "
                   f"the student baseline {base_startup:.3f} s; subtracted below as the process start-up")
    # Huarong: queries per second once the board graph is compiled.
    for res in results:
        if res.case.puzzle == "huarong" and res.case.group == "" and res.stats and res.sg.wall:
            after = res.sg.wall - res.stats["board"] - startup
            solving = res.stats["compile"] - res.stats["board"] + res.stats["search"] + res.stats["canonical"] \
                + res.stats["decode"]
            if after <= 0 or solving <= 0:
                continue
            line = (f"{res.case.label}: {res.case.queries / after:.0f} queries/s after the board's compile "
                    f"(wall - board compile - start-up = {after:.2f} s, reading the queries included; "
                    f"attach+search+canonical+decode alone {solving:.2f} s = {res.case.queries / solving:.0f} "
                    f"queries/s)")
            student = res.baselines.get("student", (None, None))[0]
            if student and student.wall and student.wall > base_startup:
                line += (f"; student baseline {res.case.queries / (student.wall - base_startup):.0f} queries/s "
                         f"(wall - start-up, its precomputation included)")
            out.append(line)
    # Growth of the open Pushing Boxes mazes.
    growth = [r for r in results if r.case.group == "growth" and r.stats and r.sg.wall and not r.sg.failed]
    if len(growth) >= 2:
        parts = []
        for a, b in zip(growth, growth[1:]):
            if a.stats["states"] and b.stats["states"]:
                states = b.stats["states"] / a.stats["states"]
                wall = b.sg.wall / a.sg.wall
                memory = (b.sg.peak_mb or 0) / (a.sg.peak_mb or 1)
                exponent = math.log(wall) / math.log(states) if states > 1 else float("nan")
                parts.append(f"{a.case.label.split()[-1]} -> {b.case.label.split()[-1]}: states x{states:.1f}, "
                             f"wall x{wall:.1f} (~states^{exponent:.2f}), peak memory x{memory:.1f}")
        out.append("open-maze growth: " + "; ".join(parts))
    timed_out = [r.case.label for r in results if r.sg.timed_out]
    if timed_out:
        out.append(f"stategraph hit the {cap:g} s cap on: " + ", ".join(timed_out))
    # Memory growth: 100 vs 10,000 instances.
    groups = {}
    for res in results:
        if res.case.group.startswith("memory"):
            groups.setdefault(res.case.group, []).append(res)
    for group, pair in groups.items():
        if len(pair) == 2 and all(p.sg.peak_mb for p in pair):
            small, large = pair
            student = [p.baselines.get("student", (None,))[0] for p in pair]
            text = (f"{group}: stategraph peak {small.sg.peak_mb:.0f} MB -> {large.sg.peak_mb:.0f} MB "
                    f"({small.case.label.split(':')[1].strip()} -> {large.case.label.split(':')[1].strip()})")
            if all(s and s.peak_mb for s in student):
                text += f"; student baseline {student[0].peak_mb:.0f} MB -> {student[1].peak_mb:.0f} MB"
            out.append(text)
    # The output checks.
    checks = [(res.case.label, key, verdict) for res in results for key, (_, verdict) in res.baselines.items()
              if verdict != "-"]
    exact = [c for c in checks if c[1] == "student"]
    costs = [c for c in checks if c[1] == "naive-nx"]
    same_exact = sum(v == "same" for _, _, v in exact)
    same_cost = sum(v == "same cost" for _, _, v in costs)
    out.append(f"output check: the student baselines printed exactly stategraph's bytes on {same_exact}/{len(exact)} "
               f"inputs; the naive networkx model found stategraph's optimal (pushes, walks) on "
               f"{same_cost}/{len(costs)} inputs")
    bad = [f"{label} ({key}: {verdict})" for label, key, verdict in checks if verdict not in ("same", "same cost")]
    if bad:
        out.append("  NOT CHECKED OR DIFFERENT: " + "; ".join(bad))
    failures = [f"{res.case.label}: {res.sg.failed}" for res in results if res.sg.failed and not res.sg.timed_out]
    if failures:
        out.append("stategraph FAILED on: " + "; ".join(failures))
    return out


# ---------------------------------------------------------------------------------------------
# The pair tables: stategraph against another command (the plain port, python -c pass, or
# stategraph with one job), in interleaved pairs
# ---------------------------------------------------------------------------------------------

INPUT = "{input}"  # in a baseline's argv: the input file's path (the input is then not given on stdin)


@dataclass
class PairRow:
    label: str
    puzzle: str
    text: object  # the input, or a function making it; None: the puzzle's packaged sample
    port: Baseline | None  # None: no port column ("-")
    port_runs: int | None = None  # the port runs in the first N pairs only (None: in every pair)
    startup: bool = False  # also the share of ``import networkx``, from ``-X importtime``
    sg_args: tuple = ()  # added to stategraph's ``solve PUZZLE FILE``
    pinned: bool = True  # False: both commands may use every CPU (worker processes)


def pair_rows(quick: bool) -> list:
    """The rows of issue 23's speed table (``quick``: smaller inputs of the same kinds)."""
    def large(fixed, queries):
        return lambda: gen_huarong.large_board_text(fixed, queries)

    port = STUDENT
    if quick:
        rows = [PairRow("Pushing Boxes, 10 open 20x20 mazes", "pushing_boxes", pb(10, 20, 20, 0.0, 1475),
                        port["pushing_boxes"]),
                PairRow("Huarong Dao 30x30, 50 queries", "huarong", hr(30, 30, 50, 0.0, 2013), port["huarong"]),
                PairRow("Abbott's Revenge, 100 9x9 mazes", "arrow_maze", am(100, 816), port["arrow_maze"]),
                PairRow("Huarong Dao 100x100 open, 10 queries", "huarong", large(0.0, 10), None),
                PairRow("Huarong Dao 100x100 10% fixed, 10 queries", "huarong", large(0.1, 10), None)]
    else:
        # The port takes about half a minute on each 1000-query board: it runs in one pair there.
        rows = [PairRow("Pushing Boxes, 100 open 20x20 mazes", "pushing_boxes", pb(100, 20, 20, 0.0, 1475),
                        port["pushing_boxes"]),
                PairRow("Huarong Dao 30x30, 500 queries", "huarong", hr(30, 30, 500, 0.0, 2013), port["huarong"]),
                PairRow("Abbott's Revenge, 1000 9x9 mazes", "arrow_maze", am(1000, 816), port["arrow_maze"]),
                PairRow("Huarong Dao 100x100 open, 1000 queries", "huarong", large(0.0, 1000), port["huarong"],
                        port_runs=1),
                PairRow("Huarong Dao 100x100 10% fixed, 1000 queries", "huarong", large(0.1, 1000),
                        port["huarong"], port_runs=1)]
    rows.append(PairRow("start-up: solving the 2-maze Abbott sample (port column: `python -c pass`)",
                        "arrow_maze", None, STARTUP, startup=True))
    rows.append(PairRow("start-up: a first-level plug-in by its config, one water jug instance (port column: "
                        "`python -c pass`)", f"--config={HERE.parent / 'examples' / 'water_jug' / 'puzzle.yaml'}",
                        "1\n3 5 4\n", STARTUP, startup=True))
    return rows


def shape_rows(quick: bool) -> list:
    """Inputs of shapes the other rows do not have (issue 33: gen_shapes.py), against the plain ports."""
    port = STUDENT
    snakes, labyrinths, serpentine, queries = (100, 10, 40, 50) if quick else (1000, 100, 100, 500)
    rows = [PairRow(f"Abbott's Revenge, {snakes} snake 9x9 mazes (every route 81 cells)", "arrow_maze",
                    lambda: gen_shapes.snake_input(snakes, 817), port["arrow_maze"]),
            PairRow(f"Pushing Boxes, {labyrinths} labyrinths 21x21 (one-cell corridors, long walks)",
                    "pushing_boxes", lambda: gen_shapes.labyrinth_input(labyrinths, 10, 0.5, 1477),
                    port["pushing_boxes"]),
            PairRow(f"Pushing Boxes, a serpentine corridor {serpentine}x{serpentine} (long walks)", "pushing_boxes",
                    lambda: gen_pushing_boxes.single_maze_input(gen_shapes.serpentine_text(serpentine)),
                    port["pushing_boxes"])]
    for fixed in (0.3, 0.4):
        rows.append(PairRow(f"Huarong Dao 30x30, {fixed:.0%} fixed, {queries} queries", "huarong",
                            hr(30, 30, queries, fixed, 2017), port["huarong"]))
    if not quick:  # the port takes about half a minute: it runs in one pair
        rows.append(PairRow("Huarong Dao 100x100, 30% fixed, 200 queries", "huarong", hr(100, 100, 200, 0.3, 2018),
                            port["huarong"], port_runs=1))
    return rows


def jobs_rows(quick: bool, cli: list) -> list:
    """``--jobs 2`` against ``--jobs 1`` on many small instances of each built-in, not pinned."""
    count = 1000 if quick else 10_000

    def row(label, puzzle, text):
        one_job = Baseline("--jobs 1", cli + ["solve", puzzle, INPUT, "--jobs", "1"], "exact")
        return PairRow(label, puzzle, text, one_job, sg_args=("--jobs", "2"), pinned=False)

    return [row(f"Pushing Boxes, {count:,} mazes 10x10, 10% rock", "pushing_boxes", pb(count, 10, 10, 0.1, 1478)),
            row(f"Abbott's Revenge, {count:,} 9x9 mazes", "arrow_maze", am(count, 818)),
            row(f"Huarong Dao, {count:,} queries on a 10x10 board, 10% fixed", "huarong", hr(10, 10, count, 0.1, 2019))]


STARTUP_PAIRS = 31  # a start-up row's fewest pairs: a run takes a tenth of a second, and its median wants many


def startup_pairs(pairs: int) -> int:
    """The pairs a start-up row runs: ``pairs``, but at least :data:`STARTUP_PAIRS` (a single ``--quick`` run aside)."""
    return pairs if pairs == 1 else max(pairs, STARTUP_PAIRS)


def import_seconds(stderr: bytes) -> tuple | None:
    """``(every import, import networkx)`` in seconds, cumulative, from a ``-X importtime`` report
    (networkx as imported in that process: what it shares with modules imported before it is not
    counted again; 0 when it is not imported), or None without a report."""
    total, networkx = 0, None
    for line in stderr.decode(errors="replace").splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) != 3 or not fields[1].strip().isdigit():
            continue
        name, cumulative = fields[2], int(fields[1])
        if not name[1:].startswith(" "):  # a top-level import: its nested ones are within its figure
            total += cumulative
        if name.strip() == "networkx":
            networkx = cumulative
    return (total / 1e6, (networkx or 0) / 1e6) if total else None


@dataclass
class PairResult:
    row: PairRow
    sg: Run
    port: Run | None
    imports: list  # (every import, import networkx) in seconds, one per pair (start-up rows)


def bench_pairs(row: PairRow, cli: list, pairs: int, cap: float, folder: Path, pin: int | None, log) -> PairResult:
    """``pairs`` runs of stategraph and of the port, interleaved (stategraph, port, stategraph, ...)."""
    path = folder / "input.txt"
    if row.text is None:
        path.write_bytes(subprocess.run(cli + ["sample", row.puzzle], capture_output=True, check=True).stdout)
    else:
        path.write_text(input_of(Case(row.label, row.puzzle, row.text)))
    argv = cli + ["solve", row.puzzle, str(path), *row.sg_args]
    pin = pin if row.pinned else None
    port_argv = [str(path) if arg == INPUT else arg for arg in row.port.argv] if row.port else []
    port_stdin = None if row.port and INPUT in row.port.argv else path
    sg, port = Run(), (Run() if row.port else None)
    imports = []
    for i in range(pairs):
        if sg.failed or not sg.add(run_once(argv, None, cap, folder, pin), cap):
            break
        if port is not None and not port.failed and (row.port_runs is None or i < row.port_runs):
            port.add(run_once(port_argv, port_stdin, cap, folder, pin), cap)
        if row.startup:
            once = run_once(argv, None, cap, folder, pin, {"PYTHONPROFILEIMPORTTIME": "1"})
            seconds = import_seconds(once[5])
            if seconds is not None:
                imports.append(seconds)
    log(f"  stategraph {fmt_wall(sg, cap)} s" + (f" ({sg.failed})" if sg.failed else "")
        + (f"; {row.port.key} {fmt_wall(port, cap)} s" if port else ""))
    return PairResult(row, sg, port, imports)


def versus(res: PairResult, cap: float) -> str:
    """"1.9x slower" / "3.2x faster" (stategraph against the port), or the start-up's excess over
    ``python -c pass`` and the share of ``import networkx``."""
    sg, port = res.sg, res.port
    if res.row.startup:
        if sg.failed or not sg.wall:
            return "-"
        parts = [f"{seconds_text(sg.wall - port.wall)} more than `python -c pass`"] if port and port.wall else []
        if res.imports:
            every = statistics.median(total for total, _ in res.imports)
            share = statistics.median(networkx for _, networkx in res.imports)
            networkx = (f"of which `import networkx` {seconds_text(share)} ({share / sg.wall:.0%})" if share
                        else "networkx not imported")
            parts.append(f"{networkx}; every import {seconds_text(every)} ({every / sg.wall:.0%})")
        return "; ".join(parts) or "-"
    if port is None or sg.failed or not sg.wall:
        return "-"
    if port.timed_out:
        return f"> {cap / sg.wall:.1f}x faster"
    if port.failed or not port.wall:
        return "-"
    value = sg.wall / port.wall
    return f"{value:.1f}x slower" if value >= 1 else f"{1 / value:.1f}x faster"


def compared(results: list) -> list:
    """The rows whose second command's output is checked against stategraph's (both finished)."""
    return [res for res in results if res.port and res.row.port.check != "none" and res.port.walls
            and not res.port.failed and not res.sg.failed]


def pair_table(results: list, cap: float, pairs: int, pin: int | None,
               columns=("stategraph", "plain Python port", "stategraph vs port"),
               second="the port", first="stategraph",
               commands="stategraph with the default config, the ports from benchmarks/baselines/") -> list:
    """A pair table as Markdown, and the notes under it (``columns``: the three figures' headers;
    ``second`` / ``first``: the two commands, as the output check names them; ``commands``: what they run)."""
    lines = ["| input | " + " | ".join(columns) + " |", "| --- | --- | --- | --- |"]
    few = []
    for res in results:
        port = run_text(res.port, cap)
        if res.port and res.row.port_runs is not None and len(res.port.walls) < pairs:
            port += " (*)"
            few.append(res.row.port_runs)
        lines.append(f"| {res.row.label} | {run_text(res.sg, cap)} | {port} | {versus(res, cap)} |")
    where = f"pinned to CPU {pin}" if pin is not None and all(r.row.pinned for r in results) else "not pinned"
    lines.append("")
    more = startup_pairs(pairs) if any(res.row.startup for res in results) else pairs
    lines.append(f"whole processes, {where}, median of {pairs} interleaved pairs ({first}, {second}, {first}, "
                 f"{second}, ...){f' ({more} on the start-up rows)' if more != pairs else ''}; {commands}")
    if few:
        lines.append(f"(*) the port ran in the first {min(few)} pair(s) only (a run takes about half a minute)")
    checked = compared(results)
    same = sum(res.port.stdout == res.sg.stdout for res in checked)
    lines.append(f"output check: {second} printed exactly {first}'s bytes on {same}/{len(checked)} rows")
    bad = [res.row.label for res in checked if res.port.stdout != res.sg.stdout]
    if bad:
        lines.append("  DIFFERENT: " + "; ".join(bad))
    failed = [f"{res.row.label}: {res.sg.failed}" for res in results if res.sg.failed]
    if failed:
        lines.append(f"{first} FAILED on: " + "; ".join(failed))
    return lines


def speed_broken(results: list) -> bool:
    """stategraph failed on a row of a pair table, or the other command printed other bytes."""
    return any(res.sg.failed for res in results) or any(res.port.stdout != res.sg.stdout
                                                        for res in compared(results))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module docstring for what is measured and how.")
    parser.add_argument("--repeat", type=int, default=None, help="runs per command of the detailed table, median "
                                                                   "reported (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="a reduced set of small inputs: a smoke test")
    parser.add_argument("--cap", type=float, default=None,
                        help="kill a run after this many seconds (default 120; 30 with --quick)")
    parser.add_argument("--only", metavar="WORD", action="append",
                        help="only the inputs whose label contains WORD, or every input of the table WORD names: "
                             f"{', '.join(SECTIONS)} (repeat for several words: any of them)")
    parser.add_argument("--no-baselines", action="store_true",
                        help="run stategraph only, not the baselines (faster; no ratio or output check)")
    parser.add_argument("--keep", metavar="DIR", help="also write every generated input of the detailed table "
                                                       "into DIR")
    parser.add_argument("--cli", metavar="CMD", help="the stategraph command (default: stategraph on PATH, "
                                                      "else python -m stategraph)")
    parser.add_argument("--table", action="store_true",
                        help="only the speed table (stategraph against the plain ports), no other table")
    parser.add_argument("--pairs", "--reps", dest="pairs", type=int, default=None,
                        help="runs of each command per row of the speed, first-level, shapes and jobs tables, "
                             "interleaved (default 5; 1 with --quick)")
    parser.add_argument("--pin", metavar="CPU", default="auto",
                        help="the CPU every run of the speed, first-level and shapes tables is pinned to (default: "
                             "the highest-numbered one; 'off': not pinned)")
    args = parser.parse_args(argv)
    pairs = args.pairs or (1 if args.quick else 5)
    cap = args.cap or (30.0 if args.quick else 120.0)
    pin = None if args.pin == "off" else default_pin() if args.pin == "auto" else int(args.pin)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean up the temporary folder and the child
    repeat = args.repeat or (1 if args.quick else 3)
    cli = stategraph_command(args.cli)
    has_gnu_time.cache = has_gnu_time()

    def wanted(section, label):
        if args.table and section != "speed":
            return False
        return not args.only or any(word == section or word in label for word in args.only)

    speed_rows = [r for r in pair_rows(args.quick) if wanted("speed", r.label)]
    levels = [w for w in first_level.workloads(args.quick) if wanted("first-level", w.label)]
    shapes = [r for r in shape_rows(args.quick) if wanted("shapes", r.label)]
    jobs = [r for r in jobs_rows(args.quick, cli) if wanted("jobs", r.label)]
    todo = [c for c in cases(args.quick) if wanted("detailed", c.label)]
    if args.no_baselines:
        for case in todo:
            case.baselines = []
        for row in speed_rows + shapes:
            row.port = None

    def log(message):
        print(message, file=sys.stderr, flush=True)

    version = subprocess.run(cli + ["--version"], capture_output=True, text=True).stdout.strip()
    probe = "GNU time" if has_gnu_time.cache else "a Python forker (about 8 MB floor)"
    log(f"stategraph: {' '.join(cli)} ({version or 'version unknown'}); baselines: {sys.executable}; "
        f"repeat {repeat}, cap {cap:g} s; peak memory via {probe}")
    started, load_before = perf_counter(), load_average()
    results, speed, level_outcomes, shape_results, jobs_results = [], [], [], [], []
    with tempfile.TemporaryDirectory(prefix="stategraph-bench-") as tmp:
        folder = Path(tmp)
        use_bytecode_cache(folder / "bytecode", cli)
        for row in speed_rows:
            log(f"{row.label}")
            speed.append(bench_pairs(row, cli, startup_pairs(pairs) if row.startup else pairs, cap, folder, pin, log))
        for workload in levels:
            log(f"first level: {workload.label}")
            level_outcomes.append(first_level.bench_workload(workload, cli, pairs, cap, folder, pin, log,
                                                             baselines=not args.no_baselines))
            if level_outcomes[-1].mismatch:  # a wrong answer somewhere: the figures mean nothing
                log(f"COSTS DIFFER: {level_outcomes[-1].mismatch}; stopping")
                shapes, jobs, todo = [], [], []
                break
        for row in shapes:
            log(f"{row.label}")
            shape_results.append(bench_pairs(row, cli, pairs, cap, folder, pin, log))
        for row in jobs:
            log(f"{row.label}")
            jobs_results.append(bench_pairs(row, cli, pairs, cap, folder, pin, log))
        for case in todo:
            log(f"{case.label}")
            if args.keep and case.puzzle is not None:
                keep = Path(args.keep)
                keep.mkdir(parents=True, exist_ok=True)
                name = "".join(ch if ch.isalnum() else "_" for ch in case.label).strip("_")
                (keep / f"{name}.txt").write_text(input_of(case))
            results.append(bench(case, cli, repeat, cap, folder, log))
    probe = "via GNU time" if has_gnu_time.cache else "via a Python forker, about 8 MB floor"
    print(f"stategraph benchmark: {' '.join(cli)} ({version or 'version unknown'}), "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, "
          + (f"repeat {repeat} (median wall; naive-nx runs once), " if todo else "")
          + f"cap {cap:g} s, total {perf_counter() - started:.0f} s; load average (1 min) {load_before} at the "
          f"start, {load_average()} at the end")
    tables = [("", speed, pair_table(speed, cap, pairs, pin)),
              ("First level (issue 33): a first-level example against NoGraphs, networkx by hand and simpleai",
               level_outcomes, first_level.table(level_outcomes, cap, pairs, pin)),
              ("The built-ins on new input shapes (issue 33)", shape_results,
               pair_table(shape_results, cap, pairs, pin)),
              ("Worker processes (issue 33)", jobs_results,
               pair_table(jobs_results, cap, pairs, pin, ("--jobs 2", "--jobs 1", "--jobs 2 vs 1"),
                          second="--jobs 1", first="--jobs 2",
                          commands="`stategraph solve PUZZLE FILE --jobs N`, the default config"))]
    for title, measured, lines in tables:
        if measured:
            print()
            if title:
                print(title)
                print()
            for line in lines:
                print(line)
    broken = speed_broken(speed + shape_results + jobs_results) or first_level.broken(level_outcomes)
    if not todo:
        return 1 if broken else 0
    print()
    print("times in seconds; states/edges and phase times from one `solve --stats` run, summed over instances "
          "(phases) / distinct instances (states, edges); x student / x naive = stategraph wall / baseline wall, "
          "x cpu = the same for user+system CPU time (less sensitive to a loaded machine); "
          f"peak = the child's max RSS ({probe}); "
          "the --version/--help rows' baseline is `python -c pass`")
    print(render(table_rows(results, cap)))
    print()
    for line in notes(results, cap):
        print(line)
    broken = broken or any(res.sg.failed and not res.sg.timed_out for res in results) or any(
        verdict.startswith("DIFF") for res in results for _, verdict in res.baselines.values())
    return 1 if broken else 0


def load_average() -> str:
    """The machine's load average over the last minute (the figures are noisy when it is high)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
