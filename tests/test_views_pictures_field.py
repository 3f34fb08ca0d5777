"""Pictures as the field found them (issue 42): what ``draw`` and the page draw is what the docs say.

A state graph without places is laid out with no library beyond matplotlib and never past the 400
states ``docs/cli.md`` promises; a file named only by its suffix (``.svg``) is written; a question
without a solution shows no route and says so; a text picture's file is the size of its text; the
canonical path stands out over the moves between copies; ``group`` works without ``position``;
counts are singular for one.  Expected counts, places and groups are found here from the puzzles'
own rules and texts, never read from the code under test.
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("matplotlib")

from example_folders import copy_of, run_in  # noqa: E402
from plugin_cli import one_line, run  # noqa: E402
from stategraph.contract.answer_line import COST  # noqa: E402
from stategraph.contract.first_level import SuccessorPuzzle  # noqa: E402
from stategraph.io.safefile import output_name  # noqa: E402
from stategraph.settings.resolve import Settings  # noqa: E402
from stategraph.views import draw, page  # noqa: E402

LIMIT = 400  # the states draw --graph draws at most: docs/cli.md, docs/trust.md
SVG = "{http://www.w3.org/2000/svg}"


def ids(path) -> list:
    return [element.get("id") for element in ET.parse(path).getroot().iter() if element.get("id")]


def element(path, gid):
    [found] = [e for e in ET.parse(path).getroot().iter() if e.get("id") == gid]
    return found


def texts(path) -> str:
    """Every text an SVG written with ``svg.fonttype: none`` holds, joined."""
    return " | ".join("".join(t.itertext()) for t in ET.parse(path).getroot().iter() if t.tag == f"{SVG}text")


@pytest.fixture
def readable(monkeypatch):
    """Texts written as text, to be read back (matplotlib draws them as paths by default)."""
    import matplotlib

    monkeypatch.setitem(matplotlib.rcParams, "svg.fonttype", "none")


class Line(SuccessorPuzzle):
    """A line of ``n + 1`` states, 0 to n; with ``side``, each state's group is its parity."""

    name, summary, sample, output, counted = "line", "walk to n", "1\n3\n", COST, True

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 5000)

    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if state < n:
            yield "R", state + 1, 1
        if state > 0:
            yield "L", state - 1, 1


class Fan(Line):
    """From 0, one move to each of 1..n; the goal is 1 (a short path in a large graph)."""

    def is_goal(self, n, state):
        return state == 1

    def moves(self, n, state):
        if state == 0:
            for k in range(1, n + 1):
                yield f"to {k}", k, 1


class Sides(Line):
    """The line, grouped by parity without places: ``group`` alone."""

    def group(self, n, state):
        return "even" if state % 2 == 0 else "odd"


# draw --graph: no scipy, and the limit held -------------------------------------------------------------

def test_a_path_longer_than_the_limit_is_one_line_not_a_picture(tmp_path):
    (tmp_path / "line.py").write_text(LINE_PLUGIN)
    n = 2 * LIMIT  # its path has n + 1 states, more than the limit
    done = run(tmp_path, "draw", "line:Line", "-", "--graph", "-o", "g.svg", stdin=f"1\n{n}\n", separate=False)
    assert done.returncode == 2, done.stderr
    line = one_line(done)
    assert f"{n + 1:,} states" in line and f"{LIMIT:,}" in line and "internal error" not in line, line
    assert not (tmp_path / "g.svg").exists()


LINE_PLUGIN = '''\
from stategraph import COST, SuccessorPuzzle


class Line(SuccessorPuzzle):
    name, summary, sample, output, counted = "line", "walk to n", "1\\n3\\n", COST, True

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 5000)

    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if state < n:
            yield "R", state + 1, 1
'''


