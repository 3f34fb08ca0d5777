"""The puzzles stand on the ground floor: nothing under ``puzzles/`` imports the machinery above them."""

from __future__ import annotations

import ast
from pathlib import Path

import stategraph

PACKAGE = Path(stategraph.__file__).parent
ABOVE = {"pipeline", "records", "runner", "search", "config", "cli", "commands", "settings", "judge", "export",
         "graphwrite"}
# The one exception: a puzzle may call the plain Dijkstra routine itself (Huarong Dao's landmark
# distances, puzzles/huarong/bounds.py), so no Dijkstra is written twice (issue 21).  The routine
# module imports nothing above the puzzles.  This checks import statements only: importing
# search.dijkstra still runs search/__init__.py (the registry), but no puzzle names any of it.
ALLOWED = {"search.dijkstra"}


def imported_modules(path: Path, inside: tuple = ("puzzles",), depth: int = 1) -> set[str]:
    """The stategraph modules a file imports, as names under the package of at most ``depth``
    parts (``search``, ``grid``; with ``depth=2``, ``search.dijkstra``).

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
                    names.add(".".join(parts[:depth]))
                else:
                    names.update(alias.name for alias in node.names)
            elif (node.module or "").startswith("stategraph."):
                names.add(".".join(node.module.removeprefix("stategraph.").split(".")[:depth]))
        elif isinstance(node, ast.Import):
            names.update(".".join(a.name.removeprefix("stategraph.").split(".")[:depth]) for a in node.names
                         if a.name.startswith("stategraph."))
    return names


def test_puzzle_modules_import_nothing_from_the_pipeline_upwards():
    modules = [(path, path.relative_to(PACKAGE).parts[:-1]) for path in sorted((PACKAGE / "puzzles").rglob("*.py"))]
    modules.append((PACKAGE / "puzzle.py", ()))
    assert len(modules) >= 20
    for path, inside in modules:
        found = imported_modules(path, inside)
        assert {"grid", "state_graph"} & found or path.name in ("__init__.py", "check.py"), (path.name, found)
        wrong = {name for name in imported_modules(path, inside, depth=2) if name.split(".")[0] in ABOVE} - ALLOWED
        assert not wrong, f"{path.name} imports {sorted(wrong)}"


def test_the_check_sees_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from ..search import SEARCHES\nfrom stategraph.runner import run\nfrom .. import records\n"
                   "from .grid import Grid\n")
    assert imported_modules(bad) == {"search", "runner", "records", "puzzles"}
    assert imported_modules(bad, ()) == {"grid", "runner"}


def test_only_the_dijkstra_routine_is_allowed_from_search(tmp_path):
    routine, registry = tmp_path / "routine.py", tmp_path / "registry.py"
    routine.write_text("from ...search.dijkstra import dijkstra\nimport stategraph.search.dijkstra\n")
    registry.write_text("from ...search import dijkstra\nfrom stategraph.search.astar import astar\n")
    assert imported_modules(routine, ("puzzles", "huarong"), depth=2) == ALLOWED
    assert imported_modules(registry, ("puzzles", "huarong"), depth=2) == {"search", "search.astar"}
