"""examples/rush_hour, run as its README says: from its own folder, by the command line.

The answers are checked against a breadth-first search written here over whole boards (tuples of
row strings), sharing nothing with the example or stategraph: every reachable board, the fewest
slides from each to one with X at the right edge, then the first slide in the documented order
(cars by letter, back before on, nearest first) that keeps to a shortest way.  The wrong model
(a move is one cell) is caught on the sample and on random boards.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, example_module, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rush_hour"
ROUTINES = ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx", "astar"]

# the hard board of input.txt alone compiles 2,332 states (about half a second): the tests that run all of
# input.txt are slow; the small boards, the sample and the bad boards stay quick
SLOW_CASES = {"test_expected_is_the_brute_force_answer", "test_solve_prints_expected",
              "test_every_routine_that_applies_prints_the_same",
              "test_compare_shows_one_cell_steps_count_cells_on_the_same_states",
              "test_random_boards_agree_with_the_brute_force_and_one_cell_steps_are_caught",
              "test_verify_confirms_every_answer", "test_check_takes_the_expected_answers_and_catches_an_edited_one",
              "test_explain_draw_and_export"}


def boards(text: str) -> list[tuple[str, ...]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(tuple(words[2:2 + rows]))
        words = words[2 + rows:]
    return found


def slides_of(board: tuple[str, ...]):
    """``(label, board)`` of every slide, in the documented order."""
    height, width = len(board), len(board[0])
    for letter in sorted({ch for row in board for ch in row if ch.isalpha()}):
        spots = [(r, c) for r in range(height) for c in range(width) if board[r][c] == letter]
        dr, dc = (1, 0) if spots[0][1] == spots[-1][1] else (0, 1)  # up and down, or across
        for sign in (-1, 1):
            lead = spots[0] if sign < 0 else spots[-1]
            for k in range(1, max(height, width)):
                r, c = lead[0] + sign * k * dr, lead[1] + sign * k * dc
                if not (0 <= r < height and 0 <= c < width) or board[r][c] != ".":
                    break
                grid = [list(row) for row in board]
                for i, j in spots:
                    grid[i][j] = "."
                for i, j in spots:
                    grid[i + sign * k * dr][j + sign * k * dc] = letter
                yield f"{letter}{'+' if sign > 0 else '-'}{k}", tuple("".join(row) for row in grid)


def out(board: tuple[str, ...]) -> bool:
    return any(row[-1] == "X" for row in board)


def fewest_slides(start: tuple[str, ...]) -> str:
    """The answer line: the fewest slides, then the first in the documented order, or -1."""
    seen, queue = {start}, deque([start])
    while queue:
        for _, after in slides_of(queue.popleft()):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    left = {board: 0 for board in seen if out(board)}  # slides are undone by a slide back: a search from the goals
    queue = deque(left)
    while queue:
        board = queue.popleft()
        for _, after in slides_of(board):
            if after not in left:
                left[after] = left[board] + 1
                queue.append(after)
    if start not in left:
        return "-1"
    labels, board = [], start
    while left[board]:
        label, board = next((label, after) for label, after in slides_of(board) if left.get(after) == left[board] - 1)
        labels.append(label)
    return " ".join([str(len(labels)), *labels])


def expected_output(text: str) -> str:
    return "".join(fewest_slides(board) + "\n" for board in boards(text))


def cells_driven(start: tuple[str, ...]) -> int:
    """The fewest cells driven (what the wrong model counts), or -1."""
    depth, queue = {start: 0}, deque([start])
    while queue:
        board = queue.popleft()
        if out(board):
            return depth[board]
        for label, after in slides_of(board):
            if label[2:] == "1" and after not in depth:
                depth[after] = depth[board] + 1
                queue.append(after)
    return -1


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "rush_hour")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)


@pytest.fixture(scope="module")
def puzzle():
    RushHour = example_module("rush_hour").RushHour
    return RushHour()


def test_the_brute_force_knows_the_sample():
    """By hand: C left one frees B's way down, B down two clears row 2, X drives three to the edge."""
    assert fewest_slides(("AA.B.", "XX.B.", ".CCC#", ".....")) == "3 C-1 B+2 X+3"
    assert cells_driven(("AA.B.", "XX.B.", ".CCC#", ".....")) == 6


def test_the_small_boards_solve_as_the_brute_force_says(folder):
    small = "".join(f"{len(board)} {len(board[0])}\n" + "\n".join(board) + "\n"
                    for board in boards((EXAMPLE / "input.txt").read_text())[:3]) + "0 0\n"
    (folder / "small.txt").write_text(small)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "small.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", expected_output(small))
    assert done.stdout.split("\n")[1:3] == ["0", "-1"]


