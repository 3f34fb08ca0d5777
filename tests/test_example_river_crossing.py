"""examples/river_crossing, run as its README says: from its own folder, by the command line.

The answers are checked against a breadth-first search written here over the right bank
(missionaries there, cannibals there, whether the boat is there), sharing nothing with the
example or stategraph: the distance of every position to the goal (a crossing is undone by
rowing the same boatful back, so the search runs from the goal), then the first crossing in the
documented order (the boatful's letters alphabetically: C < CC < M < MC < MM) that comes one
nearer, step by step.  What is known of the puzzle holds the brute force itself: 11 crossings for
3 pairs and a boat of 2, none for 4 pairs; a boat of 3 takes 5 pairs but not 6.
"""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "river_crossing"


def boatfuls(seats: int) -> list[tuple[int, int]]:
    """``(missionaries, cannibals)`` of every boatful, alphabetically by its letters."""
    loads = [(m, c) for m in range(seats + 1) for c in range(seats + 1) if 1 <= m + c <= seats]
    return sorted(loads, key=lambda load: "M" * load[0] + "C" * load[1])


def neighbours(pairs: int, seats: int, position: tuple):
    """``(label, position after)`` of each crossing; a position is the right bank's
    ``(missionaries, cannibals, boat there)``."""
    right_m, right_c, boat_right = position
    for m, c in boatfuls(seats):
        step = -1 if boat_right else 1
        after = (right_m + step * m, right_c + step * c, not boat_right)
        left_m, left_c = pairs - after[0], pairs - after[1]
        if not (0 <= after[0] <= pairs and 0 <= after[1] <= pairs):
            continue
        if (left_m and left_m < left_c) or (after[0] and after[0] < after[1]):
            continue  # missionaries outnumbered on a bank
        letters = "M" * m + "C" * c
        yield (f"<{letters}" if boat_right else f"{letters}>"), after


def answer(pairs: int, seats: int) -> str:
    goal, here = (pairs, pairs, True), (0, 0, False)
    depth, queue = {goal: 0}, deque([goal])
    while queue:
        position = queue.popleft()
        for _, after in neighbours(pairs, seats, position):
            if after not in depth:
                depth[after] = depth[position] + 1
                queue.append(after)
    if here not in depth:
        return "-1"
    labels = []
    while depth[here]:
        label, here = next((label, after) for label, after in neighbours(pairs, seats, here)
                           if depth[after] == depth[here] - 1)
        labels.append(label)
    return f"{len(labels)} {' '.join(labels)}"


def instances(text: str) -> list[tuple[int, int]]:
    numbers = [int(word) for word in text.split()]
    lines = list(zip(numbers[::2], numbers[1::2]))
    return lines[:lines.index((0, 0))]


def expected_output(cases) -> str:
    return "".join(answer(pairs, seats) + "\n" for pairs, seats in cases)


def as_input(cases) -> str:
    return "".join(f"{pairs} {seats}\n" for pairs, seats in cases) + "0 0\n"


# matplotlib's drawings (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {"test_explain_draw_export_and_search"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "river_crossing")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)  # in this process: nothing here is about the process itself


def test_the_brute_force_knows_the_puzzle():
    assert answer(3, 2).startswith("11 ") and answer(4, 2) == "-1"
    assert answer(5, 3) != "-1" and answer(6, 3) == "-1"
    assert all(answer(pairs, 4) != "-1" for pairs in range(1, 12))
    assert all(answer(pairs, 1) == "-1" for pairs in range(1, 5))


def test_expected_is_the_brute_force_answer():
    cases = instances((EXAMPLE / "input.txt").read_text())
    assert expected_output(cases) == (EXAMPLE / "expected.txt").read_text()
    assert "-1\n" in expected_output(cases)


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (EXAMPLE / "expected.txt").read_text()


@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_that_applies_prints_the_same(folder, algorithm):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (EXAMPLE / "expected.txt").read_text()


