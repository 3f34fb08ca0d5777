"""The naive Pushing Boxes model ``box_player`` (a state is box cell x player cell).

Its answers must be byte-identical to the default model ``box_side`` and to
the independent reference (``ref_pushing_boxes``: brute force on the naive
state space, and PROBLEMS.md's canonical rule over every optimal string).
No expected value here comes from the code under test; the samples are typed
in from PROBLEMS.md.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
import sys
from pathlib import Path

import pytest

from stategraph import get_puzzle, solve_text
from stategraph.graph.canonical import canonical_path
from stategraph.search.solution import solve
from stategraph.solving.driver import applicable_algorithms

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import ref_pushing_boxes as ref  # noqa: E402
from random_inputs import pushing_boxes_input  # noqa: E402

PUZZLE = "pushing_boxes"
MODEL = "box_player"
ALGORITHMS = applicable_algorithms(PUZZLE, MODEL)
SAMPLES = Path(__file__).parent / "samples"
SAMPLE_INPUT = ("1 7\nSB....T\n1 7\nSB..#.T\n"
                "7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n#.######..#\n#.....S...#\n###########\n"
                "8 4\n....\n.##.\n.#..\n.#..\n.#.B\n.##S\n....\n###T\n0 0\n")
MOVES = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def answers_of(out: str, count: int) -> list[str]:
    lines = out.split("\n")
    assert len(lines) == 3 * count + 1, out[:2000]
    answers = [lines[3 * i + 1] for i in range(count)]
    assert out == ref.expected_output(answers)
    return answers


# ---------------------------------------------------------------------------
# Inputs and their reference answers (seeded)
# ---------------------------------------------------------------------------

@functools.cache
def tie_mazes():
    """200 small solvable mazes with open floors, mostly with several optimal strings, each with
    PROBLEMS.md's canonical answer."""
    rng = random.Random(20240601)
    mazes = []
    while len(mazes) < 200:
        k = len(mazes) % 10
        rows, cols = (1, rng.randint(3, 6)) if k == 0 else (2, rng.randint(2, 5)) if k == 1 else \
            (rng.randint(3, 4), rng.randint(3, 5))
        block = ref.random_maze(rng, rows, cols, rng.choice([0.0, 0.0, 0.0, 0.1]))
        lines = ref.maze_rows_of(block)
        n = ref.count_optimal_strings(lines)
        if n == 0 or n > 5000 or (n == 1 and rng.random() < 0.8):  # mostly mazes with ties
            continue
        strings = ref.all_optimal_strings(lines)
        mazes.append((block, strings, ref.canonical_by_rule(strings)))
    return [mazes[:100], mazes[100:]]


@functools.cache
def random_mazes():
    """300 random mazes up to 7x7 (solvable and not) in 3 inputs, with brute-force optima."""
    rng = random.Random(1475_2024)
    batches = []
    for _ in range(3):
        text = pushing_boxes_input(rng, 100, max_side=7)
        blocks = _blocks(text)
        batches.append((text, blocks, [ref.brute_force(ref.maze_rows_of(b)) for b in blocks]))
    return batches


def _blocks(text: str) -> list[str]:
    lines, blocks, i = text.split("\n"), [], 0
    while lines[i] != "0 0":
        rows = int(lines[i].split()[0])
        blocks.append("\n".join(lines[i:i + rows + 1]) + "\n")
        i += rows + 1
    return blocks


def _pushes(moves: str) -> str:
    return "".join(ch for ch in moves if ch.isupper())


@functools.cache
def box_side_output(text: str) -> str:
    return solve_text(PUZZLE, text, model="box_side")


# ---------------------------------------------------------------------------
# The model is registered after the default
# ---------------------------------------------------------------------------

# the big maze, and the random mazes for every routine but dijkstra (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_too_big_is_refused_in_one_line",
    "test_random_mazes_against_brute_force[layered_bfs]",
    "test_random_mazes_against_brute_force[networkx]",
    "test_random_mazes_against_brute_force[spfa]",
    "test_random_mazes_against_brute_force[astar]",
    "test_random_mazes_against_brute_force[bidirectional_dijkstra]",
}


