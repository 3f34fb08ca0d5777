"""One state graph, one answer: whatever a search built, every networkx graph a user reaches is whole.

A state graph built as it is searched (``StateGraph.expanding``: Pushing Boxes, Abbott's Revenge)
is searched by a routine that grows it through a ``LazyGraph``, which is not a networkx graph;
``StateGraph.graph`` is always every state reachable from the source, the same graph (nodes,
edges, attributes, order) whether a search ran before or not, and networkx's own operations work
on it.  The model's size is the same for every routine.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import networkx as nx
import pytest

import random_inputs
from stategraph import get_puzzle
from stategraph.graph.dicts import LazyGraph, graph_writers, predecessors, successors
from stategraph.graph.state_graph import StateGraph
from stategraph.search import SEARCHES
from stategraph.search.solution import solve


def state_graphs(puzzle: str, text: str):
    chosen = get_puzzle(puzzle)
    for instance in chosen.parse(text):
        model = chosen.model()(instance)
        for question in chosen.questions(instance):
            with model.state_graph(question) as state_graph:
                yield state_graph


def fresh(puzzle: str, text: str, number: int) -> nx.DiGraph:
    """The whole graph of the ``number``-th question, built with no search at all."""
    for k, state_graph in enumerate(state_graphs(puzzle, text)):
        if k == number:
            return state_graph.graph
    raise AssertionError("no such question")


def reachable(graph: nx.DiGraph, source) -> set:
    """Every state reachable from ``source`` by networkx's own traversal."""
    return {source} | set(nx.descendants(graph, source))


CASES = [("pushing_boxes", lambda rng: random_inputs.pushing_boxes_input(rng, 12, max_side=10)),
         ("arrow_maze", lambda rng: random_inputs.arrow_maze_input(rng, 12))]


@pytest.mark.parametrize("puzzle,make", CASES)
def test_after_any_search_the_graph_is_whole_and_the_same(puzzle, make):
    text = make(random.Random(3))
    grown = 0
    for name, routine in SEARCHES.items():
        for k, state_graph in enumerate(state_graphs(puzzle, text)):
            if routine.refusal(state_graph.profile, state_graph.heuristic is not None):
                break
            solution = solve(state_graph, name)
            lazy = state_graph.lazy
            assert lazy is not None and not isinstance(lazy, nx.Graph)  # the part built is no networkx graph
            built = solution.stats["states_built"]
            graph = state_graph.graph
            whole = fresh(puzzle, text, k)
            assert list(graph.nodes(data=True)) == list(whole.nodes(data=True)), name
            assert list(graph.edges(data=True)) == list(whole.edges(data=True)), name
            assert reachable(graph, state_graph.source) == set(graph), name
            assert state_graph.size() == (len(whole), whole.number_of_edges())
            assert state_graph.targets == {t for t in state_graph.targets if t in whole}
            grown += built < len(whole)
            for value in vars(solution).values():  # nothing in the solution is a partial graph
                assert not isinstance(value, nx.Graph) or value is graph
    assert grown  # some searches did build only a part: the test is not vacuous


@pytest.mark.parametrize("puzzle,make", CASES)
def test_networkx_works_on_it_as_on_any_graph(puzzle, make):
    text = make(random.Random(4))
    for state_graph in state_graphs(puzzle, text):
        if "astar" in SEARCHES and state_graph.heuristic is not None:
            solve(state_graph, "astar")
        graph = state_graph.graph
        source = state_graph.source
        for state in graph:
            assert nx.has_path(graph, source, state)
        copied, reversed_ = graph.copy(), graph.reverse()
        assert type(copied) is nx.DiGraph and list(copied.edges(data=True)) == list(graph.edges(data=True))
        assert sorted(map(repr, reversed_.edges())) == sorted(repr((v, u)) for u, v in graph.edges())
        part = graph.subgraph(list(graph)[: max(1, len(graph) // 2)]).copy()
        assert set(part) <= set(graph)
        relabelled = nx.relabel_nodes(graph, {state: repr(state) for state in graph})
        assert relabelled.number_of_edges() == graph.number_of_edges()
        again = pickle.loads(pickle.dumps(graph))
        assert list(again.edges(data=True)) == list(graph.edges(data=True))
        other = next(iter(graph))
        moved = dataclasses.replace(state_graph, source=other)
        assert type(moved) is StateGraph and moved.graph is graph and moved.source == other


def test_a_model_has_one_size_whatever_the_routine():
    text = random_inputs.pushing_boxes_input(random.Random(8), 6, max_side=9)
    sizes: dict = {}
    for name, routine in SEARCHES.items():
        for k, state_graph in enumerate(state_graphs("pushing_boxes", text)):
            if routine.refusal(state_graph.profile, True):
                break
            solve(state_graph, name)
            sizes.setdefault(k, set()).add(state_graph.size())
    assert sizes and all(len(found) == 1 for found in sizes.values())


@pytest.mark.parametrize("puzzle,make", CASES)
def test_a_graph_that_grows_keeps_each_move_once_and_reverses_them_when_asked(puzzle, make):
    """Issue 44: the moves a search builds are kept out of their state only; ``predecessors``
    reverses them when asked: the whole graph's predecessors among the states whose moves were built."""
    text = make(random.Random(5))
    checked = 0
    for state_graph in state_graphs(puzzle, text):
        solve(state_graph, "dijkstra")
        lazy = state_graph.lazy
        assert lazy is not None and not hasattr(lazy, "_pred")
        built = {u: dict(successors(lazy)[u]) for u in list(lazy.expanded)}
        pred = predecessors(lazy)
        whole = state_graph.graph
        for v, into in pred.items():
            assert into == {u: attrs for u, attrs in whole.pred[v].items() if u in built}, v
            assert all(into[u] is built[u][v] for u in into)
        assert sum(map(len, pred.values())) == sum(map(len, built.values()))
        checked += len(built) < len(whole)
    assert checked  # some searches built only a part


def test_the_reverse_of_a_shared_store_keeps_up_with_the_searches_that_build_it():
    """Searches from several starts over one store (a first-level ``graph_key``), the reverse
    asked for between them: each time it is every move built so far, reversed."""
    rng = random.Random(44)
    moves = {u: rng.sample(range(60), 3) for u in range(60)}

    def writer(graph):
        add_edge = graph_writers(graph)[1]
        return lambda u: [add_edge(u, v, {"weight": 1, "rank": k}) for k, v in enumerate(moves[u])]

    store = LazyGraph(None)
    asked = 0
    for start in rng.sample(range(60), 8):
        reader = store.reader(writer, start)
        for state in list(reader)[:rng.randint(1, 12)]:
            successors(reader)[state]
        if rng.random() < 0.7:
            pred = predecessors(reader)
            expected: dict = {}
            for u in store.expanded:
                for v in moves[u]:
                    expected.setdefault(v, {})[u] = successors(store)[u][v]
            assert {v: into for v, into in pred.items() if into} == expected
            assert set(pred) == set(store)
            asked += 1
    assert asked > 2


def test_each_edge_of_an_explored_graph_has_attributes_of_its_own():
    """A user who changes one edge's weight in a first-level model's graph changes that edge only
    (the moves below all have the same cost, rank and name)."""
    from stategraph.graph.explore import explore

    class Steps:
        def start(self, n): return 0
        def is_goal(self, n, x): return x == n
        def moves(self, n, x):
            if x < n:
                yield "+1", x + 1, 1

    graph = explore(Steps(), 3).graph
    graph.edges[0, 1]["weight"] = 10
    assert list(graph.edges(data="weight")) == [(0, 1, 10), (1, 2, 1), (2, 3, 1)]
