"""The canonical path where optimal paths contain zero-cost cycles (issue 18): it always exists.

Where the greedy smallest-rank walk would go round a zero-cost cycle for ever, the canonical
path is the smallest rank sequence among the optimal paths with the fewest edges; everywhere
else it is the smallest rank sequence among all optimal paths, as before.  Every routine that
accepts a graph's weights must give the same cost and path, checked here against an enumeration
that shares nothing with :mod:`stategraph.graph.canonical`.
"""

from __future__ import annotations

import json
import random
from itertools import product

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph import INFINITY, Lex, StateGraph
from stategraph.graph.canonical import canonical_path
from stategraph.search import SEARCHES
from stategraph.search.solution import solve

# a zero-cost cycle s -> a -> s whose ranks beat leaving it: the greedy walk would loop.
# (edges as (u, v, weight, rank); the optimal cost; the fewest-edges path of smallest ranks)
LOOPS = {
    "zero weights": ([("s", "a", 0, 0), ("a", "s", 0, 0), ("a", "t", 0, 1)], 0, "sat"),
    "a negative edge": ([("s", "a", 1, 0), ("a", "s", -1, 0), ("a", "t", 1, 1)], 2, "sat"),
    "two ways out": ([("s", "a", 0, 0), ("a", "s", 0, 0), ("a", "b", 0, 1), ("b", "t", 0, 0),
                      ("s", "c", 0, 5), ("c", "d", 0, 0), ("d", "t", 0, 0), ("s", "x", 0, 9),
                      ("x", "t", 1, 0)], 0, "sabt"),
    "a loop further on": ([("s", "a", 0, 3), ("s", "b", 0, 4), ("a", "c", 0, 0), ("c", "a", 0, 0),
                           ("c", "t", 0, 2), ("b", "t", 0, 0)], 0, "sbt"),
}


def model_of(edges, source="s", targets=("t",)) -> StateGraph:
    graph = nx.DiGraph()
    for u, v, weight, rank in edges:
        graph.add_edge(u, v, weight=weight, rank=rank)
    model = StateGraph(graph, source, frozenset(targets))
    if model.profile.nonnegative:
        model.heuristic = lambda state: model.zero
    return model


def applicable(model) -> list[str]:
    return [name for name, routine in SEARCHES.items()
            if routine.refusal(model.profile, model.heuristic is not None) is None]


# the zero-cost graphs' enumeration; the other kinds stay quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_every_routine_gives_the_enumerated_canonical_path[zero]",
}


@pytest.mark.parametrize("case", list(LOOPS))
def test_a_zero_cost_loop_gives_the_fewest_edges_path(case):
    edges, cost, states = LOOPS[case]
    model = model_of(edges)
    names = applicable(model)
    assert "spfa" in names and ("dijkstra" in names) == model.profile.nonnegative
    for name in names:
        solution = solve(model, name)
        assert (solution.cost, solution.states) == (cost, list(states)), name
        assert solve(model, name, path=False).cost == cost, name


def test_without_a_loop_the_smallest_ranks_win_over_fewer_edges():
    """The rule for graphs without a looping walk is unchanged: a longer path of smaller ranks."""
    model = model_of([("s", "a", 0, 0), ("a", "b", 0, 0), ("b", "t", 0, 0), ("s", "t", 0, 1)])
    for name in applicable(model):
        assert solve(model, name).states == ["s", "a", "b", "t"], name


def test_canonical_path_on_given_distances():
    graph = nx.DiGraph()
    for u, v, weight, rank in LOOPS["two ways out"][0]:
        graph.add_edge(u, v, weight=weight, rank=rank)
    dist = {**dict.fromkeys("sabcdt", 0), "x": 0}
    assert canonical_path(graph, "s", {"t"}, dist) == ["s", "a", "b", "t"]
    assert canonical_path(graph, "s", {"t", "b"}, dist) == ["s", "a", "b"]  # b is a goal too
    assert canonical_path(graph, "s", {"s", "t"}, dist) == ["s"]


# --- random graphs with zero-cost cycles and negative edges, against an enumeration ------------

def random_graph(rng: random.Random, kind: str) -> nx.DiGraph:
    """Many zero weights; ``potential``: weights ``b + p(u) - p(v)`` with ``b >= 0``, so edges may
    be negative but no cycle is; ``lex``: pairs, ``Lex(0, 0)`` among them."""
    n = rng.randint(3, 6)
    potential = [rng.randint(-3, 3) for _ in range(n)]
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    pairs = [(u, v) for u, v in product(range(n), repeat=2) if u != v and rng.random() < 0.45]
    ranks = rng.sample(range(1000), len(pairs))
    for (u, v), rank in zip(pairs, ranks):
        base = rng.choice((0, 0, 0, 0, 1, 2))
        if kind == "lex":
            weight: object = Lex(rng.choice((0, 0, 0, 1)), base)
        elif kind == "potential":
            weight = base + potential[u] - potential[v]
        else:
            weight = base
        graph.add_edge(u, v, weight=weight, rank=rank)
    return graph


def total(graph, path, zero):
    return sum((graph.edges[e]["weight"] for e in zip(path, path[1:])), zero)


