"""The worked plug-in examples/ice_maze, run as a newcomer runs it: from its own folder, by the CLI.

``ice_maze.py`` is the puzzle written as its rules, with two models.  Both are checked against a
brute force written here, sharing nothing with them: a Dijkstra over resting cells keyed by
(cells rolled, direction string), rolling the ball over the raw rows of the input.
"""

from __future__ import annotations

import ast
import heapq
import random
from pathlib import Path

import pytest

from example_folders import copy_of, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ice_maze"
ORDER = {"N": 0, "S": 1, "W": 2, "E": 3}       # the documented tie-break order N < S < W < E
STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


# -- the brute force ---------------------------------------------------------------------------

def brute_force(rows: list[str]) -> str:
    """``CELLS DIRECTIONS`` or ``impossible``: the fewest cells rolled, then the smallest direction
    string (N < S < W < E), for a ball that rests on S and must come to rest on E."""
    height, width = len(rows), len(rows[0])
    find = {ch: (r, line.index(ch)) for r, line in enumerate(rows) for ch in "SE" if ch in line}

    def key(cells, directions):
        return cells, [ORDER[d] for d in directions]

    best = {find["S"]: (0, "")}
    heap = [(key(0, ""), 0, "", find["S"])]
    done = set()
    while heap:
        _, cells, directions, (r, c) = heapq.heappop(heap)
        if (r, c) in done:
            continue
        done.add((r, c))
        if (r, c) == find["E"]:
            return f"{cells} {directions}"
        for letter, (dr, dc) in STEPS.items():
            nr, nc, rolled = r, c, 0
            while 0 <= nr + dr < height and 0 <= nc + dc < width and rows[nr + dr][nc + dc] != "#":
                nr, nc, rolled = nr + dr, nc + dc, rolled + 1
            if rolled == 0 or (nr, nc) in done:
                continue
            candidate = (cells + rolled, directions + letter)
            if (nr, nc) not in best or key(*candidate) < key(*best[nr, nc]):
                best[nr, nc] = candidate
                heapq.heappush(heap, (key(*candidate), *candidate, (nr, nc)))
    return "impossible"


def read_mazes(text: str) -> list[list[str]]:
    words = text.split()
    mazes, i = [], 0
    while (words[i], words[i + 1]) != ("0", "0"):
        rows = int(words[i])
        mazes.append(words[i + 2:i + 2 + rows])
        i += 2 + rows
    return mazes


def contest_output(mazes) -> str:
    return "".join(f"Maze #{k}: {brute_force(rows)}\n" for k, rows in enumerate(mazes, start=1))


def random_mazes(seed: int, count: int) -> list[list[str]]:
    rng = random.Random(seed)
    mazes = []
    while len(mazes) < count:
        rows, cols = rng.randint(1, 6), rng.randint(1, 7)
        if rows * cols < 2:
            continue
        walls = rng.choice((0.0, 0.15, 0.3, 0.45))
        cells = ["#" if rng.random() < walls else "." for _ in range(rows * cols)]
        start, exit_ = rng.sample(range(rows * cols), 2)
        cells[start], cells[exit_] = "S", "E"
        mazes.append(["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)])
    return mazes


def as_input(mazes) -> str:
    return "".join(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n" for rows in mazes) + "0 0\n"


# -- running the example from a copy of its folder ---------------------------------------------

@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return copy_of(tmp_path_factory, "ice_maze")


def stategraph(folder, *args):
    return run_in(folder, *args, separate=False)  # in this process: nothing here is about the process itself


def test_expected_output_is_the_brute_force_answer():
    """expected.txt was worked out by hand (README.md); the brute force agrees with it."""
    mazes = read_mazes((EXAMPLE / "input.txt").read_text())
    assert contest_output(mazes) == (EXAMPLE / "expected.txt").read_text()


def test_solve_with_the_config_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (folder / "expected.txt").read_text()


@pytest.mark.parametrize("model, algorithms", [("stop_cells", ("dijkstra", "astar", "spfa", "bidirectional_dijkstra",
                                                              "networkx")),
                                               ("cell_heading", ("bfs", "dijkstra", "astar"))])
def test_both_models_print_the_same_bytes(folder, model, algorithms):
    for algorithm in algorithms:
        done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--model", model, "-a", algorithm,
                          "input.txt")
        assert (done.returncode, done.stderr) == (0, ""), (model, algorithm)
        assert done.stdout == (folder / "expected.txt").read_text(), (model, algorithm)


def test_bfs_is_refused_once_the_rolls_weigh_more_than_one(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", "bfs", "input.txt")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("stategraph: error: ice_maze model stop_cells: instance 1: bfs needs every edge weight "
                           "to be 1, but this graph has non-negative numbers\n")


def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "stategraph: verified 7 answers: 7 confirmed\n"


MINE = ("Maze #1: 4 E\nMaze #2: 4 E\nMaze #3: 4 ES\nMaze #4: 2 E\n"
        "Maze #5: 9 WNE\nMaze #6: 1 E\nMaze #7: 11 ESW\n")


def test_check_replays_the_rolls_of_the_first_level(folder):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "stategraph: checked 7 answers: 7 ok, 0 with a problem"
    (folder / "mine.txt").write_text(MINE)
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "mine.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines() == [  # rows and columns count from 1, as in the README
        "instance 1: ok",
        "instance 2: line 2: the moves end in state (1, 5), which is not a goal",
        "instance 3: ok (optimal, not the canonical tie-break)",
        "instance 4: line 4: the moves end in state (1, 3), which is not a goal",
        "instance 5: line 5: the answer costs 9, but the optimum is 5",
        "instance 6: line 6: move 1 ('E') is not a move of state (1, 1) (its moves: none)",
        "instance 7: line 7: the answer says it costs 11, but its moves cost 12",
        "stategraph: checked 7 answers: 2 ok, 5 with a problem",
    ]


def test_export_writes_the_rolls_and_search_reads_them_back(folder):
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "5", "-o", "m5.graphml")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "m5.graphml", "-a", "dijkstra")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["cost: 5", "0\t-\t(3, 5)", "1\tN\t(2, 5)", "2\tW\t(2, 3)", "3\tN\t(1, 3)",
                                        "4\tE\t(1, 4)"]


def test_bad_input_is_one_positioned_line(folder):
    (folder / "bad.txt").write_text("1 2\nSE\n2 3\nSE.\n.x#\n0 0\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert done.returncode == 2
    assert done.stdout == "Maze #1: 1 E\n"
    assert done.stderr == ("stategraph: error: bad.txt:5:1: instance 2: unknown character 'x' in row 2 "
                           "(expected one of #.SE)\n")


def test_random_mazes_agree_with_the_brute_force(folder):
    mazes = random_mazes(seed=20240611, count=400)
    (folder / "random.txt").write_text(as_input(mazes))
    expected = contest_output(mazes)
    assert "impossible" in expected and "E\n" in expected and "N\n" in expected  # the mix is not trivial
    for model in ("stop_cells", "cell_heading"):
        done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--model", model, "--verify", "random.txt")
        assert done.returncode == 0, done.stderr
        assert done.stdout == expected, model
        assert done.stderr == "stategraph: verified 400 answers: 400 confirmed\n"


def imports_of(path: Path) -> set:
    tree = ast.parse(path.read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return {name for name in imported if name.split(".")[0] == "stategraph"}


def test_the_plugin_imports_only_public_pieces():
    assert imports_of(EXAMPLE / "ice_maze.py") <= {"stategraph.contract.first_level", "stategraph.contract.answer_line"}

