"""A*'s canonical path read off its band (issue 44) is the one the backward walk picks.

On a graph that grows as it is searched, A* stops at its first target and walks the band
``g + h <= C`` depth-first in rank order (:mod:`stategraph.search.astar_path`) instead of
settling every state with ``f = C``.  Checked here on small random graphs with many tied costs,
against an enumeration of every simple path that shares nothing with the walk, the routines or
:mod:`stategraph.graph.canonical`; with zero-cost moves (where a zero-cost cycle may leave no
smallest sequence) against the answer of the whole band and the backward walk, which the band
walk must give or leave to them.
"""

from __future__ import annotations

import random
import re

import networkx as nx
import pytest

from band_walks import counted_band_walks
from grown_graph import grown
from stategraph import INFINITY, Lex, StateGraph
from stategraph.errors import StategraphError
from stategraph.graph import canonical
from stategraph.search.astar import astar
from stategraph.search.solution import solve


def random_graph(rng: random.Random, weights, in_rank_order: bool) -> nx.DiGraph:
    """Up to 9 states, each with up to 4 moves of the given costs, ranked 0, 1, ... in a shuffled
    order, added in rank order or not."""
    size = rng.randint(3, 9)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(size))
    for u in range(size):
        after = rng.sample([v for v in range(size) if v != u], min(size - 1, rng.randint(1, 4)))
        ranked = list(enumerate(after))
        if not in_rank_order:
            rng.shuffle(ranked)
        for rank, v in ranked:
            graph.add_edge(u, v, weight=rng.choice(weights), rank=rank)
    return graph


def zero_of(weight):
    return Lex(0, 0) if isinstance(weight, Lex) else 0


def distances_to(graph, targets) -> dict:
    """Each state's cost to its nearest target, by relaxing every move until nothing changes."""
    zero = zero_of(next(iter(graph.edges(data="weight")))[2])
    remaining = dict.fromkeys(targets, zero)
    changed = True
    while changed:
        changed = False
        for u, v, w in graph.edges(data="weight"):
            if v in remaining and (u not in remaining or w + remaining[v] < remaining[u]):
                remaining[u] = w + remaining[v]
                changed = True
    return remaining


def bound(graph, targets, rng: random.Random):
    """A consistent lower bound: the true remaining cost, all of it, half of it (ints, rounded
    down) or none; INFINITY where no target can be reached."""
    remaining = distances_to(graph, targets)
    share = rng.choice([1, 2, None])

    def heuristic(state):
        left = remaining.get(state)
        if left is None:
            return INFINITY
        if share is None:
            return zero_of(left)
        return left if share == 1 or isinstance(left, Lex) else left // share
    return heuristic


def enumerated_canonical(graph, source, targets):
    """The least cost among the simple paths to a target, and the smallest rank sequence among
    those of that cost (positive costs: no optimal path repeats a state), with that path."""
    if source in targets:
        return 0, [source]
    best = None
    for t in targets:
        for path in nx.all_simple_paths(graph, source, t):
            if any(state in targets for state in path[1:-1]):
                continue
            edges = [graph.edges[u, v] for u, v in zip(path, path[1:])]
            key = (sum((e["weight"] for e in edges[1:]), edges[0]["weight"]), [e["rank"] for e in edges])
            if best is None or key < best[0]:
                best = (key, path)
    return None if best is None else (best[0][0], best[1])


def random_question(rng, weights, in_rank_order):
    graph = random_graph(rng, weights, in_rank_order)
    targets = frozenset(rng.sample(sorted(graph)[1:], rng.randint(1, 2)))
    return graph, targets, bound(graph, targets, rng)


@pytest.mark.parametrize("weights", [(1, 2, 3), (1, 1, 2), (Lex(0, 1), Lex(1, 0), Lex(1, 2), Lex(0, 3))],
                         ids=["ints", "ties", "lex"])