def test_registered_after_the_default():
    puzzle = get_puzzle(PUZZLE)
    assert list(puzzle.models)[:2] == ["box_side", MODEL]
    assert puzzle.model().name == "box_side"
    assert puzzle.model(MODEL).name == MODEL
    assert ALGORITHMS == applicable_algorithms(PUZZLE, "box_side")
    assert "astar" in ALGORITHMS and "layered_bfs" in ALGORITHMS and "bfs" not in ALGORITHMS


def test_inputs_really_have_ties():
    mazes = [m for batch in tie_mazes() for m in batch]
    several = sum(len(strings) > 1 for _, strings, _ in mazes)
    push_ties = sum(len({_pushes(s) for s in strings}) > 1 for _, strings, _ in mazes)
    # the whole string under N<S<W<E<n<s<w<e is not the rule: pushes come before walks
    order = "NSWEnswe"
    not_whole = sum(min(strings, key=lambda s: [order.index(ch) for ch in s]) != canon
                    for _, strings, canon in mazes)
    # and, with the canonical push sequence fixed, several walk spellings
    walk_ties = sum(len({s for s in strings if _pushes(s) == _pushes(canon)}) > 1 for _, strings, canon in mazes)
    assert several >= 80, several
    assert push_ties >= 25, push_ties
    assert not_whole >= 15, not_whole
    assert walk_ties >= 40, walk_ties
    optima = [o for _, _, batch in random_mazes() for o in batch]
    assert len(optima) >= 300
    assert 0.15 * len(optima) <= sum(o is None for o in optima) <= 0.85 * len(optima)


# ---------------------------------------------------------------------------
# Same answers as box_side and the reference, for every routine
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_tie_mazes_canonical_by_rule(algorithm):
    problems = []
    for batch in tie_mazes():
        text = ref.join_mazes([block for block, _, _ in batch])
        out = solve_text(PUZZLE, text, algorithm=algorithm, model=MODEL)
        assert out == box_side_output(text), f"{algorithm}: box_player differs from box_side"
        for (block, strings, canon), answer in zip(batch, answers_of(out, len(batch))):
            if answer != canon:
                problems.append(f"{block}got {answer!r} ({'optimal' if answer in strings else 'NOT optimal'}), "
                                f"canonical {canon!r}")
    assert not problems, f"{len(problems)} wrong, first: " + "\n".join(problems[:3])


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_random_mazes_against_brute_force(algorithm):
    problems = []
    for text, blocks, optima in random_mazes():
        out = solve_text(PUZZLE, text, algorithm=algorithm, model=MODEL)
        assert out == box_side_output(text), f"{algorithm}: box_player differs from box_side"
        for block, best, answer in zip(blocks, optima, answers_of(out, len(blocks))):
            if best is None or answer == "Impossible.":
                if (best is None) != (answer == "Impossible."):
                    problems.append(f"{block}got {answer!r}, brute force {best!r}")
            elif ref.replay(ref.maze_rows_of(block), answer) != best:
                problems.append(f"{block}got {answer!r}, brute force {best!r}")
    assert not problems, f"{len(problems)} wrong, first: " + "\n".join(problems[:3])


