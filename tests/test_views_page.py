"""``stategraph view``'s page builder: its data checked against independent runs (``explain``, ``export``,
``solve --stats``, ``compare``), the routines' settle order, the large-graph rule, the size budget,
``-o -``, bad paths, and the notebook frame.  The page in a real browser: tests/test_views_page_browser.py."""

import html
import importlib
import json
import os
import re
import sys
from collections import deque

import networkx as nx
import pytest

from cli_runner import run_cli

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from stategraph import SuccessorPuzzle, get_puzzle  # noqa: E402
from stategraph.graph.state_graph import WeightProfile  # noqa: E402
from stategraph.puzzles import load_plugin  # noqa: E402
from stategraph.search import SEARCHES  # noqa: E402
from stategraph.settings.resolve import Settings  # noqa: E402
from stategraph.views import Page, page  # noqa: E402
from test_faults_hostile_cli import open_maze  # noqa: E402

PAGE = importlib.import_module("stategraph.views.page")  # the module (``page`` above is its function)
EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
CASES = [  # puzzle, model (None: the default), instance, query
    ("pushing_boxes", None, 3, None), ("pushing_boxes", "box_player", 3, None), ("pushing_boxes", None, 2, None),
    ("huarong", None, 1, 1), ("huarong", "piece_blank", 1, 1), ("huarong", None, 1, 2),
    ("arrow_maze", None, 1, None)]


def page_data(text: str) -> dict:
    """The JSON a page carries (read back from the HTML, as the browser reads it)."""
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    assert found, "the page has no data"
    return json.loads(found.group(1))


def picks(model, instance, query) -> list:
    return [*(["-m", model] if model else []), "--instance", instance, *(["--query", query] if query else [])]


def stats_rows(err: str) -> list[dict]:
    """The ``--stats`` table on stderr, one dict per row."""
    lines = [line.split() for line in err.splitlines() if line.strip()]
    head = lines[0]
    return [dict(zip(head, row)) for row in lines[1:] if len(row) == len(head)]


def exported(capsys, puzzle, path, model, instance, query) -> dict:
    """The question's state graph as ``stategraph export`` writes it (node-link JSON)."""
    status, out, err = run_cli("export", puzzle, path, *picks(model, instance, query), "--format", "json",
                           "-o", "-")
    assert status == 0, err
    return json.loads(out)


# a page of a large graph (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_a_large_graph_draws_the_path_and_its_neighbourhood",
}


@pytest.fixture
def sample(tmp_path):
    def write(puzzle):
        path = tmp_path / f"{puzzle}.txt"
        path.write_text(get_puzzle(puzzle).sample_text())
        return path
    return write


@pytest.mark.parametrize("puzzle,model,instance,query", CASES)
def test_the_data_agrees_with_independent_runs(puzzle, model, instance, query, sample, tmp_path, capsys):
    path = sample(puzzle)
    out = tmp_path / "page.html"
    status, _, err = run_cli("view", puzzle, path, *picks(model, instance, query), "-o", out)
    assert status == 0, err
    assert err.startswith(f"stategraph: wrote {out}: ") and len(err.splitlines()) == 1
    data = page_data(out.read_text(encoding="utf-8"))
    graph, steps = data["graph"], data["steps"]

    status, told, err = run_cli("explain", puzzle, path, *picks(model, instance, query), "--format", "json")
    [explanation] = [json.loads(line) for line in told.splitlines()]
    assert steps["texts"][1:] == [step["text"] for step in explanation["steps"]]
    assert steps["texts"][0].startswith("start: ")

    flat = exported(capsys, puzzle, path, model, instance, query)
    nodes = {node["id"]: node for node in flat["nodes"]}
    on_path = sorted((node["step"], node["id"]) for node in flat["nodes"] if node.get("on_path"))
    start = next(node["id"] for node in flat["nodes"] if node["kind"] == "start")
    assert [graph["labels"][i] for i in graph["path"]] == ([label for _, label in on_path] or [start])
    assert graph["total"] == len(nodes) and graph["drawn"] == len(nodes)  # small: every state drawn
    assert graph["edges_total"] == len(flat["edges"]) and len(graph["edges"]) == 3 * len(flat["edges"])
    positions = steps["states"]
    assert positions[0] == 0 and positions == sorted(positions) and positions[-1] == len(graph["path"]) - 1
    for i, label in enumerate(graph["labels"][:graph["drawn"]]):
        node = nodes[label]
        if "dist" in node:  # export knows it exactly up to the nearest goal
            shown = graph["dist"][i]
            assert shown == ([node["dist_primary"], node["dist_secondary"]] if "dist_primary" in node
                             else node["dist"]), label
            assert graph["dist_text"][i]

    status, _, err = run_cli("compare", puzzle, path, "--format", "json")
    rows = [json.loads(line) for line in _.splitlines()]
    for shown in data["models"]:
        first = next(row for row in rows if row["model"] == shown["name"] and row["instance"] == instance
                     and row["query"] == (query or 1) and row.get("states") is not None)
        assert (shown["states"], shown["edges"]) == (first["states"], first["edges"]), shown["name"]
    assert [m["name"] for m in data["models"]][0] == get_puzzle(puzzle).model().name  # the default first
    assert sum(m["shown"] for m in data["models"]) == 1

    assert data["replays"][0]["name"] == data["algorithm"]  # the page's own routine first
    for replay in data["replays"]:
        name = replay["name"]
        assert replay["counted"]
        status, _, err = run_cli("solve", puzzle, path, "--stats", "-a", name, *(["-m", model] if model else []))
        [row] = [r for r in stats_rows(err) if (r["instance"], r["query"]) == (str(instance), str(query or 1))]
        assert replay["settled"] == int(row["settled"]), name
        settled = [at for at in replay["settled_at"] if at >= 0]
        assert sorted(settled) == list(range(1, replay["settled"] + 1)), name  # each state once, every step
        assert replay["frontier"][0] == 1 and min(replay["frontier"]) >= 0
        assert replay["reached_at"][graph["start"]] == 0


