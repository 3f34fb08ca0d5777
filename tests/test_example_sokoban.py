"""examples/sokoban, run as its README says: from its own folder, by the command line.

The answers are checked against a search written here over (player cell, box cells), sharing
nothing with the example or stategraph: a breadth-first search in which a step that pushes a box
costs 1 and a walk costs nothing (a deque, walks to the front).  The dead squares the example
prunes are held to a search of its own too: from a cell marked dead, a box alone in the room
reaches no goal, wherever the player starts.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, example_module, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sokoban"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
ROUTINES = ["dijkstra", "bfs", "spfa", "bidirectional_dijkstra", "networkx"]
TOO_MANY = ("stategraph: error: sokoban model player_boxes: instance 1: the state graph passed limits.max_states = "
            "200000: state ((5, 11), ((2, 9), (10, 4))), the 200,001st, was reached from state ((5, 10), ((2, 9), "
            "(10, 4))) by move 'e'; raise the limit with --set limits.max_states=N\n")

# the naive model on input.txt builds 27,771 states (a second or more), on big.txt 200,000: the tests that build
# them are slow; the push model's routines, the sample, the checks and the bad rooms stay quick
SLOW_CASES = {"test_expected_is_the_brute_force_answer", "test_solve_prints_expected",
              "test_random_rooms_agree_with_the_brute_force_and_the_naive_model_has_more_states",
              "test_dead_squares_are_dead", "test_the_big_room_is_past_the_naive_state_limit",
              "test_explain_draw_and_export",
              *(f"test_every_routine_that_applies_prints_the_same[{routine}-player_boxes]" for routine in ROUTINES
                if routine != "bfs")}


def rooms(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def fewest_pushes(room: list[str]) -> int:
    """The fewest pushes that leave a box on each goal, or -1."""
    at = {(r, c): ch for r, line in enumerate(room) for c, ch in enumerate(line)}
    goals = {cell for cell, ch in at.items() if ch in "o*+"}
    player = next(cell for cell, ch in at.items() if ch in "@+")
    start = (player, frozenset(cell for cell, ch in at.items() if ch in "$*"))
    pushes, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        (r, c), boxes = state
        if boxes == goals:
            return pushes[state]
        for dr, dc in STEPS:
            step, beyond = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if at.get(step, "#") == "#":
                continue
            if step not in boxes:
                after, cost = (step, boxes), 0
            elif at.get(beyond, "#") != "#" and beyond not in boxes:
                after, cost = (step, boxes - {step} | {beyond}), 1
            else:
                continue
            if after not in pushes or pushes[state] + cost < pushes[after]:
                pushes[after] = pushes[state] + cost
                (queue.appendleft if cost == 0 else queue.append)(after)
    return -1


def expected_output(text: str) -> str:
    return "".join(f"{fewest_pushes(room)}\n" for room in rooms(text))


def lone_box_reaches_a_goal(room: list[str], box) -> bool:
    """Whether a box alone on ``box`` (the other box taken away) can be pushed onto a goal, the
    player starting on some open cell."""
    at = {(r, c): ch for r, line in enumerate(room) for c, ch in enumerate(line)}
    floor = [cell for cell, ch in at.items() if ch != "#"]
    seen = {(player, box) for player in floor if player != box}
    queue = deque(seen)
    while queue:
        (r, c), held = queue.popleft()
        if at[held] in "o*+":
            return True
        for dr, dc in STEPS:
            step = (r + dr, c + dc)
            after = (step, (held[0] + dr, held[1] + dc)) if step == held else (step, held)
            if at.get(after[0], "#") != "#" and at.get(after[1], "#") != "#" and after not in seen:
                seen.add(after)
                queue.append(after)
    return False


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "sokoban")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)


@pytest.fixture(scope="module")
def puzzle():
    Sokoban = example_module("sokoban").Sokoban
    return Sokoban()


def test_the_brute_force_knows_the_sample():
    """By hand: each box needs two pushes, one down a row and one along it to its goal."""
    assert fewest_pushes(["######", "#.@..#", "#.$$.#", "#o..o#", "######"]) == 4
    assert fewest_pushes(["#####", "#$..#", "#.@.#", "#$oo#", "#####"]) == -1  # boxes in corners


def test_the_sample_and_a_state_limit_are_one_line_each(folder):
    (folder / "sample.txt").write_text("5 6\n######\n#.@..#\n#.$$.#\n#o..o#\n######\n0 0\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "sample.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "4\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-m", "player_boxes", "--set",
                      "limits.max_states=100", "sample.txt")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("stategraph: error: sokoban model player_boxes: instance 1: the state graph passed "
                                  "limits.max_states = 100: state ") and done.stderr.count("\n") == 1


def test_expected_is_the_brute_force_answer():
    expected = (EXAMPLE / "expected.txt").read_text()
    assert expected_output((EXAMPLE / "input.txt").read_text()) == expected
    assert {"0\n", "-1\n"} <= set(expected.splitlines(keepends=True))


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


@pytest.mark.parametrize("model", ["pushes", "player_boxes"])
@pytest.mark.parametrize("algorithm", ROUTINES)
def test_every_routine_that_applies_prints_the_same(folder, model, algorithm):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-m", model, "-a", algorithm, "input.txt")
    if model == "player_boxes" and algorithm == "bfs":  # a walk costs 0: not every edge weighs 1
        assert done.returncode == 2 and "bfs needs every edge weight to be 1" in done.stderr
        return
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


def test_random_rooms_agree_with_the_brute_force_and_the_naive_model_has_more_states(folder, puzzle):
    rng = random.Random(31)
    texts = [puzzle.random_instance(rng, size) for size in [1, 2, 3, 4] * 8]
    expected = "".join(expected_output(text) for text in texts)
    assert "-1\n" in expected and len(set(expected.split())) > 3  # solvable and unsolvable rooms
    (folder / "random.txt").write_text("".join(text.removesuffix("0 0\n") for text in texts) + "0 0\n")
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "--format", "json", "-a", "dijkstra",
                      "random.txt")
    assert done.returncode == 0, done.stderr
    rows = {(row["model"], row["instance"]): row for row in map(json.loads, done.stdout.splitlines())}
    assert "".join(rows["pushes", n]["output"] for n in range(1, 33)) == expected
    assert all(rows["player_boxes", n]["agrees"] for n in range(1, 33))
    assert all(rows["pushes", n]["states"] < rows["player_boxes", n]["states"] for n in range(1, 33))


def test_dead_squares_are_dead(puzzle):
    """Every cell the example marks dead is one from which a lone box reaches no goal, in 24 random
    rooms and in the input; a cell on no goal in a corner is always one."""
    rng = random.Random(7)
    texts = [puzzle.random_instance(rng, size) for size in [1, 2, 3] * 8] + [(EXAMPLE / "input.txt").read_text()]
    marked = 0
    for text in texts:
        for room, parsed in zip(rooms(text), puzzle.parse(text)):
            dead = parsed.value.cells("x")
            marked += len(dead)
            assert not any(lone_box_reaches_a_goal(room, (r - 1, c - 1)) for r, c in dead), room
            corners = [(r, c) for r, line in enumerate(room, start=1) for c, ch in enumerate(line, start=1)
                       if ch in ".@$" and any(room[r - 1 + dr][c - 1] == "#" == room[r - 1][c - 1 + dc]
                                              for dr in (-1, 1) for dc in (-1, 1))]
            assert set(corners) <= set(dead), room
    assert marked > 100


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert (done.returncode, done.stderr) == (0, "stategraph: verified 5 answers: 5 confirmed\n")


def test_check_takes_the_expected_answers_and_catches_edited_ones(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    (folder / "edited.txt").write_text("4\n0\n-1\n7\n-1\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "edited.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines()[3:] == ["instance 4: line 4: the answer costs 7, but the optimum is 8",
                                            "instance 5: line 5: claims no solution, but one of 9 exists",
                                            "stategraph: checked 5 answers: 3 ok, 2 with a problem"]


@pytest.mark.parametrize("room, message", [
    ("4 6\n######\n#@$$$#\n#oo..#\n######\n", "a room needs exactly 2 boxes ($ or *), found 3"),
    ("4 6\n######\n#@$$.#\n#o...#\n######\n", "a room needs exactly 2 goals (o, * or +), found 1"),
    ("4 6\n######\n#.$$.#\n#o..o#\n######\n", "a room needs exactly 1 player (@ or +), found 0"),
])
def test_a_bad_room_is_one_positioned_line(folder, room, message):
    (folder / "bad.txt").write_text("5 6\n######\n#.@..#\n#.$$.#\n#o..o#\n######\n" + room + "0 0\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout, done.stderr) == (2, "4\n", f"stategraph: error: bad.txt:7:1: instance 2: "
                                                                     f"{message}\n")


def test_the_big_room_is_past_the_naive_state_limit(folder):
    """big.txt: the naive model passes the default limit of 200,000 states; the push model solves it."""
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-m", "player_boxes", "big.txt")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", TOO_MANY)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "big.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", expected_output((EXAMPLE / "big.txt").read_text()))


def test_explain_draw_and_export(folder):
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "1")
    assert done.returncode == 0, done.stderr
    assert "1. (2,2) (3,3) (3,4): (3,3)S -> (2,2) (3,4) (4,3); cost 1" in done.stdout and "   #*..*#" in done.stdout
    for args in (["-o", "x.svg"], ["-m", "player_boxes", "-o", "y.svg"], ["--graph", "-o", "g.svg"],
                 ["--animate", "a.gif"]):
        done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "1", *args)
        assert done.returncode == 0, done.stderr
    pushes, steps = ({e.get("id") for e in ET.parse(folder / name).getroot().iter()} for name in ("x.svg", "y.svg"))
    assert {"box-path-1", "box-path-2", "target", "box-1"} <= pushes and "route-path" not in pushes
    assert {"box-path-1", "route-path", "start"} <= steps
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "4", "-o", "g.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "g.graphml", "-a", "dijkstra")
    room = rooms((EXAMPLE / "input.txt").read_text())[3]
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, f"cost: {fewest_pushes(room)}")