@pytest.mark.parametrize("in_rank_order", [True, False])
def test_the_band_s_path_is_the_enumerated_canonical_path(weights, in_rank_order):
    rng = random.Random(f"{weights}{in_rank_order}")
    walked = 0
    for _ in range(400):
        graph, targets, heuristic = random_question(rng, weights, in_rank_order)
        expected = enumerated_canonical(graph, 0, targets)
        solution = solve(grown(graph, 0, targets, heuristic), "astar")
        assert (solution.cost, solution.states) == (expected or (None, None)), list(graph.edges(data=True))
        if expected is not None and len(expected[1]) > 1:
            result = astar(grown(graph, 0, targets, heuristic).searched(True)[0], 0, targets,
                           zero=zero_of(weights[0]), heuristic=heuristic, canonical=True)
            walked += result.path is not None
            assert result.path in (None, expected[1])
    assert walked > 200  # the band answers wherever nothing stops it (ranks in any order)


@pytest.mark.parametrize("weights", [(0, 1, 2), (0, 0, 1), (Lex(0, 0), Lex(0, 1), Lex(1, 0))],
                         ids=["ints", "mostly-zero", "lex"])
def test_with_zero_cost_moves_the_answer_is_the_whole_band_s(weights):
    """Where zero-cost cycles may lie in the band, the band walk gives the backward walk's path
    over A*'s whole band (on the whole graph and on one that grows), or leaves the answer to it."""
    rng = random.Random(f"zero{weights}")
    vouched = 0
    for _ in range(400):
        graph, targets, heuristic = random_question(rng, weights, rng.random() < 0.5)
        zero = zero_of(weights[0])
        band = astar(graph, 0, targets, zero=zero, heuristic=heuristic)  # to the end of the band
        expected = canonical.canonical_path(graph, 0, targets, band.dist)
        cost = None if expected is None else band.dist[expected[-1]]
        for state_graph in (StateGraph(graph, 0, targets, heuristic=heuristic), grown(graph, 0, targets, heuristic)):
            solution = solve(state_graph, "astar")
            assert (solution.cost, solution.states) == (cost, expected), list(graph.edges(data=True))
        vouched += astar(graph, 0, targets, zero=zero, heuristic=heuristic, canonical=True).path is not None
    assert 100 < vouched < 390  # (the band walk answers where it meets no zero-cost cycle)


@pytest.mark.parametrize("edges", [
    [("s", "a", 0), ("s", "b", 0), ("a", "t", 0), ("b", "t", 1)],  # two optimal moves of one rank
    [("s", "a", 0), ("s", "b", None), ("a", "t", 0), ("b", "t", 1)],  # an optimal move without one
    [("s", "a", 0), ("s", "b", "x"), ("a", "t", 0), ("b", "t", 1)],  # ranks that cannot be compared
    [("s", "a", 1), ("s", "b", 0), ("a", "t", 0), ("b", "t", 0)],  # ranks out of order: fine
])
def test_ranks_the_band_cannot_vouch_for_get_the_walk_s_answer(edges):
    graph = nx.DiGraph()
    for u, v, rank in edges:
        graph.add_edge(u, v, weight=1, **({} if rank is None else {"rank": rank}))
    targets = frozenset({"t"})
    heuristic = {"s": 2, "a": 1, "b": 1, "t": 0}.get
    dist = astar(graph, "s", targets, heuristic=heuristic).dist
    try:
        expected = canonical.canonical_path(graph, "s", targets, dist)
    except (StategraphError, TypeError) as exc:
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            solve(grown(graph, "s", targets, heuristic), "astar")
    else:
        assert solve(grown(graph, "s", targets, heuristic), "astar").states == expected


