"""The gallery of the documentation (docs/_ext/stategraph_gallery.py): a page per built-in puzzle and per
``examples/*/puzzle.yaml``.

The quick tests hold the list of pages to the puzzles there are (built-ins from the registry, examples
from the folders), the lessons to their READMEs' opening prose (and their links to pages that exist),
and the refusal of ``draw --graph`` apart from a failure.  The slow ones build: the whole docs with
``sphinx-build -W``, every page then holding an existing SVG picture, a table of the models' sizes equal
to the sums of ``stategraph compare --format json`` rows computed here, and an ``<iframe>`` of a
``stategraph view`` page; a small gallery where one example's picture cannot be drawn, which fails the
build with a warning naming it while the other example still gets its page; and that page in Chromium,
its embedded page loading with no console error.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from cli_runner import run_cli

pytest.importorskip("sphinx")
from docutils import nodes  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"

SLOW_CASES = {"test_the_docs_build_a_page_per_puzzle", "test_a_failed_picture_fails_the_build_naming_the_puzzle",
              "test_a_gallery_page_in_a_browser"}


def _load_extension():
    spec = importlib.util.spec_from_file_location("stategraph_gallery", DOCS / "_ext" / "stategraph_gallery.py")
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look it up there
    spec.loader.exec_module(module)
    return module


gallery = _load_extension()


def example_folders() -> list[str]:
    return sorted(config.parent.name for config in EXAMPLES.glob("*/puzzle.yaml"))


def built_in_puzzles() -> list[str]:
    from stategraph.puzzles import PUZZLES

    return list(PUZZLES)


def test_every_example_and_built_in_has_a_gallery_entry():
    entries, problems = gallery.gallery_entries(EXAMPLES)
    names = [entry.name for entry in entries]
    missing = (set(example_folders()) | set(built_in_puzzles())) - set(names)
    assert not missing, f"no gallery page for {sorted(missing)}: {problems}"
    assert len(names) == len(set(names))
    assert len(names) >= len(example_folders()) + 3
    for entry in entries:
        assert entry.summary and entry.model in entry.models and entry.algorithm, entry


def test_the_extension_examples_run():
    import doctest

    failed, tried = doctest.testmod(gallery, optionflags=doctest.ELLIPSIS)
    assert (failed, tried >= 8) == (0, True)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_each_lesson_is_the_opening_prose_of_its_readme_and_links_only_to_pages_there_are():
    for name in example_folders():
        readme = EXAMPLES / name / "README.md"
        if not readme.is_file():
            continue  # the entry test reports it, with the build's own words
        text = _words(readme.read_text(encoding="utf-8"))
        title, lesson = gallery.readme_lesson(readme.read_text(encoding="utf-8"))
        assert lesson, name
        assert text.startswith(_words(f"# {title} {lesson[0]}")), name
        for paragraph in lesson:
            assert _words(paragraph).rstrip(".") in text, (name, paragraph)
            for url in re.findall(r"\]\(([^)\s]+)\)", paragraph):
                page = gallery.docs_page(url, EXAMPLES / name, DOCS, (".md", ".rst"))
                if page is not None:
                    assert any((DOCS / page[0]).with_suffix(s).is_file() for s in (".md", ".rst")), (name, url)
            rendered = nodes.paragraph("", "", *gallery.inline(paragraph, "md"))
            prose = "".join(text for text in rendered.findall(nodes.Text) if not isinstance(text.parent, nodes.literal))
            assert "](" not in prose and "`" not in prose and "**" not in prose, (name, prose)


def test_a_refused_state_graph_picture_is_told_from_a_failure():
    from stategraph.views.draw import MAX_GRAPH_STATES

    refused = gallery.Run(2, err="stategraph: error: draw --graph is refused above ...")
    assert gallery.graph_refused(refused, [{"states": MAX_GRAPH_STATES + 1}])
    assert not gallery.graph_refused(refused, [{"states": MAX_GRAPH_STATES}])
    assert not gallery.graph_refused(gallery.Run(70), [{"states": MAX_GRAPH_STATES + 1}])
    assert not gallery.graph_refused(refused, [])


def test_the_sizes_table_sums_per_model_and_says_why_a_model_did_not_run():
    def row(query, model, states, agrees=True, refused=None):
        return {"instance": 1, "query": query, "model": model, "algorithm": "bfs", "states": states,
                "edges": states and states + 1, "settled": states, "agrees": agrees, "compile_ms": 0, "search_ms": 0,
                **({"refused": refused} if refused else {})}

    rows = [row(1, "a", 7), row(1, "b", 9, agrees=False), row(1, "c", None, refused="above the limit of 5 states"),
            row(2, "a", 1000), row(2, "b", 2000), row(2, "c", None, refused="above the limit of 5 states")]
    entry = gallery.Entry(name="t", puzzle="t", summary="", model="a", algorithm="bfs",
                          models={"a": "A", "b": "B", "c": "C"}, lesson=[], markup="md", args=[], input="in.txt",
                          folder=None)
    table = gallery.sizes_table(entry, gallery.model_sizes(rows))
    cells = [[entry.astext() for entry in line.findall(nodes.entry)] for line in table.findall(nodes.row)]
    assert cells == [list(gallery.SIZE_COLUMNS),
                     ["a (default)", "A", "2", "1,007", "1,009", "1,007", "2/2"],
                     ["b", "B", "2", "2,009", "2,011", "2,009", "1/2"],
                     ["c", "C", "not run: above the limit of 5 states", "", "", "", ""]]


# the builds ---------------------------------------------------------------------------------------

def sphinx_started(source: Path, out: Path, *options: str) -> subprocess.Popen:
    """``sphinx-build OPTIONS -q -b html SOURCE OUT`` started in a process of its own, on this tree's code."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    return subprocess.Popen([sys.executable, "-m", "sphinx", *options, "-q", "-b", "html", str(source), str(out)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(build: subprocess.Popen) -> subprocess.CompletedProcess:
    """The build, once it ends (stopped after 30 minutes)."""
    try:
        out, err = build.communicate(timeout=1800)
    except subprocess.TimeoutExpired:
        build.kill()
        raise
    return subprocess.CompletedProcess(build.args, build.returncode, out, err)


