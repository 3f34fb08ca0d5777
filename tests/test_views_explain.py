"""``stategraph explain``: steps in words that replay, checked against the independent references."""

import json
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import random_inputs  # noqa: E402
import ref_huarong  # noqa: E402
import ref_pushing_boxes  # noqa: E402
from stategraph import SuccessorPuzzle, get_puzzle  # noqa: E402
from stategraph.cli.main import main  # noqa: E402
from stategraph.graph.state_graph import WeightProfile  # noqa: E402
from stategraph.settings.resolve import Settings  # noqa: E402
from stategraph.solving.sandbox import outcome  # noqa: E402
from stategraph.views.explain import explain, render  # noqa: E402

PB_SAMPLE = get_puzzle("pushing_boxes").sample_text()
MAZE_3_STEPS = [
    "1. box (4,6), player at (6,7): walk 6 (eennww), push W -> box (4,5); cost so far (1 push, 6 walks)",
    "2. box (4,5), player E of it: walk 0, push W -> box (4,4); cost so far (2 pushes, 6 walks)",
    "3. box (4,4), player E of it: walk 0, push W -> box (4,3); cost so far (3 pushes, 6 walks)",
]


def test_pushing_boxes_sample_maze_3_in_words():
    [maze3] = explain("pushing_boxes", PB_SAMPLE, instance=3)
    assert [step["text"] for step in maze3["steps"][:3]] == MAZE_3_STEPS
    assert "".join(step["walk"] + step["push"] for step in maze3["steps"]) == "eennwwWWWWeeeeeesswwwwwwwnNN"
    assert maze3["steps"][0]["picture"].splitlines()[3] == "#...BP....#"
    text = render(maze3)
    assert text.startswith("Maze #3\nstart:\n") and "\n1. box (4,6)" in text and "6 pushes and 22 walks" in text
    start = maze3["start_picture"].splitlines()  # the box at (4,6), the player at (6,7), as step 1 says
    assert (start[3][5], start[5][6]) == ("B", "P")


def test_pushing_boxes_impossible_maze_has_no_steps():
    [maze2] = explain("pushing_boxes", PB_SAMPLE, instance=2)
    assert maze2["steps"] == [] and maze2["summary"].startswith("Impossible")


def _replay_pushes(rows, steps):
    """Replay the steps' walks cell by cell and their pushes, independently of stategraph."""
    return ref_pushing_boxes.replay(rows, "".join(step["walk"] + step["push"] for step in steps))


@pytest.mark.parametrize("model", ["box_side", "box_player"])
def test_pushing_boxes_random_mazes_concatenate_to_the_canonical_answer(model):
    rng = random.Random(1475 if model == "box_side" else 1476)
    blocks = [ref_pushing_boxes.random_maze(rng, rng.randint(1, 6), rng.randint(3, 6)) for _ in range(60)]
    text = ref_pushing_boxes.join_mazes(blocks)
    explanations = explain("pushing_boxes", text, Settings.of("pushing_boxes", model=model))
    assert len(explanations) == len(blocks)
    checked_canonical = 0
    for block, explanation in zip(blocks, explanations):
        rows = ref_pushing_boxes.maze_rows_of(block)
        best = ref_pushing_boxes.brute_force(rows)
        if best is None:
            assert explanation["answer"] is None and explanation["steps"] == []
            continue
        moves = "".join(step["walk"] + step["push"] for step in explanation["steps"])
        assert moves == explanation["answer"]
        assert _replay_pushes(rows, explanation["steps"]) == best
        last = explanation["steps"][-1]["cost"]
        assert (last["pushes"], last["walks"]) == best
        for step in explanation["steps"]:  # the player path follows the walk, one cell at a time
            path = step["player_path"]
            assert len(path) == len(step["walk"]) + 2
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
        if ref_pushing_boxes.count_optimal_strings(rows) <= 500:
            assert ref_pushing_boxes.canonical_by_rule(ref_pushing_boxes.all_optimal_strings(rows)) == moves
            checked_canonical += 1
    assert checked_canonical >= 10


