"""The canonical path read off ``bfs``'s tree (issue 44) is the one the backward walk picks.

Where every move costs 1 and each state's moves are tried in the order of their ranks, a
breadth-first search first reaches every state along its smallest rank sequence among the
shortest paths.  Checked here on small random graphs with many ties against an enumeration of
every shortest walk that shares nothing with :mod:`stategraph.graph.canonical` or the routines;
where the moves are not in rank order, or the ranks tie or are missing, the answer (or the
error) is the backward walk's.
"""

from __future__ import annotations

import random
import re

import networkx as nx
import pytest

from grown_graph import grown
from stategraph import StateGraph
from stategraph.errors import StategraphError
from stategraph.graph import canonical
from stategraph.search import solution as solution_module
from stategraph.search.bfs import bfs
from stategraph.search.result import BreadthFirstTree
from stategraph.search.solution import solve


def tied_graph(rng: random.Random, in_rank_order: bool) -> nx.DiGraph:
    """A few layers of states with many moves between neighbouring layers (many shortest paths
    of one length), some moves back and across; each state's moves ranked 0, 1, ... in a shuffled
    order, added in rank order or not."""
    layers = [[0]]
    for _ in range(rng.randint(2, 4)):
        start = layers[-1][-1] + 1
        layers.append(list(range(start, start + rng.randint(1, 4))))
    states = [state for layer in layers for state in layer]
    moves: dict = {state: [] for state in states}
    for before, after in zip(layers, layers[1:]):
        for u in before:
            moves[u] += [v for v in after if rng.random() < 0.7]
        for v in after:
            if not any(v in moves[u] for u in before):
                moves[rng.choice(before)].append(v)
    for u in states:
        moves[u] += [v for v in states if v != u and v not in moves[u] and rng.random() < 0.12]
    graph = nx.DiGraph()
    graph.add_nodes_from(states)
    for u in states:
        ranked = list(enumerate(rng.sample(moves[u], len(moves[u]))))
        if not in_rank_order:
            rng.shuffle(ranked)
        for rank, v in ranked:
            graph.add_edge(u, v, weight=1, rank=rank)
    return graph


def smallest_shortest_walks(graph, source) -> dict:
    """Every state reached from ``source`` -> the smallest rank sequence among its shortest walks,
    with that walk: every shortest walk is listed, one edge longer at a time (a walk to a state
    reached by a shorter one is no shortest walk, nor is any walk through it)."""
    found = {source: ((), [source])}
    walks = [((), [source])]
    while walks:
        walks = [(ranks + (attrs["rank"],), walk + [v]) for ranks, walk in walks
                 for v, attrs in graph.succ[walk[-1]].items() if v not in found]
        fresh: dict = {}
        for ranks, walk in walks:
            if walk[-1] not in fresh or ranks < fresh[walk[-1]][0]:
                fresh[walk[-1]] = (ranks, walk)
        found.update(fresh)
    return found


def enumerated_canonical(graph, source, targets):
    """The smallest rank sequence among the shortest walks to the nearest targets, enumerated."""
    walks = smallest_shortest_walks(graph, source)
    reached = [(len(walks[t][0]), walks[t][0], walks[t][1]) for t in targets if t in walks]
    return min(reached)[2] if reached else None


def test_breadth_first_search_in_rank_order_reaches_each_state_along_its_smallest_shortest_walk():
    rng = random.Random(44)
    for _ in range(300):
        graph = tied_graph(rng, in_rank_order=True)
        tree = bfs(graph, 0, frozenset(), tree=True).tree
        walks = smallest_shortest_walks(graph, 0)
        assert tree is not None and tree.nearest is None and tree.parents.keys() == walks.keys()
        for state, (_, walk) in walks.items():
            assert BreadthFirstTree(tree.parents, state).path() == walk, (state, list(graph.edges(data=True)))


