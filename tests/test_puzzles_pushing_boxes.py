"""Cross-check stategraph's Pushing Boxes answers against independent checkers.

The reference (``ref_pushing_boxes``) brute-forces the naive state space
``(box cell, player cell)`` and replays move strings; it shares no code with
``stategraph``.  Only the public API is used here: ``solve_text`` and
``applicable_algorithms``.  All randomness is seeded, so the tests are
deterministic.
"""

import functools
import os
import random
import sys

import pytest

from stategraph import solve_text
from stategraph.solving.driver import applicable_algorithms

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import ref_pushing_boxes as ref  # noqa: E402

PUZZLE = "pushing_boxes"
BASELINE = "dijkstra"
ALGORITHMS = list(applicable_algorithms(PUZZLE))

# ---------------------------------------------------------------------------
# The official samples (PROBLEMS.md section 1): the only hard-coded answers.
# ---------------------------------------------------------------------------

SAMPLE_MAZES = [
    ("1 7\nSB....T\n", "EEEEE"),
    ("1 7\nSB..#.T\n", "Impossible."),
    ("7 11\n"
     "###########\n"
     "#T##......#\n"
     "#.#.#..####\n"
     "#....B....#\n"
     "#.######..#\n"
     "#.....S...#\n"
     "###########\n", "eennwwWWWWeeeeeesswwwwwwwnNN"),
    ("8 4\n"
     "....\n"
     ".##.\n"
     ".#..\n"
     ".#..\n"
     ".#.B\n"
     ".##S\n"
     "....\n"
     "###T\n", "swwwnnnnnneeesssSSS"),
]
SAMPLE_INPUT = ref.join_mazes([b for b, _ in SAMPLE_MAZES])
SAMPLE_OUTPUT = ref.expected_output([a for _, a in SAMPLE_MAZES])


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def _answers(out, n):
    """Split a whole contest output into its n answer lines, checking format."""
    assert isinstance(out, str), type(out)
    lines = out.split("\n")
    assert len(lines) == 3 * n + 1, "expected %d maze blocks, got:\n%s" % (n, out[:2000])
    answers = [lines[3 * i + 1] for i in range(n)]
    assert out == ref.expected_output(answers), f"output format differs:\n{out[:2000]!r}"
    return answers


def _solve_batches(batches, algorithm):
    """Answer lines for every maze of every batch (one solve_text per batch)."""
    result = []
    for blocks in batches:
        out = _solve_or_locate(blocks, algorithm)
        result.append(_answers(out, len(blocks)))
    return result


def _solve_or_locate(blocks, algorithm):
    """solve_text on the joined blocks; if it raises, name the first maze that does."""
    try:
        return solve_text(PUZZLE, ref.join_mazes(blocks), algorithm=algorithm)
    except Exception:
        pass
    for block in blocks:
        try:
            solve_text(PUZZLE, ref.join_mazes([block]), algorithm=algorithm)
        except Exception as exc:
            message = f"{algorithm} raised {type(exc).__name__}: {exc}\non the maze:\n{block}0 0"
            break
    else:
        message = None
    if message:
        pytest.fail(message)
    # every maze alone is fine: raise the batch error itself
    return solve_text(PUZZLE, ref.join_mazes(blocks), algorithm=algorithm)


def _fail(problems):
    if problems:
        shown = "\n\n".join(problems[:5])
        pytest.fail("%d maze(s) wrong, first ones:\n\n%s" % (len(problems), shown))


def _random_size(rng, i):
    k = i % 12
    if k == 0:
        return 1, rng.randint(3, 8)
    if k == 1:
        return rng.randint(3, 8), 1
    if k == 2:
        return 2, rng.randint(2, 8)
    return rng.randint(2, 8), rng.randint(2, 8)


@functools.cache
def random_batches():
    """360 mazes up to 8x8 in 4 inputs, with brute-force optima."""
    rng = random.Random(1475)
    batches = []
    for _ in range(4):
        blocks = []
        for i in range(90):
            r, c = _random_size(rng, i)
            blocks.append(ref.random_maze(rng, r, c))
        batches.append(blocks)
    optima = [[ref.brute_force(ref.maze_rows_of(b)) for b in blocks] for blocks in batches]
    return batches, optima