def test_a_graph_without_places_is_laid_out_in_layers_without_scipy(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy -> ImportError: the draw extra has none
    svg = tmp_path / "g.svg"
    n = LIMIT - 1
    counts = draw.draw_graph(Settings.of(Line()), f"1\n{n}\n", str(svg))
    assert counts["states"] == counts["drawn"] == counts["path"] == n + 1
    points = draw_points(svg)
    assert len(points) == n + 1
    xs = [x for x, _ in points]  # the states in the order explored (breadth-first): 0, 1, ..., n, each a move further
    assert all(a < b for a, b in zip(xs, xs[1:])), "a layer a move: each state right of the one before"


def test_a_large_graph_is_drawn_within_the_limit(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)
    svg = tmp_path / "g.svg"
    n = LIMIT + 100
    counts = draw.draw_graph(Settings.of(Fan()), f"1\n{n}\n", str(svg))
    assert counts["states"] == n + 1 and counts["drawn"] <= LIMIT and len(draw_points(svg)) == counts["drawn"]


def draw_points(svg) -> list[tuple[float, float]]:
    states = element(svg, "states")
    return [(float(use.get("x")), float(use.get("y"))) for use in states.iter() if use.tag.endswith("use")]


# a file named only by its suffix ----------------------------------------------------------------------

MAGIC = {".svg": b"<?xml", ".png": b"\x89PNG", ".gif": b"GIF8"}


@pytest.mark.parametrize("name", [".svg", ".png", "a.b.svg", "..svg"])
def test_the_temporary_file_keeps_the_targets_suffix(name, tmp_path):
    target = tmp_path / name
    with output_name(str(target), "the picture") as temporary:
        assert temporary.endswith(name[name.rindex("."):]) and temporary != str(target)
        with open(temporary, "w") as handle:
            handle.write("whole")
    assert target.read_text() == "whole" and sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_draw_animate_and_plot_write_files_named_only_by_their_suffix(tmp_path_factory):
    folder = copy_of(tmp_path_factory, "river_crossing")
    done = run_in(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "4", "-o", ".svg",
                  "--animate", ".gif", separate=False)
    assert done.returncode == 0, done.stderr
    plotted = run_in(folder, "compare", "--config", "puzzle.yaml", "input.txt", "--plot", ".png", separate=False)
    assert "wrote .png" in plotted.stderr and "internal error" not in plotted.stderr, plotted.stderr
    for name in (".svg", ".gif", ".png"):
        assert (folder / name).read_bytes().startswith(MAGIC[name]), name
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp") or ".tmp." in p.name]


# no solution: no route ---------------------------------------------------------------------------------

WALLED = "1 3\nS#G\n0 0\n"  # S cannot reach G
OPEN = "1 3\nS.G\n0 0\n"


def walk():
    from stategraph import GridPuzzle

    class Walk(GridPuzzle):
        name, summary, sample = "walk", "walk from S to G", OPEN
        legend, once = {"#": "wall", ".": "floor", "S": "start", "G": "goal"}, "SG"

        def start(self, grid):
            return grid.find("S")

        def is_goal(self, grid, cell):
            return grid[cell] == "G"

        def moves(self, grid, cell):
            for letter, step in grid.steps(cell):
                yield letter, step, 1

    return Walk()


def test_a_question_without_a_solution_is_drawn_without_a_route(tmp_path, readable):
    solved, unsolved = tmp_path / "solved.svg", tmp_path / "unsolved.svg"
    draw.draw_solution(Settings.of(walk()), OPEN, str(solved))
    draw.draw_solution(Settings.of(walk()), WALLED, str(unsolved))
    assert "route-path" in ids(solved) and "route" in legend_of(solved)  # the control: a route where there is one
    assert "route-path" not in ids(unsolved), "a route of the start alone is drawn"
    assert "route" not in legend_of(unsolved) and "wall" in legend_of(unsolved)
    assert "no solution" in "".join(element(unsolved, "no-solution").itertext())
    assert "no-solution" not in ids(solved)


def legend_of(svg) -> str:
    return " ".join("".join(t.itertext()) for t in element(svg, "legend").iter() if t.tag == f"{SVG}text")


def test_the_page_of_a_question_without_a_solution_draws_no_route():
    scenes = page(walk(), WALLED).data["steps"]["scenes"]["scenes"]
    assert len(scenes) == 1 and scenes[0]["trails"] == []
    solved = page(walk(), OPEN).data["steps"]["scenes"]["scenes"]
    assert [trail[4] for trail in solved[-1]["trails"]] == ["route-path"]  # the control: a route where there is one


# a text picture: the file is the size of its text ------------------------------------------------------

@pytest.mark.parametrize("example, instance", [("river_crossing", "4"), ("hanoi", "1"), ("water_jug", "1")])
def test_a_text_picture_is_drawn_in_a_figure_its_size(example, instance, tmp_path_factory, readable):
    folder = copy_of(tmp_path_factory, example)
    told = json.loads(run_in(folder, "explain", "--config", "puzzle.yaml", "input.txt", "--instance", instance,
                             "--format", "json", separate=False).stdout)
    picture = told["steps"][-1]["picture"] if told["steps"] else told["picture"]  # the picture drawn: the last
    done = run_in(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", instance, "-o", "p.svg",
                  separate=False)
    assert done.returncode == 0, done.stderr
    root = ET.parse(folder / "p.svg").getroot()
    width, height = (float(root.get(side).removesuffix("pt")) for side in ("width", "height"))
    lines = picture.splitlines()
    title = next(t for t in texts(folder / "p.svg").split(" | ") if t.startswith("instance"))
    # at most 12 pt monospace (0.62 em a character, 1.3 em a line) and a 9 pt title (0.62 em a character at most),
    # with room for the margins (a tenth of an inch each side, and as much again)
    assert width <= max(12 * 0.62 * max(map(len, lines)), 9 * 0.62 * len(title)) + 30, (width, picture)
    assert height <= 12 * 1.3 * len(lines) + 9 * 1.3 + 30, (height, picture)


# the canonical path over the moves between copies ---------------------------------------------------------

def styles(node) -> dict:
    return dict(part.split(":", 1) for part in (node.get("style") or "").replace(" ", "").split(";") if ":" in part)


def strokes(group) -> list[dict]:
    return [styles(p) for p in group.iter() if p.tag == f"{SVG}path" and "stroke" in styles(p)]


def test_the_canonical_path_stands_out_over_the_moves_between_copies(tmp_path_factory):
    folder = copy_of(tmp_path_factory, "river_crossing")
    done = run_in(folder, "draw", "--config", "puzzle.yaml", "input.txt", "--instance", "4", "--graph", "-o", "g.svg",
                  separate=False)
    assert done.returncode == 0, done.stderr
    root = ET.parse(folder / "g.svg").getroot()
    order = [e.get("id") for e in root.iter() if e.get("id") in ("group-edges", "canonical-path")]
    assert order and order.index("canonical-path") > max(i for i, g in enumerate(order) if g == "group-edges")
    across = [s for g in root.iter() if g.get("id") == "group-edges" for s in strokes(g)]
    path = [s for g in root.iter() if g.get("id") == "canonical-path" for s in strokes(g)]
    widest_across = max(float(s.get("stroke-width", 1)) for s in across)
    red = [s for s in path if s["stroke"] != "#ffffff"]
    white = [s for s in path if s["stroke"] == "#ffffff"]
    assert red and all(float(s.get("stroke-width", 1)) > widest_across for s in red)
    assert len(white) == len(red) and all(float(w["stroke-width"]) > float(r["stroke-width"])
                                          for w, r in zip(white, red))  # each move edged in white, under it


# group without position ----------------------------------------------------------------------------------

def test_groups_without_places_are_copies_of_the_pages_own_layout():
    n = 6
    graph = page(Sides(), f"1\n{n}\n").data["graph"]
    labels = [int(label) for label in graph["labels"][:graph["drawn"]]]
    assert sorted(labels) == list(range(n + 1))
    wanted = ["even" if s % 2 == 0 else "odd" for s in labels]
    names = [g["label"] for g in graph["groups"]]
    assert names == ["group even", "group odd"]  # the start's group first, as a search reaches them
    assert [names[k] for k in graph["group_of"]] == [f"group {w}" for w in wanted]
    even = [x for x, w in zip(graph["x"], wanted) if w == "even"]
    odd = [x for x, w in zip(graph["x"], wanted) if w == "odd"]
    assert max(even) < min(odd), "the copies side by side"
    assert graph["placed"] is False


def test_draw_draws_a_copy_per_group_without_places(tmp_path):
    svg = tmp_path / "g.svg"
    draw.draw_graph(Settings.of(Sides()), "1\n6\n", str(svg))
    found = ids(svg)
    assert "group-0" in found and "group-1" in found and "group-2" not in found
    assert found.count("group-edges") == 2 * 6  # every move goes from one parity to the other


# counts: one state, one move ------------------------------------------------------------------------------

def test_a_picture_counts_one_state_in_the_singular(tmp_path, readable):
    svg = tmp_path / "g.svg"
    counts = draw.draw_graph(Settings.of(Line()), "1\n0\n", str(svg))  # the start is the goal: one state
    assert counts["states"] == 1
    title = texts(svg)
    assert re.search(r"\b1 state\b", title) and "1 states" not in title, title
