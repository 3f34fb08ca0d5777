"""astar refuses, in one line, a heuristic it cannot trust, and with one it can it answers what
dijkstra answers.

Refused: a heuristic not consistent on a move astar follows (or that lets a settled state's
distance improve), a NaN, a value that is not a number (a str, a bool), a positive value at a
target; each a ContractError through the API, exit status 2 and one line through the CLI.  A
consistent heuristic that returns ``INFINITY`` (or, as older plug-ins do, ``None``) where no
target can be reached gives the optimum of an independent brute force, on random graphs with
random consistent heuristics.
"""

from __future__ import annotations

import math
import random
import textwrap
from itertools import product

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph import INFINITY, Lex, StateGraph
from stategraph.errors import ContractError
from stategraph.search.solution import solve

# The trap: s -> x costs 10 and x -> t 2, but s -> y -> x costs 4.  With h(y) = 9 (inconsistent:
# the move y -> x costs 2 and h(x) = 0), A* settles x at 10 before y shows the way round, and an
# unguarded A* answers 12 where the optimum is 6.
TRAP = [("s", "x", 10), ("x", "t", 2), ("s", "y", 2), ("y", "x", 2)]
TRAP_H = {"s": 0, "x": 0, "y": 9, "t": 0}


def trap_graph(labels: bool = False) -> nx.DiGraph:
    graph = nx.DiGraph()
    for rank, (u, v, w) in enumerate(TRAP):
        graph.add_edge(u, v, weight=w, rank=rank, move=f"{u}{v}")
    if labels:
        for node in graph:
            graph.nodes[node]["label"] = f"room {node.upper()}"
    return graph


def test_the_trap_is_one():
    """Dijkstra finds 6; the trap's heuristic overestimates nowhere on s's side, yet misleads."""
    solution = solve(StateGraph(trap_graph(), "s", {"t"}), "dijkstra")
    assert solution.cost == 6 == nx.shortest_path_length(trap_graph(), "s", "t", weight="weight")


def refusal(graph, heuristic, source="s", targets=("t",)) -> str:
    with pytest.raises(ContractError) as caught:
        solve(StateGraph(graph, source, frozenset(targets), heuristic=heuristic), "astar")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("astar: ")
    return message


def test_a_settled_state_that_improves_is_refused_naming_labels_and_move():
    message = refusal(trap_graph(labels=True), TRAP_H.get)
    assert "not consistent" in message
    assert "state 'room X' was settled at distance 10" in message
    assert "the move 'yx' from state 'room Y' reaches it at 4" in message


def test_a_heuristic_that_drops_more_than_a_move_costs_is_refused():
    graph = nx.DiGraph()
    graph.add_edge("s", "a", weight=1, rank=0)
    graph.add_edge("a", "t", weight=1, rank=0)
    message = refusal(graph, {"s": 3, "a": 1, "t": 0}.get)
    assert message == ("astar: the heuristic is not consistent: h = 3 at state 's' but the move to state 'a' "
                       "costs 1 and h = 1 there (a consistent heuristic never drops by more than a move's cost)")


def test_lex_weights_are_checked_too():
    graph = nx.DiGraph()
    graph.add_edge("s", "a", weight=Lex(0, 1), rank=0)
    graph.add_edge("a", "t", weight=Lex(1, 0), rank=0)
    message = refusal(graph, {"s": Lex(1, 5), "a": Lex(1, 0), "t": Lex(0, 0)}.get)
    assert "h = (1, 5) at state 's'" in message and "costs (0, 1) and h = (1, 0) there" in message
    assert "moves cost Lex pairs" in refusal(graph, {"s": Lex(1, 0), "a": 1, "t": Lex(0, 0)}.get)


@pytest.mark.parametrize(("value", "words"), [
    (math.nan, "the heuristic returned nan at state 'y'"),
    (-math.inf, "the heuristic returned -inf at state 'y'"),
    ("0", "the heuristic returned '0' (a string) at state 'y', but the moves cost numbers"),
    (True, "the heuristic returned True (a boolean) at state 'y'"),
    (Lex(0, 1), "the heuristic returned (0, 1) at state 'y', but the moves cost numbers"),
])
def test_a_value_that_is_no_bound_is_refused(value, words):
    message = refusal(trap_graph(), lambda state: value if state == "y" else 0)
    assert words in message and "stategraph.INFINITY" in message


def test_a_positive_bound_at_a_target_is_refused():
    message = refusal(trap_graph(), lambda state: 1 if state == "t" else 0)
    assert message == ("astar: the heuristic is 1 at the target state 't' "
                       "(a lower bound on the cost still to pay is 0 at a target)")