@functools.cache
def tie_batches():
    """200 solvable mazes of at most 4x5 with open floors, and their canonical answers."""
    rng = random.Random(19971475)
    mazes = []
    while len(mazes) < 200:
        k = len(mazes) % 10
        if k == 0:
            r, c = 1, rng.randint(3, 5)
        elif k == 1:
            r, c = 2, rng.randint(2, 5)
        else:
            r, c = rng.randint(3, 4), rng.randint(3, 5)
        block = ref.random_maze(rng, r, c, rng.choice([0.0, 0.0, 0.0, 0.1]))
        rows = ref.maze_rows_of(block)
        n = ref.count_optimal_strings(rows)
        if n == 0 or n > 5000:
            continue
        strings = ref.all_optimal_strings(rows)
        mazes.append((block, strings, ref.canonical_by_rule(strings)))
    return [mazes[:100], mazes[100:]]


# ---------------------------------------------------------------------------
# The reference checks itself on the samples
# ---------------------------------------------------------------------------

class TestReference:
    def test_samples_brute_force_and_replay(self):
        for block, answer in SAMPLE_MAZES:
            rows = ref.maze_rows_of(block)
            best = ref.brute_force(rows)
            if answer == "Impossible.":
                assert best is None
                assert ref.all_optimal_strings(rows) == []
            else:
                assert best is not None
                assert ref.replay(rows, answer) == best
                assert ref.canonical_by_rule(ref.all_optimal_strings(rows)) == answer
        assert [ref.brute_force(ref.maze_rows_of(b)) for b, _ in SAMPLE_MAZES] == [
            (5, 0), None, (6, 22), (3, 16)]

    def test_replay_rejects_illegal_moves(self):
        rows = ["S.B.T", ".#..."]
        assert ref.replay(rows, "eEE") == (2, 1)
        bad = [
            "",          # box not on T
            "eE",        # box stops short of T
            "ee",        # walks into the box
            "n",         # off the grid
            "se",        # into a rock
            "E",         # push with no box ahead
            "eEEE",      # box pushed off the grid
            "eEEx",      # bad letter
            "sN",        # push with the box not ahead
        ]
        for moves in bad:
            with pytest.raises(AssertionError):
                ref.replay(rows, moves)
        with pytest.raises(AssertionError):
            ref.replay(["SB#T"], "E")        # box into a rock (and not on T)
        with pytest.raises(AssertionError):
            ref.replay(["SBT", "..#"], "sEE")  # push with the box not ahead

    def test_canonical_rule_order(self):
        # pushes first, under N < S < W < E (not ASCII) ...
        assert ref.canonical_by_rule(["EN", "NE"]) == "NE"
        assert ref.canonical_by_rule(["eN", "nS"]) == "eN"
        assert ref.canonical_by_rule(["WS", "ES"]) == "WS"
        # ... then walks under n < s < w < e (not ASCII)
        assert ref.canonical_by_rule(["eN", "nN", "wN"]) == "nN"
        assert ref.canonical_by_rule(["esN", "swN"]) == "swN"

    def test_every_optimal_string_replays_to_optimum(self):
        batches = tie_batches()
        for block, strings, canon in batches[0][:60]:
            rows = ref.maze_rows_of(block)
            best = ref.brute_force(rows)
            assert len(set(strings)) == len(strings)
            assert canon in strings
            for s in strings:
                assert ref.replay(rows, s) == best, (block, s)


# ---------------------------------------------------------------------------
# stategraph against the reference
# ---------------------------------------------------------------------------

def test_baseline_is_listed():
    assert BASELINE in ALGORITHMS
    assert len(ALGORITHMS) == len(set(ALGORITHMS))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_samples_exact(algorithm):
    assert solve_text(PUZZLE, SAMPLE_INPUT, algorithm=algorithm) == SAMPLE_OUTPUT


