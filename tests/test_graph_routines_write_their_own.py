"""A search routine of your own gets the state graph itself, in a process of its own (issue 43).

Textbook code marks the graph (``graph.nodes[v]["visited"] = True``) or writes an edge's weight:
that stays in the routine's process, the graph that judges it is as it was, and the routine is
judged on its answer alone: a right one prints the built-in ``dijkstra``'s bytes, a wrong one
(weights it zeroed, on edges that share one dict) is exit status 3 naming the first wrong state,
as the built-in check finds it.  The graph is frozen there: a move or state added is one line at
the routine's line, exit status 2.  Where nothing forks, the routine gets a frozen deep copy, whose edges share
their dicts as the graph's do.
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

import networkx as nx
import pytest

import random_inputs
from cli_runner import Result, run_cli

SAMPLE = Path(__file__).resolve().parent.parent / "src" / "stategraph" / "samples" / "huarong.txt"
ROUTINES = '''
"""Dijkstras written as a textbook does, for stategraph to run."""

import heapq
from itertools import count


def marking(graph, source, targets, *, zero, weight, heuristic, **options):
    """A textbook Dijkstra that marks each state it settles in the graph itself."""
    dist, heap, tie = {source: zero}, [(zero, 0, source)], count(1)
    while heap:
        d, _, u = heapq.heappop(heap)
        if graph.nodes[u].get("visited"):
            continue
        graph.nodes[u]["visited"] = True
        for v in graph.successors(u):
            nd = d + graph[u][v][weight]
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, next(tie), v))
    return dist


def zeroing(graph, source, targets, *, zero, weight, heuristic, **options):
    """A Dijkstra that sets each edge it has used to weight 0."""
    dist, heap, done, tie = {source: zero}, [(zero, 0, source)], set(), count(1)
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v in graph.successors(u):
            nd = d + graph[u][v][weight]
            graph[u][v][weight] = 0
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, next(tie), v))
    return dist


def adding(graph, source, targets, *, zero, weight, heuristic, **options):
    """A search that first joins every goal to one sink of its own."""
    for target in targets:
        graph.add_edge(target, "sink", **{weight: zero})
    return marking(graph, source, targets, zero=zero, weight=weight, heuristic=heuristic)
'''

# hundreds of questions, with one job and two (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_many_questions_on_one_board_with_one_job_or_two",
}


def stategraph(cwd: Path, *args, stdin: str | None = None, env: dict | None = None) -> Result:
    """A child process, as a user runs it: the routine's own process is forked from it."""
    return run_cli(*args, cwd=cwd, stdin=stdin, env=env, separate=True, timeout=120)


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / "textbook.py").write_text(ROUTINES)
    (tmp_path / "in.txt").write_text(SAMPLE.read_text())
    return tmp_path


def one_line(done: Result, status: int) -> str:
    assert done.returncode == status, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def line_of(folder: Path, text: str) -> int:
    """The line of textbook.py that holds ``text``."""
    return next(number for number, line in enumerate((folder / "textbook.py").read_text().splitlines(), 1)
                if text in line)


def test_a_dijkstra_that_marks_the_graph_prints_the_builtin_s_answers(folder):
    builtin = stategraph(folder, "solve", "huarong", "in.txt", "-a", "dijkstra")
    for extra in ([], ["--verify"], ["--jobs", "2"]):
        mine = stategraph(folder, "solve", "huarong", "in.txt", "-a", "textbook:marking", *extra)
        assert (mine.returncode, mine.stdout) == (0, builtin.stdout), (extra, mine.stderr)
        assert mine.stderr == ("stategraph: verified 2 answers: 2 confirmed\n" if extra == ["--verify"] else "")
    assert builtin.returncode == 0 and builtin.stdout.strip()


def test_a_dijkstra_that_zeroes_the_weights_it_used_is_judged_on_its_answer(folder):
    """Its zeroes reach the other edges that share the dict (as the built-in models build them):
    its distances are wrong, and the built-in check, on the graph as it was, names the first."""
    line = one_line(stategraph(folder, "solve", "huarong", "in.txt", "-a", "textbook:zeroing"), 3)
    assert line.startswith("stategraph: error: query 1: textbook:zeroing gave state ")
    assert "(by dijkstra)" in line


def test_a_routine_that_adds_a_move_is_one_line_at_its_line(folder):
    line = one_line(stategraph(folder, "solve", "huarong", "in.txt", "-a", "textbook:adding"), 2)
    at = line_of(folder, "graph.add_edge(target")
    assert line == (f"stategraph: error: textbook.py:{at}: in adding: NetworkXError: Frozen graph can't be "
                    "modified (query 1)")


