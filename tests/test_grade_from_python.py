"""Grading from Python and from an exercise's own pytest file (issue 41, point 8).

``stategraph.grade_model`` must grade as ``stategraph grade`` does: the same verdict, report and
record for the same names and options (the command line's verdicts are held to independent
checks in test_grade_students.py and test_grade_isolation.py).  An exercise can ship a test file
that calls it: run by pytest in the exercise's folder, the right model's test passes and the
wrong one's fails with the counterexample in the assertion's message.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_runner import run_cli
from stategraph import grade_model

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "keys_doors"
WRONG = "puzzle: keys_doors:KeysAndDoors\nmodel: cell_only\n"

SLOW_CASES = {"test_an_exercise_ships_a_test_file_that_pytest_runs"}

EXERCISE_TESTS = '''
from pathlib import Path

from stategraph import grade_model

HERE = Path(__file__).parent


def test_the_right_model_agrees():
    graded = grade_model(str(HERE / "puzzle.yaml"), reference=str(HERE / "puzzle.yaml"), instances=40)
    assert graded.agrees, graded.report


def test_the_students_model_agrees():
    graded = grade_model(str(HERE / "wrong.yaml"), reference=str(HERE / "puzzle.yaml"), instances=40)
    assert graded.agrees, graded.report
'''


@pytest.fixture
def exercise(tmp_path, monkeypatch):
    folder = tmp_path / "keys_doors"
    shutil.copytree(EXAMPLE, folder)
    (folder / "wrong.yaml").write_text(WRONG)
    monkeypatch.chdir(folder)
    return folder


@pytest.mark.parametrize("student, options", [("wrong.yaml", {}), ("puzzle.yaml", {"instances": 30, "seed": 4}),
                                              ("wrong.yaml", {"exact": True, "max_size": 3, "instances": 20})])
def test_grade_model_gives_what_the_command_line_gives(exercise, student, options):
    graded = grade_model(student, reference="puzzle.yaml", **options)
    flags = [f"--{key.replace('_', '-')}" if value is True else f"--{key.replace('_', '-')}={value}"
             for key, value in options.items()]
    text = run_cli("grade", student, "--reference", "puzzle.yaml", *flags, cwd=exercise)
    record = run_cli("grade", student, "--reference", "puzzle.yaml", *flags, "--format", "json", cwd=exercise)
    assert (graded.agrees, text.status) == ((True, 0) if student == "puzzle.yaml" else (False, 3))
    assert graded.report == text.out
    assert graded.record == json.loads(record.out)
    assert str(graded) == graded.report


def test_a_reference_that_does_not_load_is_an_error_not_a_verdict(exercise):
    from stategraph import StategraphError

    with pytest.raises(StategraphError, match="nosuch"):
        grade_model("wrong.yaml", reference="nosuch:Puzzle")


def test_an_exercise_ships_a_test_file_that_pytest_runs(exercise):
    (exercise / "test_exercise.py").write_text(EXERCISE_TESTS)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_exercise.py"],
                          cwd=exercise, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done.stdout
    assert "1 failed, 1 passed" in done.stdout
    failure = done.stdout[done.stdout.index("test_the_students_model_agrees"):]
    assert "disagrees on instance" in failure  # (the student named by its whole path, cut to the report's width)
    assert "smallest counterexample" in failure and "replay: stategraph grade" in failure
