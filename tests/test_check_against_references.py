"""stategraph.contract.checks against the independent references (tests/ref_*.py): naive optima, replays,
optimality verdicts, and answer files.

Expected optima come from the references' brute forces; expected messages
name a first illegal move worked out here, by a separate simulation; answer
files are the samples of PROBLEMS.md, transcribed.
"""

from __future__ import annotations

import copy
import dataclasses
import pathlib
import pickle
import random
import time
from collections import deque

import pytest

import ref_arrow_maze
import ref_huarong
import ref_pushing_boxes
from package_imports import imports
from random_inputs import huarong_input, pushing_boxes_input
from stategraph import VerificationError, get_puzzle, run
from stategraph.contract.checks import CONFIRMED, OPTIMALITY_UNCONFIRMED, UNKNOWN, Answer
from stategraph.graph.weights import Lex
from stategraph.puzzles.arrow_maze import check as am_check
from stategraph.puzzles.huarong import check as hr_check
from stategraph.puzzles.pushing_boxes import check as pb_check
from stategraph.search.solution import Solution

STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
BACK = {"n": "s", "s": "n", "w": "e", "e": "w"}


def fmt(cell):
    return f"({cell[0]}, {cell[1]})"


def error_of(call, *args, **kwargs) -> str:
    with pytest.raises(VerificationError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


# ---------------------------------------------------------------------------------------------
# independence


def test_checks_import_nothing_of_the_solver():
    """The checkers and what they share import only the exceptions, the shared limits and the
    checkers' own verdicts: no grid, walk, graph, search or model of the solver."""
    package = pathlib.Path(pb_check.__file__).parent.parent.parent
    checkers = [pathlib.Path(module.__file__) for module in (am_check, hr_check, pb_check)]
    assert {path.name for path in checkers} == {"check.py"}
    for path in [package / "contract" / "checks.py", *checkers]:
        assert imports(path) <= {"stategraph.errors", "stategraph.limits", "stategraph.contract.checks"}, path


# ---------------------------------------------------------------------------------------------
# Pushing Boxes


def pb_mazes(seed, rounds=10, count=30):
    rng = random.Random(seed)
    module = get_puzzle("pushing_boxes")
    return [maze for _ in range(rounds) for maze in module.parse(pushing_boxes_input(rng, count))]


def pb_records(seed, rounds=3, count=30):
    rng = random.Random(seed)
    module = get_puzzle("pushing_boxes")
    pairs = []
    for _ in range(rounds):
        text = pushing_boxes_input(rng, count)
        mazes = {maze.number: maze for maze in module.parse(text)}
        pairs += [(mazes[record.instance], record) for record in run("pushing_boxes", text)]
    return pairs


def pb_simulate(rows, moves):
    """(player, box) 0-based after the (legal) ``moves``."""
    marks = {ch: (r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch in "SB"}
    player, box = marks["S"], marks["B"]
    for letter in moves:
        dr, dc = STEP[letter.lower()]
        ahead = (player[0] + dr, player[1] + dc)
        if letter.isupper():
            assert ahead == box
            box = (box[0] + dr, box[1] + dc)
        player = ahead
    return player, box


def pb_free(rows, cell):
    r, c = cell
    return 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] != "#"


def pb_illegal_moves(rows, player, box):
    """Every (letter, expected problem) that is illegal from this position."""
    found = []
    for walk, (dr, dc) in STEP.items():
        ahead = (player[0] + dr, player[1] + dc)
        beyond = (box[0] + dr, box[1] + dc)
        if ahead == box:
            found.append((walk, "the player runs into the box (a push is uppercase)"))
            if not pb_free(rows, beyond):
                found.append((walk.upper(), "the box runs into rock or the edge"))
        else:
            found.append((walk.upper(), "there is no box to push"))
            if not pb_free(rows, ahead):
                found.append((walk, "the player runs into rock or the edge"))
    return found


def test_pushing_boxes_naive_optimum_matches_the_reference():
    mazes = pb_mazes(101)
    assert len(mazes) == 300
    optima = [pb_check.naive_optimum(maze) for maze in mazes]
    assert optima == [ref_pushing_boxes.brute_force(list(maze.rows)) for maze in mazes]
    assert 50 < optima.count(None) < 250
    assert all(o is None or isinstance(o, tuple) for o in optima)


def test_pushing_boxes_naive_optimum_gives_up_past_its_budget():
    mazes = pb_mazes(102, rounds=1)
    for maze in mazes:
        assert pb_check.naive_optimum(maze, limit=0) is UNKNOWN
        assert pb_check.naive_optimum(maze, deadline=time.monotonic() - 1) is UNKNOWN
        assert pb_check.naive_optimum(maze, limit=10**6, deadline=time.monotonic() + 60) == \
            ref_pushing_boxes.brute_force(list(maze.rows))
    big = next(get_puzzle("pushing_boxes").parse("3 30\n" + "S" + "." * 29 + "\n.B" + "." * 28 + "\n"
                                                 + "." * 29 + "T\n0 0\n"))
    assert pb_check.naive_optimum(big, limit=50) is UNKNOWN
    assert pb_check.naive_optimum(big) == ref_pushing_boxes.brute_force(list(big.rows))


def test_unknown_stays_the_one_unknown_through_pickle_and_copy():
    """A verdict crosses a pipe under --jobs; ``is UNKNOWN`` must still hold on the other side."""
    crossed = [pickle.loads(pickle.dumps(UNKNOWN, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    assert all(each is UNKNOWN for each in crossed + [copy.copy(UNKNOWN), copy.deepcopy(UNKNOWN)])
    with pytest.raises(TypeError, match="no truth value"):
        bool(pickle.loads(pickle.dumps(UNKNOWN)))


def test_pushing_boxes_replay_accepts_the_solver_answers_and_names_the_first_bad_move():
    rng = random.Random(103)
    checked = 0
    for maze, record in pb_records(103, rounds=4):
        rows = list(maze.rows)
        if record.answer is None:
            continue
        moves = record.answer
        assert pb_check.replay(maze, moves) == ref_pushing_boxes.replay(rows, moves)
        cut = rng.randrange(len(moves) + 1)
        player, box = pb_simulate(rows, moves[:cut])
        letter, problem = rng.choice(pb_illegal_moves(rows, player, box))
        bad = moves[:cut] + letter + moves[cut:]
        assert error_of(pb_check.replay, maze, bad) == f"maze {maze.number}: move {cut + 1} ({letter}): {problem}"
        bad = moves[:cut] + "x" + moves[cut:]
        assert error_of(pb_check.replay, maze, bad) == \
            f"maze {maze.number}: move {cut + 1} is 'x', not one of NSWE (pushes) or nswe (walks)"
        target = next((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "T")
        if box != target:
            assert error_of(pb_check.replay, maze, moves[:cut]) == (
                f"maze {maze.number}: the box ends at {fmt((box[0] + 1, box[1] + 1))}, "
                f"not on T {fmt((target[0] + 1, target[1] + 1))}")
        checked += 1
    assert checked > 40


def pb_detour(rows, moves, rng):
    """``moves`` with a step out and back inserted somewhere, or None if the player is boxed in."""
    cuts = list(range(len(moves) + 1))
    rng.shuffle(cuts)
    for cut in cuts:
        player, box = pb_simulate(rows, moves[:cut])
        for walk, (dr, dc) in STEP.items():
            ahead = (player[0] + dr, player[1] + dc)
            if ahead != box and pb_free(rows, ahead):
                return moves[:cut] + walk + BACK[walk] + moves[cut:]
    return None


def test_pushing_boxes_verify_rejects_legal_answers_that_are_not_optimal():
    rng = random.Random(104)
    caught = 0
    for maze, record in pb_records(104):
        rows = list(maze.rows)
        optimum = ref_pushing_boxes.brute_force(rows)
        if record.answer is None:
            assert optimum is None
            continue
        assert pb_check.verify(maze, record) == CONFIRMED
        longer = pb_detour(rows, record.answer, rng)
        if longer is None:
            continue
        cost = ref_pushing_boxes.replay(rows, longer)  # legal, by the reference
        assert cost == (optimum[0], optimum[1] + 2)
        bad = dataclasses.replace(record, answer=longer, solution=Solution(Lex(*cost), record.solution.states))
        assert error_of(pb_check.verify, maze, bad) == \
            f"maze {maze.number}: the moves cost {cost}, but the optimum is {optimum}"
        bad = dataclasses.replace(record, answer=None, solution=Solution(None, None))
        assert error_of(pb_check.verify, maze, bad) == \
            f"maze {maze.number}: answered Impossible., but one of cost {optimum} exists"
        caught += 1
    assert caught > 30


def test_pushing_boxes_verify_is_unconfirmed_past_the_budget():
    for maze, record in pb_records(105, rounds=1):
        assert pb_check.verify(maze, record, deadline=time.monotonic() - 1) == OPTIMALITY_UNCONFIRMED


# ---------------------------------------------------------------------------------------------
# Huarong Dao


def hr_boards(seed, rounds, queries=10):
    rng = random.Random(seed)
    module = get_puzzle("huarong")
    out = []
    for _ in range(rounds):
        text = huarong_input(rng, queries)
        board01, asked = ref_huarong.parse_input(text)
        out.append((text, next(module.parse(text)), board01, asked))
    return out


def test_huarong_naive_optimum_matches_the_reference():
    total = found = 0
    for _, board, board01, asked in hr_boards(201, 40):
        for number, query in enumerate(asked, start=1):
            expected = ref_huarong.brute_force(board01, query)
            got = hr_check.naive_optimum(board, number)
            assert got == (None if expected == -1 else expected), (board01, query)
            assert hr_check.naive_optimum(board, board.queries[number - 1]) == got
            total, found = total + 1, found + (expected > 2)
    assert total == 400 and found > 30


def test_huarong_naive_optimum_gives_up_past_its_budget():
    unknown = 0
    for _, board, board01, asked in hr_boards(202, 10):
        for number, query in enumerate(asked, start=1):
            expected = ref_huarong.brute_force(board01, query)
            searched = expected != 0 and board01[query[2] - 1][query[3] - 1] and board01[query[4] - 1][query[5] - 1]
            for kwargs in ({"limit": 0}, {"deadline": time.monotonic() - 1}):
                got = hr_check.naive_optimum(board, number, **kwargs)
                if searched and got is not UNKNOWN:  # answered without a search: the regions part
                    assert got is None and expected == -1
                elif searched:
                    unknown += 1
                else:
                    assert got == (None if expected == -1 else expected)
    assert unknown > 20
    with pytest.raises(TypeError):
        bool(UNKNOWN)


def hr_walk(board01, start, goal, blocked):
    """The blank's fewest steps (1-based cells) on the 0/1 board, round ``blocked``; None if never."""
    seen, queue = {start: 0}, deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return seen[cell]
        for dr, dc in STEP.values():
            r, c = cell[0] + dr, cell[1] + dc
            if (1 <= r <= len(board01) and 1 <= c <= len(board01[0]) and board01[r - 1][c - 1]
                    and (r, c) != blocked and (r, c) not in seen):
                seen[(r, c)] = seen[cell] + 1
                queue.append((r, c))
    return None


def hr_records(seed, rounds):
    out = []
    for text, board, board01, asked in hr_boards(seed, rounds, 20):
        for record in run("huarong", text, paths=True):
            out.append((board, board01, asked[record.query - 1], record))
    return out


def test_huarong_verify_rejects_legal_paths_that_are_not_optimal():
    rng = random.Random(203)
    caught = claims = 0
    for board, board01, query, record in hr_records(203, 12):
        expected = ref_huarong.brute_force(board01, query)
        assert record.answer == expected
        assert hr_check.verify(board, record) == CONFIRMED
        if expected <= 0:
            continue
        bad = dataclasses.replace(record, answer=-1, solution=Solution(None, None))
        assert error_of(hr_check.verify, board, bad) == \
            f"query {record.query}: answered -1, but one of {expected} moves exists"
        claims += 1
        grid = board.grid
        states = record.solution.states
        assert hr_check.replay_states(board, record.query, states) == expected
        spots = list(range(1, len(states)))
        rng.shuffle(spots)
        for index in spots:
            piece, side = states[index]
            here = grid.position(piece)
            blank = grid.position(piece + grid.step[side])
            others = [(t, hr_walk(board01, blank, grid.position(piece + grid.step[t]), here))
                      for t in range(4) if t != side]
            others = [(t, walk) for t, walk in others if walk]
            if others:
                break
        else:
            continue
        t, walk = rng.choice(others)
        longer = states[:index + 1] + [(piece, t), (piece, side)] + states[index + 1:]
        answer = expected + 2 * walk
        bad = dataclasses.replace(record, answer=answer, solution=Solution(answer, longer))
        assert hr_check.replay_states(board, record.query, longer) == answer
        assert error_of(hr_check.verify, board, bad) == \
            f"query {record.query}: the answer is {answer}, but the optimum is {expected}"
        caught += 1
    assert caught > 30 and claims > 30


def test_huarong_replay_names_the_first_bad_state():
    text = "3 3 1\n1 1 1\n1 0 1\n1 1 1\n1 2 1 1 1 3\n"
    board = next(get_puzzle("huarong").parse(text))
    grid = board.grid
    cell = grid.cell
    _, south, west, east = range(4)  # sides index N, S, W, E
    good = ["start", (cell(1, 1), east), (cell(1, 2), west), (cell(1, 2), east), (cell(1, 3), west)]
    assert hr_check.replay_states(board, 1, good) == 1 + 6 + 1  # slide, the blank round the ring, slide
    bad = ["start", (cell(1, 1), east), (cell(1, 3), west)]
    assert error_of(hr_check.replay_states, board, 1, bad) == \
        "query 1: state 2: the piece at (1, 1) cannot slide to (1, 3): the blank is at (1, 2)"
    bad = ["start", (cell(1, 1), east), (cell(1, 2), west), (cell(1, 2), south)]
    assert error_of(hr_check.replay_states, board, 1, bad) == \
        "query 1: state 3: the blank at (1, 1) cannot walk to (2, 2) round the piece at (1, 2)"
    assert error_of(hr_check.replay_states, board, 1, good[:3]) == \
        "query 1: the piece ends at (1, 2), not on its target (1, 3)"
    assert error_of(hr_check.replay_states, board, 1, good[1:]) == \
        "query 1: the solution path does not begin with the start state"


# ---------------------------------------------------------------------------------------------
# Abbott's Revenge


def am_mazes(seed, count):
    """(ref maze, parsed maze) pairs: a mixture of the reference generator's kinds, and a third of
    densely signed mazes (long routes, many loops)."""
    rng = random.Random(seed)
    refs = []
    kinds = ["random"] * 6 + ["farthest", "goal_entrance", "goal_adjacent", "dead_first", "unsolvable",
                              "offgrid_goal"]
    dense = {"cover": 1.0, "min_dirs": 3, "letters_weights": (1, 1, 1)}
    while len(refs) < count:
        if rng.random() < 1 / 3:
            maze = ref_arrow_maze.random_maze(rng, f"D{len(refs)}", kind=rng.choice(["farthest", "random"]),
                                              **dense)
        else:
            maze = ref_arrow_maze.random_maze(rng, f"M{len(refs)}", kind=rng.choice(kinds))
        if maze is not None:
            refs.append(maze)
    parsed = list(get_puzzle("arrow_maze").parse(ref_arrow_maze.build_input(refs, rng=rng)))
    return list(zip(refs, parsed, strict=True))


def test_arrow_maze_naive_optimum_matches_the_reference():
    pairs = am_mazes(301, 300)
    optima = [am_check.naive_optimum(maze) for _, maze in pairs]
    routes = [ref_arrow_maze.bfs_route(ref) for ref, _ in pairs]
    assert optima == [None if route is None else len(route) - 1 for route in routes]
    assert 30 < optima.count(None) < 270
    assert sum(1 for o in optima if o and o > 8) > 20


def test_arrow_maze_naive_optimum_gives_up_past_its_budget():
    unknown = 0
    for ref, maze in am_mazes(302, 50):
        route = ref_arrow_maze.bfs_route(ref)
        for kwargs in ({"limit": 0}, {"deadline": time.monotonic() - 1}):
            got = am_check.naive_optimum(maze, **kwargs)
            if route is not None and len(route) == 2:  # the forced first move reaches the goal
                assert got == 1
            else:
                assert got is UNKNOWN
                unknown += 1
    assert unknown > 40


def am_heading(a, b):
    move = (b[0] - a[0], b[1] - a[1])
    return next(h for h, delta in ref_arrow_maze.DELTA.items() if delta == move)


def test_arrow_maze_replay_accepts_the_solver_answers_and_names_the_first_bad_step():
    rng = random.Random(303)
    pairs = am_mazes(303, 150)
    text = ref_arrow_maze.build_input([ref for ref, _ in pairs])
    checked = 0
    for (ref, maze), record in zip(pairs, run("arrow_maze", text), strict=True):
        route = record.answer
        if route is None:
            continue
        ref_arrow_maze.validate_route(ref, route)
        assert am_check.replay(maze, route) == len(route) - 1
        name = ref.name
        k = rng.randrange(1, len(route))
        if k == 1:  # step 1 goes any other way than the forced heading
            wrong = [h for h in "NSWE" if h != ref.heading]
            there = ref_arrow_maze.step(route[0], rng.choice(wrong))
            message = f"maze {name}: step 1 goes to {fmt(there)}, but the first move must head {ref.heading}"
        else:  # a U-turn is never allowed
            there = route[k - 2]
            heading = am_heading(route[k - 2], route[k - 1])
            message = (f"maze {name}: step {k} from {fmt(route[k - 1])} heading {heading} to {fmt(there)} "
                       "is not allowed by the signs")
        assert error_of(am_check.replay, maze, route[:k] + [there] + route[k:]) == message
        if len(route) > 2:
            assert error_of(am_check.replay, maze, route[:-1]) == \
                f"maze {name}: the route ends at {fmt(route[-2])}, not at the goal {fmt(ref.goal)}"
        onwards = ref_arrow_maze.step(route[-1], am_heading(route[-2], route[-1]))
        assert error_of(am_check.replay, maze, route + [onwards]) == \
            f"maze {name}: step {len(route) - 1} reaches the goal {fmt(ref.goal)}, but the route goes on"
        assert error_of(am_check.replay, maze, [(route[0][0] + 1, route[0][1])] + route[1:]) == \
            f"maze {name}: the route starts at {fmt((route[0][0] + 1, route[0][1]))}, " \
            f"not at the entrance {fmt(ref.start)}"
        checked += 1
    assert checked > 30


def am_longer_route(ref, optimum, slack=12):
    """The shortest legal route (stopping at the goal) longer than ``optimum`` moves, or None."""
    start = (*ref_arrow_maze.step(ref.start, ref.heading), ref.heading)
    layer = {start: None}
    parents = [layer]
    for moves in range(1, optimum + slack + 1):
        if moves > optimum:
            ends = [s for s in layer if (s[0], s[1]) == ref.goal]
            if ends:
                state, route = ends[0], []
                for back in range(len(parents) - 1, -1, -1):
                    route.append((state[0], state[1]))
                    state = parents[back][state]
                return [ref.start] + route[::-1]
        following = {}
        for r, c, h in layer:
            if (r, c) == ref.goal:
                continue
            for choice in ref.allowed((r, c), h):
                new = ref_arrow_maze.turn(h, choice)
                following.setdefault((*ref_arrow_maze.step((r, c), new), new), (r, c, h))
        layer = following
        parents.append(layer)
    return None


def test_arrow_maze_verify_rejects_legal_routes_that_are_not_optimal():
    pairs = am_mazes(304, 200)
    text = ref_arrow_maze.build_input([ref for ref, _ in pairs])
    caught = 0
    for (ref, maze), record in zip(pairs, run("arrow_maze", text), strict=True):
        assert am_check.verify(maze, record) == CONFIRMED
        if record.answer is None:
            continue
        optimum = len(record.answer) - 1
        bad = dataclasses.replace(record, answer=None, solution=Solution(None, None))
        assert error_of(am_check.verify, maze, bad) == \
            f"maze {ref.name}: answered No Solution Possible, but one of {optimum} moves exists"
        longer = am_longer_route(ref, optimum)
        if longer is None:
            continue
        ref_arrow_maze.validate_route(ref, longer)
        bad = dataclasses.replace(record, answer=longer, solution=Solution(len(longer) - 1, []))
        assert error_of(am_check.verify, maze, bad) == \
            f"maze {ref.name}: the route makes {len(longer) - 1} moves, but the optimum is {optimum}"
        caught += 1
    assert caught > 20


# ---------------------------------------------------------------------------------------------
# answer files


def read_all(module, text, source="ans.out"):
    """The answers read before the first format problem, and that problem (or None)."""
    answers = []
    try:
        for answer in module.read_answers(text, source):
            answers.append(answer)
    except VerificationError as exc:
        return answers, str(exc)
    return answers, None


PB_SAMPLE_OUTPUT = """\
Maze #1
EEEEE

Maze #2
Impossible.

Maze #3
eennwwWWWWeeeeeesswwwwwwwnNN

Maze #4
swwwnnnnnneeesssSSS

"""


def test_pushing_boxes_answer_files():
    answers, problem = read_all(pb_check, PB_SAMPLE_OUTPUT)
    assert problem is None
    assert answers == [Answer(1, "EEEEE", 2), Answer(2, None, 5), Answer(3, "eennwwWWWWeeeeeesswwwwwwwnNN", 8),
                       Answer(4, "swwwnnnnnneeesssSSS", 11)]
    lenient = "Maze  #1 \r\n EEEEE\r\n\r\n\r\nMaze #2\nImpossible."
    assert read_all(pb_check, lenient) == ([Answer(1, "EEEEE", 2), Answer(2, None, 6)], None)
    malformed = [
        ("Maze #1\nEEEEE\n\nMaze 2\nE\n", 1, 4, "expected the header 'Maze #2'"),
        ("Maze #2\nE\n", 0, 1, "expected the header 'Maze #1'"),
        ("maze #1\nE\n", 0, 1, "expected the header 'Maze #1'"),
        ("Maze #1\nEEEEE\nMaze #2\nImpossible.\n", 1, 3, "expected a blank line after the answer of maze 1"),
        ("Maze #1\nEEEEE\n\nMaze #2\nImpossible\n", 1, 5, "maze 2: expected the moves"),
        ("Maze #1\nEExE\n", 0, 2, "maze 1: expected the moves"),
        ("Maze #1\nEE EE\n", 0, 2, "maze 1: expected the moves"),
        ("Maze #1\n\nEE\n", 0, 2, "maze 1: expected the moves"),
        ("Maze #1\nEE\n\nMaze #2\n", 1, 5, "the file ends before the answer of maze 2"),
    ]
    for text, good, line, what in malformed:
        answers, problem = read_all(pb_check, text)
        assert len(answers) == good, text
        assert problem is not None and problem.startswith(f"ans.out:{line}: {what}"), (text, problem)
    long_line = "Maze #1\n" + "E" * 5000 + "x\n"
    assert len(read_all(pb_check, long_line)[1]) < 200


def test_huarong_answer_files():
    assert read_all(hr_check, "2\n-1\n") == ([Answer(1, 2, 1), Answer(2, -1, 2)], None)
    assert read_all(hr_check, " 2 \r\n-1\n\n\n") == ([Answer(1, 2, 1), Answer(2, -1, 2)], None)
    malformed = [
        ("2\nx\n", 1, 2, "expected the answer to query 2"),
        ("2\n1.5\n", 1, 2, "expected the answer to query 2"),
        ("2\n-3\n", 1, 2, "expected the answer to query 2"),
        ("2 3\n", 0, 1, "expected the answer to query 1"),
        ("2\n\n-1\n", 1, 2, "expected the answer to query 2, found an empty line"),
        ("7\n8\n9\n" + "1" * 5000 + "\n", 3, 4, "expected the answer to query 4"),
    ]
    for text, good, line, what in malformed:
        answers, problem = read_all(hr_check, text)
        assert len(answers) == good, text
        assert problem is not None and problem.startswith(f"ans.out:{line}: {what}"), (text, problem)
        assert len(problem) < 200


AM_SAMPLE_OUTPUT = """\
SAMPLE
  (3,1) (2,1) (1,1) (1,2) (2,2) (2,3) (1,3) (1,2) (1,1) (2,1)
  (2,2) (1,2) (1,3) (2,3) (3,3)
NOSOLUTION
  No Solution Possible
"""


def test_arrow_maze_answer_files():
    route = [(3, 1), (2, 1), (1, 1), (1, 2), (2, 2), (2, 3), (1, 3), (1, 2), (1, 1), (2, 1),
             (2, 2), (1, 2), (1, 3), (2, 3), (3, 3)]
    expected = [Answer(1, ("SAMPLE", route), 1), Answer(2, ("NOSOLUTION", None), 4)]
    assert read_all(am_check, AM_SAMPLE_OUTPUT) == (expected, None)
    lenient = AM_SAMPLE_OUTPUT.replace("  (2,2)", "\t(2,2)  ").replace("  No", "   No  ") + "\n\n"
    assert read_all(am_check, lenient) == (expected, None)
    malformed = [
        ("SAMPLE\n  (3,1) (3,x)\n", 0, 2, "maze SAMPLE: bad route entry '(3,x)'"),
        ("SAMPLE\n  (3,1) 3,2\n", 0, 2, "maze SAMPLE: bad route entry '3,2'"),
        ("  (3,1)\n", 0, 1, "expected a maze name in column 1"),
        ("SAMPLE\nNOSOLUTION\n  No Solution Possible\n", 0, 2, "maze SAMPLE: expected its route"),
        ("SAMPLE\n", 0, 2, "maze SAMPLE: expected its route"),
        ("A\n  (1,1)\nB\n  No Solution Possible\n  (1,1)\n", 1, 5, "maze B: a line after"),
        ("A\n  (1,1)\n  No Solution Possible\n", 0, 3, "maze A: 'No Solution Possible' after route entries"),
        ("A\n  (1,1)\n\nB\n  (1,2)\n", 0, 3, "an empty line in the answer of maze A"),
        ("A-B\n  (1,1)\n", 0, 1, "expected a maze name (one alphanumeric word)"),
        ("A\n  No Solution\n", 0, 2, "maze A: bad route entry 'No'"),
    ]
    for text, good, line, what in malformed:
        answers, problem = read_all(am_check, text)
        assert len(answers) == good, text
        assert problem is not None and problem.startswith(f"ans.out:{line}: {what}"), (text, problem)
