"""``--jobs`` with plug-in puzzles: what their code prints, and what ``read`` keeps on the object.

One job is the reference: each run here is the real command line in a scratch folder holding the
plug-in (one job's in this process, the shared runner's; each ``--jobs`` run a whole process), and
``--jobs 2`` and ``--jobs 3`` must give its stdout bytes, its stderr and its exit status.  The
plug-ins print from every place one job runs them (``read``, ``parse``, ``questions``, a model's
``__init__``, ``moves``, ``is_goal``, ``decode``), to both streams, in lines and in pieces of lines,
and keep state on the puzzle object that later hooks read.
"""

from __future__ import annotations

import pytest

from cli_runner import Result, run_cli
from stategraph.solving.workers import worker_count
from test_cli_jobs import without_times

pytestmark = pytest.mark.skipif(worker_count(2) < 2, reason="one core: --jobs 2 runs in this process")

# First level: reach n from 0 by +1 and *2, printing as it reads and explores.  n = 0 ends the
# input; n = 13 breaks the rules (after printing) where the fault is asked for.
CHATTY = '''
import sys
from stategraph import COST_AND_MOVES, SuccessorPuzzle

class Chatty(SuccessorPuzzle):
    name, summary, sample = "chatty", "0 to n by +1 and *2, out loud", "6\\n0\\n"
    terminator, output = "'0' line", COST_AND_MOVES
    def read(self, tokens, limits):
        n = tokens.integer("n", 0, 1000)
        print(f"read {n}")
        sys.stderr.write(f"reading {n} \\u00e9t\\u00e9 ")     # a piece of a line, not ASCII
        return n or None
    def start(self, n):
        return 0
    def is_goal(self, n, x):
        if x == n:
            print(f"goal {n}", file=sys.stderr)
            sys.stdout.write("!")
        return x == n
    def moves(self, n, x):
        if x == 0:
            print(f"moves of {n}")
            sys.stderr.write("|\\n")
        if n == 13 and FAULT:
            print("thirteen", file=sys.stderr)
            raise ValueError("thirteen")
        if x < n: yield "+1", x + 1, 1
        if 0 < 2 * x <= n: yield "*2", 2 * x, 1

FAULT = {fault}
'''

# Second level: each line "k t1 .. tk" is an instance of k questions (walk from 0 to t along a
# line); parse, questions, the model and decode all print, and parse counts the lines on the
# object, which format_answer prints.
WALKS = '''
import sys
from contextlib import contextmanager
from dataclasses import dataclass

import networkx as nx

from stategraph.contract.puzzle import Model, Puzzle
from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.io.tokens import Tokens

@dataclass(frozen=True)
class Walk:
    number: int
    targets: tuple

@dataclass(frozen=True)
class Ask:
    number: int
    target: int

class Line(Model):
    name, summary = "line", "a state is a place on the line"
    profile = WeightProfile(unit=True)
    def __init__(self, instance):
        super().__init__(instance)
        print(f"model {instance.number}", file=sys.stderr)
        sys.stdout.write(f"<{instance.number}>")
        self.graph = nx.DiGraph()
        self.graph.add_nodes_from(range(max(instance.targets) + 1))
        for i in range(max(instance.targets)):
            self.graph.add_edge(i, i + 1, weight=1, rank=0)
    @contextmanager
    def state_graph(self, question):
        yield StateGraph(self.graph, 0, frozenset({question.target}))
    def decode(self, question, solution):
        print(f"decode {self.instance.number}.{question.number}")
        return solution.cost

class Walks(Puzzle):
    name, summary, sample = "walks", "walks along a line", "2 3 1\\n"
    models = {"line": Line}
    default_algorithm = "bfs"
    def parse(self, data, source="<input>", limits=None):
        tokens = Tokens(data, source)
        self.lines = 0
        while not tokens.at_end():
            count = tokens.integer("the number of walks", 1, 100)
            targets = tuple(tokens.integer("a target", 0, 100) for _ in range(count))
            self.lines += 1
            print(f"parsed {self.lines}", file=sys.stderr)
            yield Walk(self.lines, targets)
        print("parsed all")
    def questions(self, instance):
        for number, target in enumerate(instance.targets, 1):
            sys.stderr.write(f"ask {instance.number}.{number}; ")
            yield Ask(number, target)
        print(f"asked {instance.number}")
    def number(self, instance, question):
        return instance.number, question.number
    def format_answer(self, instance, question, answer):
        return f"{answer} (line {instance.number} of {self.lines} read)\\n"
'''

# First level, with state kept by read: the first line is a cap every rule and answer uses, and a
# count of the instances read, which changes from one instance to the next.
KEEPS = '''
from stategraph import COST, SuccessorPuzzle

class Keeps(SuccessorPuzzle):
    name, summary, sample = "keeps", "0 to n by +1 and *2 below a cap", "10\\n6\\n"
    output = COST
    def read(self, tokens, limits):
        if not hasattr(self, "cap"):
            self.cap = tokens.integer("the cap", 1, 1000)
        self.count = getattr(self, "count", 0) + 1
        return tokens.integer("n", 0, 1000)
    def start(self, n):
        return 0
    def is_goal(self, n, x):
        return x == min(n, self.cap)
    def moves(self, n, x):
        step = self.count % 3 + 1                      # the count when n was read
        if x + step <= self.cap: yield f"+{step}", x + step, 1
        if 0 < 2 * x <= self.cap: yield "*2", 2 * x, 1
    def format_answer(self, instance, question, answer):
        if not SHOW:                                   # as COST prints it, for check to read
            return super().format_answer(instance, question, answer)
        return f"{instance.number}/{self.count} under {self.cap}: {answer}\\n"

SHOW = {show}
'''

