"""The first-level puzzle object you make is the one that runs (issue 28, point 3).

Its attributes reach ``start``, ``is_goal``, ``moves``, the heuristic, the picture and the state
labels, in the compile, in ``--verify`` and ``check`` and in ``--jobs`` workers (pickled with each
instance); so does what ``read`` keeps on it.  The answers are held against a brute force written
here: every move string by length, in the order of the moves' positions, the first legal one that
ends on the goal.
"""

from __future__ import annotations

import itertools

import pytest

from cli_runner import run_cli
from stategraph import COST_AND_MOVES, Settings, SuccessorPuzzle, run
from stategraph.contract.checks import CONFIRMED
from stategraph.errors import VerificationError
from stategraph.solving.judge import judge
from stategraph.solving.workers import worker_count

NUMBERS = range(1, 13)
TEXT = "".join(f"{n}\n" for n in NUMBERS)
TWO_WORKERS = pytest.mark.skipif(worker_count(2) < 2, reason="one core: --jobs 2 runs in this process")


def brute_force(n: int, step: int) -> str:
    """The answer line for reaching ``n`` from 0 by ``+step`` and ``-1`` (within 0..n + step)."""
    moves = ((f"+{step}", step), ("-1", -1))
    for length in itertools.count():
        for sequence in itertools.product(moves, repeat=length):
            x = 0
            for _, change in sequence:
                x += change
                if not 0 <= x <= n + step:
                    break
            else:
                if x == n:
                    return " ".join([str(length), *(label for label, _ in sequence)])
    raise AssertionError("unreachable")


def expected(step: int, numbers=NUMBERS) -> str:
    return "".join(brute_force(n, step) + "\n" for n in numbers)


class StepRules:
    """The rules of 0 -> n by +step and -1; the instance is (n, step)."""

    def start(self, instance):
        return 0

    def is_goal(self, instance, x):
        return x == instance[0]

    def moves(self, instance, x):
        n, step = instance
        if x + step <= n + step:
            yield f"+{step}", x + step, 1
        if x > 0:
            yield "-1", x - 1, 1


class Steps(SuccessorPuzzle):
    """The rules on the puzzle object, parameterised by its ``step``."""

    name, summary, sample = "steps", "reach n from 0 by +step and -1", "10\n"
    output = COST_AND_MOVES

    def __init__(self, step=1):
        self.step = step

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 30)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x + self.step <= n + self.step:
            yield f"+{self.step}", x + self.step, 1
        if x > 0:
            yield "-1", x - 1, 1

    def heuristic(self, n, x):
        return -(-(n - x) // self.step) if x < n else x - n

    def picture(self, n, x):
        return f"{x} by {self.step}"

    def state_label(self, n, x):
        return f"x{x}/{self.step}"


class UnpicklableRules(StepRules):
    def __reduce__(self):
        raise TypeError("a rules object never leaves its process")


class ClassSteps(SuccessorPuzzle):
    """``models`` with a rules class: one rules object per puzzle object; the step reaches the
    rules through what ``read`` returns."""

    name, summary, sample = "class_steps", "the same, rules in a class", "10\n"
    models = {"steps": UnpicklableRules}

    def __init__(self, step=1):
        self.step = step

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 30), self.step


class ParameterRules(StepRules):
    """A rules object holding its step (it cannot be made without one)."""

    def __init__(self, step):
        self.step = step

    def moves(self, instance, x):
        return super().moves((instance, self.step), x)

    def is_goal(self, instance, x):
        return x == instance


class ObjectSteps(SuccessorPuzzle):
    name, summary, sample = "object_steps", "the same, rules objects", "10\n"
    models = {"by_three": ParameterRules(3), "by_four": ParameterRules(4)}

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 30)


