"""``stategraph draw``: SVG and PNG pictures with the path in them, state graphs, animations."""

import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import deque

import pytest

pytest.importorskip("matplotlib")

from PIL import Image  # noqa: E402  (Pillow comes with matplotlib)

from stategraph import get_puzzle  # noqa: E402
from stategraph.cli.main import main  # noqa: E402
from stategraph.settings.resolve import Settings  # noqa: E402
from stategraph.views import draw  # noqa: E402
from stategraph.views.explain import explain  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from stategraph.contract.scene import CELL_STYLES, EXTRA_COLOURS  # noqa: E402
from test_views_layouts import KEYS_INPUT, STEPS, KeysAndDoors, drawn_points  # noqa: E402

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")

PNG = b"\x89PNG\r\n\x1a\n"
CASES = {  # puzzle: (instance, the gids of its path)
    "pushing_boxes": (3, {"box-path", "player-path"}),
    "huarong": (1, {"piece-path", "blank-path"}),
    "arrow_maze": (1, {"route-path"}),
}


def _ids(path):
    return {element.get("id") for element in ET.parse(path).getroot().iter()}


# long animations; huarong's stays quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_animation_has_one_frame_per_step[arrow_maze]",
    "test_animation_has_one_frame_per_step[pushing_boxes]",
    "test_the_command_says_how_many_states_it_left_out",  # a plug-in in a process of its own, drawn twice
}


@pytest.fixture
def sample(tmp_path):
    def write(puzzle):
        path = tmp_path / f"{puzzle}.txt"
        path.write_text(get_puzzle(puzzle).sample_text())
        return str(path)
    return write


@pytest.mark.parametrize("puzzle", CASES)
def test_grid_svg_and_png_with_the_path(puzzle, sample, tmp_path, capsys):
    instance, gids = CASES[puzzle]
    svg, png = tmp_path / "grid.svg", tmp_path / "grid.png"
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "-o", str(svg)]) == 0
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "-o", str(png)]) == 0
    ids = _ids(svg)
    assert gids <= ids and {"target", "start"} <= ids
    assert png.read_bytes()[:8] == PNG
    assert "wrote" in capsys.readouterr().err


@pytest.mark.parametrize("puzzle", CASES)
def test_state_graph_svg_and_png(puzzle, sample, tmp_path):
    instance, _ = CASES[puzzle]
    svg, png = tmp_path / "graph.svg", tmp_path / "graph.png"
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "--graph", "-o", str(svg)]) == 0
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "--graph", "-o", str(png)]) == 0
    assert {"canonical-path", "states", "settled-states"} <= _ids(svg)
    assert png.read_bytes()[:8] == PNG


def test_settled_states_shaded_match_the_routine(tmp_path):
    text = get_puzzle("pushing_boxes").sample_text()
    drawn = draw.draw_graph(Settings.of("pushing_boxes", algorithm="astar"), text, str(tmp_path / "g.svg"),
                            instance=3)
    assert drawn == {"states": 17, "drawn": 17, "edges": 28, "settled": 7, "path": 7}  # astar: 7 (docs/models.md)


@pytest.mark.parametrize("puzzle", CASES)
def test_animation_has_one_frame_per_step(puzzle, sample, tmp_path, monkeypatch):
    """The start first, then each step's picture: frame k is the scene after the first k steps."""
    instance, _ = CASES[puzzle]
    gif = tmp_path / "solution.gif"
    shown = []
    scene_of = draw.scene_of
    monkeypatch.setattr(draw, "scene_of", lambda *a, upto=None: shown.append(upto) or scene_of(*a, upto=upto))
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "--animate", str(gif)]) == 0
    [explanation] = explain(puzzle, open(sample(puzzle)).read(), instance=instance)
    with Image.open(gif) as image:
        assert image.format == "GIF"
        assert image.n_frames == len(explanation["steps"]) + 1 > 1
    frames = [upto for upto in shown if upto is not None]  # (None: the last scene, measured before any frame)
    assert sorted(set(frames)) == list(range(len(explanation["steps"]) + 1)) and frames[-1] == len(explanation["steps"])


