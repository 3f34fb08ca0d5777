"""``stategraph view``'s page budget is checked before the page is built: a page of hundreds of MB
is refused in seconds, in a small memory, with exit status 2; and the page's size, counted before
it is written, is never below the written page's on any packaged sample or example plug-in."""

from __future__ import annotations

import glob
import importlib
import os
import re
import resource
import subprocess
import sys
import time

import pytest
import yaml

from stategraph import get_puzzle
from stategraph.puzzles import load_plugin
from stategraph.views import page

PAGE = importlib.import_module("stategraph.views.page")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMORY = 1 << 30  # address space of the refused run: 1 GiB
STATES, LABEL = 3000, 100_000  # a line of 3,001 states, each named by one 100 kB string
PLUGIN = f'''
from stategraph.contract.first_level import SuccessorPuzzle

NAME = "x" * {LABEL}  # one string: the graph stays small, its page would not


class Line(SuccessorPuzzle):
    name, summary, sample = "line", "walk from 0 to n", "{STATES}\\n"

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 100_000)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "R", x + 1, 1

    def state_label(self, n, x):
        return NAME
'''


def small_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def test_a_page_of_hundreds_of_megabytes_is_refused_quickly_in_one_gigabyte(tmp_path):
    (tmp_path / "line.py").write_text(PLUGIN)
    (tmp_path / "puzzle.yaml").write_text("puzzle: line:Line\n")
    (tmp_path / "in.txt").write_text(f"{STATES}\n")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "stategraph", "view", "--config", "puzzle.yaml", "in.txt", "-o",
                           "page.html"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          preexec_fn=small_memory)
    took = time.perf_counter() - started
    assert done.returncode == 2, done.stderr[-2000:]
    found = re.fullmatch(r"stategraph: error: the page of instance 1 would be over (\d+(?:\.\d)?) MB, above the "
                         r"page budget of 5 MB; export its state graph with `stategraph export` instead\n",
                         done.stderr)
    assert found, done.stderr
    assert float(found.group(1)) * 1e6 >= (STATES + 1) * LABEL  # at least every drawn state's name
    written = sorted(p.name for p in tmp_path.iterdir() if p.name != "__pycache__")  # Python's, where it writes
    assert written == ["in.txt", "line.py", "puzzle.yaml"]  # bytecode (PYTHONDONTWRITEBYTECODE unset, as in CI)
    assert took < 30, f"refused after {took:.1f} s"


def _questions():
    """``(id, puzzle, text, instance, query)`` of every question of every built-in puzzle's sample,
    and the first of each example plug-in's input."""
    for name in ("pushing_boxes", "huarong", "arrow_maze"):
        puzzle = get_puzzle(name)
        text = puzzle.sample_text()
        for number, instance in enumerate(puzzle.parse(text), start=1):
            for query, _ in enumerate(puzzle.questions(instance), start=1):
                yield f"{name}-{number}-{query}", name, text, number, query
    for config in sorted(glob.glob(os.path.join(ROOT, "examples", "*", "puzzle.yaml"))):
        folder = os.path.dirname(config)
        if os.path.basename(folder) == "sliding_tile":  # its whole 8-puzzle takes 10 s; water_jug has pictures too
            continue
        with open(config, encoding="utf-8") as handle:
            spec = yaml.safe_load(handle)["puzzle"]
        with open(os.path.join(folder, "input.txt"), encoding="utf-8") as handle:
            yield os.path.basename(folder), (spec, folder), handle.read(), 1, 1


QUESTIONS = list(_questions())


@pytest.mark.parametrize("case", QUESTIONS, ids=[q[0] for q in QUESTIONS])
def test_the_count_is_never_below_the_written_page(case, tmp_path, monkeypatch):
    """The counts ``view`` checks (the drawn graph's part, then the whole data) against the page written."""
    _, puzzle, text, instance, query = case
    if isinstance(puzzle, tuple):  # an example's puzzle: a plug-in's module:Class, or a built-in's name
        spec, folder = puzzle
        puzzle = load_plugin(spec, folder) if ":" in spec else get_puzzle(spec)
    checked: list[tuple[int, bool]] = []
    real_check = PAGE._check_budget
    monkeypatch.setattr(PAGE, "_check_budget",
                        lambda label, size, partial=False: checked.append((size, partial)) or
                        real_check(label, size, partial))
    built = page(puzzle, text, instance, query)
    written = built.write(str(tmp_path / "page.html"))
    assert written == os.path.getsize(tmp_path / "page.html")
    (part, partial), (whole, _), (measured, _) = checked
    assert partial and part <= written  # a part: never more than the page
    assert written <= whole <= written * 1.01  # the whole: never less, and not so much more that it refuses
    assert measured == written