def test_box_player_steps_end_on_the_states_explain_names(sample, capsys):
    """The naive model takes several moves a step (the walk, then the push): each step ends on the
    state with the box and the player where the explanation puts them."""
    text = sample("pushing_boxes").read_text()
    built = page(Settings.of("pushing_boxes", model="box_player"), text, instance=3)
    [explanation] = [json.loads(line) for line in
                     run_cli("explain", "pushing_boxes", sample("pushing_boxes"), "-m", "box_player",
                         "--instance", 3, "--format", "json")[1].splitlines()]
    graph = built.data["graph"]
    for step, position in zip(explanation["steps"], built.data["steps"]["states"][1:]):
        (br, bc), (pr, pc) = step["after"]["box"], step["after"]["player"]
        assert graph["labels"][graph["path"][position]] == f"box={br},{bc} player={pr},{pc}"
    assert len(graph["path"]) - 1 > len(explanation["steps"])  # many moves, fewer steps


def test_scenes_are_the_models_own(sample):
    """Each step's picture decodes to the cells, trails and marks of the model's Scene for that step."""
    from stategraph.views.explain import explained

    settings = Settings.of("huarong")
    text = sample("huarong").read_text()
    built = page(settings, text)
    [(record, explanation)] = list(explained(settings, text, 1, 1))
    tables = built.data["steps"]["scenes"]
    model = settings.puzzle.model(settings.model)
    for k, j in enumerate(built.data["steps"]["scene_of"]):
        scene = model.scene(record, explanation["steps"][:k])
        shown = tables["scenes"][j]
        assert shown["bounds"] == [scene.top, scene.left, scene.bottom, scene.right]
        assert [m[0] for m in shown["marks"]] == [m.name for m in scene.marks]
        for (at, length, style, _, name), trail in zip(shown["trails"], scene.trails):
            assert (name, style) == (trail.name, trail.style)
            assert tables["points"][at][:length] == [list(p) for p in trail.points]
        cells = tables["cells"][shown["cells"]]
        covered = sum(cells["runs"][3::4]) + len(cells["single"])
        assert covered == len({(c.row, c.col) for c in scene.cells})
        assert {c[5] for c in cells["single"]} >= {c.name for c in scene.cells if c.name}
    assert built.data["styles"]["cell"]["wall"] and built.data["styles"]["mark"]


def decoded(tables: dict, j: int) -> tuple[dict, list, str | None]:
    """Scene ``j`` of the page's tables, read back as the page's script reads it: each cell's
    ``[style, fill]``, the legend's ``([style, fill], meaning)`` entries, the text picture."""
    scene, styles = tables["scenes"][j], tables["styles"]
    cells = tables["cells"][scene["cells"]]
    fill = {}
    runs = cells["runs"]
    for i in range(0, len(runs), 4):
        row, col, style, length = runs[i:i + 4]
        for c in range(col, col + length):
            fill[row, c] = styles[style]
    for row, col, style, *_ in cells["single"]:
        fill[row, col] = styles[style]
    legend = [(styles[i], meaning) for i, meaning in tables["legends"][scene["legend"]]] if scene["legend"] >= 0 \
        else []
    return fill, legend, scene.get("text")


