"""`stategraph check` judges each answer on its own: one unreadable answer is one problem, and the
answers after it are still matched to their questions and judged.

Each case takes the packaged sample's questions several times over, the answers `stategraph
solve` gives them, and corrupts exactly one answer; the problem expected (which question, which
line) comes from the corruption, every other answer must be ok.
"""

from __future__ import annotations

import re
import textwrap

import pytest

from cli_runner import run_cli
from stategraph.cli import main as cli
from stategraph.puzzles import sample_text

COPIES = 8  # the sample's questions, this many times over


def stategraph(folder, *args):
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None})  # in this process


def repeated_input(puzzle):
    """The sample's questions COPIES times over in one input, and how many questions that is."""
    text = sample_text(puzzle)
    if puzzle == "pushing_boxes":  # mazes "r c" + r rows, then "0 0"
        body = text.removesuffix("0 0\n")
        per_copy = sum(bool(re.fullmatch(r"[0-9]+ [0-9]+", line)) for line in body.splitlines())
        return body * COPIES + "0 0\n", per_copy * COPIES
    if puzzle == "huarong":  # "n m q", n board rows, q queries
        lines = text.splitlines()
        n, m, q = map(int, lines[0].split())
        assert len(lines) == 1 + n + q
        return "\n".join([f"{n} {m} {q * COPIES}", *lines[1:1 + n], *lines[1 + n:] * COPIES]) + "\n", q * COPIES
    lines = text.splitlines()  # arrow_maze: a name, lines up to its "0", ...; then END
    assert lines[-1] == "END"
    out, count = [], 0
    for copy in range(COPIES):
        name_next = True
        for line in lines[:-1]:
            out.append(f"{line}{copy}" if name_next else line)  # names stay distinct
            count += name_next
            name_next = line.strip() == "0"
    return "\n".join(out + ["END"]) + "\n", count


def answer_spans(puzzle, lines):
    """``(first, end)`` line indices of each answer in solve's output, read by its format."""
    if puzzle == "pushing_boxes":  # header, moves, blank line
        return [(i, i + 2) for i, line in enumerate(lines) if line.startswith("Maze #")]
    if puzzle == "huarong":  # one line each
        return [(i, i + 1) for i in range(len(lines))]
    starts = [i for i, line in enumerate(lines) if not line[0].isspace()]  # a name, then indented lines
    return list(zip(starts, starts[1:] + [len(lines)]))


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    """For each puzzle: the input, its number of questions and solve's answers (lines)."""
    folder = tmp_path_factory.mktemp("solved")
    cases = {}
    for puzzle in ("pushing_boxes", "huarong", "arrow_maze"):
        text, count = repeated_input(puzzle)
        (folder / f"{puzzle}.txt").write_text(text)
        done = stategraph(folder, "solve", puzzle, f"{puzzle}.txt")
        assert done.returncode == 0, done.stderr
        cases[puzzle] = text, count, done.stdout.splitlines()
    return cases


def check(tmp_path, monkeypatch, capsys, puzzle, text, answers):
    """``stategraph check`` run in this process: the status, the verdict lines, the summary."""
    (tmp_path / "in.txt").write_text(text)
    (tmp_path / "answers.txt").write_text(answers)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    status = cli.main(["check", puzzle, "in.txt", "answers.txt"])
    lines = capsys.readouterr().err.splitlines()
    return status, lines[:-1], lines[-1]


def replaced(at, new):
    def corrupt(lines, first, end):
        lines[first + at] = new(lines[first + at])
        return first + at + 1  # the bad line, counted from 1
    return corrupt


def deleted(at, to_end=False):
    def corrupt(lines, first, end):
        del lines[first + at:end if to_end else first + at + 1]
        return first + at + 1  # the line that now stands where the deleted one was
    return corrupt


CORRUPTIONS = {
    "pushing_boxes": {
        "garbage moves line": replaced(1, lambda line: "seven"),
        "garbage header": replaced(0, lambda line: "seven"),
        "no moves line": deleted(1),
        "no header": deleted(0),
        "extra token after the moves": replaced(1, lambda line: line + " E"),
        "extra token in the header": replaced(0, lambda line: line + " x"),
        "header in lower case": replaced(0, str.lower),
    },
    "huarong": {
        "garbage line": replaced(0, lambda line: "seven"),
        "empty line": replaced(0, lambda line: ""),
        "extra token": replaced(0, lambda line: line + " 3"),
        "a sign without digits": replaced(0, lambda line: "-"),
    },
    "arrow_maze": {
        "garbage name": replaced(0, lambda line: "seven!"),
        "another maze's name": replaced(0, lambda line: "seven"),
        "garbage route line": replaced(1, lambda line: "  seven"),
        "no route lines": deleted(1, to_end=True),
        "extra token after the name": replaced(0, lambda line: line + " x"),
        "extra token in the route": replaced(1, lambda line: line + " x"),
        "route line not indented": replaced(1, str.lstrip),
    },
}
CASES = [(puzzle, name) for puzzle, kinds in CORRUPTIONS.items() for name in kinds]