def test_expected_is_the_brute_force_answer():
    expected = (EXAMPLE / "expected.txt").read_text()
    assert expected_output((EXAMPLE / "input.txt").read_text()) == expected
    assert {"0\n", "-1\n"} <= set(expected.splitlines(keepends=True))


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


@pytest.mark.parametrize("algorithm", ROUTINES)
def test_every_routine_that_applies_prints_the_same(folder, algorithm):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


def test_compare_shows_one_cell_steps_count_cells_on_the_same_states(folder):
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "--format", "json", "-a", "bfs", "input.txt")
    rows = {(row["model"], row["instance"]): row for row in map(json.loads, done.stdout.splitlines())}
    wrong = {number for (model, number), row in rows.items() if model == "steps" and row["agrees"] is False}
    assert wrong == {1, 4, 5} and done.returncode == 3
    assert all(rows["slides", n]["agrees"] for n in range(1, 6))
    for number, board in enumerate(boards((EXAMPLE / "input.txt").read_text()), start=1):
        slides, steps = rows["slides", number], rows["steps", number]
        assert slides["states"] == steps["states"] and steps["edges"] <= slides["edges"]
        assert steps["cost"] == str(cells_driven(board)).replace("-1", "-")


def test_random_boards_agree_with_the_brute_force_and_one_cell_steps_are_caught(puzzle):
    """32 boards of seed 31: the slides model gives the brute force's answers; the one-cell model gives
    the fewest cells driven instead, wrong on the first board already (X drives two cells in one slide)."""
    rng, caught, answers = random.Random(31), [], set()
    for number, size in enumerate([1, 2, 3, 4] * 8, start=1):
        text = puzzle.random_instance(rng, size)
        right, wrong = puzzle.solve_text(text), puzzle.solve_text(text, model="steps")
        assert right == expected_output(text), text
        assert wrong.split()[0] == str(cells_driven(boards(text)[0])), text
        answers.add(right.split()[0])
        if wrong != right:
            caught.append(number)
    assert caught[0] == 1 and len(caught) > 16
    assert "-1" in answers and len(answers) > 4  # some cannot be solved


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert (done.returncode, done.stderr) == (0, "stategraph: verified 5 answers: 5 confirmed\n")


def test_check_takes_the_expected_answers_and_catches_an_edited_one(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    lines[0] = "3 C-1 B+1 X+3"  # B down one still blocks row 2
    lines[3] = "6 A-2 X+2 C-1 B-2 I+1 J+2"  # X is not out yet
    (folder / "edited.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "edited.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines()[0].startswith("instance 1: line 1: move 3 ('X+3') is not a move of state ")
    assert done.stderr.splitlines()[3].startswith("instance 4: line 4: the moves end in state ")


@pytest.mark.parametrize("board, message", [
    ("3 3\nAA.\nXXA\n...\n", "bad.txt:1:1: instance 1: car A covers (1,1) (1,2) (2,3): a car is one straight run "
                              "of 2 or 3 cells, across or up and down"),
    ("3 3\nX..\nX..\n...\n", "bad.txt:1:1: instance 1: a board needs the red car X, lying across"),
    ("2 3\nXX.\n.a.\n", "bad.txt:3:2: instance 1: unknown character 'a' in row 2, column 2 (expected one of "
                        "#.ABCDEFGHIJKLMNOPQRSTUVWXYZ)"),
])
def test_a_bad_board_is_one_positioned_line(folder, board, message):
    (folder / "bad.txt").write_text(board + "0 0\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"stategraph: error: {message}\n")


def test_explain_draw_and_export(folder, tmp_path):
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "1")
    assert done.returncode == 0, done.stderr
    assert "1. A1 B1 C2 X1: C-1 -> A1 B1 C1 X1; cost 1" in done.stdout and "   ...XX" in done.stdout
    for args in (["-o", "x.svg"], ["--graph", "-o", "g.svg"], ["--animate", "a.gif"]):
        done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "1", *args)
        assert done.returncode == 0, done.stderr
    ids = {e.get("id") for e in ET.parse(folder / "x.svg").getroot().iter()}
    assert {"route-path", "target", "car-X-1", "car-B-2"} <= ids
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "4", "-o", "g.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "g.graphml", "-a", "bfs")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "cost: 7"
