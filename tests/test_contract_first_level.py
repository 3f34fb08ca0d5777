"""The first level (stategraph.contract.first_level): rules compiled to the contract, refused when broken.

The references here are written in the test: a Bellman-Ford over the rules' moves, and hand-counted
graphs.  Nothing is compared with values copied from the code under test.
"""

from __future__ import annotations

import math
import random
import textwrap

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph.contract.answer_line import COST, AnswerLine
from stategraph.contract.checks import CONFIRMED, OPTIMALITY_UNCONFIRMED, UNKNOWN
from stategraph.contract.first_level import Numbered, RulesModel, SuccessorPuzzle
from stategraph.contract.puzzle import Model, Puzzle
from stategraph.contract.replay import confirm, replay
from stategraph.contract.uniform_cost import cheapest_cost
from stategraph.errors import ContractError, StategraphError, VerificationError
from stategraph.graph.explore import StateLimit, explore
from stategraph.graph.state_graph import WeightProfile
from stategraph.graph.weights import Lex
from stategraph.search import SEARCHES
from stategraph.search.solution import solve


class Table:
    """Rules read from a table: ``instance`` is ``{state: [(label, next, cost), ...]}``, the start
    is state 0, a goal any state named in ``instance["goals"]``."""

    def start(self, table):
        return 0

    def is_goal(self, table, state):
        return state in table["goals"]

    def moves(self, table, state):
        yield from table.get(state, [])


def bellman_ford(table):
    """The cheapest cost from 0 to a goal by relaxing every move |states| times (None: no goal)."""
    best = {0: 0}
    states = {0} | {nxt for moves in table.values() if isinstance(moves, list) for _, nxt, _ in moves}
    for _ in range(len(states)):
        for state, moves in list(table.items()):
            if state == "goals" or state not in best:
                continue
            for _, nxt, cost in moves:
                if nxt not in best or best[state] + cost < best[nxt]:
                    best[nxt] = best[state] + cost
    reached = [best[g] for g in table["goals"] if g in best]
    return min(reached) if reached else None


def random_table(rng, states=8):
    table: dict = {"goals": set(rng.sample(range(1, states), rng.randint(0, 2)))}
    for state in range(states):
        targets = rng.sample(range(states), rng.randint(0, 3))
        table[state] = [(f"m{k}", nxt, rng.randint(0, 5)) for k, nxt in enumerate(targets)]
    return table


# -- the compile ---------------------------------------------------------------------------------

def test_states_are_numbered_breadth_first_and_ranked_by_move_order():
    table = {"goals": {3}, 0: [("b", 2, 1), ("a", 1, 1)], 1: [("x", 3, 1)], 2: [("y", 3, 1)]}
    found = explore(Table(), table)
    assert list(found.graph) == [0, 2, 1, 3]
    assert found.graph.edges[0, 2] == {"weight": 1, "rank": 0, "move": "b"}
    assert found.graph.edges[0, 1]["rank"] == 1
    assert found.targets == frozenset({3}) and found.profile.unit and found.profile.count == 4
    assert found.graph.nodes[3]["label"] == "3"


def test_of_parallel_moves_the_cheapest_is_kept_the_first_on_a_tie():
    table = {"goals": set(), 0: [("slow", 1, 5), ("fast", 1, 2), ("also fast", 1, 2), ("other", 2, 1)]}
    found = explore(Table(), table)
    assert found.graph.edges[0, 1] == {"weight": 2, "rank": 1, "move": "fast"}
    assert found.graph.number_of_edges() == 2


def test_the_graph_is_built_through_the_public_api():
    """A compiled graph is an ordinary DiGraph: networkx's own algorithms read it."""
    table = {"goals": {2}, 0: [("a", 1, 2), ("b", 2, 5)], 1: [("c", 2, 2)]}
    graph = explore(Table(), table).graph
    assert nx.shortest_path_length(graph, 0, 2, weight="weight") == 4
    assert isinstance(graph, nx.DiGraph) and nx.is_weakly_connected(graph)


