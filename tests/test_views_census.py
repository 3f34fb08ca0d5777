"""``stategraph census``: the states at each distance from the start, over the whole state space,
for every puzzle and model, held to independent searches (a breadth-first search of the 8-puzzle
written apart, networkx's own shortest paths on random graphs), and the compact graph it reads
held to the networkx graph ``explore`` builds of the same rules."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from cli_runner import run_cli
from example_folders import EXAMPLES, example_puzzle
from example_references.sliding_tile import depth
from stategraph import COST, Lex, Settings, StategraphError, SuccessorPuzzle
from stategraph.graph.compact import explore_compact
from stategraph.graph.explore import explore
from stategraph.views.census import census

SOLVED = "1 2 3\n4 5 6\n7 8 0\n"


@pytest.mark.slow
def test_the_8_puzzle_census_from_the_solved_board_is_the_brute_forces(tmp_path):
    board = tmp_path / "solved.txt"
    board.write_text(SOLVED)
    done = run_cli("census", "--config", "puzzle.yaml", board, "--format", "json", cwd=EXAMPLES / "sliding_tile")
    assert done.status == 0, done.err
    found = json.loads(done.out)
    expected = sorted(Counter(depth().values()).items())
    assert [(row["distance"], row["states"]) for row in found["counts"]] == expected
    assert (found["states"], found["farthest"], found["goals"], found["all_reach_goal"]) == (181_440, 31, 1, True)
    assert sorted(example["label"] for example in found["examples"]) == ["647850321", "867254301"]


class RandomGraph(SuccessorPuzzle):
    """A random directed graph as rules: instance = (seed, lex); states 0..n-1, goals the
    multiples of 5, a move to each successor with its cost."""

    name, summary, sample, output = "random_graph", "a random graph", "1 0\n", COST

    def read(self, tokens, limits):
        return tokens.integer("seed", 0), tokens.integer("lex", 0, 1)

    def graph(self, instance):
        seed, lex = instance
        rng = random.Random(seed)
        n = rng.randint(1, 30)
        edges = {}
        for u in range(n):
            for v in rng.sample(range(n), rng.randint(0, min(n, 4))):
                edges[u, v] = Lex(rng.randint(0, 2), rng.randint(0, 5)) if lex else rng.choice((1, 1, 2, 3.5, 0))
        return n, edges

    def start(self, instance):
        return 0

    def is_goal(self, instance, state):
        return state % 5 == 4

    def moves(self, instance, state):
        n, edges = self.graph(instance)
        for v in range(n):
            if (state, v) in edges:
                yield f"to {v}", v, edges[state, v]


def networkx_census(puzzle: RandomGraph, instance) -> tuple[list, bool, int]:
    """The census by brute force: Bellman-Ford's distances (every edge relaxed n times) grouped,
    and networkx's reachability for who reaches a goal."""
    n, edges = puzzle.graph(instance)
    graph = nx.DiGraph()
    graph.add_node(0)
    graph.add_weighted_edges_from((u, v, w) for (u, v), w in edges.items())
    reached = nx.descendants(graph, 0) | {0}
    lex = instance[1] == 1 and any(u in reached for u, _ in edges)  # no move: no cost, no second part
    lengths = {0: Lex(0, 0) if lex else 0}
    for _ in range(n):
        for (u, v), w in edges.items():
            if u in lengths and (v not in lengths or lengths[u] + w < lengths[v]):
                lengths[v] = lengths[u] + w
    rows: dict = {}
    for d in lengths.values():
        key = d[0] if isinstance(d, Lex) else d
        second = d[1] if isinstance(d, Lex) else None
        least, most = rows.get(key, (None, None, None))[1:] if key in rows else (second, second)
        rows[key] = (rows.get(key, (0,))[0] + 1, min(least, second) if second is not None else None,
                     max(most, second) if second is not None else None)
    goals = {v for v in reached if v % 5 == 4}
    backwards = set(goals)
    for goal in goals:
        backwards |= nx.ancestors(graph, goal) & reached
    return [(key, *rows[key]) for key in sorted(rows)], backwards == reached, len(goals)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("lex", [0, 1])
