"""Each example of ``examples/`` answers exactly as an independent brute force says, by every routine and model,
and every command works on it.

The brute forces, and what else is particular to one example (its models and what each is, the routines that
apply, an edited answer, bad inputs, how its random instances are tried, the questions its views show), are in
``tests/example_references/NAME.py``, which share nothing with the examples or stategraph.  Each rule below is one
test parametrized over the examples; the rules that hold for one example alone follow, grouped by what they hold.
The commands run as each README says, from a copy of the example's folder (made once a session; no test writes
there), in this process; what a test writes goes to its ``tmp_path``.
"""

from __future__ import annotations

import doctest
import json
import math
import random
import sys
import xml.etree.ElementTree as ET
from functools import cache
from itertools import product
from pathlib import Path

import pytest
import yaml

from example_folders import EXAMPLES, copy_of, run_in
from example_references import (
    NAMES,
    WASTEFUL,
    WRONG,
    expected_output,
    hanoi,
    lights_out,
    reference,
    river_crossing,
    rush_hour,
    says,
    sliding_tile,
    sokoban,
)

REFERENCES = {name: reference(name) for name in NAMES}


def read(name: str, file: str = "input.txt") -> str:
    return (EXAMPLES / name / file).read_text()


@cache
def brute(name: str, text: str) -> str:
    """The brute force's answers to ``text`` (kept: several tests ask for the same)."""
    return expected_output(REFERENCES[name], text)


def cases(make) -> list:
    """``pytest.param(name, *values, id="name-...")`` for each example and each tuple ``make(its reference)`` gives."""
    return [pytest.param(name, *values, id="-".join([name, *map(str, values)]))
            for name, ref in REFERENCES.items() for values in make(ref)]


ROUTINE_CASES = cases(lambda ref: [(model, routine) for model, routines in ref.ROUTINES.items()
                                   for routine in routines])
REFUSED_CASES = cases(lambda ref: list(ref.REFUSED))
BAD_CASES = cases(lambda ref: [(case.name,) for case in ref.BAD_INPUTS])

# The costly cases (about 0.75 s or more on 2 busy cores), deselected unless --slow (tests/conftest.py): most
# commands on sliding_tile build its 181,440 states; rush_hour's hard board, hanoi's 8 discs, lights_out's 4 x 4
# board, knight's 40 x 40 board with the last jump, the naive sokoban model, the pocket cube's 29,160 cubes of R and
# U (built whole by some routines) and the random runs take a second or more; every drawing loads matplotlib.  Each
# example keeps fast tests (the brute force, bad inputs, ...).
SLOW_EXAMPLES = {
    "test_expected_is_the_brute_force_answer": {"rush_hour"},
    "test_solve_prints_expected": {"hanoi", "lights_out", "rush_hour", "sliding_tile"},
    "test_verify_confirms_every_answer": {"lights_out", "pocket_cube", "rush_hour", "sliding_tile"},
    "test_check_accepts_expected_and_catches_edited_answers": {"lights_out", "pocket_cube", "rush_hour",
                                                               "sliding_tile"},
    "test_random_instances_agree_with_the_brute_force": {"hanoi", "lights_out", "pocket_cube", "rush_hour",
                                                         "sliding_tile", "sokoban", "water_jug"},
    "test_explain_tells_the_brute_force_s_way": {"lights_out", "rush_hour", "sliding_tile"},
    "test_draw_pictures_the_way_and_the_state_graph": {name for name in NAMES if REFERENCES[name].VIEWS.drawn},
    "test_export_then_search_finds_the_brute_force_s_way": {"rush_hour", "sliding_tile"},
}
SLOW_MODELS = {("hanoi", "last_disc"), ("knight", "cell_last_jump"), ("lights_out", "lights"),
               ("pocket_cube", "face_turns"), ("rush_hour", "slides"), ("sokoban", "player_boxes")}  # by every routine
