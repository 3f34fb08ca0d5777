"""Instances of one state graph (the rules' ``graph_key``): built once, searched from each start.

The 8-puzzle example gives every board one key (every board has the same goal and moves). Each
input here is answered as the same rules without a key answer it, board by board; the costs are
those of the example test's breadth-first search backwards from the goal over the whole space; each
search counts only the states it reaches, so ``--stats`` and ``limits.max_states`` (its message
too) are those of a graph built afresh, whatever came before.
"""

from __future__ import annotations

import random

import pytest

from example_folders import EXAMPLES, example_module
from example_references import sliding_tile as brute
from stategraph import COST, COST_AND_MOVES, INFINITY, ContractError, Settings, SuccessorPuzzle, run
from stategraph.contract.first_level import KEPT_GRAPHS
from stategraph.graph.explore import StateLimit
from stategraph.graph.state_graph import WeightProfile

EXAMPLE = EXAMPLES / "sliding_tile"
tile = example_module("sliding_tile")
GOAL, Manhattan, SlidingTile = tile.GOAL, tile.Manhattan, tile.SlidingTile


def slides_from(board: str) -> int:
    """The brute force's fewest slides from ``board`` to the goal, -1 where there is no way (its table of
    181,440 boards built on first use, once a process)."""
    return brute.depth().get(tuple(map(int, board)), -1)


class Unkeyed(Manhattan):
    graph_key = None  # the same rules, each board's graph built afresh


class Alone(SlidingTile):
    models = {"manhattan": Unkeyed}


def board_text(board: str) -> str:
    return "".join(" ".join(board[row:row + 3]) + "\n" for row in (0, 3, 6))


def random_boards(count: int, seed: int, near: int = 14, unsolvable: int = 0) -> list[str]:
    """Boards up to ``near`` slides from the goal, and ``unsolvable`` boards among them (two tiles
    swapped: a component of their own, which A* explores whole)."""
    rng, puzzle = random.Random(seed), SlidingTile()
    boards = ["".join(puzzle.random_instance(rng, rng.randint(0, near)).split()) for _ in range(4 * count)]
    solvable = [board for board in boards if slides_from(board) >= 0]
    swapped = [board for board in boards if slides_from(board) < 0]
    chosen = solvable[:count - unsolvable] + swapped[:unsolvable]
    rng.shuffle(chosen)
    return chosen


def test_boards_in_one_input_answer_as_each_alone_and_as_the_brute_force():
    """Every answer is the brute force's line, its moves too; each solvable board's is the one it gets alone
    (the unsolvable board's search reads its whole component, 181,440 boards: once, in the shared input)."""
    boards = random_boards(60, seed=5, unsolvable=1)
    text = "\n".join(board_text(board) for board in boards)
    shared = SlidingTile().solve_text(text, algorithm="astar").splitlines()
    assert shared == [brute.line(*brute.solution(tuple(map(int, board)))) for board in boards]
    solvable = [k for k, board in enumerate(boards) if slides_from(board) >= 0]
    assert len(solvable) == len(boards) - 1
    assert [shared[k] for k in solvable] == [Alone().solve_text(board_text(boards[k]), algorithm="astar").strip()
                                             for k in solvable]


def test_each_search_counts_only_the_states_it_reaches():
    text = "\n".join(board_text(board) for board in random_boards(25, seed=8))
    counts, kept = {}, []
    for puzzle in (Alone(), SlidingTile()):
        counts[type(puzzle)] = []
        for record in run(puzzle, text, Settings.of(puzzle, algorithm="astar")):
            counts[type(puzzle)].append((record.stats["states_built"], record.stats["edges_built"],
                                         record.stats["settled"]))
            kept.append(len(puzzle.__dict__[KEPT_GRAPHS]["manhattan"].graph) if KEPT_GRAPHS in puzzle.__dict__ else 0)
    assert counts[SlidingTile] == counts[Alone]
    assert len(set(counts[Alone])) > 5  # boards of different depths: the counts tell them apart
    assert 0 < kept[-1] < sum(states for states, _, _ in counts[SlidingTile])  # built once for every board
    assert KEPT_GRAPHS not in puzzle.__dict__  # let go when the input is read to its end


