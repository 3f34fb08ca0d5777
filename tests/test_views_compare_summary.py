"""``stategraph compare``'s summary: one screen for a whole file, the per-question tables on request.

The summary's numbers are held against sums the tests make themselves from ``compare --format
json`` (one record per question and pair, the other path out of the same comparison); the plot
against the SVG it writes.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

import random_inputs
from example_folders import copy_of, run_in
from stategraph import get_puzzle
from stategraph.solving.driver import applicable_algorithms
from stategraph.views.compare import as_json, compare, summary_text

SLOW_CASES = {"test_summary_totals_are_the_sums_of_the_json_records[ice_maze]",
              "test_a_routine_that_does_not_apply_is_listed_once", "test_forty_mazes_fit_on_a_screen",
              "test_plot_draws_every_question_and_zero_at_zero", "test_a_zero_total_is_a_bar_of_no_length_labelled_0"}
SUMMARY_LINES = 40  # the bound on the default output of a 40-instance file (a screen)
FAILED = ("refused", "broken")
WRONG = '''
def off_by_one(graph, source, targets, *, zero, weight, heuristic, **options):
    """Breadth-first depths, every state but the source one too far."""
    depth, layer = {source: zero}, [source]
    while layer:
        nxt = []
        for state in layer:
            for n in graph.successors(state):
                if n not in depth:
                    depth[n] = depth[state] + 1
                    nxt.append(n)
        layer = nxt
    return {s: d + (s != source) for s, d in depth.items()}


def raises(graph, source, targets, *, zero, weight, heuristic, **options):
    raise RuntimeError("no")
'''


def ice_mazes(rng: random.Random, count: int, solvable: bool | None = None) -> str:
    """``count`` random ice mazes in the example's format; ``solvable=False``: none can stop on E
    (E beside S in a one-row corridor the ball rolls past)."""
    blocks = []
    for _ in range(count):
        if solvable is False:
            cols = rng.randint(3, 8)
            blocks.append(f"1 {cols}\nSE{'.' * (cols - 2)}\n")
            continue
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        grid = [["#" if rng.random() < 0.2 else "." for _ in range(cols)] for _ in range(rows)]
        (a, b), (c, d) = rng.sample([(r, k) for r in range(rows) for k in range(cols)], 2)
        grid[a][b], grid[c][d] = "S", "E"
        blocks.append(f"{rows} {cols}\n" + "".join("".join(row) + "\n" for row in grid))
    return "".join(blocks) + "0 0\n"


@pytest.fixture(scope="module")
def ice(tmp_path_factory):
    """A copy of examples/ice_maze with 40 random mazes in ``forty.txt``."""
    folder = copy_of(tmp_path_factory, "ice_maze")
    (folder / "forty.txt").write_text(ice_mazes(random.Random(31), 40))
    return folder


def ice_cli(folder, *args):
    return run_in(folder, "compare", "--config", "puzzle.yaml", *args, separate=False)


# reading the outputs ----------------------------------------------------------------------------------------

def json_records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def parse_summary(text: str) -> tuple[str, dict, list[str], list[str], list[str]]:
    """``(title, {(model, routine) or "total": {column: cell}}, every label, notes, the rest)``:
    a note's folded lines joined; the rest: the per-question tables, if printed."""
    lines = text.split("\n\n")[0].splitlines()
    title, rows, labels, notes = lines[0], {}, [], []
    model = header = None
    table = iter(lines[1:])
    for line in table:  # the table, down to its total row
        words = line.split()
        if line.startswith("model ") and words[2] == "answered":
            model, header = words[1], words[2:]
            continue
        assert header and len(words) == len(header) + 1, line
        labels.append(words[0])
        rows["total" if words[0] == "total" else (model, words[0])] = dict(zip(header, words[1:]))
        if words[0] == "total":
            break
    for line in table:
        if line.startswith("    "):
            notes[-1] += " " + line.strip()
        else:
            notes.append(line)
    return title, rows, labels, notes, text.split("\n\n")[1:]


def number(cell: str) -> int | None:
    return None if cell == "-" else int(cell.replace(",", ""))


