"""Abbott's Revenge: the package against an independent reference (tests/ref_arrow_maze.py).

The package is used only through its public API (``solve_text``,
``applicable_algorithms``). Expected answers come from a plain BFS over
(cell, heading) written separately (checked against a second construction,
reverse distances + greedy choice); the only hard-coded answer is the
official sample of PROBLEMS.md.
"""

import functools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_arrow_maze as ref  # noqa: E402
from stategraph import solve_text  # noqa: E402
from stategraph.solving.driver import applicable_algorithms

PUZZLE = "arrow_maze"
SEED = 8162000
BATCH = 40  # mazes per input text (also checks that nothing leaks between mazes)

SAMPLE_INPUT = """\
SAMPLE
3 1 N 3 3
1 1 WL NR *
1 2 WLF NR ER *
1 3 NL ER *
2 1 SL WR NF *
2 2 SL WF ELF *
2 3 SFR EL *
0
NOSOLUTION
3 1 N 3 2
1 1 WL NR *
1 2 NL ER *
2 1 SL WR NFR *
2 2 SR EL *
0
END
"""

# The seed's copy: name, entrance and direction on one line, goal on the next.
SAMPLE_INPUT_SEED = """\
SAMPLE 3 1 N
3 3
1 1 WL NR *
1 2 WLF NR ER *
1 3 NL ER *
2 1 SL WR NF *
2 2 SL WF ELF *
2 3 SFR EL *
0
NOSOLUTION 3 1 N
3 2
1 1 WL NR *
1 2 NL ER *
2 1 SL WR NFR *
2 2 SR EL *
0
END
"""

SAMPLE_OUTPUT = """\
SAMPLE
  (3,1) (2,1) (1,1) (1,2) (2,2) (2,3) (1,3) (1,2) (1,1) (2,1)
  (2,2) (1,2) (1,3) (2,3) (3,3)
NOSOLUTION
  No Solution Possible
"""


# ---------------------------------------------------------------------------
# The random set (deterministic)
# ---------------------------------------------------------------------------


def _plan():
    """(count, keyword arguments of ref.random_maze) for every group."""
    plan = [
        (50, dict(kind="random", rows=None, cols=None)),                       # up to 9x9
        (25, dict(kind="random", rows=None, cols=None, cover=1.0, min_dirs=4, max_dirs=4)),
        (30, dict(kind="random", rows=None, cols=None, row0=10, col0=10,       # 2-digit coordinates
                  min_dirs=2)),
        (15, dict(kind="random", rows=31, cols=31, row0=10, col0=10,           # rows/cols 10..40
                  min_dirs=3)),
        (10, dict(kind="random", rows=12, cols=14, row0=95, col0=1,            # 2- and 3-digit rows
                  min_dirs=3)),
        (20, dict(kind="farthest", rows=8, cols=8, min_dirs=4, max_dirs=4,    # many ties
                  cover=0.9, letters_weights=(1, 2, 4))),
        (15, dict(kind="goal_entrance")),
        (8, dict(kind="tie", tie_order="FRL", rows=9, cols=9, min_dirs=3)),       # L before R
        (8, dict(kind="tie", tie_order="LFR", rows=9, cols=9, min_dirs=3)),       # F before L
        (8, dict(kind="tie", tie_order="RLF", rows=9, cols=9, min_dirs=3)),       # F before R
        (6, dict(kind="tie", tie_order="FRL", rows=25, cols=25, row0=10, col0=10, min_dirs=3)),
        (20, dict(kind="goal_entrance", min_dirs=4, max_dirs=4, cover=1.0,
                  letters_weights=(2, 3, 1))),
        (10, dict(kind="goal_entrance", row0=10, col0=20, min_dirs=3, cover=1.0)),
        (15, dict(kind="goal_adjacent")),
        (15, dict(kind="dead_first")),
        (25, dict(kind="unsolvable")),
        (15, dict(kind="offgrid_goal")),
        (12, dict(kind="farthest", rows=9, cols=9, letters_weights=(10, 1, 0))),
        (12, dict(kind="farthest", rows=9, cols=9, letters_weights=(10, 2, 1),
                  min_dirs=4, max_dirs=4, cover=1.0)),
        (8, dict(kind="farthest", rows=31, cols=31, row0=10, col0=10,
                 letters_weights=(10, 2, 1), min_dirs=4, max_dirs=4, cover=1.0)),
    ]
    for n in (2, 3, 9, 10, 11, 12, 19, 20, 21, 22, 30, 31):
        plan.append((3, dict(kind="target", target_len=n, rows=9, cols=9,
                             letters_weights=(10, 2, 1), min_dirs=4, max_dirs=4, cover=0.95)))
    for n in (10, 11, 20, 21, 41, 60):
        plan.append((2, dict(kind="target", target_len=n, rows=20, cols=20, row0=10, col0=10,
                             letters_weights=(10, 2, 1), min_dirs=4, max_dirs=4, cover=0.95)))
    return plan


