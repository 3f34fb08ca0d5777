"""examples/lights_out, run as its README says: from its own folder, by the command line.

The answers are checked against a brute force written here, sharing nothing with the example or
stategraph: light chasing.  Choose which buttons of the first row to press; then a light left on
in row r can only be turned off by pressing the button below it, so every later row's presses are
forced, and the choice works when the last row ends dark.  The fewest presses win, ties to the
set first in reading order.  The state counts are checked by linear algebra over GF(2): the
patterns a board reaches are 2^rank of its buttons' toggles, the sets of presses 2^(rows*cols).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from itertools import product
from pathlib import Path

import pytest

from example_folders import copy_of, example_module, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "lights_out"
NEAR = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))

# each command compiles the 4 x 4 board (65,536 moves) again; solve, --verify and the reader stay quick
SLOW_CASES = {"test_every_routine_prints_the_same", "test_random_boards_agree_and_the_states_are_as_counted",
              "test_every_view_of_a_board", "test_check_takes_the_expected_answers_and_catches_wrong_ones"}


def boards(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def press(lights: list[list[int]], r: int, c: int) -> None:
    for dr, dc in NEAR:
        if 0 <= r + dr < len(lights) and 0 <= c + dc < len(lights[0]):
            lights[r + dr][c + dc] ^= 1


def solutions(rows: list[str]):
    """Every set of buttons (0-based (row, col), in reading order) that turns the board dark."""
    height, width = len(rows), len(rows[0])
    for first in product((0, 1), repeat=width):
        lights, pressed = [[int(ch) for ch in line] for line in rows], []
        for r in range(height):
            for c in range(width):
                if (first[c] if r == 0 else lights[r - 1][c]):
                    press(lights, r, c)
                    pressed.append((r, c))
        if not any(lights[-1]):
            yield pressed


def answer(rows: list[str]) -> str:
    best = min(solutions(rows), key=lambda pressed: (len(pressed), pressed), default=None)
    if best is None:
        return "impossible"
    return " ".join([str(len(best)), *(f"({r + 1},{c + 1})" for r, c in best)])


def expected_output(text: str) -> str:
    return "".join(answer(rows) + "\n" for rows in boards(text))


def rank(rows: list[str]) -> int:
    """The rank over GF(2) of the buttons' toggles (each a bit mask of the lights)."""
    height, width = len(rows), len(rows[0])
    basis: list[int] = []
    for r, c in product(range(height), range(width)):
        mask = sum(1 << (r + dr) * width + c + dc for dr, dc in NEAR if 0 <= r + dr < height and 0 <= c + dc < width)
        for vector in basis:
            mask = min(mask, mask ^ vector)
        if mask:
            basis.append(mask)
    return len(basis)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "lights_out")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)


def test_expected_is_the_brute_force_answer():
    expected = (EXAMPLE / "expected.txt").read_text()
    assert expected_output((EXAMPLE / "input.txt").read_text()) == expected
    assert {"impossible", "0"} <= set(expected.splitlines())


def test_the_brute_force_knows_the_classic_boards():
    """3 x 3 all on: the four corners and the centre; 5 x 5 all on: 15 presses, 4 ways; a 4 x 4
    board's buttons span 2^12 of its 2^16 patterns, and a corner light alone is not among them."""
    assert answer(["111"] * 3) == "5 (1,1) (1,3) (2,2) (3,1) (3,3)"
    assert answer(["11111"] * 5).split()[0] == "15" and len(list(solutions(["11111"] * 5))) == 4
    assert (rank(["1111"] * 4), rank(["11111"] * 5), answer(["1000", "0000", "0000", "0000"])) == (12, 23, "impossible")


def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", (EXAMPLE / "expected.txt").read_text())


@pytest.mark.parametrize("model", ["lights", "presses"])
@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_prints_the_same(folder, algorithm, model):
    """Each model, each routine; the presses model without the 4 x 4 board (its 65,536 sets once is enough)."""
    text = (EXAMPLE / "input.txt").read_text()
    if model == "presses":
        text = text[:text.index("4 4\n")] + "0 0\n"
    (folder / f"{model}.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", algorithm, "-m", model, f"{model}.txt")
    assert (done.returncode, done.stderr, done.stdout) == (0, "", expected_output(text))


def random_boards(seed: int, sizes: list[int]) -> list[str]:
    LightsOut = example_module("lights_out").LightsOut
    rng = random.Random(seed)
    return [LightsOut().random_instance(rng, size) for size in sizes]