SLOW_CASES = {f"{test}[{name}]" for test, names in SLOW_EXAMPLES.items() for name in names} | {
    f"test_every_routine_prints_the_brute_force_s_answers[{case.id}]" for case in ROUTINE_CASES
    if tuple(case.values[:2]) in SLOW_MODELS} | {
    "test_rush_hour_compare_shows_one_cell_steps_count_cells", "test_sliding_tile_a_better_bound_settles_fewer_states",
    "test_sokoban_the_big_room_is_past_the_naive_state_limit", "test_sokoban_the_naive_model_draws_the_player_s_walk"}


@pytest.fixture(scope="session")
def folders(tmp_path_factory):
    """``folders(name)``: the session's copy of ``examples/NAME`` (made on first use; the tests only read it)."""
    made = {}

    def folder(name: str) -> Path:
        if name not in made:
            made[name] = copy_of(tmp_path_factory, name)
        return made[name]

    return folder


def stategraph(folder: Path, *args):
    return run_in(folder, *args, separate=False)  # in this process: nothing here is about the process itself


def puzzle_in(folder: Path):
    """The example's puzzle object, loaded from the copy of its folder as its config names it."""
    from stategraph.puzzles import load_plugin

    return load_plugin(yaml.safe_load((folder / "puzzle.yaml").read_text())["puzzle"], str(folder))


def ids_in(svg: Path) -> set:
    return {element.get("id") for element in ET.parse(svg).getroot().iter()}


# ---------------------------------------------------------------------------------------------------------------
# The rules every example holds


@pytest.mark.parametrize("name", NAMES)
def test_expected_is_the_brute_force_answer(name):
    ref = REFERENCES[name]
    answered = set()
    for given, answers in expected_files(name).items():
        assert brute(name, read(name, given)) == read(name, answers), given
        answered |= set(read(name, answers).splitlines())
    assert set(ref.SAMPLE_ANSWERS) <= answered  # the cases that matter


@pytest.mark.parametrize("name", NAMES)
def test_solve_prints_expected(name, folders):
    for given, answers in expected_files(name).items():
        done = stategraph(folders(name), "solve", "--config", "puzzle.yaml", given)
        assert (done.status, done.err, done.out) == (0, "", read(name, answers)), given


def expected_files(name: str) -> dict[str, str]:
    """The example's inputs with their expected outputs (input.txt's is expected.txt)."""
    return getattr(REFERENCES[name], "EXPECTED_FILES", {"input.txt": "expected.txt"})


@pytest.mark.parametrize("name, model, routine", ROUTINE_CASES)
def test_every_routine_prints_the_brute_force_s_answers(name, model, routine, folders, tmp_path):
    """Each routine that applies, with each model that answers right (on a smaller input where input.txt would
    build a graph too large to build again and again: ``routine_input``)."""
    text = getattr(REFERENCES[name], "routine_input", lambda model, text: text)(model, read(name))
    given = tmp_path / "input.txt"
    given.write_text(text)
    done = stategraph(folders(name), "solve", "--config", "puzzle.yaml", "-m", model, "-a", routine, given)
    assert (done.status, done.err, done.out) == (0, "", brute(name, text))


@pytest.mark.parametrize("name, model, routine", REFUSED_CASES)
def test_a_routine_that_does_not_apply_is_refused_in_one_line(name, model, routine, folders):
    done = stategraph(folders(name), "solve", "--config", "puzzle.yaml", "-m", model, "-a", routine, "input.txt")
    assert (done.status, done.out) == (2, "")
    assert done.err.startswith("stategraph: error: ") and done.err.count("\n") == 1
    assert REFERENCES[name].REFUSED[model, routine] in done.err