def test_a_random_graphs_census_is_networkx_dijkstras(seed, lex):
    puzzle = RandomGraph()
    (found,) = census(puzzle, f"{seed} {lex}\n", Settings.of(puzzle))
    counts, all_reach, goals = networkx_census(puzzle, (seed, lex))
    assert found.counts == counts
    assert (found.all_reach_goal, found.goals) == (all_reach, goals)
    assert found.states == sum(row[1] for row in counts)


EXAMPLE_RULES = ["water_jug", "hanoi", "river_crossing", "knight", "keys_doors", "lights_out"]


@pytest.mark.parametrize("name", EXAMPLE_RULES)
def test_the_compact_graph_is_the_networkx_graph_explore_builds(name):
    """Every example's first instance, explored both ways: the same states (labels) and moves."""
    puzzle = example_puzzle(name)
    instance = next(puzzle.parse((EXAMPLES / name / "input.txt").read_text()))
    model = puzzle.model()
    rules, value = model.rules(instance), instance.value
    compact = explore_compact(rules, value, labelled=True).to_networkx()
    plain = explore(rules, value).graph
    assert dict(compact.nodes(data=True)) == dict(plain.nodes(data=True))
    assert sorted(compact.edges(data=True), key=repr) == sorted(plain.edges(data=True), key=repr)


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_every_built_in_has_a_census_in_text_json_and_csv(puzzle):
    sample = run_cli("sample", puzzle).out
    text, as_json, as_csv = (run_cli("census", puzzle, "--format", form, stdin=sample)
                             for form in ("text", "json", "csv"))
    assert (text.status, as_json.status, as_csv.status) == (0, 0, 0), text.err + as_json.err + as_csv.err
    records = [json.loads(line) for line in as_json.out.splitlines()]
    rows = as_csv.out.splitlines()[1:]
    assert len(rows) == sum(len(record["counts"]) for record in records)
    for record in records:
        assert sum(row["states"] for row in record["counts"]) == record["states"]
        assert f"{record['states']:,} states" in text.out


def test_the_plot_is_written_and_a_missing_instance_is_one_line(tmp_path):
    sample = run_cli("sample", "arrow_maze").out
    plot = tmp_path / "census.svg"
    done = run_cli("census", "arrow_maze", "--plot", plot, stdin=sample)
    assert done.status == 0 and plot.read_text().count('id="census-') == len(re.findall("^arrow_maze instance",
                                                                                         done.out, re.M))
    missing = run_cli("census", "arrow_maze", "--instance", "99", stdin=sample)
    assert (missing.status, missing.err) == (2, "stategraph: error: <stdin> has no instance 99\n")


def test_a_plug_ins_fault_in_its_moves_is_one_line_at_its_line(tmp_path):
    (tmp_path / "broken.py").write_text(
        "from stategraph import COST, SuccessorPuzzle\n"
        "class Broken(SuccessorPuzzle):\n"
        "    name, summary, sample, output = 'broken', 'b', '1\\n', COST\n"
        "    def read(self, tokens, limits): return tokens.integer('n', 0)\n"
        "    def start(self, n): return 0\n"
        "    def is_goal(self, n, x): return False\n"
        "    def moves(self, n, x):\n"
        "        yield 'up', x + 1, 1 // (3 - x)\n")
    done = run_cli("census", "broken:Broken", stdin="1\n", cwd=tmp_path)
    assert done.status == 2 and done.err.count("\n") == 1, done.err
    assert "broken.py:8" in done.err and "ZeroDivisionError" in done.err
    assert not Path(tmp_path / "census.svg").exists()


