"""examples/sliding_tile, run as its README says: from its own folder, by the command line.

The answers are checked against a brute force written here: a breadth-first search backwards
from the solved board over tuples (the blank's moves are their own inverses), then the smallest
U < D < L < R string among the shortest ones, read off those distances greedily.  That table of
all 181,440 boards is built once per session (per xdist worker): the ``depth`` fixture.  Every
command run compiles the whole 181,440-state graph again, board by board, so the tests that run
several boards or routines are marked slow; a fast one still runs the example end to end.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from example_folders import copy_of, run_in

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sliding_tile"
SOLVED = (1, 2, 3, 4, 5, 6, 7, 8, 0)
BLANK_STEPS = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))  # the documented tie-break order


def neighbours(board):
    """``(letter, board)`` for each slide of the blank, in the tie-break order."""
    r, c = divmod(board.index(0), 3)
    for letter, dr, dc in BLANK_STEPS:
        if 0 <= r + dr < 3 and 0 <= c + dc < 3:
            cells = list(board)
            cells[r * 3 + c], cells[(r + dr) * 3 + c + dc] = cells[(r + dr) * 3 + c + dc], 0
            yield letter, tuple(cells)


def distances() -> dict:
    """The fewest slides from every solvable board to the solved one."""
    depth = {SOLVED: 0}
    queue = deque([SOLVED])
    while queue:
        board = queue.popleft()
        for _, after in neighbours(board):
            if after not in depth:
                depth[after] = depth[board] + 1
                queue.append(after)
    return depth


def nearer_than(start, steps: int) -> int:
    """How many boards are fewer than ``steps`` slides from ``start`` (BFS settles them all)."""
    depth = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        if depth[board] + 1 < steps:
            for _, after in neighbours(board):
                if after not in depth:
                    depth[after] = depth[board] + 1
                    queue.append(after)
    return len(depth)


@pytest.fixture(scope="session")
def depth() -> dict:
    """The fewest slides from every solvable board to the solved one: built once per session."""
    return distances()


def answer(depth: dict, board) -> str:
    if board not in depth:
        return "-1"
    letters = []
    while depth[board]:
        letter, board = min((m for m in neighbours(board) if depth[m[1]] == depth[board] - 1),
                            key=lambda m: "UDLR".index(m[0]))
        letters.append(letter)
    return f"{len(letters)} {''.join(letters)}".rstrip()


def boards(text: str):
    numbers = [int(word) for word in text.split()]
    return [tuple(numbers[i:i + 9]) for i in range(0, len(numbers), 9)]


def expected_output(depth: dict, text: str) -> str:
    return "".join(answer(depth, board) + "\n" for board in boards(text))


@pytest.fixture(scope="session")
def folder(tmp_path_factory):
    """One copy of the example's folder for the session (each test writes files of its own names)."""
    return copy_of(tmp_path_factory, "sliding_tile")


def stategraph(folder, *args):
    return run_in(folder, *args, timeout=300)


def test_the_brute_force_agrees_with_what_is_known(depth):
    """181,440 solvable boards, the farthest 31 slides away (two of them): the 8-puzzle's known facts."""
    assert len(depth) == 181_440
    assert sorted(board for board, d in depth.items() if d == 31) == [(6, 4, 7, 8, 5, 0, 3, 2, 1),
                                                                      (8, 6, 7, 2, 5, 4, 3, 0, 1)]


def test_expected_files_are_the_brute_force_answers(depth):
    for name, expected in (("input.txt", "expected.txt"), ("hardest.txt", "hardest-expected.txt")):
        assert expected_output(depth, (EXAMPLE / name).read_text()) == (EXAMPLE / expected).read_text(), name


@pytest.mark.slow
def test_solve_prints_expected(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "input.txt")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (EXAMPLE / "expected.txt").read_text()


