"""YAML configs: every shipped file runs, defaults agree with the code, and bad configs fail cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from cli_runner import run_cli
from stategraph.puzzles import sample_text
from stategraph.settings.config import default_config, load_config

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
SAMPLES = Path(__file__).parent / "samples"


def test_there_is_a_default_and_a_variant_per_puzzle():
    names = {p.stem for p in CONFIGS}
    for puzzle in ("pushing_boxes", "huarong", "arrow_maze"):
        assert puzzle in names
        assert any(n.startswith(puzzle + "-") for n in names)


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_config_runs_on_its_puzzles_sample(path, tmp_path):
    config = load_config(str(path))
    puzzle = config["puzzle"]
    done = run_cli("solve", "--config", str(path), stdin=sample_text(puzzle), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    official = (SAMPLES / f"{puzzle}.out").read_text()
    if config["output"]["format"] == "json":
        assert "".join(json.loads(line)["output"] for line in done.stdout.splitlines()) == official
    else:
        assert done.stdout == official
    if config["output"]["stats"]:
        assert done.stderr.splitlines()[0].split()[0] == "instance"
    if config["export"]["graphml"]:
        assert (tmp_path / config["export"]["graphml"]).exists()


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_default_files_match_the_built_in_defaults(puzzle):
    on_disk = load_config(str(ROOT / "configs" / f"{puzzle}.yaml"))
    assert on_disk == default_config(puzzle)
    assert yaml.safe_load((ROOT / "configs" / f"{puzzle}.yaml").read_text())["puzzle"] == puzzle


def test_command_line_overrides_the_file(tmp_path):
    done = run_cli("solve", "--config", str(ROOT / "configs" / "huarong-spfa.yaml"), "--stats",
                   "--algorithm", "dijkstra", stdin=sample_text("huarong"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2\n-1\n"
    assert "dijkstra" in done.stderr.splitlines()[1] and "spfa" not in done.stderr


BAD_CONFIGS = [
    ("puzzle: huarong\nserch: {algorithm: spfa}\n", "unknown key 'serch'"),
    ("puzzle: huarong\nsearch: {algoritm: spfa}\n", "unknown key 'search.algoritm'"),
    ("puzzle: huarong\nsearch: spfa\n", "key 'search' must be a mapping, found a string"),
    ("puzzle: huarong\noutput: {stats: 3}\n", "key 'output.stats' must be bool, found an integer"),
    ("puzzle: huarong\nsearch: {algorithm: quantum}\n", "key 'search.algorithm': unknown algorithm 'quantum'"),
    ("puzzle: sokoban\n", "key 'puzzle': unknown puzzle 'sokoban'"),
    ("search: {algorithm: bfs}\n", "key 'puzzle' is required"),
    ("puzzle: pushing_boxes\nsearch: {algorithm: bfs}\n",
     "key 'search.algorithm': bfs does not apply to pushing_boxes's model box_side: "
     "bfs needs every edge weight to be 1"),
    ("puzzle: huarong\nsearch: {algorithm: layered_bfs}\n", "layered_bfs does not apply to huarong"),
    ("puzzle: huarong\noutput: {format: xml}\n", "key 'output.format': must be one of text, json"),
    ("puzzle: huarong\nlimits: {max_rows: -4}\n", "key 'limits.max_rows' must be a positive integer"),
    ("puzzle: huarong\nlimits: {max_boxes: 4}\n", "unknown key 'limits.max_boxes' for huarong"),
    ("puzzle: huarong\nmodel: naive\n", "key 'model': huarong has no model 'naive'"),
    ("- just\n- a list\n", "a config must be a mapping of keys, found a list"),
    ("puzzle: [unclosed\n", "not valid YAML"),
    ("!!python/object/apply:os.system ['echo hacked']\n",
     "tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    ("puzzle: !!python/name:os.system huarong\n", "is not allowed (configs are plain data, read with yaml.safe_load)"),
]


@pytest.mark.parametrize("text,message", BAD_CONFIGS)
def test_bad_config_is_one_clear_error_with_status_2(text, message, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    done = run_cli("solve", "--config", str(path), stdin=sample_text("huarong"))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith(f"stategraph: error: {path}") and message in lines[0], lines[0]
    assert "hacked" not in done.stdout + done.stderr


def test_unknown_algorithm_on_the_command_line_names_the_key():
    done = run_cli("solve", "huarong", "--algorithm", "bfs", stdin=sample_text("huarong"))
    assert done.returncode == 2 and done.stdout == ""
    assert "key 'search.algorithm': bfs does not apply to huarong" in done.stderr


def test_missing_config_file_is_a_clear_error(tmp_path):
    done = run_cli("solve", "--config", str(tmp_path / "nope.yaml"))
    assert done.returncode == 2
    assert done.stderr.strip() == f"stategraph: error: {tmp_path / 'nope.yaml'}: cannot read the config file " \
                                  "(No such file or directory)"


def test_set_overrides_any_key_and_search_options_change_the_work_not_the_answer():
    text = sample_text("arrow_maze")
    early = run_cli("solve", "arrow_maze", "--stats", stdin=text)
    full = run_cli("solve", "arrow_maze", "--stats", "--set", "search.options.stop_at_target=false", stdin=text)
    assert early.stdout == full.stdout == (SAMPLES / "arrow_maze.out").read_text()
    settled = [[int(row.split()[5]) for row in done.stderr.splitlines()[1:]] for done in (early, full)]
    nodes = [int(row.split()[3]) for row in full.stderr.splitlines()[1:]]
    assert settled[1] == nodes and settled[0][0] < settled[1][0]
    capped = run_cli("solve", "pushing_boxes", "--set", "limits.max_cols=4", stdin="1 5\nSB..T\n0 0\n")
    assert capped.returncode == 2
    assert "exceeds the limit of 300 x 4 (max_rows, max_cols)" in capped.stderr


@pytest.mark.parametrize("assignment,message", [
    ("nosuch=1", "command line: unknown key 'nosuch'"),
    ("limits=3", "command line: key 'limits' must be a mapping, found an integer"),
    ("search.options.stop=false", "key 'search.options': astar has no option 'stop' (its options: stop_at_target)"),
    ("search.options.stop_at_target=3", "option 'stop_at_target' of astar must be true or false, found 3"),
    ("limits.max_rows", "--set 'limits.max_rows': expected KEY=VALUE"),
])
def test_bad_overrides_are_clear_errors(assignment, message):
    done = run_cli("solve", "pushing_boxes", "--set", assignment, stdin="0 0\n")
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and len(done.stderr.splitlines()) == 1
