"""Huarong Dao: the package against an independent brute force (tests/ref_huarong.py).

The package is used only through its public API (``solve_text``,
``applicable_algorithms``). The expected answers come from a plain BFS over
(piece cell, blank cell) written separately; the only hard-coded answer is the
official sample of PROBLEMS.md.
"""

import functools
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_huarong as ref  # noqa: E402
from stategraph import solve_text  # noqa: E402
from stategraph.solving.driver import applicable_algorithms

SAMPLE_INPUT = """\
3 4 2
0 1 1 1
0 1 1 0
0 1 0 0
3 2 1 2 2 2
1 2 2 2 3 2
"""
SAMPLE_OUTPUT = "2\n-1\n"

SEED = 20130101
N_SMALL = 320          # random boards up to 6x6
N_MEDIUM = 12          # a few larger boards, still cheap for the brute force
SMALL_KINDS = ("same", "adjacent", "t_fixed", "s_fixed",
               "movable", "movable", "movable", "any")
LONG_ANSWER = 15       # an answer at least this long counts as "long"


def _adjacent(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@functools.cache
def small_cases():
    """Deterministic list of (board, queries, text) on boards up to 6x6."""
    rng = random.Random(SEED)
    ratios = (0.0, 0.0, 0.1, 0.2, 0.3, 0.45, 0.6)
    cases = []
    for i in range(N_SMALL):
        shape = i % 6
        if shape == 0:                      # 1 x N
            n, m = 1, rng.randint(2, 6)
        elif shape == 1:                    # N x 1
            n, m = rng.randint(2, 6), 1
        elif shape == 2:                    # anything up to 6x6
            n, m = rng.randint(1, 6), rng.randint(1, 6)
            if n * m < 2:
                n, m = 2, rng.randint(1, 6)
        else:                               # genuinely two-dimensional
            n, m = rng.randint(2, 6), rng.randint(2, 6)
        board = ref.random_board(rng, n, m, rng.choice(ratios))
        queries = ref.random_queries(rng, board, rng.randint(3, 6), kinds=SMALL_KINDS)
        cases.append((board, queries, ref.format_input(board, queries)))
    return cases


@functools.cache
def medium_cases():
    """A few boards from 7x7 to 12x12 with mostly long, movable queries."""
    rng = random.Random(SEED + 1)
    cases = []
    for _ in range(N_MEDIUM):
        n, m = rng.randint(7, 12), rng.randint(7, 12)
        board = ref.random_board(rng, n, m, rng.choice((0.0, 0.1, 0.2, 0.3)))
        queries = ref.random_queries(
            rng, board, rng.randint(4, 8),
            kinds=("movable", "movable", "movable", "adjacent", "t_fixed"))
        cases.append((board, queries, ref.format_input(board, queries)))
    return cases


@functools.cache
def expected(which):
    cases = small_cases() if which == "small" else medium_cases()
    return [[ref.brute_force(b, q) for q in qs] for b, qs, _ in cases]


def _compare(cases, answers, algorithm):
    """Return a list of human-readable mismatches (empty if all agree)."""
    bad = []
    for (_board, queries, text), want in zip(cases, answers):
        want_text = "".join(f"{a}\n" for a in want)
        got = solve_text("huarong", text, algorithm=algorithm)
        if got != want_text:
            got_lines = got.splitlines()
            detail = []
            for j, q in enumerate(queries):
                g = got_lines[j] if j < len(got_lines) else "<missing>"
                if g != str(want[j]):
                    detail.append(f"  query {q}: package {g!r}, brute force {want[j]}")
            bad.append(f"input:\n{text}package output {got!r}\n"
                       f"brute force   {want_text!r}\n" + "\n".join(detail))
    return bad


# ---------------------------------------------------------------------------
# sample


def test_sample_through_brute_force():
    board, queries = ref.parse_input(SAMPLE_INPUT)
    assert ref.format_input(board, queries) == SAMPLE_INPUT
    assert ref.brute_force_output(board, queries) == SAMPLE_OUTPUT


def test_sample_through_package():
    assert solve_text("huarong", SAMPLE_INPUT, algorithm="dijkstra") == SAMPLE_OUTPUT


def test_sample_every_algorithm():
    for algo in applicable_algorithms("huarong"):
        assert solve_text("huarong", SAMPLE_INPUT, algorithm=algo) == SAMPLE_OUTPUT, algo


# ---------------------------------------------------------------------------
# the generated data really covers the interesting cases


def test_reference_brute_force_hand_cases():
    # 1x3 corridor: the piece can only slide towards the blank.
    assert ref.brute_force([[1, 1, 1]], (1, 1, 1, 2, 1, 1)) == 1
    assert ref.brute_force([[1, 1, 1]], (1, 1, 1, 2, 1, 3)) == -1
    # 2x2 all movable: piece (1,2) to (2,1) with the blank at (1,1).
    assert ref.brute_force([[1, 1], [1, 1]], (1, 1, 1, 2, 2, 1)) == 4
    # piece on a fixed cell never moves; start == target is 0 even there.
    assert ref.brute_force([[1, 0, 1]], (1, 1, 1, 2, 1, 3)) == -1
    assert ref.brute_force([[1, 0, 1]], (1, 1, 1, 2, 1, 2)) == 0


def test_generated_set_is_varied():
    cases = small_cases()
    answers = expected("small")
    stats = dict(minus_one=0, zero=0, adjacent_positive=0, long=0,
                 s_fixed=0, t_fixed=0, row_boards=0, col_boards=0,
                 line_positive=0, blank_on_target=0, positive=0)
    for (board, queries, _), ans in zip(cases, answers):
        n, m = len(board), len(board[0])
        stats["row_boards"] += n == 1
        stats["col_boards"] += m == 1
        for q, a in zip(queries, ans):
            e, s, t = (q[0], q[1]), (q[2], q[3]), (q[4], q[5])
            assert board[e[0] - 1][e[1] - 1] == 1 and e != s, q
            stats["minus_one"] += a == -1
            stats["zero"] += a == 0
            stats["positive"] += a > 0
            stats["adjacent_positive"] += _adjacent(e, s) and a > 0
            stats["long"] += a >= LONG_ANSWER
            stats["s_fixed"] += board[s[0] - 1][s[1] - 1] == 0
            stats["t_fixed"] += board[t[0] - 1][t[1] - 1] == 0 and s != t
            stats["line_positive"] += (n == 1 or m == 1) and a > 0
            stats["blank_on_target"] += e == t and a > 0
    assert len(cases) >= 300
    assert sum(len(qs) for _, qs, _ in cases) >= 900
    for key, minimum in (("minus_one", 50), ("zero", 50), ("adjacent_positive", 30),
                         ("long", 20), ("s_fixed", 30), ("t_fixed", 30),
                         ("row_boards", 40), ("col_boards", 40),
                         ("line_positive", 10), ("blank_on_target", 3),
                         ("positive", 300)):
        assert stats[key] >= minimum, (key, stats)


# ---------------------------------------------------------------------------
# package vs brute force


def test_random_small_boards_match_brute_force():
    bad = _compare(small_cases(), expected("small"), "dijkstra")
    assert not bad, f"{len(bad)} mismatching inputs; first ones:\n" + "\n\n".join(bad[:5])


def test_random_medium_boards_match_brute_force():
    bad = _compare(medium_cases(), expected("medium"), "dijkstra")
    assert not bad, f"{len(bad)} mismatching inputs; first ones:\n" + "\n\n".join(bad[:5])


def test_every_algorithm_gives_identical_output():
    algos = list(applicable_algorithms("huarong"))
    assert "dijkstra" in algos
    assert len(algos) >= 2, algos
    cases = small_cases()[::2] + medium_cases()
    for board, queries, text in cases:
        outputs = {a: solve_text("huarong", text, algorithm=a) for a in algos}
        want = ref.brute_force_output(board, queries)
        differing = {a: o for a, o in outputs.items() if o != want}
        assert not differing, (f"input:\n{text}brute force {want!r}\n"
                               f"algorithms that differ: {differing!r}")


def test_the_old_piece_side_import_still_works_with_a_warning():
    from stategraph.puzzles import huarong

    with pytest.warns(DeprecationWarning, match="PieceSide is deprecated"):
        assert huarong.PieceSide is huarong.Huarong.models["piece_side"]  # the old import path, kept for one release
    with pytest.warns(DeprecationWarning, match="PieceBlank is deprecated: .* from PieceBlankRules"):
        assert huarong.PieceBlank is huarong.Huarong.models["piece_blank"]