@pytest.mark.parametrize("in_rank_order", [True, False])
def test_the_tree_s_path_is_the_enumerated_canonical_path(in_rank_order, monkeypatch):
    """On a graph that grows as it is searched, in rank order the tree's path is taken (the walk
    is never asked); out of it the walk answers wherever the tree's order does not show the
    ranks' order, with the same path; on the whole graph the walk answers."""
    rng = random.Random(4400 + in_rank_order)
    walked = []
    walk = canonical.canonical_path

    def counted(*args, **kwargs):
        walked.append(args)
        return walk(*args, **kwargs)

    monkeypatch.setattr(canonical, "canonical_path", counted)
    monkeypatch.setattr(solution_module, "canonical_path", counted)
    for _ in range(400):
        graph = tied_graph(rng, in_rank_order)
        targets = frozenset(rng.sample(sorted(graph)[1:], min(len(graph) - 1, rng.randint(1, 3))))
        expected = enumerated_canonical(graph, 0, targets)
        assert expected is not None  # (every state is reached: a tied_graph's layers are joined)
        solution = solve(grown(graph, 0, targets), "bfs")
        assert (solution.cost, solution.states) == (len(expected) - 1, expected), list(graph.edges(data=True))
        assert solve(grown(graph, 0, targets), "bfs", path=False).cost == len(expected) - 1
    if in_rank_order:
        assert not walked
    else:
        assert 100 < len(walked) < 350  # out of rank order the walk answers, unless the tree shows the order
    walked.clear()
    assert solve(StateGraph(graph, 0, targets), "bfs").states == expected and len(walked) == 1


def rank_order_graph(edges) -> StateGraph:
    graph = nx.DiGraph()
    for u, v, rank in edges:
        graph.add_edge(u, v, weight=1, **({} if rank is None else {"rank": rank}))
    return StateGraph(graph, "s", frozenset({"t"}))


@pytest.mark.parametrize("edges", [
    [("s", "a", 0), ("s", "b", 0), ("a", "t", 0), ("b", "t", 1)],  # two optimal moves of one rank
    [("s", "a", 0), ("s", "b", None), ("a", "t", 0), ("b", "t", 1)],  # an optimal move without one
    [("s", "a", 0), ("s", "b", "x"), ("a", "t", 0), ("b", "t", 1)],  # a rank that is not an int
    [("s", "a", 0), ("s", "b", 1), ("a", "t", 0), ("b", "t", 0), ("a", "c", 1), ("b", "c", 1)],
])
def test_ranks_the_tree_cannot_vouch_for_get_the_walk_s_answer(edges):
    model = rank_order_graph(edges)
    dist = bfs(model.graph, "s", model.targets).dist
    try:
        expected = canonical.canonical_path(model.graph, "s", model.targets, dist)
    except (StategraphError, TypeError) as exc:
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            solve(grown(model.graph, "s", model.targets), "bfs")
    else:
        assert solve(grown(model.graph, "s", model.targets), "bfs").states == expected == ["s", "a", "t"]


@pytest.mark.parametrize("in_rank_order", [True, False])
def test_a_state_graph_s_own_walk_answers_only_where_the_tree_cannot(in_rank_order):
    """A state graph with its own, faster walk of the one rule (Abbott's Revenge's): the tree's
    path where it shows the ranks' order, the graph's walk, never the generic one, where it does not.
    (A tie-break of the model's own is always walked: tests/test_canonical_astar_band.py.)"""
    rng = random.Random(4500 + in_rank_order)
    walked = []

    def own_walk(graph, source, targets, dist):  # as StateGraph.canonical is called: no keywords
        walked.append(source)
        return canonical.canonical_path(graph, source, targets, dist)

    for _ in range(200):
        graph = tied_graph(rng, in_rank_order)
        targets = frozenset(rng.sample(sorted(graph)[1:], min(len(graph) - 1, rng.randint(1, 3))))
        faster = grown(graph, 0, targets, own_walk=own_walk, own_rule=False)
        assert solve(faster, "bfs").states == enumerated_canonical(graph, 0, targets)
    assert (len(walked) == 0) == in_rank_order
