"""`stategraph search GRAPHFILE`: an exported graph, edited or not, searched again from its marks."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph.puzzles import sample_text
from stategraph.solving.driver import applicable_algorithms

HUARONG_3X3 = "3 3 3\n1 1 1\n1 1 1\n1 1 1\n1 1 2 2 3 3\n3 3 1 1 1 3\n2 2 1 1 3 1\n"
CASES = {"pushing_boxes": (sample_text("pushing_boxes"), 3, 1), "huarong": (HUARONG_3X3, 1, 2),
         "arrow_maze": (sample_text("arrow_maze"), 1, 1)}
GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


stategraph = run_cli  # the shared runner (tests/cli_runner.py), in this process


def export(puzzle: str, folder, fmt: str) -> tuple:
    """The exported file of the case and the solve's JSON answer for the same question."""
    text, instance, query = CASES[puzzle]
    source = folder / f"{puzzle}.txt"
    source.write_text(text)
    target = folder / f"{puzzle}.{fmt}"
    done = stategraph("export", puzzle, str(source), "-o", str(target), "--instance", str(instance),
                      "--query", str(query))
    assert done.returncode == 0, done.stderr
    solved = stategraph("solve", puzzle, str(source), "--format", "json")
    answer = next(o for o in map(json.loads, solved.stdout.splitlines())
                  if (o["instance"], o["query"]) == (instance, query))
    return target, answer


def searched(path, algorithm: str = "dijkstra") -> tuple:
    done = stategraph("search", str(path), "-a", algorithm)
    assert done.returncode == 0, done.stderr
    first, *steps = done.stdout.splitlines()
    assert first.startswith("cost: ")
    return first.removeprefix("cost: "), [line.split("\t") for line in steps]


def shown(cost: dict) -> str:
    return f"({cost['primary']}, {cost['secondary']})" if "primary" in cost else str(cost["cost"])


# the same check in two more formats per puzzle; json stays quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_search_gives_the_cost_of_solve[pushing_boxes-graphml]",
    "test_search_gives_the_cost_of_solve[pushing_boxes-gexf]",
    "test_search_gives_the_cost_of_solve[huarong-graphml]",
    "test_search_gives_the_cost_of_solve[huarong-gexf]",
    "test_search_gives_the_cost_of_solve[arrow_maze-graphml]",
    "test_search_gives_the_cost_of_solve[arrow_maze-gexf]",
}


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
@pytest.mark.parametrize("puzzle", list(CASES))
def test_search_gives_the_cost_of_solve(puzzle, fmt, tmp_path):
    path, answer = export(puzzle, tmp_path, fmt)
    algorithms = [a for a in applicable_algorithms(puzzle) if a != "astar"]  # a file carries no heuristic
    for algorithm in algorithms:
        cost, steps = searched(path, algorithm)
        assert cost == shown(answer["cost"]), algorithm
        assert [label for _, _, label in steps] == answer["path"]
    done = stategraph("search", str(path), "-a", "astar")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "heuristic" in done.stderr


@pytest.mark.parametrize("puzzle", list(CASES))
def test_search_after_removing_an_edge_of_the_path(puzzle, tmp_path):
    path, answer = export(puzzle, tmp_path, "graphml")
    tree = ET.parse(path)  # a hand edit: drop the last marked edge from the file
    keys = {k.get("attr.name"): k.get("id") for k in tree.getroot().iter(f"{GRAPHML}key") if k.get("for") == "edge"}
    graph_element = tree.getroot().find(f"{GRAPHML}graph")
    marked = [e for e in graph_element.iter(f"{GRAPHML}edge")
              if any(d.get("key") == keys["on_path"] and d.text == "true" for d in e)]
    graph_element.remove(marked[-1])
    edited = tmp_path / "edited.graphml"
    tree.write(edited, encoding="utf-8", xml_declaration=True)

    graph = nx.read_graphml(edited)  # the new optimum, found independently
    start = next(n for n, kind in graph.nodes(data="kind") if kind == "start")
    lengths = nx.single_source_dijkstra_path_length(graph, start, weight="weight")
    reached = [lengths[n] for n, kind in graph.nodes(data="kind") if kind == "target" and n in lengths]
    cost, steps = searched(edited)
    if not reached:
        assert cost.startswith("none")
        return
    best = min(reached)
    if "primary" in answer["cost"]:
        primary, secondary = (int(x) for x in cost.strip("()").split(","))
        assert primary * graph.graph["weight_base"] + secondary == best
    else:
        assert int(cost) == best
    assert best >= graph.graph["cost"]
    labels = [label for _, _, label in steps]
    assert labels[0] == start and graph.nodes[labels[-1]]["kind"] == "target"


def test_search_of_a_graph_written_by_a_script(tmp_path):
    graph = nx.DiGraph()
    graph.add_node("a", kind="start")
    graph.add_node("b", kind="state")
    graph.add_node("c", kind="target")
    graph.add_edge("a", "b", weight=1.5, label="one")
    graph.add_edge("b", "c", weight=1.5, label="two")
    graph.add_edge("a", "c", weight=4, label="direct")
    path = tmp_path / "script.json"
    path.write_text(json.dumps(nx.node_link_data(graph, edges="links")))
    assert searched(path) == ("3.0", [["0", "-", "a"], ["1", "one", "b"], ["2", "two", "c"]])


@pytest.mark.parametrize("name, content, message", [
    ("folder", None, "Is a directory"),
    ("missing.graphml", False, "No such file or directory"),
    ("garbage.graphml", "<graphml><graph><node", "not a readable graph file"),
    ("plain.txt", "hello", "not a GraphML, GEXF or node-link JSON file"),
    ("nostart.json", json.dumps({"directed": True, "nodes": [{"id": 1}], "edges": []}), "no node of kind 'start'"),
    ("badweight.json", json.dumps({"directed": True, "nodes": [{"id": 1, "kind": "start"}, {"id": 2}],
                                   "edges": [{"source": 1, "target": 2, "weight": "x"}]}), "no numeric weight"),
])
def test_bad_graph_files_are_one_line_and_exit_2(name, content, message, tmp_path):
    path = tmp_path / name
    if content is None:
        path.mkdir()
    elif content is not False:
        path.write_text(content)
    done = stategraph("search", str(path))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("stategraph: error: ") and message in done.stderr