def test_a_positive_bound_at_a_target_left_open_is_refused():
    """The target u is reached but never settled (its f is above the optimum): still refused."""
    graph = nx.DiGraph()
    graph.add_edge("s", "t", weight=5, rank=0)
    graph.add_edge("s", "u", weight=1, rank=1)
    message = refusal(graph, {"s": 0, "t": 0, "u": 7}.get, targets=("t", "u"))
    assert "the heuristic is 7 at the target state 'u'" in message


@pytest.mark.parametrize("value", [INFINITY, None])
def test_a_target_pruned_is_refused(value):
    message = refusal(trap_graph(), lambda state: value if state == "t" else 0)
    assert f"the heuristic is {'inf' if value else 'None'} at the target state 't'" in message


def test_infinity_and_none_prune_dead_states():
    graph = trap_graph()
    graph.add_edge("s", "dead", weight=1, rank=9)
    graph.add_edge("dead", "end", weight=1, rank=0)
    for dead in (INFINITY, None, math.inf):
        h = {"s": 0, "x": 0, "y": 0, "t": 0, "dead": dead, "end": dead}
        solution = solve(StateGraph(graph, "s", frozenset({"t"}), heuristic=h.get), "astar")
        assert (solution.cost, solution.states) == (6, ["s", "y", "x", "t"])
        assert "dead" not in solution.search.order



@pytest.mark.parametrize(("costs", "bounds"), [
    ((0.5, 0.5), {"s": 0, "a": 10**400, "t": 0}),  # an int bound no float can hold, on float costs
    ((10**400, 1), {"s": 0.5, "a": 0, "t": 0}),  # a float bound on int costs no float can hold
])
def test_a_sum_past_the_floats_is_refused_in_one_line(costs, bounds):
    """Either makes A* add floats, and the sum passes their range: one line, not an OverflowError."""
    graph = nx.DiGraph()
    graph.add_edge("s", "a", weight=costs[0], rank=0)
    graph.add_edge("a", "t", weight=costs[1], rank=0)
    graph.add_edge("s", "t", weight=costs[0] * 3, rank=1)
    message = refusal(graph, bounds.get)
    assert message.startswith("astar: a path's cost or a heuristic value passes the range of a float")


def test_an_overflow_in_the_heuristic_itself_stays_the_heuristic_s():
    def heuristic(state):
        return 2.0 ** 2000  # the heuristic's own OverflowError, raised in its own code

    graph = nx.DiGraph()
    graph.add_edge("s", "t", weight=0.5, rank=0)
    with pytest.raises(OverflowError):
        solve(StateGraph(graph, "s", frozenset({"t"}), heuristic=heuristic), "astar")

# --- random graphs, random consistent heuristics: astar's answer is the brute force's -----------

def random_graph(rng: random.Random, lex: bool) -> nx.DiGraph:
    n = rng.randint(3, 8)  # (a source apart from two targets)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    for u, v in product(range(n), repeat=2):
        if u != v and rng.random() < 0.35:
            weight = Lex(rng.randint(0, 2), rng.randint(0, 4)) if lex else rng.randint(0, 6)
            graph.add_edge(u, v, weight=weight, rank=rng.randint(0, 10**6))
    return graph


def brute_force(graph, source, targets, zero):
    """``(cost, path)`` minimising ``(cost, rank sequence)`` over every simple path, or ``None``."""
    best = None
    for target in targets:
        paths = [[source]] if target == source else nx.all_simple_paths(graph, source, target)
        for path in paths:
            edges = list(zip(path, path[1:]))
            cost = sum((graph.edges[e]["weight"] for e in edges), zero)
            key = (cost, [graph.edges[e]["rank"] for e in edges])
            if best is None or key < best[0]:
                best = (key, path)
    return None if best is None else (best[0][0], best[1])


def remaining(graph, targets, zero) -> dict:
    """The exact cost from each state to its nearest target (Bellman-Ford on the reverse graph)."""
    dist = dict.fromkeys(targets, zero)
    for _ in range(graph.number_of_nodes()):
        for u, v, w in graph.edges(data="weight"):
            if v in dist and (u not in dist or w + dist[v] < dist[u]):
                dist[u] = w + dist[v]
    return dist


