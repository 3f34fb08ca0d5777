"""A compiled graph's edge attribute dicts are read-only: the built-in models share one dict among
the edges that carry the same attributes, so a command that wrote to one would change other edges
(and other mazes) behind its back.

Every state graph compiled while a command runs is watched: each of its edge dicts is copied when
the graph is compiled and compared with the live dict once the command is done.
"""

from __future__ import annotations

import pytest

from stategraph import get_puzzle
from stategraph.cli.main import main
from stategraph.graph.dicts import LazyGraph, _Expanding, successors
from stategraph.graph.state_graph import StateGraph

FAST_MODELS = {"pushing_boxes": "box_side", "huarong": "piece_side", "arrow_maze": "cell_heading"}


class Watch:
    """The edge dicts of every graph compiled so far, each with its items when first seen."""

    def __init__(self):
        self.seen: dict[int, tuple[dict, list]] = {}
        self.graphs: list[tuple[int, int]] = []  # per graph compiled: (edges, distinct edge dicts)

    def graph(self, graph) -> None:
        dicts = [attrs for out in successors(graph).values() for attrs in out.values()]
        self.graphs.append((len(dicts), len({id(attrs) for attrs in dicts})))
        self.edges(dicts)

    def edges(self, dicts) -> None:
        for attrs in dicts:
            self.seen.setdefault(id(attrs), (attrs, list(attrs.items())))

    def changed(self) -> list[tuple[list, list]]:
        return [(before, list(attrs.items())) for attrs, before in self.seen.values() if list(attrs.items()) != before]


# every command again per puzzle; huarong's stays quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_no_command_writes_to_a_compiled_graphs_edge_dicts[arrow_maze]",
    "test_no_command_writes_to_a_compiled_graphs_edge_dicts[pushing_boxes]",
}


@pytest.fixture
def watch(monkeypatch):
    found = Watch()
    compile_graph = StateGraph.__init__

    def watched(self, graph, *args, **kwargs):
        compile_graph(self, graph, *args, **kwargs)
        found.graph(graph)

    monkeypatch.setattr(StateGraph, "__init__", watched)
    # an expanding state graph: its whole graph when built, and each state's moves as a search adds them
    whole = LazyGraph.whole

    def watched_whole(self, source):
        graph = whole(self, source)
        found.graph(graph)
        return graph

    grow = _Expanding.__getitem__

    def watched_growth(self, state):
        out = grow(self, state)
        found.edges(out.values())
        return out

    monkeypatch.setattr(LazyGraph, "whole", watched_whole)
    monkeypatch.setattr(_Expanding, "__getitem__", watched_growth)
    return found


def commands(puzzle: str, given: str, out) -> list[list[str]]:
    """Every command that compiles the model's graphs and reads them: solve with every output,
    check, export in every format, view, explain, compare, draw."""
    answers = out / "answers.txt"
    runs = [["solve", puzzle, given, "--format", "json", "--stats", "--verify",
             "--export-graphml", str(out / "g{instance}.graphml")],
            ["check", puzzle, given, str(answers)]]
    runs += [["export", puzzle, given, "--format", fmt, "-o", str(out / f"g.{fmt}")]
             for fmt in ("graphml", "gexf", "json", "dot")]
    runs += [["export", puzzle, given, "--path-only", "-o", str(out / "path.graphml")],
             ["view", puzzle, given, "-o", str(out / "page.html")],
             ["explain", puzzle, given],
             ["compare", puzzle, given]]
    runs += [["draw", puzzle, given, "-o", str(out / "grid.svg")],
             ["draw", puzzle, given, "--graph", "-o", str(out / "graph.svg")],
             ["draw", puzzle, given, "--animate", str(out / "steps.gif")]]
    return runs


@pytest.mark.parametrize("puzzle", FAST_MODELS)
def test_no_command_writes_to_a_compiled_graphs_edge_dicts(puzzle, watch, tmp_path, capsys):
    given = tmp_path / "in.txt"
    given.write_text(get_puzzle(puzzle).sample_text())
    assert main(["solve", puzzle, str(given)]) == 0
    (tmp_path / "answers.txt").write_text(capsys.readouterr().out)
    watch.graphs.clear()  # the shared dicts of the first solve stay watched
    for args in commands(puzzle, str(given), tmp_path):
        assert main([*args[:3], "--model", FAST_MODELS[puzzle], *args[3:]]) == 0, args
        assert watch.changed() == [], args
    capsys.readouterr()
    # the watch saw the fast builders' graphs, and in them edges that share a dict
    assert watch.graphs and any(distinct < edges for edges, distinct in watch.graphs)


def test_the_watch_sees_a_write(watch, tmp_path, capsys):
    given = tmp_path / "in.txt"
    given.write_text(get_puzzle("arrow_maze").sample_text())
    assert main(["solve", "arrow_maze", str(given)]) == 0
    assert watch.changed() == []
    attrs, _ = next(iter(watch.seen.values()))
    attrs["label"] = "written"
    try:
        assert len(watch.changed()) == 1
    finally:
        del attrs["label"]