def _replay_slides(board, query, steps):
    """Simulate the slides on the 0/1 board: each moves a movable piece into the adjacent blank."""
    ex, ey, sx, sy, tx, ty = query
    n, m = len(board), len(board[0])
    blank, piece, moves = (ex, ey), (sx, sy), 0
    for step in steps:
        for slide in step["slides"]:
            source, destination = tuple(slide["from"]), tuple(slide["to"])
            assert destination == blank, f"slide into {destination}, but the blank is at {blank}"
            assert abs(source[0] - blank[0]) + abs(source[1] - blank[1]) == 1
            assert 1 <= source[0] <= n and 1 <= source[1] <= m
            assert board[source[0] - 1][source[1] - 1] == 1, f"the piece on {source} is fixed"
            dr, dc = destination[0] - source[0], destination[1] - source[1]
            assert slide["direction"] == {(-1, 0): "N", (1, 0): "S", (0, -1): "W", (0, 1): "E"}[dr, dc]
            if source == piece:
                piece = destination
            blank = source
            moves += 1
        assert list(piece) == step["after"]["piece"] and list(blank) == step["after"]["blank"]
    assert piece == (tx, ty)
    return moves


@pytest.mark.parametrize("model", ["piece_side", "piece_blank"])
def test_huarong_random_queries_replay_legally_in_the_answered_moves(model):
    rng = random.Random(2013 if model == "piece_side" else 2014)
    replayed = 0
    boards = 60 if model == "piece_side" else 8
    for _ in range(boards):
        text = random_inputs.huarong_input(rng, 10)
        board, queries = ref_huarong.parse_input(text)
        explanations = explain("huarong", text, Settings.of("huarong", model=model), every_question=True)
        assert [e["query"] for e in explanations] == list(range(1, len(queries) + 1))
        for query, explanation in zip(queries, explanations):
            expected = ref_huarong.brute_force(board, query)
            assert explanation["answer"] == expected
            if expected == -1:
                assert explanation["steps"] == []
                continue
            assert _replay_slides(board, query, explanation["steps"]) == expected
            assert not explanation["steps"] or explanation["steps"][-1]["cost"]["moves"] == expected
            replayed += 1
    assert replayed >= (200 if model == "piece_side" else 40)  # solvable queries replayed move by move


def test_huarong_sample_shows_the_hidden_moves():
    [first] = explain("huarong", get_puzzle("huarong").sample_text())
    assert [step["text"] for step in first["steps"]] == [
        "1. piece (1,2), blank at (3,2): the blank walks 1 (n) -> blank S of it; cost so far 1 move",
        "2. piece (1,2), blank S of it: the piece slides S -> piece (2,2), blank N of it; cost so far 2 moves",
    ]
    [second] = explain("huarong", get_puzzle("huarong").sample_text(), query=2)
    assert second["answer"] == -1 and second["steps"] == []


def test_arrow_maze_route_steps():
    sample = get_puzzle("arrow_maze").sample_text()
    found, nosolution = explain("arrow_maze", sample)
    route = found["route"]
    assert len(found["steps"]) == len(route) - 1 == 14
    assert [step["cell"] for step in found["steps"]] == route[1:]
    assert found["steps"][0]["text"] == "1. start at (3,1): leave heading N -> (2,1) heading N; cost so far 1"
    assert "S" in found["picture"] and "G" in found["picture"]
    assert nosolution["steps"] == [] and nosolution["summary"] == "No Solution Possible"


