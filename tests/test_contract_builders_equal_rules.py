"""Each puzzle's fast builder (``build.py``) against its rules (``model.py``) explored plainly.

Pushing Boxes and Abbott's Revenge write their default model as first-level rules, and the fast
builder is the rules' ``accelerator``: the graph it gives must be the one
:func:`~stategraph.graph.explore.explore` makes of the rules (the same states and labels, the same
moves with the same weights, each state's moves in the same rank order, the same source, targets
and heuristic), and every routine must answer the same bytes either way.  Huarong Dao's accelerator
builds one board graph for every query of the board, each query's start attached to it for its
search: the board graph holds every state with the rules' moves, and from each query's start it is
the graph exploring the rules gives.  All of it on random inputs including rock, fixed cells and
dead ends.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from types import SimpleNamespace

import networkx as nx
import pytest

from random_inputs import arrow_maze_input, huarong_input, pushing_boxes_input
from stategraph import get_puzzle, solve_text
from stategraph.graph.dicts import node_attributes, successors
from stategraph.graph.explore import explore
from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.graph.weights import Lex
from stategraph.puzzles.arrow_maze import build as am_build
from stategraph.puzzles.arrow_maze import model as am_model
from stategraph.puzzles.huarong import model as hr_model
from stategraph.puzzles.pushing_boxes import box_player as pb_naive
from stategraph.puzzles.pushing_boxes import build as pb_build
from stategraph.puzzles.pushing_boxes import check as pb_check
from stategraph.puzzles.pushing_boxes import model as pb_model
from stategraph.search import SEARCHES
from stategraph.search.solution import solve

# puzzle -> its rules, their accelerator and the node attributes it documents
ACCELERATED = {
    "pushing_boxes": SimpleNamespace(rules=pb_model.BoxSideRules, build=pb_build.box_side_graph,
                                     attributes=pb_build.state_attributes),
    "arrow_maze": SimpleNamespace(rules=am_model.CellHeadingRules, build=am_build.cell_heading_graph,
                                  attributes=am_build.state_attributes),
}
INPUTS = {"pushing_boxes": lambda rng: pushing_boxes_input(rng, 25),
          "arrow_maze": lambda rng: arrow_maze_input(rng, 30),
          "huarong": lambda rng: huarong_input(rng, 12, max_side=7)}
BOTH_WAYS = [*ACCELERATED, "huarong"]  # the puzzles whose default model has an accelerator


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
        following = [after for _, after, _ in moves(instance, state)]
        assert list(fast.succ[state]) == following
        new = [after for after in following if after not in order]
        order.update(dict.fromkeys(new))
        stack.extend(new)
    assert list(fast) == list(order)


def assert_same_graph(fast: nx.DiGraph, plain: nx.DiGraph) -> None:
    assert dict(fast.nodes(data=True)) == dict(plain.nodes(data=True))
    assert {(u, v): attrs for u, v, attrs in fast.edges(data=True)} == \
           {(u, v): attrs for u, v, attrs in plain.edges(data=True)}


def assert_same_as_rules(fast: StateGraph, rules, instance) -> nx.DiGraph:
    """``fast`` is the graph ``explore`` makes of ``rules``: the states and their labels, the moves
    and their weights, each state's moves in rank order with the rules' labels, the source, the
    targets and the heuristic on every state.  Returns the explored graph."""
    found = explore(rules, instance)
    plain = found.graph
    assert (fast.source, fast.targets) == (found.source, found.targets)
    assert dict(fast.graph.nodes(data="label")) == dict(plain.nodes(data="label"))
    assert {(u, v): w for u, v, w in fast.graph.edges(data="weight")} == \
           {(u, v): w for u, v, w in plain.edges(data="weight")}
    for state in plain:
        ranked = sorted(plain.succ[state].items(), key=lambda item: item[1]["rank"])
        fast_ranked = sorted(fast.graph.succ[state].items(), key=lambda item: item[1]["rank"])
        assert [after for after, _ in fast_ranked] == [after for after, _ in ranked]
        assert len({attrs["rank"] for _, attrs in fast_ranked}) == len(fast_ranked)  # a strict order
        assert [attrs["move"] for _, attrs in fast_ranked] == [attrs["move"] for _, attrs in ranked]
        assert fast.heuristic(state) == rules.heuristic(instance, state)
    return plain


def assert_profile_of(fast, plain: nx.DiGraph, declared: bool = False) -> None:
    """The weight profile a builder declares without scanning its edges is what a scan finds (a
    graph without edges keeps the kind its model declares: there is nothing to scan)."""
    scanned = WeightProfile.of(w for _, _, w in plain.edges(data="weight"))
    if declared:  # an expanding state graph's: declared before any edge is built, no count
        assert fast.profile.count == 0 and (not scanned.count or replace(scanned, count=0) == fast.profile)
        return
    assert fast.profile == scanned or (not scanned.count and fast.profile.count == 0)


def assert_grown_part_of(fast: StateGraph, build, instance) -> int:
    """Every routine that ``grows`` searches the part of the graph it built (``build(instance)``,
    a fresh growing state graph per routine; ``fast``'s whole graph is already held to the rules)
    as it would the whole graph: each state it expanded has the whole graph's moves in the same
    order and attributes, and the distances and the path are the whole graph's.  Returns the states
    expanded, over the routines."""
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
        if whole.targets and grown.search.path is not None:  # A* stopped at its first target (its band walked)
            order = list(grown.search.order)
            assert order == list(complete.search.order)[:len(order)] and order[-1] in whole.targets, name
            assert all(grown.search.dist[state] == complete.search.dist[state] for state in order), name
        elif whole.targets:  # (else the whole graph needs no search, and the growing one finds no goal)
            assert grown.search.dist == complete.search.dist, name
            assert list(grown.search.order) == list(complete.search.order), name
        built = growing.lazy
        assert built is not None and growing._graph is None, f"{name} built the whole graph"
        assert not isinstance(built, nx.Graph)  # what networkx could see is never a part of the graph
        for state in built.expanded:
            assert list(successors(built)[state].items()) == list(successors(fast.graph)[state].items())
        assert all(node_attributes(built)[state] == fast.graph.nodes[state] for state in built)
        expanded += len(built.expanded)
    return expanded


def assert_same_answers_both_ways(puzzle_name: str, instance, model_name: str | None = None) -> int:
    """Every routine that applies answers ``instance`` alike on the accelerator's graph and on the
    rules explored plainly (of the default model, or ``model_name``): the same cost and path, the
    same bytes printed, the same path labels (Pushing Boxes': the pushes of the answer).  Returns
    the routines run."""
    puzzle = get_puzzle(puzzle_name)
    model = puzzle.model(model_name)
    fast, plain = model(instance, use_accelerator=True), model(instance, use_accelerator=False)
    assert fast.accelerated and not plain.accelerated
    runs = 0
    for name, routine in SEARCHES.items():
        if routine.refusal(model.profile, model.has_heuristic):
            continue
        for question in puzzle.questions(instance):
            answers = []
            for built in (fast, plain):
                with built.state_graph(question) as graph:
                    solution = solve(graph, name)
                answer = built.decode(question, solution)
                answers.append((solution.cost, solution.states, solution.labels,
                                puzzle.format_answer(instance, question, answer), answer, solution))
            assert answers[0][:4] == answers[1][:4], name
            if model.name == "box_side" and answers[1][-1].found:
                record = SimpleNamespace(subject=instance, question=question, solution=answers[0][-1],
                                         answer=answers[0][-2])
                assert [segment[-1] for segment in model.path_labels(record)] == \
                    [attrs["move"] for _, _, attrs in answers[1][-1].edges]
            runs += 1
    return runs


def instances(puzzle: str, text: str) -> list:
    return list(get_puzzle(puzzle).parse(text))


@pytest.mark.parametrize("puzzle", list(ACCELERATED))
@pytest.mark.parametrize("seed", range(6))
def test_the_accelerator_builds_the_rules_graph(puzzle, seed):
    accelerated = ACCELERATED[puzzle]
    rules = accelerated.rules()
    moves = expanded = 0
    for instance in instances(puzzle, INPUTS[puzzle](random.Random(seed))):
        fast = rules.accelerator(instance)
        plain = assert_same_as_rules(fast, rules, instance)
        assert_profile_of(fast, plain, declared=True)
        assert all(fast.graph.nodes[state] == accelerated.attributes(instance, state) for state in fast.graph)
        moves += plain.number_of_edges()
        expanded += assert_grown_part_of(fast, accelerated.build, instance)
        assert_depth_first_order(fast.graph, instance, rules.start(instance), rules.moves)
    assert moves > 100 and expanded > 100


@pytest.mark.parametrize("puzzle", BOTH_WAYS)
@pytest.mark.parametrize("seed", range(4))
def test_every_routine_answers_alike_with_and_without_the_accelerator(puzzle, seed):
    runs = sum(assert_same_answers_both_ways(puzzle, instance)
               for instance in instances(puzzle, INPUTS[puzzle](random.Random(100 + seed))))
    assert runs > 50


@pytest.mark.parametrize("puzzle", BOTH_WAYS)
def test_the_samples_print_alike_with_and_without_the_accelerator(puzzle, monkeypatch):
    """Through the whole pipeline, for every routine that applies: the class flag turns it off."""
    chosen = get_puzzle(puzzle)
    text = chosen.sample_text()
    model = chosen.model()
    names = [name for name, routine in SEARCHES.items() if not routine.refusal(model.profile, model.has_heuristic)]
    fast = {name: solve_text(puzzle, text, name) for name in names}
    monkeypatch.setattr(model, "use_accelerator", False)
    assert model(next(chosen.parse(text))).accelerated is False
    assert {name: solve_text(puzzle, text, name) for name in names} == fast
    for instance in chosen.parse(text):
        assert_same_answers_both_ways(puzzle, instance)


@pytest.mark.parametrize("seed", range(6))
def test_piece_side_board_graph_and_each_query_s_start_equal_its_rules(seed):
    """Huarong Dao's board graph holds every (piece cell, blank side) state, each with the moves of
    the rules in rank order (their costs, and their labels as the views name them), and each
    query's graph, its start attached, is from the start the graph exploring the rules gives."""
    rng = random.Random(seed)
    board = instances("huarong", huarong_input(rng, 4, max_side=7))[0]
    grid = board.grid
    model = get_puzzle("huarong").model("piece_side")(board)
    rules = model.rules(board)
    states = {(piece, side) for piece in grid.cells() for side in range(4) if grid.open[piece + grid.step[side]]}
    for query in board.ask():
        asked = rules.ask(board, query)
        explored = explore(rules, asked)
        with model.state_graph(query) as attached:
            assert model.accelerated
            graph = attached.graph
            assert set(graph) == states | {hr_model.START}
            for state in states:
                assert graph.nodes[state]["label"] == rules.state_label(asked, state)
                assert ranked_moves(graph, state, model) == [(after, cost, label) for label, after, cost
                                                             in rules.moves(asked, state)]
            reached = {attached.source} | nx.descendants(graph, attached.source)
            assert (attached.source, attached.targets & reached) == (explored.source, explored.targets)
            assert set(explored.graph) == reached
            assert ranked_moves(graph, attached.source, model) == \
                [(v, attrs["weight"], attrs["move"]) for v, attrs in explored.graph.succ[explored.source].items()]
            assert graph.nodes[attached.source]["label"] == explored.graph.nodes[explored.source]["label"]
            assert [attached.heuristic(state) for state in reached] == \
                [rules.heuristic(asked, state) for state in reached]
        assert hr_model.START not in graph  # the start is the query's alone: given back once it is searched


@pytest.mark.parametrize("seed", range(4))
def test_box_player_s_accelerator_builds_its_rules_graph(seed):
    """The naive model's builder against its rules explored plainly, and every routine's answers
    (the rules' own tie-break, ``canonical``, on both) alike."""
    rules = pb_naive.BoxPlayerRules()
    moves = runs = 0
    for maze in instances("pushing_boxes", pushing_boxes_input(random.Random(200 + seed), 8, max_side=6)):
        moves += assert_same_as_rules(rules.accelerator(maze), rules, maze).number_of_edges()
        runs += assert_same_answers_both_ways("pushing_boxes", maze, "box_player")
    assert moves > 100 and runs > 20


@pytest.mark.parametrize("seed", range(4))
def test_piece_blank_s_board_graph_and_each_query_s_start_equal_its_rules(seed):
    """Huarong Dao's naive board graph holds every (piece cell, blank cell) pair of movable cells,
    each with the moves of the rules in rank order (their labels as the views name them), and from
    each query's start it is the graph exploring the rules gives; every routine answers alike."""
    board = instances("huarong", huarong_input(random.Random(300 + seed), 5, max_side=5))[0]
    model = get_puzzle("huarong").model("piece_blank")(board)
    rules = model.rules(board)
    cells = board.grid.cells()
    states = {(piece, blank) for piece in cells for blank in cells if piece != blank}
    for query in board.ask():
        asked = rules.ask(board, query)
        explored = explore(rules, asked)
        with model.state_graph(query) as attached:
            assert model.accelerated
            graph = attached.graph
            assert set(graph) == states | {attached.source}
            for state in states:
                assert graph.nodes[state]["label"] == rules.state_label(asked, state)
                ranked = ranked_moves(graph, state, model)
                assert ranked == [(after, cost, label) for label, after, cost in rules.moves(asked, state)]
                for after, _, label in ranked:  # "piece X": the piece goes X; "blank X": the blank goes X
                    who, way = label.split()
                    assert after[who == "blank"] - state[who == "blank"] == board.grid.step["NSWE".index(way)]
            reached = {attached.source} | nx.descendants(graph, attached.source)
            assert (attached.source, attached.targets & reached) == (explored.source, explored.targets)
            assert set(explored.graph) == reached
            assert graph.nodes[attached.source]["label"] == explored.graph.nodes[explored.source]["label"]
            assert [attached.heuristic(state) for state in reached] == \
                [rules.heuristic(asked, state) for state in reached]
        assert set(graph) == states  # a start that is no state of the board is given back
    assert assert_same_answers_both_ways("huarong", board, "piece_blank") > 20


def ranked_moves(graph: nx.DiGraph, state, model) -> list:
    """``(next state, weight, the views' label)`` of each move leaving ``state``, in rank order."""
    return [(v, attrs["weight"], model.move_label(graph, state, v, attrs))
            for v, attrs in sorted(graph.succ[state].items(), key=lambda item: item[1]["rank"])]


class CostlierNorth(pb_model.BoxSideRules):
    """The rules with one move's cost changed: a push north costs one walk more."""

    def moves(self, maze, state):
        for label, after, cost in super().moves(maze, state):
            yield label, after, Lex(cost.primary, cost.secondary + 1) if label.endswith("N") else cost


class LeftBeforeForward(am_model.CellHeadingRules):
    """The rules with the tie-break changed: L before F."""

    def moves(self, maze, state):
        found = list(super().moves(maze, state))
        return iter(sorted(found, key=lambda move: move[0] != "L"))


def test_the_comparison_sees_a_difference():
    maze = instances("pushing_boxes", "3 5\n.....\n.SB.T\n.....\n0 0\n")[0]
    fast = pb_build.box_side_graph(maze)
    assert_same_as_rules(fast, pb_model.BoxSideRules(), maze)
    with pytest.raises(AssertionError):
        assert_same_as_rules(fast, CostlierNorth(), maze)
    maze = instances("arrow_maze", "T\n1 1 E 1 3\n1 2 EFL *\n0\nEND\n")[0]
    fast = am_build.cell_heading_graph(maze)
    assert_same_as_rules(fast, am_model.CellHeadingRules(), maze)
    with pytest.raises(AssertionError):
        assert_same_as_rules(fast, LeftBeforeForward(), maze)
    plain = plain_graph(maze, [am_model.START], lambda m, s: [], lambda m, s: {"label": "x"})
    with pytest.raises(AssertionError):
        assert_same_graph(fast.graph, plain)


def test_the_rules_label_a_push_by_its_letter_and_the_answer_spells_its_walk():
    """Pushing Boxes' labels are the pushes' letters; the answer puts before each the smallest of the
    shortest walks to get behind the box, and the independent checker replays it at the path's cost."""
    rng = random.Random(1475)
    answered = 0
    for _ in range(40):
        for maze in instances("pushing_boxes", pushing_boxes_input(rng, 6)):
            plain = get_puzzle("pushing_boxes").model()(maze, use_accelerator=False)
            with plain.state_graph(maze) as graph:
                solution = solve(graph, "astar")
            if not solution.found:
                continue
            labels = [attrs["move"] for _, _, attrs in solution.edges]
            answer = plain.decode(maze, solution)
            segments = re.findall("([nswe]*)([NSWE])", answer)
            assert "".join(walk + push for walk, push in segments) == answer
            assert [push for _, push in segments] == labels
            assert pb_check.replay(maze, answer) == tuple(solution.cost)
            answered += 1
    assert answered >= 20