def test_scenes_carry_their_legends_their_own_styles_and_text_pictures():
    from stategraph.contract.scene import CELL_STYLES, EXTRA_COLOURS, Scene

    first, second = Scene(1, 1, 2, 3), Scene(1, 1, 2, 3)
    for scene, own in ((first, ("lava", "moss")), (second, ("moss", "lava"))):  # first used in another order
        scene.cell(1, 1, "wall")
        scene.cell(1, 2, own[0])
        scene.cell(1, 3, own[1], "x", name="odd")
        scene.cell(2, 1, "floor")
        scene.cell(2, 2, "floor")
        scene.cell(2, 3, "key")
        scene.key("key", "a key")
        scene.key(own[0], "hot")
    jugs = Scene.of_text("A |## | 2/3\nB |   | 0/3")
    tables = PAGE.encode_scenes([first, second, jugs])
    for j, scene in enumerate((first, second)):
        own = [cell.style for cell in scene.cells if cell.style not in CELL_STYLES]  # in order of first use
        colour = {**CELL_STYLES, **{style: EXTRA_COLOURS[own.index(style)] for style in own}}
        fill, legend, text = decoded(tables, j)
        assert fill == {(c.row, c.col): [c.style, colour[c.style]] for c in scene.cells} and text is None
        assert legend == [([style, colour[style]], meaning) for style, meaning in scene.legend]
    fill, legend, text = decoded(tables, 2)
    assert text == "A |## | 2/3\nB |   | 0/3" and fill == {} and legend == []


def test_a_text_picture_is_its_text_at_every_step_from_the_start():
    """The water jugs: the page's pictures are explain's, the start's first."""
    from stategraph.views.explain import explain

    jugs = load_plugin("water_jug:WaterJug", os.path.join(EXAMPLES, "water_jug"))
    text = "1\n3 5 4\n"
    steps = page_data(page(jugs, text).html)["steps"]
    [explanation] = explain(jugs, text)
    wanted = [explanation["start_picture"]] + [step["picture"] for step in explanation["steps"]]
    tables = steps["scenes"]
    assert [decoded(tables, j)[2] for j in steps["scene_of"]] == wanted and len(wanted) == 7  # 6 moves
    assert wanted[0] == "A |   | 0/3\nB |     | 0/5"  # the start: both jugs empty
    assert steps["texts"][0].startswith("start: ")


def test_a_plugin_without_a_scene_shows_its_pictures_or_labels():
    folder = os.path.join(EXAMPLES, "ice_maze")
    puzzle = load_plugin("ice_maze:IceMaze", folder)
    with open(os.path.join(folder, "input.txt"), encoding="utf-8") as handle:
        text = handle.read()
    built = page(puzzle, text, instance=5)
    steps = built.data["steps"]
    if steps["scenes"] is None:
        assert len(steps["pictures"]) == len(steps["texts"]) and all(steps["pictures"])
    assert built.data["replays"] and all("settled" in r or "refused" in r for r in built.data["replays"])
    assert built.size < PAGE.MAX_PAGE_BYTES


def test_a_routine_of_your_own_is_replayed_first_and_watched(tmp_path, capsys, monkeypatch):
    """examples/student_bfs names its own routine: the page replays it first, the states it settled
    watched (it counts none itself), beside every built-in routine that applies."""
    folder = os.path.join(EXAMPLES, "student_bfs")
    if not os.path.isfile(os.path.join(folder, "puzzle.yaml")):
        pytest.skip("no examples/student_bfs")
    monkeypatch.chdir(folder)
    status, _, err = run_cli("view", "--config", "puzzle.yaml", "input.txt", "-o", tmp_path / "p.html")
    assert status == 0, err
    data = page_data((tmp_path / "p.html").read_text(encoding="utf-8"))
    first, *built_in = data["replays"]
    assert first["name"] == data["algorithm"] and ":" in first["name"] and first["counted"] is False
    assert first["settled"] > 0 and all(r["counted"] and ":" not in r["name"] for r in built_in)


# the routines' settle order -------------------------------------------------------------------------