def test_an_inconsistent_heuristic_in_the_band_is_refused_as_before():
    """The band walk leaves a move it finds inconsistent to A*, which refuses it in one line."""
    graph = nx.DiGraph()
    for u, v, w, rank in [("s", "a", 1, 0), ("s", "b", 1, 1), ("a", "c", 1, 0), ("c", "t", 1, 0),
                          ("b", "d", 1, 0), ("d", "t", 1, 0)]:
        graph.add_edge(u, v, weight=w, rank=rank)
    heuristic = {"s": 3, "a": 2, "c": 0, "b": 2, "d": 1, "t": 0}.get  # a -> c drops by 2 at cost 1
    with pytest.raises(StategraphError, match="not consistent"):
        solve(StateGraph(graph, "s", frozenset({"t"}), heuristic=heuristic), "astar")
    with pytest.raises(StategraphError, match="not consistent"):
        solve(grown(graph, "s", frozenset({"t"}), heuristic), "astar")


@pytest.mark.parametrize("own_rule", [True, False])
def test_a_state_graph_s_own_rule_is_never_answered_for(own_rule):
    """A tie-break of the model's own (Pushing Boxes' pushes first) is always walked; a faster walk
    of the one rule (Abbott's Revenge's) only where the band cannot vouch."""
    rng = random.Random(f"own{own_rule}")
    walked = []

    def own_walk(graph, source, targets, dist):  # as StateGraph.canonical is called: no keywords
        walked.append(source)
        return canonical.canonical_path(graph, source, targets, dist)

    reachable = 0
    for _ in range(100):
        graph, targets, heuristic = random_question(rng, (1, 2), True)
        expected = enumerated_canonical(graph, 0, targets)
        reachable += expected is not None
        solution = solve(grown(graph, 0, targets, heuristic, own_walk=own_walk, own_rule=own_rule), "astar")
        assert solution.states == (expected and expected[1])
    unreachable = 100 - reachable
    assert len(walked) == 100 if own_rule else len(walked) - unreachable < reachable / 2


def sparse_graph(rng: random.Random) -> nx.DiGraph:
    """Up to 12 states, most with one move (chains and few forks), costs 1 to 3: graphs whose
    optimal path is often the only one, and met by A* with no tie."""
    size = rng.randint(3, 12)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(size))
    for u in range(size):
        after = rng.sample([v for v in range(size) if v != u], 1 if rng.random() < 0.7 else 2)
        for rank, v in enumerate(after):
            graph.add_edge(u, v, weight=rng.choice((1, 2, 3)), rank=rank)
    return graph


@pytest.mark.parametrize("growing", [True, False])
def test_the_parents_path_read_without_a_walk_is_the_enumerated_canonical_path(growing, monkeypatch):
    """Where A* reads its path off its parents (no tie met, nothing open within the optimum), the
    path is the canonical one of an enumeration; the band is walked only where it does not."""
    walks = counted_band_walks(monkeypatch)
    rng = random.Random(f"parents{growing}")
    read = 0
    for _ in range(400):
        graph = sparse_graph(rng)
        targets = frozenset(rng.sample(sorted(graph)[1:], 1))
        heuristic = bound(graph, targets, rng)
        expected = enumerated_canonical(graph, 0, targets)
        state_graph = grown(graph, 0, targets, heuristic) if growing else StateGraph(graph, 0, targets,
                                                                                     heuristic=heuristic)
        walked = len(walks)
        solution = solve(state_graph, "astar")
        assert (solution.cost, solution.states) == (expected or (None, None)), list(graph.edges(data=True))
        if expected is not None:  # the moves along it, and its states' distances, read off the graph
            path = expected[1]
            assert solution.edges == [(u, v, graph.edges[u, v]) for u, v in zip(path, path[1:])]
            costs = [0]
            for u, v in zip(path, path[1:]):
                costs.append(costs[-1] + graph.edges[u, v]["weight"])
            assert [solution.search.dist[state] for state in path] == costs
        read += expected is not None and len(walks) == walked
    assert read > 150  # read off the parents in many of them


def test_a_path_with_a_move_without_a_rank_read_off_the_parents_is_refused_as_before():
    graph = nx.DiGraph([("s", "a", {"weight": 1, "rank": 0}), ("a", "t", {"weight": 1})])
    with pytest.raises(StategraphError, match="has no 'rank'"):
        solve(grown(graph, "s", frozenset({"t"}), {"s": 2, "a": 1, "t": 0}.get), "astar")
