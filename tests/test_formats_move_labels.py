"""A move label is a token of the answer line: one with whitespace at an end, or a control character,
could not be read back, so printing it is refused in one line (exit status 2), never a `check` that
rejects stategraph's own answers."""

from __future__ import annotations

import textwrap

import pytest

from cli_runner import run_cli

PLUGIN = '''
from stategraph import COST
from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle


class Labelled(SuccessorPuzzle):
    """From 0 to n, each step a move labelled LABEL."""

    name, summary, sample = "labelled", "from 0 to n", "3\\n"

    def read(self, tokens, limits):
        return tokens.integer("n", 0)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield LABEL, x + 1, 1


class OneCharacter(Labelled):
    output = AnswerLine("{cost} {moves}", sep="")


class Counted(Labelled):
    output = COST
'''


def stategraph(folder, label, *args):
    (folder / "plug.py").write_text(f"LABEL = {label!r}\n" + textwrap.dedent(PLUGIN))
    (folder / "in.txt").write_text("2\n0\n3\n")
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None})  # in this process


@pytest.mark.parametrize("spec, label, rule", [
    ("plug:Labelled", "L\t", "may not start or end with whitespace"),
    ("plug:Labelled", "\tL", "may not start or end with whitespace"),
    ("plug:Labelled", "L\u00a0", "may not start or end with whitespace"),   # no-break space: str.strip() takes it
    ("plug:Labelled", "L\x00R", "may not hold a control character or line break"),
    ("plug:Labelled", "L\x1bR", "may not hold a control character or line break"),
    ("plug:Labelled", "L\u2028R", "may not hold a control character or line break"),
    ("plug:Labelled", "L\nR", "may not hold a control character or line break"),
    ("plug:OneCharacter", "\t", "may not start or end with whitespace"),
    ("plug:Labelled", "fill A", "may not hold the separator ' '"),
])
@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_label_that_cannot_be_read_back_is_refused_in_one_line(tmp_path, spec, label, rule, command):
    (tmp_path / "answers.txt").write_text("2\n0\n3\n")
    done = stategraph(tmp_path, label, command, spec, "in.txt", *(["answers.txt"] if command == "check" else []))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("stategraph: error: labelled model states: instance 1: ")
    assert f"the move label {label!r} cannot be printed: a label {rule}" in done.stderr
    assert "no whitespace at its ends, no control character, no line break" in done.stderr


@pytest.mark.parametrize("spec, label", [
    ("plug:Labelled", "L"),
    ("plug:Labelled", "é"),
    ("plug:Labelled", "L\u00a0R"),      # whitespace inside a label is no separator
    ("plug:OneCharacter", "+"),
    ("plug:Counted", "L\t"),            # a COST answer prints no labels
])
def test_a_label_that_can_be_read_back_round_trips(tmp_path, spec, label):
    solved = stategraph(tmp_path, label, "solve", spec, "in.txt")
    assert solved.returncode == 0, solved.stderr
    (tmp_path / "answers.txt").write_text(solved.stdout)
    done = stategraph(tmp_path, label, "check", spec, "in.txt", "answers.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "stategraph: checked 3 answers: 3 ok, 0 with a problem"