class Tables(SuccessorPuzzle):
    name, summary, sample = "tables", "a table", ""
    models = {"table": Table}

    def read(self, tokens, limits):
        raise AssertionError("the tables are built by the tests")


@pytest.mark.parametrize("seed", range(40))
def test_every_routine_and_the_uniform_cost_search_agree_with_bellman_ford(seed):
    """Random little graphs, zero-cost moves and cycles included."""
    table = random_table(random.Random(seed))
    expected = bellman_ford(table)
    model = Tables.models["table"](Numbered(1, table, {"max_states": 1000}))
    for algorithm in ("dijkstra", "spfa", "bidirectional_dijkstra", "networkx"):
        with model.state_graph(None) as graph:
            solution = solve(graph, algorithm)
        assert solution.cost == expected, algorithm
        if expected is not None:  # the canonical path's moves replay to the same cost
            assert replay(Table(), table, [attrs["move"] for _, _, attrs in solution.edges]) == expected
    assert cheapest_cost(Table(), table) == expected


# -- refusals, each one line naming the state and the move ------------------------------------------

@pytest.mark.parametrize("moves, words", [
    ([("a", [1, 2], 1)], ["move 'a' of state 0 leads to [1, 2], which cannot be hashed", "unhashable type: 'list'"]),
    ([("a", 1, "3")], ["move 'a' of state 0 costs '3'", "a number (int or float) or a stategraph.Lex"]),
    ([("a", 1, True)], ["costs True"]),
    ([("a", 1, math.nan)], ["costs nan", "finite"]),
    ([("a", 1, math.inf)], ["costs inf", "finite"]),
    ([("a", 1, -1)], ["costs -1", "must not be negative", "negative_costs = True"]),
    ([("a", 1, Lex(0, -1))], ["costs Lex(primary=0, secondary=-1)", "must not be negative"]),
    ([("a", 1, 1), ("b", 2, Lex(1, 0))], ["move 'b' of state 0", "all numbers or all Lex pairs"]),
    ([("a", 1, 1), ("a", 2, 1)], ["two moves of state 0 are labelled 'a'"]),
    ([(7, 1, 1)], ["labelled 7", "a move label is a str"]),
    ([("a", 1)], ["yielded ('a', 1), not a (label, next state, cost) triple"]),
])
def test_broken_moves_are_refused_naming_the_state_and_the_move(moves, words):
    with pytest.raises(ContractError) as caught:
        explore(Table(), {"goals": set(), 0: moves}, where="tiny model m: instance 1: ")
    message = str(caught.value)
    assert message.startswith("tiny model m: instance 1: ") and "\n" not in message
    for word in words:
        assert word in message, message


def test_negative_costs_when_the_puzzle_allows_them():
    table = {"goals": {2}, 0: [("a", 1, 4), ("b", 2, 1)], 1: [("c", 2, -5)]}
    found = explore(Table(), table, negative=True)
    assert not found.profile.nonnegative
    assert cheapest_cost(Table(), table, negative=True) == bellman_ford(table) == -1


def test_moves_that_return_nothing_are_refused():
    class Forgetful(Table):
        def moves(self, table, state):
            return None

    with pytest.raises(ContractError, match="moves\\(\\) of state 0 must yield .* it returned None"):
        explore(Forgetful(), {"goals": set()})


def test_an_unhashable_start_is_refused():
    class ListStart(Table):
        def start(self, table):
            return [0]

    with pytest.raises(ContractError, match=r"start\(\) returned \[0\], which cannot be hashed"):
        explore(ListStart(), {"goals": set()})