@pytest.mark.parametrize("name", NAMES)
def test_verify_confirms_every_answer(name, folders):
    # verify's time budget (60 s by default) is lifted: the rule is about the answers, not the machine's speed
    done = stategraph(folders(name), "solve", "--config", "puzzle.yaml", "--verify", "--set",
                      "verify.max_seconds=100000000", "input.txt")
    questions = len(REFERENCES[name].instances(read(name)))
    assert (done.status, done.out) == (0, read(name, "expected.txt"))
    assert done.err == f"stategraph: verified {questions} answers: {questions} confirmed\n"


@pytest.mark.parametrize("name", NAMES)
def test_check_accepts_expected_and_catches_edited_answers(name, folders, tmp_path):
    """``check --strict`` takes expected.txt; an edited copy is told answer by answer (illegal moves, a way that
    ends short of the goal, a longer way, a claim of no way), the answers that stay right ``ok``."""
    questions = len(REFERENCES[name].instances(read(name)))
    done = stategraph(folders(name), "check", "--config", "puzzle.yaml", "--strict", "input.txt", "expected.txt")
    assert done.status == 0, done.err
    assert done.err.splitlines()[-1] == f"stategraph: checked {questions} answers: {questions} ok, 0 with a problem"
    lines, wanted = REFERENCES[name].edited(read(name, "expected.txt").splitlines())
    (tmp_path / "edited.txt").write_text("\n".join(lines) + "\n")
    done = stategraph(folders(name), "check", "--config", "puzzle.yaml", "input.txt", tmp_path / "edited.txt")
    told = [line for line in done.err.splitlines() if not line.endswith(": ok")]
    assert done.status == 3 and len(told) == len(wanted), done.err
    assert all(says(line, want) for line, want in zip(told, wanted)), (told, wanted)


@pytest.mark.parametrize("name, case", BAD_CASES)
def test_bad_input_is_one_positioned_line(name, case, folders, tmp_path):
    """The answers before the bad question are printed, then one line naming the file, line and column."""
    bad = next(bad for bad in REFERENCES[name].BAD_INPUTS if bad.name == case)
    (tmp_path / "bad.txt").write_text(bad.text)
    done = stategraph(folders(name), "solve", "--config", "puzzle.yaml", tmp_path / "bad.txt")
    answered = brute(name, bad.before) if bad.before else ""
    assert (done.status, done.out) == (2, answered)
    assert done.err == f"stategraph: error: {tmp_path / 'bad.txt'}:{bad.message}\n"


@pytest.mark.parametrize("name", NAMES)
def test_random_instances_agree_with_the_brute_force(name, folders, tmp_path):
    """The example's ``random_instance`` questions, all in one file, by ``compare``: every right and wasteful model
    prints the brute force's answers; a wrong model is caught (``agrees`` false where its answer differs, and
    ``compare`` exits 3); a wasteful model has more states, never fewer; the counts the reference knows hold."""
    ref, folder = REFERENCES[name], folders(name)
    run, rng, puzzle = ref.RANDOM, random.Random(ref.RANDOM.seed), puzzle_in(folder)
    text = ref.join([puzzle.random_instance(rng, size) for size in run.sizes])
    questions = ref.instances(text)
    answers = brute(name, text).splitlines(keepends=True)
    assert len(questions) == len(run.sizes) and len(set(answers)) >= run.distinct
    if run.no_way:  # solvable questions and not
        assert ref.line(None, None) + "\n" in answers and len(set(answers)) > 1
    (tmp_path / "random.txt").write_text(text)
    if run.verify or not run.compare:
        verify = ["--verify"] if run.verify else []
        done = stategraph(folder, "solve", "--config", "puzzle.yaml", "-a", run.algorithm, *verify,
                          tmp_path / "random.txt")
        assert (done.status, done.out) == (0, "".join(answers))
        confirmed = f"stategraph: verified {len(answers)} answers: {len(answers)} confirmed\n"
        assert done.err == (confirmed if verify else "")
    if not run.compare:
        return
    done = stategraph(folder, "compare", "--config", "puzzle.yaml", "-a", run.algorithm, "--format", "json",
                      tmp_path / "random.txt")
    wrong = [model for model, kind in ref.MODELS.items() if kind == WRONG]
    assert done.status == (3 if wrong else 0), done.err
    rows = {(row["instance"], row["model"]): row for row in map(json.loads, done.out.splitlines())}
    assert set(rows) == set(product(range(1, len(questions) + 1), ref.MODELS))
    census = getattr(ref, "census", lambda question, model: {})
    for number, (question, answer) in enumerate(zip(questions, answers), start=1):
        for model, kind in ref.MODELS.items():
            row = rows[number, model]
            assert row["agrees"] is (row["output"] == answer) and (kind == WRONG or row["agrees"]), (model, question)
            wanted = {key: "-" if value is None else str(value) if key == "cost" else value
                      for key, value in census(question, model).items()}
            assert {key: row[key] for key in wanted} == wanted, (model, question)
    first, numbers = next(iter(ref.MODELS)), range(1, len(questions) + 1)
    for model in wrong:
        assert sum(rows[n, model]["output"] != answers[n - 1] for n in numbers) >= run.caught, model
    for model in (model for model, kind in ref.MODELS.items() if kind == WASTEFUL):
        assert all(rows[n, model]["states"] >= rows[n, first]["states"] for n in numbers), model
        assert sum(rows[n, model]["states"] > rows[n, first]["states"] for n in numbers) >= run.more, model


