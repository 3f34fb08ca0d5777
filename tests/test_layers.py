"""The puzzles stand on the ground floor: nothing under ``puzzles/`` imports the machinery above them."""

from __future__ import annotations

import ast
from pathlib import Path

import stategraph

PACKAGE = Path(stategraph.__file__).parent
ABOVE = {"pipeline", "records", "runner", "search", "config", "cli", "commands", "settings", "judge", "export",
         "graphwrite"}


def imported_modules(path: Path, inside: tuple = ("puzzles",)) -> set[str]:
    """The stategraph modules a file imports, as top-level names under the package (``search``, ``grid``).

    ``inside`` is the file's sub-package (``("puzzles",)`` for ``puzzles/x.py``, ``()`` for a top-level module).
    """
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(inside[:len(inside) - (node.level - 1)])
                if node.level - 1 > len(inside):
                    continue  # above the package
                parts = base + (node.module.split(".") if node.module else [])
                if parts:
                    names.add(parts[0])
                else:
                    names.update(alias.name for alias in node.names)
            elif (node.module or "").startswith("stategraph."):
                names.add(node.module.removeprefix("stategraph.").split(".")[0])
        elif isinstance(node, ast.Import):
            names.update(a.name.removeprefix("stategraph.").split(".")[0] for a in node.names
                         if a.name.startswith("stategraph."))
    return names


def test_puzzle_modules_import_nothing_from_the_pipeline_upwards():
    modules = [(path, ("puzzles",)) for path in sorted((PACKAGE / "puzzles").glob("*.py"))]
    modules.append((PACKAGE / "puzzle.py", ()))
    assert len(modules) >= 5
    for path, inside in modules:
        found = imported_modules(path, inside)
        assert {"grid", "state_graph"} & found or path.name == "__init__.py", (path.name, found)
        wrong = found & ABOVE
        assert not wrong, f"{path.name} imports {sorted(wrong)}"


def test_the_check_sees_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from ..search import SEARCHES\nfrom stategraph.runner import run\nfrom .. import records\n"
                   "from .grid import Grid\n")
    assert imported_modules(bad) == {"search", "runner", "records", "puzzles"}
    assert imported_modules(bad, ()) == {"grid", "runner"}
