"""The rules' hooks for a puzzle that asks several questions of one instance: ``ask`` (the instance
the rules see for one question), ``release`` (the accelerator's graph handed back once a question is
done with it) and ``export_graph`` (the graph ``export`` writes), on a small plug-in whose questions
share one graph per instance, as Huarong Dao's queries share their board's."""

from __future__ import annotations

import json
from dataclasses import dataclass

import networkx as nx

from cli_runner import run_cli
from stategraph import COST, StateGraph, SuccessorPuzzle
from stategraph.io.tokens import Tokens

HOPS = '''
from dataclasses import dataclass

import networkx as nx

from stategraph import COST, StateGraph, SuccessorPuzzle
from stategraph.io.tokens import Tokens


class Line:
    """A line of ``cells`` and its questions, each a pair of cells (from, to)."""

    def __init__(self, number, cells, pairs):
        self.number, self.cells, self.pairs = number, cells, pairs


@dataclass(frozen=True)
class Pair:
    number: int
    source: int
    goal: int


@dataclass(frozen=True)
class Asked:
    line: Line
    pair: Pair


class HopRules:
    """A hop moves one or two cells right; a question starts on a start state of its own."""

    built = []  # the lines whose graph was built, in order

    def __init__(self):
        self.graphs = {}

    def ask(self, line, pair):
        return Asked(line, pair)

    def graph_key(self, asked):
        return id(asked.line)

    def start(self, asked):
        return "start"

    def is_goal(self, asked, state):
        return state == asked.pair.goal

    def moves(self, asked, state):
        if state == "start":
            yield "go", asked.pair.source, 0
            return
        for label, step in (("one", 1), ("two", 2)):
            if state + step < asked.line.cells:
                yield label, state + step, 1

    def shared(self, asked):
        key = self.graph_key(asked)
        if key not in self.graphs:
            HopRules.built.append(asked.line.number)
            graph = nx.DiGraph(kind="line")
            graph.add_nodes_from((cell, {"label": str(cell)}) for cell in range(asked.line.cells))
            for cell in range(asked.line.cells):
                for label, after, cost in self.moves(asked, cell):
                    graph.add_edge(cell, after, weight=cost, rank=after - cell - 1, move=label)
            self.graphs = {key: graph}
        return self.graphs[key]

    def accelerator(self, asked):
        graph = self.shared(asked)
        graph.add_node("start", label="start")
        graph.add_edge("start", asked.pair.source, weight=0, rank=0, move="go")
        reached = graph.subgraph({"start"} | nx.descendants(graph, "start")).copy()  # what the search needs
        return StateGraph(reached, "start", frozenset({asked.pair.goal}) & set(reached))

    def release(self, asked, state_graph):
        self.shared(asked).remove_node("start")

    def export_graph(self, asked):
        return self.shared(asked)

    def answer(self, asked, solution):
        return solution.cost if solution.found else -1

    answer_needs_path = False


class Hops(SuccessorPuzzle):
    name, summary, sample = "hops", "hops along a line, many questions a line", "5 2\\n0 4\\n3 1\\n"
    output = COST
    models = {"hop": HopRules}

    def parse(self, data, source="<input>", limits=None):
        tokens = Tokens(data, source)
        number = 0
        while not tokens.at_end():
            number += 1
            cells, count = tokens.integer("cells", 1, 50), tokens.integer("questions", 0, 50)
            pairs = [Pair(k, tokens.integer("from", 0, cells - 1), tokens.integer("to", 0, cells - 1))
                     for k in range(1, count + 1)]
            yield Line(number, cells, pairs)

    def questions(self, line):
        return iter(line.pairs)

    def format_answer(self, line, pair, answer):
        return f"{answer}\\n"
'''


def hops(tmp_path):
    (tmp_path / "hops.py").write_text(HOPS)
    return tmp_path


def test_each_question_is_answered_on_the_one_graph_its_instance_shares(tmp_path):
    namespace: dict = {}
    exec(compile(HOPS, "hops.py", "exec"), namespace)
    puzzle = namespace["Hops"]()
    text = "5 3\n0 4\n3 1\n2 2\n7 2\n1 6\n6 0\n"
    assert puzzle.solve_text(text) == "2\n-1\n0\n3\n-1\n"  # (4 - 0) / 2 hops; none leftwards; (6 - 1) / 2 rounded up
    assert namespace["HopRules"].built == [1, 2]  # one graph a line, not one a question
    model = puzzle.model()
    assert model.decode_needs_path is False
    line = next(puzzle.parse("5 1\n0 4\n"))
    built = model(line)
    with built.state_graph(line.pairs[0]) as graph:
        assert "start" in graph.graph
    assert "start" not in built.export_graph()  # handed back once the question is done with it


def test_export_writes_the_graph_the_rules_export(tmp_path):
    folder = hops(tmp_path)
    done = run_cli("export", "hops:Hops", "-", "--query", "2", "--format", "json", "-o", "-",
                   stdin=b"5 2\n0 4\n3 1\n", cwd=folder, separate=True, binary=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    written = json.loads(done.stdout)
    nodes = {node["id"] for node in written["nodes"]}
    # the whole line the rules export (the state graph holds only start, 3 and 4), the start attached
    assert nodes == {"0", "1", "2", "3", "4", "start"}
    solved = run_cli("solve", "hops:Hops", "-", stdin=b"5 2\n0 4\n3 1\n", cwd=folder, separate=True, binary=True,
                     timeout=120)
    assert solved.stdout == b"2\n-1\n"


@dataclass(frozen=True)
class _Cell:
    cells: int


class _OneQuestion(SuccessorPuzzle):
    """Without ``ask``, a question is its instance: the rules see the instance itself."""

    name, summary, sample, output = "one", "one question an instance", "3\n", COST

    def read(self, tokens: Tokens, limits):
        return _Cell(tokens.integer("cells", 1, 9))

    def start(self, cell):
        return 0

    def is_goal(self, cell, state):
        return state == cell.cells - 1

    def moves(self, cell, state):
        if state + 1 < cell.cells:
            yield "R", state + 1, 1

    def export_graph(self, cell):
        graph = nx.DiGraph()
        graph.add_node("everything")
        return graph


def test_without_ask_the_rules_see_the_instance_and_export_their_graph():
    puzzle = _OneQuestion()
    assert puzzle.solve_text("3\n4\n") == "2\n3\n"
    instance = next(puzzle.parse("3\n"))
    model = puzzle.model()(instance)
    with model.state_graph(instance):
        assert set(model.export_graph()) == {"everything"}
    assert isinstance(model._state_model, StateGraph)
