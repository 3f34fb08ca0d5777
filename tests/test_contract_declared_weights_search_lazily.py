"""A first-level puzzle that declares its weights is searched as its rules are explored: the same
answers and the same whole graph as exploring everything first, fewer states built, and a move that
breaks the declaration refused where it is built."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from example_folders import example_module
from stategraph import ContractError, Settings, SuccessorPuzzle, run
from stategraph.graph.state_graph import WeightProfile

KeysAndDoors = example_module("keys_doors").KeysAndDoors


class Eager(KeysAndDoors):
    profile = None  # nothing declared: the whole graph is explored before any search


def texts(count: int = 30) -> list[str]:
    rng = random.Random(33)
    return [KeysAndDoors().random_instance(rng, size) for size in [1, 2, 3, 4, 5, 6] * (count // 6)]


@pytest.mark.parametrize("algorithm", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_the_answers_are_those_of_the_whole_graph(algorithm):
    for text in texts():
        for model in ("cell_keys", "cell_only"):
            assert KeysAndDoors().solve_text(text, model=model, algorithm=algorithm) == \
                Eager().solve_text(text, model=model, algorithm=algorithm), text


def test_bfs_builds_no_more_and_the_whole_graph_is_the_same_graph():
    fewer = 0
    for text in texts():
        lazy, eager = (next(run(p, text, Settings.of(p, algorithm="bfs"))) for p in (KeysAndDoors(), Eager()))
        assert lazy.stats["states_built"] <= eager.stats["states_built"]
        fewer += lazy.stats["states_built"] < eager.stats["states_built"]
        whole, explored = lazy.graph, eager.graph
        assert list(whole.nodes(data=True)) == list(explored.nodes(data=True))
        assert list(whole.edges(data=True)) == list(explored.edges(data=True))
        assert nx.is_isomorphic(whole, explored)
    assert fewer > 0


class Misdeclared(SuccessorPuzzle):
    name, summary, sample = "misdeclared", "steps of 1 and then one of 2", "3\n"
    profile = WeightProfile(unit=True)

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 100)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "step", x + 1, 1 if x < 2 else 2


def test_a_move_that_breaks_the_declared_profile_is_one_line_where_it_is_built():
    assert Misdeclared().solve_text("2\n", algorithm="bfs") == "2 step step\n"  # the 2 is never built
    with pytest.raises(ContractError, match=r"move 'step' of state 2 costs 2, but the rules declare unit weights"):
        Misdeclared().solve_text("3\n", algorithm="bfs")
