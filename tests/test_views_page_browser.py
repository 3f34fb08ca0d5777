"""The page of ``stategraph view`` in a real browser: headless Chromium driven by Playwright.

For every built-in puzzle and every example plug-in (``examples/*/puzzle.yaml``, run from its folder
with ``--config puzzle.yaml``), on its packaged sample (``stategraph sample NAME``), the page is
written by the CLI and then, in the browser: it loads with no console error and no request but its
own file; the slider and the arrow keys step through the texts ``explain --format json`` prints,
on the canonical path's states as ``export`` lists them; clicking a state shows its label and its
distance from the exported graph; each routine's replay ends on the ``settled`` count of
``solve --stats -a ROUTINE``; the models' counts are ``compare --format json``'s; the screenshot
is not blank; the file is within its budget; and all the while its strict Content-Security-Policy
(hashes, no ``'unsafe-inline'``) reports no violation, in the console or as a
``securitypolicyviolation`` event.  That the browser enforces that policy is shown too: a script,
a handler, a style attribute, a request, a form and a ``<base>`` added to the page are refused.
Every check is against a separate run of the command line (in this process, as
``tests/cli_runner.py`` runs it: nothing here is about the process).  Without Playwright or
Chromium these tests are skipped, with the reason.

``STATEGRAPH_SCREENSHOT=docs/view.png python -m pytest tests/test_views_page_browser.py -k screenshot``
writes the README's screenshot.
"""

import glob
import json
import os
import re
import time
from dataclasses import dataclass, field

import pytest
import yaml

from cli_runner import Result, run_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = 5_000_000  # the page budget docs/cli.md states
LOAD_TIMES: dict[str, float] = {}



@dataclass
class Case:
    id: str
    puzzle: list  # the puzzle's arguments: a name, or --config puzzle.yaml
    sample: str  # the puzzle whose sample is the input: a name, or a plug-in's module:Class
    cwd: str | None = None  # a plug-in's folder
    picks: list = field(default_factory=list)


# the examples whose pages show what no other's shows: grids (keys_doors, ice_maze), positions (hanoi),
# groups (river_crossing), a text picture (water_jug), a routine of one's own (student_bfs).  Not the
# other grids (knight, lights_out, rush_hour, sokoban), nor the 8-puzzle, whose checks' separate runs of
# whole-graph routines explore all 181,440 boards (a minute and a half): a page of a graph larger than
# it draws is held by test_views_page.py's large-graph test
SHOWN = {"keys_doors", "ice_maze", "hanoi", "river_crossing", "water_jug", "student_bfs"}


def _cases() -> list[Case]:
    cases = [Case("pushing_boxes", ["pushing_boxes"], "pushing_boxes", picks=["--instance", "3"]),
             Case("huarong", ["huarong"], "huarong", picks=["--query", "1"]),
             Case("arrow_maze", ["arrow_maze"], "arrow_maze")]
    for config in sorted(glob.glob(os.path.join(ROOT, "examples", "*", "puzzle.yaml"))):
        if os.path.basename(os.path.dirname(config)) not in SHOWN:
            continue
        with open(config, encoding="utf-8") as handle:
            spec = yaml.safe_load(handle)["puzzle"]
        folder = os.path.dirname(config)
        cases.append(Case(os.path.basename(folder), ["--config", "puzzle.yaml"], spec, cwd=folder))
    return cases


CASES = _cases()


def cli(args, cwd=None, check=True) -> Result:
    """``stategraph ARGS``, a run of its own (the shared runner, in this process: plug-ins loaded afresh)."""
    done = run_cli(*args, cwd=cwd)
    if check:
        assert done.returncode == 0, f"stategraph {' '.join(map(str, args))}: {done.stderr[-2000:]}"
    return done


def stats_settled(err: str, instance: int, query: int) -> int | None:
    lines = [line.split() for line in err.splitlines() if line.strip()]
    head = lines[0]
    rows = [dict(zip(head, row)) for row in lines[1:] if len(row) == len(head)]
    [row] = [r for r in rows if (r["instance"], r["query"]) == (str(instance), str(query))]
    return None if row["settled"] == "-" else int(row["settled"])


