"""docs/extending.md stays true: its Python code runs and prints what the page says it prints.

Part 1 (the first level) holds whole programs: its ```python blocks run in order in one namespace,
and a block followed by a ```text block must print exactly that.  Part 2 (the second level) quotes
examples/ice_maze/ice_maze_contract.py: every line of its ```python excerpts is a line of that file.
Its ```yaml blocks are configs that exist in the examples, and the stategraph modules it says the
contract version imports are the ones it imports.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "extending.md").read_text()
FIRST, SECOND = PAGE.split("\n# Part 2", 1)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", flags=re.S | re.M)


def blocks(text: str) -> list[tuple[str, str]]:
    """``(language, code)`` of every fenced block, in order."""
    return [(match[1], match[2]) for match in FENCE.finditer(text)]


def programs() -> list[tuple[str, str | None]]:
    """Part 1's Python blocks, each with the ```text block right after it (``None`` if none)."""
    found = blocks(FIRST)
    return [(code, found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text" else None)
            for i, (language, code) in enumerate(found) if language == "python"]


def test_the_first_level_part_has_runnable_programs():
    assert len(programs()) >= 6
    assert sum(expected is not None for _, expected in programs()) >= 6


def test_every_program_runs_and_prints_what_the_page_shows():
    namespace: dict = {"__name__": "extending_md"}
    for number, (code, expected) in enumerate(programs(), start=1):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, f"docs/extending.md block {number}", "exec"), namespace)
        if expected is not None:
            assert printed.getvalue() == expected, f"block {number}"


def test_the_second_level_excerpts_are_quoted_from_the_contract_version():
    contract = ROOT / "examples" / "ice_maze" / "ice_maze_contract.py"
    source = {line.strip() for line in contract.read_text().splitlines()}
    excerpts = [code for language, code in blocks(SECOND) if language == "python"]
    assert excerpts
    for code in excerpts:
        for line in code.splitlines():
            if line.strip() and line.strip() != "...":
                assert line.strip() in source, line


@pytest.mark.parametrize("text", [code for language, code in blocks(PAGE) if language == "yaml"])
def test_every_config_shown_is_an_example_s_config(text):
    shown = yaml.safe_load(text)
    configs = [yaml.safe_load(path.read_text()) for path in (ROOT / "examples").glob("*/*.yaml")]
    assert shown in configs


def stategraph_imports(path: Path) -> set[str]:
    """The ``stategraph.X`` modules a file imports (read from its syntax tree, not by running it)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        found.update(".".join(name.split(".")[:2]) for name in names if name.startswith("stategraph."))
    return found


def modules_named(sentence_start: str, sentence_end: str) -> set[str]:
    """The ``stategraph.X`` names in the passage of the page from ``sentence_start`` to ``sentence_end``."""
    start = PAGE.index(sentence_start)
    return set(re.findall(r"`(stategraph(?:\.\w+)+)`", PAGE[start:PAGE.index(sentence_end, start)]))


def test_the_modules_the_page_says_the_contract_version_imports_are_the_ones_it_imports():
    contract = ROOT / "examples" / "ice_maze" / "ice_maze_contract.py"
    said = modules_named("`ice_maze_contract.py` imports from stategraph exactly", "(tests/")
    assert said == stategraph_imports(contract)


def test_the_contract_version_imports_only_what_a_plug_in_should():
    allowed = modules_named("A plug-in should import only", "plus networkx")
    assert {"stategraph.contract.puzzle", "stategraph.graph.weights"} <= allowed
    assert stategraph_imports(ROOT / "examples" / "ice_maze" / "ice_maze_contract.py") <= allowed
