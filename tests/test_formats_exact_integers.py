"""Integers past a float's precision and past 64 bits survive `export` and `stategraph search` exactly.

A plug-in whose moves cost about 10**30 is exported in every format, and `stategraph search` on each
file prints the exact optimum, the sum computed here.  GraphML and GEXF declare an integer attribute
with a value outside 64 bits (their `long`) a `string` of its digits, and networkx's own readers read
every file; a GEXF attribute mixing integers and floats is declared `double` (networkx declares it by
its first value, and then cannot read the file back).
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph.io.graph_write import write_graph

HUGE = 10**30
STEPS = 5  # the instance: from 0 to STEPS
PLUGIN = f'''
from stategraph import SuccessorPuzzle
from stategraph.graph.weights import Lex

HUGE = {HUGE}


class Line(SuccessorPuzzle):
    """From 0 to n by "a" (x -> x + 1, costs HUGE + x) or "jump" (x -> x + 2, one more than two a's)."""

    name, summary, sample = "line", "a line of huge moves", "3\\n"

    def cost(self, primary, secondary):
        return primary

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 10)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "a", x + 1, self.cost(HUGE + x, x)
        if x + 2 <= n:
            yield "jump", x + 2, self.cost(2 * HUGE + 2 * x + 2, 0)


class LexLine(Line):
    name = "lex_line"

    def cost(self, primary, secondary):
        return Lex(primary, secondary)


class Mixed(Line):
    """Steps of 0.5 and 1 by turns: a state's dist is 0 (an int) at the start, floats after."""

    name = "mixed"

    def moves(self, n, x):
        if x < n:
            yield "a", x + 1, 0.5 if x % 2 == 0 else 1
'''
SEARCHED = ("graphml", "gexf", "json")  # what `stategraph search` reads; DOT is written only


def stategraph(folder, *args):
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None})  # in this process


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "plug.py").write_text(PLUGIN)
    (tmp_path / "in.txt").write_text(f"{STEPS}\n")
    return tmp_path


def exported(folder, puzzle: str, fmt: str) -> str:
    path = folder / f"{puzzle}.{fmt}"
    done = stategraph(folder, "export", f"plug:{puzzle}", "in.txt", "-o", path)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return str(path)


def searched(path: str) -> list[str]:
    done = stategraph(os.path.dirname(path), "search", path)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout.splitlines()


def path_lines(cost: str) -> list[str]:
    """What `search` prints for the optimum: every step an "a" (a "jump" costs one more than two)."""
    return [f"cost: {cost}", "0\t-\t0"] + [f"{x}\ta\t{x}" for x in range(1, STEPS + 1)]


@pytest.mark.parametrize("fmt", SEARCHED)
def test_a_huge_integer_cost_is_searched_back_exactly(fmt, folder):
    total = sum(HUGE + x for x in range(STEPS))
    assert float(total) != total  # a float would not hold it
    assert searched(exported(folder, "Line", fmt)) == path_lines(str(total))


@pytest.mark.parametrize("fmt", SEARCHED)
def test_a_huge_lexicographic_cost_is_searched_back_exactly(fmt, folder):
    primary, secondary = sum(HUGE + x for x in range(STEPS)), sum(range(STEPS))
    assert searched(exported(folder, "LexLine", fmt)) == path_lines(f"({primary}, {secondary})")


def test_dot_holds_the_exact_digits(folder):
    pytest.importorskip("pydot")
    total = sum(HUGE + x for x in range(STEPS))
    text = open(exported(folder, "Line", "dot")).read()
    assert f'cost="{total}"' in text and f'weight="{HUGE}"' in text


def test_networkx_reads_the_huge_integers_as_their_digits(folder):
    """Where the file declares the type, networkx reads what it declares: the digits, exactly."""
    total = sum(HUGE + x for x in range(STEPS))
    graphml = nx.read_graphml(exported(folder, "Line", "graphml"))
    assert graphml.graph["cost"] == str(total) and graphml.nodes[str(STEPS)]["dist"] == str(total)
    assert graphml.edges["0", "1"]["weight"] == str(HUGE)
    gexf = nx.read_gexf(exported(folder, "Line", "gexf"))
    assert gexf.nodes[str(STEPS)]["dist"] == str(total)
    assert gexf.edges["0", "1"]["weight"] == float(HUGE)  # GEXF's own weight is a float (its digits are exact)
    lex = nx.read_gexf(exported(folder, "LexLine", "gexf"))
    assert lex.edges["0", "1"]["primary"] == str(HUGE) and lex.edges["0", "1"]["secondary"] == 0


@pytest.mark.parametrize("fmt", SEARCHED)
def test_an_attribute_of_integers_and_floats_reads_back(fmt, folder):
    costs = [0.5 if x % 2 == 0 else 1 for x in range(STEPS)]
    path = exported(folder, "Mixed", fmt)
    assert searched(path) == path_lines(str(sum(costs)))
    if fmt == "gexf":
        dist = nx.read_gexf(path).nodes(data="dist")
        assert dist["0"] == 0.0 and dist["2"] == costs[0] + costs[1]


def declared_types(path: str, fmt: str) -> dict:
    """``{attribute name: declared type}`` of a GraphML or GEXF file, read with ElementTree."""
    root = ET.parse(path).getroot()
    if fmt == "graphml":
        return {key.get("attr.name"): key.get("attr.type") for key in root.iterfind(".//{*}key")}
    return {attribute.get("title"): attribute.get("type") for attribute in root.iterfind(".//{*}attribute")}


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_long_is_declared_exactly_for_64_bit_integers(fmt, tmp_path):
    """Signed 64 bits is -2**63 .. 2**63 - 1 (GraphML's and GEXF's long, Java's long)."""
    flat = nx.DiGraph()
    values = {"inside": [2**63 - 1, -(2**63)], "above": [1, 2**63], "below": [-(2**63) - 1, 0]}
    for i in range(2):
        flat.add_node(f"n{i}", label=f"n{i}", **{name: pair[i] for name, pair in values.items()})
    path = str(tmp_path / f"g.{fmt}")
    write_graph(flat, path, fmt)
    types = declared_types(path, fmt)
    assert (types["inside"], types["above"], types["below"]) == ("long", "string", "string")
    read = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    assert [read.nodes[n]["inside"] for n in ("n0", "n1")] == values["inside"]
    assert [read.nodes[n]["above"] for n in ("n0", "n1")] == [str(v) for v in values["above"]]
    text = open(path).read()
    assert all(re.search(rf'"{v}"|>{v}<', text) for pair in values.values() for v in pair)


@pytest.mark.parametrize("puzzle", ["Line", "LexLine"])
def test_a_cost_too_long_to_print_is_refused_and_one_just_under_is_exact(puzzle, folder):
    """Python prints an int of at most 4,300 digits: a cost of 4,001 digits is one line, exit 2."""
    def with_huge(value: int) -> None:
        (folder / "plug.py").write_text(PLUGIN.replace(f"HUGE = {HUGE}", f"HUGE = {value}"))

    with_huge(10**4000)
    done = stategraph(folder, "solve", f"plug:{puzzle}", "in.txt")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert "an integer cost has at most 4,000 digits" in line, line
    with_huge(10**3998)
    done = stategraph(folder, "solve", f"plug:{puzzle}", "in.txt")
    assert done.returncode == 0, done.stderr
    cost = sum(10**3998 + x for x in range(STEPS))  # every step an "a", as path_lines says
    printed = done.stdout.split()[0] if puzzle == "Line" else done.stdout.split()[0].strip("(,")
    assert printed == str(cost), done.stdout[:80]
