"""The rules' ``canonical`` hook: a tie-break that is not the move order.

The plug-in here climbs stairs of ``n`` steps by ``+1`` (cost 1) or ``+2`` (cost 2), so every way
up costs ``n`` and the move order alone (``+1`` first) would always answer ``+1`` ``n`` times.
Its rules break ties their own way: the fewest moves first, then the move order.  The expected
answers come from enumerating every way up here, independently of the toolkit.
"""

from __future__ import annotations

import itertools
import textwrap

import pytest

from cli_runner import run_cli
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile
from stategraph.search import SEARCHES

PLUGIN = '''
from stategraph import SuccessorPuzzle


class Stairs(SuccessorPuzzle):
    """n stairs, climbed by +1 (cost 1) or +2 (cost 2): the fewest moves break the ties."""

    name, summary, sample = "stairs", "climb n stairs", "5\\n"

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 40)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        for step in (1, 2):
            if x + step <= n:
                yield f"+{step}", x + step, step

    def canonical(self, n, graph, source, targets, dist):
        """Of the optimal paths, the fewest moves, then the smallest sequence of ranks: breadth
        first over the optimal moves, each state's moves in rank order."""
        best = min((dist[t] for t in targets if t in dist), default=None)
        if best is None:
            return None
        paths, frontier = {source: [source]}, [source]
        while not any(dist.get(state) == best and state in targets for state in frontier):
            following = []
            for u in frontier:
                for v, attrs in sorted(graph.succ[u].items(), key=lambda item: item[1]["rank"]):
                    if v in dist and dist[u] + attrs["weight"] == dist[v] and v not in paths:
                        paths[v] = paths[u] + [v]
                        following.append(v)
            frontier = following
        return paths[next(state for state in frontier if state in targets and dist[state] == best)]


class Crooked(Stairs):
    """A tie-break that answers with a path that is not one."""

    def canonical(self, n, graph, source, targets, dist):
        return [source, source]
'''


def expected(n: int) -> str:
    """The answer line: every way up, the fewest moves first, then ``+1`` before ``+2``."""
    ways = [way for length in range(n + 1) for way in itertools.product((1, 2), repeat=length) if sum(way) == n]
    best = min(ways, key=lambda way: (len(way), way))
    return " ".join([str(n), *(f"+{step}" for step in best)]) if best else str(n)


def move_order(n: int) -> str:
    return " ".join([str(n), *["+1"] * n])


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "plug.py").write_text(textwrap.dedent(PLUGIN))
    (tmp_path / "in.txt").write_text("".join(f"{n}\n" for n in range(9)))
    return tmp_path


def cli(folder, *args):
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None})


def plugin_class(name: str) -> type[SuccessorPuzzle]:
    space: dict = {}
    exec(textwrap.dedent(PLUGIN), space)  # noqa: S102  (the test's own plug-in)
    return space[name]


@pytest.mark.parametrize("declared", [False, True])
def test_the_hook_breaks_the_ties_for_every_routine(declared):
    """Explored whole, or (a declared profile) as far as a search reads it: every routine answers
    by the hook, and the answers differ from the move order's (``+1`` first) from 2 stairs up."""
    stairs = plugin_class("Stairs")
    if declared:
        stairs = type("DeclaredStairs", (stairs,), {"profile": WeightProfile(unit=False, nonnegative=True)})
    text = "".join(f"{n}\n" for n in range(9))
    want = "".join(f"{expected(n)}\n" for n in range(9))
    assert sum(expected(n) != move_order(n) for n in range(9)) == 7
    weights = WeightProfile(unit=False, nonnegative=True)
    routines = [name for name, routine in SEARCHES.items() if not routine.refusal(weights, False)]
    assert {"dijkstra", "spfa", "bidirectional_dijkstra"} <= set(routines)
    for routine in routines:
        assert stairs().solve_text(text, algorithm=routine) == want, routine


def test_the_hook_s_answers_are_checked_as_canonical(folder):
    done = cli(folder, "solve", "plug:Stairs", "in.txt", "--verify")
    assert done.status == 0, done.err
    assert done.out == "".join(f"{expected(n)}\n" for n in range(9))
    (folder / "mine.txt").write_text(done.out)
    assert cli(folder, "check", "plug:Stairs", "in.txt", "mine.txt", "--strict").status == 0
    (folder / "upwards.txt").write_text("".join(f"{move_order(n)}\n" for n in range(9)))
    assert cli(folder, "check", "plug:Stairs", "in.txt", "upwards.txt").status == 0  # optimal: accepted
    assert cli(folder, "check", "plug:Stairs", "in.txt", "upwards.txt", "--strict").status != 0  # not canonical


def test_a_path_that_is_not_one_is_refused_in_one_line(folder):
    done = cli(folder, "solve", "plug:Crooked", "in.txt")
    assert done.status == 2
    [line] = done.err.splitlines()
    assert "canonical() returned a path with a step from 0 to 0, which is no move of the state graph" in line
