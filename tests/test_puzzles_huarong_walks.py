"""A query's start: the blank's walks to the sides of the piece (``walk_distances_toward``, as
``attach_start`` asks for them) and the bound consulted from those sides
(``Bounds.for_target`` with its start states), against independent references: a plain BFS on
(row, col) pairs (tests/test_puzzles_grid_walks.py) and the brute force of tests/ref_huarong.py."""

import os
import random
import sys
from itertools import islice

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_huarong as ref  # noqa: E402
from stategraph import get_puzzle  # noqa: E402
from stategraph.grid import DELTAS, Grid  # noqa: E402
from stategraph.grid.walks import FAR_GOALS, walk_distances_toward  # noqa: E402
from stategraph.puzzles.huarong import bounds as bounds_module  # noqa: E402
from stategraph.puzzles.huarong.bounds import Bounds  # noqa: E402
from stategraph.puzzles.huarong.build import board_graph  # noqa: E402
from test_puzzles_grid_walks import reference_walks  # noqa: E402


def test_walks_to_the_sides_equal_a_plain_bfs():
    """The blank's walks to the sides of the piece, near and far, are the BFS's, in the order of
    the sides asked for where they are far."""
    rng = random.Random(2013)
    far = 0
    for _ in range(150):
        height, width = rng.randint(2, 45), rng.randint(2, 45)
        rock = rng.choice((0.0, 0.1, 0.25))
        rows = ["".join("#" if rng.random() < rock else "." for _ in range(width)) for _ in range(height)]
        free = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
        if len(free) < 3:
            continue
        start, piece = rng.sample(free, 2)
        sides = [(piece[0] + dr, piece[1] + dc) for dr, dc in DELTAS]
        sides = [side for side in sides if side in free]
        grid = Grid.from_rows(rows, ".")
        cells = {grid.cell(r + 1, c + 1): (r, c) for r, c in sides}
        found = walk_distances_toward(grid, grid.cell(start[0] + 1, start[1] + 1), list(cells),
                                      blocked=grid.cell(piece[0] + 1, piece[1] + 1))
        expected = reference_walks(rows, start, sides, piece)
        assert {cells[cell]: walk for cell, walk in found.items()} == expected
        if min((abs(start[0] - r) + abs(start[1] - c) for r, c in sides), default=0) >= FAR_GOALS:
            far += 1
            assert [cells[cell] for cell in found] == [side for side in sides if side in expected]
    assert far > 40  # the search by levels ran


def _boards():
    rng = random.Random(2013_26)
    for i in range(12):
        n, m = rng.randint(2, 5), rng.randint(2, 5)
        yield i, ref.random_board(rng, n, m, rng.choice((0.15, 0.3)))


@pytest.mark.parametrize("active", [1, 2, 5])
@pytest.mark.parametrize(("number", "board"), list(_boards()))
def test_bound_from_a_start_is_admissible_and_consistent_where_the_search_goes(number, board, active, monkeypatch):
    """With every landmark found at once, and one, two or five consulted (those a start chooses;
    up to four: the bound written out, padded; five: the loop), the bound a query gets from its
    start states never exceeds the brute force's fewest moves and drops by no more than an
    edge's weight along any edge of the states its search can reach."""
    monkeypatch.setattr(bounds_module, "LANDMARKS", 6)
    monkeypatch.setattr(bounds_module, "BATCH", 6)  # all six with the first bound
    monkeypatch.setattr(bounds_module, "ACTIVE", active)
    huarong = get_puzzle("huarong")
    instance = next(huarong.parse(ref.format_input(board, [])))
    grid, graph = instance.grid, board_graph(instance).networkx()
    bounds = Bounds(grid, graph, landmarks_after=0)
    truths: dict = {}
    kinds = set()
    for target in grid.cells():
        target_rc = grid.position(target)
        for piece in grid.cells():
            starts = [piece * 4 + side for side in range(4) if (piece, side) in graph]
            if not starts:
                continue
            bound = bounds.for_target(target, starts)
            kinds.add(bound.__qualname__.split(".")[0])
            reach = {bounds.components[start] for start in starts}
            for state in graph:
                if bounds.components[state[0] * 4 + state[1]] not in reach:
                    continue
                key = (state, target)
                if key not in truths:
                    blank = state[0] + grid.step[state[1]]
                    truths[key] = ref.brute_force(board, (*grid.position(blank), *grid.position(state[0]),
                                                          *target_rc))
                h = bound(state)
                if h is None:
                    assert truths[key] == -1, (state, target_rc)
                    continue
                if truths[key] != -1:
                    assert h <= truths[key], (state, target_rc, h, truths[key])
                for successor, attrs in graph.succ[state].items():
                    h_next = bound(successor)
                    assert h_next is not None and h <= attrs["weight"] + h_next, (state, successor)
    assert bounds.landmarks or not len(graph)
    landmark_kinds = {"_landmark_bound"} | ({"_written_out_bound"} if active <= bounds_module.WRITTEN_OUT else set())
    assert landmark_kinds & kinds or not len(graph)


@pytest.mark.parametrize("consulted", [1, 2, 3, 4])
def test_landmarks_written_out_bound_as_the_loop_does(consulted):
    """Where the landmarks know every state of the one component searched, the bound written out
    for up to four (padded with fields of zeros) gives what the loop over them gives, state by
    state."""
    huarong = get_puzzle("huarong")
    rng = random.Random(2013_44)
    board = ref.random_board(rng, 7, 8, 0.15)
    instance = next(huarong.parse(ref.format_input(board, [])))
    grid, graph = instance.grid, board_graph(instance).networkx()
    bounds = Bounds(grid, graph, landmarks_after=0)
    bounds.landmarks = list(islice(bounds_module.landmark_fields(graph, bounds.components, len(grid.open)), consulted))
    assert len(bounds.landmarks) == consulted
    table = bounds_module.open_board_table(grid.rows, grid.cols)
    keys = bounds_module.offset_keys(grid)
    compared = 0
    for target in grid.cells():
        home = bounds.components[target * 4 + next(s for s in range(4) if (target, s) in graph)]
        known = [[f[target * 4 + s] for s in range(4) if (target, s) in graph] for f in bounds.landmarks]
        if not known[0] or None in sum(known, []):
            continue
        bands = [(f, min(k), max(k)) for f, k in zip(bounds.landmarks, known)]
        base = ((grid.rows - 1) * (2 * grid.cols - 1) + grid.cols - 1) * 4 - keys[target]
        written = bounds_module._written_out_bound(table, base, keys, bounds.padded(bands))
        looped = bounds_module._landmark_bound(table, base, keys, bands)
        for state in graph:
            if bounds.components[state[0] * 4 + state[1]] == home:
                assert written(state) == looped(state), (state, target)
                compared += 1
    assert compared > 1000