def expected_summary(records: list[dict]) -> tuple[dict, dict, int]:
    """From the json records alone: for each pair that ran on a question, its totals as the summary
    prints them, and the total row (the sum of those rows); and the number of questions."""
    questions = len({(r["instance"], r["query"]) for r in records})
    pairs: dict = {}
    for record in records:
        pairs.setdefault((record["model"], record["algorithm"]), []).append(record)
    expected = {}
    for pair, rows in pairs.items():
        ran = [r for r in rows if not any(r.get(kind) for kind in FAILED)]
        if not ran:
            continue
        sums = {c: None if any(r[c] is None for r in ran) else sum(r[c] for r in ran)
                for c in ("states", "edges", "settled")}
        expected[pair] = {"answered": (len(ran), questions), "agree": sum(r["agrees"] is True for r in ran), **sums}
    total = {"answered": (sum(e["answered"][0] for e in expected.values()), questions * len(expected)),
             "agree": sum(e["agree"] for e in expected.values())}
    for column in ("states", "edges", "settled"):
        known = [e[column] for e in expected.values() if e[column] is not None]
        total[column] = sum(known) if known else None
    return expected, total, questions


def printed(row: dict) -> dict:
    answered, of = row["answered"].split("/")
    return {"answered": (number(answered), number(of)), "agree": number(row["agree"]),
            **{c: number(row[c]) for c in ("states", "edges", "settled")}}


def assert_summary_matches(text: str, records: list[dict]) -> None:
    title, rows, _, _, _ = parse_summary(text)
    expected, total, questions = expected_summary(records)
    assert f" {questions} question" in title
    assert {label: printed(row) for label, row in rows.items() if label != "total"} == expected
    assert printed(rows["total"]) == total


# the summary's numbers ----------------------------------------------------------------------------------------

def test_summary_times_are_the_sums_of_the_records_times():
    """Times differ from run to run, so these are held against the same comparison's records."""
    text = random_inputs.huarong_input(random.Random(5), 6, max_side=4)  # one board, six queries
    tables = compare("huarong", text)
    records = json_records(as_json(tables))
    _, rows, _, _, _ = parse_summary(summary_text(tables, "huarong"))
    assert_summary_matches(summary_text(tables, "huarong"), records)
    for (model, routine), row in ((label, row) for label, row in rows.items() if label != "total"):
        mine = [r for r in records if (r["model"], r["algorithm"]) == (model, routine)]
        for cell, key in (("compile", "compile_ms"), ("search", "search_ms")):
            assert float(row[cell].replace(",", "")) == pytest.approx(sum(r[key] for r in mine), abs=0.051)
    assert len({(r["instance"], r["query"]) for r in records}) == 6  # several queries of one instance


@pytest.mark.parametrize("case", ["pushing_boxes", "ice_maze"])
def test_summary_totals_are_the_sums_of_the_json_records(case, ice, stategraph_cli, tmp_path):
    if case == "ice_maze":
        text, records = (ice_cli(ice, "forty.txt", *extra).out for extra in ((), ("--format", "json")))
    else:
        (tmp_path / "in.txt").write_text(random_inputs.pushing_boxes_input(random.Random(7), 8, max_side=5))
        text, records = (stategraph_cli("compare", "pushing_boxes", tmp_path / "in.txt", *extra).out
                         for extra in ((), ("--format", "json")))
    assert_summary_matches(text, json_records(records))


# routines that do not apply ------------------------------------------------------------------------------------

def test_a_routine_that_does_not_apply_is_listed_once(ice):
    records = json_records(ice_cli(ice, "forty.txt", "--format", "json").out)
    idle = {}  # the pairs the json shows refused on every question, with their message
    for record in records:
        idle.setdefault((record["model"], record["algorithm"]), set()).add(record.get("refused"))
    idle = {pair: messages.pop() for pair, messages in idle.items() if len(messages) == 1 and None not in messages}
    assert idle  # the ice maze's weights are the cells rolled: bfs does not apply to stop_cells
    for extra in ((), ("--per-question",)):
        text = ice_cli(ice, "forty.txt", *extra).out
        _, rows, labels, notes, tables = parse_summary(text)
        for (model, routine), message in idle.items():
            named = [note for note in notes if re.search(rf"\b{re.escape(routine)}(, \S+)* on (\S+, )*{model}\b", note)]
            assert len(named) == 1 and named[0].startswith("not applicable: ")
            reason = named[0].split(": ", 2)[2]
            assert "needs" in reason and message.endswith(reason)  # the routine's own words, once
            assert (model, routine) not in rows
            row = re.compile(rf"^\s+\d+\s+\d+\s+{model}\s+{routine}\s", flags=re.M)
            assert not any(row.search(table) for table in tables)
        assert ("refused" in "\n\n".join(tables)) is False


