"""``stategraph grade`` (issue 32): students' puzzles and routines held against a reference, by the command line.

The students are planted in ``tests/grading/`` (named ``module:Class`` or ``module:function``, run
from a scratch copy of that folder) or are the examples' own wrong models (a config naming the
model, written into a scratch copy of the example).  What grade reports is held to what other
commands say about the same text, never to grade's own comparison: ``stategraph check`` with the
reference judges the student's answer on the reported counterexample (the reference's checker,
or for a first-level puzzle its rules replayed and a separate search), ``solve`` with each side
prints the answers the report shows, the instance reported is the one the reference's
``random_instance`` draws for that seed and number, and the replay line gives the same verdict.
"""

from __future__ import annotations

import html
import importlib.util
import json
import random
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from cli_runner import Result, run_cli
from example_folders import EXAMPLES
from stategraph import get_puzzle

GRADING = Path(__file__).resolve().parent / "grading"

# every puzzle with a generator, graded against itself: (the example folder, or None for a built-in;
# the reference as the command line names it; options).  Where one instance is a large graph, fewer and
# smaller instances: boards of at most 3 x 3 lights (a 4 x 4 board has 65,536 patterns) and 5 x 5 cells
# (a 6 x 6 Rush Hour board with eight cars has tens of thousands of states).  The 8-puzzle, where each
# instance explores all 181,440 boards (about 4 s a side), is graded once, in OTHER_RIGHT: its second
# model against this reference.
RIGHT = {
    "pushing_boxes": (None, "pushing_boxes", ()),
    "huarong": (None, "huarong", ()),
    "arrow_maze": (None, "arrow_maze", ()),
    "hanoi": ("hanoi", "puzzle.yaml", ()),
    "ice_maze": ("ice_maze", "puzzle.yaml", ()),
    "keys_doors": ("keys_doors", "puzzle.yaml", ()),
    "knight": ("knight", "puzzle.yaml", ()),
    "lights_out": ("lights_out", "puzzle.yaml", ("--max-size", "1", "--instances", "40")),
    "river_crossing": ("river_crossing", "puzzle.yaml", ()),
    "rush_hour": ("rush_hour", "puzzle.yaml", ("--max-size", "2", "--instances", "40")),
    "sokoban": ("sokoban", "puzzle.yaml", ()),
    "water_jug": ("water_jug", "puzzle.yaml", ()),
}

# planted wrong models: (the example folder or None, the reference, the student: module:Class or a model of
# the example, the largest size its smallest counterexample may have)
WRONG = {
    "pushing_boxes-forgets_side": (None, "pushing_boxes", "pushing_boxes_forgets_side:ForgetsSide", 5),
    "arrow_maze-forgets_heading": (None, "arrow_maze", "arrow_maze_forgets_heading:ForgetsHeading", 1),
    "huarong-blank_through": (None, "huarong", "huarong_blank_through:BlankThroughPiece", 1),
    "keys_doors-cell_only": ("keys_doors", "puzzle.yaml", "cell_only", 1),
    "river_crossing-no_boat": ("river_crossing", "puzzle.yaml", "no_boat", 1),
    "rush_hour-steps": ("rush_hour", "puzzle.yaml", "steps", 1),
}

SLOW_CASES = {  # every test but the quickest: each grades in child processes of its own
    "test_the_right_model_agrees_with_itself",
    "test_another_right_model_agrees",
    "test_a_wrong_model_is_caught_and_shrunk",
    "test_an_off_by_one_routine_is_caught",
    "test_a_budget_overrun_or_a_fault_is_a_verdict",
    "test_several_students_at_once_are_graded_as_one_by_one",
    "test_the_replay_line_gives_the_same_grade",
    "test_the_page_opens_in_chromium_with_both_sides",
    "test_exact_also_holds_the_bytes",
    "test_a_fault_outranks_a_counterexample",
    "test_the_guide_shows_what_the_command_prints",
    "test_a_student_that_does_not_load_is_one_line",
    "test_the_record_holds_what_an_autograder_needs",
    "test_a_reference_without_a_generator_is_one_line",
    "test_the_paths_and_the_page_are_of_the_question_they_disagree_on",
}