def _questions():
    for name in ("pushing_boxes", "huarong", "arrow_maze"):
        puzzle = get_puzzle(name)
        for model_name, model_class in puzzle.models.items():
            for instance in puzzle.parse(puzzle.sample_text()):
                model = model_class(instance)
                for question in puzzle.questions(instance):
                    yield name, model_name, model, question


def test_every_routine_reports_its_settle_order():
    from stategraph.solving.driver import applicable_algorithms

    checked = set()
    for name, model_name, model, question in _questions():
        with model.state_graph(question) as state_graph:
            for routine in applicable_algorithms(name, model_name):
                result = SEARCHES[routine].run(state_graph.graph, state_graph.source, state_graph.targets,
                                               zero=state_graph.zero, heuristic=state_graph.heuristic)
                if routine == "networkx":
                    assert result.order is None  # networkx does not say: the page watches it instead
                    continue
                order = list(result.order)
                assert len(order) == len(set(order)) == result.stats.settled, (name, model_name, routine)
                assert order[:1] in ([state_graph.source], []) and set(order) <= set(state_graph.graph)
                checked.add(routine)
    assert checked == set(SEARCHES) - {"networkx"}


def test_dijkstra_settles_in_order_of_distance():
    graph = nx.gnm_random_graph(300, 1500, seed=7, directed=True)
    for u, v in graph.edges:
        graph.edges[u, v]["weight"] = (u * 7 + v * 3) % 11
    result = SEARCHES["dijkstra"].run(graph, 0, frozenset(), zero=0)
    distances = [result.dist[s] for s in result.order]
    assert distances == sorted(distances) and len(distances) == len(nx.descendants(graph, 0)) + 1


def test_settled_states_back_the_routine_without_an_order(sample):
    """networkx reports no order: the page takes the states it watched it settle, nearest first."""
    settings = Settings.of("arrow_maze")
    built = page(settings, sample("arrow_maze").read_text())
    [replay] = [r for r in built.data["replays"] if r["name"] == "networkx"]
    graph = built.data["graph"]
    order = sorted((at, i) for i, at in enumerate(replay["settled_at"]) if at >= 0)
    distances = [graph["dist"][i] for _, i in order]
    assert distances == sorted(distances) and replay["settled"] == len(order)


# large graphs and the budget ------------------------------------------------------------------------

def test_a_large_graph_draws_the_path_and_its_neighbourhood(tmp_path, capsys):
    path = tmp_path / "open.txt"
    path.write_bytes(open_maze(30) + b"0 0\n")  # 3,361 states: the 2,000 drawn end part-way through a ring
    out = tmp_path / "open.html"
    status, _, err = run_cli("view", "pushing_boxes", path, "-o", out)
    assert status == 0, err
    text = out.read_text(encoding="utf-8")
    data = page_data(text)
    graph = data["graph"]
    assert graph["total"] > PAGE.MAX_DRAWN_STATES >= graph["drawn"] and graph["radius"] >= 1
    flat = exported(capsys, "pushing_boxes", path, None, 1, None)
    assert graph["total"] == len(flat["nodes"])
    around = nx.Graph((e["source"], e["target"]) for e in flat["edges"])
    on_path = [n["id"] for n in sorted(flat["nodes"], key=lambda n: n.get("step", -1)) if n.get("on_path")]
    assert [graph["labels"][i] for i in graph["path"]] == on_path
    hops = dict.fromkeys(on_path, 0)
    queue = deque(on_path)
    while queue:
        u = queue.popleft()
        for v in around[u]:
            if v not in hops:
                hops[v] = hops[u] + 1
                queue.append(v)
    drawn = set(graph["labels"][:graph["drawn"]])
    within = {n for n, h in hops.items() if h <= graph["radius"]}
    beyond = {n for n, h in hops.items() if h == graph["radius"] + 1}
    assert within <= drawn and drawn - within <= beyond  # the rings drawn whole, and part of the next
    assert len(within | beyond) > PAGE.MAX_DRAWN_STATES  # which does not fit whole
    assert graph["ring_in_part"] == (drawn != within) and graph["drawn"] == PAGE.MAX_DRAWN_STATES
    assert len(text.encode()) < PAGE.MAX_PAGE_BYTES


def over_budget(capsys, tmp_path, path, budget: int, monkeypatch) -> str:
    """``view`` of maze 3 with ``budget`` bytes: refused with one line, the old page left; that line."""
    out = tmp_path / "page.html"
    out.write_text("the old page")
    monkeypatch.setattr(PAGE, "MAX_PAGE_BYTES", budget)
    status, stdout, err = run_cli("view", "pushing_boxes", path, "--instance", 3, "-o", out)
    assert status == 2 and stdout == "" and len(err.splitlines()) == 1, err
    assert out.read_text() == "the old page" and {p.name for p in tmp_path.iterdir()} >= {"page.html"}
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]
    return err