def test_routines_ruled_out_by_a_model_s_weights_are_listed_once(stategraph_cli):
    """pushing_boxes' weights are (pushes, walks) pairs: bfs runs on no model, and says why once."""
    text = stategraph_cli("compare", "pushing_boxes", stdin=get_puzzle("pushing_boxes").sample_text()).out
    _, rows, _, notes, _ = parse_summary(text)
    puzzle = get_puzzle("pushing_boxes")
    for model in puzzle.models:
        shown = {pair[1] for pair in rows if pair != "total" and pair[0] == model}
        assert shown == set(applicable_algorithms(puzzle, model))
        left = {"bfs", "layered_bfs", "dijkstra", "spfa", "astar", "bidirectional_dijkstra", "networkx"} - shown
        for routine in left:
            assert sum(bool(re.search(rf"{routine}(, \S+)* on (\S+, )*{model}\b", note)) for note in notes) == 1


def test_a_naive_model_refusing_every_question_is_one_line(monkeypatch):
    from stategraph.puzzles.huarong.piece_blank import PieceBlankRules

    monkeypatch.setattr(PieceBlankRules, "max_movable", 3)
    text = summary_text(compare("huarong", get_puzzle("huarong").sample_text()), "huarong")
    _, rows, _, notes, _ = parse_summary(text)
    assert not [pair for pair in rows if pair[0] == "piece_blank"]
    [line] = [note for note in notes if "piece_blank" in note]
    assert line.startswith("not applicable: ") and "the board has 6 movable cells" in line
    assert text.count("movable cells") == 1


COUNTER = '''
from stategraph import COST, SuccessorPuzzle


class Doubled:
    """(x, a flag no answer needs): twice the states of Plain"""

    def start(self, n):
        return 0, 0

    def is_goal(self, n, state):
        return state[0] == n

    def moves(self, n, state):
        if state[0] < n:
            yield "+1", (state[0] + 1, 0), 1
            yield "+1 flagged", (state[0] + 1, 1), 1


class Plain:
    """x"""

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1


class Counter(SuccessorPuzzle):
    name, summary, sample = "counter", "0 to n by +1", "1\\n3\\n"
    counted, output = True, COST
    models = {"doubled": Doubled, "plain": Plain}

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 100)
'''


def test_a_model_refused_partway_says_from_where_once(tmp_path, stategraph_cli):
    """The default model passes ``max_states`` from the second question on, the other model only
    at the last: each question still has a row per pair, and the summary says where each stopped."""
    (tmp_path / "counter.py").write_text(COUNTER)
    (tmp_path / "in.txt").write_text("3\n2\n5\n30\n")  # doubled: 5, 11, 61 states; plain: 3, 6, 31
    args = ("compare", "counter:Counter", "in.txt", "--set", "limits.max_states=8")
    records = json_records(stategraph_cli(*args, "--format", "json", cwd=tmp_path).out)
    pairs = {(r["model"], r["algorithm"]) for r in records}
    assert len(records) == 2 * len(pairs)  # the third question passes the limit for both: compared by none
    by_limit = {(r["instance"], r["model"], r["algorithm"]) for r in records
                if "max_states" in (r.get("refused") or "")}
    ran = {(r["model"], r["algorithm"]) for r in records if r["cost"] != "refused"}
    assert by_limit == {(2, "doubled", routine) for model, routine in ran if model == "doubled"}
    done = stategraph_cli(*args, cwd=tmp_path)
    assert done.status == 0
    _, rows, _, notes, _ = parse_summary(done.out)
    assert {pair: row["answered"] for pair, row in rows.items() if pair != "total"} == {
        pair: "1/2" if pair[0] == "doubled" else "2/2" for pair in ran}
    [partway] = [note for note in notes if note.startswith("refused from instance 2 on: ")]
    [after] = [note for note in notes if note.startswith("refused after the last question compared: ")]
    assert " on doubled: " in partway and " on plain: instance 3: " in after and "max_states" in after


# one screen -----------------------------------------------------------------------------------------------------

def test_forty_mazes_fit_on_a_screen(ice):
    done = ice_cli(ice, "forty.txt")
    assert done.status == 0 and len(done.out.splitlines()) <= SUMMARY_LINES
    records = json_records(ice_cli(ice, "forty.txt", "--format", "json").out)
    ran = {(r["model"], r["algorithm"]) for r in records if not r.get("refused")}
    every = ice_cli(ice, "forty.txt", "--per-question").out
    title, rows, labels, notes, tables = parse_summary(every)
    alone = parse_summary(done.out)
    untimed = [{label: {c: row[c] for c in row if c not in ("compile", "search")} for label, row in found.items()}
               for found in (rows, alone[1])]
    assert (title, labels, notes, untimed[0]) == (alone[0], alone[2], alone[3], untimed[1])  # the same summary first
    assert [table.splitlines()[0] for table in tables] == [f"instance {k}, query 1" for k in range(1, 41)]
    assert all(len(table.splitlines()) == 2 + len(ran) for table in tables)  # a row per pair that ran


