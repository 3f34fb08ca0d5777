"""Huarong Dao's naive model ``piece_blank`` against ``piece_side`` and the independent brute force.

Expected answers come from tests/ref_huarong.py (a plain BFS written separately)
and from the default model; node and edge counts from counting cells on the
0/1 board; the only hard-coded answer is the official sample output file.
"""

import os
import random
import sys
from collections import deque

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_huarong as ref  # noqa: E402
from random_inputs import huarong_input  # noqa: E402
from stategraph import Settings, get_puzzle, run, solve_text  # noqa: E402
from stategraph.puzzles.huarong.piece_blank import BoardPairs  # noqa: E402
from stategraph.solving.driver import applicable_algorithms  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20260101
N_INPUTS = 110       # 10 queries each: 1100 random queries
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _movable(board):
    return [(r, c) for r, row in enumerate(board, 1) for c, v in enumerate(row, 1) if v == 1]


def _board_text(board):
    return ref.format_input(board, [])


def _board_graph(board):
    """The graph piece_blank's rules build once for the board (their accelerator's)."""
    return BoardPairs(next(get_puzzle("huarong").parse(_board_text(board)))).graph


# ---------------------------------------------------------------------------
# identical output


# random queries for every routine (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_random_queries_every_algorithm_matches_piece_side_and_brute_force",
}


def test_random_queries_every_algorithm_matches_piece_side_and_brute_force():
    rng = random.Random(SEED)
    blank_algorithms = applicable_algorithms("huarong", "piece_blank")
    side_algorithms = applicable_algorithms("huarong", "piece_side")
    assert "bfs" in blank_algorithms and "astar" in blank_algorithms
    assert "bfs" not in side_algorithms
    answers = []
    for _ in range(N_INPUTS):
        text = huarong_input(rng, 10, max_side=6)
        board, queries = ref.parse_input(text)
        want = ref.brute_force_output(board, queries)
        answers += want.split()
        for algorithm in side_algorithms:
            assert solve_text("huarong", text, algorithm=algorithm, model="piece_side") == want, (algorithm, text)
        for algorithm in blank_algorithms:
            got = solve_text("huarong", text, algorithm=algorithm, model="piece_blank")
            assert got == want, f"piece_blank with {algorithm} on\n{text}gives {got!r}, brute force {want!r}"
    # the random set is not trivial: impossible, zero and long answers all occur
    assert len(answers) >= 1000
    assert answers.count("-1") >= 50 and answers.count("0") >= 30
    assert sum(int(a) >= 10 for a in answers) >= 50


def test_sample_through_the_cli(stategraph_cli):
    with open(os.path.join(HERE, "samples", "huarong.out"), encoding="utf-8") as handle:
        want = handle.read()
    sample = get_puzzle("huarong").sample_text()
    for extra in ((), ("--algorithm", "bfs")):
        done = stategraph_cli("solve", "huarong", "--model", "piece_blank", *extra, stdin=sample)
        assert (done.returncode, done.stdout) == (0, want), (extra, done.stderr)


def test_verify_replays_piece_blank_paths(stategraph_cli):
    done = stategraph_cli("solve", "huarong", "--model", "piece_blank", "--verify",
                          stdin=get_puzzle("huarong").sample_text())
    assert (done.returncode, done.stderr) == (0, "stategraph: verified 2 answers: 2 confirmed\n")
    rng = random.Random(77)
    verdicts = [record.stats["verified"] for _ in range(20)
                for record in run("huarong", huarong_input(rng, 10), Settings.of("huarong", model="piece_blank",
                                                                                 verify=True))]
    assert len(verdicts) == 200 and set(verdicts) == {"confirmed"}


def test_piece_on_a_fixed_cell_attaches_and_detaches_its_source():
    text = "2 3 3\n1 0 1\n1 1 1\n1 1 1 2 1 2\n1 1 1 2 2 2\n1 1 2 2 1 2\n"
    board, queries = ref.parse_input(text)
    want = ref.brute_force_output(board, queries)
    assert want == "0\n-1\n-1\n"
    for algorithm in applicable_algorithms("huarong", "piece_blank"):
        assert solve_text("huarong", text, algorithm=algorithm, model="piece_blank") == want
    huarong = get_puzzle("huarong")
    parsed = next(huarong.parse(text))
    model = huarong.model("piece_blank")(parsed)
    query = parsed.queries[1]
    graph = model.rules(parsed).shared(model.asked(parsed, query)).graph
    before = (graph.number_of_nodes(), graph.number_of_edges())
    with pytest.raises(RuntimeError):
        with model.state_graph(query) as state_graph:
            assert state_graph.source in state_graph.graph
            assert state_graph.graph.degree(state_graph.source) == 0
            raise RuntimeError("leave the block early")
    assert (graph.number_of_nodes(), graph.number_of_edges()) == before