def written_size(capsys, tmp_path, path) -> int:
    out = tmp_path / "whole.html"
    status, _, err = run_cli("view", "pushing_boxes", path, "--instance", 3, "-o", out)
    assert status == 0, err
    size = out.stat().st_size
    out.unlink()
    return size


def test_a_page_over_the_budget_is_refused_before_it_is_written(sample, tmp_path, capsys, monkeypatch):
    """A byte over: the count of the whole data refuses it, with its size, before any JSON or HTML."""
    path = sample("pushing_boxes")
    size = written_size(capsys, tmp_path, path)
    monkeypatch.setattr(PAGE, "render", lambda data: pytest.fail("the page was written"))
    err = over_budget(capsys, tmp_path, path, size - 1, monkeypatch)
    found = re.fullmatch(r"stategraph: error: the page of maze 3 would be (\d+) kB, above the page budget of "
                         r"(\d+) kB; export its state graph with `stategraph export` instead\n", err)
    assert found and int(found.group(1)) == round(size / 1000) == int(found.group(2)), err


def test_a_graph_part_over_the_budget_is_refused_before_the_replays_and_the_explanation(sample, tmp_path, capsys,
                                                                                        monkeypatch):
    """A budget below what the drawn graph alone takes (with the page's script and style)."""
    for name in ("replay", "explanation", "_scenes", "render"):
        monkeypatch.setattr(PAGE, name, lambda *a, name=name, **k: pytest.fail(f"{name} was run"))
    err = over_budget(capsys, tmp_path, sample("pushing_boxes"), 20_000, monkeypatch)
    found = re.match(r"stategraph: error: the page of maze 3 would be over (\d+) kB, above the page budget of 20 kB",
                     err)
    assert found and int(found.group(1)) * 1000 > 20_000, err


def test_a_count_that_falls_short_is_caught_by_the_written_page(sample, tmp_path, capsys, monkeypatch):
    """Should the count miss, the page written in memory is measured before the file is replaced."""
    path = sample("pushing_boxes")
    size = written_size(capsys, tmp_path, path)
    monkeypatch.setattr(PAGE, "page_size", lambda data: 0)
    err = over_budget(capsys, tmp_path, path, size - 1, monkeypatch)
    assert f"the page of maze 3 would be {round(size / 1000)} kB, above the page budget" in err, err