# read keeps something that cannot be pickled on the object.
UNPICKLABLE = '''
from stategraph import COST, SuccessorPuzzle

class Unpicklable(SuccessorPuzzle):
    name, summary, sample = "unpicklable", "0 to n by +1", "6\\n"
    output = COST
    def read(self, tokens, limits):
        self.hook = lambda: None
        return tokens.integer("n", 0, 1000)
    def start(self, n):
        return 0
    def is_goal(self, n, x):
        return x == n
    def moves(self, n, x):
        if x < n: yield "+1", x + 1, 1
'''


def solve(folder, spec: str, text: str, *options) -> Result:
    """``stategraph solve SPEC`` in ``folder`` on ``text`` (bytes in, bytes out), in a child process."""
    return run_cli("solve", spec, *options, stdin=text.encode(), cwd=folder, separate=True, binary=True, timeout=120)


def one_job(folder, spec: str, text: str, *options) -> Result:
    """``stategraph solve SPEC`` with one job, the reference: in this process (it forks nothing)."""
    return run_cli("solve", spec, *options, stdin=text.encode(), cwd=folder, binary=True)


def as_one_job(folder, spec: str, text: str, *options) -> Result:
    """One job's run, after checking that ``--jobs 2`` and ``--jobs 3`` give its bytes and status
    (a ``--stats`` table's times left out)."""
    one = one_job(folder, spec, text, *options)
    same = without_times if "--stats" in options else lambda err: err
    for jobs in (2, 3):
        many = solve(folder, spec, text, *options, "--jobs", str(jobs))
        assert many.returncode == one.returncode, many.stderr.decode()
        assert many.stdout == one.stdout
        assert same(many.stderr.decode()) == same(one.stderr.decode())
    return one


def plugin(tmp_path, name: str, text: str):
    (tmp_path / f"{name}.py").write_text(text)
    return tmp_path


# three runs of many instances (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_what_read_keeps_on_the_object_reaches_every_hook_as_with_one_job",
}


@pytest.mark.parametrize("options", [(), ("--verify",)], ids=["solve", "verify"])
def test_what_a_first_level_plugin_prints_comes_where_one_job_prints_it(options, tmp_path):
    folder = plugin(tmp_path, "chatty", CHATTY.replace("{fault}", "False"))
    text = "".join(f"{n % 40 + 1}\n" for n in range(120)) + "0\n"
    one = as_one_job(folder, "chatty:Chatty", text, *options)
    assert one.returncode == 0, one.stderr
    out, err = one.stdout.decode(), one.stderr.decode()
    assert out.count("read ") == 121 and out.count("moves of") >= 120 and out.count("!") >= 120
    assert err.startswith("reading 1 été |\n") and err.count("goal ") >= 120


def test_what_is_printed_before_a_fault_comes_before_its_line(tmp_path):
    folder = plugin(tmp_path, "chatty", CHATTY.replace("{fault}", "True"))
    text = "".join(f"{n}\n" for n in range(1, 40)) + "0\n"
    one = as_one_job(folder, "chatty:Chatty", text)
    *_, printed, line = one.stderr.decode().splitlines()
    assert one.returncode == 2 and printed == "thirteen" and "ValueError: thirteen (instance 13" in line


def test_bad_input_after_printing_comes_after_what_read_printed(tmp_path):
    folder = plugin(tmp_path, "chatty", CHATTY.replace("{fault}", "False"))
    text = "".join(f"{n}\n" for n in range(1, 30)) + "x\n"
    one = as_one_job(folder, "chatty:Chatty", text)
    assert one.returncode == 2 and one.stdout.decode().count("read ") == 29
    assert one.stderr.decode().endswith("goal 29\nstategraph: error: <stdin>:30:1: instance 30: expected n (an "
                                        "integer), found 'x'\n")


def test_a_second_level_plugin_prints_as_one_job_from_parse_questions_model_and_decode(tmp_path):
    folder = plugin(tmp_path, "walks", WALKS)
    lines = [[(7 * i + 3 * j) % 50 for j in range(1 + i % 30)] for i in range(60)]  # many questions each
    text = "".join(f"{len(targets)} {' '.join(map(str, targets))}\n" for targets in lines)
    one = as_one_job(folder, "walks:Walks", text)
    assert one.returncode == 0, one.stderr
    out, err = one.stdout.decode(), one.stderr.decode()
    assert out.count(" read)\n") == sum(map(len, lines)) and out.endswith("asked 60\nparsed all\n")
    assert out.startswith("<1>decode 1.1\n0 (line 1 of 1 read)\n")
    assert err.count("model ") == 60 and err.startswith("parsed 1\nmodel 1\nask 1.1; parsed 2\n")