def sphinx(source: Path, out: Path, *options: str) -> subprocess.CompletedProcess:
    """``sphinx-build OPTIONS -q -b html SOURCE OUT`` in a process of its own, on this tree's code."""
    return finished(sphinx_started(source, out, *options))


def default_routine(name: str, folder: Path | None) -> str:
    """The routine a run uses by default: the config's, else the puzzle's."""
    config = yaml.safe_load((folder / "puzzle.yaml" if folder else ROOT / "src/stategraph/configs" / f"{name}.yaml")
                            .read_text())
    found = (config.get("search") or {}).get("algorithm")
    if found:
        return found
    from stategraph.puzzles import get_puzzle

    return get_puzzle(config["puzzle"], str(folder)).default_algorithm


def compare_rows(name: str, tmp_path: Path) -> list[dict]:
    """``stategraph compare --format json`` with the default routine, as a user runs it: an example from
    its folder on its input.txt, a built-in on its packaged sample."""
    folder = EXAMPLES / name if (EXAMPLES / name / "puzzle.yaml").is_file() else None
    if folder is None:
        sample = tmp_path / f"{name}.txt"
        sample.write_text(run_cli("sample", name).out)
        args, cwd = [name, sample], tmp_path
    else:
        args, cwd = ["--config", "puzzle.yaml", "input.txt"], folder
    done = run_cli("compare", *args, "--format", "json", "-a", default_routine(name, folder), cwd=cwd)
    assert done.status in (0, 3), done.err  # 3: a model disagrees, as a wrong model does
    return [json.loads(line) for line in done.out.splitlines()]


def expected_sizes(rows: list[dict]) -> dict[str, dict]:
    """The table's figures per model, summed here from the rows."""
    sizes: dict[str, dict] = {}
    for row in rows:
        if row.get("refused"):
            continue
        size = sizes.setdefault(row["model"], {"questions": 0, "states": 0, "edges": 0, "settled": [], "agree": 0})
        size["questions"] += 1
        size["states"] += row["states"]
        size["edges"] += row["edges"]
        size["settled"].append(row["settled"])
        size["agree"] += row["agrees"] is True
    return {model: {"questions": str(s["questions"]), "states": f"{s['states']:,}", "edges": f"{s['edges']:,}",
                    "settled": "-" if None in s["settled"] else f"{sum(s['settled']):,}",
                    "agree": f"{s['agree']}/{s['questions']}"} for model, s in sizes.items()}


def shown_sizes(page) -> dict[str, dict]:
    [table] = page.xpath("//table[contains(@class, 'gallery-sizes')]")
    shown = {}
    for row in table.xpath(".//tbody/tr"):
        cells = {cell.get("class").split("gallery-")[1].split()[0]: cell.text_content().strip()
                 for cell in row.xpath("./td")}
        model = cells.pop("model").removesuffix(" (default)")
        shown[model] = {column: cell for column, cell in cells.items() if column != "state"}
    return {model: cells for model, cells in shown.items() if cells["questions"].isdigit()}


def view_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    assert 'http-equiv="Content-Security-Policy"' in text
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


# the 8-puzzle's table is two models exploring all 181,440 boards for its unsolvable board: its page is
# checked, its figures are not computed again here (40 s, as long as the rest together)
UNCOUNTED = {"sliding_tile"}