def test_per_question_is_for_the_text(stategraph_cli):
    done = stategraph_cli("compare", "arrow_maze", "--format", "json", "--per-question",
                          stdin=get_puzzle("arrow_maze").sample_text())
    assert done.status == 2 and done.out == ""
    assert done.err == ("stategraph: error: --per-question adds every question's table to the text summary; "
                        "--format json is already one record per question\n")


# the plot --------------------------------------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def vertices(element) -> list[tuple[float, float]]:
    path = element.find(f"{SVG}path")
    return [(float(x), float(y)) for x, y in re.findall(r"[ML] (-?[\d.]+) (-?[\d.]+)", path.get("d"))]


def test_plot_draws_every_question_and_zero_at_zero(ice):
    pytest.importorskip("matplotlib")
    records = json_records(ice_cli(ice, "forty.txt", "--format", "json").out)
    done = ice_cli(ice, "forty.txt", "--plot", "forty.svg")
    assert done.status == 0 and "each of the 40 questions" in done.err
    root = ET.parse(ice / "forty.svg").getroot()
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    bottom = max(y for _, y in vertices(by_id["questions-axes"]))
    pairs: dict = {}
    for record in records:
        pairs.setdefault((record["model"], record["algorithm"]), []).append(record)
    drawn = 0
    for (model, routine), rows in pairs.items():
        ran = [row for row in rows if not row.get("refused")]
        if not ran:
            assert f"questions-{model}-{routine}" not in by_id
            assert f"{routine} on {model}" in "".join(by_id["left-out"].itertext())
            continue
        points = vertices(by_id[f"questions-{model}-{routine}"])
        assert len(points) == len(rows) == 40  # every question, in order
        assert [x for x, _ in points] == sorted(x for x, _ in points)
        for (_, y), row in zip(points, rows):
            assert (y == pytest.approx(bottom, abs=0.01)) == (row["settled"] == 0)  # 0 at the axis, 1 above it
            drawn += row["settled"] == 0
    assert drawn  # the mazes include questions with nothing settled


def test_a_zero_total_is_a_bar_of_no_length_labelled_0(ice):
    pytest.importorskip("matplotlib")
    (ice / "stuck.txt").write_text(ice_mazes(random.Random(2), 3, solvable=False))
    records = json_records(ice_cli(ice, "stuck.txt", "--format", "json").out)
    assert {r["settled"] for r in records if not r.get("refused")} == {0}
    assert ice_cli(ice, "stuck.txt", "--plot", "stuck.svg", "-m", "stop_cells", "-a", "dijkstra").status == 0
    root = ET.parse(ice / "stuck.svg").getroot()
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    xs = [x for x, _ in vertices(by_id["total-stop_cells-dijkstra"])]
    assert max(xs) - min(xs) == pytest.approx(0, abs=0.01)
    assert "".join(by_id["total-label-stop_cells-dijkstra"].itertext()).strip() == "0"


# exit statuses --------------------------------------------------------------------------------------------------

def test_exit_statuses_are_unchanged(ice, tmp_path, stategraph_cli):
    """docs/cli.md: 3 when a routine of your own gives wrong distances, 2 when one is broken, 0 when
    routines only do not apply; the summary names the wrong one once, with its count."""
    (tmp_path / "wrongs.py").write_text(WRONG)
    (tmp_path / "in.txt").write_text(random_inputs.arrow_maze_input(random.Random(3), 6))
    base = ("compare", "arrow_maze", "in.txt", "--set")
    wrong = stategraph_cli(*base, "search.algorithm=wrongs:off_by_one", cwd=tmp_path)
    records = json_records(stategraph_cli(*base, "search.algorithm=wrongs:off_by_one", "--format", "json",
                                          cwd=tmp_path).out)
    bad = [r for r in records if r.get("wrong")]
    assert wrong.status == 3 and bad
    _, rows, _, notes, _ = parse_summary(wrong.out)
    assert rows["cell_heading", "wrongs:off_by_one"]["agree"] == str(6 - len(bad))
    [line] = [note for note in notes if note.startswith("wrong ")]
    assert line.startswith(f"wrong on {len(bad)} of 6 questions: wrongs:off_by_one on cell_heading")
    broken = stategraph_cli(*base, "search.algorithm=wrongs:raises", cwd=tmp_path)
    assert broken.status == 2 and "broken: wrongs:raises on cell_heading" in broken.out
    ice_done = ice_cli(ice, "input.txt")  # bfs and layered_bfs refused by the ice maze's graphs: no fault
    assert ice_done.status == 0 and "not applicable: bfs on stop_cells" in ice_done.out