def test_random_mazes_have_both_outcomes():
    batches, optima = random_batches()
    flat = [o for batch in optima for o in batch]
    assert len(flat) >= 300
    impossible = sum(o is None for o in flat)
    assert impossible >= 0.2 * len(flat)
    assert len(flat) - impossible >= 0.3 * len(flat)
    # thin corridors and non-trivial answers are present
    blocks = [b for batch in batches for b in batch]
    assert any(b.startswith("1 ") for b in blocks)
    assert any(b.split("\n")[0].endswith(" 1") for b in blocks)
    assert sum(o is not None and o[0] >= 3 for o in flat) >= 20


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_random_mazes_against_brute_force(algorithm):
    batches, optima = random_batches()
    got = _solve_batches(batches, algorithm)
    problems = []
    for blocks, bests, answers in zip(batches, optima, got):
        for block, best, answer in zip(blocks, bests, answers):
            rows = ref.maze_rows_of(block)
            if best is None:
                if answer != "Impossible.":
                    problems.append(f"{block}got {answer!r}, brute force: Impossible.")
                continue
            if answer == "Impossible.":
                problems.append(f"{block}got Impossible., brute force: {best!r}")
                continue
            try:
                counts = ref.replay(rows, answer)
            except AssertionError as exc:
                problems.append(f"{block}got {answer!r}: illegal ({exc})")
                continue
            if counts != best:
                problems.append(f"{block}got {answer!r} = {counts!r} (pushes, walks), brute force {best!r}")
    _fail(problems)


def test_tie_mazes_really_have_ties():
    mazes = [m for batch in tie_batches() for m in batch]
    assert len(mazes) >= 150
    several = sum(len(strings) > 1 for _, strings, _ in mazes)
    several_push_seqs = sum(
        len({"".join(ch for ch in s if ch.isupper()) for s in strings}) > 1
        for _, strings, _ in mazes)
    not_ascii = sum(min(strings) != canon for _, strings, canon in mazes)
    # whole-string comparison under the letter orders is not the rule either
    order = "NSWEnswe"
    not_whole = sum(
        min(strings, key=lambda s: [order.index(ch) for ch in s]) != canon
        for _, strings, canon in mazes)
    assert several >= 40, several
    assert several_push_seqs >= 10, several_push_seqs
    assert not_ascii >= 10, not_ascii
    assert not_whole >= 5, not_whole


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_canonical_tie_break(algorithm):
    batches = tie_batches()
    got = _solve_batches([[b for b, _, _ in batch] for batch in batches], algorithm)
    problems = []
    for batch, answers in zip(batches, got):
        for (block, strings, canon), answer in zip(batch, answers):
            if answer != canon:
                kind = "optimal but not canonical" if answer in strings else "not optimal"
                problems.append("%sgot %r (%s), canonical %r (%d optimal strings)"
                                % (block, answer, kind, canon, len(strings)))
    _fail(problems)


@functools.cache
def _baseline_output(text):
    return solve_text(PUZZLE, text, algorithm=BASELINE)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_algorithms_byte_identical(algorithm):
    inputs = [[b for b, _ in SAMPLE_MAZES]]
    inputs += list(random_batches()[0])
    inputs += [[b for b, _, _ in batch] for batch in tie_batches()]
    for blocks in inputs:
        text = ref.join_mazes(blocks)
        base = _baseline_output(text)
        other = _solve_or_locate(blocks, algorithm)
        if other == base:
            continue
        b_lines, o_lines = base.split("\n"), other.split("\n")
        for i in range(max(len(b_lines), len(o_lines))):
            b = b_lines[i] if i < len(b_lines) else None
            o = o_lines[i] if i < len(o_lines) else None
            if b != o:
                maze = blocks[i // 3] if i // 3 < len(blocks) else "?"
                pytest.fail("%s differs from %s at output line %d: %r vs %r; maze:\n%s"
                            % (algorithm, BASELINE, i + 1, o, b, maze))
        pytest.fail(f"{algorithm} differs from {BASELINE}")


def test_written_on_the_first_level_with_its_model_generated_from_its_rules():
    import warnings

    from stategraph import get_puzzle
    from stategraph.contract.first_level import SuccessorPuzzle
    from stategraph.contract.rules_model import RulesModel
    from stategraph.puzzles import pushing_boxes
    from stategraph.puzzles.pushing_boxes.model import BoxSideRules

    puzzle = get_puzzle("pushing_boxes")
    model = puzzle.model()
    assert isinstance(puzzle, SuccessorPuzzle)
    assert issubclass(model, RulesModel) and model.source is BoxSideRules
    assert model.labels_read_graph()  # the rules name the moves ("walk w, push X")
    with pytest.warns(DeprecationWarning, match="BoxSide is deprecated"):
        assert pushing_boxes.BoxSide is model  # the old import path, kept for one release
    with pytest.warns(DeprecationWarning, match="BoxPlayer is deprecated: .* from BoxPlayerRules"):
        assert pushing_boxes.BoxPlayer is puzzle.model("box_player")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pushing_boxes.PushingBoxes is type(puzzle)
