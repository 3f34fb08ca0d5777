"""docs/extending/ stays true: its Python code runs and prints what the pages say it prints.

Part 1 (the first level) holds whole programs: the ```python blocks of its pages run in order (the
pages in the order of the index's toctree) in one namespace, and a block followed by a ```text block
must print exactly that.  Part 2 (the second level) quotes examples/ice_maze/ice_maze_contract.py:
every line of its ```python excerpts is a line of that file.  The ```yaml blocks are configs that
exist in the examples, and the stategraph modules the contract page says the contract version
imports are the ones it imports.  The contract page's tables name every hook of both levels.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest
import yaml

from stategraph.contract import first_level, puzzle

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "extending"
# part 1: programs that run
FIRST_LEVEL = ("first_level", "models_and_heuristics", "grid_puzzles", "pictures", "grading")
SECOND_LEVEL = ("second_level", "checking", "running")  # part 2: excerpts of ice_maze_contract.py
BOTH = ("contract", "errors", "routines")  # the contract, the errors and the routines of both levels
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", flags=re.S | re.M)


def read(*pages: str) -> str:
    return "".join((FOLDER / f"{page}.md").read_text() for page in pages)


FIRST, SECOND = read(*FIRST_LEVEL), read(*SECOND_LEVEL)
PAGE = read("index", *FIRST_LEVEL, *SECOND_LEVEL, *BOTH)
CONTRACT = read("contract")


def blocks(text: str) -> list[tuple[str, str]]:
    """``(language, code)`` of every fenced block, in order."""
    return [(match[1], match[2]) for match in FENCE.finditer(text)]


def programs() -> list[tuple[str, str | None]]:
    """Part 1's Python blocks, each with the ```text block right after it (``None`` if none)."""
    found = blocks(FIRST)
    return [(code, found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text" else None)
            for i, (language, code) in enumerate(found) if language == "python"]


def test_every_page_of_the_folder_is_in_one_part_and_in_the_index_in_that_order():
    assert {path.stem for path in FOLDER.glob("*.md")} == {"index", *FIRST_LEVEL, *SECOND_LEVEL, *BOTH}
    index = read("index")
    listed = [line.strip() for line in index.splitlines() if line.strip() in (*FIRST_LEVEL, *SECOND_LEVEL, *BOTH)]
    assert listed == [*FIRST_LEVEL, *SECOND_LEVEL, *BOTH]


def test_the_first_level_part_has_runnable_programs():
    assert len(programs()) >= 7
    assert sum(expected is not None for _, expected in programs()) >= 7


def test_every_program_runs_and_prints_what_the_page_shows():
    namespace: dict = {"__name__": "extending_md"}
    for number, (code, expected) in enumerate(programs(), start=1):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, f"docs/extending part 1 block {number}", "exec"), namespace)
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
    """The ``stategraph.X.Y`` modules a file imports (read from its syntax tree, not by running it)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        found.update(name for name in names if name.startswith("stategraph."))
    return found


def modules_named(sentence_start: str, sentence_end: str) -> set[str]:
    """The ``stategraph.X.Y`` names in the contract page's passage from ``sentence_start`` to ``sentence_end``."""
    start = CONTRACT.index(sentence_start)
    return set(re.findall(r"`(stategraph(?:\.\w+)+)`", CONTRACT[start:CONTRACT.index(sentence_end, start)]))


def test_the_modules_the_page_says_the_contract_version_imports_are_the_ones_it_imports():
    contract = ROOT / "examples" / "ice_maze" / "ice_maze_contract.py"
    said = modules_named("`ice_maze_contract.py` imports from stategraph exactly", "(tests/")
    assert said == stategraph_imports(contract)


def test_the_contract_version_imports_only_what_a_plug_in_should():
    allowed = modules_named("A plug-in should import only", "plus networkx")
    assert {"stategraph.contract.puzzle", "stategraph.graph.weights"} <= allowed
    assert stategraph_imports(ROOT / "examples" / "ice_maze" / "ice_maze_contract.py") <= allowed


# -- the contract in one table: every hook of both levels ----------------------------------------------------

def table(heading: str) -> set[str]:
    """The members named in the first column of the tables of the contract page's section ``heading``:
    ``name`` of each `` `name(...)` `` or `` `name` `` there (several in one cell: ``name, summary``)."""
    start = CONTRACT.index(f"\n## {heading}\n")
    end = CONTRACT.find("\n## ", start + 1)
    rows = [line for line in CONTRACT[start:end if end > 0 else None].splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`(\w+)[(`]", row.split("|")[1])}


def own_members(cls: type, *, public_only: bool = True) -> set[str]:
    """The attributes and methods ``cls`` itself declares for a subclass to set or override."""
    names = set(cls.__dict__) | set(getattr(cls, "__annotations__", {}))
    return {name for name in names if not name.startswith("_") or name == "__init__"} if public_only else names


def test_the_second_level_tables_name_every_member_of_puzzle_and_model():
    for cls, heading in ((puzzle.Puzzle, "Second level: `Puzzle`"), (puzzle.Model, "Second level: `Model`")):
        given = {"model"} if cls is puzzle.Puzzle else set()  # provided, not for an author to define
        missing = own_members(cls) - table(heading) - given
        assert not missing, f"{cls.__name__}: {sorted(missing)}"
        assert table(heading) <= own_members(cls) | {"__init__"}, heading


def rules_hooks() -> set[str]:
    """The hooks the first level reads from a puzzle's rules: ``RULE_HOOKS`` and every
    ``getattr(rules, "hook")`` of the modules that run the rules (read from their source)."""
    sources = "".join((ROOT / "src" / "stategraph" / path).read_text() for path in
                      ("contract/first_level.py", "graph/explore.py", "contract/replay.py", "contract/uniform_cost.py"))
    found = set(re.findall(r'getattr\((?:rules|cls\.rules\(instance\)), "(\w+)"', sources))
    return (found | set(first_level.RULE_HOOKS)) - {"__doc__"}


def test_the_first_level_table_names_every_hook_and_attribute_of_successor_puzzle():
    named = table("First level: `SuccessorPuzzle`")
    declared = {name for name in own_members(first_level.SuccessorPuzzle)
                if not callable(getattr(first_level.SuccessorPuzzle, name, None)) or name == "read"}
    inherited = {"name", "summary", "sample", "models", "aliases", "default_model", "default_algorithm"}
    missing = (declared | inherited | rules_hooks() - {"summary"} | {"__init__"}) - named
    assert not missing, sorted(missing)
    rules_class = CONTRACT[CONTRACT.index("A rules class in `models` defines"):]
    rules_class = rules_class[:rules_class.index("\n\n")]
    assert {hook for hook in rules_hooks() if f"`{hook}`" not in rules_class} == set()


def test_the_hooks_are_read_from_the_source():
    assert {"start", "is_goal", "moves", "heuristic", "picture", "state_label", "profile"} <= rules_hooks()


def test_the_table_reader_sees_the_members():
    assert {"name", "summary", "instance_text", "verify"} <= table("Second level: `Puzzle`")
    assert {"read", "moves", "output", "__init__", "limits"} <= table("First level: `SuccessorPuzzle`")
    assert {"move_label", "path_labels", "scene", "explain", "state_graph"} <= table("Second level: `Model`")
