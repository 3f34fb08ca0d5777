"""``stategraph draw``: SVG and PNG pictures with the path in them, state graphs, animations."""

import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("matplotlib")

from PIL import Image  # noqa: E402  (Pillow comes with matplotlib)

from stategraph import get_puzzle  # noqa: E402
from stategraph.cli.main import main  # noqa: E402
from stategraph.settings.resolve import Settings  # noqa: E402
from stategraph.views import draw  # noqa: E402
from stategraph.views.explain import explain  # noqa: E402

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
    assert drawn == {"states": 17, "edges": 28, "settled": 7, "path": 7}  # astar settles 7 (docs/models.md)


@pytest.mark.parametrize("puzzle", CASES)
def test_animation_has_one_frame_per_step(puzzle, sample, tmp_path):
    instance, _ = CASES[puzzle]
    gif = tmp_path / "solution.gif"
    assert main(["draw", puzzle, sample(puzzle), "--instance", str(instance), "--animate", str(gif)]) == 0
    [explanation] = explain(puzzle, open(sample(puzzle)).read(), instance=instance)
    with Image.open(gif) as image:
        assert image.format == "GIF"
        assert image.n_frames == len(explanation["steps"]) > 0


def test_graph_too_large_is_refused_politely(tmp_path, capsys):
    maze = tmp_path / "open.txt"
    maze.write_text("8 8\n" + "S.......\n" + ".B......\n" + "........\n" * 5 + ".......T\n0 0\n")
    status = main(["draw", "pushing_boxes", str(maze), "--model", "box_player", "--graph", "-o",
                   str(tmp_path / "g.svg")])
    err = capsys.readouterr().err
    assert status == 2 and "above the drawing limit of 400" in err and "export" in err
    assert not (tmp_path / "g.svg").exists()


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