def test_astar_is_refused_without_a_heuristic(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", "astar", "input.txt")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "astar needs a heuristic" in done.stderr


def test_random_instances_the_boat_model_agrees_and_the_one_without_disagrees(folder):
    """``random_instance``'s instances, solvable and not: ``banks`` prints the brute force's answer on
    every one; ``no_boat``, which lets the boat cross from a bank it is not at, gets some wrong."""
    from stategraph.puzzles import load_plugin

    puzzle, rng = load_plugin("river_crossing:RiverCrossing", str(folder)), random.Random(31)
    cases = [case for size in range(1, 13) for _ in range(3) for case in instances(puzzle.random_instance(rng, size))]
    assert len(cases) == 36 and len(set(cases)) > 20
    wanted = expected_output(cases).splitlines(keepends=True)
    assert "-1\n" in wanted and any(line != "-1\n" for line in wanted)
    (folder / "random.txt").write_text(as_input(cases))
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "-a", "bfs", "--format", "json", "random.txt")
    assert done.returncode == 3, done.stderr  # a row disagrees with the first
    rows = {(row["instance"], row["model"]): row for row in map(json.loads, done.stdout.splitlines())}
    assert all(rows[number, "banks"]["output"] == wanted[number - 1] for number in range(1, 37))
    wrong = [number for number in range(1, 37) if rows[number, "no_boat"]["output"] != wanted[number - 1]]
    assert wrong and all(rows[number, "no_boat"]["agrees"] is False for number in wrong)
    assert any(wanted[number - 1] == "-1\n" for number in wrong)  # it even crosses where no one can


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "stategraph: verified 8 answers: 8 confirmed\n"


def test_check_grades_and_catches_an_edited_answer(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    lines[0] = "2 C> M>"                                # the wrong model's answer: two crossings from the left
    lines[2] = "5 CC> <C MM> <C MM>"                   # the last boatful is not there to cross
    lines[3] = "3 CC> MM> MC>"
    (folder / "mine.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "mine.txt")
    assert done.returncode == 3
    told = done.stderr.splitlines()
    assert told[0].startswith("instance 1: line 1: move 2 ('M>') is not a move of state (1, 0, 'R')")
    assert told[2].startswith("instance 3: line 3: move 5 ('MM>') is not a move of state (0, 2, 'L')")
    assert told[3].startswith("instance 4: line 4: move 2 ('MM>') is not a move of state (3, 1, 'R')")
    assert told[-1] == "stategraph: checked 8 answers: 5 ok, 3 with a problem"


def test_explain_draw_export_and_search(folder):
    """From the folder, as the README says: each command exits 0 and tells the same answer."""
    pytest.importorskip("matplotlib")
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    steps = json.loads(done.stdout)["steps"]
    assert [step["move"] for step in steps] == answer(2, 2).split()[1:]
    assert steps[-1]["picture"] == "0M 0C |~~~~boat| 2M 2C"
    for extra in ([], ["--graph"]):
        done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "4", *extra,
                          "-o", "drawn.svg")
        assert done.returncode == 0 and (folder / "drawn.svg").read_text().lstrip().startswith("<?xml"), done.stderr
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "4", "-o", "g.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "g.graphml", "-a", "bfs")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "cost: 11"
    assert [line.split("\t")[1] for line in done.stdout.splitlines()[2:]] == answer(3, 2).split()[1:]


@pytest.mark.parametrize("text, answered, message", [
    ("3 2\n0 2\n0 0\n", 1, "bad.txt:2:1: instance 2: n and k must be at least 1 (only '0 0' ends the input)"),
    ("3 2\n2 0\n0 0\n", 1, "bad.txt:2:3: instance 2: n and k must be at least 1 (only '0 0' ends the input)"),
    ("3 2\n2 x\n0 0\n", 1, "bad.txt:2:3: instance 2: expected the boat's seats (an integer), found 'x'"),
    ("3 11\n0 0\n", 0, "bad.txt:1:3: instance 1: the boat's seats must be between 0 and 10, found 11"),
    ("3 2\n", 1, "bad.txt:2: instance 2: missing the '0 0' line that ends the input"),
    ("3 2\n0 0\n5\n", 1, "bad.txt:3:1: unexpected '5' after the '0 0' line"),
], ids=["no pairs", "no seats", "not a number", "too many seats", "no terminator", "after the terminator"])
def test_bad_input_is_one_positioned_line(folder, text, answered, message):
    """The answers before the bad instance are printed, then one line naming the file, line and column."""
    (folder / "bad.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert done.returncode == 2 and done.stdout == expected_output([(3, 2)] * answered)
    assert done.stderr == f"stategraph: error: {message}\n"
