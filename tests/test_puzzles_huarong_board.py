"""The Huarong board graph is compiled once, shared by every query, and left as it was found."""

from __future__ import annotations

import copy
import random

import pytest

import ref_huarong
from stategraph import solve_text
from stategraph.errors import SearchNotApplicable
from stategraph.puzzles import huarong
from stategraph.puzzles.huarong import build
from stategraph.search.solution import solve
from stategraph.solving.driver import applicable_algorithms

PieceSide = huarong.Huarong.models["piece_side"]


def board_graph(model, query):
    """The board graph ``model`` searches, asked once for ``query`` (its start taken away since)."""
    with model.state_graph(query):
        graph = model.export_graph()
    return graph


def snapshot(graph):
    return (copy.deepcopy(dict(graph.graph)), {n: dict(a) for n, a in graph.nodes(data=True)},
            {(u, v): dict(a) for u, v, a in graph.edges(data=True)})


def test_board_graph_is_unchanged_after_a_batch_of_queries():
    rng = random.Random(2013)
    board_rows = ref_huarong.random_board(rng, 6, 6, 0.15)
    text = ref_huarong.format_input(board_rows, ref_huarong.random_queries(rng, board_rows, 40))
    board = next(huarong.parse(text))
    model = PieceSide(board)
    graph = board_graph(model, board.queries[0])
    before = snapshot(graph)
    assert before[1] and before[2]
    kinds = {kind for _, _, kind in graph.edges(data="kind")}
    assert kinds == {"rotate", "swap"}
    for algorithm in applicable_algorithms("huarong"):
        for query in board.queries:
            with model.state_graph(query) as state_graph:
                assert state_graph.graph is graph and huarong.START in graph
                solution = solve(state_graph, algorithm)
            moves = model.decode(query, solution)
            if solution.found:
                assert solution.states[0] == huarong.START and moves == solution.cost
            else:
                assert moves == -1
    assert snapshot(graph) == before


def test_a_failing_search_still_detaches_the_start():
    board = next(huarong.parse("1 3 1\n1 1 1\n1 1 1 2 1 3\n"))
    model = PieceSide(board)
    before = snapshot(board_graph(model, board.queries[0]))
    with pytest.raises(SearchNotApplicable), model.state_graph(board.queries[0]) as state_graph:
        solve(state_graph, "bfs")  # not unit weights: refused mid-query
    assert snapshot(model.export_graph()) == before


def test_the_board_is_compiled_once_for_all_queries(monkeypatch):
    calls = []
    real = build.board_graph
    monkeypatch.setattr(build, "board_graph", lambda board: calls.append(board) or real(board))
    rng = random.Random(3)
    board_rows = ref_huarong.random_board(rng, 5, 5, 0.0)
    text = ref_huarong.format_input(board_rows, ref_huarong.random_queries(rng, board_rows, 30))
    assert len(solve_text("huarong", text).splitlines()) == 30
    assert len(calls) == 1


def test_rotation_weights_are_the_blanks_shortest_detour():
    board = next(huarong.parse("3 3 0\n1 1 1\n1 1 1\n1 1 1\n"))
    graph = build.board_graph(board).networkx()
    centre = board.grid.cell(2, 2)
    from stategraph.grid import EAST, NORTH, SOUTH, WEST
    assert graph.edges[(centre, NORTH), (centre, EAST)]["weight"] == 2
    assert graph.edges[(centre, NORTH), (centre, SOUTH)]["weight"] == 4
    assert graph.edges[(centre, WEST), (centre, EAST)]["kind"] == "rotate"
    assert graph.edges[(centre, WEST), (centre - 1, EAST)] == {"weight": 1, "rank": 4, "kind": "swap"}


def test_a_state_is_one_object_wherever_the_board_graph_holds_it():
    """Every move's end is the very tuple the graph keys its state by (a search's dict lookups then
    match by identity, with no tuple comparison)."""
    rng = random.Random(2013_44)
    board_rows = ref_huarong.random_board(rng, 7, 7, 0.15)
    board = next(huarong.parse(ref_huarong.format_input(board_rows, [])))
    graph = build.board_graph(board).networkx()
    keys = {state: state for state in graph}
    assert all(keys[u] is u and keys[v] is v for u, v in graph.edges)
    assert all(keys[v] is v for u in graph for v in graph.pred[u])