def test_what_read_keeps_on_the_object_reaches_every_hook_as_with_one_job(tmp_path):
    folder = plugin(tmp_path, "keeps", KEEPS.replace("{show}", "True"))
    text = "30\n" + "".join(f"{(5 * n) % 40}\n" for n in range(90))
    one = as_one_job(folder, "keeps:Keeps", text)
    assert one.returncode == 0, one.stderr
    lines = one.stdout.decode().splitlines()
    assert len(lines) == 90 and all(line.startswith(f"{i}/{i} under 30: ") for i, line in enumerate(lines, 1))
    for options in (("--verify",), ("--stats",)):
        assert as_one_job(folder, "keeps:Keeps", text, *options).returncode == 0


def test_check_grades_with_what_read_kept_as_one_job(tmp_path):
    folder = plugin(tmp_path, "keeps", KEEPS.replace("{show}", "False"))
    text = "30\n" + "".join(f"{(5 * n) % 40}\n" for n in range(40))
    (tmp_path / "input.txt").write_text(text)
    answers = one_job(folder, "keeps:Keeps", text).stdout.decode().splitlines()
    answers[4] = "99"  # instance 5's answer is wrong
    (tmp_path / "answers.txt").write_text("".join(f"{answer}\n" for answer in answers))
    runs = [run_cli("check", "keeps:Keeps", "input.txt", "answers.txt", *jobs, cwd=folder, separate=bool(jobs),
                    binary=True, timeout=120) for jobs in ([], ["--jobs", "2"])]
    assert runs[0].returncode == 3 and runs[0].stderr.count(b": ok\n") == 39, runs[0].stderr
    assert (runs[1].returncode, runs[1].stdout, runs[1].stderr) == (runs[0].returncode, runs[0].stdout, runs[0].stderr)


def test_an_object_that_cannot_be_pickled_is_one_line_and_status_2(tmp_path):
    folder = plugin(tmp_path, "unpicklable", UNPICKLABLE)
    text = "".join(f"{n}\n" for n in range(20))
    assert one_job(folder, "unpicklable:Unpicklable", text).returncode == 0
    many = solve(folder, "unpicklable:Unpicklable", text, "--jobs", "2")
    assert (many.returncode, many.stdout) == (2, b"")
    assert many.stderr.decode().startswith("stategraph: error: unpicklable: ") and many.stderr.count(b"\n") == 1
    assert b"the puzzle object" in many.stderr and b"--jobs 1" in many.stderr


def test_an_answer_that_cannot_be_pickled_is_one_line_after_the_answers_before_it(tmp_path):
    decode = "        return (lambda: 13) if question.target == 13 else solution.cost"
    folder = plugin(tmp_path, "walks", WALKS.replace("        return solution.cost", decode))
    text = "2 1 2\n1 4\n" * 150 + "2 13 13\n" + "1 4\n" * 20  # line 301's two walks answer with a function
    one = one_job(folder, "walks:Walks", text)
    assert one.returncode == 0, one.stderr
    many = solve(folder, "walks:Walks", text, "--jobs", "2")
    err = many.stderr.decode()
    message = ("stategraph: error: walks: the answer to instance 301 question 1 cannot be sent from a worker process "
               "(AttributeError: Can't pickle local object 'Line.decode.<locals>.<lambda>'); solve it with --jobs 1\n")
    assert many.returncode == 2 and err.endswith(message)
    assert one.stderr.decode().startswith(err[:-len(message)])  # what one job wrote before it ("ask 301.1; ")
    assert many.stdout == one.stdout[:one.stdout.index(b"<function")]  # the answers before it, its decode's print


# read() keeps the first instance's n on the class: later instances read it back there
ON_THE_CLASS = '''
from stategraph import COST, SuccessorPuzzle

class OnClass(SuccessorPuzzle):
    name, summary, sample = "on_class", "0 to n, n the first instance's", "3\\n"
    output = COST
    first = None
    def read(self, tokens, limits):
        n = tokens.integer("n", 1, 1000)
        if type(self).first is None:
            type(self).first = n
        return n
    def start(self, n):
        return 0
    def is_goal(self, n, x):
        return x == n
    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, type(self).first // type(self).first   # the first n must be known here
'''


def test_what_read_keeps_on_the_class_works_with_one_job_only(tmp_path):
    """Documented (docs/cli.md, worker processes): state on the class never reaches a worker, so
    the plug-in fails there, in one line at its own line (as one job would word that fault)."""
    folder = plugin(tmp_path, "on_class", ON_THE_CLASS)
    text = "".join(f"{n}\n" for n in range(1, 200))
    one = one_job(folder, "on_class:OnClass", text)
    assert one.returncode == 0 and one.stdout.decode().split() == [str(n) for n in range(1, 200)]
    two = solve(folder, "on_class:OnClass", text, "--jobs", "2")
    assert two.returncode == 2
    [line] = two.stderr.decode().splitlines()
    assert line.startswith("stategraph: error: on_class.py:19: in moves: TypeError: unsupported operand"), line