def viewed(name: str, tmp_path: Path) -> tuple:
    """The input the views show (written to ``tmp_path``), and the brute force's ``(cost, moves)`` of each question."""
    views = REFERENCES[name].VIEWS
    text = read(name) if views.text is None else views.text
    (tmp_path / "shown.txt").write_text(text)
    return tmp_path / "shown.txt", [REFERENCES[name].solution(q) for q in REFERENCES[name].instances(text)]


@pytest.mark.parametrize("name", NAMES)
def test_explain_tells_the_brute_force_s_way(name, folders, tmp_path):
    """``explain``'s answer is the brute force's, step by step: one step a unit of cost, the moves its moves."""
    ref, views = REFERENCES[name], REFERENCES[name].VIEWS
    shown, solutions = viewed(name, tmp_path)
    cost, moves = solutions[views.instance - 1]
    done = stategraph(folders(name), "explain", "--config", "puzzle.yaml", shown, "--instance", views.instance,
                      "--format", "json")
    assert done.status == 0, done.err
    told = json.loads(done.out)
    assert told["output"] == ref.line(cost, moves) + "\n" and len(told["steps"]) == cost
    if moves is not None:
        assert [step["move"] for step in told["steps"]] == moves
    if views.first_step:
        assert told["steps"][0]["text"] == views.first_step
    if views.last_picture:
        assert told["steps"][-1]["picture"] == views.last_picture


DRAWN = [name for name in NAMES if REFERENCES[name].VIEWS.drawn]


@pytest.mark.parametrize("name", DRAWN)
def test_draw_pictures_the_way_and_the_state_graph(name, folders, tmp_path):
    """``draw``: the way (an SVG with what the example draws), its animation (a frame a step, and the start), and
    the state graph with the canonical path."""
    pytest.importorskip("matplotlib")
    from PIL import Image

    views, folder = REFERENCES[name].VIEWS, folders(name)
    shown, solutions = viewed(name, tmp_path)
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", shown, "--instance", views.instance,
                      "-o", tmp_path / "way.svg", "--animate", tmp_path / "way.gif")
    assert done.status == 0, done.err
    assert ET.parse(tmp_path / "way.svg").getroot().tag.endswith("svg")
    ids = ids_in(tmp_path / "way.svg")
    assert views.drawn_ids <= ids and not views.absent_ids & ids, ids
    with Image.open(tmp_path / "way.gif") as gif:
        assert gif.n_frames == solutions[views.instance - 1][0] + 1
    done = stategraph(folder, "draw", "--config", "puzzle.yaml", shown, "--instance", views.graph_instance, "--graph",
                      "-o", tmp_path / "graph.svg")
    assert done.status == 0 and "canonical-path" in ids_in(tmp_path / "graph.svg"), done.err


