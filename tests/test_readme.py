"""The README's Python code runs and prints what the contest samples say."""

from __future__ import annotations

import contextlib
import io
import re
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
