"""Search statistics are sane, and every routine answers every puzzle identically."""

from __future__ import annotations

import random

import pytest

from random_inputs import GENERATORS
from stategraph import Settings, run
from stategraph.puzzles import PUZZLES
from stategraph.solving.driver import applicable_algorithms


def records_by_algorithm(puzzle, text):
    return {a: list(run(puzzle, text, Settings.of(puzzle, algorithm=a))) for a in applicable_algorithms(puzzle)}


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_statistics_are_sane_and_astar_settles_no_more_than_dijkstra(puzzle):
    rng = random.Random(5)
    compared = fewer = 0
    for _ in range(12):
        by_algorithm = records_by_algorithm(puzzle, GENERATORS[puzzle](rng))
        for algorithm, records in by_algorithm.items():
            for record in records:
                stats = record.stats
                if record.solution is None:
                    continue  # answered without a search (Huarong: start = target, fixed piece)
                assert stats["algorithm"] == algorithm
                assert 0 <= stats["settled"] <= stats["states_built"]
                # each edge is relaxed at most once per phase (bidirectional has three), spfa once per pop
                bound = stats["edges_built"] * (stats["states_built"] if algorithm == "spfa" else 3)
                assert stats["relaxed"] is None or stats["relaxed"] <= bound
                assert all(stats[k] >= 0 for k in ("search_seconds", "canonical_seconds", "decode_seconds"))
        for astar, dijkstra in zip(by_algorithm["astar"], by_algorithm["dijkstra"]):
            if astar.solution is not None:
                assert astar.stats["settled"] <= dijkstra.stats["settled"]
                compared += 1
                fewer += astar.stats["settled"] < dijkstra.stats["settled"]
        if "bfs" in by_algorithm:
            for bfs, dijkstra in zip(by_algorithm["bfs"], by_algorithm["dijkstra"]):
                # both settle exactly the states no farther than the goal; bfs needs no heap to do it
                assert bfs.stats["settled"] <= dijkstra.stats["settled"]
                assert bfs.stats["relaxed"] <= dijkstra.stats["relaxed"]
    assert compared >= 50 and fewer >= 5


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_every_routine_gives_identical_output_on_100_random_instances(puzzle):
    rng = random.Random(100)
    instances = 0
    for _ in range(10):
        text = GENERATORS[puzzle](rng)
        outputs = {a: "".join(r.text for r in records) for a, records in records_by_algorithm(puzzle, text).items()}
        assert len(set(outputs.values())) == 1, outputs
        instances += 10
    assert instances >= 100


def test_a_routine_given_the_whole_graph_counts_it_built(tmp_path):
    """On a graph built as it is searched (a declared profile), a routine that reads the whole graph
    (spfa, bidirectional, networkx) had every state built, and says so; one that builds as it
    searches, no more than that."""
    from stategraph import SuccessorPuzzle
    from stategraph.graph.state_graph import WeightProfile

    class Line(SuccessorPuzzle):  # 0 .. n, by +1 and +2: n + 1 states, 2n - 1 moves
        name, summary, sample = "line", "0 to n by +1 or +2", "5\n"
        profile = WeightProfile(unit=True)

        def read(self, tokens, limits):
            return tokens.integer("n", 1, 100)

        def start(self, n):
            return 0

        def is_goal(self, n, x):
            return x == 3

        def moves(self, n, x):
            for step in (1, 2):
                if x + step <= n:
                    yield f"+{step}", x + step, 1

    puzzle = Line()
    built = {}
    for algorithm in applicable_algorithms(puzzle):
        (record,) = run(puzzle, "9\n", Settings.of(puzzle, algorithm=algorithm))
        built[algorithm] = record.stats["states_built"], record.stats["edges_built"]
    for algorithm in ("spfa", "bidirectional_dijkstra", "networkx"):
        assert built[algorithm] == (10, 17), algorithm
    for algorithm in ("bfs", "dijkstra"):
        assert built[algorithm][0] < 10, algorithm  # it stopped before building the far end