@pytest.mark.parametrize("name", NAMES)
def test_export_then_search_finds_the_brute_force_s_way(name, folders, tmp_path):
    """The exported state graph (GraphML), searched again by ``search``: the brute force's cost and moves."""
    views, folder = REFERENCES[name].VIEWS, folders(name)
    shown, solutions = viewed(name, tmp_path)
    cost, moves = solutions[views.graph_instance - 1]
    done = stategraph(folder, "export", "--config", "puzzle.yaml", shown, "--instance", views.graph_instance,
                      *views.export, "-o", tmp_path / "graph.graphml")
    assert done.status == 0, done.err
    done = stategraph(folder, "search", tmp_path / "graph.graphml")
    assert done.status == 0, done.err
    lines = done.out.splitlines()
    path = [line.split("\t") for line in lines[1:]]  # step, move, state; the start first
    assert lines[0] == f"cost: {cost}" and len(path) == cost + 1 and path[0][:2] == ["0", "-"]
    if moves is not None:
        assert [move for _, move, _ in path[1:]] == moves
    assert [state for _, _, state in path[:len(views.path_states)]] == list(views.path_states)


DOCTESTED = [name for name in NAMES if ">>>" in read(name, f"{name}.py")]


@pytest.mark.parametrize("name", DOCTESTED)
def test_the_module_s_doctests_hold(name, folders):
    module = sys.modules[type(puzzle_in(folders(name))).__module__]
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


# ---------------------------------------------------------------------------------------------------------------
# The brute forces hold to what is known


def test_hanoi_brute_force_knows_the_classic_moves():
    """n discs from one peg to another: 2^n - 1 moves, the smallest disc every other move."""
    for n in range(1, 9):
        cost, moves = hanoi.solution(("A" * n, "C" * n))
        assert cost == 2 ** n - 1 and all(move.startswith("1 ") for move in moves[::2])
    assert len(hanoi.distances(hanoi.stacks("AAAA"))) == 3 ** 4  # every placement is reached
    assert all(hanoi.placement(hanoi.stacks(p)) == p for p in map("".join, product(hanoi.PEGS, repeat=4)))


def test_lights_out_brute_force_knows_the_classic_boards():
    """3 x 3 all on: the four corners and the centre; 5 x 5 all on: 15 presses, 4 ways; a 4 x 4 board's buttons
    span 2^12 of its 2^16 patterns, and a corner light alone is not among them."""
    assert lights_out.line(*lights_out.solution(["111"] * 3)) == "5 (1,1) (1,3) (2,2) (3,1) (3,3)"
    assert lights_out.solution(["11111"] * 5)[0] == 15 and len(list(lights_out.solutions(["11111"] * 5))) == 4
    assert (lights_out.rank(["1111"] * 4), lights_out.rank(["11111"] * 5)) == (12, 23)
    assert lights_out.solution(["1000", "0000", "0000", "0000"]) == (None, None)


def test_river_crossing_brute_force_knows_the_puzzle():
    """11 crossings for 3 pairs and a boat of 2, none for 4; a boat of 3 takes 5 pairs, not 6; a boat of 4 takes
    any number, a boat of 1 none.  Without the boat, 4 pairs cross (the wrong model's answer where none can)."""
    cost = {(pairs, seats): river_crossing.solution((pairs, seats))[0]
            for pairs in range(1, 12) for seats in (1, 2, 3, 4)}
    assert (cost[3, 2], cost[4, 2], cost[6, 3]) == (11, None, None) and cost[5, 3] is not None
    assert all(cost[pairs, 4] is not None for pairs in range(1, 12))
    assert all(cost[pairs, 1] is None for pairs in range(1, 5))
    assert river_crossing.boatless_crossings((4, 2)) is not None