@functools.cache
def random_cases():
    """List of (maze, layout, expected route) in a fixed order."""
    rng = random.Random(SEED)
    cases = []
    for count, kwargs in _plan():
        made = 0
        while made < count:
            m = ref.random_maze(rng, ref.random_name(rng, len(cases)), **kwargs)
            assert m is not None, f"generator could not build a maze for {kwargs}"
            layout = rng.choice(ref.LAYOUTS)
            cases.append((m, layout, ref.bfs_route(m)))
            made += 1
    return cases


@functools.cache
def batches():
    """[(input text, mazes, expected output)] with BATCH mazes per text."""
    rng = random.Random(SEED + 1)
    cases = list(random_cases())
    rng.shuffle(cases)
    out = []
    for k in range(0, len(cases), BATCH):
        chunk = cases[k:k + BATCH]
        mazes = [m for m, _, _ in chunk]
        text = ref.build_input(mazes, [lay for _, lay, _ in chunk], rng,
                               end=rng.choice(["END\n", "END", "END\n\n"]))
        expected = "".join(ref.format_answer(m.name, route) for m, _, route in chunk)
        out.append((text, mazes, expected))
    return out


def _first_difference(mazes, got, expected):
    """A readable message naming the first maze whose answer differs."""
    names = [m.name for m in mazes]
    try:
        got_routes = ref.parse_output(got, names)
    except AssertionError as exc:
        return f"output does not parse: {exc}\n--- got ---\n{got[:2000]}"
    for m, route in zip(mazes, got_routes):
        want = ref.bfs_route(m)
        if route != want:
            return (
                f"maze {m.name} ({m.kind}) differs\n--- input ---\n{ref.format_maze(m)}"
                f"--- expected ---\n{ref.format_answer(m.name, want)}"
                f"--- got ---\n{ref.format_answer(m.name, route)}"
            )
    return "routes agree but the text differs (spacing / newlines?)\n" \
        f"expected {expected[-200:]!r}\ngot      {got[-200:]!r}"


# ---------------------------------------------------------------------------
# The official sample
# ---------------------------------------------------------------------------


# every routine on every random maze (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_every_algorithm_gives_identical_output",
}


def test_reference_reproduces_sample():
    assert ref.build_input(ref.SAMPLE_MAZES) == SAMPLE_INPUT
    assert ref.build_input(ref.SAMPLE_MAZES, "seed") == SAMPLE_INPUT_SEED
    assert ref.expected_output(ref.SAMPLE_MAZES) == SAMPLE_OUTPUT


def test_sample_two_lines():
    assert solve_text(PUZZLE, SAMPLE_INPUT, algorithm="bfs") == SAMPLE_OUTPUT


def test_sample_seed_layout():
    assert solve_text(PUZZLE, SAMPLE_INPUT_SEED, algorithm="bfs") == SAMPLE_OUTPUT


def test_sample_other_layouts():
    rng = random.Random(SEED + 2)
    for layout in ("one_line", "reflow"):
        text = ref.build_input(ref.SAMPLE_MAZES, layout, rng)
        assert solve_text(PUZZLE, text, algorithm="bfs") == SAMPLE_OUTPUT, layout


# ---------------------------------------------------------------------------
# The reference itself and the coverage of the random set
# ---------------------------------------------------------------------------


def test_reference_is_consistent():
    """BFS parents and the reverse-distance greedy walk give the same route,
    and that route replays legally."""
    for m, _, route in random_cases():
        assert ref.greedy_route(m) == route, m.name
        if route is not None:
            ref.validate_route(m, route)
            assert ref.cell_distances(m)[m.goal] + 2 == len(route), m.name