def test_negative_costs_are_one_line():
    class Downhill(RandomGraph):
        negative_costs = True

        def moves(self, instance, state):
            if state < 3:
                yield "down", state + 1, -1

    with pytest.raises(StategraphError, match="census needs costs that are not negative"):
        list(census(Downhill(), "1 0\n", Settings.of(Downhill())))


class OpenGrid(SuccessorPuzzle):
    """A walker on an open n x n grid: n*n states, 4n(n-1) moves."""

    name, summary, sample, output = "open_grid", "an open grid", "3\n", COST
    limits = {"max_states": 1_000_000}

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 1000)

    def start(self, n):
        return 0, 0

    def is_goal(self, n, cell):
        return cell == (n - 1, n - 1)

    def moves(self, n, cell):
        r, c = cell
        for name, (dr, dc) in (("N", (-1, 0)), ("S", (1, 0)), ("W", (0, -1)), ("E", (0, 1))):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                yield name, (r + dr, c + dc), 1


@pytest.mark.slow
def test_a_streamed_export_reads_back_in_networkx_and_igraph(tmp_path):
    """Written as the census walks (no networkx graph: benchmarks/census_memory.py measures that at
    scale), each format holds every state and move with its attributes."""
    import gzip

    import igraph

    side = 71  # 5,041 states, 19,880 moves: both written in several pieces of _CHUNK (4,096) elements
    module = tmp_path / "grids.py"
    module.write_text("import sys\nsys.path.insert(0, %r)\nfrom test_views_census import OpenGrid\n"
                      % str(Path(__file__).parent))
    moves = 4 * side * (side - 1)
    for name in ("grid.graphml", "grid.csv.gz"):
        done = run_cli("census", "grids:OpenGrid", "--export", tmp_path / name, "--format", "json",
                       stdin=f"{side}\n", cwd=tmp_path, separate=True)
        assert done.status == 0, done.err
        assert json.loads(done.out)["moves"] == moves
    read = igraph.Graph.Read_GraphML(str(tmp_path / "grid.graphml"))
    assert (read.vcount(), read.ecount(), read.is_directed()) == (side * side, moves, True)
    assert read.vs[0]["label"] == "(0, 0)" and read.vs[0]["kind"] == "start"
    assert sorted(read.es.select(_source=0)["label"]) == ["E", "S"] and set(read.es["weight"]) == {1}
    with gzip.open(tmp_path / "grid.csv.gz", "rt") as rows:
        header = next(rows)
        graph = nx.parse_edgelist(rows, delimiter=",", create_using=nx.DiGraph, nodetype=int,
                                  data=(("label", str), ("rank", int), ("weight", int)))
    assert header == "source,target,label,rank,weight\n"
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (side * side, moves)
    assert nx.shortest_path_length(graph, 0, side * side - 1) == 2 * (side - 1)


def test_a_graphml_export_reads_back_in_networkx_with_its_types(tmp_path):
    sample = "2 0\n"  # a random graph of numbers (floats among them)
    path = tmp_path / "g.graphml"
    (found,) = census(RandomGraph(), sample, Settings.of(RandomGraph()), export=str(path))
    graph = nx.read_graphml(path)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (found.states, found.moves)
    assert graph.nodes["0"]["kind"] == "start"
    n, edges = RandomGraph().graph((2, 0))
    labels = {graph.nodes[v]["label"]: v for v in graph}
    for u, v, attrs in graph.edges(data=True):
        assert attrs["weight"] == edges[int(graph.nodes[u]["label"]), int(graph.nodes[v]["label"])]
    assert len(labels) == found.states


