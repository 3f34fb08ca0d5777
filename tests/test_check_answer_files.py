"""`stategraph check`: judging answer files written by any program, against the independent references."""

from __future__ import annotations

import random

import pytest

import ref_arrow_maze
import ref_huarong
import ref_pushing_boxes
from cli_runner import run_cli

TIE = "3 3\nS..\n.B.\n..T\n"  # optimal answers eSwsE (canonical: push S before E) and sEneS


def check(tmp_path, puzzle, text, answers, *extra):
    (tmp_path / "in.txt").write_text(text)
    (tmp_path / "answers.txt").write_text(answers)
    done = run_cli("check", puzzle, "in.txt", "answers.txt", *extra, cwd=tmp_path)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    return done.returncode, lines[:-1], lines[-1]


def pushing_boxes_case(rng, count):
    blocks = [ref_pushing_boxes.random_maze(rng, rng.randint(2, 5), rng.randint(2, 5)) for _ in range(count)]
    rows = [ref_pushing_boxes.maze_rows_of(block) for block in blocks]
    return ref_pushing_boxes.join_mazes(blocks), rows


def reference_pb_answers(rows):
    """The canonical answers by the reference's own rule over every optimal string."""
    answers = []
    for maze in rows:
        strings = ref_pushing_boxes.all_optimal_strings(maze)
        answers.append(ref_pushing_boxes.canonical_by_rule(strings) if strings else "Impossible.")
    return answers


# many mazes, judged twice (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_optimal_but_not_canonical_passes_unless_strict",
}


def test_reference_answers_are_all_ok(tmp_path):
    rng = random.Random(91)
    text, rows = pushing_boxes_case(rng, 40)
    status, verdicts, summary = check(tmp_path, "pushing_boxes", text,
                                      ref_pushing_boxes.expected_output(reference_pb_answers(rows)), "--strict")
    assert status == 0
    assert verdicts == [f"maze {k}: ok" for k in range(1, 41)]
    assert summary == "stategraph: checked 40 answers: 40 ok, 0 with a problem"


def test_optimal_but_not_canonical_passes_unless_strict(tmp_path):
    rng = random.Random(92)
    found = []
    while len(found) < 5:
        text, rows = pushing_boxes_case(rng, 1)
        strings = ref_pushing_boxes.all_optimal_strings(rows[0])
        if len(strings) > 1:
            canonical = ref_pushing_boxes.canonical_by_rule(strings)
            found.append((text, next(s for s in strings if s != canonical)))
    for text, other in found:
        answers = ref_pushing_boxes.expected_output([other])
        status, verdicts, _ = check(tmp_path, "pushing_boxes", text, answers)
        assert (status, verdicts) == (0, ["maze 1: ok (optimal, not the canonical tie-break)"])
        status, verdicts, _ = check(tmp_path, "pushing_boxes", text, answers, "--strict")
        assert status == 3
        assert verdicts[0] == "maze 1: line 2: optimal, but not the canonical answer (--strict)"


def test_an_extra_walk_costs_more_than_the_optimum(tmp_path):
    text = "1 5\nSB..T\n" + TIE + "0 0\n"
    status, verdicts, _ = check(tmp_path, "pushing_boxes", text, "Maze #1\nEEE\n\nMaze #2\neSwsEn\n\n")
    assert status == 3
    assert verdicts == ["maze 1: ok", "maze 2: line 5: the answer costs 2 pushes and 4 walks, "
                                      "but the optimum is 2 pushes and 3 walks"]


def test_an_illegal_move_and_a_false_impossible(tmp_path):
    text = "1 5\nSB..T\n" + TIE + "0 0\n"
    status, verdicts, _ = check(tmp_path, "pushing_boxes", text, "Maze #1\nEEnE\n\nMaze #2\nImpossible.\n\n")
    assert status == 3
    assert verdicts[0] == "maze 1: line 2: move 3 (n): the player runs into rock or the edge"
    assert verdicts[1] == "maze 2: line 5: claims no solution, but one of 2 pushes and 3 walks exists"


def test_a_truncated_file_misses_answers(tmp_path):
    text = "1 3\nSBT\n1 4\nSB.T\n1 3\nSBT\n0 0\n"
    status, verdicts, summary = check(tmp_path, "pushing_boxes", text, "Maze #1\nE\n\nMaze #2\nE")
    assert status == 3
    assert verdicts == ["maze 1: ok", "maze 2: line 5: the box ends at (1, 3), not on T (1, 4)",
                        "maze 3: missing answer"]
    assert summary == "stategraph: checked 3 answers: 1 ok, 2 with a problem"


