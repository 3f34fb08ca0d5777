"""``stategraph compare``: every model x applicable routine, the same costs and answer bytes."""

import csv
import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from stategraph import get_puzzle
from stategraph.cli.main import main
from stategraph.solving.driver import applicable_algorithms
from stategraph.views.compare import COLUMNS, as_csv, as_json, as_text, combinations, compare

PUZZLES = ("pushing_boxes", "huarong", "arrow_maze")


def _expected_pairs(puzzle):
    chosen = get_puzzle(puzzle)
    return {(model, routine) for model in chosen.models for routine in applicable_algorithms(puzzle, model)}


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_one_row_per_model_and_routine_same_costs_same_answers(puzzle):
    tables = compare(puzzle, get_puzzle(puzzle).sample_text())
    questions = {"pushing_boxes": 4, "huarong": 2, "arrow_maze": 2}[puzzle]
    assert len(tables) == questions
    expected = _expected_pairs(puzzle)
    for table in tables:
        rows = table["rows"]
        assert len(rows) == len(expected)
        assert {(row["model"], row["algorithm"]) for row in rows} == expected
        assert len({row["cost"] for row in rows}) == 1
        assert len({row["output"] for row in rows}) == 1
        assert all(row["agrees"] for row in rows)
        first = rows[0]
        assert (first["model"], first["algorithm"]) == (get_puzzle(puzzle).model().name,
                                                        get_puzzle(puzzle).default_algorithm)
        for row in rows:
            assert row["settled"] <= row["built"] <= row["states"]
            if row["queue_pops"] is not None or (row["algorithm"] == "spfa" and row["settled"]):
                assert row["algorithm"] == "spfa" and row["queue_pops"] >= row["settled"]
    # the compact model is never larger than the naive one, on the same question
    for table in tables:
        sizes = {}
        for row in table["rows"]:
            sizes.setdefault(row["model"], row["states"])
        assert min(sizes.values()) == sizes[get_puzzle(puzzle).model().name]


def test_naive_states_shrink_to_compact_ones_on_a_maze():
    [table] = compare("pushing_boxes", "7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n"
                                       "#.######..#\n#.....S...#\n###########\n0 0\n")
    sizes = {(row["model"], row["algorithm"]): row["states"] for row in table["rows"]}
    assert {sizes[pair] for pair in sizes if pair[0] == "box_side"} == {17}  # whatever the routine
    assert {sizes[pair] for pair in sizes if pair[0] == "box_player"} == {337}


def test_json_and_csv_parse():
    tables = compare("huarong", get_puzzle("huarong").sample_text())
    rows = [json.loads(line) for line in as_json(tables).splitlines()]
    assert len(rows) == sum(len(t["rows"]) for t in tables)
    assert all(set(COLUMNS) <= set(row) for row in rows)
    parsed = list(csv.DictReader(io.StringIO(as_csv(tables))))
    assert len(parsed) == len(rows) and list(parsed[0]) == list(COLUMNS)
    assert {row["agrees"] for row in parsed} == {"True"}
    text = as_text(tables)
    assert text.startswith("instance 1, query 1\n") and "settled" in text


def test_combinations_start_with_the_default():
    assert combinations("arrow_maze")[0] == ("cell_heading", "astar")
    assert len(combinations("pushing_boxes")) == len(_expected_pairs("pushing_boxes"))