def test_the_docs_build_a_page_per_puzzle(tmp_path):
    """Built where the README's command builds them, so that after it this build is incremental:
    Sphinx rebuilds what changed, and the gallery runs only the puzzles whose sources changed."""
    from lxml import html as lxml_html

    out = DOCS / "_build" / "html"
    names = built_in_puzzles() + example_folders()
    build = sphinx_started(DOCS, out, "-W")
    try:  # the figures, computed in this process while the docs build
        rows = {name: compare_rows(name, tmp_path) for name in names if name not in UNCOUNTED}
    except BaseException:
        build.kill()
        build.wait()
        raise
    done = finished(build)
    assert done.returncode == 0, done.stderr[-3000:]
    index = lxml_html.parse(str(out / "gallery" / "index.html")).getroot()
    linked = {link.get("href") for link in index.xpath("//div[@class='gallery-grid']/a")}
    assert linked == {f"{name}.html" for name in names}
    for name in names:
        path = out / "gallery" / f"{name}.html"
        page = lxml_html.parse(str(path)).getroot()
        pictures = [src for src in page.xpath("//img/@src") if src.endswith(".svg")]
        assert pictures, name
        for src in pictures:
            picture = path.parent / src
            assert picture.is_file() and picture.stat().st_size, (name, src)
            assert ET.parse(picture).getroot().tag.endswith("svg"), (name, src)
        if name in UNCOUNTED:
            continue
        found = rows[name]
        assert shown_sizes(page) == expected_sizes(found), name
        [frame] = page.xpath("//iframe/@src")
        data = view_data(path.parent / frame)
        first = found[0]
        assert (first["instance"], first["query"]) == (1, 1)
        assert data["graph"]["total"] == first["states"], name  # the page's question is the first one


# a small gallery: one example whose picture cannot be drawn, one that draws ---------------------

BROKEN = '''from stategraph import COST, SuccessorPuzzle


class Counter(SuccessorPuzzle):
    name, summary, sample = "counter", "0 to n by +1 and *2", "6\\n"
    output = COST

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 1000)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1
        if 0 < 2 * x <= n:
            yield "*2", 2 * x, 1

    def picture(self, n, x):
        raise ValueError("this picture is broken on purpose")
'''


@pytest.fixture(scope="module")
def small_gallery(tmp_path_factory):
    """A docs tree holding the gallery alone, of ``examples/keys_doors`` and a broken counter, built
    with ``-W``: (the build, the HTML folder)."""
    base = tmp_path_factory.mktemp("gallery")
    examples = base / "examples"
    shutil.copytree(EXAMPLES / "keys_doors", examples / "keys_doors", ignore=shutil.ignore_patterns("__pycache__"))
    broken = examples / "counter"
    broken.mkdir()
    (broken / "counter.py").write_text(BROKEN)
    (broken / "puzzle.yaml").write_text("puzzle: counter:Counter\n")
    (broken / "input.txt").write_text("6\n")
    (broken / "README.md").write_text("# Counter\n\nA counter whose picture cannot be drawn.\n")
    source = base / "docs"
    (source / "gallery").mkdir(parents=True)
    (source / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
                                    f"extensions = ['stategraph_gallery']\nstategraph_gallery_builtins = False\n"
                                    f"stategraph_gallery_examples = {str(examples)!r}\n")
    (source / "index.rst").write_text("Docs\n====\n\n.. toctree::\n\n   gallery/index\n")
    (source / "gallery" / "index.rst").write_text("Gallery\n=======\n\n.. stategraph-gallery::\n")
    return sphinx(source, base / "html", "-W"), base / "html"


def test_a_failed_picture_fails_the_build_naming_the_puzzle(small_gallery):
    done, out = small_gallery
    assert done.returncode != 0
    warnings = [line for line in done.stderr.splitlines() if "WARNING" in line]
    assert any("counter (examples/counter): stategraph draw --config puzzle.yaml input.txt -o picture.svg" in line
               and "broken on purpose" in line for line in warnings), done.stderr
    assert not any("keys_doors" in line for line in warnings), done.stderr
    assert "Traceback" not in done.stderr
    assert (out / "gallery" / "keys_doors" / "picture.svg").stat().st_size
    assert (out / "gallery" / "keys_doors.html").is_file()


def test_a_gallery_page_in_a_browser(small_gallery, browser):
    _, out = small_gallery
    tab = browser.new_page(viewport={"width": 1280, "height": 900})
    said: list[str] = []
    tab.on("console", lambda m: said.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: said.append(f"page error: {e}"))
    tab.goto((out / "gallery" / "keys_doors.html").as_uri(), wait_until="load")
    tab.locator("iframe").scroll_into_view_if_needed()
    frame = tab.frame_locator("iframe")
    frame.locator("body[data-ready=yes]").wait_for(timeout=20_000)
    assert frame.locator("svg, canvas").count() > 0  # the page drew itself inside the frame
    widths = tab.evaluate("[...document.images].map(image => image.complete ? image.naturalWidth : 0)")
    tab.close()
    assert widths and all(widths), widths
    assert said == []