def test_the_answers_solve_gives_are_all_ok(solved, tmp_path, monkeypatch, capsys):
    for puzzle, (text, count, lines) in solved.items():
        assert len(answer_spans(puzzle, lines)) == count
        status, verdicts, summary = check(tmp_path, monkeypatch, capsys, puzzle, text, "\n".join(lines) + "\n")
        assert (status, len(verdicts)) == (0, count), verdicts
        assert all(v.endswith(": ok") for v in verdicts)


@pytest.mark.parametrize("where", ["first", "middle", "last"])
@pytest.mark.parametrize("puzzle, corruption", CASES)
def test_one_corrupt_answer_is_one_problem(solved, tmp_path, monkeypatch, capsys, puzzle, corruption, where):
    text, count, lines = solved[puzzle]
    k = {"first": 0, "middle": count // 2 + 1, "last": count - 1}[where]
    first, end = answer_spans(puzzle, lines)[k]
    corrupt = list(lines)
    bad_line = CORRUPTIONS[puzzle][corruption](corrupt, first, end)
    answers = "\n".join(corrupt) + "\n"
    status, verdicts, summary = check(tmp_path, monkeypatch, capsys, puzzle, text, answers)
    assert status == 3
    assert len(verdicts) == count, verdicts
    problems = [i for i, v in enumerate(verdicts) if not v.endswith(": ok")]
    assert problems == [k], verdicts
    if puzzle == "huarong" and corruption == "empty line" and where == "last":
        assert verdicts[k].endswith(": missing answer")  # a blank last line is the end of the file
    else:
        assert f"answers.txt:{bad_line}: " in verdicts[k] or f": line {bad_line}: " in verdicts[k], verdicts[k]
    assert summary == f"stategraph: checked {count} answers: {count - 1} ok, 1 with a problem"
    assert "'COST'" not in verdicts[k] and "Traceback" not in verdicts[k]


def test_a_left_out_pushing_boxes_answer_leaves_only_its_maze_unanswered(solved, tmp_path, monkeypatch, capsys):
    text, count, lines = solved["pushing_boxes"]
    k = 5
    first, _ = answer_spans("pushing_boxes", lines)[k]
    answers = "\n".join(lines[:first] + lines[first + 3:]) + "\n"  # header, moves and blank line gone
    status, verdicts, summary = check(tmp_path, monkeypatch, capsys, "pushing_boxes", text, answers)
    assert status == 3
    assert [v for v in verdicts if not v.endswith(": ok")] == [f"maze {k + 1}: missing answer"]
    assert summary == f"stategraph: checked {count} answers: {count - 1} ok, 1 with a problem"


def test_a_mistyped_maze_number_is_that_answer_s_problem(solved, tmp_path, monkeypatch, capsys):
    text, count, lines = solved["pushing_boxes"]
    k = 6
    first, _ = answer_spans("pushing_boxes", lines)[k]
    corrupt = list(lines)
    corrupt[first] = f"Maze #{k + 30}"  # the number of no maze, and not continued by the next header
    status, verdicts, _ = check(tmp_path, monkeypatch, capsys, "pushing_boxes", text, "\n".join(corrupt) + "\n")
    assert status == 3
    assert [i for i, v in enumerate(verdicts) if not v.endswith(": ok")] == [k]
    assert f"answers.txt:{first + 1}: " in verdicts[k] and f"'Maze #{k + 1}'" in verdicts[k]


# answers printed by an AnswerLine: COST and COST_AND_MOVES, and a template that names the instance

PLUGIN = '''
from stategraph import COST
from stategraph.contract.checks import Answer
from stategraph.errors import VerificationError
from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle


class Walk(SuccessorPuzzle):
    """From 0 to n by +1 and +2 (cost 1 each); an odd n of 9 or more has no solution."""

    name, summary, sample = "walk", "from 0 to n", "3\\n"

    def read(self, tokens, limits):
        return tokens.integer("n", 0)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n and not (n % 2 and n >= 9)

    def moves(self, n, x):
        if x + 1 <= n:
            yield "+1", x + 1, 1
        if x + 2 <= n:
            yield "+2", x + 2, 1


class Count(Walk):
    output = COST


class Numbered(Walk):
    output = AnswerLine("case {number}: {cost} {moves}", none="case {number}: none")


class Stops(Count):
    def read_answers(self, text, source):  # a reader of its own that cannot go on after a bad line
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.lstrip("-").isdigit():
                raise VerificationError(f"{source}:{number}: not a number")
            yield Answer(number, None if line == "-1" else int(line), number)
'''
NUMBERS = list(range(33))  # 33 instances: n = 0 .. 32


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plugin")
    (folder / "walk.py").write_text(textwrap.dedent(PLUGIN))
    (folder / "in.txt").write_text("".join(f"{n}\n" for n in NUMBERS))
    return folder


@pytest.mark.parametrize("spec, line, corrupt", [
    ("walk:Count", 4, "seven"),                  # a word for a cost
    ("walk:Count", 10, "4 4"),                   # an extra token
    ("walk:Walk", 4, "seven"),
    ("walk:Walk", 7, "3 +2 +2 +2 +1 x"),         # the moves of a longer walk than the cost says
    ("walk:Walk", 20, "+2 +2"),                  # no cost
    ("walk:Numbered", 1, "case 1 0"),            # no colon
    ("walk:Numbered", 33, "case 33: 16"),        # no moves where the cost is not 0
])
def test_one_bad_line_among_33_is_one_problem(plugin, spec, line, corrupt):
    solved = stategraph(plugin, "solve", spec, "in.txt")
    assert solved.returncode == 0, solved.stderr
    lines = solved.stdout.splitlines()
    assert len(lines) == len(NUMBERS)
    lines[line - 1] = corrupt
    (plugin / "answers.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(plugin, "check", spec, "in.txt", "answers.txt")
    assert done.returncode == 3 and "Traceback" not in done.stderr
    verdicts = done.stderr.splitlines()
    assert verdicts[-1] == "stategraph: checked 33 answers: 32 ok, 1 with a problem"
    bad = [v for v in verdicts[:-1] if not v.endswith(": ok")]
    assert len(bad) == 1 and bad[0].startswith(f"instance {line}: "), bad
    assert f"answers.txt:{line}: " in bad[0] or f": line {line}: " in bad[0]


def test_the_expected_answer_is_said_in_words(plugin):
    (plugin / "answers.txt").write_text("0\n1\n1\nseven\n")
    (plugin / "four.txt").write_text("0\n1\n2\n3\n")
    done = stategraph(plugin, "check", "walk:Count", "four.txt", "answers.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines()[3] == "instance 4: answers.txt:4: expected a cost (a number) or -1, found 'seven'"


def test_a_left_out_numbered_line_leaves_only_its_instance_unanswered(plugin):
    solved = stategraph(plugin, "solve", "walk:Numbered", "in.txt")
    lines = solved.stdout.splitlines()
    del lines[11]  # "case 12: ..."
    (plugin / "answers.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(plugin, "check", "walk:Numbered", "in.txt", "answers.txt")
    assert done.returncode == 3
    verdicts = done.stderr.splitlines()
    assert [v for v in verdicts[:-1] if not v.endswith(": ok")] == ["instance 12: missing answer"]


def test_a_cost_of_thousands_of_digits_is_one_problem_not_a_crash(plugin):
    (plugin / "one.txt").write_text("3\n")
    (plugin / "answers.txt").write_text("1" * 5000 + "\n")
    done = stategraph(plugin, "check", "walk:Count", "one.txt", "answers.txt")
    assert done.returncode == 3, done.stderr
    assert done.stderr.splitlines()[0].startswith("instance 1: answers.txt:1: expected a cost (a number)")


def test_a_reader_that_stops_at_a_bad_line_leaves_the_questions_after_it_not_judged(plugin):
    solved = stategraph(plugin, "solve", "walk:Count", "in.txt")
    lines = solved.stdout.splitlines()
    lines[3] = "seven"
    (plugin / "answers.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(plugin, "check", "walk:Stops", "in.txt", "answers.txt")
    assert done.returncode == 3 and "Traceback" not in done.stderr
    verdicts = done.stderr.splitlines()
    assert verdicts[:4] == [f"instance {n}: ok" for n in (1, 2, 3)] + ["instance 4: answers.txt:4: not a number"]
    assert verdicts[4:-1] == [f"instance {n}: not judged: walk's answer reader stops at an unreadable answer"
                              for n in range(5, len(NUMBERS) + 1)]
    assert verdicts[-1] == f"stategraph: checked {len(NUMBERS)} answers: 3 ok, {len(NUMBERS) - 3} with a problem"


def test_costs_without_the_moves_they_need_say_so(tmp_path):
    """The knight example's answers are ``cost moves``: an answers file of costs alone is told
    "no moves given" (never "the moves end in state ..."); an answer that needs no move is ok."""
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "knight"
    text = "3 3\nK..\n...\n..T\n1 3\nK#T\n0 0\n"
    solved = run_cli("solve", "--config", str(example / "puzzle.yaml"), "-", stdin=text)
    assert solved.status == 0, solved.err
    costs = "".join(line.split(" ")[0] + "\n" for line in solved.out.splitlines())
    (tmp_path / "costs.txt").write_text(costs)
    done = run_cli("check", "--config", str(example / "puzzle.yaml"), "-", str(tmp_path / "costs.txt"), stdin=text)
    assert done.status == 3
    lines = (done.out + done.err).splitlines()
    assert "instance 1: line 1: no moves given, and the start, (1,1), is not a goal: the answer must list its moves" \
        in lines, lines
    assert "instance 2: ok" in lines, lines  # unreachable: a cost alone is the whole answer
