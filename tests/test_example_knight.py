"""examples/knight, run as its README says: from its own folder, by the command line.

The answers are checked against a brute force written here, sharing nothing with the example or
stategraph: a breadth-first search backwards from T (a jump and its reverse join the same two
squares), then from K the first jump, in the documented order, that gets one jump nearer.  The
states of the right model are the squares that brute force reaches from K; the wasteful model
(cell, last jump) gives the same answers from more states.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, example_module, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "knight"
# the documented order: the landing squares in reading order
ORDER = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))

SLOW_CASES = {"test_every_routine_prints_the_same", "test_random_boards_agree_and_the_last_jump_only_adds_states",
              "test_every_view_of_the_first_board"}


def boards(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def squares(rows: list[str]) -> dict:
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "#"}


def jumps_from(free: dict, square):
    for dr, dc in ORDER:
        landing = (square[0] + dr, square[1] + dc)
        if landing in free:
            yield f"{dr:+d}{dc:+d}", landing


def distances(free: dict, source) -> dict:
    depth, queue = {source: 0}, deque([source])
    while queue:
        square = queue.popleft()
        for _, landing in jumps_from(free, square):
            if landing not in depth:
                depth[landing] = depth[square] + 1
                queue.append(landing)
    return depth


def answer(rows: list[str]) -> str:
    free = squares(rows)
    knight, target = (next(sq for sq, ch in free.items() if ch == x) for x in "KT")
    to_target = distances(free, target)
    if knight not in to_target:
        return "unreachable"
    route, square = [], knight
    while square != target:
        label, square = next((label, landing) for label, landing in jumps_from(free, square)
                             if to_target.get(landing) == to_target[square] - 1)
        route.append(label)
    return " ".join([str(len(route)), *route])


def expected_output(text: str) -> str:
    return "".join(answer(rows) + "\n" for rows in boards(text))


def reachable_squares(rows: list[str]) -> int:
    free = squares(rows)
    return len(distances(free, next(sq for sq, ch in free.items() if ch == "K")))


def reachable_pairs(rows: list[str]) -> int:
    """How many (square, last jump) the knight reaches from K never jumping straight back (K: no last jump)."""
    free = squares(rows)
    start = (next(sq for sq, ch in free.items() if ch == "K"), None)
    seen, queue = {start}, deque([start])
    while queue:
        square, last = queue.popleft()
        for dr, dc in ORDER:
            landing = (square[0] + dr, square[1] + dc)
            if landing in free and (-dr, -dc) != last and (landing, (dr, dc)) not in seen:
                seen.add((landing, (dr, dc)))
                queue.append((landing, (dr, dc)))
    return len(seen)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "knight")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)


def test_expected_is_the_brute_force_answer():
    expected = (EXAMPLE / "expected.txt").read_text()
    assert expected_output((EXAMPLE / "input.txt").read_text()) == expected
    assert "unreachable\n" in expected and "0 0" not in expected


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


@pytest.mark.parametrize("model", ["cell", "cell_last_jump"])
@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx", "astar"])
def test_every_routine_prints_the_same(folder, algorithm, model):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "-m", model, "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


def random_boards(seed: int, count: int) -> list[str]:
    Knight = example_module("knight").Knight
    rng = random.Random(seed)
    return [Knight().random_instance(rng, 1 + k % 6) for k in range(count)]


def test_random_boards_agree_and_the_last_jump_only_adds_states(folder):
    """36 boards of seed 31 in one file: both models print the brute force's answers; the cell
    model's states are the squares K reaches, the other's the (square, last jump) pairs: more on
    most boards, fewer on none."""
    given = random_boards(31, 36)
    text = "".join(board.removesuffix("0 0\n") for board in given) + "0 0\n"
    (folder / "random.txt").write_text(text)
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "-a", "bfs", "--format", "json", "random.txt")
    assert done.returncode == 0, done.stderr
    rows = {(row["instance"], row["model"]): row for row in map(json.loads, done.stdout.splitlines())}
    answers = [answer(board) for board in boards(text)]
    assert "unreachable" in answers and any(a != "unreachable" for a in answers)
    for number, (board, expected) in enumerate(zip(boards(text), answers), start=1):
        cell, last_jump = rows[number, "cell"], rows[number, "cell_last_jump"]
        assert cell["output"] == last_jump["output"] == expected + "\n", board
        assert (cell["states"], last_jump["states"]) == (reachable_squares(board), reachable_pairs(board)), board
    more = [n for n in range(1, len(given) + 1) if rows[n, "cell_last_jump"]["states"] > rows[n, "cell"]["states"]]
    assert len(more) > len(given) / 2


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0 and done.stderr == "stategraph: verified 8 answers: 8 confirmed\n"


def test_check_takes_the_expected_answers_and_catches_wrong_ones(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    lines[0] = "4 -1+2 +1+2 +2-1 +2+1"  # from the top left corner, -1 row is off the board
    lines[2] = "2 +1+2 +1-2"  # the 3 x 3 board's centre is unreachable
    (folder / "edited.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "edited.txt")
    assert done.returncode == 3
    problems = [line for line in done.stderr.splitlines() if not line.endswith(": ok")]
    assert problems[0].startswith("instance 1: line 1: move 1 ('-1+2') is not a move of state (1,1)")
    assert problems[1] == "instance 3: line 3: the moves end in state (3,1), which is not a goal"
    assert problems[-1] == "stategraph: checked 8 answers: 6 ok, 2 with a problem"


@pytest.mark.parametrize("text, message", [
    ("1 2\nKT\n3 3\nK..\n.x.\n..T\n0 0\n",
     "bad.txt:5:2: instance 2: unknown character 'x' in row 2, column 2 (expected one of #.KT)"),
    ("1 2\nKT\n2 3\nK.T\n..K\n0 0\n",
     "bad.txt:5:3: instance 2: a grid needs exactly one 'K' (start), found 2: rows 1 and 2"),
], ids=["unknown character", "two knights"])
def test_a_bad_board_is_one_positioned_line(folder, text, message):
    (folder / "bad.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout, done.stderr) == (2, "unreachable\n", f"stategraph: error: {message}\n")


def test_every_view_of_the_first_board(folder, tmp_path):
    pytest.importorskip("matplotlib")
    from PIL import Image

    route = answer(boards((EXAMPLE / "input.txt").read_text())[0]).split()[1:]
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "1")
    steps = [line.split()[2] for line in done.stdout.splitlines() if re.match(r"[0-9]+\. ", line)]
    assert done.returncode == 0 and steps == route
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "-o", tmp_path / "x.svg",
                      "--animate", tmp_path / "a.gif")
    assert done.returncode == 0, done.stderr
    assert "route-path" in {e.get("id") for e in ET.parse(tmp_path / "x.svg").getroot().iter()}
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == len(route) + 1
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--graph", "-o", tmp_path / "g.svg")
    assert done.returncode == 0 and "canonical-path" in {e.get("id") for e in ET.parse(tmp_path / "g.svg").iter()}
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "-o", tmp_path / "g.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", tmp_path / "g.graphml")
    assert done.returncode == 0 and done.stdout.splitlines()[0] == f"cost: {len(route)}"