def scratch(tmp_path: Path, example: str | None) -> Path:
    """A folder to grade in: a copy of ``examples/EXAMPLE`` (or a new one) holding the students of tests/grading."""
    folder = tmp_path / (example or "grading")
    if example is None:
        folder.mkdir(parents=True)
    else:
        shutil.copytree(EXAMPLES / example, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for student in GRADING.glob("*.py"):
        shutil.copy(student, folder)
    return folder


def with_model(folder: Path, config: str, model: str) -> str:
    """A config beside ``config`` naming ``model`` instead (the rest the same); its file name."""
    settings = yaml.safe_load((folder / config).read_text())
    settings["model"] = model
    (folder / f"{model}.yaml").write_text(yaml.safe_dump(settings))
    return f"{model}.yaml"


def stategraph(folder: Path, *args) -> Result:
    """``stategraph ARGS`` in ``folder``, in this process (nothing here is about the grader's own process:
    grade starts a fresh interpreter per side all the same, tests/test_grade_isolation.py holds what a
    child can reach)."""
    return run_cli(*args, cwd=folder, env={"STATEGRAPH_DEBUG": None, "PYTHONPATH": None})


def graded(folder: Path, *args) -> tuple[Result, list[dict]]:
    """``stategraph grade ARGS --format json``: the result and its records."""
    done = stategraph(folder, "grade", *args, "--format", "json")
    return done, [json.loads(line) for line in done.out.splitlines()]


def outputs(side: dict) -> str:
    """A side's answers as ``solve`` prints them."""
    return "".join(answer["output"] for answer in side["answers"])


def side_args(spec: str) -> list[str]:
    """How ``solve`` and ``check`` name what ``grade`` names ``spec``."""
    return ["--config", spec] if spec.endswith(".yaml") else [spec]


def drawn(reference: str, folder: Path, number: int, size: int, seed: int = 0) -> str:
    """Instance ``number`` of ``seed`` at ``size`` as the reference's generator draws it (``Random(f"{seed}/{k}")``)."""
    if reference.endswith(".yaml"):
        module, name = yaml.safe_load((folder / reference).read_text())["puzzle"].split(":")
        spec = importlib.util.spec_from_file_location(f"graded_reference_{module}", folder / f"{module}.py")
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = loaded  # a dataclass looks its module up
        try:
            spec.loader.exec_module(loaded)
        finally:
            del sys.modules[spec.name]
        puzzle = getattr(loaded, name)()
    else:
        puzzle = get_puzzle(reference)
    return puzzle.random_instance(random.Random(f"{seed}/{number}"), size)


# the right model against itself ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", RIGHT)
def test_the_right_model_agrees_with_itself(name, tmp_path):
    example, reference, extra = RIGHT[name]
    folder = scratch(tmp_path, example)
    done = stategraph(folder, "grade", reference, "--reference", reference, *extra, "--max-seconds", "300")
    options = dict(zip(extra[::2], extra[1::2]))
    instances, max_size = options.get("--instances", "200"), options.get("--max-size", "6")
    assert (done.status, done.err) == (0, ""), done.out[-3000:]
    code = ""  # the files the student's code came from: the config and the module its puzzle names
    if example is not None:
        module = yaml.safe_load((folder / reference).read_text())["puzzle"].partition(":")[0]
        code = f"  student's code: {reference}, {module}.py\n"
    assert done.out == (f"{reference}: agrees with {reference} on {instances} instances (seed 0, sizes 1..{max_size})"
                        f"\n{code}")


# the puzzles' other right models (the naive ones, the wasteful ones): larger graphs, the same costs, on fewer instances
OTHER_RIGHT = {
    "pushing_boxes-box_player": (None, "pushing_boxes", "box_player", ()),
    "huarong-piece_blank": (None, "huarong", "piece_blank", ()),
    "hanoi-last_disc": ("hanoi", "puzzle.yaml", "last_disc", ()),
    "ice_maze-cell_heading": ("ice_maze", "puzzle.yaml", "cell_heading", ()),
    "knight-cell_last_jump": ("knight", "puzzle.yaml", "cell_last_jump", ()),
    "lights_out-presses": ("lights_out", "puzzle.yaml", "presses", ("--max-size", "1")),
    "sliding_tile-misplaced": ("sliding_tile", "puzzle.yaml", "misplaced", ("--instances", "1")),
    "sokoban-player_boxes": ("sokoban", "puzzle.yaml", "player_boxes", ("--max-size", "3")),
}


@pytest.mark.parametrize("name", OTHER_RIGHT)
def test_another_right_model_agrees(name, tmp_path):
    example, reference, model, extra = OTHER_RIGHT[name]
    folder = scratch(tmp_path, example)
    if example is None:
        (folder / "reference.yaml").write_text(f"puzzle: {reference}\n")
        student = with_model(folder, "reference.yaml", model)
    else:
        student = with_model(folder, reference, model)
    done, [record] = graded(folder, student, "--reference", reference, "--instances", "60", *extra,
                            "--max-seconds", "300")
    assert (done.status, record["verdict"], record["first"]) == (0, "agrees", None), record["first"]


# planted wrong models ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", WRONG)
def test_a_wrong_model_is_caught_and_shrunk(name, tmp_path):
    example, reference, student, largest = WRONG[name]
    folder = scratch(tmp_path, example)
    if example is not None:
        student = with_model(folder, reference, student)
    done, [record] = graded(folder, student, "--reference", reference, "-o", "case.txt")
    assert done.status == 3, done.err
    first, smallest = record["first"], record["smallest"]
    assert (record["verdict"], record["status"], record["student"]) == ("disagrees", 3, student)
    assert smallest["size"] <= min(largest, first["size"])
    assert first["text"] == drawn(reference, folder, first["number"], first["size"])  # the seed and number replay it
    assert (folder / "case.txt").read_text() == smallest["text"]
    # the reference reads the case, its answer holds (--verify) and is the one reported; the student's is too
    ours = stategraph(folder, "solve", *side_args(reference), "case.txt", "--verify")
    assert (ours.status, ours.out) == (0, outputs(smallest["reference"])), ours.err
    theirs = stategraph(folder, "solve", *side_args(student), "case.txt")
    assert (theirs.status, theirs.out) == (0, outputs(smallest["student"])), theirs.err
    # and the reference's judge finds the student's answer wrong: illegal, or not optimal
    (folder / "theirs.txt").write_text(theirs.out)
    judged = stategraph(folder, "check", *side_args(reference), "case.txt", "theirs.txt")
    assert judged.status == 3, judged.err


def test_exact_also_holds_the_bytes(tmp_path):
    folder = scratch(tmp_path, None)
    student = "pushing_boxes_other_order:OtherOrder"  # every answer optimal, another tie-break
    done, [record] = graded(folder, student, "--reference", "pushing_boxes", "-n", "150")
    assert (done.status, record["verdict"]) == (0, "agrees")
    done, [record] = graded(folder, student, "--reference", "pushing_boxes", "-n", "150", "--exact", "-o", "case.txt")
    assert (done.status, record["verdict"]) == (3, "disagrees")
    ours = stategraph(folder, "solve", "pushing_boxes", "case.txt")
    theirs = stategraph(folder, "solve", student, "case.txt")
    assert ours.out != theirs.out
    (folder / "theirs.txt").write_text(theirs.out)
    judged = [stategraph(folder, "check", "pushing_boxes", "case.txt", "theirs.txt", *strict).status
              for strict in ((), ("--strict",))]
    assert judged == [0, 3]  # optimal, but not the canonical tie-break


# a routine of one's own --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reference", ["arrow_maze", "pushing_boxes", "huarong"])
def test_an_off_by_one_routine_is_caught(reference, tmp_path):
    folder = scratch(tmp_path, None)
    done, records = graded(folder, "off_by_one:first_move_twice", "off_by_one:dijkstra", "--routine",
                           "--reference", reference, "-o", "case.txt")
    assert done.status == 3, done.err
    wrong, right = records
    assert (wrong["verdict"], right["verdict"]) == ("disagrees", "agrees")
    assert "off_by_one:first_move_twice" in wrong["smallest"]["why"]
    # solve with the routine on the case: its distances do not hold (exit 3); the slip-free one prints the reference's
    ours = stategraph(folder, "solve", reference, "case.txt")
    assert stategraph(folder, "solve", reference, "-a", "off_by_one:first_move_twice", "case.txt").status == 3
    assert stategraph(folder, "solve", reference, "-a", "off_by_one:dijkstra", "case.txt").out == ours.out


# budgets and faults ------------------------------------------------------------------------------------------------

def misbehaving_line(word: str) -> int:
    """The line of tests/grading/misbehaving.py holding ``word``."""
    lines = (GRADING / "misbehaving.py").read_text().splitlines()
    return next(number for number, line in enumerate(lines, start=1) if word in line and line.lstrip()[:1] not in "\"#")


@pytest.mark.parametrize("student, verdict, status, seconds", [  # the hoarder has time to reach the memory cap
    ("misbehaving:Loops", "timeout", 3, "0.5"), ("misbehaving:Hoards", "memory", 3, "30"),
    ("misbehaving:Raises", "fault", 2, "2")])
def test_a_budget_overrun_or_a_fault_is_a_verdict(student, verdict, status, seconds, tmp_path):
    folder = scratch(tmp_path, None)
    done, [record] = graded(folder, student, "--reference", "huarong", "--max-seconds", seconds, "--max-memory", "512")
    assert (done.status, record["verdict"], record["status"]) == (status, verdict, status), done.err
    first = record["first"]
    # the students misbehave from three rows on: the first such board drawn, every one before it smaller
    assert first["text"] == drawn("huarong", folder, first["number"], first["size"])
    assert int(first["text"].split()[0]) >= 3
    sizes = [1 + (k - 1) * 6 // 200 for k in range(1, first["number"])]  # the schedule docs/cli.md states
    assert all(int(drawn("huarong", folder, k, size).split()[0]) < 3 for k, size in enumerate(sizes, start=1))
    if verdict == "fault":  # one line, the student's file and line, as solve reports a plug-in's fault
        line = misbehaving_line("// 0")
        assert done.err.count("\n") == 1
        assert done.err.startswith(f"stategraph: error: {student}: misbehaving.py:{line}: in __init__: "
                                   "ZeroDivisionError: "), done.err
    else:
        assert done.err == ""
        text = stategraph(folder, "grade", student, "--reference", "huarong", "--max-seconds", seconds,
                          "--max-memory", "512").out
        words = {"timeout": "timed out", "memory": "ran out of memory"}[verdict]
        assert text.startswith(f"{student}: {words} on instance {first['number']}, size {first['size']} (seed 0)")


def test_a_student_that_does_not_load_is_one_line(tmp_path):
    folder = scratch(tmp_path, None)
    (folder / "broken_syntax.py").write_text("def moves(self:\n")
    for student, words in (("nosuch:Puzzle", "nosuch.py"), ("misbehaving:Nope", "no class 'Nope'"),
                           ("broken_syntax:Puzzle", "SyntaxError")):
        done, [record] = graded(folder, student, "--reference", "huarong")
        assert (done.status, record["verdict"]) == (2, "fault")
        assert done.err.count("\n") == 1 and words in done.err and done.err.startswith("stategraph: error: ")


def test_a_fault_outranks_a_counterexample(tmp_path):
    folder = scratch(tmp_path, None)
    done, records = graded(folder, "huarong_blank_through:BlankThroughPiece", "misbehaving:Raises",
                           "--reference", "huarong")
    assert [r["status"] for r in records] == [3, 2]
    assert done.status == 2


def test_bad_options_are_one_line(tmp_path, stategraph_cli):
    for option in (("--instances", "0"), ("--max-seconds", "0"), ("--max-memory", "8"), ("--jobs", "-1")):
        done = stategraph_cli("grade", "huarong", "--reference", "huarong", *option, cwd=tmp_path)
        assert (done.status, done.out, done.err.count("\n")) == (2, "", 1), option


def test_a_reference_without_a_generator_is_one_line(tmp_path):
    folder = scratch(tmp_path, "student_bfs")  # its config names arrow_maze, which has one; a plug-in that has none:
    (folder / "counter.py").write_text(
        "from stategraph import COST, SuccessorPuzzle\n\n\n"
        "class Counter(SuccessorPuzzle):\n"
        "    name, summary, sample, output = 'counter', '0 to n by +1', '3\\n', COST\n\n"
        "    def read(self, tokens, limits):\n        return tokens.integer('n', 0, 9)\n\n"
        "    def start(self, n):\n        return 0\n\n"
        "    def is_goal(self, n, x):\n        return x == n\n\n"
        "    def moves(self, n, x):\n        yield '+1', x + 1, 1\n")
    done = stategraph(folder, "grade", "counter:Counter", "--reference", "counter:Counter")
    assert (done.status, done.out) == (2, "")
    assert done.err.count("\n") == 1 and "random_instance" in done.err


# the record, the case, the page, the replay ------------------------------------------------------------------------

def test_the_record_holds_what_an_autograder_needs(tmp_path):
    folder = scratch(tmp_path, "keys_doors")
    student = with_model(folder, "puzzle.yaml", "cell_only")
    done, [record] = graded(folder, student, "--reference", "puzzle.yaml", "--seed", "7")
    assert done.status == 3
    assert {"student", "reference", "verdict", "status", "message", "seed", "instances", "max_size", "replay",
            "first", "smallest", "shrink_steps"} <= set(record)
    assert (record["student"], record["reference"], record["seed"], record["max_size"]) == (
        student, "puzzle.yaml", 7, 6)
    case = record["smallest"]
    assert {"number", "size", "text", "why", "question", "reference", "student"} <= set(case)
    for side in ("reference", "student"):
        assert case[side]["kind"] == "answer"
        for answer in case[side]["answers"]:
            assert {"output", "cost", "states", "moves", "path"} <= set(answer)
    # the counts of states are the models' own, as compare counts them on the same text
    (folder / "case.txt").write_text(case["text"])
    compared = stategraph(folder, "compare", "--config", "puzzle.yaml", "case.txt", "--format", "json")
    rows = [json.loads(line) for line in compared.out.splitlines()]
    states = {row["model"]: row["states"] for row in rows}
    assert [a["states"] for a in case["reference"]["answers"]] == [states["cell_keys"]]
    assert [a["states"] for a in case["student"]["answers"]] == [states["cell_only"]]


def test_the_paths_and_the_page_are_of_the_question_they_disagree_on(tmp_path):
    folder = scratch(tmp_path, None)
    done, [record] = graded(folder, "huarong_blank_through:BlankThroughPiece", "--reference", "huarong", "--seed", "34",
                            "-o", "case.txt", "--page", "case.html")
    assert done.status == 3
    ours = stategraph(folder, "solve", "huarong", "case.txt").out.splitlines()
    theirs = stategraph(folder, "solve", "huarong_blank_through:BlankThroughPiece", "case.txt").out.splitlines()
    parted = [k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert parted and parted[0] >= 1, "seed 34 no longer gives a board whose first query agrees: pick another"
    assert record["smallest"]["question"] == parted[0]
    assert f"query {parted[0] + 1}: " in record["smallest"]["why"]
    frames = re.findall(r'<iframe [^>]*srcdoc="([^"]*)"', (folder / "case.html").read_text())
    titles = [re.search(r"<title>(.*?)</title>", html.unescape(frame))[1] for frame in frames]
    assert titles and all(title.startswith(f"query {parted[0] + 1}: ") for title in titles), titles


def test_several_students_at_once_are_graded_as_one_by_one(tmp_path):
    folder = scratch(tmp_path, None)
    students = ["pushing_boxes_forgets_side:ForgetsSide", "pushing_boxes", "pushing_boxes_other_order:OtherOrder"]
    run = ("--reference", "pushing_boxes", "--seed", "6", "--instances", "40")  # the wrong one caught at 29, shrunk
    together, records = graded(folder, *students, *run, "--jobs", "2")
    alone = [graded(folder, student, *run) for student in students]
    assert records == [record for _, [record] in alone]
    assert [(r["verdict"], r["instances"]) for r in records] == [("disagrees", 29), ("agrees", 40), ("agrees", 40)]
    assert records[0]["shrink_steps"] > 0
    assert together.status == max(done.status for done, _ in alone) == 3


def test_the_replay_line_gives_the_same_grade(tmp_path):
    folder = scratch(tmp_path, "keys_doors")
    student = "cell only.yaml"  # a name the shell must be told is one word
    shutil.move(folder / with_model(folder, "puzzle.yaml", "cell_only"), folder / student)
    for extra in ((), ("--seed", "3", "--instances", "60", "--max-size", "4")):
        done, [record] = graded(folder, student, "--reference", "puzzle.yaml", *extra)
        replay = shlex.split(record["replay"])
        assert replay[:2] == ["stategraph", "grade"]
        again, [same] = graded(folder, *replay[2:])
        assert (again.status, same["verdict"], same["first"], same["smallest"]) == (
            done.status, record["verdict"], record["first"], record["smallest"])
    folder = scratch(tmp_path / "budget", None)  # a verdict of the budgets replays with them
    done, [record] = graded(folder, "misbehaving:Loops", "--reference", "huarong", "--max-seconds", "0.5")
    assert "--max-seconds 0.5" in record["replay"]
    again, [same] = graded(folder, *shlex.split(record["replay"])[2:])
    assert (same["verdict"], same["first"]["text"]) == ("timeout", record["first"]["text"])


def test_the_page_opens_in_chromium_with_both_sides(tmp_path, browser):
    folder = scratch(tmp_path, "keys_doors")
    student = with_model(folder, "puzzle.yaml", "cell_only")
    done = stategraph(folder, "grade", student, "--reference", "puzzle.yaml", "--page", "case.html")
    assert done.status == 3
    page, problems = browser.new_page(), []
    try:
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto((folder / "case.html").as_uri())
        page.wait_for_load_state("load")
        frames = page.frames[1:]
        titles = [frame.evaluate("document.title") for frame in frames]
        drawn_states = [frame.evaluate("document.querySelectorAll('svg').length") for frame in frames]
    finally:
        page.close()
    assert problems == []
    assert len(frames) == 2
    assert [re.search(r"model (\w+)", title)[1] for title in titles] == ["cell_keys", "cell_only"]
    assert all(drawn_states)


# the guide ---------------------------------------------------------------------------------------------------------

GUIDE = (Path(__file__).resolve().parents[1] / "docs" / "extending" / "grading.md").read_text()


def test_the_guide_shows_what_the_command_prints(tmp_path):
    """Every ``stategraph`` line of the guide's ```sh blocks runs, in order, in a copy of the example (with
    the student's config the guide writes); a block followed by a ```text block prints exactly that,
    standard output and error, at its last line."""
    folder = scratch(tmp_path, "keys_doors")
    written = "printf 'puzzle: keys_doors:KeysAndDoors\\nmodel: cell_only\\n' > wrong.yaml"
    assert written in GUIDE
    (folder / "wrong.yaml").write_text("puzzle: keys_doors:KeysAndDoors\nmodel: cell_only\n")
    blocks = re.findall(r"^```(\w+)\n(.*?)^```$", GUIDE, flags=re.S | re.M)
    shown = 0
    for i, (language, code) in enumerate(blocks):
        commands = [line.split("  #")[0] for line in code.splitlines() if line.startswith("stategraph ")]
        if language != "sh" or not commands:
            continue
        for command in commands:
            args, _, into = command.partition(" > ")
            done = stategraph(folder, *shlex.split(args)[1:])
            if into:
                (folder / into.strip()).write_text(done.out)
        if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
            shown += 1
            assert done.out * (not into) + done.err == blocks[i + 1][1], command
    assert shown >= 3
