"""Huarong Dao's A* bound against the independent brute force (tests/ref_huarong.py).

For every state (piece cell, blank side) of random boards and every target,
the bound must never exceed the true fewest moves (admissible), must be
``None`` only where the target is out of reach, and must not drop by more
than an edge's weight along any edge (consistent): A* is exact only then.
"""

import heapq
import os
import random
import sys
from itertools import islice

import networkx as nx
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_huarong as ref  # noqa: E402
from stategraph import get_puzzle  # noqa: E402
from stategraph.puzzles.huarong.bounds import NEVER, Bounds, landmark_fields, open_board_table  # noqa: E402
from stategraph.puzzles.huarong.build import BoardGraph  # noqa: E402

SEED = 2013_11
BOARDS = 40


def _boards():
    rng = random.Random(SEED)
    for i in range(BOARDS):
        n, m = rng.randint(1, 5), rng.randint(2, 5)
        yield i, ref.random_board(rng, n, m, rng.choice((0.0, 0.0, 0.15, 0.3)))


def _model(board):
    huarong = get_puzzle("huarong")
    text = ref.format_input(board, [])
    instance = next(huarong.parse(text))
    return instance.grid, BoardGraph(instance)


@pytest.mark.parametrize("landmarks", [False, True])
@pytest.mark.parametrize(("number", "board"), list(_boards()))
def test_bound_is_admissible_and_consistent(number, board, landmarks):
    grid, model = _model(board)
    graph = model.graph.networkx()
    bounds = Bounds(grid, graph, landmarks_after=0 if landmarks else 10**9)
    cells = [(r, c) for r in range(1, len(board) + 1) for c in range(1, len(board[0]) + 1)]
    checked = 0
    for target_rc in cells:
        target = grid.cell(*target_rc)
        bound = bounds.for_target(target)
        assert bool(bounds.landmarks) == (landmarks and len(graph) > 0)
        for state in graph:
            piece, side = state
            blank = piece + grid.step[side]
            truth = ref.brute_force(board, (*grid.position(blank), *grid.position(piece), *target_rc))
            h = bound(state)
            if h is None:
                assert truth == -1, (state, target_rc)
            elif truth != -1:
                assert h <= truth, (state, target_rc, h, truth)
            checked += 1
            for successor, attrs in graph.succ[state].items():
                h_next = bound(successor)
                if h is not None:
                    assert h_next is not None and h <= attrs["weight"] + h_next, (state, successor)
    assert checked == len(graph) * len(cells)


def open_board_search(rows, cols):
    """The open board searched: Dijkstra over (row offset, column offset, blank side) within the
    board's offsets, from the target's four states (every move there can be undone at its cost)."""
    deltas = ((-1, 0), (1, 0), (0, -1), (0, 1))  # N, S, W, E
    opposite = (1, 0, 3, 2)
    dist = {}
    heap = [(0, 0, 0, side) for side in range(4)]
    while heap:
        d, dr, dc, side = heapq.heappop(heap)
        if (dr, dc, side) in dist:
            continue
        dist[dr, dc, side] = d
        for other in range(4):  # the blank round the piece: 2 to a perpendicular side, 4 across
            if other != side:
                heapq.heappush(heap, (d + (4 if other == opposite[side] else 2), dr, dc, other))
        row, col = dr + deltas[side][0], dc + deltas[side][1]  # the piece slides into the blank
        if abs(row) < rows and abs(col) < cols:
            heapq.heappush(heap, (d + 1, row, col, opposite[side]))
    return dist


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 7) for c in range(1, 7)] + [(3, 25), (31, 29)])
def test_open_board_table_is_the_open_board_searched(rows, cols):
    table = open_board_table(rows, cols)
    dist = open_board_search(rows, cols)
    assert len(table) == len(dist) == (2 * rows - 1) * (2 * cols - 1) * 4
    for (dr, dc, side), d in dist.items():
        assert table[((dr + rows - 1) * (2 * cols - 1) + dc + cols - 1) * 4 + side] == d, (dr, dc, side)


def test_bound_is_tight_in_the_open():
    """Away from the edges of an open board the relaxation is the board itself: the bound is exact."""
    board = [[1] * 9 for _ in range(9)]
    grid, model = _model(board)
    target = grid.cell(5, 5)
    bound = Bounds(grid, model.graph, landmarks_after=10**9).for_target(target)
    for piece_rc, blank_rc in (((5, 3), (5, 4)), ((5, 3), (5, 2)), ((4, 4), (3, 4)), ((6, 4), (6, 5))):
        piece, blank = grid.cell(*piece_rc), grid.cell(*blank_rc)
        side = grid.step.index(blank - piece)
        assert bound((piece, side)) == ref.brute_force(board, (*blank_rc, *piece_rc, 5, 5))


def test_a_piece_that_cannot_pass_a_corridor_costs_no_search():
    """Two rooms joined by a corridor one cell wide and two long: the blank gets through, the
    piece never does (the blank cannot get round it).  The answer is -1 (brute force), and A*
    settles only the start: every state it could enter is in another component than the target's."""
    from stategraph import run

    board = [[1, 1, 1, 0, 0, 1, 1, 1],
             [1, 1, 1, 1, 1, 1, 1, 1],
             [1, 1, 1, 0, 0, 1, 1, 1]]
    queries = [(1, 1, 2, 2, 2, 7), (3, 2, 1, 3, 3, 8), (2, 3, 2, 2, 2, 6)]
    text = ref.format_input(board, queries)
    assert ref.brute_force_output(board, queries) == "-1\n-1\n-1\n"
    records = list(run("huarong", text))
    assert [record.answer for record in records] == [-1, -1, -1]
    assert [record.stats["settled"] for record in records] == [1, 1, 1]