def test_random_set_covers_the_edge_cases():
    cases = random_cases()
    assert len(cases) >= 300
    lengths = {len(route) for _, _, route in cases if route is not None}
    for n in (2, 10, 11, 20, 21):
        assert n in lengths, f"no route with exactly {n} entries"
    assert max(lengths) > 30
    assert sum(route is None for _, _, route in cases) >= 30
    entrance = [route for m, _, route in cases if m.goal == m.start]
    assert any(r is not None for r in entrance) and any(r is None for r in entrance)
    assert any(r is not None and len(r) > 4 for r in entrance)
    # the forced first step lands where there is no sign at all
    assert any(ref.step(m.start, m.heading) not in m.signs and m.goal != ref.step(m.start, m.heading)
               for m, _, _ in cases)
    # solved with the goal on a position that has no signs
    assert any(route is not None and m.goal not in m.signs for m, _, route in cases)
    # multi-digit coordinates on solved routes, including 3-digit rows
    assert any(route is not None and any(r >= 10 and c >= 10 for r, c in route) for _, _, route in cases)
    assert any(route is not None and any(r >= 100 for r, _ in route) for _, _, route in cases)
    # signs pointing off the listed intersections
    assert any(any(ref.step(cell, ref.turn(h, ch)) not in m.signs
                   for cell, groups in m.signs.items() for h, chs in groups.items() for ch in chs)
               for m, _, _ in cases)
    assert {lay for _, lay, _ in cases} == set(ref.LAYOUTS)
    # the tie-break matters: another choice order would print something else
    for order in ("FRL", "LFR", "RLF"):
        assert sum(ref.bfs_route(m, order) != route for m, _, route in cases) >= 10, order


# ---------------------------------------------------------------------------
# The package against the reference
# ---------------------------------------------------------------------------


@functools.cache
def bfs_output(text: str) -> str:
    """The package's answers to ``text`` by BFS (kept: two tests read the same)."""
    return solve_text(PUZZLE, text, algorithm="bfs")


def test_random_mazes_match_reference():
    for text, mazes, expected in batches():
        got = bfs_output(text)
        assert got == expected, _first_difference(mazes, got, expected)


def test_random_mazes_routes_replay():
    """Independent of the tie-break: each printed route is legal and as
    short as possible, and No Solution is printed exactly when unsolvable."""
    for text, mazes, _ in batches():
        got = bfs_output(text)
        routes = ref.parse_output(got, [m.name for m in mazes])
        for m, route in zip(mazes, routes):
            want = ref.bfs_route(m)
            if want is None:
                assert route is None, f"{m.name}: printed a route for an unsolvable maze"
                continue
            assert route is not None, f"{m.name}: printed No Solution for a solvable maze"
            ref.validate_route(m, route)
            assert len(route) == len(want), f"{m.name}: route of {len(route)} entries, shortest is {len(want)}"


def test_single_maze_inputs():
    """A few mazes on their own (no neighbours in the same input)."""
    rng = random.Random(SEED + 3)
    cases = random_cases()
    for m, layout, route in rng.sample(cases, 25):
        text = ref.build_input([m], layout, rng)
        assert solve_text(PUZZLE, text, algorithm="bfs") == ref.format_answer(m.name, route), m.name


def test_every_algorithm_gives_identical_output():
    """Every routine, bfs among them, prints the reference's answers (the same bytes for all of them)."""
    algorithms = applicable_algorithms(PUZZLE)
    assert "bfs" in algorithms
    cases = [(text, expected) for text, _, expected in batches()] + [(SAMPLE_INPUT, SAMPLE_OUTPUT)]
    for algorithm in algorithms:
        for text, want in cases:
            assert solve_text(PUZZLE, text, algorithm=algorithm) == want, algorithm


def test_abbott_alias():
    for text in (SAMPLE_INPUT, SAMPLE_INPUT_SEED, batches()[0][0]):
        assert solve_text("abbott", text, algorithm="bfs") == solve_text(PUZZLE, text, algorithm="bfs")
        assert solve_text("abbott", text) == solve_text(PUZZLE, text)


def test_written_on_the_first_level_with_its_model_generated_from_its_rules():
    import warnings

    import pytest

    from stategraph import get_puzzle
    from stategraph.contract.first_level import SuccessorPuzzle
    from stategraph.contract.rules_model import RulesModel
    from stategraph.puzzles import arrow_maze
    from stategraph.puzzles.arrow_maze.model import CellHeadingRules

    puzzle = get_puzzle(PUZZLE)
    model = puzzle.model()
    assert isinstance(puzzle, SuccessorPuzzle)
    assert issubclass(model, RulesModel) and model.source is CellHeadingRules
    with pytest.warns(DeprecationWarning, match="CellHeading is deprecated"):
        assert arrow_maze.CellHeading is model  # the old import path, kept for one release
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert arrow_maze.ArrowMazes is type(puzzle)
