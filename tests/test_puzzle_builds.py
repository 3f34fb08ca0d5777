"""Each puzzle's fast builder (``build.py``) against its rules (``model.py``) built plainly.

The plain graph is made here through networkx's public API alone: the states and moves the
model's readable functions give, explored breadth-first.  The fast builders (side walks, direct
writes, shared attribute dicts) must give the same nodes, attributes, edges and targets, on
random inputs including rock, fixed cells and dead ends.
"""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest

from random_inputs import arrow_maze_input, huarong_input, pushing_boxes_input
from stategraph import get_puzzle
from stategraph.graph.dicts import node_attributes, successors
from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.puzzles.arrow_maze import build as am_build
from stategraph.puzzles.arrow_maze import model as am_model
from stategraph.puzzles.huarong import build as hr_build
from stategraph.puzzles.huarong import model as hr_model
from stategraph.puzzles.pushing_boxes import build as pb_build
from stategraph.puzzles.pushing_boxes import model as pb_model
from stategraph.search import SEARCHES
from stategraph.search.solution import solve


def plain_graph(instance, starts, moves, attributes) -> nx.DiGraph:
    """Every state reachable from ``starts`` by ``moves(instance, state)``, with its attributes."""
    graph = nx.DiGraph()
    queue = list(starts)
    for state in queue:
        graph.add_node(state, **attributes(instance, state))
    for state in queue:  # the list grows as it is read: breadth-first
        for after, attrs in moves(instance, state):
            if after not in graph:
                graph.add_node(after, **attributes(instance, after))
                queue.append(after)
            graph.add_edge(state, after, **attrs)
    return graph


def assert_depth_first_order(fast: nx.DiGraph, instance, start, moves) -> None:
    """The whole graph's nodes, and each node's out-edges, come in the order a depth-first build
    from ``start`` by the rules gives (each state's new successors pushed in move order): the order
    exports show, the same whether or not a search grew part of the graph first."""
    order = {start: None}
    stack = [start]
    while stack:
        state = stack.pop()
        following = [after for after, _ in moves(instance, state)]
        assert list(fast.succ[state]) == following
        new = [after for after in following if after not in order]
        order.update(dict.fromkeys(new))
        stack.extend(new)
    assert list(fast) == list(order)


def assert_same_graph(fast: nx.DiGraph, plain: nx.DiGraph) -> None:
    assert dict(fast.nodes(data=True)) == dict(plain.nodes(data=True))
    assert {(u, v): attrs for u, v, attrs in fast.edges(data=True)} == \
           {(u, v): attrs for u, v, attrs in plain.edges(data=True)}


def assert_profile_of(fast, plain: nx.DiGraph, declared: bool = False) -> None:
    """The weight profile a builder declares without scanning its edges is what a scan finds (a
    graph without edges keeps the kind its model declares: there is nothing to scan)."""
    scanned = WeightProfile.of(w for _, _, w in plain.edges(data="weight"))
    if declared:  # an expanding state graph's: declared before any edge is built, no count
        assert fast.profile.count == 0 and (not scanned.count or replace(scanned, count=0) == fast.profile)
        return
    assert fast.profile == scanned or (not scanned.count and fast.profile.count == 0)


