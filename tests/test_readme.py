"""The README's Python code runs and prints what the contest samples say."""

from __future__ import annotations

import contextlib
import io
import re
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_blocks():
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)


def test_the_readme_python_example_prints_every_sample_answer():
    blocks = python_blocks()
    assert blocks, "the README has no Python example"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    samples = ROOT / "tests" / "samples"
    expected = "".join((samples / f"{name}.out").read_text() for name in ("pushing_boxes", "huarong", "arrow_maze"))
    assert printed.getvalue() == expected


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
