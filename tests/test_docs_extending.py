"""docs/extending/ stays true: its Python code runs and prints what the pages say it prints.

The guide's pages hold whole programs: the ```python blocks of its pages run in order (the pages in
the order of the index's toctree) in one namespace, and a block followed by a ```text block must
print exactly that.  The ```yaml blocks are configs that exist in the examples.  The contract page's
one table names every hook and attribute of ``SuccessorPuzzle``, and nothing else.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
import yaml

import stategraph
from stategraph.contract import first_level

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "extending"
GUIDE = ("first_level", "models_and_heuristics", "grid_puzzles", "pictures", "grading")  # programs that run
REFERENCE = ("contract", "errors", "routines")  # the contract, the errors and your own routines
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", flags=re.S | re.M)


def read(*pages: str) -> str:
    return "".join((FOLDER / f"{page}.md").read_text() for page in pages)


FIRST = read(*GUIDE)
PAGE = read("index", *GUIDE, *REFERENCE)
CONTRACT = read("contract")


def blocks(text: str) -> list[tuple[str, str]]:
    """``(language, code)`` of every fenced block, in order."""
    return [(match[1], match[2]) for match in FENCE.finditer(text)]


def programs() -> list[tuple[str, str | None]]:
    """The guide's Python blocks, each with the ```text block right after it (``None`` if none)."""
    found = blocks(FIRST)
    return [(code, found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text" else None)
            for i, (language, code) in enumerate(found) if language == "python"]


def test_every_page_of_the_folder_is_in_the_index_in_that_order():
    assert {path.stem for path in FOLDER.glob("*.md")} == {"index", *GUIDE, *REFERENCE}
    index = read("index")
    listed = [line.strip() for line in index.splitlines() if line.strip() in (*GUIDE, *REFERENCE)]
    assert listed == [*GUIDE, *REFERENCE]


def test_the_guide_has_runnable_programs():
    assert len(programs()) >= 7
    assert sum(expected is not None for _, expected in programs()) >= 7


def test_every_program_runs_and_prints_what_the_page_shows():
    namespace: dict = {"__name__": "extending_md"}
    for number, (code, expected) in enumerate(programs(), start=1):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, f"docs/extending block {number}", "exec"), namespace)
        if expected is not None:
            assert printed.getvalue() == expected, f"block {number}"


@pytest.mark.parametrize("text", [code for language, code in blocks(PAGE) if language == "yaml"])
def test_every_config_shown_is_an_example_s_config(text):
    shown = yaml.safe_load(text)
    configs = [yaml.safe_load(path.read_text()) for path in (ROOT / "examples").glob("*/*.yaml")]
    assert shown in configs


def test_the_names_a_puzzle_imports_are_the_package_s_own():
    start = CONTRACT.index("A puzzle imports what it needs from `stategraph` alone")
    sentence = CONTRACT[start:CONTRACT.index("\n\n", start)]
    [names] = re.findall(r"`from stategraph import ([\w,\s]+)`", sentence)
    named = {name.strip() for name in names.split(",")}
    assert {"SuccessorPuzzle", "AnswerLine", "Lex"} <= named <= set(stategraph.__all__)


# -- the contract in one table: every hook of SuccessorPuzzle ------------------------------------------------

def table_rows() -> list[str]:
    """The rows of the contract page's table, its header and rule left out."""
    return [line for line in CONTRACT.splitlines() if line.startswith("| `")]


def table() -> set[str]:
    """The members named in the first column of the contract page's table: ``name`` of each
    `` `name(...)` `` or `` `name` `` there (several in one cell: ``name, summary``)."""
    return {name for row in table_rows() for name in re.findall(r"`(\w+)[(`]", row.split("|")[1])}


def own_members(cls: type, *, public_only: bool = True) -> set[str]:
    """The attributes and methods ``cls`` itself declares for a subclass to set or override."""
    names = set(cls.__dict__) | set(getattr(cls, "__annotations__", {}))
    return {name for name in names if not name.startswith("_") or name == "__init__"} if public_only else names


def rules_hooks() -> set[str]:
    """The hooks stategraph reads from a puzzle's rules: ``RULE_HOOKS`` and every
    ``getattr(rules, "hook")`` or ``_hook(instance, "hook", ...)`` of the modules that run the rules
    (read from their source)."""
    sources = "".join((ROOT / "src" / "stategraph" / path).read_text() for path in
                      ("contract/first_level.py", "contract/rules_model.py", "graph/explore.py", "contract/replay.py",
                       "contract/uniform_cost.py"))
    found = set(re.findall(r'(?:getattr\((?:rules|cls\.rules\(instance\))|_hook\(instance), "(\w+)"', sources))
    return (found | set(first_level.RULE_HOOKS)) - {"__doc__"}


def test_the_table_names_every_hook_and_attribute_of_successor_puzzle():
    declared = {name for name in own_members(first_level.SuccessorPuzzle)
                if not callable(getattr(first_level.SuccessorPuzzle, name, None)) or name == "read"}
    inherited = {"name", "summary", "sample", "models", "aliases", "default_model", "default_algorithm"}
    missing = (declared | inherited | rules_hooks() - {"summary"} | {"__init__"}) - table()
    assert not missing, sorted(missing)
    rules_class = CONTRACT[CONTRACT.index("A rules class in `models` defines"):]
    rules_class = rules_class[:rules_class.index("\n\n")]
    assert {hook for hook in rules_hooks() if f"`{hook}`" not in rules_class} == set()


def members_of(cls: type) -> set[str]:
    """Every attribute, method and annotated attribute of ``cls`` and its bases."""
    return set(dir(cls)) | {name for base in cls.__mro__ for name in getattr(base, "__annotations__", {})}


def test_the_table_names_only_members_and_stays_one_screen():
    stray = table() - members_of(first_level.SuccessorPuzzle) - rules_hooks()
    assert not stray, sorted(stray)
    assert len(table_rows()) <= 30
    assert CONTRACT.count("\n| member |") == 1, "one table"


def test_what_successor_puzzle_gives_is_there_to_override():
    start = CONTRACT.index("Given by `SuccessorPuzzle` (not to define)")
    given = set(re.findall(r"`(\w+)\(", CONTRACT[start:CONTRACT.index("\n\n", start)]))
    assert {"solve_text", "verify", "read_answers", "judge_answer", "answer_cost", "describe_cost"} <= given
    assert {name for name in given if not callable(getattr(first_level.SuccessorPuzzle, name, None))} == set()


def test_the_hooks_are_read_from_the_source():
    assert {"start", "is_goal", "moves", "heuristic", "picture", "state_label", "profile", "position",
            "group"} <= rules_hooks()


def test_the_table_reader_sees_the_members():
    assert {"read", "moves", "output", "__init__", "limits", "default_model", "default_algorithm"} <= table()
    assert "Lex" not in table() and len(table_rows()) >= 28
