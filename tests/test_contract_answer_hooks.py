"""The contract's hooks for an answer that is not the moves' labels: ``answer`` and ``explain`` of
the rules, ``format_answer`` overridden, a ``checker`` of the puzzle's own, and ``parse`` in place
of ``read`` (a whole input read at once).

The plug-in here is a line of stepping stones, not a built-in: its answer is the stones stood on
(read off the path's states), printed after the line's name.  The expected outputs are worked out
by hand in the test.
"""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

import pytest

from cli_runner import run_cli
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.errors import ContractError

PLUGIN = '''
from types import SimpleNamespace

from stategraph import SuccessorPuzzle
from stategraph.contract.checks import CONFIRMED
from stategraph.errors import VerificationError


def verify(line, record, deadline=None, limit=None):
    """The checker's own verdict: every row is confirmed but B, which it refuses."""
    if line.name == "B":
        raise VerificationError("row B: the checker says no")
    return CONFIRMED


class Stones(SuccessorPuzzle):
    """A named row of stones ``o`` and water ``~``: hop 1 or 2 stones right, from the first to the last."""

    name, summary, sample = "stones", "hop along a row of stones", "A oo~o\\nB o~~o\\n"
    checker = SimpleNamespace(verify=verify, read_answers=lambda text, source: iter(()))

    def parse(self, data, source="<input>", limits=None):
        text = data if isinstance(data, str) else (data.read() if hasattr(data, "read") else data).decode()
        for number, line in enumerate(text.splitlines(), start=1):
            name, row = line.split()
            yield SimpleNamespace(number=number, name=name, row=row)

    def start(self, line):
        return 0

    def is_goal(self, line, at):
        return at == len(line.row) - 1

    def moves(self, line, at):
        for hop in (1, 2):
            if at + hop < len(line.row) and line.row[at + hop] == "o":
                yield f"+{hop}", at + hop, 1

    def answer(self, line, solution):
        return (line.name, solution.states) if solution.found else (line.name, None)

    def format_answer(self, line, question, answer):
        name, stones = answer
        return f"{name}: " + ("stuck" if stones is None else " ".join(map(str, stones))) + "\\n"

    def explain(self, line, solution, answer):
        steps = [{"number": k, "text": f"{k}. stand on stone {at}", "move": "hop", "before": "", "after": "",
                  "cost": {"hops": k}, "picture": None} for k, at in enumerate(answer[1] or [])]
        return {"title": f"row {line.name}", "steps": steps, "picture": None, "summary": "hopped"}
'''


@pytest.fixture()
def folder(tmp_path):
    (tmp_path / "plug.py").write_text(textwrap.dedent(PLUGIN))
    (tmp_path / "in.txt").write_text("A oo~o\nB o~~o\nC ooooo\n")
    return tmp_path


def cli(folder, *args):
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None})


def test_the_rules_answer_is_what_format_answer_prints(folder):
    done = cli(folder, "solve", "plug:Stones", "in.txt")
    # A: 0 -> 1 -> 3 (2 is water); B: no stone within two hops of 0; C: 0 -> 2 -> 4, the one two-hop route
    assert (done.status, done.err, done.out) == (0, "", "A: 0 1 3\nB: stuck\nC: 0 2 4\n")


def test_the_rules_explain_is_what_explain_prints(folder):
    done = cli(folder, "explain", "plug:Stones", "in.txt")
    assert done.status == 0, done.err
    assert done.out.splitlines()[:4] == ["row A", "0. stand on stone 0", "1. stand on stone 1", "2. stand on stone 3"]


def test_a_checker_checks_the_answers(folder):
    done = cli(folder, "solve", "plug:Stones", "in.txt", "--verify")
    assert done.status == 3, done.err
    assert "row B: the checker says no" in done.err


def test_a_puzzle_that_reads_neither_way_is_refused_when_defined():
    with pytest.raises(ContractError, match="does not define read"):
        class Rules(SuccessorPuzzle):  # noqa: F841  (refused here)
            name, summary, sample = "rules", "rules without a reader", "1\n"

            def start(self, n):
                return 0

            def is_goal(self, n, x):
                return x == n

            def moves(self, n, x):
                yield "+1", x + 1, 1


def test_the_answer_hook_gets_the_instance_as_parse_gave_it():
    seen = []

    class Count(SuccessorPuzzle):
        name, summary, sample = "count", "count up to n", "2\n"

        def parse(self, data, source="<input>", limits=None):
            yield SimpleNamespace(number=1, n=int(data))

        def start(self, item):
            return 0

        def is_goal(self, item, x):
            return x == item.n

        def moves(self, item, x):
            if x < item.n:
                yield "+1", x + 1, 1

        def answer(self, item, solution):
            seen.append(item.n)
            return solution.cost

        def format_answer(self, item, question, answer):
            return f"{answer} steps\n"

    assert Count().solve_text("3") == "3 steps\n"
    assert seen == [3]
