"""`stategraph check` judges the whole answers file, however large, from a file or from stdin.

The answers come from the independent references (tests/ref_*.py), repeated until the file is
well over 64 KB, with only the very last answer spoiled: every question must get a verdict, each
"ok" but exactly one problem, at the last question, so a judge that stops reading early (or judges
part of the file, or finds a problem where there is none) fails here.
"""

from __future__ import annotations

import random

import pytest

import ref_arrow_maze
import ref_huarong
import ref_pushing_boxes
from cli_runner import run_cli

MIN_BYTES = 64 * 1024


def pushing_boxes_files(rng):
    blocks = [ref_pushing_boxes.random_maze(rng, rng.randint(3, 6), rng.randint(3, 6)) for _ in range(30)]
    answers = []
    for block in blocks:
        strings = ref_pushing_boxes.all_optimal_strings(ref_pushing_boxes.maze_rows_of(block))
        answers.append(ref_pushing_boxes.canonical_by_rule(strings) if strings else "Impossible.")
    blocks, answers = blocks * 120, answers * 120
    last = len(answers) - 1
    while answers[last] == "Impossible.":  # spoil the last solvable maze: its answer is then one push short
        last -= 1
    spoiled = list(answers)
    spoiled[last] = answers[last][:-1]
    return (ref_pushing_boxes.join_mazes(blocks), ref_pushing_boxes.expected_output(spoiled), len(answers),
            f"maze {last + 1}: ")


def huarong_files(rng):
    board = ref_huarong.random_board(rng, 4, 5, 0.1)
    queries = ref_huarong.random_queries(rng, board, 12)
    truth = [ref_huarong.brute_force(board, q) for q in queries] * 2500
    spoiled = truth[:-1] + [truth[-1] + 1]
    return (ref_huarong.format_input(board, queries * 2500), "".join(f"{t}\n" for t in spoiled), len(truth),
            f"query {len(truth)}: ")


def arrow_maze_files(rng):
    mazes = [m for m in (ref_arrow_maze.random_maze(rng, f"M{i}") for i in range(12)) if m is not None] * 250
    expected = ref_arrow_maze.expected_output(mazes)
    solved = max(i for i, m in enumerate(mazes) if ref_arrow_maze.bfs_route(m))
    good = ref_arrow_maze.format_answer(mazes[solved].name, ref_arrow_maze.bfs_route(mazes[solved]))
    cut = expected.rindex(good)
    spoiled = expected[:cut] + ref_arrow_maze.format_answer(mazes[solved].name, None) + expected[cut + len(good):]
    return ref_arrow_maze.build_input(mazes, rng=rng), spoiled, len(mazes), f"maze '{mazes[solved].name}': "


FILES = {"pushing_boxes": pushing_boxes_files, "huarong": huarong_files, "arrow_maze": arrow_maze_files}


def check(tmp_path, puzzle, text, answers, from_stdin=False):
    (tmp_path / "in.txt").write_text(text)
    (tmp_path / "answers.txt").write_text(answers)
    done = run_cli("check", puzzle, "in.txt", "-" if from_stdin else "answers.txt", cwd=tmp_path,
                   stdin=answers if from_stdin else None)
    assert "Traceback" not in done.stderr
    return done.returncode, done.stderr.splitlines()


# megabytes of answers each; arrow_maze's from a file stays quick (deselected unless --slow: tests/conftest.py).
# Standard input is read by the one reader of answers whatever the puzzle: arrow_maze's file shows it
SLOW_CASES = {
    "test_every_answer_of_a_large_file_is_judged[huarong-file]",
    "test_every_answer_of_a_large_file_is_judged[pushing_boxes-file]",
    "test_every_answer_of_a_large_file_is_judged[arrow_maze-stdin]",
}


@pytest.mark.parametrize("puzzle, from_stdin", [(puzzle, False) for puzzle in FILES] + [("arrow_maze", True)],
                         ids=[f"{puzzle}-file" for puzzle in FILES] + ["arrow_maze-stdin"])
def test_every_answer_of_a_large_file_is_judged(puzzle, from_stdin, tmp_path):
    text, spoiled, questions, last_question = FILES[puzzle](random.Random(1475))
    assert len(spoiled.encode()) > MIN_BYTES and questions > 700
    status, lines = check(tmp_path, puzzle, text, spoiled, from_stdin)
    verdicts, summary = lines[:-1], lines[-1]
    problems = [v for v in verdicts if not v.endswith(": ok")]
    assert status == 3, lines[-3:]
    assert len(verdicts) == questions
    assert len(problems) == 1 and problems[0].startswith(last_question), problems[:3]
    assert summary == f"stategraph: checked {questions:,} answers: {questions - 1:,} ok, 1 with a problem"


def test_an_answers_file_over_the_cap_is_refused_not_judged_in_part(tmp_path, monkeypatch):
    from stategraph.errors import InputError
    from stategraph.io.decode import read_text
    from stategraph.solving import judge

    class Endless:
        def read(self, size):
            return b"1\n" * (size // 2)

    with pytest.raises(InputError, match="larger than 1,048,576 bytes"):
        read_text(Endless(), "answers.txt", 2**20)
    assert judge.MAX_ANSWERS_BYTES >= 2**28
