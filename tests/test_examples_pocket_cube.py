"""The pocket cube (examples/pocket_cube) beyond what tests/test_examples.py holds every example to.

The brute force (``tests/example_references/pocket_cube.py``, the cube as 24 stickers turned in space) is held to the
published count of cubes at each distance from the solved one within the radius its answers read (the whole space,
3,674,160 cubes, both by it and by ``stategraph census``: ``benchmarks/pocket_cube_census.py``, minutes); the example
is held to the brute force on random scrambles of the whole cube in both metrics, its pictures and names of cubes to
the stickers', and its A* bound to being a lower bound that never drops by more than a turn.
"""

from __future__ import annotations

import random

import pytest

from example_folders import example_module
from example_references import pocket_cube as brute

# the 2x2x2 cube's positions at each distance from solved, in the two metrics (the published figures)
PUBLISHED = {"face_turns": (1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644),
             "quarter_turns": (1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
                               276)}
METRICS = tuple(PUBLISHED)


@pytest.fixture(scope="module")
def puzzle():
    return example_module("pocket_cube").PocketCube()


def scrambles(seed: int, count: int, faces: str = "RUF", turns: tuple = (8, 30), by: str = "RUF") -> list[tuple]:
    """``count`` cubes turning ``faces``, each scrambled by ``turns[0]`` to ``turns[1]`` turns of the faces ``by``,
    drawn here."""
    rng, labels = random.Random(seed), [label for label in brute.FACE_TURNS if label[0] in by]
    return [(faces, tuple(rng.choice(labels) for _ in range(rng.randint(*turns)))) for _ in range(count)]


def text_of(cubes) -> str:
    return "".join(" ".join([faces, str(len(turns)), *turns]) + "\n" for faces, turns in cubes)


@pytest.mark.parametrize("metric", METRICS)
def test_the_brute_force_s_search_from_solved_counts_the_published_cubes(metric):
    """The quick check of the same: the cubes within RADIUS turns, which every answer of the brute force reads."""
    near = brute.near_solved(metric, "RUF")
    assert [sum(d == k for d in near.values()) for k in range(brute.RADIUS[metric] + 1)] == \
        list(PUBLISHED[metric][:brute.RADIUS[metric] + 1])


def test_r_and_u_alone_reach_the_known_29160_cubes():
    assert sum(map(len, brute.spread(brute.SOLVED, brute.labels_of("face_turns", "RU")))) == 29_160


@pytest.mark.parametrize("metric", METRICS)
def test_random_scrambles_are_answered_as_the_brute_force_answers(metric, puzzle):
    """The fewest turns and the canonical turns of whole cubes, and of cubes that turn R alone (scrambled by other
    faces too: not solvable)."""
    cubes = scrambles(5, 8) + scrambles(6, 2, "R")
    wanted = "".join(brute.line(*brute.solution(cube, metric)) + "\n" for cube in cubes)
    assert puzzle.solve_text(text_of(cubes), model=metric) == wanted
    assert wanted.endswith("-1\n-1\n") and wanted.count("-1") == 2


@pytest.mark.parametrize("routine", ["bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_every_routine_counts_quarter_turns_as_the_brute_force_does(routine, puzzle):
    """Cubes of one face, whose graphs every routine builds whole in no time: a half turn is two quarter turns."""
    cubes = [("R", ("R2",)), ("R", ("R", "R", "R")), ("U", ("R",)), ("F", ())]
    wanted = "".join(brute.line(*brute.solution(cube, "quarter_turns")) + "\n" for cube in cubes)
    assert wanted == "2 R R\n1 R\n-1\n0\n"
    assert puzzle.solve_text(text_of(cubes), model="quarter_turns", algorithm=routine) == wanted


def states(puzzle, cubes, model: str = "face_turns"):
    """``(rules, instance, state)`` of each cube's start, read by the example."""
    rules = puzzle.model(model).rules_of(puzzle)
    for parsed in puzzle.parse(text_of(cubes)):
        yield rules, parsed.value, rules.start(parsed.value)


def test_the_picture_and_the_name_are_the_stickers(puzzle):
    cubes = scrambles(7, 30) + [("RUF", ())]
    for (rules, instance, state), (_, turns) in zip(states(puzzle, cubes), cubes):
        cube = brute.scrambled(turns)
        assert rules.picture(instance, state) == brute.net(cube), turns
        assert rules.state_label(instance, state) == brute.label(cube), turns


@pytest.mark.parametrize("metric", METRICS)
def test_the_bound_is_at_most_the_distance_and_drops_by_one_turn_at_most(metric, puzzle):
    """And it is the distance itself near the solved cube (within the example's ``radius``)."""
    cubes = scrambles(8, 12) + scrambles(9, 12, turns=(1, 6)) + scrambles(10, 4, "RU", by="RU")
    for (rules, instance, state), cube in zip(states(puzzle, cubes, metric), cubes):
        cost = brute.solution(cube, metric)[0]
        bound = rules.heuristic(instance, state)
        if cost is not None:
            assert bound == cost if cost <= rules.radius else bound <= cost, cube
        for _, after, _ in rules.moves(instance, state):
            assert bound <= 1 + rules.heuristic(instance, after), cube
