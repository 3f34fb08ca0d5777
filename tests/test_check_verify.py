"""--verify: every answer on hundreds of random instances replays, and corrupted answers are caught."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest

from cli_runner import run_cli
from random_inputs import arrow_maze_input, huarong_input, pushing_boxes_input
from stategraph import Settings, VerificationError, get_puzzle, run
from stategraph.graph.weights import Lex
from stategraph.search.solution import Solution


def verified_records(puzzle, text):
    """Records of ``text`` solved with verification on, paired with their instances."""
    return [(r.subject, r) for r in run(puzzle, text, Settings.of(puzzle, verify=True))]


def test_verify_passes_on_hundreds_of_random_mazes():
    rng = random.Random(61)
    records = [pair for _ in range(10) for pair in verified_records("pushing_boxes", pushing_boxes_input(rng, 30))]
    assert len(records) == 300
    assert 50 < sum(r.answer is None for _, r in records) < 250


def test_verify_passes_on_hundreds_of_random_huarong_queries():
    rng = random.Random(62)
    records = [pair for _ in range(40) for pair in verified_records("huarong", huarong_input(rng, 10))]
    assert len(records) == 400
    assert sum(r.answer == -1 for _, r in records) > 30 and sum(r.answer > 2 for _, r in records) > 30


def test_verify_passes_on_hundreds_of_random_arrow_mazes():
    rng = random.Random(63)
    records = [pair for _ in range(10) for pair in verified_records("arrow_maze", arrow_maze_input(rng, 30))]
    assert len(records) == 300
    assert 30 < sum(r.answer is None for _, r in records) < 270


def corrupt_pushing_boxes(record):
    moves = record.answer
    yield dataclasses.replace(record, answer=moves[:-1])                            # stops one push short
    yield dataclasses.replace(record, answer=moves + "n")                           # an extra walk
    yield dataclasses.replace(record, answer=moves.swapcase())                      # pushes become walks
    cost = record.solution.cost
    yield dataclasses.replace(record, solution=Solution(Lex(cost[0], cost[1] + 1), record.solution.states))
    if record.answer:
        yield dataclasses.replace(record, answer=None)                              # claims Impossible.


def corrupt_huarong(record):
    yield dataclasses.replace(record, answer=record.answer + 1)
    yield dataclasses.replace(record, answer=-1)
    yield dataclasses.replace(record, answer=0)
    states = record.solution.states
    yield dataclasses.replace(record, solution=Solution(record.solution.cost, states[:-1]))


def corrupt_arrow_maze(record):
    route = record.answer
    yield dataclasses.replace(record, answer=route[:-1])
    yield dataclasses.replace(record, answer=route + route[-2:])
    yield dataclasses.replace(record, answer=None)
    yield dataclasses.replace(record, answer=[route[0]] + [(r + 1, c) for r, c in route[1:]])


CORRUPTIONS = [
    ("pushing_boxes", lambda rng: pushing_boxes_input(rng, 30), corrupt_pushing_boxes),
    ("huarong", lambda rng: huarong_input(rng, 20), corrupt_huarong),
    ("arrow_maze", lambda rng: arrow_maze_input(rng, 30), corrupt_arrow_maze),
]


@pytest.mark.parametrize("puzzle,generate,corrupt", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupted_answers_are_caught(puzzle, generate, corrupt):
    module = get_puzzle(puzzle)
    rng = random.Random(64)
    caught = 0
    for _ in range(5):
        for instance, record in verified_records(puzzle, generate(rng)):
            if record.solution is None or not record.solution.found or not record.answer:
                continue
            for bad in corrupt(record):
                with pytest.raises(VerificationError):
                    module.verify(instance, bad)
                caught += 1
    assert caught >= 40


def test_cli_verify_fails_loudly(monkeypatch, tmp_path):
    """A decoder corrupted to add a move: in this process for one job, in a child (whose workers fork
    from it) for two."""
    from stategraph.puzzles.pushing_boxes import model as pb

    real = pb.decode_pushes
    monkeypatch.setattr(pb, "decode_pushes", lambda maze, solution: (real(maze, solution) or "") + "n")
    done = run_cli("solve", "pushing_boxes", "--verify", stdin="1 4\nSB.T\n1 3\nSBT\n2 3\nSBT\n...\n0 0\n")
    assert done.returncode == 3
    assert done.stdout == "Maze #1\nEEn\n\nMaze #2\nEn\n\nMaze #3\nEn\n\n"  # every answer, as solved
    assert done.stderr.splitlines() == [  # every wrong one named, then the summary: the run does not stop
        "stategraph: wrong answer: maze 1: move 3 (n): the player runs into rock or the edge",
        "stategraph: wrong answer: maze 2: move 2 (n): the player runs into rock or the edge",
        "stategraph: wrong answer: maze 3: move 2 (n): the player runs into rock or the edge",
        "stategraph: verified 3 answers: 0 confirmed, 3 wrong"]
    script = tmp_path / "corrupt.py"
    script.write_text(
        "import sys\n"
        "from stategraph.puzzles.pushing_boxes import model as pb\n"
        "real = pb.decode_pushes\n"
        "pb.decode_pushes = lambda maze, solution: (real(maze, solution) or '') + 'n'\n"
        "from stategraph.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n")
    jobs = subprocess.run([sys.executable, str(script), "solve", "pushing_boxes", "--verify", "--jobs", "2"],
                          input="1 4\nSB.T\n1 3\nSBT\n2 3\nSBT\n...\n0 0\n", capture_output=True, text=True)
    assert (jobs.returncode, jobs.stdout, jobs.stderr) == (3, done.stdout, done.stderr)


def test_impossibility_past_the_naive_limit_is_reported_unconfirmed(monkeypatch):
    import stategraph.puzzles.pushing_boxes.check as check
    from stategraph.contract.checks import CONFIRMED, OPTIMALITY_UNCONFIRMED

    text = "3 5\n.....\n.S...\n#B#.T\n0 0\n"  # the box is wedged between rocks on the bottom row
    maze = next(get_puzzle("pushing_boxes").parse(text))
    record = next(run("pushing_boxes", text))
    assert record.answer is None
    assert check.verify(maze, record) == CONFIRMED
    monkeypatch.setattr(check, "NAIVE_LIMIT", 1)
    assert check.verify(maze, record) == OPTIMALITY_UNCONFIRMED


def test_optimality_past_the_naive_budget_is_reported_unconfirmed(monkeypatch):
    """A found answer whose optimality the naive search cannot settle in time is never a pass."""
    import time

    from stategraph.contract.checks import CONFIRMED, OPTIMALITY_UNCONFIRMED

    rng = random.Random(65)
    for puzzle, text in [("pushing_boxes", pushing_boxes_input(rng, 10)), ("huarong", huarong_input(rng, 10)),
                         ("arrow_maze", arrow_maze_input(rng, 10))]:
        module = get_puzzle(puzzle)
        verdicts = set()
        for instance, record in verified_records(puzzle, text):
            verdicts.add(module.verify(instance, record, deadline=time.monotonic() + 60))
            late = module.verify(instance, record, deadline=time.monotonic() - 1)
            assert late in (CONFIRMED, OPTIMALITY_UNCONFIRMED)
            if record.answer not in (None, 0, -1) and not (puzzle == "arrow_maze" and len(record.answer) == 2):
                assert late == OPTIMALITY_UNCONFIRMED, (puzzle, record.answer)
        assert verdicts == {CONFIRMED}


def detour_pushing_boxes(instance, record):
    """``sn`` before the moves of the (2 4 / SB.T / ....) maze: legal, two walks too many."""
    cost = record.solution.cost
    return dataclasses.replace(record, answer="sn" + record.answer,
                               solution=Solution(Lex(cost[0], cost[1] + 2), record.solution.states))


def detour_huarong(board, record):
    """The blank walks to the piece's other side and back before the path goes on."""
    states = record.solution.states
    piece, side = states[1]
    other = next(s for s in range(4) if s != side and board.grid.open[piece + board.grid.step[s]])
    longer = states[:2] + [(piece, other), (piece, side)] + states[2:]
    return dataclasses.replace(record, answer=record.answer + 4, solution=Solution(record.answer + 4, longer))