def test_landmarks_join_on_a_winding_board_and_answers_stay_exact():
    """Rows of fixed cells with two-wide gaps at alternate ends make the piece wind; once the
    queries have done enough work the bound adds landmarks, and every answer still equals the
    brute force's."""
    from stategraph.search.solution import solve

    rng = random.Random(816)
    board = [[1] * 10 for _ in range(11)]
    for r in (2, 5, 8):
        board[r] = [0] * 10
        gap = (8, 9) if r % 2 == 0 else (0, 1)
        for c in gap:
            board[r][c] = 1
    queries = ref.random_queries(rng, board, 150, kinds=("movable",))
    huarong = get_puzzle("huarong")
    instance = next(huarong.parse(ref.format_input(board, queries)))
    model = huarong.model("piece_side")(instance)
    answers = []
    for question in huarong.questions(instance):
        with model.state_graph(question) as state_graph:
            answers.append(model.decode(question, solve(state_graph, "astar", path=False)))
    rules = model.rules()
    assert rules.shared(rules.ask(instance, question)).bounds.landmarks, "150 queries did not pay for the landmarks"
    assert answers == [ref.brute_force(board, query) for query in queries]
    assert sum(answer > 0 for answer in answers) > 100


@pytest.mark.parametrize(("fixed", "landmarks"), [(None, False), ((3, 4), True)])
def test_landmarks_by_default_only_where_a_board_has_fixed_cells(fixed, landmarks):
    """An open board never gets landmarks (they settle not one state fewer there), however often
    its bound is evaluated; the same board with one fixed cell gets them once its queries have
    evaluated the bound half as often as the board graph has states."""
    board = [[1] * 6 for _ in range(5)]
    if fixed:
        board[fixed[0]][fixed[1]] = 0
    grid, model = _model(board)
    bounds = Bounds(grid, model.graph)
    for target in grid.cells():
        bound = bounds.for_target(target)
        for state in model.graph:
            bound(state)
    bounds.for_target(grid.cells()[0])
    assert bool(bounds.landmarks) == landmarks
    if landmarks:
        assert bounds.evaluations >= bounds.landmarks_after == len(model.graph) // 2  # half an evaluation a state
    else:
        assert bounds.landmarks_after == NEVER


def test_landmarks_keep_coming_past_those_a_query_consults():
    """While a board's queries keep evaluating the bound, batches of landmarks keep coming past the
    ``ACTIVE`` a query consults (each batch judged by the queries after it, however few
    landmarks there are), and the bound from a query's start stays admissible: never above the
    brute force's fewest moves from there."""
    from stategraph.puzzles.huarong import bounds as bounds_module

    rng = random.Random(2013_44)
    board = ref.random_board(rng, 12, 12, 0.15)
    grid, model = _model(board)
    graph = model.graph.networkx()
    bounds = Bounds(grid, graph, landmarks_after=0)
    cells = grid.cells()
    for _ in range(60):
        target, piece = rng.sample(cells, 2)
        starts = [piece * 4 + side for side in range(4) if (piece, side) in graph]
        bound = bounds.for_target(target, starts)
        reach = {bounds.components[start] for start in starts}
        for state in graph:  # what a search from the starts may evaluate
            if bounds.components[state[0] * 4 + state[1]] in reach:
                bound(state)
        for start in starts[:1]:
            blank = piece + grid.step[start % 4]
            truth = ref.brute_force(board, (*grid.position(blank), *grid.position(piece), *grid.position(target)))
            h = bound((piece, start % 4))
            assert truth == -1 or h <= truth
    assert len(bounds.landmarks) > bounds_module.ACTIVE


@pytest.mark.parametrize("seed", range(6))
def test_landmark_fields_are_the_board_graphs_distances(seed):
    """Each landmark's field is its distance to every state of the largest component, as networkx's
    Dijkstra finds it on the board graph (every move undone at the same cost: to is also from), and
    ``None`` at every other state; each landmark is the state farthest from those before."""
    rng = random.Random(2013_4400 + seed)
    board = ref.random_board(rng, rng.randint(6, 12), rng.randint(6, 12), rng.choice((0.1, 0.2, 0.3)))
    grid, model = _model(board)
    graph = model.graph.networkx()
    bounds = Bounds(grid, graph, landmarks_after=10**9)
    fields = list(islice(landmark_fields(graph, bounds.components, len(grid.open)), 5))
    assert fields
    nearest: dict = {}
    for field in fields:
        index = field.index(0)
        landmark = (index // 4, index % 4)
        truth = nx.single_source_dijkstra_path_length(graph, landmark)
        assert field == [truth.get((index // 4, index % 4)) for index in range(len(field))]
        if nearest:
            assert nearest[landmark] == max(nearest.values())
        nearest = {state: min(truth[state], nearest.get(state, truth[state])) for state in truth}