OPEN_GRID = """\
from stategraph.contract.answer_line import COST
from stategraph.contract.first_level import SuccessorPuzzle

STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


class OpenGrid(SuccessorPuzzle):
    name, summary, sample, output, counted = "open_grid", "walk to (1,5)", "1\\n22 22\\n", COST, True

    def read(self, tokens, limits):
        return tokens.integer("rows", 1, 40), tokens.integer("cols", 1, 40)

    def start(self, size):
        return 1, 1

    def is_goal(self, size, state):
        return state == (1, 5)

    def moves(self, size, state):
        for letter, (dr, dc) in STEPS.items():
            r, c = state[0] + dr, state[1] + dc
            if 1 <= r <= size[0] and 1 <= c <= size[1]:
                yield letter, (r, c), 1

    def position(self, size, state):
        return state
"""  # a walk on an open grid from (1,1) to (1,5), each state placed at its cell; no picture: draw shows its graph
_LOADED: dict = {}
exec(OPEN_GRID, _LOADED)
OpenGrid = _LOADED["OpenGrid"]


def hops_from(cells: list, size: tuple) -> dict:
    """Moves (either way) from the nearest of ``cells`` to every cell of the open grid."""
    hops = dict.fromkeys(cells, 0)
    queue = deque(cells)
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS.values():
            near = (r + dr, c + dc)
            if 1 <= near[0] <= size[0] and 1 <= near[1] <= size[1] and near not in hops:
                hops[near] = hops[r, c] + 1
                queue.append(near)
    return hops


def test_a_large_graph_is_drawn_as_its_path_and_neighbourhood(tmp_path, capsys, monkeypatch):
    """22 x 22 = 484 states, above the 400 drawn: the path (4 moves east) and the rings round it,
    found again here by the drawn states' places; the title and the command say what is left out."""
    import matplotlib

    monkeypatch.setitem(matplotlib.rcParams, "svg.fonttype", "none")  # the title as text, to be read
    svg = tmp_path / "g.svg"
    counts = draw.draw_graph(Settings.of(OpenGrid()), "1\n22 22\n", str(svg))
    assert counts["states"] == 22 * 22 and counts["drawn"] == draw.MAX_GRAPH_STATES == 400
    assert counts["path"] == 5
    root = ET.parse(svg).getroot()
    title = " ".join("".join(t.itertext()) for t in root.iter() if t.tag.endswith("text"))
    assert "drawn 400 of 484 states (the canonical path and its neighbourhood)" in title
    points = drawn_points(svg)
    xs, ys = sorted({round(x, 1) for x, _ in points}), sorted({round(y, 1) for _, y in points})
    column, row = {x: k for k, x in enumerate(xs, start=1)}, {y: k for k, y in enumerate(ys, start=1)}
    cells = {(row[round(y, 1)], column[round(x, 1)]) for x, y in points}
    assert len(cells) == 400
    hops = hops_from([(1, c) for c in range(1, 6)], (22, 22))
    radius = max(h for cell, h in hops.items() if cell in cells) - 1
    assert {cell for cell, h in hops.items() if h <= radius} <= cells  # the rings drawn whole, part of the next
    assert all(hops[cell] <= radius + 1 for cell in cells)
    assert [e.get("id") for e in root.iter()].count("canonical-path") == 4


def test_the_command_says_how_many_states_it_left_out(tmp_path):
    """The plug-in's 484 states drawn in part, and its animation (no scene: the drawn part, played)."""
    from plugin_cli import run

    (tmp_path / "open_grid.py").write_text(OPEN_GRID)
    (tmp_path / "puzzle.yaml").write_text("puzzle: open_grid:OpenGrid\n")
    done = run(tmp_path, "draw", "--config", "puzzle.yaml", "-", "--graph", "-o", "g.svg", "--animate", "g.gif",
               stdin="1\n22 22\n")
    assert done.returncode == 0, done.stderr
    graph, animation = done.stderr.splitlines()
    assert re.fullmatch(r"stategraph: wrote g.svg: drawn 400 of 484 states \(the canonical path and its "
                        r"neighbourhood\), \d+ settled by dijkstra", graph), graph
    assert animation == "stategraph: wrote g.gif: 5 frames"  # the start and 4 moves
    with Image.open(tmp_path / "g.gif") as image:
        assert image.n_frames == 5


