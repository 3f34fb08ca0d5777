"""examples/hanoi, run as its README says: from its own folder, by the command line.

The answers are checked against a breadth-first search written here over the three stacks (each
a tuple of discs, bottom first), sharing nothing with the example or stategraph: the distance of
every placement to the goal (a move is undone by the move back, so the search runs from the
goal), then the first move in the documented order (smallest disc first, then onto A, B, C) that
comes one nearer, step by step.  The classic move of n discs from one peg to another costs
2^n - 1, which holds the brute force itself to what is known.
"""

from __future__ import annotations

import doctest
import json
import math
import random
import sys
from collections import deque
from itertools import product
from pathlib import Path

import pytest

from example_folders import copy_of, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "hanoi"
PEGS = "ABC"


def stacks(placement: str) -> tuple:
    """The three stacks, bottom first, of a placement naming each disc's peg, smallest first."""
    return tuple(tuple(d for d in range(len(placement), 0, -1) if placement[d - 1] == peg) for peg in PEGS)


def placement(towers: tuple) -> str:
    """The peg of each disc, smallest first: what ``stacks`` undoes."""
    return "".join(next(PEGS[i] for i, stack in enumerate(towers) if disc in stack)
                   for disc in range(1, sum(map(len, towers)) + 1))


def neighbours(towers: tuple):
    """``(label, towers after)`` for each legal move, smallest disc first, then onto A, B, C."""
    found = []
    for i, source in enumerate(towers):
        for j, target in enumerate(towers):
            if source and i != j and (not target or target[-1] > source[-1]):
                after = list(towers)
                after[i], after[j] = source[:-1], target + source[-1:]
                found.append(((source[-1], j), f"{source[-1]} {PEGS[i]}->{PEGS[j]}", tuple(after)))
    return [(label, after) for _, label, after in sorted(found)]


def distances(goal: tuple) -> dict:
    depth = {goal: 0}
    queue = deque([goal])
    while queue:
        towers = queue.popleft()
        for _, after in neighbours(towers):
            if after not in depth:
                depth[after] = depth[towers] + 1
                queue.append(after)
    return depth


def answer(start: str, goal: str) -> str:
    depth, towers, labels = distances(stacks(goal)), stacks(start), []
    while depth[towers]:
        label, towers = next((label, after) for label, after in neighbours(towers)
                             if depth[after] == depth[towers] - 1)
        labels.append(label)
    return f"{len(labels)}: " + ", ".join(labels) if labels else "0:"


def optimal_paths(start: str, goal: str) -> int:
    depth, counted = distances(stacks(goal)), {}

    def paths(towers):
        if towers not in counted:
            counted[towers] = 1 if depth[towers] == 0 else sum(
                paths(after) for _, after in neighbours(towers) if depth[after] == depth[towers] - 1)
        return counted[towers]

    return paths(stacks(start))


def instances(text: str) -> list[tuple[str, str]]:
    words = text.split()
    return [(words[2 + 3 * k], words[3 + 3 * k]) for k in range(int(words[0]))]


def expected_output(cases) -> str:
    return "".join(answer(start, goal) + "\n" for start, goal in cases)


def as_input(cases) -> str:
    return f"{len(cases)}\n" + "".join(f"{len(start)} {start} {goal}\n" for start, goal in cases)


# both models by every routine on the 6,561-state instance, and matplotlib's drawings (deselected unless --slow)
SLOW_CASES = {"test_every_routine_that_applies_prints_the_same", "test_explain_draw_export_and_search"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "hanoi")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)  # in this process: nothing here is about the process itself


def puzzle_in(folder):
    """The example's puzzle object, loaded from the copy of its folder as its config names it."""
    from stategraph.puzzles import load_plugin

    return load_plugin("hanoi:Hanoi", str(folder))


def test_the_brute_force_knows_the_classic_moves():
    """n discs from one peg to another: 2^n - 1 moves, the smallest disc every other move."""
    for n in range(1, 9):
        moved = answer("A" * n, "C" * n)
        assert moved.startswith(f"{2 ** n - 1}: ")
        assert all(label.startswith("1 ") for label in moved.split(": ")[1].split(", ")[::2])
    assert len(distances(stacks("AAAA"))) == 3 ** 4  # every placement is reached
    assert all(placement(stacks(p)) == p for p in map("".join, product(PEGS, repeat=4)))


def test_expected_is_the_brute_force_answer():
    cases = instances((EXAMPLE / "input.txt").read_text())
    assert expected_output(cases) == (EXAMPLE / "expected.txt").read_text()
    ties = [(s, g) for s, g in cases if len(s) <= 4 and optimal_paths(s, g) > 1]
    assert ties, "the sample holds an instance whose answer is chosen by the tie-break"


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (EXAMPLE / "expected.txt").read_text()


@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_that_applies_prints_the_same(folder, algorithm):
    for model in ("pegs", "last_disc"):
        done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-m", model, "-a", algorithm, "input.txt")
        assert (done.returncode, done.stderr) == (0, ""), (model, algorithm)
        assert done.stdout == (EXAMPLE / "expected.txt").read_text(), (model, algorithm)


