"""Every search routine and the canonical-path step, checked against networkx and brute force."""

from __future__ import annotations

import random
from itertools import product

import networkx as nx
import pytest

from stategraph import Lex, StateGraph
from stategraph.errors import SearchNotApplicable
from stategraph.graph.canonical import canonical_path
from stategraph.graph.weights import ScalarEncoding
from stategraph.search import SEARCHES, get_search
from stategraph.search.solution import solve


def random_graph(rng: random.Random, lex: bool, unit: bool = False) -> nx.DiGraph:
    n = rng.randint(2, 9)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    for u, v in product(range(n), repeat=2):
        if u != v and rng.random() < 0.35:
            if unit:
                weight = 1
            elif lex:
                weight = Lex(rng.randint(0, 1), rng.randint(0, 4))
                if weight == Lex.ZERO:
                    weight = Lex(0, 1)
            else:
                weight = rng.randint(1, 5)
            graph.add_edge(u, v, weight=weight, rank=rng.randint(0, 1000))
    return graph


def brute_force_canonical(graph, source, targets):
    """Minimum (cost, rank sequence) over every simple path, by enumeration."""
    best = None
    for target in targets:
        paths = [[source]] if target == source else nx.all_simple_paths(graph, source, target)
        for path in paths:
            edges = list(zip(path, path[1:]))
            cost = sum((graph.edges[e]["weight"] for e in edges), Lex.ZERO if isinstance(
                next(iter(graph.edges.values()), {}).get("weight"), Lex) else 0)
            key = (cost, [graph.edges[e]["rank"] for e in edges])
            if best is None or key < best[0]:
                best = (key, path)
    return None if best is None else best[1]


def heuristic_zero(model):
    return lambda state: model.zero


CASES = [(lex, unit) for lex, unit in ((False, False), (True, False), (False, True))]


def applicable_searches(model):
    return [name for name, routine in SEARCHES.items()
            if routine.refusal(model.profile, model.heuristic is not None) is None]


@pytest.mark.parametrize("lex,unit", CASES)
def test_every_routine_matches_brute_force_on_random_graphs(lex, unit):
    rng = random.Random(816 + 10 * lex + unit)
    checked = found = 0
    for _ in range(250):
        graph = random_graph(rng, lex, unit)
        targets = frozenset(rng.sample(sorted(graph), rng.randint(1, 2)))
        source = rng.choice([n for n in graph if n not in targets] or [0])
        model = StateGraph(graph, source, targets)
        model.heuristic = heuristic_zero(model)
        expected = brute_force_canonical(graph, source, targets)
        names = applicable_searches(model)
        if graph.number_of_edges():
            all_one = all(w == 1 for _, _, w in graph.edges(data="weight"))
            assert "dijkstra" in names and ("bfs" in names) == all_one and ("layered_bfs" in names) == lex
        for name in names:
            solution = solve(model, name)
            assert solution.states == expected, (name, list(graph.edges(data=True)), source, targets)
            checked += 1
        found += expected is not None
    assert checked > 1000 and 50 < found < 250


def test_routines_agree_with_networkx_distances():
    rng = random.Random(1997)
    for _ in range(100):
        graph = random_graph(rng, lex=False)
        source = rng.choice(sorted(graph))
        truth = nx.single_source_dijkstra_path_length(graph, source)
        for name in ("spfa", "networkx"):  # these two run to completion
            dist = SEARCHES[name].run(graph, source, frozenset(), zero=0).dist
            assert dist == truth, name


def test_spfa_handles_negative_edges_and_refuses_negative_cycles():
    graph = nx.DiGraph()
    graph.add_edge("s", "a", weight=4, rank=0)
    graph.add_edge("s", "b", weight=5, rank=1)
    graph.add_edge("b", "a", weight=-3, rank=0)
    model = StateGraph(graph, "s", frozenset({"a"}))
    assert applicable_searches(model) == ["spfa"]
    assert solve(model, "spfa").states == ["s", "b", "a"]
    with pytest.raises(SearchNotApplicable, match="non-negative"):
        solve(model, "dijkstra")
    graph.add_edge("a", "b", weight=1, rank=0)
    with pytest.raises(SearchNotApplicable, match="negative cycle"):
        solve(model, "spfa")


