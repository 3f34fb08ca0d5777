"""Every command works for every puzzle: the example plug-ins through
`compare`, `explain`, `draw` (grid, `--graph`, `--animate`) and `export` + `search`, from their own
folders, as a user runs them.

Each command's figures are held against another command's (`solve --format json` for the cost,
the answer's own move count for the steps, the GIF's frames for the steps), so a view that
invents or drops a step fails here.
"""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from cli_runner import run_cli
from example_references import reference

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# example folder -> (config, a small input, the routine compare is narrowed to, or None for all): every
# examples/*/puzzle.yaml on its input.txt, but where a case says otherwise
CASES = {config.parent.name: ("puzzle.yaml", None, None) for config in sorted(EXAMPLES.glob("*/puzzle.yaml"))
         if ":" in yaml.safe_load(config.read_text())["puzzle"]} | {  # a puzzle of its own, not a built-in
    "water_jug": ("puzzle.yaml", "3\n5 2 3\n2 3 4\n3 5 4\n", None),
    "sliding_tile": ("puzzle.yaml", "1 2 3\n4 0 6\n7 5 8\n", "astar"),  # every board compiles 181,440 states
    "hanoi": ("puzzle.yaml", "3\n3 AAA CCC\n3 ABC ACB\n4 ABCA ABCA\n", None),
    "rush_hour": ("puzzle.yaml", "4 5\nAA.B.\nXX.B.\n.CCC#\n.....\n0 0\n", None),
    "sokoban": ("puzzle.yaml", "5 6\n######\n#.@..#\n#.$$.#\n#o..o#\n######\n0 0\n", None),
    "lights_out": ("puzzle.yaml", "3 3\n010\n111\n010\n3 3\n111\n111\n111\n0 0\n", None),  # the file: 65,536 presses
    "pocket_cube": ("puzzle.yaml", "R 2 R R\nR 1 U\nU 0\n", None),  # cubes of one face: 4 states (R and U: 29,160)
}


def folder_of(case: str) -> Path:
    return EXAMPLES / case


def stategraph(case, tmp_path, *args, ok=True):
    config, small, _ = CASES[case]
    folder = folder_of(case)
    given = tmp_path / "in.txt"
    given.write_text(small if small is not None else (folder / "input.txt").read_text())
    done = run_cli(*args[:1], "--config", config, given, *args[1:], cwd=folder)
    assert "Traceback" not in done.stderr, done.stderr
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def plugin(case):
    """The example's puzzle, loaded from its folder as its config names it."""
    from stategraph.puzzles import load_plugin

    config, _, _ = CASES[case]
    spec = yaml.safe_load((folder_of(case) / config).read_text())["puzzle"]
    return load_plugin(spec, str(folder_of(case)))


@functools.cache
def _solved(case: str, folder: Path) -> tuple:
    return tuple(json.loads(line) for line in stategraph(case, folder, "solve", "--format", "json").stdout.splitlines())


def solved(case, tmp_path) -> list[dict]:
    """The answers of ``solve --format json`` (once per case)."""
    return list(_solved(case, tmp_path.parent))


def total(cost):
    return None if cost is None else cost.get("cost", (cost.get("primary"), cost.get("secondary")))


# 181,440 states a board, and the long animations; ice_maze's draw and each command stay quick (deselected unless
# --slow: tests/conftest.py)
SLOW_CASES = {
    "test_compare_shows_every_model_and_agrees_with_solve[knight]",
    "test_draw_grid_graph_and_animation[sliding_tile]",
    "test_draw_grid_graph_and_animation[water_jug]",
    "test_export_then_search_gives_the_cost[graphml-water_jug]",
}


# the 8-puzzle: every view of a board builds its whole graph, 181,440 boards (seconds each).  It is drawn
# here; tests/test_examples.py explains and exports it, and compare is the same code on every other puzzle
WHOLE_GRAPH_ONCE = [case for case in CASES if case != "sliding_tile"]