def test_with_debug_the_routine_s_traceback_comes_first(folder):
    done = stategraph(folder, "solve", "huarong", "in.txt", "-a", "textbook:adding", env={"STATEGRAPH_DEBUG": "1"})
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and lines[0] == "Traceback (most recent call last):"
    assert any("textbook.py" in line and "in adding" in line for line in lines)
    assert lines[-1] == one_line(stategraph(folder, "solve", "huarong", "in.txt", "-a", "textbook:adding"), 2)


def a_graph() -> nx.DiGraph:
    """Two ways from s to t, with one edge dict shared by two edges (as a compiled model's)."""
    g = nx.DiGraph()
    shared = {"weight": 2, "rank": 0}
    for u, v in [("s", "a"), ("b", "t")]:
        g.add_edge(u, v)
        g._succ[u][v] = g._pred[v][u] = shared  # type: ignore[attr-defined]
    g.add_edge("a", "t", weight=1, rank=1)
    g.add_edge("s", "b", weight=1, rank=2)
    g.add_edge("s", "t", weight=5, rank=3)
    g.nodes["s"]["label"] = "start"
    return g


def everything(g: nx.DiGraph):
    """All of ``g`` a routine could change, deep; and which edges share a dict."""
    dicts = g._succ, g._pred, g._node, g.graph  # type: ignore[attr-defined]
    shared = sorted((u, v) for u in g for v in g[u] if g[u][v] is g.pred[v][u] and g[u][v] is g["s"]["a"])
    return copy.deepcopy(dicts), shared, nx.is_frozen(g)


@pytest.mark.parametrize("forking", [True, False], ids=["forked", "no fork"])
@pytest.mark.parametrize("kind", ["marking", "zeroing", "adding"])
def test_the_judge_s_graph_is_as_it_was(kind, forking, folder, monkeypatch):
    """From Python, with a process of its own and without one (no ``os.fork``, as on Windows)."""
    from stategraph.errors import StategraphError
    from stategraph.graph.state_graph import StateGraph
    from stategraph.search.solution import solve

    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(os.fspath(folder))
    if not forking:
        monkeypatch.delattr(os, "fork")
    g = a_graph()
    before = everything(g)
    model = StateGraph(g, "s", frozenset({"t"}))
    if kind == "adding":
        with pytest.raises(StategraphError, match="in adding: NetworkXError: Frozen graph can't be modified"):
            solve(model, f"textbook:{kind}")
    else:
        solution = solve(model, f"textbook:{kind}")
        truth = nx.shortest_path_length(g, "s", "t", weight="weight")
        if kind == "marking":
            assert solution.cost == truth == 3
        else:  # s-a zeroed the shared dict, so b-t reads 0: t at 1, below the truth
            assert solution.cost is None and "gave state 't' the distance 1" in solution.stats["wrong"]
    assert everything(g) == before


@pytest.mark.parametrize("seed", [3, 4])
def test_many_questions_on_one_board_with_one_job_or_two(folder, seed):
    (folder / "board.txt").write_text(random_inputs.huarong_input(random.Random(seed), 40, max_side=5))
    builtin = stategraph(folder, "solve", "huarong", "-a", "dijkstra", "board.txt")
    assert builtin.returncode == 0 and builtin.stdout.strip()
    one = stategraph(folder, "solve", "huarong", "-a", "textbook:marking", "board.txt")
    two = stategraph(folder, "solve", "huarong", "-a", "textbook:marking", "board.txt", "--jobs", 2)
    assert (one.returncode, one.stdout, one.stderr) == (0, builtin.stdout, "")
    assert (two.returncode, two.stdout, two.stderr) == (0, builtin.stdout, "")



def test_the_old_read_only_warns_and_gives_a_frozen_copy():
    g = a_graph()
    before = everything(g)
    with pytest.warns(DeprecationWarning, match=r"stategraph\.graph\.read_only\.read_only is deprecated"):
        from stategraph.graph.read_only import read_only
    mine = read_only(g)
    with pytest.raises(nx.NetworkXError):
        mine.add_edge("t", "s")
    mine.nodes["s"]["visited"] = True
    mine["s"]["t"]["weight"] = 0
    assert everything(g) == before and nx.utils.graphs_equal(g, a_graph()) and nx.is_frozen(mine)