def test_astar_is_refused_without_a_heuristic(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", "astar", "input.txt")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "astar needs a heuristic" in done.stderr


def test_random_instances_agree_and_the_history_model_wastes_states(folder):
    """``random_instance``'s instances: both models print the brute force's answers; remembering the
    disc moved last has as many states for one disc and about twice as many for two or more."""
    puzzle, rng = puzzle_in(folder), random.Random(31)
    texts = [puzzle.random_instance(rng, size) for size in range(1, 7) for _ in range(6)]
    cases = [case for text in texts for case in instances(text)]
    assert len(cases) == 36 and len({case for case in cases}) > 30
    (folder / "random.txt").write_text(as_input(cases))
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "-a", "bfs", "--format", "json", "random.txt")
    assert done.returncode == 0, done.stderr
    rows = {(row["instance"], row["model"]): row for row in map(json.loads, done.stdout.splitlines())}
    wanted = expected_output(cases).splitlines(keepends=True)
    for number, (start, _) in enumerate(cases, start=1):
        pegs, history = rows[number, "pegs"], rows[number, "last_disc"]
        assert pegs["output"] == history["output"] == wanted[number - 1] and history["agrees"]
        assert pegs["states"] == 3 ** len(start)
        # a placement's moves: disc 1's two, and one of another disc (none with all discs on one peg); the disc
        # moved last is one of those that can move back: two states a placement, one for those 3, and the start
        assert history["states"] == (2 * 3 ** len(start) - 2 if len(start) > 1 else 3)


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "stategraph: verified 7 answers: 7 confirmed\n"


def test_check_grades_and_catches_an_edited_answer(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    lines[1] = lines[1].replace("3 A->C", "3 A->B", 1)  # disc 3 onto disc 2
    lines[2] = "4: 1 A->B, 3 C->A, 1 B->A, 1 A->C"      # legal, but longer than the optimum
    (folder / "mine.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "mine.txt")
    assert done.returncode == 3
    told = done.stderr.splitlines()
    assert told[1].startswith("instance 2: line 2: move 4 ('3 A->B') is not a move of state 'BBA'")
    assert told[2] == "instance 3: line 3: the answer costs 4, but the optimum is 3"
    assert told[-1] == "stategraph: checked 7 answers: 5 ok, 2 with a problem"


def test_explain_draw_export_and_search(folder):
    """From the folder, as the README says: each command exits 0 and tells the same answer."""
    pytest.importorskip("matplotlib")
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    steps = json.loads(done.stdout)["steps"]
    assert [step["move"] for step in steps] == ["1 A->B", "3 C->A", "1 B->C"]
    assert steps[-1]["picture"] == ". . .\n. . .\n3 2 1\nA B C"
    for extra in ([], ["--graph"]):
        done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "2", *extra,
                          "-o", "drawn.svg")
        assert done.returncode == 0 and (folder / "drawn.svg").read_text().lstrip().startswith("<?xml"), done.stderr
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "6", "-o", "g.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "g.graphml", "-a", "bfs")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "cost: 8"
    assert [line.split("\t")[1] for line in done.stdout.splitlines()[2:]] == answer("CABAC", "ABCBC")[3:].split(", ")


def test_the_module_doctest_holds(folder):
    module = sys.modules[type(puzzle_in(folder)).__module__]
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


def test_positions_draw_the_sierpinski_triangle(folder):
    """``position``: every placement its own point, every move a short edge (at most 2 apart), the
    three towers at the corners: the Sierpinski triangle."""
    puzzle = puzzle_in(folder)
    rules = puzzle.model("pegs").rules_of(puzzle)
    for n in range(1, 6):
        placements = ["".join(p) for p in product(PEGS, repeat=n)]
        instance = (placements[0], placements[-1])
        where = {p: rules.position(instance, p) for p in placements}
        assert len(set(where.values())) == 3 ** n
        for p in placements:
            for _, after in neighbours(stacks(p)):
                assert math.dist(where[p], where[placement(after)]) <= 2, (p, placement(after))
        top = 2 ** n - 1
        assert (where["A" * n], where["B" * n], where["C" * n]) == ((0, top), (top, 0), (top, 2 * top))


@pytest.mark.parametrize("text, answered, message", [
    ("2\n3 AAA CCC\n3 AAD CCC\n", 1, "bad.txt:3:3: instance 2: the start must name the peg (A, B or C) of each "
                                   "of the 3 discs, smallest first, found 'AAD'"),
    ("2\n3 AAA CCC\n11 AAA CCC\n", 1, "bad.txt:3:1: instance 2: the number of discs must be between 1 and 10, "
                                    "found 11"),
    ("1\n3 AAA CC\n", 0, "bad.txt:2:7: instance 1: the goal must name the peg (A, B or C) of each of the 3 discs, "
                         "smallest first, found 'CC'"),
    ("2\n3 AAA CCC\n", 1, "bad.txt:3: instance 2: unexpected end of input: expected the number of discs"),
], ids=["a bad peg", "too many discs", "a short goal", "an instance missing"])
def test_bad_input_is_one_positioned_line(folder, text, answered, message):
    """The answers before the bad instance are printed, then one line naming the file, line and column."""
    (folder / "bad.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert done.returncode == 2 and done.stdout == expected_output([("AAA", "CCC")] * answered)
    assert done.stderr == f"stategraph: error: {message}\n"