def test_the_state_limit_gives_the_count_reached():
    chain = {"goals": set(), **{k: [("next", k + 1, 1)] for k in range(100)}}
    assert len(explore(Table(), chain, max_states=101).graph) == 101
    with pytest.raises(StateLimit) as caught:
        explore(Table(), chain, max_states=100)
    assert str(caught.value) == ("the state graph passed limits.max_states = 100: state 100, the 101st, was reached "
                                 "from state 99 by move 'next'; raise the limit with --set limits.max_states=N")
    assert isinstance(caught.value, StategraphError) and caught.value.exit_status == 2


# -- replay and the uniform-cost check -------------------------------------------------------------

def test_replay_follows_unlabelled_moves():
    """A roll as single cells: only its first is labelled; the rest are followed silently."""
    table = {"goals": {3}, 0: [("go", 1, 1)], 1: [("", 2, 1)], 2: [("", 3, 1)]}
    assert replay(Table(), table, ["go"]) == 3
    table[3] = [("back", 0, 1)]
    table["goals"] = {0}
    assert replay(Table(), table, ["go", "back"]) == 4


def test_replay_names_the_first_problem():
    table = {"goals": {2}, 0: [("a", 1, 1)], 1: [("b", 2, 1), ("c", 0, 1)]}
    with pytest.raises(VerificationError, match=r"^move 2 \('x'\) is not a move of state 1 \(its moves: 'b', 'c'\)$"):
        replay(Table(), table, ["a", "x"])
    with pytest.raises(VerificationError, match="^the moves end in state 1, which is not a goal$"):
        replay(Table(), table, ["a"])


def test_confirm_checks_the_claim_and_the_optimum():
    table = {"goals": {2}, 0: [("a", 1, 1), ("b", 2, 5)], 1: [("c", 2, 1)]}
    assert confirm(Table(), table, ["a", "c"], 2) == CONFIRMED
    with pytest.raises(VerificationError, match="says it costs 3, but its moves cost 2"):
        confirm(Table(), table, ["a", "c"], 3)
    with pytest.raises(VerificationError, match="the moves cost 5, but the optimum is 2"):
        confirm(Table(), table, ["b"], 5)
    with pytest.raises(VerificationError, match="no solution, but one of cost 2 exists"):
        confirm(Table(), table, None, None)
    assert confirm(Table(), table, ["a", "c"], 2, limit=1) == OPTIMALITY_UNCONFIRMED
    assert confirm(Table(), {"goals": set(), 0: [("a", 1, 1)]}, None, None) == CONFIRMED


def test_lex_and_float_costs_add_up():
    table = {"goals": {2}, 0: [("a", 1, Lex(1, 2)), ("b", 2, Lex(2, 0))], 1: [("c", 2, Lex(0, 5))]}
    assert cheapest_cost(Table(), table) == Lex(1, 7) == replay(Table(), table, ["a", "c"])
    table = {"goals": {3}, 0: [("a", 1, 0.1)], 1: [("b", 2, 0.2)], 2: [("c", 3, 0.3)]}
    assert confirm(Table(), table, ["a", "b", "c"], 0.6) == CONFIRMED
    assert cheapest_cost(Table(), {"goals": {0}}) == 0 and cheapest_cost(Table(), {"goals": set()}) is None
    assert cheapest_cost(Table(), {"goals": {5}, **{k: [("n", k + 1, 1)] for k in range(5)}}, limit=3) is UNKNOWN


# -- the answer line --------------------------------------------------------------------------------

def test_an_answer_line_reads_back_what_it_prints():
    line = AnswerLine("case {number}: {cost} via {moves}", none="case {number}: none", sep=", ")
    printed = [line.render(1, (7, ("fill A", "pour A B"))), line.render(2, None), line.render(3, (0, ())),
               line.render(4, (Lex(1, 2), ("x",))), line.render(5, (2.5, ("y",)))]
    assert printed == ["case 1: 7 via fill A, pour A B", "case 2: none", "case 3: 0 via", "case 4: (1, 2) via x",
                       "case 5: 2.5 via y"]
    values = [(a.number, a.value, a.line) for a in line.read("\n".join(printed) + "\n", "a.txt")]
    assert values == [(1, (7, ("fill A", "pour A B")), 1), (2, None, 2), (3, (0, ()), 3),
                      (4, (Lex(1, 2), ("x",)), 4), (5, (2.5, ("y",)), 5)]
    assert [a.value for a in COST.read("3\n\n-1\n")] == [3, None]