@pytest.mark.slow
def test_bfs_dijkstra_and_astar_agree_and_a_better_bound_settles_fewer(folder, depth):
    """Every routine prints the brute force's answer.  Manhattan distance >= misplaced tiles, both
    admissible: A* settles fewer states with it, and both fewer than Dijkstra and BFS, which settle
    every board nearer the start than the solved one."""
    (folder / "one.txt").write_text("2 8 0\n3 5 6\n7 1 4\n")
    settled = {}
    for model, algorithm in (("manhattan", "bfs"), ("manhattan", "dijkstra"), ("manhattan", "astar"),
                             ("misplaced", "astar")):
        done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-m", model, "-a", algorithm, "--stats",
                          "one.txt")
        assert done.returncode == 0, done.stderr
        assert done.stdout == answer(depth, (2, 8, 0, 3, 5, 6, 7, 1, 4)) + "\n", (model, algorithm)
        header, row = done.stderr.splitlines()
        stats = dict(zip(header.split(), row.split()))
        assert int(stats["states_built"]) <= 181440  # the declared profile: a search builds what it reaches
        settled[model, algorithm] = int(stats["settled"])
    nearer = nearer_than((2, 8, 0, 3, 5, 6, 7, 1, 4), 24)
    assert settled["manhattan", "astar"] < settled["misplaced", "astar"] < settled["manhattan", "dijkstra"]
    assert nearer <= settled["manhattan", "bfs"] == settled["manhattan", "dijkstra"]


@pytest.mark.slow
def test_verify_confirms_every_answer(folder):
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "stategraph: verified 3 answers: 3 confirmed\n"


@pytest.mark.slow
def test_check_replays_the_moves(folder, depth):
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.returncode == 0, done.stderr
    board, letters = (2, 8, 0, 3, 5, 6, 7, 1, 4), []
    while depth[board]:  # another optimal answer: the largest letter at every step
        letter, board = max((m for m in neighbours(board) if depth[m[1]] == depth[board] - 1),
                            key=lambda m: "UDLR".index(m[0]))
        letters.append(letter)
    other = "".join(letters)
    assert other != (EXAMPLE / "expected.txt").read_text().split()[3]
    (folder / "mine.txt").write_text(f"2 UR\n24 {other}\n0\n")
    done = stategraph(folder, "check", "--config", "puzzle.yaml", "input.txt", "mine.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines() == [
        "instance 1: line 1: the moves end in state '123506478', which is not a goal",
        "instance 2: ok (optimal, not the canonical tie-break)",
        "instance 3: line 3: the moves end in state '123456870', which is not a goal",
        "stategraph: checked 3 answers: 1 ok, 2 with a problem",
    ]


def test_export_the_path_and_search_it_again(folder):
    (folder / "easy.txt").write_text("1 2 3\n4 5 6\n0 7 8\n")
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "easy.txt", "--path-only", "-o", "path.json")
    assert done.returncode == 0, done.stderr
    done = stategraph(folder, "search", "path.json", "-a", "bfs")
    assert done.returncode == 0, done.stderr
    assert [line.split("\t") for line in done.stdout.splitlines()[1:]] == [
        ["0", "-", "123456078"], ["1", "R", "123456708"], ["2", "R", "123456780"]]


def test_a_bad_board_is_one_positioned_line(folder):
    (folder / "bad.txt").write_text("1 2 3\n4 5 6\n0 7 8\n1 2 3\n4 5 6\n7 8 8\n")
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "bad.txt")
    assert (done.returncode, done.stdout) == (2, "2 RR\n")
    assert done.stderr == ("stategraph: error: bad.txt:4:1: instance 2: a board holds each of 0 to 8 once, "
                           "found 1 2 3 4 5 6 7 8 8\n")


@pytest.mark.slow
def test_random_boards_agree_with_the_brute_force(folder, depth):
    """Boards a few slides from the solved one (each still compiles all 181,440 states)."""
    rng = random.Random(8)
    chosen = rng.sample(sorted(b for b, d in depth.items() if 8 <= d <= 16), 2) + [(2, 1, 3, 4, 5, 6, 7, 8, 0)]
    text = "".join(" ".join(map(str, board)) + "\n" for board in chosen)
    (folder / "random.txt").write_text(text)
    done = stategraph(folder, "solve", "--config", "puzzle.yaml", "random.txt")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected_output(depth, text)