def test_a_malformed_answers_file_names_the_line(tmp_path):
    text = "1 3\nSBT\n1 3\nSBT\n0 0\n"
    status, verdicts, _ = check(tmp_path, "pushing_boxes", text, "Maze #1\nE\n\nMaze 2\nE\n\n")
    assert status == 3
    assert verdicts[0] == "maze 1: ok"
    assert verdicts[1].startswith("maze 2: answers.txt:4: ")


def test_surplus_answers_are_a_problem(tmp_path):
    status, verdicts, _ = check(tmp_path, "pushing_boxes", "1 3\nSBT\n0 0\n", "Maze #1\nE\n\nMaze #2\nE\n\n")
    assert status == 3
    assert verdicts == ["maze 1: ok", "answers file: line 5: an answer to a question the input does not ask"]


def huarong_case(rng):
    board = ref_huarong.random_board(rng, 4, 5, 0.1)
    queries = ref_huarong.random_queries(rng, board, 12)
    truth = [ref_huarong.brute_force(board, q) for q in queries]
    return ref_huarong.format_input(board, queries), truth


def test_huarong_answers_off_by_one(tmp_path):
    rng = random.Random(93)
    text, truth = huarong_case(rng)
    while not any(t > 0 for t in truth):
        text, truth = huarong_case(rng)
    k = next(i for i, t in enumerate(truth) if t > 0)
    answers = list(truth)
    answers[k] += 1
    status, verdicts, _ = check(tmp_path, "huarong", text, "".join(f"{a}\n" for a in answers))
    assert status == 3
    expected = [f"query {i + 1}: ok" for i in range(len(truth))]
    expected[k] = (f"query {k + 1}: line {k + 1}: the answer costs {truth[k] + 1} moves, "
                   f"but the optimum is {truth[k]} moves")
    assert verdicts == expected
    status, verdicts, _ = check(tmp_path, "huarong", text, "".join(f"{a}\n" for a in truth), "--strict")
    assert status == 0 and len(verdicts) == len(truth)


def test_huarong_false_minus_one_and_false_answer(tmp_path):
    text = "1 3 2\n1 1 1\n1 3 1 1 1 2\n1 1 1 2 1 3\n"  # the second query's piece can never pass the blank
    status, verdicts, _ = check(tmp_path, "huarong", text, "-1\n4\n")
    assert status == 3
    assert verdicts == ["query 1: line 1: claims no solution, but one of 2 moves exists",
                        "query 2: line 2: answers 4 moves, but no solution exists"]


def arrow_case(rng):
    mazes = [m for m in (ref_arrow_maze.random_maze(rng, f"M{i}") for i in range(12)) if m is not None]
    return mazes, ref_arrow_maze.build_input(mazes, rng=rng)


def test_arrow_maze_reference_answers_pass_and_a_longer_route_fails(tmp_path):
    rng = random.Random(94)
    mazes, text = arrow_case(rng)
    expected = ref_arrow_maze.expected_output(mazes)
    status, verdicts, _ = check(tmp_path, "arrow_maze", text, expected, "--strict")
    assert status == 0
    assert verdicts == [f"maze '{m.name}': ok" for m in mazes]
    solved = next(m for m in mazes if ref_arrow_maze.bfs_route(m))
    route = ref_arrow_maze.bfs_route(solved)
    longer = route[:-1] + [route[-2], route[-1]]  # one intersection longer: stands still for a step
    answers = expected.replace(ref_arrow_maze.format_answer(solved.name, route),
                               ref_arrow_maze.format_answer(solved.name, longer))
    status, verdicts, _ = check(tmp_path, "arrow_maze", text, answers)
    assert status == 3
    bad = [v for v in verdicts if not v.endswith(": ok")]
    assert len(bad) == 1 and bad[0].startswith(f"maze '{solved.name}': line ")


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_the_judge_accepts_what_solve_prints_for_the_sample(puzzle, tmp_path, stategraph_cli):
    sample = stategraph_cli("sample", puzzle)
    from pathlib import Path

    expected = (Path(__file__).parent / "samples" / f"{puzzle}.out").read_text()
    status, verdicts, _ = check(tmp_path, puzzle, sample.stdout, expected, "--strict")
    assert status == 0 and all(v.endswith(": ok") for v in verdicts)