def test_an_answer_line_refuses_what_it_cannot_read_back():
    with pytest.raises(VerificationError, match=r"^a.txt:2: expected 'case 2:' then a cost \(a number\) then 'via' "
                                                r"then the moves separated by spaces, or 'case 2: none', "
                                                r"found 'case 3: none'$"):
        list(AnswerLine("case {number}: {cost} via {moves}", "case {number}: none").read("case 1: none\ncase 3: none"
                                                                                          "\n", "a.txt"))
    with pytest.raises(ContractError, match="cannot be printed: a label may not hold the separator ' '"):
        AnswerLine().render(1, (2, ("fill A",)))
    with pytest.raises(ContractError, match="must be one character"):
        AnswerLine(sep="").render(1, (2, ("UP",)))
    for found in ("{moves} {cost}", "{cost} {what}", "{cost:>5}", "{number} {number}"):
        with pytest.raises(ContractError):
            AnswerLine(found)


# -- a first-level puzzle is a Puzzle ---------------------------------------------------------------

class Counter(SuccessorPuzzle):
    """Reach n from 0 by +1 (cost 1) or *2 (cost 1); the input is the numbers n, one per instance."""

    name, summary, sample = "counter", "from 0 to n by +1 and *2", "5\n"
    model_name = "steps"
    limits = {"max_n": 1000}

    def read(self, tokens, limits):
        return tokens.integer("n", 0, limits["max_n"])

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x + 1 <= n:
            yield "+1", x + 1, 1
        if 0 < 2 * x <= n:
            yield "*2", 2 * x, 1

    def heuristic(self, n, x):
        return 0 if x == n else 1

    def picture(self, n, x):
        return "#" * x + "." * (n - x)


def test_a_first_level_puzzle_keeps_the_contract():
    counter = Counter()
    assert isinstance(counter, Puzzle) and list(counter.models) == ["steps"]
    model = counter.model()
    assert issubclass(model, Model) and issubclass(model, RulesModel)
    assert (model.name, model.has_heuristic, model.decode_needs_path) == ("steps", True, True)
    assert counter.limits == {"max_n": 1000, "max_states": 200_000, "max_moves": 10_000}
    instance = next(counter.parse("6\n"))
    assert (instance.number, instance.value) == (1, 6)
    assert model.state_picture(instance, 3) == "###..."


def test_the_answers_are_the_canonical_shortest_move_strings():
    """The reference: every move string by length, legal by the docstring's rule (never past n),
    the first to reach n in the move order +1 < *2."""
    expected = []
    for n in (5, 6, 0, 9, 31):
        for length in range(0, 12):
            found = sorted((seq for seq in _sequences(length) if _run(seq, n) == n),
                           key=lambda seq: [0 if move == "+1" else 1 for move in seq])
            if found:
                expected.append(f"{length} {' '.join(found[0])}".rstrip() + "\n")
                break
    assert Counter().solve_text("5 6 0 9 31") == "".join(expected)
    assert Counter().solve_text("5 6 0 9 31", algorithm="astar") == "".join(expected)


def _sequences(length):
    if length == 0:
        yield ()
        return
    for rest in _sequences(length - 1):
        for move in ("+1", "*2"):
            yield (*rest, move)


def _run(seq, n):
    x = 0
    for move in seq:
        x = x + 1 if move == "+1" else 2 * x
        if x > n or x == 0:  # past n, or doubling nothing: not a move
            return None
    return x


