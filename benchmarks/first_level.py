"""The first-level table (issue 33): a first-level example's whole process against what a course would pick instead.

Each workload is one input of a first-level example (``examples/sliding_tile``, ``water_jug``,
``keys_doors``), solved by

- stategraph: ``stategraph solve --config puzzle.yaml FILE``, run in the example's folder;
- NoGraphs, networkx by hand and simpleai: ``baselines/first_level_*.py`` on the same input, with
  the same rules written once in plain Python (``baselines/first_level_rules.py``); they need the
  ``bench`` extra (``pip install -e .[bench]``).

Every run is a whole process pinned to one CPU; the tools are interleaved (stategraph, NoGraphs,
networkx, simpleai, stategraph, ...) and the median wall time of the runs is shown with the
largest peak RSS. Every answer's cost is checked equal across the tools that finished: a
difference stops the benchmark. The last column is the states stategraph builds (one more run
with ``--stats``, summed over the instances) and the states NoGraphs expands (asks the moves of).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from measure import Run, number, run_once, seconds_text, stats_table

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
BASELINES = HERE / "baselines"
TOOLS = {"NoGraphs": "first_level_nographs.py", "networkx by hand": "first_level_networkx.py",
         "simpleai": "first_level_simpleai.py"}


@dataclass
class Workload:
    label: str
    example: str  # the folder under examples/, and the rules' key in first_level_rules.PUZZLES
    text: object  # the input: a path, or a function making it


@dataclass
class Outcome:
    workload: Workload
    runs: dict  # tool -> Run
    built: int | None = None  # the states stategraph builds (from --stats)
    expanded: int | None = None  # the states NoGraphs expands
    answers: int = 0  # instances whose cost every finished tool agreed on
    mismatch: str | None = None  # the first difference between two tools' costs


def example_module(name: str):
    """The example's own module (``examples/NAME/NAME.py``), for its instance generator."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / name / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keys_grids(count: int, seed: int, size: int = 6) -> str:
    """``count`` grids of the keys-and-doors example's ``random_instance`` (``size + 2`` cells a side)."""
    puzzle, rng = example_module("keys_doors").KeysAndDoors(), random.Random(seed)
    return "".join(puzzle.random_instance(rng, size).removesuffix("0 0\n") for _ in range(count)) + "0 0\n"


def random_boards(count: int, seed: int) -> str:
    """``count`` 8-puzzle boards drawn uniformly among the solvable ones (an even number of
    inversions among the tiles), one after another with a blank line between.

    >>> print(random_boards(1, 1), end="")
    2 3 6
    0 8 1
    5 4 7
    """
    rng, boards = random.Random(seed), []
    while len(boards) < count:
        board = list("012345678")
        rng.shuffle(board)
        tiles = [tile for tile in board if tile != "0"]
        if sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1:]) % 2 == 0:
            boards.append("".join(" ".join(board[row:row + 3]) + "\n" for row in (0, 3, 6)))
    return "\n".join(boards)


def workloads(quick: bool) -> list:
    keys, boards = (10, 5) if quick else (40, 200)
    tile = EXAMPLES / "sliding_tile"
    return [Workload("8-puzzle, the 31-move board, A* Manhattan", "sliding_tile", tile / "hardest.txt"),
            Workload("8-puzzle, 2 and 24 moves and an unsolvable board, A*", "sliding_tile",
                     lambda: "\n\n".join((tile / "input.txt").read_text().split("\n\n")[:2]) + "\n\n"
                     + (tile / "unsolvable.txt").read_text()),
            Workload("water jug, the example's 7 instances, BFS", "water_jug", EXAMPLES / "water_jug" / "input.txt"),
            Workload(f"keys and doors, {keys} random grids, BFS", "keys_doors", lambda: keys_grids(keys, 33)),
            Workload(f"{boards} random 8-puzzle boards, A*", "sliding_tile", lambda: random_boards(boards, 200))]


def costs(stdout: bytes) -> list:
    """The cost of each answer: the first word of each answer line (stategraph's cost, a baseline's
    line), as a number where it is one."""
    words = [line.split()[0] for line in stdout.decode(errors="replace").splitlines() if line.strip()]
    return [int(word) if word.lstrip("-").isdigit() else word for word in words]


def first_difference(workload: Workload, answers: dict) -> str | None:
    """The first cost on which a tool's answers (``{tool: costs}``) differ from the first tool's, or None."""
    reference, expected = next(iter(answers.items()))
    for tool, got in answers.items():
        if len(got) != len(expected):
            return f"{workload.label}: {reference} answered {len(expected)} instances, {tool} {len(got)}"
        for k, (a, b) in enumerate(zip(expected, got), start=1):
            if a != b:
                return f"{workload.label}: instance {k} costs {a} by {reference} but {b} by {tool}"
    return None


