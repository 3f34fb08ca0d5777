"""The README's Layout names every module and package of ``src/stategraph`` and nothing that is not there."""

from __future__ import annotations

import re
from pathlib import Path

import stategraph

PACKAGE = Path(stategraph.__file__).parent
README = Path(__file__).resolve().parent.parent / "README.md"


def layout_block() -> str:
    text = README.read_text()
    start = text.index("## Layout")
    return text[start:text.index("\n## ", start + 1)]


def named_in_layout() -> set[str]:
    return set(re.findall(r"\b([a-z_]+(?:\.py|/))", layout_block()))


def test_every_module_is_in_the_layout():
    top = {p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    packages = {p.name + "/" for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    missing = (top | packages) - named_in_layout()
    assert not missing, f"README Layout misses {sorted(missing)}"


def test_the_layout_names_nothing_that_is_not_there():
    known = {"src/", "configs/", "docs/", "examples/", "tests/", "benchmarks/", "stategraph/", "result.py"}
    stray = {name for name in named_in_layout() - known
             if not (PACKAGE / name.rstrip("/")).exists()}
    assert not stray, f"README Layout names {sorted(stray)}, which do not exist"