def test_several_models_as_rule_classes_and_objects():
    class Plus:
        summary = "by +1 only"

        def start(self, n):
            return 0

        def is_goal(self, n, x):
            return x == n

        def moves(self, n, x):
            if x < n:
                yield "+1", x + 1, 1

    class Two(Counter):
        models = {"both": Counter, "plus": Plus()}

    assert list(Two.models) == ["both", "plus"] and Two.models["plus"].summary == "by +1 only"
    assert Two().solve_text("4") == "3 +1 +1 *2\n"
    assert Two().solve_text("4", model="plus") == "4 +1 +1 +1 +1\n"


def test_the_class_level_check_passes_and_the_search_refuses_once_the_weights_are_known():
    class Heavy(Counter):
        name = "heavy"

        def moves(self, n, x):
            for label, nxt, _ in super().moves(n, x):
                yield label, nxt, 2

    model = Heavy.models["steps"]
    for routine in SEARCHES.values():  # what config.validate asks before any graph exists
        assert routine.refusal(model.profile, model.has_heuristic) is None, routine.name
    assert Heavy().solve_text("3", algorithm="dijkstra") == "6 +1 +1 +1\n"
    with pytest.raises(StategraphError) as caught:
        Heavy().solve_text("3", algorithm="bfs")
    assert str(caught.value) == ("heavy model steps: instance 1: bfs needs every edge weight to be 1, but this graph "
                                 "has non-negative numbers")


def test_declared_weights_are_refused_before_any_graph():
    class Declared(Counter):
        profile = WeightProfile(unit=False)

    assert Declared.models["steps"].profile == WeightProfile(unit=False)
    assert SEARCHES["bfs"].refusal(Declared.models["steps"].profile) is not None


def test_a_count_puzzle_needs_no_path():
    class Count(Counter):
        output = COST

    assert Count.models["steps"].decode_needs_path is False
    assert Count().solve_text("5 7 1000", algorithm="dijkstra") == "4\n5\n" + f"{_fewest(1000)}\n"


def _fewest(n):
    steps = 0
    while n:
        n, steps = (n // 2, steps + 1) if n % 2 == 0 and n > 1 else (n - 1, steps + 1)
    return steps


@pytest.mark.parametrize("answer, problem", [
    ((6, ("+1",) * 6), "the moves cost 6, but the optimum is 4"),  # 6 = ((0 + 1) + 1 + 1) * 2 at best
    ((3, ("+1", "+1", "*2")), "the moves end in state 4, which is not a goal"),
    ((4, ("*2", "+1", "+1", "*2")), "move 1 ('*2') is not a move of state 0 (its moves: '+1')"),
    ((5, ("+1", "+1", "+1", "*2")), "the answer says it costs 5, but its moves cost 4"),
    (None, "the answer says there is no solution, but one of cost 4 exists"),
    ((4, ("+1", "+1", "+1", "*2")), None),
])
def test_verify_replays_through_the_rules(answer, problem):
    counter = Counter()
    instance = next(counter.parse("6"))

    class Record:
        solution = None
        question = instance

    Record.answer = answer
    if problem is None:
        assert counter.verify(instance, Record()) == CONFIRMED
    else:
        with pytest.raises(VerificationError) as caught:
            counter.verify(instance, Record())
        assert str(caught.value) == f"instance 1: {problem}"


def test_judge_tells_optimal_from_canonical():
    counter = Counter()
    instance = next(counter.parse("6"))
    reference = (4, ("+1", "+1", "+1", "*2"))
    mine = list(counter.read_answers("4 +1 *2 +1 *2\n4 +1 +1 +1 *2\n-1\n", "mine"))
    assert counter.judge_answer(instance, instance, mine[0], reference) == (4, False)  # 1, 2, 3, 6: legal too
    assert counter.judge_answer(instance, instance, mine[1], reference) == (4, True)
    assert counter.judge_answer(instance, instance, mine[2], reference) == (None, False)
    assert counter.answer_cost(instance, instance, reference) == 4


# -- parsing ------------------------------------------------------------------------------------------

def test_parse_counted_terminated_and_plain_inputs():
    class Counted(Counter):
        counted = True

    class Ended(Counter):
        terminator, header = "'-1' line", "a number n"

        def read(self, tokens, limits):
            n = tokens.integer("n", -1, limits["max_n"])
            return None if n == -1 else n

    assert [i.value for i in Counted().parse("2 5 6")] == [5, 6]
    assert [i.number for i in Ended().parse("5 6 -1")] == [1, 2]
    with pytest.raises(StategraphError, match="after the last of the 1 instances"):
        list(Counted().parse("1 5 6"))
    with pytest.raises(StategraphError, match="missing the '-1' line that ends the input"):
        list(Ended().parse("5"))
    with pytest.raises(StategraphError, match="unexpected '7' after the '-1' line"):
        list(Ended().parse("5 -1 7"))
    with pytest.raises(StategraphError, match="empty input: expected an instance"):
        list(Counter().parse(""))


def test_a_read_that_reads_nothing_is_refused():
    class Lazy(Counter):
        def read(self, tokens, limits):
            return 1

    with pytest.raises(ContractError, match="read\\(\\) returned an instance without reading a token"):
        list(Lazy().parse("5"))


# -- through the command line -----------------------------------------------------------------------

PLUGIN = '''
from stategraph.contract.first_level import SuccessorPuzzle


class Walk(SuccessorPuzzle):
    name, summary, sample = "walk", "from 0 to n", "3\\n"

    def read(self, tokens, limits):
        return tokens.integer("n", 0)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1
        if x % 7 == 3:
            yield "jump", [x], 1


class Weighted(Walk):
    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 2
'''


def cli(folder, *args):
    """``stategraph ARGS`` in ``folder`` (holding ``plug.py``), in this process (tests/cli_runner.py)."""
    (folder / "plug.py").write_text(textwrap.dedent(PLUGIN))
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None})