def test_the_state_limit_is_each_instances_own():
    """Many near boards (more states together than the limit), then one that passes it alone."""
    near = random_boards(80, seed=2, near=8)
    far = "867254301"  # 31 slides: A* reaches many thousand states
    text = "\n".join(board_text(board) for board in [*near, far])
    settings = {}
    for puzzle in (SlidingTile(), Alone()):
        settings[puzzle] = Settings.of(puzzle, algorithm="astar", limits={"max_states": 400})
    answered, refusals = {}, {}
    for puzzle, chosen in settings.items():
        records = run(puzzle, text, chosen)
        answered[type(puzzle)] = [next(records).answer for _ in near]
        with pytest.raises(StateLimit) as refused:
            next(records)
        refusals[type(puzzle)] = str(refused.value)
    assert answered[SlidingTile] == answered[Alone]
    assert refusals[SlidingTile] == refusals[Alone]
    assert "instance %d: the state graph passed limits.max_states = 400: state" % (len(near) + 1) in \
        refusals[SlidingTile]
    puzzle = SlidingTile()
    records = list(run(puzzle, "\n".join(board_text(board) for board in near), settings[next(iter(settings))]))
    assert sum(record.stats["states_built"] for record in records) > 400  # together past the limit


class Doubling(SuccessorPuzzle):
    """From 0 to n by +1 and *2: instances of one n share a graph (their starts differ)."""

    name, summary, sample, output = "doubling", "from s to n by +1 and *2", "3 10\n", COST
    profile = WeightProfile(unit=False)

    def read(self, tokens, limits):
        return tokens.integer("start", 0, 300), tokens.integer("n", 0, 300)

    def start(self, question):
        return question[0]

    def is_goal(self, question, x):
        return x == question[1]

    def moves(self, question, x):
        n = question[1]
        if x < n:
            yield "+1", x + 1, 1
        if 0 < 2 * x <= n:
            yield "*2", 2 * x, 3

    def graph_key(self, question):
        return question[1]


class DoublingAlone(Doubling):
    graph_key = None


def cheapest(start: int, n: int) -> int:
    """Dijkstra by hand over 0..n."""
    best = {start: 0}
    frontier = [start]
    while frontier:
        frontier.sort(key=best.get)
        x = frontier.pop(0)
        for y, cost in ((x + 1, 1), (2 * x, 3)):
            if (y == x + 1 and x < n or y == 2 * x and 0 < y <= n) and best[x] + cost < best.get(y, 10**9):
                best[y] = best[x] + cost
                frontier.append(y)
    return best.get(n, -1)


@pytest.mark.parametrize("algorithm", ["dijkstra", "spfa", "bidirectional_dijkstra"])
def test_a_key_that_changes_starts_a_new_graph(algorithm):
    rng = random.Random(3)
    questions = [(rng.randint(0, 40), rng.choice([17, 40, 41, 64])) for _ in range(50)]
    text = "".join(f"{s} {n}\n" for s, n in questions)
    expected = "".join(f"{cheapest(s, n)}\n" for s, n in questions)
    assert Doubling().solve_text(text, algorithm=algorithm) == expected
    assert DoublingAlone().solve_text(text, algorithm=algorithm) == expected


class OneLine(Doubling):
    """Questions asked of one line 0..300: every question has the same moves, but its own start,
    goal and heuristic (no goal beyond n: the moves only climb), so all share one key."""

    def moves(self, question, x):
        if x < 300:
            yield "+1", x + 1, 1
        if 0 < 2 * x <= 300:
            yield "*2", 2 * x, 3

    def heuristic(self, question, x):
        return INFINITY if x > question[1] else 0

    def graph_key(self, question):
        return "the line"