def test_rush_hour_brute_force_knows_the_sample():
    """By hand: C left one frees B's way down, B down two clears row 2, X drives three to the edge: 6 cells."""
    board = ("AA.B.", "XX.B.", ".CCC#", ".....")
    assert rush_hour.line(*rush_hour.solution(board)) == "3 C-1 B+2 X+3" and rush_hour.cells_driven(board) == 6


def test_sokoban_brute_force_knows_the_sample():
    """By hand: each box needs two pushes, one down a row and one along it to its goal; boxes in corners, none."""
    assert sokoban.fewest_pushes(["######", "#.@..#", "#.$$.#", "#o..o#", "######"]) == 4
    assert sokoban.fewest_pushes(["#####", "#$..#", "#.@.#", "#$oo#", "#####"]) is None


def test_sliding_tile_brute_force_knows_the_8_puzzle():
    """181,440 solvable boards, the farthest 31 slides away (two of them): the 8-puzzle's known facts."""
    table = sliding_tile.depth()
    assert len(table) == 181_440
    assert sorted(board for board, d in table.items() if d == 31) == [(6, 4, 7, 8, 5, 0, 3, 2, 1),
                                                                      (8, 6, 7, 2, 5, 4, 3, 0, 1)]


# ---------------------------------------------------------------------------------------------------------------
# What one example alone holds


def test_hanoi_sample_has_an_answer_chosen_by_the_tie_break():
    questions = hanoi.instances(read("hanoi"))
    assert [(s, g) for s, g in questions if len(s) <= 4 and hanoi.optimal_paths(s, g) > 1]


def test_hanoi_positions_draw_the_sierpinski_triangle(folders):
    """``position``: every placement its own point, every move a short edge (at most 2 apart), the three towers
    at the corners: the Sierpinski triangle."""
    puzzle = puzzle_in(folders("hanoi"))
    rules = puzzle.model("pegs").rules_of(puzzle)
    for n in range(1, 6):
        placements = ["".join(p) for p in product(hanoi.PEGS, repeat=n)]
        question = (placements[0], placements[-1])
        where = {p: rules.position(question, p) for p in placements}
        assert len(set(where.values())) == 3 ** n
        for p in placements:
            for _, after in hanoi.neighbours(hanoi.stacks(p)):
                assert math.dist(where[p], where[hanoi.placement(after)]) <= 2, (p, hanoi.placement(after))
        top = 2 ** n - 1
        assert (where["A" * n], where["B" * n], where["C" * n]) == ((0, top), (top, 0), (top, 2 * top))


def test_keys_doors_compare_tells_the_cell_alone_is_wrong_on_the_sample(folders):
    done = stategraph(folders("keys_doors"), "compare", "--config", "puzzle.yaml", "--format", "json", "input.txt")
    rows = [json.loads(line) for line in done.out.splitlines()]
    wrong = {row["instance"] for row in rows if row["model"] == "cell_only" and row["agrees"] is False}
    right = {row["instance"] for row in rows if row["model"] == "cell_keys" and row["agrees"] is True}
    assert done.status == 3 and right == {1, 2, 3, 4, 5} and {1, 2} <= wrong


def test_lights_out_the_exported_graph_has_every_press_s_way_back(folders, tmp_path):
    """The 2 x 2 board's pattern graph (JSON): 16 patterns, 4 presses each, every press undone by itself."""
    folder = folders("lights_out")
    done = stategraph(folder, "export", "--config", "puzzle.yaml", "input.txt", "--instance", "6",
                      "-o", tmp_path / "g.json")
    assert done.status == 0, done.err
    done = stategraph(folder, "search", tmp_path / "g.json")
    assert (done.status, done.out.splitlines()[0]) == (0, f"cost: {lights_out.solution(['10', '00'])[0]}")
    edges = {(e["source"], e["target"], e["move"]) for e in json.loads((tmp_path / "g.json").read_text())["edges"]}
    assert len(edges) == 16 * 4 and all((v, u, move) in edges for u, v, move in edges)


