"""Broken plug-ins, named ``module:Class``: each is a one-line error with exit status 2, never a traceback.

Every case writes a small module into a temporary directory and runs the command line there
(``stategraph solve``, in this process: tests/cli_runner.py), naming the plug-in either in a config
file (``puzzle:``) or on the command line.  The message must name what is missing, so a newcomer knows what to fix.
"""

from __future__ import annotations

import textwrap

import pytest

from cli_runner import run_cli

# A plug-in that keeps the contract; the broken cases below each change one thing.  Its one
# instance has two optimal paths s-a-t and s-b-t, so the tie-break has work to do.
PRELUDE = '''
from contextlib import contextmanager

import networkx as nx

from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.contract.puzzle import Model, Puzzle

EDGES = [("s", "a", {"weight": 1, "rank": 0}), ("s", "b", {"weight": 1, "rank": 1}),
         ("a", "t", {"weight": 1, "rank": 0}), ("b", "t", {"weight": 1, "rank": 0})]


class GoodModel(Model):
    name, summary = "m", "a test model"
    profile = WeightProfile(unit=True)
    edges = EDGES
    graph_class = nx.DiGraph
    source = "s"

    @contextmanager
    def state_graph(self, question):
        graph = self.graph_class()
        for u, v, attrs in self.edges:
            graph.add_edge(u, v, **attrs)
        yield StateGraph(graph, self.source, frozenset({"t"}))

    def decode(self, question, solution):
        return solution.cost


class GoodPuzzle(Puzzle):
    name, summary, sample = "tiny", "a test puzzle", "x\\n"
    models = {"m": GoodModel}

    def parse(self, data, source="<input>", limits=None):
        yield 1

    def format_answer(self, instance, question, answer):
        return f"{answer}\\n"
'''

# id -> (module text after the prelude (None: no module file at all), the spec, words the message must hold)
CASES = {
    "missing module": (None, "no_such_plugin:Puzzle", ["no file no_such_plugin.py in the"]),
    "missing class": ("", "plug:NoSuchClass", ["has no class 'NoSuchClass'"]),
    "not a Puzzle subclass": ("class NotAPuzzle:\n    pass\n", "plug:NotAPuzzle",
                              ["'NotAPuzzle'", "not a subclass", "Puzzle"]),
    "Puzzle missing parse": ('''
class NoParse(Puzzle):
    name, summary, sample = "tiny", "a test puzzle", "x\\n"
    models = {"m": GoodModel}
    def format_answer(self, instance, question, answer):
        return f"{answer}\\n"
''', "plug:NoParse", ["does not define", "parse"]),
    "Puzzle missing format_answer": ('''
class NoFormat(Puzzle):
    name, summary, sample = "tiny", "a test puzzle", "x\\n"
    models = {"m": GoodModel}
    def parse(self, data, source="<input>", limits=None):
        yield 1
''', "plug:NoFormat", ["does not define", "format_answer"]),
    "Puzzle missing sample": ('''
class NoSample(GoodPuzzle):
    pass
del GoodPuzzle.sample
''', "plug:NoSample", ["sample"]),
    "model missing decode": ('''
class NoDecode(Model):
    name, summary = "m", "a test model"
    profile = WeightProfile(unit=True)
    state_graph = GoodModel.state_graph
class P(GoodPuzzle):
    models = {"m": NoDecode}
''', "plug:P", ["model 'm'", "decode"]),
    "model missing profile": ('''
class NoProfile(GoodModel):
    pass
del GoodModel.profile
class P(GoodPuzzle):
    models = {"m": NoProfile}
''', "plug:P", ["model 'm'", "profile"]),
    "models holds an instance": ('''
class P(GoodPuzzle):
    models = {"m": GoodModel(None)}
''', "plug:P", ["model 'm'", "not a subclass", "Model"]),
    "models key differs from the model's name": ('''
class P(GoodPuzzle):
    models = {"m2": GoodModel}
''', "plug:P", ["'m2'", "'m'"]),
    "models is not a dict": ('''
class P(GoodPuzzle):
    models = [GoodModel]
''', "plug:P", ["'models'", "map"]),
    "import raises": ('raise RuntimeError("the plug-in is broken on purpose")\n', "plug:GoodPuzzle",
                      ["importing 'plug' failed", "RuntimeError", "broken on purpose"]),
    "syntax error": ("def broken(:\n", "plug:GoodPuzzle", ["importing 'plug' failed", "SyntaxError"]),
    "creating the puzzle raises": ('''
class P(GoodPuzzle):
    def __init__(self):
        raise ValueError("no puzzle today")
''', "plug:P", ["creating it failed", "no puzzle today"]),
    "edge without weight": ('''
class M(GoodModel):
    edges = [("s", "a", {"rank": 0}), ("a", "t", {"weight": 1, "rank": 0})]
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["'weight'"]),
    "edge weight is a string": ('''
class M(GoodModel):
    edges = [("s", "a", {"weight": "1", "rank": 0}), ("a", "t", {"weight": 1, "rank": 0})]
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["'weight'", "number"]),
    "edge without rank at a tie": ('''
class M(GoodModel):
    edges = [("s", "a", {"weight": 1}), ("s", "b", {"weight": 1}),
             ("a", "t", {"weight": 1, "rank": 0}), ("b", "t", {"weight": 1, "rank": 0})]
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["'rank'"]),
    "two tied edges with the same rank": ('''
class M(GoodModel):
    edges = [("s", "a", {"weight": 1, "rank": 0}), ("s", "b", {"weight": 1, "rank": 0}),
             ("a", "t", {"weight": 1, "rank": 0}), ("b", "t", {"weight": 1, "rank": 0})]
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["same rank"]),
    "source not in the graph": ('''
class M(GoodModel):
    source = "nowhere"
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["source", "'nowhere'", "not a node"]),
    "undirected graph": ('''
class M(GoodModel):
    graph_class = nx.Graph
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["directed", "Graph"]),
    "state_graph is not a context manager": ('''
class M(GoodModel):
    def state_graph(self, question):
        graph = nx.DiGraph()
        graph.add_edge("s", "t", weight=1, rank=0)
        return StateGraph(graph, "s", frozenset({"t"}))
class P(GoodPuzzle):
    models = {"m": M}
''', "plug:P", ["state_graph", "context manager"]),
    "parse forgets to return": ('''
class P(GoodPuzzle):
    def parse(self, data, source="<input>", limits=None):
        iter([1])
''', "plug:P", ["parse", "iterable"]),
    "format_answer returns a number": ('''
class P(GoodPuzzle):
    def format_answer(self, instance, question, answer):
        return answer
''', "plug:P", ["format_answer", "str"]),
    "declared unit profile, heavier edges": ('''
class M(GoodModel):
    edges = [("s", "t", {"weight": 2, "rank": 0})]
class P(GoodPuzzle):
    models = {"m": M}
    default_algorithm = "bfs"
''', "plug:P", ["bfs", "weight"]),
    "model forgets super().__init__": ("""
class Forgets(GoodModel):
    def __init__(self, instance):
        self.forgot = True
class P(GoodPuzzle):
    models = {"m": Forgets}
""", "plug:P", ["__init__", "super().__init__(instance)"]),
    "source is a dict": ("""
class DictSource(GoodModel):
    source = {"cell": 1}
class P(GoodPuzzle):
    models = {"m": DictSource}
""", "plug:P", ["source", "cannot be hashed", "dict"]),
}

