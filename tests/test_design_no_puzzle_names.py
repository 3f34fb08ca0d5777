"""Generic code never keys anything on a puzzle's name: outside ``puzzles/`` (the puzzles, each
with its independent checker), no module's code holds a built-in puzzle's name,
alias or model name as a string, so every command works the same for a plug-in.

Docstrings may name them (their examples run the built-ins); code may not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import stategraph
from stategraph.puzzles import PUZZLES

PACKAGE = Path(stategraph.__file__).parent
PUZZLE_HOMES = ("puzzles",)
NAMES = {name for puzzle in PUZZLES.values() for name in (puzzle.name, *puzzle.aliases, *puzzle.models)}


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def puzzle_names_in(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    skip = docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and any(name in node.value for name in NAMES)]


def test_the_names_are_known():
    assert {"pushing_boxes", "huarong", "arrow_maze", "box_side", "piece_blank", "cell_heading"} <= NAMES


def test_generic_modules_name_no_puzzle():
    generic = [path for path in sorted(PACKAGE.rglob("*.py"))
               if path.relative_to(PACKAGE).parts[0] not in PUZZLE_HOMES]
    assert len(generic) > 20
    found = {str(path.relative_to(PACKAGE)): names for path in generic if (names := puzzle_names_in(path))}
    assert found == {}
