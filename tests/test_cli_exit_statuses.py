"""The exit-status table of docs/cli.md is the code's: every status the code can end with is a row, every row
is one the code ends with, and each fault ends with the status of the row that describes it.

Statuses come from two places: the ``exit_status`` of each :class:`~stategraph.errors.StategraphError`
subclass, and the command line's own faults (a closed pipe, Ctrl-C, a signal, a bug), which are
checked here by running the command as a user does.
"""

from __future__ import annotations

import importlib
import pkgutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import stategraph
from cli_runner import run_cli
from stategraph.errors import StategraphError

ROOT = Path(__file__).resolve().parents[1]

# A plug-in puzzle without a checker (and one whose answers crash, a fault in plug-in code).
PLUGIN = '''
from contextlib import contextmanager

import networkx as nx

from stategraph.contract.puzzle import Model, Puzzle
from stategraph.graph.state_graph import StateGraph, WeightProfile


class Cells(Model):
    name, summary, profile = "cells", "the walker's cell", WeightProfile(unit=True)

    def __init__(self, row):
        super().__init__(row)
        self.graph = nx.DiGraph([(i, i + 1, {"weight": 1, "rank": 0}) for i in range(len(row) - 1)])

    @contextmanager
    def state_graph(self, question):
        yield StateGraph(self.graph, 0, frozenset({len(self.instance) - 1}))

    def decode(self, question, solution):
        return solution.cost


class Corridor(Puzzle):
    name, summary, sample, models = "corridor", "steps to the end", "S..E\\n", {"cells": Cells}

    def parse(self, data, source="<input>", limits=None):
        yield (data if isinstance(data, str) else data.read().decode()).strip()

    def format_answer(self, instance, question, answer):
        return f"{answer}\\n"


class Crash(Corridor):
    def format_answer(self, instance, question, answer):
        raise ZeroDivisionError("a bug")
'''


def table() -> dict[int, str]:
    """``{status: meaning}`` from the command-line page's table (a row may name several statuses)."""
    text = (ROOT / "docs" / "cli.md").read_text()
    start = text.index("| status | meaning |")
    rows = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        statuses, meaning = line.strip("|").split("|", 1)
        for status in statuses.split(","):
            rows[int(status)] = meaning.strip()
    return rows


def error_classes() -> list[type[StategraphError]]:
    """Every subclass of StategraphError in the package (each module imported, so none is missed)."""
    for module in pkgutil.walk_packages(stategraph.__path__, "stategraph."):
        if module.name != "stategraph.__main__":
            importlib.import_module(module.name)
    found, todo = [], [StategraphError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def run(args, tmp_path, stdin=b""):
    """The exit status of ``stategraph ARGS`` in a child process, in ``tmp_path`` beside the plug-in."""
    (tmp_path / "corridor.py").write_text(PLUGIN)
    return run_cli(*args, stdin=stdin, cwd=tmp_path, separate=True, binary=True).status


# (what the row of the status must say, the command, its standard input)
FAULTS = [
    ("success", ("solve", "pushing_boxes"), b"1 3\nSBT\n0 0\n"),
    ("bad input", ("solve", "pushing_boxes"), b"1 3\nSBX\n0 0\n"),
    ("option", ("solve", "pushing_boxes", "--algorithm", "dfs"), b""),
    ("config", ("solve", "pushing_boxes", "--set", "limits.max_rows=x"), b""),
    ("without a checker", ("solve", "corridor:Corridor", "--verify"), b"S..E\n"),
    ("without a checker", ("check", "corridor:Corridor", "-", "answers.txt"), b"S..E\n"),
    ("`check` found a problem", ("check", "pushing_boxes", "-", "answers.txt"), b"1 3\nSBT\n0 0\n"),
    ("an exception in a plug-in's own code", ("solve", "corridor:Crash"), b"S..E\n"),
]


def test_every_error_s_status_is_a_row_of_the_table():
    rows = table()
    for cls in error_classes():
        assert cls.exit_status in rows, f"{cls.__name__} exits {cls.exit_status}, which docs/cli.md does not list"


@pytest.mark.parametrize("words, args, stdin", FAULTS, ids=[f"{w}: {' '.join(a[:2])}" for w, a, _ in FAULTS])
def test_a_fault_exits_with_the_status_of_the_row_that_describes_it(words, args, stdin, tmp_path):
    (tmp_path / "answers.txt").write_text("Maze #1\nW\n\n")
    status = run(args, tmp_path, stdin)
    assert words in table().get(status, ""), f"exit status {status}: {table().get(status)!r}"


def test_a_failed_write_exits_with_the_row_of_a_full_disk(tmp_path):
    with open("/dev/full", "wb") as full:  # standard output a full disk: a process of its own, as a user has
        status = subprocess.run([sys.executable, "-m", "stategraph", "solve", "pushing_boxes"],
                                input=b"1 3\nSBT\n0 0\n", stdout=full, stderr=subprocess.PIPE, cwd=tmp_path).returncode
    assert "a full disk" in table()[status]


def test_a_reader_that_closes_the_pipe_is_the_row_of_the_closed_pipe(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "pushing_boxes"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # before the first answer is written
    process.communicate(b"1 3\nSBT\n0 0\n")
    assert "pipe was closed" in table()[process.returncode]


@pytest.mark.parametrize("signum, words", [(signal.SIGINT, "interrupted"), (signal.SIGTERM, "SIGTERM"),
                                           (signal.SIGHUP, "SIGHUP")], ids=["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_mid_run_exits_with_its_row(signum, words):
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "pushing_boxes"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(b"1 3\nSBT\n")
    process.stdin.flush()
    assert process.stdout.readline() == b"Maze #1\n"  # the run is under way, waiting for the next maze
    process.send_signal(signum)
    process.communicate()
    assert words in table()[process.returncode]


def test_every_row_is_a_status_the_code_ends_with():
    shown = {0, 1, 4, 70, 130, 128 + signal.SIGTERM, 128 + signal.SIGHUP}  # by the tests above
    assert set(table()) == shown | {cls.exit_status for cls in error_classes()}