# how each case names its plug-in: by a config file (as examples/ice_maze does) or on the command line
BY_CONFIG = {"missing module", "missing class", "Puzzle missing parse", "model missing decode",
             "models is not a dict", "import raises", "edge without weight", "source not in the graph",
             "state_graph is not a context manager", "parse forgets to return",
             "declared unit profile, heavier edges"}


def run_plugin(folder, case: str):
    module, spec, _ = CASES[case]
    if module is not None:
        (folder / "plug.py").write_text(PRELUDE + textwrap.dedent(module))
    (folder / "input.txt").write_text("x\n")
    if case in BY_CONFIG:
        (folder / "puzzle.yaml").write_text(f"puzzle: {spec}\n")
        args = ["solve", "--config", "puzzle.yaml", "input.txt"]
    else:
        args = ["solve", spec, "input.txt"]
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None})


def test_the_good_plugin_works(tmp_path, stategraph_cli):
    """The prelude itself keeps the contract: every broken case differs from a working plug-in."""
    (tmp_path / "plug.py").write_text(PRELUDE)
    (tmp_path / "input.txt").write_text("x\n")
    done = stategraph_cli("solve", "plug:GoodPuzzle", "input.txt", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "2\n", "")


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_plugin_is_one_line_and_status_2(case, tmp_path):
    done = run_plugin(tmp_path, case)
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("stategraph: error:"), done.stderr
    for words in CASES[case][2]:
        assert words in lines[0], f"{words!r} not in {lines[0]!r}"
    assert done.stdout == ""


@pytest.mark.parametrize("command", [["solve", "--verify", "plug:GoodPuzzle", "input.txt"],
                                     ["check", "plug:GoodPuzzle", "input.txt", "answers.txt"]])
def test_verify_and_check_without_a_checker_are_status_2_not_a_wrong_answer(command, tmp_path, stategraph_cli):
    (tmp_path / "plug.py").write_text(PRELUDE)
    (tmp_path / "input.txt").write_text("x\n")
    (tmp_path / "answers.txt").write_text("2\n")
    done = stategraph_cli(*command, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("stategraph: error: tiny has no") and "checker" in done.stderr
    assert len(done.stderr.splitlines()) == 1


FLOATS = """
class FloatModel(GoodModel):
    edges = [(u, v, {**attrs, "weight": 1.0}) for u, v, attrs in EDGES]
class P(GoodPuzzle):
    models = {"m": FloatModel}
"""


def test_float_costs_print_alike_whatever_the_routine(tmp_path, stategraph_cli):
    (tmp_path / "plug.py").write_text(PRELUDE + FLOATS)
    (tmp_path / "input.txt").write_text("x\n")
    printed = set()
    for routine in ("bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"):
        done = stategraph_cli("solve", "plug:P", "input.txt", "-a", routine, cwd=tmp_path, separate=True, timeout=60)
        assert done.returncode == 0, done.stderr
        printed.add(done.stdout)
    assert printed == {"2.0\n"}
