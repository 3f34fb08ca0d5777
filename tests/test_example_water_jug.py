"""examples/water_jug, run as its README says: from its own folder, by the command line.

The answers are checked against a breadth-first search written here over (litres in A, litres
in B), sharing nothing with the example or stategraph.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "water_jug"


def fewest_steps(a: int, b: int, c: int) -> int:
    """The fewest fills, empties and pours until one jug holds ``c`` litres, or -1."""
    depth = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        if c in (x, y):
            return depth[x, y]
        pour_xy, pour_yx = min(x, b - y), min(y, a - x)
        for after in ((a, y), (x, b), (0, y), (x, 0), (x - pour_xy, y + pour_xy), (x + pour_yx, y - pour_yx)):
            if after not in depth:
                depth[after] = depth[x, y] + 1
                queue.append(after)
    return -1


def instances(text: str) -> list[tuple[int, int, int]]:
    numbers = [int(word) for word in text.split()]
    return [tuple(numbers[1 + 3 * k:4 + 3 * k]) for k in range(numbers[0])]


def expected_output(cases) -> str:
    return "".join(f"{fewest_steps(*case)}\n" for case in cases)


# every answer verified; solve and check stay quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_verify_confirms_every_answer",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "water_jug")


def stategraph(folder, *args):
    return run_in(folder, *args, timeout=120)


def test_expected_is_the_brute_force_answer():
    cases = instances((EXAMPLE / "input.txt").read_text())
    assert expected_output(cases) == (EXAMPLE / "expected.txt").read_text()
    assert {"-1\n", "0\n"} <= set(expected_output(cases).splitlines(keepends=True))


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (EXAMPLE / "expected.txt").read_text()


@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_that_applies_prints_the_same(folder, algorithm):
    cases = instances((EXAMPLE / "input.txt").read_text())[:-1]  # the last one has 160,000 states: once is enough
    (folder / "small.txt").write_text(f"{len(cases)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in cases))
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "small.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == expected_output(cases)


def test_astar_is_refused_without_a_heuristic(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", "astar", "input.txt")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "astar needs a heuristic" in done.stderr


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "stategraph: verified 7 answers: 7 confirmed\n"


def test_check_grades_counts(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    (folder / "mine.txt").write_text("2\n3\n-1\n-1\n-1\n0\n3\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "mine.txt")
    assert done.returncode == 3
    lines = done.stderr.splitlines()
    assert lines[1] == "instance 2: line 2: answers 3, but no solution exists"
    assert lines[2] == "instance 3: line 3: claims no solution, but one of 6 exists"
    assert lines[4].startswith("instance 5: line 5: claims no solution")
    assert lines[6] == "instance 7: line 7: the answer costs 3, but the optimum is 2"
    assert lines[-1] == "stategraph: checked 7 answers: 3 ok, 4 with a problem"


def test_export_holds_the_contents_graph(folder):
    (folder / "one.txt").write_text("1\n3 5 4\n")
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "one.txt", "-o", "jugs.json")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "jugs.json", "-a", "bfs")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"cost: {fewest_steps(3, 5, 4)}"
    assert done.stdout.splitlines()[1].split("\t") == ["0", "-", "(0, 0)"]


def test_a_state_limit_is_one_line(folder):
    (folder / "big.txt").write_text("1\n40000 39998 1\n")  # c = 1 cannot be measured: every state is reached
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--set", "limits.max_states=1000", "big.txt")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("stategraph: error: water_jug model contents: instance 1: the state graph passed "
                                  "limits.max_states = 1000: state ")
    assert "the 1,001st" in done.stderr and done.stderr.count("\n") == 1


def test_bad_input_is_one_positioned_line(folder):
    (folder / "bad.txt").write_text("2\n3 5 4\n0 5 4\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout) == (2, "6\n")
    assert done.stderr == ("stategraph: error: bad.txt:3:1: instance 2: jug A's capacity must be between 1 and "
                           "40000, found 0\n")


def test_random_jugs_agree_with_the_brute_force(folder):
    rng = random.Random(19)
    cases = [(rng.randint(1, 30), rng.randint(1, 30), rng.randint(0, 31)) for _ in range(300)]
    (folder / "random.txt").write_text(f"{len(cases)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in cases))
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "random.txt")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected_output(cases)
    assert done.stderr == "stategraph: verified 300 answers: 300 confirmed\n"
