"""Abbott's Revenge on long routes (issue 44): mazes of corridors, whose route A* reads off its
parents with no band walk (:func:`stategraph.search.astar_path.only_path`), against the
independent reference (tests/ref_arrow_maze.py), with and without forks off the corridor.
"""

from __future__ import annotations

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ref_arrow_maze as ref  # noqa: E402
from band_walks import counted_band_walks  # noqa: E402
from stategraph import solve_text  # noqa: E402
from stategraph.solving.driver import applicable_algorithms  # noqa: E402

DIRECTIONS = {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}


def corridor(rng: random.Random, size: int) -> list:
    """A self-avoiding walk of at least 3 cells in a ``size`` x ``size`` grid (from (1, 1)),
    stopped where it is stuck or at random."""
    while True:
        walk = [(rng.randint(1, size), rng.randint(1, size))]
        while rng.random() < 0.98:
            r, c = walk[-1]
            free = [(r + dr, c + dc) for dr, dc in DIRECTIONS if 1 <= r + dr <= size and 1 <= c + dc <= size
                    and (r + dr, c + dc) not in walk]
            if not free:
                break
            walk.append(rng.choice(free))
        if len(walk) >= 3:
            return walk


def corridor_maze(rng: random.Random, name: str, forks: int) -> ref.Maze:
    """A maze whose signs lead along a corridor, one sign per cell for the heading it is entered
    with; ``forks`` cells of it allow one more turn as well (the route may then branch off it)."""
    walk = corridor(rng, rng.randint(3, 9))
    headings = [DIRECTIONS[b[0] - a[0], b[1] - a[1]] for a, b in zip(walk, walk[1:])]
    signs = {}
    for cell, came, went in zip(walk[1:], headings, headings[1:]):
        choice = next(t for t in ref.TURNS if ref.turn(came, t) == went)
        signs[cell] = {came: choice}
    for cell in rng.sample(sorted(signs), min(forks, len(signs))):
        (came, choice), = signs[cell].items()
        signs[cell] = {came: choice + rng.choice([t for t in ref.TURNS if t != choice])}
    return ref.Maze(name, walk[0], headings[0], walk[-1], signs)


@pytest.mark.parametrize("forks", [0, 2])
def test_corridor_mazes_match_the_reference(forks, monkeypatch):
    """Every routine prints the reference's routes; without forks, A* (the default) walks no band."""
    walks = counted_band_walks(monkeypatch)
    rng = random.Random(f"corridors{forks}")
    mazes = [corridor_maze(rng, f"C{k}", forks) for k in range(150)]
    text = ref.build_input(mazes)
    expected = ref.expected_output(mazes)
    assert sum(len(ref.bfs_route(m) or ()) for m in mazes) > 150 * 10  # long routes
    assert solve_text("arrow_maze", text) == expected
    assert (walks == []) == (forks == 0)
    for algorithm in applicable_algorithms("arrow_maze"):
        assert solve_text("arrow_maze", text, algorithm=algorithm) == expected, algorithm
