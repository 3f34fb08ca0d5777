"""`limits.max_moves`: a first-level puzzle's moves() that never ends is stopped, in one line, exit status 2.

The plug-ins are written into pytest's folder and run by the real command line; every run has a
timeout, so a hang fails the test instead of stopping the suite.
"""

from __future__ import annotations

import pytest

from cli_runner import run_cli

PLUGIN = '''
import itertools

from stategraph import COST, SuccessorPuzzle


class Fan(SuccessorPuzzle):
    """The start has k moves, one to each of the states 1..k; state k is the goal."""

    name, summary, sample, output = "fan", "k moves from the start", "3\\n", COST
    limits = {"max_k": 100}

    def read(self, tokens, limits):
        return tokens.integer("k", 1, limits["max_k"])

    def start(self, k):
        return 0

    def is_goal(self, k, x):
        return x == k

    def moves(self, k, x):
        if x == 0:
            for i in range(1, k + 1):
                yield f"to {i}", i, 1


class Endless(Fan):
    name = "endless"

    def moves(self, k, x):
        for i in itertools.count():  # the bug: no end
            yield f"m{i}", x + 1, 1
'''
DEFAULT_MAX_MOVES = 10_000  # as docs/extending/first_level.md documents it
GUARD = 120  # seconds before a hung run is killed (a failure)


def stategraph(folder, *args):
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None}, separate=True, timeout=GUARD)


# with --jobs 2 and --verify; the plain one stays quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_exactly_max_moves_is_fine_and_one_more_is_refused[extra1]",
    "test_exactly_max_moves_is_fine_and_one_more_is_refused[extra2]",
}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "plug.py").write_text(PLUGIN)
    return tmp_path


def refused(done) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def limit_line(puzzle: str, state, limit: int) -> str:
    return (f"stategraph: error: {puzzle} model states: instance 1: moves() of state {state} yielded more moves "
            f"than limits.max_moves = {limit} (does it never end?); raise the limit with --set limits.max_moves=N\n")


@pytest.mark.parametrize("command", ["solve", "export", "explain"])
def test_an_endless_moves_is_stopped_at_the_default_limit(command, folder):
    (folder / "in.txt").write_text("3\n")
    args = [command, "plug:Endless", "in.txt"] + (["-o", "g.json"] if command == "export" else [])
    assert refused(stategraph(folder, *args)) == limit_line("endless", 0, DEFAULT_MAX_MOVES)
    assert not (folder / "g.json").exists()


@pytest.mark.parametrize("extra", [[], ["--jobs", "2"], ["--verify"]])
def test_exactly_max_moves_is_fine_and_one_more_is_refused(extra, folder):
    (folder / "five.txt").write_text("5\n")
    (folder / "six.txt").write_text("6\n")
    done = stategraph(folder, "solve", "plug:Fan", "five.txt", "--set", "limits.max_moves=5", *extra)
    assert (done.returncode, done.stdout) == (0, "1\n"), done.stderr
    done = stategraph(folder, "solve", "plug:Fan", "six.txt", "--set", "limits.max_moves=5", *extra)
    assert refused(done) == limit_line("fan", 0, 5)
    done = stategraph(folder, "solve", "plug:Fan", "six.txt", "--set", "limits.max_moves=6", *extra)
    assert (done.returncode, done.stdout) == (0, "1\n"), done.stderr


def test_a_config_sets_max_moves_beside_the_puzzle_s_own_limits(folder):
    (folder / "in.txt").write_text("4\n")
    (folder / "small.yaml").write_text("puzzle: plug:Fan\nlimits: {max_moves: 3, max_k: 10}\n")
    assert refused(stategraph(folder, "solve", "--config", "small.yaml", "in.txt")) == limit_line("fan", 0, 3)
    (folder / "bad.yaml").write_text("puzzle: plug:Fan\nlimits: {max_moves: 0}\n")
    assert "key 'limits.max_moves' must be a positive integer" in refused(
        stategraph(folder, "solve", "--config", "bad.yaml", "in.txt"))