def detour_arrow_maze(maze, record):
    """Once round the loop (1,2) (2,2) (2,1) (1,1) before going on to the goal."""
    route = [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1), (1, 2), (1, 3)]
    return dataclasses.replace(record, answer=route, solution=Solution(6, record.solution.states))


DETOURS = [
    ("pushing_boxes", "2 4\nSB.T\n....\n0 0\n", detour_pushing_boxes,
     "maze 1: the moves cost (2, 2), but the optimum is (2, 0)"),
    ("huarong", "2 2 1\n1 1\n1 1\n1 1 1 2 2 2\n", detour_huarong,
     "query 1: the answer is 7, but the optimum is 3"),
    ("arrow_maze", "L\n1 1 E 1 3\n1 2 EFR *\n2 2 SR *\n2 1 WR *\n1 1 NR *\n0\nEND\n", detour_arrow_maze,
     "maze L: the route makes 6 moves, but the optimum is 2"),
]


@pytest.mark.parametrize("puzzle,text,detour,message", DETOURS, ids=[d[0] for d in DETOURS])
def test_verify_catches_a_legal_answer_that_is_not_optimal(puzzle, text, detour, message):
    [(instance, record)] = verified_records(puzzle, text)
    assert record.stats["verified"] == "confirmed"
    with pytest.raises(VerificationError) as caught:
        get_puzzle(puzzle).verify(instance, detour(instance, record))
    assert str(caught.value) == message


def test_cli_verify_prints_a_summary_on_stderr_only(stategraph_cli):
    done = stategraph_cli("solve", "arrow_maze", "--verify", stdin="A 1 1 E 1 2 0 B 1 1 E 2 2 0 END")
    assert done.returncode == 0
    assert done.stdout == "A\n  (1,1) (1,2)\nB\n  No Solution Possible\n"
    assert done.stderr == "stategraph: verified 2 answers: 2 confirmed\n"