# ---------------------------------------------------------------------------
# the graph itself


BOARDS = [
    [[0, 1, 1, 1], [0, 1, 1, 0], [0, 1, 0, 0]],      # the PROBLEMS.md sample
    [[1, 1, 1, 1, 1]],
    [[1], [1], [0], [1]],
    [[1, 1, 1], [1, 0, 1], [1, 1, 1]],
    [[1, 0], [0, 1]],
    [[1, 1, 0, 1], [1, 1, 1, 1], [0, 1, 1, 0], [1, 1, 1, 1]],
]


def _reachable(board, piece, blank):
    """Independent BFS over (piece, blank), 1-based, moving only movable pieces."""
    n, m = len(board), len(board[0])
    seen = {(piece, blank)}
    todo = deque(seen)
    while todo:
        piece, blank = todo.popleft()
        for dr, dc in DIRS:
            nb = (blank[0] + dr, blank[1] + dc)
            if 1 <= nb[0] <= n and 1 <= nb[1] <= m and board[nb[0] - 1][nb[1] - 1]:
                state = (blank if nb == piece else piece, nb)
                if state not in seen:
                    seen.add(state)
                    todo.append(state)
    return seen


@pytest.mark.parametrize("board", BOARDS)
def test_node_and_edge_counts_and_moves(board):
    import networkx as nx

    cells = _movable(board)
    graph = _board_graph(board)
    k = len(cells)
    assert graph.number_of_nodes() == k * k - k
    adjacent = sum((r + dr, c + dc) in set(cells) for r, c in cells for dr, dc in DIRS)
    assert graph.number_of_edges() == adjacent * (k - 1)   # a blank move for every other piece cell
    a = graph.nodes
    named = {node: ((a[node]["piece_row"], a[node]["piece_col"]), (a[node]["blank_row"], a[node]["blank_col"]))
             for node in graph}
    assert len({a[node]["label"] for node in graph}) == len(graph)
    for node, (p, b) in list(named.items())[:50]:
        assert a[node]["label"] == f"piece={p[0]},{p[1]} blank={b[0]},{b[1]}"
    assert {w for _, _, w in graph.edges(data="weight")} <= {1}
    for u, v, attrs in graph.edges(data=True):
        (p, b), (p2, b2) = named[u], named[v]
        assert abs(b[0] - b2[0]) + abs(b[1] - b2[1]) == 1
        assert DIRS[attrs["rank"]] == (b2[0] - b[0], b2[1] - b[1])
        assert attrs["kind"] == ("piece" if b2 == p else "slide")
        assert p2 == (b if b2 == p else p)
    for node in list(graph)[::7]:
        got = {named[v] for v in nx.descendants(graph, node)} | {named[node]}
        assert got == _reachable(board, *named[node])


def test_heuristic_is_consistent():
    rng = random.Random(SEED + 1)
    for _ in range(15):
        text = huarong_input(rng, 3, max_side=5)
        huarong = get_puzzle("huarong")
        parsed = next(huarong.parse(text))
        model = huarong.model("piece_blank")(parsed)
        for query in parsed.queries:
            with model.state_graph(query) as state_graph:
                h = state_graph.heuristic
                for target in state_graph.targets:
                    assert h(target) == 0
                for u, v, w in state_graph.graph.edges(data="weight"):
                    if h(u) is not None:
                        assert h(v) is not None and h(u) <= w + h(v), (text, u, v)


# ---------------------------------------------------------------------------
# size refusal


def test_size_refusal_through_the_cli(stategraph_cli):
    rows = [[1] * 20 for _ in range(21)]
    for c in range(19):
        rows[20][c] = 0                                    # 401 movable cells
    text = ref.format_input(rows, [(1, 1, 1, 2, 21, 20)])
    done = stategraph_cli("solve", "huarong", "--model", "piece_blank", stdin=text)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "piece_blank" in lines[0] and "400" in lines[0] and "401" in lines[0] and "piece_side" in lines[0]
    side = stategraph_cli("solve", "huarong", "--model", "piece_side", stdin=text)
    assert side.returncode == 0 and side.stdout == ref.brute_force_output(*ref.parse_input(text))
