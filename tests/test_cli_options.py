"""Every documented option does what it says: --set for every key, precedence, options anywhere,
packaged configs and samples, --version, the progress bar."""

from __future__ import annotations

import argparse
import io
import json
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from cli_runner import run_cli
from stategraph.cli import commands, options
from stategraph.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
PB = "1 3\nSBT\n1 4\nSB.T\n0 0\n"
PB_OUT = "Maze #1\nE\n\nMaze #2\nEE\n\n"


def stategraph(*args, stdin="", cwd=None, separate=False):
    """``stategraph ARGS``, in this process (tests/cli_runner.py) unless ``separate``: the options'
    effects are the same in a process of its own."""
    return run_cli(*args, stdin=stdin, cwd=cwd, separate=separate)


def algorithms_used(done) -> set:
    assert done.returncode == 0, done.stderr
    return {json.loads(line)["stats"]["algorithm"] for line in done.stdout.splitlines()}


@pytest.fixture
def pb_file(tmp_path):
    path = tmp_path / "mazes.txt"
    path.write_text(PB)
    return str(path)


# one table of every command's options ----------------------------------------------------------

def option_strings(command: str) -> list[str]:
    [commands_] = [a for a in cli._parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return [name for action in commands_.choices[command]._actions for name in action.option_strings]


def test_every_command_of_the_table_has_its_handler():
    from stategraph.cli import view_commands

    assert list(cli.COMMANDS)[:3] == ["solve", "check", "export"]
    for name in cli.COMMANDS:
        assert callable(getattr(commands, name, None) or getattr(view_commands, name)), name


@pytest.mark.parametrize("command, expected", [
    ("solve", "--config -c --model -m --algorithm -a --set --quiet -q --format --stats --verify --export-graphml "
              "--jobs"),
    ("check", "--config -c --model -m --algorithm -a --set --quiet -q --strict --jobs"),
    ("export", "--config -c --model -m --algorithm -a --set --quiet -q --output -o --format --instance --query "
               "--path-only --force"),
    ("draw", "--config -c --model -m --algorithm -a --set --quiet -q --output -o --graph --animate --instance "
             "--query"),
    ("search", "--algorithm -a --max-bytes --quiet -q"),
    ("algorithms", "--config -c"),
    ("puzzles", ""),
])
def test_a_command_takes_the_settings_options_its_own_then_its_keys_flags(command, expected):
    assert option_strings(command) == ["-h", "--help", *expected.split()]


def test_the_flags_go_where_the_table_says(monkeypatch):
    monkeypatch.setattr(cli, "SETTINGS", (cli.FLAGS, *cli.SETTINGS[:1], *cli.SETTINGS[2:]))
    colour = options.option("--colour", choices=("red", "blue"), help="the colour")
    monkeypatch.setitem(cli.COMMANDS, "solve", options.Command("solve", (colour, cli.FLAGS, options.INPUT)))
    assert option_strings("solve") == ["-h", "--help", "--model", "-m", "--algorithm", "-a", "--config", "-c", "--set",
                                       "--quiet", "-q", "--colour", "--format", "--stats", "--verify",
                                       "--export-graphml", "--jobs"]
    args = cli._parser().parse_args(["solve", "pushing_boxes", "--colour", "red", "--stats"])
    assert (args.items, args.colour, args.stats, args.verify) == (["pushing_boxes"], "red", True, None)


# --set reaches every key ------------------------------------------------------------------------

def test_set_search_algorithm_is_used(pb_file):
    done = stategraph("solve", "pushing_boxes", pb_file, "--format", "json", "--set", "search.algorithm=layered_bfs")
    assert algorithms_used(done) == {"layered_bfs"}


def test_set_output_format_is_used(pb_file):
    done = stategraph("solve", "pushing_boxes", pb_file, "--set", "output.format=json")
    assert done.returncode == 0
    assert [json.loads(line)["answer"] for line in done.stdout.splitlines()] == ["E", "EE"]


def test_set_output_stats_is_used(pb_file):
    done = stategraph("solve", "pushing_boxes", pb_file, "--set", "output.stats=true")
    assert done.stdout == PB_OUT
    assert done.stderr.split()[:3] == ["instance", "query", "algorithm"]


def test_set_output_verify_is_used(pb_file):
    done = stategraph("solve", "pushing_boxes", pb_file, "--set", "output.verify=true")
    assert done.stdout == PB_OUT
    assert done.stderr == "stategraph: verified 2 answers: 2 confirmed\n"


def test_set_export_graphml_is_used(pb_file, tmp_path):
    target = tmp_path / "g.graphml"
    done = stategraph("solve", "pushing_boxes", pb_file, "--set", f"export.graphml={target}")
    assert done.returncode == 0
    assert target.exists() and (tmp_path / "g-2.graphml").exists()


def test_precedence_defaults_config_set_flag(pb_file, tmp_path):
    config = tmp_path / "c.yaml"
    config.write_text("puzzle: pushing_boxes\nsearch: {algorithm: spfa}\noutput: {format: json}\n")
    assert algorithms_used(stategraph("solve", "-c", str(config), pb_file)) == {"spfa"}
    with_set = ("solve", "-c", str(config), pb_file, "--set", "search.algorithm=astar")
    assert algorithms_used(stategraph(*with_set)) == {"astar"}
    assert algorithms_used(stategraph(*with_set, "-a", "networkx")) == {"networkx"}
    assert algorithms_used(stategraph("solve", "pushing_boxes", pb_file, "--format", "json")) == {"astar"}


# options anywhere -------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("solve", "pushing_boxes", "--stats", "FILE"),
    ("solve", "pushing_boxes", "-a", "astar", "FILE"),
    ("solve", "--stats", "pushing_boxes", "FILE", "-a", "layered_bfs"),
    ("solve", "pushing_boxes", "-c", "pushing_boxes-layered_bfs", "FILE"),
    ("solve", "-c", "pushing_boxes-layered_bfs", "FILE", "--quiet"),
])
def test_options_may_stand_between_the_puzzle_and_the_file(args, pb_file):
    done = stategraph(*[pb_file if a == "FILE" else a for a in args])
    assert (done.returncode, done.stdout) == (0, PB_OUT), done.stderr