def test_the_rank_greedy_step_would_not_do():
    """The model's own tie-break is needed: the default canonical step, on the same graph and
    distances, breaks PROBLEMS.md's rule (it would prefer a smaller walk letter to a smaller push)."""
    puzzle = get_puzzle(PUZZLE)
    greedy_wrong = 0
    for batch in tie_mazes():
        for block, _, canon in batch:
            maze = next(puzzle.parse(ref.join_mazes([block])))
            model = puzzle.model(MODEL)(maze)
            with model.state_graph(maze) as graph:
                assert model.decode(maze, solve(graph, "dijkstra")) == canon
                plain = dataclasses.replace(graph, canonical=canonical_path)
                greedy_wrong += model.decode(maze, solve(plain, "dijkstra")) != canon
    assert greedy_wrong >= 15, greedy_wrong


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", [None, "layered_bfs", "astar"])
def test_samples_through_the_cli(algorithm, stategraph_cli):
    extra = ("--algorithm", algorithm) if algorithm else ()
    done = stategraph_cli("solve", PUZZLE, "--model", MODEL, *extra, stdin=SAMPLE_INPUT, binary=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout == (SAMPLES / "pushing_boxes.out").read_bytes()


def test_too_big_is_refused_in_one_line(stategraph_cli):
    side = 24  # 576 open cells: far more than 250,000 (box, player) states
    rows = ["." * side for _ in range(side)]
    rows[0] = "S" + rows[0][1:]
    rows[5] = rows[5][:5] + "B" + rows[5][6:]
    rows[-1] = rows[-1][:-1] + "T"
    text = "1 3\nSBT\n" + f"{side} {side}\n" + "\n".join(rows) + "\n0 0\n"
    done = stategraph_cli("solve", PUZZLE, "--model", MODEL, stdin=text, binary=True)
    assert done.returncode == 2
    assert done.stdout == b"Maze #1\nE\n\n"  # the maze before is answered
    message = done.stderr.decode()
    assert message.count("\n") == 1 and message.startswith("stategraph: error:"), message
    assert "maze 2" in message and MODEL in message and "250,000" in message and "box_side" in message
    assert stategraph_cli("solve", PUZZLE, stdin=text, binary=True).returncode == 0  # box_side takes it


# ---------------------------------------------------------------------------
# The graph is the naive one
# ---------------------------------------------------------------------------

def naive_positions(lines):
    """Every (box, player) position reachable from the start, and the moves between them,
    counted here from the maze text (0-based cells), expanding every position."""
    height, width = len(lines), len(lines[0])
    where = {ch: (r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in "SBT"}

    def free(r, c):
        return 0 <= r < height and 0 <= c < width and lines[r][c] != "#"

    start = (where["B"], where["S"])
    seen, stack, moves = {start}, [start], 0
    while stack:
        box, (r, c) = stack.pop()
        for dr, dc in MOVES.values():
            cell = (r + dr, c + dc)
            if not free(*cell):
                continue
            if cell == box:
                beyond = (box[0] + dr, box[1] + dc)
                if not free(*beyond):
                    continue
                after = (beyond, cell)
            else:
                after = (box, cell)
            moves += 1
            if after not in seen:
                seen.add(after)
                stack.append(after)
    return seen, moves, where


@pytest.mark.parametrize("block", [
    "1 3\nSBT\n", "1 4\nS.BT\n", "2 3\nSB.\n..T\n", "3 3\nS..\n.B.\n..T\n",
    "3 4\nS.#.\n.B..\n#..T\n", "2 2\nSB\nT#\n", "4 5\n.#.S.\n..BT.\n...#.\n.....\n",
])
def test_node_count_is_the_naive_one(block):
    puzzle = get_puzzle(PUZZLE)
    maze = next(puzzle.parse(ref.join_mazes([block])))
    lines = ref.maze_rows_of(block)
    positions, moves, where = naive_positions(lines)
    model = puzzle.model(MODEL)(maze)
    with model.state_graph(maze) as state_graph:
        graph = state_graph.graph
        assert graph.number_of_nodes() == len(positions)
        assert graph.number_of_edges() == moves
        assert len(state_graph.targets) == sum(box == where["T"] for box, _ in positions)
        # the labels name exactly those positions (1-based)
        named = {(a["box_row"] - 1, a["box_col"] - 1, a["player_row"] - 1, a["player_col"] - 1)
                 for _, a in graph.nodes(data=True)}
        assert named == {(b[0], b[1], p[0], p[1]) for b, p in positions}
        source = graph.nodes[state_graph.source]
        assert source["kind"] == "start"
        assert source["label"].endswith(f"box={where['B'][0] + 1},{where['B'][1] + 1} "
                                        f"player={where['S'][0] + 1},{where['S'][1] + 1}")
        for u, v, attrs in graph.edges(data=True):
            a, b = graph.nodes[u], graph.nodes[v]
            dr, dc = MOVES[attrs["move"].lower()]
            assert (b["player_row"] - a["player_row"], b["player_col"] - a["player_col"]) == (dr, dc)
            assert attrs["rank"] == "nswe".index(attrs["move"].lower())
            pushed = attrs["move"].isupper()
            assert tuple(attrs["weight"]) == ((1, 0) if pushed else (0, 1))
            assert (b["box_row"] - a["box_row"], b["box_col"] - a["box_col"]) == ((dr, dc) if pushed else (0, 0))
            # the A* bound is consistent, and zero on targets
            h_u, h_v = state_graph.heuristic(u), state_graph.heuristic(v)
            assert h_u <= (h_v[0] + attrs["weight"][0], h_v[1] + attrs["weight"][1])
        assert all(state_graph.heuristic(t) == (0, 0) for t in state_graph.targets)