def bench_workload(workload: Workload, cli: list, reps: int, cap: float, folder: Path, pin: int | None,
                   log, baselines: bool = True) -> Outcome:
    """``reps`` runs of each tool on ``workload``, interleaved (``baselines`` false: stategraph only)."""
    path = folder / "first-level-input.txt"
    path.write_text(workload.text.read_text() if isinstance(workload.text, Path) else workload.text())
    here = EXAMPLES / workload.example
    commands = {"stategraph": (cli + ["solve", "--config", "puzzle.yaml", str(path)], None, here)}
    for tool, name in TOOLS.items() if baselines else ():
        commands[tool] = ([sys.executable, str(BASELINES / name), workload.example], path, None)
    runs = {tool: Run() for tool in commands}
    for _ in range(reps):
        for tool, (argv, stdin, cwd) in commands.items():
            if not runs[tool].failed:
                runs[tool].add(run_once(argv, stdin, cap, folder, pin, cwd=cwd), cap)
    outcome = Outcome(workload, runs)
    sg_argv = commands["stategraph"][0]
    if runs["stategraph"].walls and not runs["stategraph"].failed:
        once = run_once(sg_argv + ["--stats", "--quiet"], None, cap, folder, pin, cwd=here)
        if once[3] == 0:
            outcome.built = sum(int(number(row.get("states_built"))) for row in stats_table(once[5]))
    ng = runs.get("NoGraphs", Run())
    if ng.walls and not ng.failed:
        said = ng.stderr.decode(errors="replace").split()
        if "expanded" in said:
            outcome.expanded = int(said[said.index("expanded") + 1])
    answers = {tool: costs(run.stdout) for tool, run in runs.items() if run.walls and not run.failed}
    if answers:
        outcome.mismatch = first_difference(workload, answers)
        outcome.answers = len(next(iter(answers.values())))
    log("  " + "; ".join(f"{tool} {cell(run, cap)}" for tool, run in runs.items()))
    return outcome


def cell(run: Run, cap: float) -> str:
    if run.timed_out:
        return f"> {cap:g} s"
    if run.failed or run.wall is None:
        return "FAIL"
    return f"{seconds_text(run.wall)}, {run.peak_mb:.0f} MB"


def versus(outcome: Outcome) -> str:
    """stategraph's time and memory against NoGraphs' ("28x slower, 22x the memory")."""
    sg, ng = outcome.runs["stategraph"], outcome.runs.get("NoGraphs", Run())
    if not (sg.wall and ng.wall) or sg.failed or ng.failed:
        return "-"
    value = sg.wall / ng.wall
    speed = f"{value:.1f}x slower" if value >= 1 else f"{1 / value:.1f}x faster"
    return f"{speed}, {sg.peak_mb / ng.peak_mb:.1f}x the memory"


def table(outcomes: list, cap: float, reps: int, pin: int | None) -> list:
    """The table as Markdown, and the notes under it."""
    tools = ["stategraph", *TOOLS]
    lines = ["| workload | " + " | ".join(tools) + " | states stategraph builds / NoGraphs expands | "
             "stategraph vs NoGraphs |",
             "| --- " * (len(tools) + 3) + "|"]
    for out in outcomes:
        states = " / ".join("-" if n is None else f"{n:,}" for n in (out.built, out.expanded))
        cells = [cell(out.runs[tool], cap) if tool in out.runs else "-" for tool in tools]
        lines.append(f"| {out.workload.label} | " + " | ".join(cells) + f" | {states} | {versus(out)} |")
    where = f"pinned to CPU {pin}" if pin is not None else "not pinned"
    lines += ["", f"whole processes, {where}, the tools interleaved, median wall time of {reps} run(s), the largest "
              "peak RSS; stategraph: `stategraph solve --config puzzle.yaml FILE` in the example's folder; the "
              "others: benchmarks/baselines/first_level_*.py, the same rules (first_level_rules.py); networkx "
              "explores an instance's states once, and reuses a graph of the same moves that holds its start"]
    agreed = [out for out in outcomes if out.mismatch is None]
    lines.append(f"cost check: every finished tool gave the same cost on every answer on {len(agreed)}/"
                 f"{len(outcomes)} rows ({sum(out.answers for out in agreed)} answers)")
    for out in outcomes:
        if out.mismatch:
            lines.append(f"  COSTS DIFFER: {out.mismatch}")
        for tool, run in out.runs.items():
            if run.failed and not run.timed_out:
                lines.append(f"  {tool} FAILED on {out.workload.label}: {run.failed}")
    return lines


def broken(outcomes: list) -> bool:
    """A cost differed, or a tool failed other than by the cap."""
    return any(out.mismatch or any(run.failed and not run.timed_out for run in out.runs.values())
               for out in outcomes)