def test_an_unknown_option_is_one_line_and_status_2(pb_file):
    done = stategraph("solve", "pushing_boxes", pb_file, "--bogus", separate=True)  # argparse exits the process
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--bogus" in done.stderr


def test_demo_with_an_unknown_routine_is_an_error():
    done = stategraph("demo", "-a", "nope")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("stategraph: error: unknown algorithm 'nope'")


# the puzzle named twice must agree -------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("solve", "huarong", "--set", "puzzle=pushing_boxes"),
    ("solve", "huarong", "-c", "pushing_boxes"),
    ("solve", "-c", "pushing_boxes", "--set", "puzzle=arrow_maze"),
])
def test_disagreeing_puzzles_are_an_error(args):
    done = stategraph(*args, stdin=PB)
    assert done.returncode == 2
    assert done.stderr.startswith("stategraph: error: puzzle ") and "differs from" in done.stderr


def test_set_puzzle_alone_names_the_puzzle():
    assert stategraph("solve", "--set", "puzzle=poj1475", stdin=PB).stdout == PB_OUT


# packaged configs and samples -------------------------------------------------------------------

def test_packaged_configs_equal_the_top_level_configs():
    packaged = {entry.name: entry.read_text(encoding="utf-8")
                for entry in files("stategraph").joinpath("configs").iterdir() if entry.name.endswith(".yaml")}
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "configs").glob("*.yaml")}
    assert packaged == on_disk and len(on_disk) >= 10


def test_configs_lists_every_packaged_config_with_its_summary(tmp_path):
    done = stategraph("configs", cwd=tmp_path)
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert names == sorted(path.stem for path in (ROOT / "configs").glob("*.yaml"))
    first_comment = (ROOT / "configs" / "huarong-spfa.yaml").read_text().splitlines()[0].lstrip("# ")
    assert any(line.endswith(first_comment) for line in done.stdout.splitlines())