def test_two_workers_give_one_workers_census_and_graph(monkeypatch):
    """Each layer split between two forked workers (from the smallest layer up): the same numbers,
    moves and census, and a fault in a worker is the rules' own, raised at its line."""
    from stategraph.graph import compact

    monkeypatch.setattr(compact, "PARALLEL_LAYER", 1)
    puzzle = OpenGrid()
    alone = explore_compact(puzzle, 30, max_states=10_000)
    both = explore_compact(puzzle, 30, max_states=10_000, jobs=2)
    assert (both.states, list(both.heads), list(both.offsets), both.goals) == (
        alone.states, list(alone.heads), list(alone.offsets), alone.goals)

    class Breaking(OpenGrid):
        def moves(self, n, cell):
            if cell == (3, 4):
                raise KeyError("the rules' own fault")
            yield from super().moves(n, cell)

    with pytest.raises(KeyError, match="the rules' own fault") as caught:
        explore_compact(Breaking(), 30, max_states=10_000, jobs=2)
    assert caught.traceback[-1].name == "moves"


SLOW_WORKERS = """
import sys, time
sys.path.insert(0, {tests!r})
from stategraph.graph import compact
from test_views_census import OpenGrid

class Slow(OpenGrid):
    def moves(self, n, cell):
        time.sleep(60 if cell == (2, 2) else 0)  # a worker busy for a minute
        yield from super().moves(n, cell)

compact.PARALLEL_LAYER = 1
compact.explore_compact(Slow(), 300, max_states=100_000, jobs=2)
"""


def test_census_workers_end_when_their_parent_is_killed():
    """A census killed by SIGKILL while a worker is busy leaves neither of its two behind."""
    import subprocess
    import sys
    import time

    from process_table import descendants, kill_all, left_alive

    process = subprocess.Popen([sys.executable, "-c", SLOW_WORKERS.format(tests=str(Path(__file__).parent))])
    try:
        deadline, workers = time.monotonic() + 30, set()
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = descendants(process.pid)
        assert len(workers) == 2 and process.poll() is None
        time.sleep(1)  # the layer with (2, 2) reached
        process.kill()
        process.wait(timeout=10)
        assert left_alive(workers, within=5) == []
    finally:
        process.kill()
        kill_all(descendants(process.pid) | workers)


@pytest.mark.parametrize("name, query", [("arrow_maze", None), ("huarong", 2), ("pushing_boxes", None)])
def test_the_page_shows_the_census_the_command_counts(name, query):
    from stategraph.views import page

    text = run_cli("sample", name).out
    shown = page(name, text, query=query).data["census"]
    args = ["--query", str(query)] if query else []
    (counted,) = [json.loads(line) for line in run_cli("census", name, "--instance", "1", *args, "--format", "json",
                                                       stdin=text).out.splitlines()]
    assert shown["rows"] == [[str(row["distance"]), row["states"]] for row in counted["counts"]]
    assert (shown["states"], shown["goals"], shown["all_reach_goal"]) == (
        counted["states"], counted["goals"], counted["all_reach_goal"])


def test_a_page_over_the_census_size_has_none(monkeypatch):
    import importlib

    pages = importlib.import_module("stategraph.views.page")
    monkeypatch.setattr(pages, "CENSUS_STATES", 3)
    assert pages.page("arrow_maze", run_cli("sample", "arrow_maze").out).data["census"] is None


def test_the_census_panel_in_a_browser(browser, tmp_path):
    from stategraph.views import page

    shown = page("arrow_maze", run_cli("sample", "arrow_maze").out)
    path = tmp_path / "page.html"
    shown.write(str(path))
    tab = browser.new_page(viewport={"width": 1024, "height": 900})
    tab.goto(path.as_uri())
    tab.wait_for_selector("body[data-ready=yes]")
    rows = tab.eval_on_selector_all("#census tbody tr", "rows => rows.map(r => [r.cells[0].textContent, "
                                    "r.cells[1].textContent, parseFloat(r.cells[2].firstChild.style.width)])")
    assert [row[:2] for row in rows] == [[d, str(n)] for d, n in shown.data["census"]["rows"]]
    assert rows[14][2] == 100 and rows[0][2] == 50  # distance 14 holds the most states, 2
    assert tab.is_visible("#census-panel")
    tab.close()
