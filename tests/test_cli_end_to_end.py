"""The command line, run as a user runs it: a subprocess, exact bytes, exit status."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import networkx as nx
import pytest

import cli_runner
from stategraph.puzzles import PUZZLES, sample_text
from stategraph.solving.driver import applicable_algorithms

SAMPLES = Path(__file__).parent / "samples"


# a process of its own, exact bytes: as a user runs it (the shared runner, tests/cli_runner.py)
run_cli = partial(cli_runner.run_cli, separate=True, binary=True)


def expected(puzzle: str) -> bytes:
    """The official sample output, typed in from PROBLEMS.md."""
    return (SAMPLES / f"{puzzle}.out").read_bytes()


# a process per routine and puzzle (the samples from a file stay quick) (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_sample_from_stdin_with_every_algorithm",
}


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_sample_from_file_byte_for_byte(puzzle, tmp_path):
    path = tmp_path / "input.txt"
    path.write_text(sample_text(puzzle))
    done = run_cli("solve", puzzle, str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected(puzzle)
    assert done.stderr == b""


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_sample_from_stdin_with_every_algorithm(puzzle):
    for algorithm in applicable_algorithms(puzzle):
        done = run_cli("solve", puzzle, "--algorithm", algorithm, stdin=sample_text(puzzle).encode())
        assert done.returncode == 0, (algorithm, done.stderr)
        assert done.stdout == expected(puzzle), algorithm


def test_demo_prints_every_sample_answer():
    done = run_cli("demo")
    assert done.returncode == 0, done.stderr
    for puzzle in PUZZLES:
        assert expected(puzzle) in done.stdout


def test_console_script_matches_module(tmp_path):
    path = tmp_path / "input.txt"
    path.write_text(sample_text("pushing_boxes"))
    done = run_cli("solve", "pushing_boxes", str(path), script=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected("pushing_boxes")


def test_stats_go_to_stderr_and_leave_stdout_exact():
    done = run_cli("solve", "pushing_boxes", "--stats", stdin=sample_text("pushing_boxes").encode())
    assert done.stdout == expected("pushing_boxes")
    header, *rows = done.stderr.decode().splitlines()
    assert header.split()[:5] == ["instance", "query", "algorithm", "states_built", "edges_built"]
    assert len(rows) == 4


def test_json_output_one_object_per_answer():
    done = run_cli("solve", "pushing_boxes", "--format", "json", stdin=sample_text("pushing_boxes").encode())
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [o["answer"] for o in objects] == ["EEEEE", None, "eennwwWWWWeeeeeesswwwwwwwnNN",
                                              "swwwnnnnnneeesssSSS"]
    third = objects[2]
    assert third["cost"] == {"primary": 6, "secondary": 22}
    assert len(third["path"]) == 6 + 1  # start state plus one state per push
    assert third["stats"]["settled"] <= third["stats"]["states_built"] <= third["stats"]["states"]
    assert (third["stats"]["states"], third["stats"]["edges"]) == (17, 28)  # the whole graph (docs/models.md)


def test_graphml_export_loads_back_with_the_path_marked(tmp_path):
    target = tmp_path / "maze.graphml"
    done = run_cli("solve", "pushing_boxes", "--export-graphml", str(target),
                   stdin=sample_text("pushing_boxes").encode())
    assert done.returncode == 0, done.stderr
    third = nx.read_graphml(tmp_path / "maze-3.graphml")
    on_path = [n for n, marked in third.nodes(data="on_path") if marked]
    assert len(on_path) == 7
    pushes = sum(1 for _, _, marked in third.edges(data="on_path") if marked)
    walks = sum(w for _, _, w in ((u, v, d["secondary"]) for u, v, d in third.edges(data=True) if d["on_path"]))
    assert (pushes, walks) == (6, 22)
    assert nx.read_graphml(target).number_of_nodes() == 6


def test_graphml_reads_in_an_independent_xml_parser(tmp_path):
    import xml.etree.ElementTree as ET

    target = tmp_path / "arrow.graphml"
    done = run_cli("solve", "arrow_maze", "--export-graphml", str(target), stdin=sample_text("arrow_maze").encode())
    assert done.returncode == 0, done.stderr
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.parse(target).getroot()
    keys = {k.get("id"): k.get("attr.name") for k in root.findall("g:key", ns)}
    edge_keys = {k.get("attr.name"): k.get("id") for k in root.findall("g:key", ns) if k.get("for") == "edge"}
    nodes = root.findall("g:graph/g:node", ns)
    edges = root.findall("g:graph/g:edge", ns)
    assert "start (3,1) heading N" in {n.get("id") for n in nodes}
    on_path_key = edge_keys["on_path"]
    marked = [e for e in edges if any(d.get("key") == on_path_key and d.text == "true" for d in e)]
    assert len(marked) == 14  # the sample route visits 15 intersections
    booleans = {k.get("id") for k in root.findall("g:key", ns) if k.get("attr.type") == "boolean"}
    values = {d.text for element in nodes + edges for d in element if d.get("key") in booleans}
    assert values == {"true", "false"}  # xsd:boolean spelling, not Python's True/False
    assert {"move", "rank", "weight", "label"} <= set(keys.values())


def test_json_paths_are_state_labels_for_every_query():
    board = "3 3 3\n1 1 1\n1 1 1\n1 1 1\n"
    queries = "1 1 2 2 3 3\n3 3 1 1 1 3\n2 2 1 1 3 1\n"
    done = run_cli("solve", "huarong", "--format", "json", stdin=(board + queries).encode())
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [o["query"] for o in objects] == [1, 2, 3]
    for o in objects:
        assert o["path"][0].startswith("start blank=") and o["path"][-1].startswith("piece=")
        assert all(label.startswith("piece=") for label in o["path"][1:])
        assert o["cost"] == {"cost": o["answer"]} and o["answer"] > 0
