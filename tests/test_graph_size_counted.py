"""A first-level model's size is counted without building its whole graph, and is that graph's.

``StateGraph.size()`` (the states and moves ``compare``, the page and ``--format json`` report)
counts a graph built as it is searched with the compact explorer where the whole networkx graph
is not built yet; the counts must be the whole graph's, and a state limit must stop both alike.
"""

from __future__ import annotations

import pytest

from example_folders import EXAMPLES, example_puzzle
from stategraph import StategraphError

GROWING = ["water_jug", "keys_doors"]  # examples whose rules declare their weights: their graphs grow


def first_state_graph(name: str, limits: dict | None = None):
    """The state graph of the first question of ``examples/NAME/input.txt``'s first instance."""
    puzzle = example_puzzle(name)
    instance = next(puzzle.parse((EXAMPLES / name / "input.txt").read_text(), "input.txt", limits))
    question = next(iter(puzzle.questions(instance)))
    return puzzle.model()(instance).state_graph(question)


@pytest.mark.parametrize("name", GROWING)
def test_the_size_counted_is_the_whole_graph_s(name):
    with first_state_graph(name) as state_graph:
        counted = state_graph.size()
        assert state_graph._graph is None  # counted, not built
        whole = state_graph.graph
        assert counted == (len(whole), whole.number_of_edges()) and counted[0] > 1
        assert state_graph.size() == counted  # from the whole graph now


@pytest.mark.parametrize("name", GROWING)
def test_a_state_limit_stops_the_count_as_it_stops_the_graph(name):
    with first_state_graph(name) as state_graph:
        states = state_graph.size()[0]
    limits = {"max_states": states - 1}
    with first_state_graph(name, limits) as state_graph, pytest.raises(StategraphError) as counted:
        state_graph.size()
    with first_state_graph(name, limits) as state_graph, pytest.raises(StategraphError) as built:
        _ = state_graph.graph  # the whole graph, built: refused as the count was
    assert str(counted.value) == str(built.value) and "states" in str(counted.value)