class Header(SuccessorPuzzle):
    """``read`` keeps the step on the object: a line ``step K`` changes it for what follows."""

    name, summary, sample = "header", "steps set by the input", "step 3\n10\n"

    def __init__(self):
        self.step = 1

    def read(self, tokens, limits):
        if tokens.peek() == "step":
            tokens.next("step")
            self.step = tokens.integer("the step", 1, 9)
        return tokens.integer("n", 0, 30)

    start, is_goal, moves = Steps.start, Steps.is_goal, Steps.moves


HEADED = [(n, step) for step in (3, 1, 5, 2) for n in NUMBERS]


def headed_text(pairs) -> str:
    lines, current = [], None
    for n, step in pairs:
        if step != current:
            lines.append(f"step {step}")
            current = step
        lines.append(str(n))
    return "\n".join(lines) + "\n"


def headed_expected(pairs) -> str:
    return "".join(brute_force(n, step) + "\n" for n, step in pairs)


def output(puzzle, text, **settings) -> str:
    return "".join(record.text for record in run(puzzle, text, Settings.of(puzzle, **settings)))


# the object's rules answer ------------------------------------------------------------------------

@pytest.mark.parametrize("step", [1, 2, 3, 5])
def test_the_objects_step_gives_the_brute_force_answers(step):
    assert Steps(step).solve_text(TEXT) == expected(step)
    assert Steps(step).solve_text(TEXT, algorithm="astar") == expected(step)  # its heuristic, its step


def test_the_issue_example():
    assert Steps(step=5).solve_text("10\n") == "2 +5 +5\n"


@pytest.mark.parametrize("step", [1, 2, 4])
def test_a_rules_class_in_models_gets_the_objects_instances(step):
    assert ClassSteps(step).solve_text(TEXT) == expected(step)


def test_one_rules_object_per_puzzle_object():
    two, five = ClassSteps(2), ClassSteps(5)
    model = ClassSteps.models["steps"]
    first, second = list(two.parse("3\n4\n"))
    other = next(five.parse("3\n"))
    assert model.rules(first) is model.rules(second) is model.rules_of(two)
    assert model.rules(other) is model.rules_of(five) is not model.rules(first)
    assert isinstance(model.rules(first), UnpicklableRules)


@pytest.mark.parametrize(("model", "step"), [("by_three", 3), ("by_four", 4)])
def test_a_rules_object_in_models_holding_its_parameter(model, step):
    assert ObjectSteps().solve_text(TEXT, model=model) == expected(step)
    assert ObjectSteps.models[model].rules(next(ObjectSteps().parse("3\n"))) is ObjectSteps.models[model].source


def test_the_picture_label_and_heuristic_are_the_objects():
    puzzle = Steps(4)
    instance = next(puzzle.parse("10\n"))
    model = puzzle.model()
    assert model.state_picture(instance, 8) == "8 by 4"
    built = model(instance)
    assert built.graph.nodes[0]["label"] == "x0/4"
    with built.state_graph(instance) as graph:
        assert graph.heuristic(0) == 3 and graph.heuristic(12) == 2


# objects of one class do not leak into each other ---------------------------------------------------

def test_two_objects_used_alternately_keep_their_own_rules():
    two, five = Steps(2), Steps(5)
    for _ in range(2):
        assert two.solve_text(TEXT) == expected(2)
        assert five.solve_text(TEXT) == expected(5)
    runs = zip(run(two, TEXT), run(five, TEXT), run(ClassSteps(3), TEXT), run(ClassSteps(1), TEXT), strict=True)
    texts = ["".join(column) for column in zip(*((r.text for r in row) for row in runs), strict=True)]
    assert texts == [expected(2), expected(5), expected(3), expected(1)]


def test_a_model_built_from_either_object_runs_that_objects_rules():
    two, five = Steps(2), Steps(5)
    model = Steps.models["states"]
    for puzzle, step in ((two, 2), (five, 5), (two, 2)):
        built = model(next(puzzle.parse("7\n")))
        assert sorted(built.graph.nodes[x]["label"] for x in (0, step)) == sorted([f"x0/{step}", f"x{step}/{step}"])