@pytest.mark.parametrize("args, words", [
    (("solve", "plug:Walk", "in.txt"), ["walk model states: instance 1: move 'jump' of state 3 leads to [3]",
                                        "cannot be hashed"]),
    (("solve", "plug:Weighted", "-a", "bfs", "in.txt"), ["walk model states: instance 1: bfs needs every edge "
                                                         "weight to be 1, but this graph has non-negative numbers"]),
    (("solve", "plug:Weighted", "--set", "limits.max_states=50", "in.txt"),
     ["limits.max_states = 50: state 50, the 51st, was reached from state 49 by move '+1'"]),
])
def test_refusals_on_the_command_line_are_one_line_and_status_2(tmp_path, args, words):
    (tmp_path / "in.txt").write_text("200\n")
    done = cli(tmp_path, *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def test_solve_verify_check_and_export_on_the_command_line(tmp_path):
    (tmp_path / "in.txt").write_text("2\n5\n")
    done = cli(tmp_path, "solve", "plug:Weighted", "--verify", "--stats", "in.txt")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "4 +1 +1\n10 +1 +1 +1 +1 +1\n"
    assert done.stderr.splitlines()[-1] == "stategraph: verified 2 answers: 2 confirmed"
    (tmp_path / "answers.txt").write_text("4 +1 +1\n9 +1 +1 +1 +1 +1\n")
    done = cli(tmp_path, "check", "plug:Weighted", "in.txt", "answers.txt")
    assert done.returncode == 3
    assert done.stderr.splitlines()[1] == "instance 2: line 2: the answer says it costs 9, but its moves cost 10"
    done = cli(tmp_path, "export", "plug:Weighted", "in.txt", "--instance", "2", "-o", "walk.graphml")
    assert done.returncode == 0, done.stderr
    graph = nx.read_graphml(tmp_path / "walk.graphml")
    assert graph.number_of_nodes() == 6 and graph.graph["cost"] == 10