@pytest.mark.parametrize("case", WHOLE_GRAPH_ONCE)
def test_compare_shows_every_model_and_agrees_with_solve(case, tmp_path):
    _, _, routine = CASES[case]
    answers = solved(case, tmp_path)
    done = stategraph(case, tmp_path, "compare", "--format", "json", *(["-a", routine] if routine else []), ok=False)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == (3 if not all(row["agrees"] for row in rows if row["cost"] != "refused") else 0)
    puzzle = plugin(case)
    assert {row["model"] for row in rows} == set(puzzle.models)
    ran = [row for row in rows if row["cost"] != "refused"]
    chosen = yaml.safe_load((folder_of(case) / CASES[case][0]).read_text()).get("model", puzzle.model().name)
    assert ran and all(row["agrees"] for row in ran if row["model"] == chosen)  # another model may be wrong
    by_instance = {answer["instance"]: answer for answer in answers}
    for row in (row for row in ran if row["agrees"]):
        expected = total(by_instance[row["instance"]]["cost"])
        shown = "-" if expected is None else puzzle.describe_cost(expected)
        assert row["cost"] == shown, (row, expected)


@pytest.mark.parametrize("case", WHOLE_GRAPH_ONCE)
def test_explain_steps_add_up_to_the_answer(case, tmp_path):
    answers = solved(case, tmp_path)
    told_lines = stategraph(case, tmp_path, "explain", "--format", "json").stdout.splitlines()
    explained = [json.loads(line) for line in told_lines]
    assert len(explained) == len(answers)
    for answer, told in zip(answers, explained):
        assert told["output"] == answer["output"]
        if answer["cost"] is None:
            assert told["steps"] == []
            continue
        if told["steps"]:
            assert total(told["steps"][-1]["cost"]) == total(answer["cost"])
        assert [step["number"] for step in told["steps"]] == list(range(1, len(told["steps"]) + 1))


# tests/test_examples.py::test_draw_pictures_the_way_and_the_state_graph runs these very commands on these examples
# (input.txt, its first question with a way: the way, its animation, its state graph), held to the brute force
DRAWN_IN_TEST_EXAMPLES = ("keys_doors", "knight")


def test_the_examples_drawn_in_test_examples_are_drawn_there_as_here():
    for case in DRAWN_IN_TEST_EXAMPLES:
        ref = reference(case)
        assert CASES[case][1] is None and ref.VIEWS.drawn and ref.VIEWS.text is None, case
        questions = ref.instances((folder_of(case) / "input.txt").read_text())
        first = next(k for k, question in enumerate(questions, start=1) if ref.solution(question)[0] is not None)
        assert ref.VIEWS.instance == ref.VIEWS.graph_instance == first, case


@pytest.mark.parametrize("case", [case for case in CASES if case not in DRAWN_IN_TEST_EXAMPLES])
def test_draw_grid_graph_and_animation(case, tmp_path):
    pytest.importorskip("matplotlib")
    from PIL import Image

    told = [json.loads(line) for line in stategraph(case, tmp_path, "explain", "--format", "json").stdout.splitlines()]
    explained = next(t for t in told if t["answer"] is not None)  # the first question with a solution
    instance = str(explained["instance"])
    picture, gif = tmp_path / "grid.svg", tmp_path / "play.gif"
    stategraph(case, tmp_path, "draw", "--instance", instance, "-o", str(picture), "--animate", str(gif))
    assert ET.parse(picture).getroot().tag.endswith("svg")
    with Image.open(gif) as image:
        assert image.n_frames == len(explained["steps"]) + 1  # the start, then each step
    graph = tmp_path / "graph.svg"
    done = stategraph(case, tmp_path, "draw", "--instance", instance, "--graph", "-o", str(graph), ok=False)
    if done.returncode == 0:
        assert "canonical-path" in {e.get("id") for e in ET.parse(graph).getroot().iter()}
    else:  # too large to draw: refused in one line, before any picture
        assert done.returncode == 2 and "above the drawing limit" in done.stderr and not graph.exists()


@pytest.mark.parametrize("case", WHOLE_GRAPH_ONCE)
@pytest.mark.parametrize("fmt", ["json", "graphml"])
def test_export_then_search_gives_the_cost(case, fmt, tmp_path):
    answers = solved(case, tmp_path)
    first = next(a for a in answers if a["cost"] is not None)
    out = tmp_path / f"g.{fmt}"
    stategraph(case, tmp_path, "export", "--instance", str(first["instance"]), "-o", str(out), "--force")
    exported = json.loads(out.read_text()) if fmt == "json" else None
    if exported is not None:
        assert exported["graph"]["answer"] == first["output"]
    done = run_cli("search", out)
    assert done.returncode == 0, done.stderr
    cost = total(first["cost"])
    shown = done.stdout.splitlines()[0]
    assert shown == f"cost: {cost}" if not isinstance(cost, tuple) else shown.startswith("cost: ")
