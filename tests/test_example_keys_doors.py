"""examples/keys_doors, run as its README says: from its own folder, by the command line.

The answers are checked against a breadth-first search written here over (cell, keys held), sharing
nothing with the example or stategraph; the example's wrong model (the cell alone) is caught on
the sample and on random grids.
"""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, example_module, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "keys_doors"

SLOW_CASES = {"test_every_routine_that_applies_prints_the_same", "test_verify_confirms_every_answer"}


def grids(text: str) -> list[list[str]]:
    lines, found = text.split(), []
    while lines[:2] != ["0", "0"]:
        rows = int(lines[0])
        found.append(lines[2:2 + rows])
        lines = lines[2 + rows:]
    return found


def fewest_steps(rows: list[str]):
    """``(steps, moves)`` of the shortest walk from S to G, N S W E first, or ``None``."""
    at = {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}
    start = next(cell for cell, ch in at.items() if ch == "S")
    seen = {(start, frozenset()): ""}
    queue = deque(seen)
    while queue:
        cell, keys = queue.popleft()
        if at[cell] == "G":
            return seen[cell, keys]
        for letter, (dr, dc) in zip("NSWE", ((-1, 0), (1, 0), (0, -1), (0, 1))):
            step = (cell[0] + dr, cell[1] + dc)
            ch = at.get(step, "#")
            if ch == "#" or (ch in "ABCD" and ch.lower() not in keys):
                continue
            after = (step, keys | {ch} if ch in "abcd" else keys)
            if after not in seen:
                seen[after] = seen[cell, keys] + letter
                queue.append(after)
    return None


def expected_output(text: str) -> str:
    answers = [fewest_steps(rows) for rows in grids(text)]
    return "".join("-1\n" if moves is None else " ".join([str(len(moves)), *moves]) + "\n" for moves in answers)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "keys_doors")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)


def test_expected_is_the_brute_force_answer():
    assert expected_output((EXAMPLE / "input.txt").read_text()) == (EXAMPLE / "expected.txt").read_text()


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_that_applies_prints_the_same(folder, algorithm):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "input.txt")
    assert (done.returncode, done.stdout) == (0, (EXAMPLE / "expected.txt").read_text())


def test_the_cell_alone_is_wrong_on_the_sample_and_compare_says_so(folder):
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "--format", "json", "input.txt")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    wrong = {row["instance"] for row in rows if row["model"] == "cell_only" and row["agrees"] is False}
    right = {row["instance"] for row in rows if row["model"] == "cell_keys" and row["agrees"] is True}
    assert right == {1, 2, 3, 4, 5} and {1, 2} <= wrong


def test_random_grids_agree_with_the_brute_force_and_the_cell_alone_is_caught():
    KeysAndDoors = example_module("keys_doors").KeysAndDoors
    puzzle, rng, caught = KeysAndDoors(), random.Random(31), 0
    for size in [1, 2, 3, 4, 5] * 8:
        text = puzzle.random_instance(rng, size)
        assert puzzle.solve_text(text) == expected_output(text), text
        caught += puzzle.solve_text(text, model="cell_only") != expected_output(text)
    assert caught >= 1


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0 and "5 confirmed" in done.stderr


def test_check_takes_the_expected_answers_and_catches_an_edited_one(folder):
    assert stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt",
                      "expected.txt").returncode == 0
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    lines[0] = lines[0].replace("S S W W", "S W S W")
    (folder / "edited.txt").write_text("\n".join(lines) + "\n")
    assert stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "edited.txt").returncode != 0


def test_a_bad_character_is_one_positioned_line(folder):
    (folder / "bad.txt").write_text("2 3\nS.G\n.?.\n0 0\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("bad.txt:3:2: instance 1: unknown character '?' in row 2, column 2 "
                                        "(expected one of #.SGabcdABCD)")
