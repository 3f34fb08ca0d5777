"""The page of ``stategraph view`` in a real browser at 1024 pixels: nothing on it is wider than its
panel, so the page never scrolls sideways (every example's page, and both frames of ``grade --page``);
its canonical path stands out over the moves between copies; it counts one state or move in the
singular.

Pages are written by the command line from a copy of each example's folder (``examples/*/`` with
its ``puzzle.yaml`` and ``input.txt``) and opened in headless Chromium through Playwright; without
them the tests are skipped, with the reason.  A wide element is named with its width and its
panel's, so a failure says what to fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from example_folders import EXAMPLES, copy_of, run_in
from plugin_cli import run

WIDTH = 1024  # the narrowest window the page is laid out for in two columns and more
CASES = [(folder.name, ()) for folder in sorted(EXAMPLES.iterdir())
         if (folder / "puzzle.yaml").exists() and (folder / "input.txt").exists()]
CASES.append(("river_crossing", ("--instance", "4")))  # the field's report: refused routines, groups
IDS = [name + "".join(picks).replace("--instance", "-") for name, picks in CASES]

# a page a case (a few seconds each: the 8-puzzle's replays search all 181,440 boards); river_crossing-4 stays
# quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {f"test_no_element_is_wider_than_its_panel[{name}]" for name in IDS if name != "river_crossing-4"} | {
    "test_the_frames_of_grade_page_fit_too"}

# every element of a panel whose right edge passes the panel's, and the document's widths
OVERFLOW = """() => {
  const wide = [];
  for (const panel of document.querySelectorAll(".panel")) {
    const edge = panel.getBoundingClientRect().right;
    for (const node of panel.querySelectorAll("*")) {
      const box = node.getBoundingClientRect();
      if (box.width > 0 && box.right > edge + 0.5) {
        wide.push(`${node.tagName.toLowerCase()}#${node.id} is ${Math.round(box.width)} px wide, its panel ` +
                  `${panel.id} ${Math.round(panel.getBoundingClientRect().width)} px`);
      }
    }
  }
  const root = document.documentElement;
  return {wide: wide.slice(0, 5), scroll: root.scrollWidth, client: root.clientWidth};
}"""


def opened(browser, path: Path):
    tab = browser.new_page(viewport={"width": WIDTH, "height": 900})
    tab.goto(path.resolve().as_uri(), wait_until="load")
    tab.wait_for_selector("body[data-ready=yes]", timeout=20_000)
    return tab


def assert_fits(frame, where: str) -> None:
    found = frame.evaluate(OVERFLOW)
    assert found["wide"] == [], f"{where}: {found['wide']}"
    assert found["scroll"] <= found["client"], f"{where}: the page is {found['scroll']} px wide in {found['client']}"


def view_page(tmp_path_factory, name: str, picks=()) -> Path:
    folder = copy_of(tmp_path_factory, name)
    done = run_in(folder, "view", "--config", "puzzle.yaml", "input.txt", *picks, "-o", "page.html", separate=False)
    assert done.returncode == 0, done.stderr
    return folder / "page.html"


@pytest.mark.parametrize("name, picks", CASES, ids=IDS)
def test_no_element_is_wider_than_its_panel(name, picks, browser, tmp_path_factory):
    tab = opened(browser, view_page(tmp_path_factory, name, picks))
    try:
        assert_fits(tab, f"{name} at the start")
        tab.keyboard.press("End")  # the last step's picture and state
        assert_fits(tab, f"{name} at the last step")
    finally:
        tab.close()


def test_the_frames_of_grade_page_fit_too(browser, tmp_path_factory):
    folder = copy_of(tmp_path_factory, "river_crossing")
    (folder / "wrong.yaml").write_text("puzzle: river_crossing:RiverCrossing\nmodel: no_boat\n")
    done = run_in(folder, "grade", "wrong.yaml", "--reference", "puzzle.yaml", "-n", "20", "--page", "case.html",
                  timeout=300)
    assert done.returncode == 3, done.stderr  # no_boat forgets the boat: a counterexample
    tab = browser.new_page(viewport={"width": WIDTH, "height": 900})
    try:
        tab.goto((folder / "case.html").resolve().as_uri(), wait_until="load")
        frames = tab.frames[1:]
        assert len(frames) == 2
        for frame in frames:
            frame.wait_for_selector("body[data-ready=yes]", timeout=20_000)
            assert_fits(frame, f"the frame {frame.name or frame.url[:40]}")
        assert_fits(tab, "the grade page")
    finally:
        tab.close()


# the canonical path over the moves between copies ----------------------------------------------------------

PATH_STYLE = """() => {
  const svg = document.getElementById("graph-svg");
  const order = [...svg.children].map((node) => node.getAttribute("class"));
  const width = (selector) => parseFloat(getComputedStyle(svg.querySelector(selector)).strokeWidth);
  const halo = svg.querySelector(".path-halo");
  return {order, path: width(".path-line"), across: width(".edge.across"), halo: width(".path-halo"),
          haloColour: getComputedStyle(halo).stroke, haloPoints: halo.getAttribute("points"),
          pathPoints: svg.querySelector(".path-line").getAttribute("points")};
}"""


def test_the_pages_path_stands_out_over_the_moves_between_copies(browser, tmp_path_factory):
    tab = opened(browser, view_page(tmp_path_factory, "river_crossing", ("--instance", "4")))
    try:
        found = tab.evaluate(PATH_STYLE)
    finally:
        tab.close()
    order = found["order"]
    assert order.index("edges") < order.index("path-halo") < order.index("path-line"), order
    assert found["haloPoints"] == found["pathPoints"]  # the halo runs under the whole path
    assert found["haloColour"] == "rgb(255, 255, 255)" and found["halo"] > found["path"] > found["across"], found


# one state, one move ---------------------------------------------------------------------------------------

ONE_MOVE = '''\
from stategraph import COST, SuccessorPuzzle


class Step(SuccessorPuzzle):
    name, summary, sample, output = "step", "one step", "1\\n", COST

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 1)

    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if state < n:
            yield "R", state + 1, 1
'''


def test_the_page_counts_one_move_and_one_edge_in_the_singular(browser, tmp_path):
    (tmp_path / "step.py").write_text(ONE_MOVE)  # two states, one edge, a path of one move
    done = run(tmp_path, "view", "step:Step", "-", "-o", "page.html", stdin="1\n", separate=False)
    assert done.returncode == 0, done.stderr
    tab = opened(browser, tmp_path / "page.html")
    try:
        note, where, total = (tab.locator(s).inner_text() for s in ("#graph-note", "#state-path", "#replay-total"))
    finally:
        tab.close()
    assert note.startswith("2 states, 1 edge;") or note.startswith("2 states, 1 edge."), note
    assert "(1 move)" in where, where
    assert total == "2 states", total
