"""The README's Python code, and the Python API page's (docs/python.md), runs and prints what they say."""

from __future__ import annotations

import contextlib
import io
import re
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "samples"


def python_blocks(page: str = "README.md") -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(), flags=re.S)


def printed_by(block: str, page: str) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, page, "exec"), {})
    return printed.getvalue()


def test_the_readme_has_its_two_python_examples_and_no_other():
    blocks = python_blocks()
    assert len(blocks) == 2, "the README shows the one-class puzzle and one call from Python"
    assert sum("SuccessorPuzzle" in block for block in blocks) == 1


def test_the_readme_s_call_from_python_prints_the_sample_answers():
    [block] = [b for b in python_blocks() if "SuccessorPuzzle" not in b]
    assert printed_by(block, "README.md") == (SAMPLES / "huarong.out").read_text()


def test_the_api_page_s_loop_prints_every_sample_answer():
    blocks = python_blocks("docs/python.md")
    assert blocks, "docs/python.md has no Python example"
    printed = "".join(printed_by(block, "docs/python.md") for block in blocks)
    expected = "".join((SAMPLES / f"{name}.out").read_text() for name in ("pushing_boxes", "huarong", "arrow_maze"))
    assert printed == expected


def test_the_readme_first_level_puzzle_solves_as_a_brute_force_says():
    """The README's one-class puzzle (reach n from 0 by +1 and *2), run through the toolkit, against
    a breadth-first search written here."""
    [block] = [b for b in python_blocks() if "SuccessorPuzzle" in b]
    scope: dict = {}
    exec(compile(block, "README.md", "exec"), scope)

    def fewest(n: int) -> int:
        depth, queue = {0: 0}, deque([0])
        while queue:
            x = queue.popleft()
            for y in (x + 1, 2 * x):
                if 0 < y <= n and y not in depth:
                    depth[y] = depth[x] + 1
                    queue.append(y)
        return depth[n]

    text = "".join(f"{n}\n" for n in range(0, 40))
    printed = scope["Counter"]().solve_text(text).splitlines()
    assert printed == [str(fewest(n)) for n in range(0, 40)]
    assert '`Counter().solve_text("6\\n")` returns `"4\\n"`' in (ROOT / "README.md").read_text()
    assert scope["Counter"]().solve_text("6\n") == "4\n"


def test_the_readme_keeps_the_two_first_commands_ci_runs():
    """The install-and-demo command and the install-and-test command, as .ci/run mirrors them."""
    readme = (ROOT / "README.md").read_text()
    assert "\npython3 -m venv .venv && . .venv/bin/activate && pip install . && stategraph demo\n" in readme
    assert ("\npython3 -m venv .venv && . .venv/bin/activate && pip install '.[dev]' && ruff check . && mypy \\\n"
            "  && sphinx-build -W -q -b html docs docs/_build/html && python -m pytest -n 2 --slow\n") in readme
    ci = (ROOT / ".ci" / "run").read_text()
    for step in ("pip install --quiet .", "stategraph demo", "pip install --quiet '.[dev]'", "ruff check .", "mypy",
                 "sphinx-build -W -q -b html docs docs/_build/html"):
        assert step in ci, step
    assert ci.splitlines()[-1] == "python -m pytest -n 2 --slow"  # the whole suite, as the README runs it


def test_the_readme_is_one_screen_and_links_pages_that_exist():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) < 200
    links = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert "docs/cli.md" in links
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, missing