def page_data(text: str) -> dict:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


# the long walks; arrow_maze's page and the policy test stay quick
# (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_the_page_in_a_browser[pushing_boxes]",
    "test_the_page_in_a_browser[huarong]",
    "test_the_page_in_a_browser[ice_maze]",
    "test_the_page_in_a_browser[student_bfs]",
    "test_the_page_in_a_browser[water_jug]",
    "test_the_page_in_a_browser[hanoi]",
    "test_the_page_in_a_browser[river_crossing]",
    "test_a_suggested_layout_a_legend_and_a_text_picture",
}


@pytest.fixture(scope="module")
def browser(browser):
    """The session's headless Chromium (tests/conftest.py); the pages' load times printed after the module."""
    yield browser
    if LOAD_TIMES:
        print("\npage load times: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in LOAD_TIMES.items()))


# before the page's own script: every Content-Security-Policy violation, as the browser reports it
WATCH_POLICY = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
                          (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));"""


class Opened:
    """A page opened in the browser, with what it logged and asked for, and the policy violations."""

    def __init__(self, browser, path: str, name: str):
        self.tab = browser.new_page(viewport={"width": 1280, "height": 1400})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.tab.add_init_script(WATCH_POLICY)
        self.tab.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                    if m.type in ("error", "warning") or "Content Security Policy" in m.text else None)
        self.tab.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.tab.on("request", lambda r: self.requests.append(r.url))
        self.url = "file://" + os.path.abspath(path)
        started = time.perf_counter()
        self.tab.goto(self.url, wait_until="load")
        LOAD_TIMES[name] = time.perf_counter() - started
        self.tab.wait_for_selector("body[data-ready=yes]", timeout=10_000)

    def violations(self) -> list[str]:
        return self.tab.evaluate("window.__violations")

    def text(self, selector: str) -> str:
        return self.tab.locator(selector).inner_text()

    def attribute(self, selector: str, name: str):
        return self.tab.locator(selector).get_attribute(name)


def _distance(node: dict):
    return [node["dist_primary"], node["dist_secondary"]] if "dist_primary" in node else node["dist"]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_page_in_a_browser(case, browser, tmp_path):
    cwd = case.cwd or str(tmp_path)
    source = tmp_path / "input.txt"
    source.write_text(cli(["sample", case.sample], cwd=cwd).stdout)
    out = tmp_path / "page.html"
    made = cli(["view", *case.puzzle, source, *case.picks, "-o", out], cwd=cwd)
    assert made.stderr.startswith(f"stategraph: wrote {out}")
    data = page_data(out.read_text(encoding="utf-8"))
    instance, query = data["instance"], data["query"]
    picks = ["--instance", instance] + (["--query", query] if query != 1 else [])
    shown_model = ["-m", data["model"]]

    # the independent runs
    explained = cli(["explain", *case.puzzle, source, *picks, "--format", "json"], cwd)
    exported = cli(["export", *case.puzzle, source, *picks, "--format", "json", "-o", "-"], cwd)
    counted = {m["name"]: cli(["compare", *case.puzzle, source, "-m", m["name"], "-a", m["algorithm"], "--format",
                               "json"], cwd)
               for m in data["models"] if m.get("algorithm")}
    settled = {r["name"]: cli(["solve", *case.puzzle, source, *shown_model, "--stats", "-a", r["name"]], cwd)
               for r in data["replays"] if "settled" in r}

    opened = Opened(browser, str(out), case.id)
    tab = opened.tab
    assert opened.errors == [] and opened.violations() == []
    assert opened.requests == [opened.url]  # nothing but the file itself

    steps = [json.loads(line) for line in explained.stdout.splitlines()]
    [explanation] = steps
    flat = json.loads(exported.stdout)
    nodes = {node["id"]: node for node in flat["nodes"]}
    on_path = [n["id"] for n in sorted(flat["nodes"], key=lambda n: n.get("step", -1)) if n.get("on_path")] or \
        [n["id"] for n in flat["nodes"] if n["kind"] == "start"]
    wanted = [step["text"] for step in explanation["steps"]]

    # the slider visits the steps in explain's order, along the canonical path
    shown, states = [], []
    for k in range(len(wanted) + 1):
        tab.locator("#step-slider").fill(str(k))
        shown.append(opened.text("#step-text"))
        states.append(opened.text("#step-state"))
    assert shown[1:] == wanted and shown[0].startswith("start: ")
    assert states[0] == on_path[0] and states[-1] == on_path[-1]
    places = [on_path.index(label) for label in states]
    assert places == sorted(places)
    if len(wanted) == len(on_path) - 1:  # a move a step: exactly the path
        assert states == on_path

    # the arrow keys do the same
    tab.locator("body").click(position={"x": 5, "y": 5})
    tab.keyboard.press("Home")
    keyed = [opened.text("#step-text")]
    for _ in wanted:
        tab.keyboard.press("ArrowRight")
        keyed.append(opened.text("#step-text"))
    assert keyed == shown
    if wanted:
        tab.keyboard.press("ArrowLeft")
        assert opened.text("#step-text") == shown[-2]

    # clicking a state shows its label and its distance, as the exported graph has them
    graph = data["graph"]
    chosen = list(dict.fromkeys([graph["start"], *graph["path"], *range(graph["drawn"])]))[:6]
    for i in chosen:
        tab.locator(f'#graph-svg circle.node[data-i="{i}"]').click(force=True)
        at = int(opened.attribute("#state-label", "data-i"))
        label = opened.text("#state-label")
        assert label == graph["labels"][at] and label in nodes
        node = nodes[label]
        if "dist" in node:
            assert json.loads(opened.attribute("#state-dist", "data-dist")) == _distance(node), label
            assert opened.text("#state-dist")
    assert any(int(opened.attribute("#state-label", "data-i")) == i for i in chosen[-1:])

    # each routine's replay ends on `solve --stats -a ROUTINE`'s settled count
    options = tab.locator("#replay-routine option")
    seen = set()
    for n in range(options.count()):
        option = options.nth(n)
        if option.is_disabled():
            continue
        name = option.inner_text().split(" ")[0]
        tab.locator("#replay-routine").select_option(option.get_attribute("value"))
        tab.locator("#replay-start").click()
        assert opened.text("#replay-settled") == "0"
        tab.locator("#replay-end").click()
        expected = stats_settled(settled[name].stderr, instance, query)
        shown_count = opened.text("#replay-settled").replace(",", "")
        if expected is None:  # a routine of your own that counts nothing: the page watched it
            assert "watched by the page" in opened.text("#replay-note"), name
        else:
            assert int(shown_count) == expected, name
        seen.add(name)
    assert seen == set(settled)

    # the models' counts are compare's
    for name, run in counted.items():
        rows = [json.loads(line) for line in run.stdout.splitlines()]
        row = next(r for r in rows if (r["instance"], r["query"]) == (instance, query))
        for key in ("states", "edges", "built"):
            cell = f'#models td[data-model="{name}"][data-field="{key}"]'
            assert int(opened.attribute(cell, "data-value")) == row[key], (name, key)
            assert opened.text(cell).replace(",", "") == str(row[key])

    # not blank, and within its budget
    picture = tmp_path / "page.png"
    tab.screenshot(path=str(picture), full_page=True)
    assert _distinct_pixels(picture) > 300
    assert opened.errors == [] and opened.violations() == []  # every part above ran under the policy
    tab.close()
    assert os.path.getsize(out) < BUDGET


REFUSED = {  # what is added to the page -> the directive that must refuse it
    "script": ("script-src-elem", """const s = document.createElement("script");
        s.textContent = "window.__ran = 'script'"; document.body.append(s);"""),
    "handler": ("script-src-attr", """const b = document.createElement("button");
        b.setAttribute("onclick", "window.__ran = 'handler'"); document.body.append(b); b.click();"""),
    "style": ("style-src-attr", """const d = document.createElement("div"); d.id = "styled";
        document.body.append(d); d.setAttribute("style", "width: 123px");"""),
    "image": ("img-src", """const i = new Image(); i.src = "https://example.invalid/x.png";
        document.body.append(i);"""),
    "fetch": ("connect-src", """fetch("https://example.invalid/").catch(() => {});"""),
    "form": ("form-action", """const f = document.createElement("form"); f.method = "post";
        f.action = "https://example.invalid/"; document.body.append(f); f.submit();"""),
    "base": ("base-uri", """const b = document.createElement("base"); b.href = "https://example.invalid/";
        document.head.prepend(b);"""),
}


def test_the_browser_enforces_the_policy(browser, tmp_path):
    """What a markup injection would try, added by the test after the page is ready: each refused
    by its own directive, nothing requested, no navigation, and the page still responds."""
    (tmp_path / "in.txt").write_text(cli(["sample", "arrow_maze"]).stdout)
    out = tmp_path / "page.html"
    cli(["view", "arrow_maze", "in.txt", "-o", out], cwd=tmp_path)
    opened = Opened(browser, str(out), "policy")
    tab = opened.tab
    failed: dict[str, str | None] = {}
    tab.on("requestfailed", lambda request: failed.update({request.url: request.failure}))
    for _, code in REFUSED.values():
        tab.evaluate(f"() => {{ {code} }}")
    # polled from here: wait_for_function's polling evals its expression in the page, which the policy refuses
    deadline = time.monotonic() + 10
    while tab.evaluate("window.__violations.length") < len(REFUSED) and time.monotonic() < deadline:
        tab.wait_for_timeout(50)
    tab.wait_for_timeout(300)  # a navigation, had the form gone, would have begun
    directives = {violation.split()[0] for violation in opened.violations()}
    assert directives == {directive for directive, _ in REFUSED.values()}, opened.violations()
    assert tab.evaluate("window.__ran === undefined && document.baseURI") == opened.url
    assert tab.evaluate("document.getElementById('styled').getBoundingClientRect().width") != 123
    asked = [url for url in opened.requests if url != opened.url]  # asked for, then refused before it went out
    assert all(failed.get(url) == "csp" for url in asked), (asked, failed)  # Chromium: net::ERR_BLOCKED_BY_CSP
    assert tab.url == opened.url
    tab.evaluate("document.getElementById('step-next').click()")  # the page's own script still runs (a
    # locator's click would wait for the navigation the refused form began, which never ends)
    assert opened.text("#step-number").startswith("step 1 of ")
    tab.close()


def _distinct_pixels(path) -> int:
    image = pytest.importorskip("PIL.Image").open(path).convert("RGB")
    return len(image.getcolors(maxcolors=1 << 24))


def test_screenshot_for_the_readme(browser, tmp_path):
    """The README's picture: the Pushing Boxes sample's maze 3 at step 3, its A* replay half-way; written
    to ``$STATEGRAPH_SCREENSHOT`` when set (docs/view.png), else only checked."""
    (tmp_path / "mazes.txt").write_text(cli(["sample", "pushing_boxes"]).stdout)
    out = tmp_path / "view.html"
    cli(["view", "pushing_boxes", "mazes.txt", "--instance", "3", "-a", "astar", "-o", out], cwd=tmp_path)
    opened = Opened(browser, str(out), "readme screenshot")
    tab = opened.tab
    tab.set_viewport_size({"width": 1200, "height": 1000})
    tab.locator("#step-slider").fill("3")
    tab.locator("#replay-slider").fill("4")
    tab.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    picture = os.environ.get("STATEGRAPH_SCREENSHOT") or str(tmp_path / "view.png")
    tab.screenshot(path=picture)
    assert opened.errors == [] and opened.violations() == [] and _distinct_pixels(picture) > 300
    tab.close()


def test_a_suggested_layout_a_legend_and_a_text_picture(browser, tmp_path):
    """Keys and doors (tests/test_views_layouts.py): its page opens on the start, its legend's swatches in
    their styles' colours (a style of its own in the first extra colour), a labelled copy of the
    state graph per keys held, the moves picking a key up drawn across copies, each state where its
    data puts it (one scale both ways); then the water jugs' text picture as text, from the start."""
    from stategraph.contract.scene import CELL_STYLES, EXTRA_COLOURS
    from stategraph.puzzles import load_plugin
    from stategraph.views import page
    from test_views_layouts import KEYS_INPUT, KeysAndDoors, bfs, find, read_grid_text

    out = tmp_path / "keys.html"
    puzzle = KeysAndDoors()
    page(puzzle, KEYS_INPUT).write(str(out))
    data = page_data(out.read_text(encoding="utf-8"))
    opened = Opened(browser, str(out), "keys")
    tab = opened.tab
    assert opened.text("#step-number") == f"step 0 of {len(data['steps']['texts']) - 1}"
    assert opened.text("#step-text").startswith("start: ")
    start = find(read_grid_text(KEYS_INPUT), "S")
    here = tab.locator("#scene-svg #here")
    assert (float(here.get_attribute("cx")), float(here.get_attribute("cy"))) == (start[1], start[0])
    items = tab.locator("#scene-legend li[data-style]")
    styles = [items.nth(k).get_attribute("data-style") for k in range(items.count())]
    fills = [items.nth(k).locator("rect").get_attribute("fill") for k in range(items.count())]
    assert styles == ["wall", "key", "gate"]
    assert fills == [CELL_STYLES["wall"], CELL_STYLES["key"], EXTRA_COLOURS[0]]
    assert "the walk" in opened.text("#scene-legend")
    doors = tab.locator('#scene-svg rect[data-style="gate"]')
    assert doors.count() == 2 and {doors.nth(k).get_attribute("fill") for k in range(2)} == {EXTRA_COLOURS[0]}

    labels = tab.locator("#graph-svg text.group-label")
    assert [labels.nth(k).text_content() for k in range(labels.count())] == ["group (none)", "group a", "group ab"]
    grid = read_grid_text(KEYS_INPUT)
    states = bfs(puzzle, grid, (start, ""))
    pickups = [(u, v) for u in states for _, v, _ in puzzle.moves(grid, u) if u[1] != v[1]]
    assert tab.locator("#graph-svg line.edge.across").count() == len(pickups) >= 2
    graph = data["graph"]
    drawn = tab.evaluate("""[...document.querySelectorAll('#graph-svg circle.node')]
        .map((c) => [Number(c.getAttribute('data-i')), Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])""")
    assert len(drawn) == graph["drawn"]
    xs, ys = graph["x"], graph["y"]
    i, j = min(range(len(xs)), key=lambda k: (xs[k], ys[k])), max(range(len(xs)), key=lambda k: (xs[k], ys[k]))
    at = {k: (x, y) for k, x, y in drawn}
    scale = (at[j][0] - at[i][0]) / (xs[j] - xs[i])
    for k, (x, y) in at.items():  # the same scale both ways, one offset
        assert x == pytest.approx(at[i][0] + (xs[k] - xs[i]) * scale, abs=0.01)
        assert y == pytest.approx(at[i][1] + (ys[k] - ys[i]) * scale, abs=0.01)
    tab.locator("#step-slider").fill("1")
    assert len(tab.locator("#scene-svg #walk-path polyline").get_attribute("points").split()) == 2
    assert opened.errors == [] and opened.violations() == []
    tab.close()

    jugs = tmp_path / "jugs.html"
    puzzle = load_plugin("water_jug:WaterJug", os.path.join(ROOT, "examples", "water_jug"))
    page(puzzle, "1\n3 5 4\n").write(str(jugs))
    opened = Opened(browser, str(jugs), "jugs")
    tab = opened.tab
    assert opened.text("#scene-picture") == "A |   | 0/3\nB |     | 0/5"  # the start, as lines of text
    assert tab.locator("#scene-svg").is_hidden() and tab.locator("#scene-picture").is_visible()
    tab.keyboard.press("End")
    assert opened.text("#scene-picture").splitlines()[1].endswith("4/5")
    assert opened.errors == [] and opened.violations() == []
    tab.close()
