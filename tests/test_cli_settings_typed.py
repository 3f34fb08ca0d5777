"""The settings are typed: one dataclass field a setting (``stategraph.settings.fields.Declared``),
its key, default, help, choices, range and flag in the field's metadata; the keys, the checks and
the command line's flags are derived from the fields, and mypy holds code that reads a setting
to its type."""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from stategraph.contract.puzzle import Puzzle
from stategraph.errors import ConfigError
from stategraph.limits import MAX_LIMIT
from stategraph.puzzles import PUZZLES
from stategraph.settings.fields import FIELDS, KEYS, PUZZLE, Declared, Flag, Key, keys_of, setting
from stategraph.settings.resolve import Settings


def test_the_keys_are_the_fields_of_the_declaration_in_order():
    assert KEYS[0] is PUZZLE
    assert [key.field for key in KEYS[1:]] == [field.name for field in dataclasses.fields(Declared)]
    assert list(FIELDS) == [field.name for field in dataclasses.fields(Declared)]
    assert keys_of(Settings) == KEYS[1:]  # the puzzle is a field of Settings, not a declared setting
    assert {field.name for field in dataclasses.fields(Settings)} == {*FIELDS, "puzzle"}


def test_each_declared_default_has_its_fields_type():
    for key in KEYS[1:]:
        if key.default is None:  # "none", or the puzzle's
            assert key.nullable or key.name in ("model", "search.algorithm"), key.name
            continue
        assert isinstance(key.default, key.kind) and (key.kind is bool) == isinstance(key.default, bool), key.name
        if key.low is not None:
            assert key.kind is int and key.low <= key.default <= MAX_LIMIT, key.name
        if key.choices:
            assert key.default in key.choices, key.name


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_every_field_of_settings_holds_a_value_of_its_type(puzzle):
    settings = Settings.of(puzzle)
    assert isinstance(settings.puzzle, Puzzle) and settings.puzzle.name == puzzle
    for key in KEYS[1:]:
        value = getattr(settings, key.field)
        if value is None:
            assert key.nullable, key.name
        elif key.kind is dict:
            assert isinstance(value, Mapping), key.name
            with pytest.raises(TypeError):  # read-only
                value["x"] = 1
        else:
            assert type(value) is key.kind, key.name


def test_settings_are_frozen_and_only_declared_fields_change():
    settings = Settings.of("huarong")
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.jobs = 2
    changed = settings.replace(jobs=3, verify=True)
    assert (changed.jobs, changed.verify, changed.puzzle) == (3, True, settings.puzzle)
    assert (settings.jobs, settings.verify) == (1, False)
    with pytest.raises(ConfigError, match=r"^settings: unknown field algoritm \(known: model, algorithm, "):
        settings.replace(algoritm="bfs")
    with pytest.raises(ConfigError, match="unknown field algoritm"):
        Settings.of("huarong", algoritm="bfs")
    with pytest.raises(AttributeError):
        settings.algoritm  # noqa: B018


def test_a_new_setting_is_one_field():
    colour_flag = Flag(("--colour",), ("draw",), "the colour of the path")

    @dataclass(frozen=True, kw_only=True)
    class More(Declared):
        colour: str | None = setting("output.colour", help="the path's colour", choices=("red", "blue"),
                                     flag=colour_flag)
        depth: int = setting("search.depth", default=3, low=1, help="how deep")
        weights: Mapping[str, int] = setting("search.weights", default={}, help="by name")

    *declared, colour, depth, weights = keys_of(More)
    assert tuple(declared) == KEYS[1:]
    assert colour == Key("output.colour", str, None, "the path's colour", "colour", colour_flag, ("red", "blue"),
                         nullable=True)
    assert depth == Key("search.depth", int, 3, "how deep", "depth", low=1)
    assert weights == Key("search.weights", dict, {}, "by name", "weights")


def test_a_field_of_a_type_a_config_cannot_hold_is_refused():
    @dataclass(frozen=True, kw_only=True)
    class Odd(Declared):
        ratio: float = setting("run.ratio", default=0.5, help="a fraction")

    with pytest.raises(TypeError, match="setting run.ratio: a field of type <class 'float'>"):
        keys_of(Odd)


# mypy -----------------------------------------------------------------------------------------------

WRONG = """\
from stategraph import Settings

s = Settings.of("huarong")
s.algoritm
s.jobs + "x"
"""

RIGHT = """\
from collections.abc import Mapping

from stategraph.contract.puzzle import Puzzle
from stategraph.settings.resolve import Settings

s = Settings.of("huarong", algorithm="spfa")
jobs: int = s.jobs + 1
algorithm: str = s.algorithm
limits: Mapping[str, int] = s.limits
path: str | None = s.export_graphml
puzzle: Puzzle = s.puzzle
verify: bool = s.replace(verify=True).verify
"""


@pytest.mark.slow
def test_mypy_sees_a_misspelt_setting_and_a_wrongly_typed_use(tmp_path: Path):
    from mypy import api

    (tmp_path / "wrong.py").write_text(WRONG)
    (tmp_path / "right.py").write_text(RIGHT)
    # not the project's configuration: a user's, but for the packages stategraph imports, whose sources and stubs
    # mypy would read (their types then Any; their stubs alone took two thirds of the run): were stategraph's own
    # types to come from them, the two errors would go and the test fail
    (tmp_path / "mypy.ini").write_text("[mypy]\n\n[mypy-networkx.*,numpy.*,matplotlib.*,IPython.*]\n"
                                       "follow_imports = skip\nfollow_imports_for_stubs = True\n")
    out, err, status = api.run([str(tmp_path / "wrong.py"), str(tmp_path / "right.py"),
                                "--config-file", str(tmp_path / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
                                "--follow-imports", "silent", "--python-version", "3.11", "--no-error-summary"])
    errors = sorted(line.replace(str(tmp_path) + "/", "") for line in out.splitlines())
    assert errors == [
        'wrong.py:4: error: "Settings" has no attribute "algoritm"; maybe "algorithm"?  [attr-defined]',
        'wrong.py:5: error: Unsupported operand types for + ("int" and "str")  [operator]',
    ], textwrap.indent(out + err, "  ")
    assert status == 1