def ranks(graph, path):
    return [graph.edges[e]["rank"] for e in zip(path, path[1:])]


def shortest(graph, source, zero) -> dict:
    """The least cost from ``source`` to every state it reaches, over its simple paths (no cycle
    is negative, so a shortest walk is a simple path)."""
    best = {source: zero}
    for v in graph:
        costs = [total(graph, p, zero) for p in nx.all_simple_paths(graph, source, v)] if v != source else []
        if costs:
            best[v] = min(costs)
    return best


def expected_path(graph, source, targets, zero):
    """The canonical path by enumeration: the smallest rank sequence over the optimal *walks* of
    up to 2n edges, which is a simple path exactly when a smallest sequence over all optimal paths
    exists (otherwise a lap round a zero-cost cycle always beats it); else, among the optimal
    simple paths (``nx.all_simple_paths``), the fewest edges, then the smallest ranks.  A source
    that is a target is the answer, at cost zero (as :func:`stategraph.search.solution.solve` has it)."""
    if source in targets:
        return zero, [source]
    truth = shortest(graph, source, zero)
    reached = [truth[t] for t in targets if t in truth]
    if not reached:
        return None, None
    best = min(reached)
    longest = 2 * len(graph)
    steps = {u: [(v, attrs["weight"], attrs["rank"]) for v, attrs in graph._succ[u].items()] for u in graph}
    found = []  # the optimal walk of the smallest ranks, the first met: [ranks, walk]

    def extend(walk, walk_ranks, cost):
        if walk[-1] in targets and cost == best and (not found or walk_ranks < found[0]):
            found[:] = [walk_ranks, walk]
        if len(walk) > longest:
            return
        for v, weight, rank in steps[walk[-1]]:
            step = cost + weight
            if step == truth[v]:  # every prefix of an optimal walk is a shortest one
                extend(walk + [v], walk_ranks + [rank], step)

    extend([source], [], zero)
    smallest = found[1]
    if len(set(smallest)) == len(smallest):
        return best, smallest
    optimal = [p for t in targets for p in nx.all_simple_paths(graph, source, t) if total(graph, p, zero) == best]
    return best, min(optimal, key=lambda p: (len(p), ranks(graph, p)))


@pytest.mark.parametrize("kind", ["zero", "potential", "lex"])
def test_every_routine_gives_the_enumerated_canonical_path(kind):
    rng = random.Random({"zero": 18, "potential": 1804, "lex": 180405}[kind])
    checked = looping = 0
    for _ in range(500):
        graph = random_graph(rng, kind)
        targets = frozenset(rng.sample(sorted(graph), rng.randint(1, 2)))
        source = rng.choice([n for n in graph if n not in targets] or [0])
        model = StateGraph(graph, source, targets)
        zero = model.zero
        cost, path = expected_path(graph, source, targets, zero)
        if model.profile.nonnegative:  # astar: the exact remaining cost (consistent), or none at all
            # (a state that reaches no target: INFINITY; zero there would not be consistent)
            lower = nx.multi_source_dijkstra_path_length(graph.reverse(), targets) if kind == "zero" else None
            model.heuristic = (lambda state, lower=lower: lower.get(state, INFINITY)) if lower is not None else \
                (lambda state, zero=zero: zero)
        looping += path is not None and path != _smallest_ranks_of_simple_paths(graph, source, targets, cost, zero)
        for name in applicable(model):
            solution = solve(model, name)
            assert (solution.cost, solution.states) == (cost, path), (name, list(graph.edges(data=True)),
                                                                      source, targets)
            assert path is None or total(graph, path, zero) == cost
            assert solve(model, name, path=False).cost == cost, name
            checked += 1
    assert checked > 500 and looping >= 3  # the fallback rule is exercised


def _smallest_ranks_of_simple_paths(graph, source, targets, cost, zero):
    """The smallest rank sequence among the optimal simple paths: the canonical path wherever the
    rule "smallest ranks among all optimal paths" has an answer."""
    if source in targets:
        return [source]
    optimal = [p for t in targets for p in nx.all_simple_paths(graph, source, t) if total(graph, p, zero) == cost]
    return min(optimal, key=lambda p: ranks(graph, p)) if optimal else None


def test_search_of_a_graph_file_with_a_zero_cost_loop(tmp_path):
    """Through the CLI: a graph file whose optimal paths loop at zero cost is searched, not refused."""
    graph = nx.DiGraph()
    graph.add_node("s", kind="start")
    graph.add_node("a", kind="state")
    graph.add_node("t", kind="target")
    for u, v, weight, rank in LOOPS["zero weights"][0]:
        graph.add_edge(u, v, weight=weight, rank=rank, label=f"{u}{v}")
    path = tmp_path / "loop.json"
    path.write_text(json.dumps(nx.node_link_data(graph, edges="edges")))
    for algorithm in ("dijkstra", "spfa", "bidirectional_dijkstra", "networkx"):
        done = run_cli("search", path, "-a", algorithm)
        assert (done.returncode, done.stderr) == (0, ""), algorithm
        assert done.stdout == "cost: 0\n0\t-\ts\n1\tsa\ta\n2\tat\tt\n", algorithm