def test_rush_hour_the_small_boards_solve_as_the_brute_force_says(folders, tmp_path):
    """The three small boards of input.txt (the hard board alone takes about half a second): one solved, one
    already out, one that cannot be."""
    boards = rush_hour.instances(read("rush_hour"))[:3]
    small = "".join(f"{len(board)} {len(board[0])}\n" + "\n".join(board) + "\n" for board in boards) + "0 0\n"
    (tmp_path / "small.txt").write_text(small)
    done = stategraph(folders("rush_hour"), "solve", "--config", "puzzle.yaml", tmp_path / "small.txt")
    assert (done.status, done.err, done.out) == (0, "", brute("rush_hour", small))
    assert done.out.split("\n")[1:3] == ["0", "-1"]


def test_rush_hour_compare_shows_one_cell_steps_count_cells(folders):
    """On input.txt, one-cell steps are wrong on the boards where a car drives more than one cell in a slide of
    the answer, over the same states and fewer edges."""
    done = stategraph(folders("rush_hour"), "compare", "--config", "puzzle.yaml", "--format", "json", "-a", "bfs",
                      "input.txt")
    rows = {(row["model"], row["instance"]): row for row in map(json.loads, done.out.splitlines())}
    wrong = {number for (model, number), row in rows.items() if model == "steps" and row["agrees"] is False}
    assert wrong == {1, 4, 5} and done.status == 3
    assert all(rows["slides", n]["agrees"] for n in range(1, 6))
    for number, board in enumerate(rush_hour.instances(read("rush_hour")), start=1):
        slides, steps = rows["slides", number], rows["steps", number]
        assert slides["states"] == steps["states"] and steps["edges"] <= slides["edges"]
        cells = rush_hour.cells_driven(board)
        assert steps["cost"] == ("-" if cells is None else str(cells))


def test_sliding_tile_a_better_bound_settles_fewer_states(folders, tmp_path):
    """Every routine prints the brute force's answer.  Manhattan distance >= misplaced tiles, both admissible:
    A* settles fewer states with it, and both fewer than Dijkstra and BFS, which settle every board nearer the
    start than the solved one (a board 16 slides away: BFS settles 11,764 boards, not input.txt's 140,135)."""
    board = (1, 3, 5, 4, 7, 8, 0, 2, 6)
    (tmp_path / "one.txt").write_text("1 3 5\n4 7 8\n0 2 6\n")
    settled = {}
    for model, algorithm in (("manhattan", "bfs"), ("manhattan", "dijkstra"), ("manhattan", "astar"),
                             ("misplaced", "astar")):
        done = stategraph(folders("sliding_tile"), "solve", "--config", "puzzle.yaml", "-m", model, "-a", algorithm,
                          "--stats", tmp_path / "one.txt")
        assert done.status == 0, done.err
        assert done.out == sliding_tile.line(*sliding_tile.solution(board)) + "\n", (model, algorithm)
        header, row = done.err.splitlines()
        stats = dict(zip(header.split(), row.split()))
        assert int(stats["states_built"]) <= 181440  # the declared profile: a search builds what it reaches
        settled[model, algorithm] = int(stats["settled"])
    nearer = sliding_tile.nearer_than(board, sliding_tile.solution(board)[0])
    assert settled["manhattan", "astar"] < settled["misplaced", "astar"] < settled["manhattan", "dijkstra"]
    assert nearer <= settled["manhattan", "bfs"] == settled["manhattan", "dijkstra"]