def test_random_boards_agree_and_the_states_are_as_counted(folder):
    """32 boards of seed 4 in one file: both models print the brute force's answers; the patterns
    model has 2^rank states, the presses model 2^(rows*cols) and one edge fewer (a tree): more
    states exactly where some buttons together change nothing (rank below rows*cols)."""
    given = random_boards(4, [1, 2] * 15 + [3, 3])
    text = "".join(board.removesuffix("0 0\n") for board in given) + "0 0\n"
    (folder / "random.txt").write_text(text)
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "-a", "bfs", "--format", "json", "random.txt")
    assert done.returncode == 0, done.stderr
    rows = {(row["instance"], row["model"]): row for row in map(json.loads, done.stdout.splitlines())}
    answers = [answer(board) for board in boards(text)]
    assert "impossible" in answers and any(a != "impossible" for a in answers)
    more = 0
    for number, (board, expected) in enumerate(zip(boards(text), answers), start=1):
        lights, presses = rows[number, "lights"], rows[number, "presses"]
        assert lights["output"] == presses["output"] == expected + "\n", board
        lit = len(board) * len(board[0])
        assert (lights["states"], lights["edges"]) == (2 ** rank(board), 2 ** rank(board) * lit), board
        assert (presses["states"], presses["edges"]) == (2 ** lit, 2 ** lit - 1), board
        more += presses["states"] > lights["states"]
    assert more >= 1


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0 and done.stderr == "stategraph: verified 7 answers: 7 confirmed\n"


def test_check_takes_the_expected_answers_and_catches_wrong_ones(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    lines = (EXAMPLE / "expected.txt").read_text().splitlines()
    longest = max(solutions(["1111"] * 4), key=len)  # the 4 x 4 board all on: 16 ways to turn it off
    lines[6] = " ".join([str(len(longest)), *(f"({r + 1},{c + 1})" for r, c in longest)])
    lines[3] = "1 (1,1)"  # the 2 x 3 board cannot be turned off
    (folder / "edited.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "edited.txt")
    assert done.returncode == 3
    problems = [line for line in done.stderr.splitlines() if not line.endswith(": ok")]
    assert problems == ["instance 4: line 4: the moves end in state 010/100, which is not a goal",
                        f"instance 7: line 7: the answer costs {len(longest)}, but the optimum is 4",
                        "stategraph: checked 7 answers: 5 ok, 2 with a problem"]


@pytest.mark.parametrize("text, message", [
    ("2 2\n11\n11\n2 2\n10\n02\n0 0\n", "bad.txt:6:2: instance 2: unknown character '2' in row 2, column 2 "
                                        "(expected one of 10)"),
    ("2 2\n11\n11\n3 5\n", "bad.txt:4:3: instance 2: the column count must be between 0 and 4, found 5"),
], ids=["unknown character", "too wide"])
def test_a_bad_board_is_one_positioned_line(folder, text, message):
    (folder / "bad.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout, done.stderr) == (2, "4 (1,1) (1,2) (2,1) (2,2)\n",
                                                           f"stategraph: error: {message}\n")


def test_every_view_of_a_board(folder, tmp_path):
    """The 3 x 3 board all on (instance 2): its presses explained, drawn and animated; the 2 x 2
    board's pattern graph (instance 6) drawn, and exported: every press has its way back."""
    pytest.importorskip("matplotlib")
    from PIL import Image

    presses = answer(["111"] * 3).split()[1:]
    done = stategraph(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", "2")
    steps = [line.split()[2] for line in done.stdout.splitlines() if re.match(r"[0-9]+\. ", line)]
    assert done.returncode == 0 and steps == presses
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "2",
                      "-o", tmp_path / "x.svg", "--animate", tmp_path / "a.gif")
    assert done.returncode == 0, done.stderr
    assert "route-path" in {e.get("id") for e in ET.parse(tmp_path / "x.svg").getroot().iter()}
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == len(presses) + 1
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "6", "--graph",
                      "-o", tmp_path / "g.svg")
    assert done.returncode == 0 and "canonical-path" in {e.get("id") for e in ET.parse(tmp_path / "g.svg").iter()}
    for suffix in ("json", "graphml"):
        done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "6",
                          "-o", tmp_path / f"g.{suffix}")
        assert done.returncode == 0, done.stderr
        done = stategraph(folder, "search", tmp_path / f"g.{suffix}")
        assert done.returncode == 0 and done.stdout.splitlines()[0] == f"cost: {answer(['10', '00']).split()[0]}"
    edges = {(e["source"], e["target"], e["move"]) for e in json.loads((tmp_path / "g.json").read_text())["edges"]}
    assert len(edges) == 16 * 4 and all((v, u, move) in edges for u, v, move in edges)