def test_cli_compare_formats_and_plot(tmp_path, capsys):
    path = tmp_path / "am.txt"
    path.write_text(get_puzzle("arrow_maze").sample_text())
    assert main(["compare", "arrow_maze", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("arrow_maze: 2 questions in 2 instances") and "instance 1, query 1" not in text
    assert main(["compare", "arrow_maze", str(path), "--per-question"]) == 0
    every = capsys.readouterr().out
    assert every.startswith("arrow_maze: 2 questions") and "instance 2, query 1" in every and "queue_pops" in every
    assert main(["compare", "arrow_maze", str(path), "--format", "json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 * len(_expected_pairs("arrow_maze"))
    assert main(["compare", "arrow_maze", str(path), "--format", "csv", "-a", "spfa"]) == 0
    parsed = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["algorithm"] for row in parsed] == ["spfa", "spfa"] and parsed[0]["queue_pops"] != ""
    plot = tmp_path / "settled.svg"
    assert main(["compare", "arrow_maze", str(path), "--format", "csv", "--plot", str(plot)]) == 0
    assert capsys.readouterr().err.startswith(f"stategraph: wrote {plot}: ")
    root = ET.parse(plot).getroot()
    ids = {element.get("id") for element in root.iter()}
    assert {f"{kind}-cell_heading-{routine}" for kind in ("total", "questions")
            for routine in applicable_algorithms("arrow_maze", "cell_heading")} <= ids


def test_a_refusing_naive_model_is_a_row_not_a_crash(monkeypatch):
    from stategraph.puzzles.huarong.piece_blank import PieceBlankRules

    monkeypatch.setattr(PieceBlankRules, "max_movable", 3)
    tables = compare("huarong", get_puzzle("huarong").sample_text())
    refused = [row for row in tables[0]["rows"] if row["model"] == "piece_blank"]
    assert refused and all(row["cost"] == "refused" and "movable cells" in row["refused"] for row in refused)
    assert all(row["agrees"] for row in tables[0]["rows"] if row["model"] == "piece_side")
    assert "piece_blank bfs: model piece_blank: the board has 6 movable cells" in as_text(tables)


def test_config_limits_and_search_options_reach_every_row(tmp_path, capsys):
    """A config's limits refuse the input for compare as for solve; ``stop_at_target: false``
    makes the routines that take it settle every reachable state (what spfa settles anyway)."""
    maze = tmp_path / "maze.txt"
    maze.write_text(get_puzzle("pushing_boxes").sample_text())
    small = tmp_path / "small.yaml"
    small.write_text("puzzle: pushing_boxes\nlimits:\n  max_rows: 2\n")
    assert main(["compare", "--config", str(small), str(maze)]) == 2
    assert "max_rows" in capsys.readouterr().err
    assert main(["compare", "pushing_boxes", str(maze), "--format", "json", "--model", "box_side",
                 "--set", "search.options.stop_at_target=false"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    fourth = {row["algorithm"]: row for row in rows if row["instance"] == 4}
    assert {"dijkstra", "astar", "spfa"} <= set(fourth)
    assert fourth["dijkstra"]["settled"] == fourth["astar"]["settled"] == fourth["spfa"]["settled"]
    assert main(["compare", "pushing_boxes", str(maze), "--format", "json", "--model", "box_side"]) == 0
    default = {row["algorithm"]: row for row in map(json.loads, capsys.readouterr().out.splitlines())
               if row["instance"] == 4}
    assert default["dijkstra"]["settled"] < fourth["dijkstra"]["settled"]
    assert default["astar"]["settled"] < fourth["astar"]["settled"]


# Whether networkx was loaded before the first whole graph a routine asked for was made networkx's
# (a fresh interpreter: this one has networkx already).
_FIRST_WHOLE = """import sys
from stategraph.graph import dicts
made = dicts.DictGraph.networkx
def networkx(self):
    print("networkx loaded before:", "networkx" in sys.modules, file=sys.stderr)
    dicts.DictGraph.networkx = made
    return made(self)
dicts.DictGraph.networkx = networkx
from stategraph import get_puzzle
from stategraph.views.compare import compare
compare("huarong", get_puzzle("huarong").sample_text())
"""


def test_no_routine_s_compile_time_holds_networkx_s_import():
    """Huarong Dao's board graph is made networkx's for the first routine that reads it whole (spfa):
    compare imports networkx before it times any row."""
    done = subprocess.run([sys.executable, "-c", _FIRST_WHOLE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == "networkx loaded before: True"