def test_sokoban_the_sample_and_a_state_limit_are_one_line_each(folders, tmp_path):
    (tmp_path / "sample.txt").write_text(sokoban.SAMPLE + "0 0\n")
    done = stategraph(folders("sokoban"), "solve", "--config", "puzzle.yaml", tmp_path / "sample.txt")
    assert (done.status, done.err, done.out) == (0, "", brute("sokoban", sokoban.SAMPLE + "0 0\n"))
    done = stategraph(folders("sokoban"), "solve", "--config", "puzzle.yaml", "-m", "player_boxes", "--set",
                      "limits.max_states=100", tmp_path / "sample.txt")
    assert (done.status, done.out) == (2, "")
    assert done.err.startswith("stategraph: error: sokoban model player_boxes: instance 1: the state graph passed "
                               "limits.max_states = 100: state ") and done.err.count("\n") == 1


def test_sokoban_the_big_room_is_past_the_naive_state_limit(folders):
    """big.txt: the naive model passes the default limit of 200,000 states; the push model solves it."""
    done = stategraph(folders("sokoban"), "solve", "--config", "puzzle.yaml", "-m", "player_boxes", "big.txt")
    assert (done.status, done.out) == (2, "")
    assert done.err == ("stategraph: error: sokoban model player_boxes: instance 1: the state graph passed "
                        "limits.max_states = 200000: state ((5, 11), ((2, 9), (10, 4))), the 200,001st, was reached "
                        "from state ((5, 10), ((2, 9), (10, 4))) by move 'e'; raise the limit with --set "
                        "limits.max_states=N\n")
    done = stategraph(folders("sokoban"), "solve", "--config", "puzzle.yaml", "big.txt")
    assert (done.status, done.err, done.out) == (0, "", brute("sokoban", read("sokoban", "big.txt")))


def test_sokoban_dead_squares_are_dead(folders):
    """Every cell the example marks dead is one from which a lone box reaches no goal, in 24 random rooms and in
    the input; a cell on no goal in a corner is always one."""
    puzzle, rng = puzzle_in(folders("sokoban")), random.Random(7)
    texts = [puzzle.random_instance(rng, size) for size in [1, 2, 3] * 8] + [read("sokoban")]
    marked = 0
    for text in texts:
        for room, parsed in zip(sokoban.instances(text), puzzle.parse(text)):
            dead = parsed.value.cells("x")
            marked += len(dead)
            assert not any(sokoban.lone_box_reaches_a_goal(room, (r - 1, c - 1)) for r, c in dead), room
            corners = [(r, c) for r, line in enumerate(room, start=1) for c, ch in enumerate(line, start=1)
                       if ch in ".@$" and any(room[r - 1 + dr][c - 1] == "#" == room[r - 1][c - 1 + dc]
                                              for dr in (-1, 1) for dc in (-1, 1))]
            assert set(corners) <= set(dead), room
    assert marked > 100


def test_sokoban_the_naive_model_draws_the_player_s_walk(folders, tmp_path):
    """The push model draws no walk of the player (its states keep none); the naive model draws it too."""
    pytest.importorskip("matplotlib")
    done = stategraph(folders("sokoban"), "draw", "--config", "puzzle.yaml", "input.txt", "-m", "player_boxes",
                      "-o", tmp_path / "walk.svg")
    assert done.status == 0, done.err
    assert {"box-path-1", "route-path", "start"} <= ids_in(tmp_path / "walk.svg")


def test_water_jug_a_state_limit_is_one_line(folders, tmp_path):
    (tmp_path / "big.txt").write_text("1\n40000 39998 1\n")  # c = 1 cannot be measured: every state is reached
    done = stategraph(folders("water_jug"), "solve", "--config", "puzzle.yaml", "--set", "limits.max_states=1000",
                      tmp_path / "big.txt")
    assert (done.status, done.out) == (2, "")
    assert done.err.startswith("stategraph: error: water_jug model contents: instance 1: the state graph passed "
                               "limits.max_states = 1000: state ")
    assert "the 1,001st" in done.err and done.err.count("\n") == 1