def assert_grown_part_of(fast: StateGraph, build, instance, plain: nx.DiGraph) -> int:
    """Every routine that ``grows`` searches the part of the graph it built (``build(instance)``,
    a fresh growing state graph per routine; ``fast``'s whole graph is already held to ``plain``)
    as it would the whole graph: each state it expanded
    has the whole graph's moves in the same order and the plain graph's attributes, and the
    distances and the path are the whole graph's.  Returns the states expanded, over the routines."""
    whole = StateGraph(fast.graph, fast.source, fast.targets, heuristic=fast.heuristic, profile=fast.profile)
    expanded = 0
    for name, routine in SEARCHES.items():
        if routine.refusal(fast.profile, True):
            continue
        growing = build(instance)
        grown, complete = solve(growing, name), solve(whole, name)
        assert (grown.cost, grown.states, grown.labels) == (complete.cost, complete.states, complete.labels), name
        if not routine.grows:  # it may read predecessors or every node: it gets the whole graph
            assert growing._graph is not None and grown.stats["states_built"] == len(fast.graph), name
            continue
        if whole.targets:  # (else the whole graph needs no search, and the growing one finds no goal)
            assert grown.search.dist == complete.search.dist, name
            assert list(grown.search.order) == list(complete.search.order), name
        built = growing.lazy
        assert built is not None and growing._graph is None, f"{name} built the whole graph"
        assert not isinstance(built, nx.Graph)  # what networkx could see is never a part of the graph
        for state in built.expanded:
            assert list(successors(built)[state].items()) == list(successors(fast.graph)[state].items())
        assert all(node_attributes(built)[state] == plain.nodes[state] for state in built)
        expanded += len(built.expanded)
    return expanded


def instances(puzzle: str, text: str) -> list:
    return list(get_puzzle(puzzle).parse(text))


@pytest.mark.parametrize("seed", range(6))
def test_box_side_build_equals_its_rules(seed):
    rng = random.Random(seed)
    mazes = instances("pushing_boxes", pushing_boxes_input(rng, 25))
    pushes = expanded = 0
    for maze in mazes:
        fast = pb_build.box_side_graph(maze)
        plain = plain_graph(maze, [pb_model.START], pb_model.pushes, pb_model.state_attributes)
        assert_same_graph(fast.graph, plain)
        assert_profile_of(fast, plain, declared=True)
        assert fast.targets == {state for state in plain if plain.nodes[state]["box"] == maze.target}
        pushes += plain.number_of_edges()
        expanded += assert_grown_part_of(fast, pb_build.box_side_graph, maze, plain)
        assert_depth_first_order(fast.graph, maze, pb_model.START, pb_model.pushes)
    assert pushes > 100 and expanded > 100


@pytest.mark.parametrize("seed", range(6))
def test_piece_side_build_equals_its_rules(seed):
    rng = random.Random(seed)
    board = instances("huarong", huarong_input(rng, 3, max_side=7))[0]
    fast = hr_build.board_graph(board)
    states = hr_model.states(board)
    plain = plain_graph(board, states, hr_model.moves, hr_model.state_attributes)
    assert len(plain) == len(states)  # every move leads to a state of the board
    assert_same_graph(fast, plain)


@pytest.mark.parametrize("seed", range(6))
def test_cell_heading_build_equals_its_rules(seed):
    rng = random.Random(seed)
    mazes = instances("arrow_maze", arrow_maze_input(rng, 30))
    turns = expanded = 0
    for maze in mazes:
        fast = am_build.cell_heading_graph(maze)
        plain = plain_graph(maze, [am_model.START], am_model.turns, am_model.state_attributes)
        assert_same_graph(fast.graph, plain)
        assert_profile_of(fast, plain, declared=True)
        assert fast.targets == {state for state in plain if state != am_model.START and state[:2] == maze.goal}
        turns += plain.number_of_edges()
        expanded += assert_grown_part_of(fast, am_build.cell_heading_graph, maze, plain)
        assert_depth_first_order(fast.graph, maze, am_model.START, am_model.turns)
    assert turns > 100 and expanded > 100


def test_the_comparison_sees_a_difference():
    maze = instances("pushing_boxes", "1 5\nSB..T\n0 0\n")[0]
    plain = plain_graph(maze, [pb_model.START], pb_model.pushes, pb_model.state_attributes)
    fast = pb_build.box_side_graph(maze).graph
    assert_same_graph(fast, plain)
    edge = next(iter(plain.edges))
    plain.edges[edge]["rank"] = 9
    with pytest.raises(AssertionError):
        assert_same_graph(fast, plain)