# --verify and check replay through the object's rules ----------------------------------------------

@pytest.mark.parametrize("jobs", [1, 2])
def test_verify_confirms_with_the_objects_rules(jobs):
    five = Steps(5)
    records = list(run(five, TEXT, Settings.of(five, verify=True, jobs=jobs)))
    assert "".join(record.text for record in records) == expected(5)
    assert {record.stats["verified"] for record in records} == {CONFIRMED}
    instance = next(five.parse("10\n"))
    record = records[9]  # n = 10: "2 +5 +5"; the default step's rules have no move "+5"
    assert five.verify(instance, record) == CONFIRMED
    with pytest.raises(VerificationError, match="is not a move"):
        Steps().verify(next(Steps().parse("10\n")), record)


def test_check_judges_with_the_objects_rules():
    five, one = Steps(5), Steps(1)
    assert all(verdict.passed for verdict in judge(Settings.of(five), TEXT, expected(5), strict=True))
    problems = [verdict for verdict in judge(Settings.of(five), TEXT, expected(1)) if not verdict.passed]
    assert problems and all("is not a move" in verdict.problem or "optimum" in verdict.problem
                            for verdict in problems)
    assert all(verdict.passed for verdict in judge(Settings.of(one), TEXT, expected(1)))


# --jobs: the same object, pickled ------------------------------------------------------------------

MANY = "".join(f"{n}\n" for n in NUMBERS) * 20


@TWO_WORKERS
@pytest.mark.parametrize("puzzle", [Steps(5), Steps(2), ClassSteps(4)], ids=["steps5", "steps2", "class4"])
def test_two_jobs_print_one_jobs_bytes(puzzle):
    one = output(puzzle, MANY)
    records = list(run(puzzle, MANY, Settings.of(puzzle, jobs=2)))
    assert type(records[0]).__module__ == "stategraph.solving.workers"  # answered in a worker
    assert "".join(record.text for record in records) == one == expected(puzzle.step) * 20
    assert output(puzzle, MANY, jobs=2, verify=True) == one


@pytest.mark.parametrize("jobs", [1, 2])
def test_what_read_keeps_on_the_object_reaches_the_rules(jobs):
    pairs = HEADED * 5
    header = Header()
    assert output(header, headed_text(pairs), jobs=jobs) == headed_expected(pairs)
    assert output(header, headed_text(pairs), jobs=jobs, verify=True) == headed_expected(pairs)


PLUGIN = '''
from stategraph import SuccessorPuzzle


class Header(SuccessorPuzzle):
    name, summary, sample = "header", "steps set by the input", "step 3\\n10\\n"

    def __init__(self, step=2):
        self.step = step

    def read(self, tokens, limits):
        if tokens.peek() == "step":
            tokens.next("step")
            self.step = tokens.integer("the step", 1, 9)
        return tokens.integer("n", 0, 30)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x + self.step <= n + self.step:
            yield f"+{self.step}", x + self.step, 1
        if x > 0:
            yield "-1", x - 1, 1
'''


@TWO_WORKERS
def test_a_config_named_class_is_built_with_no_arguments_and_runs_alike_in_workers(tmp_path):
    (tmp_path / "header.py").write_text(PLUGIN)
    (tmp_path / "puzzle.yaml").write_text("puzzle: header:Header\n")
    pairs = [(n, 2) for n in NUMBERS] + HEADED * 3  # step 2 (the default) until the input says otherwise
    (tmp_path / "input.txt").write_text("".join(f"{n}\n" for n in NUMBERS) + headed_text(HEADED * 3))
    outputs = []
    for jobs in (1, 2):
        done = run_cli("solve", "--config", "puzzle.yaml", "--jobs", jobs, "--verify", "input.txt", cwd=tmp_path,
                       separate=True, timeout=120)  # --jobs 2 forks: a process of its own
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == headed_expected(pairs)