def test_a_path_too_long_for_the_budget_is_refused_before_the_page_is_built(sample, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(PAGE, "MIN_STEP_BYTES", 10_000_000)
    monkeypatch.setattr(PAGE, "neighbourhood", lambda *a, **k: pytest.fail("the page was built"))
    status, _, err = run_cli("view", "arrow_maze", sample("arrow_maze"), "-o", tmp_path / "p.html")
    assert status == 2 and "the canonical path has 14 moves" in err and "page budget of 5 MB" in err
    assert not (tmp_path / "p.html").exists()


def test_standard_output(sample, capsys):
    status, out, err = run_cli("view", "huarong", sample("huarong"), "--query", 2, "-o", "-")
    assert status == 0 and err == ""
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert page_data(out)["query"] == 2


@pytest.mark.parametrize("args,message", [
    ((), "view needs -o FILE.html"),
    (("-o", "page.txt"), "the page is an HTML file: name it FILE.html"),
    (("-o", "no/such/folder/page.html"), "cannot write the page to no/such/folder/page.html: No such file"),
    (("-o", "folder.html"), "cannot write the page to folder.html: Is a directory"),
    (("--instance", "0", "-o", "p.html"), "--instance counts from 1"),
    (("--query", "0", "-o", "p.html"), "--query counts from 1"),
    (("-a", "bogus", "-o", "p.html"), "unknown algorithm 'bogus'"),
    (("-m", "bogus", "-o", "p.html"), "no model 'bogus'"),
])
def test_bad_options_and_paths_are_one_line_before_the_input_is_read(args, message, tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.html").mkdir()
    status, out, err = run_cli("view", "huarong", "missing-input.txt", *args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert message in err and "missing-input" not in err, err


def test_the_input_is_read_as_a_stream_and_a_failed_write_is_exit_4(sample, tmp_path):
    """``/dev/zero`` is refused at its first token; a page that cannot be written to standard
    output (a full disk) is one line and exit status 4."""
    import subprocess

    run = [sys.executable, "-m", "stategraph", "view", "pushing_boxes"]
    done = subprocess.run(run + ["/dev/zero", "-o", str(tmp_path / "p.html")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "a token longer than" in done.stderr and done.stderr.count("\n") == 1
    with open("/dev/full", "w") as full:
        done = subprocess.run(run + [str(sample("pushing_boxes")), "-o", "-"], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    assert done.returncode == 4
    assert done.stderr == "stategraph: error: cannot write the page to standard output: No space left on device\n"


def test_bad_input_questions_and_the_input_itself(sample, tmp_path, capsys):
    path = sample("huarong")
    for args, message in (((path, "--instance", 2), "the input has no instance 2"),
                          ((path, "--query", 9), "the input has no instance 1 with query 9"),
                          ((tmp_path / "none.txt",), "cannot read input")):
        status, _, err = run_cli("view", "huarong", *args, "-o", tmp_path / "p.html")
        assert status == 2 and message in err and len(err.splitlines()) == 1, err
    page_path = tmp_path / "board.html"
    page_path.write_text(get_puzzle("huarong").sample_text())
    status, _, err = run_cli("view", "huarong", page_path, "-o", page_path)
    assert status == 2 and "it is the input file" in err
    assert not list(tmp_path.glob("p.html"))


# the page itself ------------------------------------------------------------------------------------

def test_the_page_needs_nothing_else(sample):
    built = page("arrow_maze", sample("arrow_maze").read_text())
    text = built.html
    assert "default-src 'none'" in text  # the browser refuses every request the page might make
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?!data:)""", text)
    assert set(re.findall(r"https?://[^\s\"'`)]+", text)) <= {"http://www.w3.org/2000/svg"}  # a namespace name
    assert text.count("<script") == 2 and "import " not in text.split('id="page-data"')[0]
    assert built.size == len(text.encode("utf-8")) < PAGE.MAX_PAGE_BYTES


def test_a_notebook_shows_the_page_in_an_isolated_frame(sample):
    built = page(get_puzzle("huarong"), sample("huarong").read_text(), query=1)
    assert isinstance(built, Page)
    shown = built._repr_html_()
    found = re.fullmatch(r'<iframe srcdoc="([^"]*)" sandbox="allow-scripts" title="[^"]*" style="[^"]*"></iframe>',
                         shown)
    assert found and "<" not in found.group(1)
    assert html.unescape(found.group(1)) == built.html


def test_label_data_cannot_close_the_script(sample):
    """Text in the data (a plug-in's state labels, say) stays data, whatever it holds."""
    built = page("arrow_maze", sample("arrow_maze").read_text())
    built.data["title"] = built.data["graph"]["labels"][0] = "</script><b>x & \u2028"
    text = PAGE.render(built.data)
    assert "</script><b>" not in text and page_data(text)["graph"]["labels"][0] == "</script><b>x & \u2028"


def test_the_function_and_its_module_both_build_pages(sample):
    text = sample("arrow_maze").read_text()
    assert PAGE(  # the module, where it was imported before the function was asked for
        "arrow_maze", text).data == page("arrow_maze", text).data


class Steps:
    """From 0 to n by +1 and +2 (a first-level model counted without its graph)."""

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        for step in (1, 2):
            if x + step <= n:
                yield f"+{step}", x + step, 1


class Ones(Steps):
    """From 0 to n by +1 alone."""

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1


class Climb(SuccessorPuzzle):
    name, summary, sample = "climb", "0 to n", "6\n"
    models = {"steps": Steps, "ones": Ones}
    profile = WeightProfile(unit=True)  # declared: a search builds only what it reaches, the size is counted

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 100)


def test_the_shown_models_whole_graph_is_not_counted_again(monkeypatch):
    compact = importlib.import_module("stategraph.graph.compact")
    counted = []
    explore_compact = compact.explore_compact
    monkeypatch.setattr(compact, "explore_compact", lambda rules, *a, **k: counted.append(type(rules).__name__)
                        or explore_compact(rules, *a, **k))
    built = page(Climb(), "6\n")
    assert [(m["name"], m["states"], m["edges"]) for m in built.data["models"]] == [("steps", 7, 11), ("ones", 7, 6)]
    assert counted == ["Ones"]  # the shown model's graph is built for the page: its size is read there
