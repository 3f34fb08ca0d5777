"""The accelerator hook of the first level: rules may give their state graph built faster.

``accelerator(instance)`` on the rules returns the :class:`StateGraph` exploring them gives; the
model uses it unless told not to (``use_accelerator=False``, to the model or on its class), and
the answers are the same either way.
"""

from __future__ import annotations

import networkx as nx
import pytest

from stategraph.contract.first_level import RulesModel, SuccessorPuzzle
from stategraph.errors import ContractError
from stategraph.graph.explore import explore
from stategraph.graph.state_graph import StateGraph


class Steps(SuccessorPuzzle):
    """From 0 to n by +1 and +2 (costing 1 and 3): the rules, and their graph built directly."""

    name, summary, sample = "steps", "0 to n by +1 and +2", "4\n"
    built = 0  # accelerated graphs made, over the class

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 50)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x + 1 <= n:
            yield "+1", x + 1, 1
        if x + 2 <= n:
            yield "+2", x + 2, 3

    def heuristic(self, n, x):
        return 0

    def accelerator(self, n):
        type(self).built += 1
        graph = nx.DiGraph()
        graph.add_nodes_from((x, {"label": str(x)}) for x in range(n + 1))
        graph.add_edges_from((x, x + 1, {"weight": 1, "rank": 0, "move": "+1"}) for x in range(n))
        graph.add_edges_from((x, x + 2, {"weight": 3, "rank": 1, "move": "+2"}) for x in range(n - 1))
        return StateGraph(graph, 0, frozenset({n}), heuristic=lambda x: 0)


def test_the_model_uses_the_accelerator_unless_told_not_to():
    puzzle = Steps()
    instance = next(puzzle.parse("6\n"))
    model = puzzle.model()
    before = Steps.built
    fast = model(instance)
    assert fast.accelerated and Steps.built == before + 1
    plain = model(instance, use_accelerator=False)
    assert not plain.accelerated and Steps.built == before + 1
    found = explore(puzzle, instance.value)
    assert dict(plain.graph.nodes(data="label")) == dict(fast.graph.nodes(data="label"))
    assert {(u, v): (a["weight"], a["move"]) for u, v, a in found.graph.edges(data=True)} == \
           {(u, v): (a["weight"], a["move"]) for u, v, a in fast.graph.edges(data=True)}


def test_the_answers_are_the_same_either_way(monkeypatch):
    text = "0\n1\n5\n12\n"
    fast = Steps().solve_text(text)
    assert fast == "0\n1 +1\n5 +1 +1 +1 +1 +1\n12 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1\n"
    for algorithm in ("dijkstra", "astar", "spfa", "bidirectional_dijkstra"):
        assert Steps().solve_text(text, algorithm=algorithm) == fast
    before = Steps.built
    monkeypatch.setattr(Steps.models["states"], "use_accelerator", False)  # the class flag
    assert Steps().solve_text(text) == fast and Steps.built == before


def test_rules_classes_of_several_models_may_each_have_one():
    class Fast:
        def start(self, n):
            return 0

        def is_goal(self, n, x):
            return x == n

        def moves(self, n, x):
            if x < n:
                yield "+1", x + 1, 1

        def accelerator(self, n):
            graph = nx.DiGraph()
            graph.add_nodes_from((x, {"label": str(x)}) for x in range(n + 1))
            graph.add_edges_from((x, x + 1, {"weight": 1, "rank": 0, "move": "+1"}) for x in range(n))
            return StateGraph(graph, 0, frozenset({n}))

    class Two(SuccessorPuzzle):
        name, summary, sample = "two", "two models", "3\n"
        models = {"fast": Fast, "plain": Steps}

        def read(self, tokens, limits):
            return tokens.integer("n", 0, 50)

    instance = next(Two().parse("3\n"))
    assert issubclass(Two.models["fast"], RulesModel)
    assert Two.models["fast"](instance).accelerated
    assert not Two.models["fast"](instance, use_accelerator=False).accelerated
    assert Two().solve_text("3\n", model="fast") == Two().solve_text("3\n", model="plain") == "3 +1 +1 +1\n"


def test_an_accelerator_must_give_a_state_graph():
    class Broken(Steps):
        name = "broken"

        def accelerator(self, n):
            return nx.DiGraph()

    with pytest.raises(ContractError, match="broken model states: instance 1: accelerator\\(\\) must return a "
                                            "StateGraph, it returned"):
        Broken().solve_text("3\n")
    assert Broken.models["states"](next(Broken().parse("3\n")), use_accelerator=False).graph.number_of_nodes() == 4


def test_a_generated_models_refusal_names_the_puzzle_the_model_and_the_instance():
    """A refusal met while a generated model's graph is searched names the puzzle, the model and the
    instance: a plug-in's, and the built-ins written on the first level (Pushing Boxes', Abbott's
    Revenge's; their profiles are declared, so no command meets one: configs refuse first)."""
    from stategraph import get_puzzle
    from stategraph.errors import SearchNotApplicable

    for puzzle, wanted in ((get_puzzle("pushing_boxes"), "^pushing_boxes model box_side: instance 1: no$"),
                           (Steps(), "^steps model states: instance 1: no$"),
                           (get_puzzle("arrow_maze"), "^arrow_maze model cell_heading: instance 1: no$")):
        instance = next(puzzle.parse(puzzle.sample_text()))
        model = puzzle.model()(instance)
        with pytest.raises(SearchNotApplicable, match=wanted), model.state_graph(next(puzzle.questions(instance))):
            raise SearchNotApplicable("no")