def test_refusals_name_the_reason():
    graph = nx.DiGraph()
    graph.add_edge("s", "t", weight=2, rank=0)
    model = StateGraph(graph, "s", frozenset({"t"}))
    with pytest.raises(SearchNotApplicable, match="bfs needs every edge weight to be 1"):
        solve(model, "bfs")
    with pytest.raises(SearchNotApplicable, match="layered_bfs needs lexicographic"):
        solve(model, "layered_bfs")
    with pytest.raises(SearchNotApplicable, match="astar needs a heuristic"):
        solve(model, "astar")
    with pytest.raises(SearchNotApplicable, match="unknown algorithm 'nope'"):
        solve(model, "nope")


def test_canonical_prefers_smaller_ranks_only_among_optimal_paths():
    graph = nx.DiGraph()
    graph.add_edge("s", "x", weight=1, rank=0)   # cheapest rank, but the path through x costs 3
    graph.add_edge("x", "t", weight=2, rank=0)
    graph.add_edge("s", "y", weight=1, rank=2)
    graph.add_edge("y", "t", weight=1, rank=9)
    graph.add_edge("s", "z", weight=1, rank=1)
    graph.add_edge("z", "t", weight=1, rank=9)
    dist = {"s": 0, "x": 1, "y": 1, "z": 1, "t": 2}
    assert canonical_path(graph, "s", {"t"}, dist) == ["s", "z", "t"]
    assert canonical_path(graph, "s", {"q"}, dist) is None


def test_lex_weights_and_their_scalar_encoding_order_alike():
    rng = random.Random(7)
    weights = [Lex(rng.randint(0, 3), rng.randint(0, 9)) for _ in range(40)]
    encoding = ScalarEncoding.for_weights(weights)
    for a, b in product(weights[:20], repeat=2):
        total = a + b
        assert total == Lex(a.primary + b.primary, a.secondary + b.secondary)
        assert (a < b) == (encoding.encode(a) < encoding.encode(b))
        assert encoding.decode(encoding.encode(a) + encoding.encode(b)) == total
    assert Lex.ZERO + Lex(2, 3) == Lex(2, 3) and sum([Lex(1, 1), Lex(0, 2)]) == Lex(1, 3)
    with pytest.raises(ValueError):
        ScalarEncoding.for_weights([Lex(1, -1)])


@pytest.mark.parametrize("lex,unit", CASES)
def test_cost_only_runs_find_the_brute_force_optimum(lex, unit):
    """``solve(..., path=False)`` (routines that can stop at the first target settled) gives the
    optimal cost of the enumerated paths and no states; with an exact heuristic as well as none."""
    rng = random.Random(1475 + 10 * lex + unit)
    stopped_early = 0
    for _ in range(200):
        graph = random_graph(rng, lex, unit)
        targets = frozenset(rng.sample(sorted(graph), rng.randint(1, 2)))
        source = rng.choice([n for n in graph if n not in targets] or [0])
        model = StateGraph(graph, source, targets)
        if lex:
            model.heuristic = heuristic_zero(model)
        else:
            to_targets = nx.multi_source_dijkstra_path_length(graph.reverse(), targets)
            model.heuristic = to_targets.get  # exact, hence consistent; None where no target is reachable
        expected = brute_force_canonical(graph, source, targets)
        for name in applicable_searches(model):
            cost_only = solve(model, name, path=False)
            # the routine run to the rule's end (solve's astar, with a path wanted, stops early too)
            full = get_search(name).run(graph, source, targets, zero=model.zero, heuristic=model.heuristic)
            assert cost_only.states is None and cost_only.found == (expected is not None), name
            if expected is not None:
                cost = sum((graph.edges[e]["weight"] for e in zip(expected, expected[1:])), model.zero)
                assert cost_only.cost == cost, (name, list(graph.edges(data=True)), source, targets)
                stopped_early += cost_only.stats["settled"] < full.stats.settled
    assert stopped_early > 20
