"""``compare`` builds each model's graph once per instance and runs every routine on it: no
routine's row may differ from the row it gets run alone (a lazy graph's ``built`` included), and a
routine of your own that writes to the graph it is given spoils nothing for the next one (its
writes stay in its own process; it is judged on its answer)."""

from __future__ import annotations

import re

import pytest

import stategraph.graph.explore as explore_module
from stategraph import Settings, get_puzzle
from stategraph.errors import SearchNotApplicable
from stategraph.views.compare import combinations, compare

COUNTING = '''
from stategraph import COST, SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile


class Line:
    """x, stepping by 1 or 2 up to n"""

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1
        if x + 2 <= n:
            yield "+2", x + 2, 1


class Stepped(Line):
    """(x, steps taken mod 2)"""

    def start(self, n):
        return 0, 0

    def is_goal(self, n, state):
        return state[0] == n

    def moves(self, n, state):
        for label, x, cost in Line.moves(self, n, state[0]):
            yield label, (x, 1 - state[1]), cost


class Counting(SuccessorPuzzle):
    name, summary, sample = "counting", "0 to n by +1 or +2", "3\\n"
    counted, output = True, COST
    models = {"line": Line, "stepped": Stepped}

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 1000)


class LazyCounting(Counting):
    name = "lazy_counting"
    profile = WeightProfile(unit=True)  # declared: a search builds only what it reaches
'''

SCRIBBLE = '''
import networkx as nx


def scribble(graph, source, targets, *, zero, weight, heuristic):
    """sets every move's weight to 0"""
    for u, v in list(graph.edges):
        graph[u][v][weight] = 0
    return nx.single_source_dijkstra_path_length(graph, source, weight=weight)


def scribble_inside(graph, source, targets, *, zero, weight, heuristic):
    """the same, through the graph networkx's views are of"""
    for u, v in list(graph.edges):
        graph.succ[u][v][weight] = 0
    return {source: zero}
'''

INPUT = "4\n5\n8\n0\n13\n"  # counted: four instances


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "counting.py").write_text(COUNTING)
    (tmp_path / "scribble.py").write_text(SCRIBBLE)
    monkeypatch.chdir(tmp_path)  # where a routine of your own is looked for
    return tmp_path


def _explores(monkeypatch) -> list:
    """The rules explored whole (a model built): each call's instance, in a list that grows."""
    calls: list = []
    whole = explore_module.explore

    def counted(rules, instance, **limits):
        calls.append((type(rules).__name__, instance))
        return whole(rules, instance, **limits)

    monkeypatch.setattr(explore_module, "explore", counted)
    return calls


def test_each_model_is_explored_once_per_instance(folder, monkeypatch):
    puzzle = get_puzzle("counting:Counting", str(folder))
    calls = _explores(monkeypatch)
    tables = compare(puzzle, INPUT)
    routines = {model: sum(1 for m, _ in combinations(puzzle) if m == model) for model in puzzle.models}
    assert min(routines.values()) >= 5  # each model is searched by several routines...
    assert len(tables) == 4 and all(len(table["rows"]) == sum(routines.values()) for table in tables)
    assert sorted(calls) == sorted((rules, n) for rules in ("Line", "Stepped") for n in (5, 8, 0, 13))  # ...built once


@pytest.mark.parametrize("name", ["counting:Counting", "counting:LazyCounting", "pushing_boxes", "arrow_maze",
                                  "huarong"])
def test_every_row_is_the_row_its_pair_gets_alone(folder, name):
    """Times aside: a lazy graph's ``built`` (each routine counts what it built), sizes, answers."""
    puzzle = get_puzzle(name, str(folder))
    text = INPUT if name.startswith("counting") else puzzle.sample_text()
    together = compare(puzzle, text)
    for pair in combinations(puzzle):
        rows = [[row for row in table["rows"] if (row["model"], row["algorithm"]) == pair] for table in together]
        if rows[0][0]["cost"] == "refused":  # refused by the first graph: alone, the comparison stops there
            with pytest.raises(SearchNotApplicable):
                compare(puzzle, text, [pair])
            continue
        alone = compare(puzzle, text, [pair])
        assert [_untimed(row) for [row] in rows] == [_untimed(row) for table in alone for row in table["rows"]], pair
    if name == "counting:LazyCounting":  # the routines that grow the graph built less than the whole of it
        assert any(row["built"] < row["states"] for table in together for row in table["rows"])


def _untimed(row: dict) -> dict:
    return {key: value for key, value in row.items() if key not in ("compile_ms", "search_ms", "agrees")}


@pytest.mark.parametrize("routine", ["scribble", "scribble_inside"])
@pytest.mark.parametrize("name", ["counting:Counting", "counting:LazyCounting"])
def test_a_routine_writing_to_its_graph_spoils_nothing_for_the_next(folder, name, routine):
    puzzle = get_puzzle(name, str(folder))
    spec = f"scribble:{routine}"
    others = [("line", "dijkstra"), ("line", "spfa"), ("line", "networkx")]
    tables = compare(puzzle, INPUT, [others[0], ("line", spec), *others[1:]], base=Settings.of(puzzle, algorithm=spec))
    clean = compare(puzzle, INPUT, others)
    for table, fresh in zip(tables, clean):
        first, scribbled, *rest = table["rows"]
        rows = [first, *rest]
        # its zeroes stayed in its own process: it is judged on its answer, wrong from the first move on
        assert scribbled["algorithm"] == spec
        if first["cost"] == "0":  # the start is the goal: its one distance, 0, is right
            assert (scribbled["cost"], scribbled.get("wrong")) == ("0", None)
        else:
            assert scribbled["cost"] == "wrong"
            assert re.fullmatch(rf"{spec} gave state '\d+' (the distance 0|no distance), but it lies on an "
                                r"optimal path, at distance 1 \(by dijkstra\)", scribbled["wrong"])
        assert [_untimed(row) for row in rows] == [_untimed(row) for row in fresh["rows"]]
        assert rows[0]["cost"] == fresh["rows"][0]["cost"] != "0 moves" and rows[0]["agrees"]