def test_cli_explain_text_and_json(tmp_path, capsys):
    path = tmp_path / "pb.txt"
    path.write_text(PB_SAMPLE)
    assert main(["explain", "pushing_boxes", str(path), "--instance", "3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Maze #3" and next(line for line in out.splitlines() if line.startswith("1. ")) == \
        MAZE_3_STEPS[0]
    assert main(["explain", "pushing_boxes", str(path), "--format", "json"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["instance"] for o in objects] == [1, 2, 3, 4]
    assert [s["text"] for s in objects[2]["steps"][:3]] == MAZE_3_STEPS
    hr = tmp_path / "hr.txt"
    hr.write_text(get_puzzle("huarong").sample_text())
    assert main(["explain", "huarong", str(hr), "--query", "1", "--format", "json"]) == 0
    [query1] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert query1["query"] == 1 and len(query1["steps"]) == 2
    assert main(["explain", "pushing_boxes", str(path), "--instance", "9"]) == 2



# the start's picture --------------------------------------------------------------------------------

WATER_JUG = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "water_jug")


def empty_jugs(a: int, b: int) -> str:
    """Two empty jugs as the example draws them (a bar of at most 20 marks each), written here."""
    return f"A |{' ' * min(a, 20)}| 0/{a}\nB |{' ' * min(b, 20)}| 0/{b}"


def explain_jugs(text: str, *args) -> str:
    """``stategraph explain`` of the water jug example on ``text``, from the example's folder."""
    from cli_runner import run_cli

    done = run_cli("explain", "--config", "puzzle.yaml", "-", *args, cwd=WATER_JUG, stdin=text)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_start_is_pictured_before_the_first_step():
    text = explain_jugs("1\n5 2 3\n")
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    assert lines[1:first] == ["start:"] + ["   " + row for row in empty_jugs(5, 2).splitlines()]
    [told] = [json.loads(line) for line in explain_jugs("1\n5 2 3\n", "--format", "json").splitlines()]
    assert told["start_picture"] == empty_jugs(5, 2) and told["steps"]


def test_a_start_that_is_a_goal_is_pictured_once():
    text = explain_jugs("1\n3 5 0\n")  # 0 litres: both jugs hold it at the start
    assert text.count(empty_jugs(3, 5).splitlines()[0]) == 1 and "1. " not in text
    [told] = [json.loads(line) for line in explain_jugs("1\n3 5 0\n", "--format", "json").splitlines()]
    assert told["start_picture"] == told["picture"] == empty_jugs(3, 5) and told["steps"] == []


def test_a_model_without_a_picture_has_none_at_the_start():
    """The built-ins' explanations carry the key too (``None`` where the model sets none)."""
    [maze3] = explain("pushing_boxes", PB_SAMPLE, instance=3)
    assert "start_picture" in maze3


class Endless(SuccessorPuzzle):
    """From 0 to n by +1 or +2: the states go on for ever (up to ``bound``, if given), so the whole
    graph is never built."""

    name, summary, sample = "endless", "0 to n by +1 and +2", "5\n"
    profile = WeightProfile(unit=True)  # declared: searched as the moves are explored
    limits = {"max_states": 1000}

    def __init__(self, bound=None):
        self.bound = bound

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 100)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        for label, step in (("+1", 1), ("+2", 2)):
            if self.bound is None or x + step <= self.bound:
                yield label, x + step, 1


def test_explaining_and_grading_read_the_path_not_the_whole_graph(monkeypatch):
    """A model whose moves the default ``move_label`` names needs no whole graph to tell its steps:
    ``explain`` answers where the whole graph passes any state limit, and grading (which counts the
    model's size without a networkx graph) builds none."""
    [told] = explain(Endless(), "5\n")
    assert [step["move"] for step in told["steps"]] == ["+1", "+2", "+2"]  # 3 moves; ranks 0, 1, 1 the least
    import stategraph.graph.explore as explored

    def refused(*args, **kwargs):
        raise AssertionError("the whole networkx graph was built")

    monkeypatch.setattr(explored, "explore", refused)
    graded = outcome(Settings.of(Endless(bound=12)), "5\n")
    assert [answer["moves"] for answer in graded.answers] == [["+1", "+2", "+2"]]
    assert graded.answers[0]["states"] == 13  # 0 to 12, counted