def consistent_heuristics(rng, to_go: dict, lex: bool):
    """Consistent bounds from the exact remaining costs: scaled down (a random factor in [0, 1],
    floored: still consistent on integer weights), exact, zero, and (integer weights) as a float;
    INFINITY, a plain float("inf") or None where no target can be reached."""
    dead = rng.choice((INFINITY, math.inf, None))
    factor = rng.random()
    if lex:
        kinds = [lambda d: Lex(d.primary, 0), lambda d: d, lambda d: Lex(0, 0)]
    else:
        kinds = [lambda d: math.floor(d * factor), lambda d: d, lambda d: 0, lambda d: d * factor]
    for bound in kinds:
        yield lambda state, bound=bound: bound(to_go[state]) if state in to_go else dead


@pytest.mark.parametrize("lex", [False, True])
def test_astar_with_consistent_heuristics_answers_the_brute_force(lex):
    rng = random.Random(28 + lex)
    zero = Lex(0, 0) if lex else 0
    found = 0
    for _ in range(150):
        graph = random_graph(rng, lex)
        targets = frozenset(rng.sample(sorted(graph), rng.randint(1, 2)))
        source = rng.choice([n for n in graph if n not in targets] or [0])
        expected = brute_force(graph, source, targets, zero)
        found += expected is not None
        dijkstra = solve(StateGraph(graph, source, targets), "dijkstra")
        assert (None if not dijkstra.found else (dijkstra.cost, dijkstra.states)) == expected
        for heuristic in consistent_heuristics(rng, remaining(graph, targets, zero), lex):
            model = StateGraph(graph, source, targets, heuristic=heuristic)
            for options in ({}, {"stop_at_target": False}):
                got = solve(model, "astar", options)
                assert (None if not got.found else (got.cost, got.states)) == expected, list(graph.edges(data=True))
            assert solve(model, "astar", path=False).cost == (None if expected is None else expected[0])
    assert found > 60


# --- a first-level puzzle through the CLI ---------------------------------------------------

PLUGIN = '''
from stategraph import INFINITY, SuccessorPuzzle

EDGES = {"s": [("sx", "x", 10), ("sy", "y", 2), ("sd", "dead", 1)], "x": [("xt", "t", 2)],
         "y": [("yx", "x", 2)], "dead": [("de", "end", 1)], "t": [], "end": []}


class Trap(SuccessorPuzzle):
    name, summary, sample = "trap", "s to t", "1\\n"
    H = {"s": 0, "x": 0, "y": 9, "t": 0, "dead": 0, "end": 0}

    def read(self, tokens, limits):
        return tokens.integer("a number", 0, 9)

    def start(self, n):
        return "s"

    def is_goal(self, n, state):
        return state == "t"

    def moves(self, n, state):
        yield from EDGES[state]

    def heuristic(self, n, state):
        return self.H[state]


class Fine(Trap):
    H = {"s": 0, "x": 2, "y": 4, "t": 0, "dead": INFINITY, "end": INFINITY}


class Old(Trap):
    H = {"s": 0, "x": 2, "y": 4, "t": 0, "dead": None, "end": None}


class NaN(Trap):
    H = {**Trap.H, "y": float("nan")}


class Text(Trap):
    H = {**Trap.H, "y": "4"}


class AtTarget(Trap):
    H = {**Fine.H, "t": 3}
'''


def cli(folder, *args):
    (folder / "plug.py").write_text(textwrap.dedent(PLUGIN))
    (folder / "in.txt").write_text("1\n")
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None})  # in this process


@pytest.mark.parametrize(("cls", "words"), [
    ("Trap", "astar: the heuristic is not consistent: state 'x' was settled at distance 10, but the move "
             "'yx' from state 'y' reaches it at 4"),
    ("NaN", "astar: the heuristic returned nan at state 'y'"),
    ("Text", "astar: the heuristic returned '4' (a string) at state 'y', but the moves cost numbers"),
    ("AtTarget", "astar: the heuristic is 3 at the target state 't'"),
])
def test_the_cli_refuses_a_bad_heuristic_in_one_line(tmp_path, cls, words):
    done = cli(tmp_path, "solve", f"plug:{cls}", "in.txt", "-a", "astar")
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("stategraph: error: trap model states: ") and words in done.stderr


@pytest.mark.parametrize("cls", ["Fine", "Old"])
def test_the_cli_answers_dijkstra_s_answer_with_a_consistent_heuristic(tmp_path, cls):
    astar = cli(tmp_path, "solve", f"plug:{cls}", "in.txt", "-a", "astar")
    dijkstra = cli(tmp_path, "solve", f"plug:{cls}", "in.txt", "-a", "dijkstra")
    assert astar.returncode == dijkstra.returncode == 0, (astar, dijkstra)
    assert astar.stdout == dijkstra.stdout == "6 sy yx xt\n"