@pytest.mark.parametrize("name", sorted(path.stem for path in (ROOT / "configs").glob("*.yaml")))
def test_every_packaged_config_runs_by_name_from_any_directory(name, tmp_path):
    puzzle = name.split("-")[0]
    sample = stategraph("sample", puzzle, cwd=tmp_path).stdout
    done = stategraph("solve", "--config", name, "--set", f"export.graphml={tmp_path / 'g.graphml'}",
                      stdin=sample, cwd=tmp_path)
    expected = (ROOT / "tests" / "samples" / f"{puzzle}.out").read_text()
    assert done.returncode == 0, done.stderr
    shown = "".join(json.loads(line)["output"] for line in done.stdout.splitlines()) \
        if done.stdout.startswith("{") else done.stdout
    assert shown == expected


def test_an_unknown_config_name_is_one_line(tmp_path):
    done = stategraph("solve", "--config", "no-such-config", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("stategraph: error: no config file and no packaged config named 'no-such-config'")


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_sample_pipes_into_solve(puzzle, tmp_path):
    sample = stategraph("sample", puzzle, cwd=tmp_path)
    assert sample.returncode == 0 and sample.stdout
    solved = stategraph("solve", puzzle, stdin=sample.stdout, cwd=tmp_path)
    assert solved.stdout == (ROOT / "tests" / "samples" / f"{puzzle}.out").read_text()


def test_version_is_the_package_version():
    from importlib.metadata import version

    done = stategraph("--version")
    assert (done.returncode, done.stdout) == (0, f"stategraph {version('stategraph')}\n")


# progress bar -----------------------------------------------------------------------------------

class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tty,quiet,shown", [(True, False, True), (True, True, False), (False, False, False)])
def test_progress_bar_only_on_a_terminal_and_not_with_quiet(monkeypatch, tty, quiet, shown):
    monkeypatch.setattr(commands, "PROGRESS_DELAY", 0)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PB.encode())))
    stderr = Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli.main(["solve", "pushing_boxes", *(["--quiet"] if quiet else [])]) == 0
    assert sys.stdout.getvalue() == PB_OUT
    assert ("answers" in stderr.getvalue()) == shown


@pytest.mark.parametrize("command, option", [
    ("compare", "--plot"), ("draw", "-o"), ("draw", "--animate"), ("view", "-o"), ("export", "-o"),
    ("grade", "-o"), ("grade", "--page")])
def test_an_empty_output_path_is_one_line_not_ignored(stategraph_cli, tmp_path, command, option):
    """``--plot ''`` once wrote nothing and exited 0: every path to write must name a file."""
    args = {"grade": ["pushing_boxes", "--reference", "pushing_boxes"]}.get(command, ["pushing_boxes", "-"])
    done = stategraph_cli(command, *args, option, "", cwd=tmp_path)
    assert done.status == 2 and done.out == ""
    named = "--output/-o" if option == "-o" else option
    assert done.err.splitlines() == [f"stategraph {command}: error: argument {named}: the path is empty "
                                     f"(see stategraph {command} --help)"]
    assert list(tmp_path.iterdir()) == []


def test_a_usage_error_quotes_a_long_or_hostile_value_in_one_short_line(stategraph_cli):
    """argparse quotes an invalid value whole: 5,000 digits stay a short line, a newline cannot forge one."""
    done = stategraph_cli("grade", "x", "--instances", "9" * 5000 + "x")
    assert done.status == 2 and done.out == ""
    [line] = done.err.splitlines()
    assert line.startswith("stategraph grade: error: argument --instances/-n: invalid int value: '999")
    assert len(line) < 400 and line.endswith("... (see stategraph grade --help)")
    done = stategraph_cli("grade", "x", "--jobs", "1\nstategraph: forged")
    assert done.status == 2 and done.err.count("\n") == 1 and "\\nstategraph: forged" in done.err