@pytest.mark.parametrize("algorithm", ["dijkstra", "astar", "spfa"])
def test_questions_of_one_graph_keep_their_own_goals_and_heuristic(algorithm):
    rng = random.Random(8)
    questions = [(rng.randint(0, 60), rng.randint(0, 80)) for _ in range(60)]
    text = "".join(f"{s} {n}\n" for s, n in questions)
    expected = "".join(f"{cheapest(s, n)}\n" for s, n in questions)
    assert OneLine().solve_text(text, algorithm=algorithm) == expected


def test_a_key_that_cannot_be_hashed_is_one_line():
    class Listed(Doubling):
        def graph_key(self, question):
            return [question[1]]

    with pytest.raises(ContractError, match=r"instance 1: graph_key\(\) returned \[10\], which cannot be hashed"):
        Listed().solve_text("3 10\n")


def test_jobs_print_one_jobs_bytes(stategraph_cli, tmp_path):
    boards = tmp_path / "boards.txt"
    boards.write_text("\n".join(board_text(board) for board in random_boards(40, seed=11)))
    outputs = [stategraph_cli("solve", "--config", str(EXAMPLE / "puzzle.yaml"), str(boards), "--jobs", jobs,
                              separate=True) for jobs in ("1", "2")]
    assert [done.status for done in outputs] == [0, 0], outputs[1].err
    assert outputs[0].out == outputs[1].out == Alone().solve_text(boards.read_text(), algorithm="astar")


class Corridor(SuccessorPuzzle):
    """Walk from 0 to n by steps of 1 or ``jump``; ``graph_key`` as the subclasses below give it."""

    name, summary, sample = "corridor", "from 0 to n", "3 2\n"
    output, profile = COST, WeightProfile(unit=True)

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 100), tokens.integer("jump", 1, 100)

    def start(self, instance):
        return 0

    def is_goal(self, instance, state):
        return state == instance[0]

    def moves(self, instance, state):
        for step in sorted({1, instance[1]}):
            if state + step <= instance[0]:
                yield f"+{step}", state + step, 1


class LyingKey(Corridor):
    def graph_key(self, instance):
        return "every corridor"  # a promise the moves do not keep: the jump differs


class LyingKeyWithMoves(LyingKey):
    """The jump only from state 4 on: the first states of two instances agree, so only the
    answer's path (known here) shows the lie."""

    output = COST_AND_MOVES

    def moves(self, instance, state):
        for step in sorted({1, instance[1] if state >= 4 else 1}):
            if state + step <= instance[0]:
                yield f"+{step}", state + step, 1


@pytest.mark.parametrize("puzzle, text, honest, words", [
    (LyingKey, "9 1\n9 3\n", "9\n3\n", "gave two instances of different moves the same key ('every corridor'): at "
                                       "state 0 they differ"),
    (LyingKeyWithMoves, "9 3\n9 1\n", "7 +1 +1 +1 +1 +1 +1 +3\n9 +1 +1 +1 +1 +1 +1 +1 +1 +1\n",
     "gave this instance the key of an earlier one ('every corridor'), but the path found in their shared states "
     "is not its own: its move from state 6 to 9 is not one of this instance's")])
def test_a_key_that_lies_is_one_line_not_another_instances_answer(puzzle, text, honest, words):
    """Two instances given one key but different moves, at the start or only further on (the path
    then leaves the instance's rules): refused at the second, naming graph_key, where an honest
    key answers as each alone."""
    class Honest(puzzle):
        def graph_key(self, instance):
            return instance

    assert Honest().solve_text(text) == honest
    with pytest.raises(ContractError) as caught:
        puzzle().solve_text(text)
    assert str(caught.value).startswith("corridor model states: instance 2: graph_key() ")
    assert words in str(caught.value)
