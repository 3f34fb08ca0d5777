"""The reference pages name what exists: the Layout of docs/layers.md is the tree of ``src/stategraph``
(every module and package, and nothing that is not there), and docs/cli.md documents every command,
every option of each and every config key."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

import stategraph
from stategraph.cli.main import _parser
from stategraph.settings.fields import KEYS

PACKAGE = Path(stategraph.__file__).parent
DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = {"configs/", "samples/", "views/page_assets/"}  # folders of data, not code, the layout names too


def layout_block() -> str:
    text = (DOCS / "layers.md").read_text()
    start = text.index("## Layout")
    found = re.search(r"```text\n(.*?)```", text[start:], flags=re.S)
    assert found, "docs/layers.md's Layout has no ```text block"
    return found[1]


def named_in_layout() -> set[str]:
    """The paths (relative to ``src/stategraph``) the layout's tree names: each line's first word, a
    ``name.py`` or ``folder/``, under the folders above it by its indentation (four spaces a level)."""
    lines = layout_block().splitlines()
    assert lines[0] == "src/stategraph/"
    named: set[str] = set()
    folders: list[str] = []
    for line in lines[1:]:
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 4 == 0 and indent >= 4, line
        name = line.split()[0]
        assert name.endswith((".py", "/")), line
        del folders[indent // 4 - 1:]
        named.add("".join(folders) + name)
        if name.endswith("/"):
            folders.append(name)
    return named


def in_the_tree() -> set[str]:
    """Every module and package of ``src/stategraph`` (a sub-package's ``__init__.py`` as its folder)."""
    modules = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")}
    packages = {str(path.parent.relative_to(PACKAGE)) + "/" for path in PACKAGE.rglob("__init__.py")
                if path.parent != PACKAGE}
    return modules | packages


def test_every_module_and_package_is_in_the_layout():
    named = named_in_layout()
    missing = {name for name in in_the_tree() - named
               if not (name.endswith("/__init__.py") and name.removesuffix("__init__.py") in named)}
    assert not missing, f"docs/layers.md's Layout misses {sorted(missing)}"


def test_the_layout_names_nothing_that_is_not_there():
    stray = {name for name in named_in_layout() - in_the_tree() if name not in DATA or not (PACKAGE / name).is_dir()}
    assert not stray, f"docs/layers.md's Layout names {sorted(stray)}, which do not exist"


def test_the_layout_reader_sees_a_missing_or_a_stray_module():
    assert "contract/first_level.py" in named_in_layout() and "puzzles/huarong/bounds.py" in named_in_layout()
    assert "puzzles/model.py" not in named_in_layout()  # a module is named under its own package


def test_the_layers_table_has_every_floor_of_the_layering_test():
    from test_design_layers import FLOORS

    text = (DOCS / "layers.md").read_text()
    for package, floor in FLOORS.items():
        assert re.search(rf"^\| {floor} \|[^|]*`{package}`", text, flags=re.M), package


# -- docs/cli.md: every command, option and key -------------------------------------------------------------

CLI = (DOCS / "cli.md").read_text()


def commands() -> dict[str, argparse.ArgumentParser]:
    [action] = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def options(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions if action.help != argparse.SUPPRESS
            for option in action.option_strings if option not in ("-h", "--help")]


def section(command: str) -> str:
    """The text of docs/cli.md's section of ``command`` (a ``## command...`` heading), or of its
    row of the commands table."""
    found = re.search(rf"^## {command}\b.*?(?=^## )", CLI, flags=re.S | re.M)
    row = re.search(rf"^\| \[`{command}`\].*$", CLI, flags=re.M)
    return (found[0] if found else "") + (row[0] if row else "")


@pytest.mark.parametrize("command", sorted(commands()))
def test_every_command_is_documented_in_the_cli_page(command):
    assert re.search(rf"^\| \[`{command}`\]\(#", CLI, flags=re.M), f"{command} has no row in docs/cli.md's table"
    assert f"stategraph {command}" in CLI, command


@pytest.mark.parametrize("command, option", [(c, o) for c, p in sorted(commands().items()) for o in options(p)])
def test_every_option_of_every_command_is_documented_in_the_cli_page(command, option):
    shared = re.search(r"^## Options and settings.*?(?=^## )", CLI, flags=re.S | re.M)
    assert shared, "docs/cli.md has no section 'Options and settings'"
    assert f"`{option}" in section(command) or f"`{option}" in shared[0], f"{command} {option}"


@pytest.mark.parametrize("key", [key.name for key in KEYS])
def test_every_config_key_is_a_row_of_the_cli_page(key):
    assert re.search(rf"^\| `{re.escape(key)}` \|", CLI, flags=re.M), key


def test_the_option_reader_sees_the_options():
    assert "--max-bytes" in options(commands()["search"]) and "--quiet" not in options(commands()["search"])
    assert {"--strict", "--jobs", "--set", "-c"} <= set(options(commands()["check"]))