def test_a_scene_with_a_legend_and_a_style_of_its_own(tmp_path):
    """The keys and doors' scene: its trail, its legend, its doors in the first colour of a style of
    the puzzle's own, every other cell in its style's colour."""
    svg = tmp_path / "keys.svg"
    assert draw.draw_solution(Settings.of(KeysAndDoors()), KEYS_INPUT, str(svg)) is not None
    root = ET.parse(svg).getroot()
    ids = {element.get("id") for element in root.iter()}
    assert {"walk-path", "legend", "here", "target", "cells"} <= ids
    fills = {part.split(":")[1].strip() for element in root.iter() for part in (element.get("style") or "").split(";")
             if part.strip().startswith("fill:")}
    assert EXTRA_COLOURS[0] in fills  # "gate", the only style of its own
    assert {CELL_STYLES[kind] for kind in ("wall", "floor", "start", "key")} <= fills
    [legend] = [element for element in root.iter() if element.get("id") == "legend"]
    legend_fills = {part.split(":")[1].strip() for element in legend.iter()
                    for part in (element.get("style") or "").split(";") if part.strip().startswith("fill:")}
    assert {CELL_STYLES["wall"], CELL_STYLES["key"], EXTRA_COLOURS[0]} <= legend_fills  # a swatch an entry


def test_a_text_picture_is_drawn_as_text(tmp_path):
    """The water jugs picture no grid: their lines of text, no cell."""
    from example_folders import run_in

    folder = os.path.join(EXAMPLES, "water_jug")
    done = run_in(folder, "draw", "--config", "puzzle.yaml", "input.txt", "-o", str(tmp_path / "jugs.svg"),
                  separate=False)
    assert done.returncode == 0, done.stderr
    root = ET.parse(tmp_path / "jugs.svg").getroot()
    [grid] = [element for element in root.iter() if element.get("id") == "grid"]
    inside = {element.get("id") for element in grid.iter() if element.get("id")}
    assert "text-picture" in inside and "cells" not in inside
    assert not [name for name in inside if name.startswith("patch")]  # no rectangle at all


def test_bad_extension_and_missing_output(sample, tmp_path, capsys):
    assert main(["draw", "huarong", sample("huarong"), "-o", str(tmp_path / "x.jpg")]) == 2
    assert main(["draw", "huarong", sample("huarong")]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 2


def test_without_matplotlib_one_line_and_exit_2(sample, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    assert main(["draw", "huarong", sample("huarong"), "-o", str(tmp_path / "x.svg")]) == 2
    err = capsys.readouterr().err
    assert err == "stategraph: error: drawing needs matplotlib: pip install 'stategraph[draw]'\n"


@pytest.mark.parametrize("puzzle,model,algorithm", [
    ("arrow_maze", "cell_heading", "bfs"), ("arrow_maze", "cell_heading", "spfa"),
    ("huarong", "piece_blank", "bfs"), ("huarong", "piece_side", "dijkstra"),
    ("pushing_boxes", "box_player", "layered_bfs"), ("pushing_boxes", "box_side", "bidirectional_dijkstra")])
def test_shaded_states_count_as_the_routine_reports(puzzle, model, algorithm):
    from stategraph.search.solution import solve

    chosen = get_puzzle(puzzle)
    Settings.of(puzzle, model=model, algorithm=algorithm)  # the pair applies
    instance = next(chosen.parse(chosen.sample_text()))
    built = chosen.model(model)(instance)
    question = next(iter(chosen.questions(instance)))
    with built.state_graph(question) as state_graph:
        solution = solve(state_graph, algorithm)
        shaded = solution.search.settled_order()  # what draw --graph and the page shade
        assert len(shaded) == len(set(shaded)) == solution.stats["settled"]
