"""Everything a run needs, validated once and frozen: built from defaults < config file < ``--set`` < flags.

>>> s = Settings.of("huarong", algorithm="spfa")
>>> s.puzzle.name, s.model, s.algorithm, s.limits["max_queries"]
('huarong', 'piece_side', 'spfa', 100000)
>>> Settings.of("pushing_boxes", algorithm="bfs")
Traceback (most recent call last):
...
stategraph.errors.ConfigError: settings: key 'search.algorithm': bfs does not apply to pushing_boxes's model box_side: \
bfs needs every edge weight to be 1, but this graph has lexicographic (primary, secondary) pairs
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..contract.puzzle import Puzzle
from ..errors import ConfigError, StategraphError, shorten
from ..puzzles import ALIASES, PUZZLES, get_puzzle
from . import config as configuration
from . import packaged
from .fields import FIELDS, Declared, value_at

KEYS = FIELDS  # Settings field -> its dotted config key


@dataclass(frozen=True, kw_only=True)
class Settings(Declared):
    """A validated run: the puzzle, and a typed field for each setting of
    :class:`stategraph.settings.fields.Declared` (``model``, ``algorithm``, ``jobs``, ...); build
    one with :meth:`of` or :meth:`from_config`, never by hand.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle the run is for.

    Examples
    --------
    >>> s = Settings.of("arrow_maze", jobs=2)
    >>> s.algorithm, s.jobs, s.replace(jobs=1).jobs
    ('astar', 2, 1)
    """

    puzzle: Puzzle

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (not validated again)."""
        _check_fields(changes)
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_config(cls, config: Mapping[str, Any], puzzle: Puzzle | None = None) -> Settings:
        """Settings from a validated config mapping (see :mod:`stategraph.settings.config`) for ``puzzle``
        (default: the one the config names)."""
        values = {field: value_at(config, dotted) for field, dotted in KEYS.items()}
        values = {field: MappingProxyType(dict(value)) if isinstance(value, dict) else value
                  for field, value in values.items()}
        return cls(puzzle=puzzle or get_puzzle(config["puzzle"]), **values)

    @classmethod
    def of(cls, puzzle: str | Puzzle, **changes: Any) -> Settings:
        """The defaults of ``puzzle`` (a name, or a :class:`~stategraph.contract.puzzle.Puzzle`, a plug-in's
        included) with some fields changed (``None`` leaves a default), validated."""
        _check_fields(changes)
        overrides = {KEYS[field]: value for field, value in changes.items() if value is not None}
        chosen = None if isinstance(puzzle, str) else puzzle
        return cls.from_config(configuration.apply_overrides(configuration.default_config(puzzle), overrides,
                                                             "settings", chosen), chosen)


def _check_fields(changes: Mapping[str, Any]) -> None:
    unknown = set(changes) - set(KEYS)
    if unknown:
        raise ConfigError(f"settings: unknown field {', '.join(sorted(unknown))} (known: {', '.join(KEYS)})")


def resolve(command: str, items: Sequence[str], files: tuple[str, ...], *, optional: int = 0,
            config: str | None = None, assignments: Sequence[str] = (),
            flags: Mapping[str, Any] | None = None) -> tuple[Settings, tuple[str | None, ...]]:
    """The settings of a command-line run and its file arguments, from the positionals ``items``
    (``[PUZZLE] FILE...``), a ``config`` file or packaged name, ``--set`` ``assignments`` and the
    dedicated ``flags`` by dotted key; the places that name the puzzle must agree."""
    items = list(items)
    pairs = [configuration.parse_assignment(item) for item in assignments]
    named: list[tuple[str, object]] = [(f"--set {key}", value) for key, value in pairs if key == "puzzle"]
    loaded = where = folder = None
    if config:
        loaded, where, folder = _load_config(config)
        named.insert(0, (where, loaded["puzzle"]))
    if len(items) > len(files) or not named or (items and _names_a_puzzle(items[0])):
        if not items:
            raise StategraphError(f"{command} needs a puzzle name or --config FILE "
                                  f"(puzzles: {', '.join(PUZZLES)})")
        named.insert(0, ("the command line", items.pop(0)))
    if len(items) > len(files):
        raise StategraphError(f"{command} takes [PUZZLE] {' '.join(files)}, got {len(items) + 1} arguments")
    if len(items) < len(files) - optional:
        raise StategraphError(f"{command} needs {' and '.join(files)} (missing {' '.join(files[len(items):])})")
    puzzle = _agreed_puzzle(named)
    base = loaded if loaded is not None else configuration.default_config(puzzle)
    overrides = {key: value for key, value in pairs if key != "puzzle"}
    overrides.update({key: value for key, value in (flags or {}).items() if value is not None})
    if overrides.get("export.graphml") == "":
        raise ConfigError("--export-graphml: the path is empty")
    merged = configuration.apply_overrides(base, overrides,
                                           f"{where} (with command-line overrides)" if where else "command line",
                                           folder=folder)
    return Settings.from_config(merged), tuple(items) + (None,) * (len(files) - len(items))


def _names_a_puzzle(item: str) -> bool:
    """Whether a positional that could be the input file names a built-in puzzle instead (a
    plug-in is named there only where the input cannot be, so no file name is ever imported)."""
    return not os.path.exists(item) and (item in PUZZLES or item in ALIASES)  # (aliases load every built-in)


def _agreed_puzzle(named: Sequence[tuple[str, object]]) -> str:
    resolved: list[tuple[str, str, str]] = []
    for where, name in named:
        if not isinstance(name, str):
            raise ConfigError(f"{where}: the puzzle must be a name, found {shorten(name)}")
        try:
            resolved.append((where, name, get_puzzle(name).name))
        except ConfigError:
            raise
        except StategraphError as exc:
            raise ConfigError(f"{where}: {exc}") from None
    first_where, first_name, first = resolved[0]
    for where, _, name in resolved[1:]:
        if name != first:
            raise ConfigError(f"puzzle {name!r} from {where} differs from {first!r} from {first_where}")
    return first_name


def _load_config(name: str) -> tuple[dict[str, Any], str, str | None]:
    """The config in a file or the packaged config of that name, where it came from, and the file's
    folder (``None`` if packaged); a routine it names is loaded once the overrides are known."""
    if packaged.is_packaged(name):
        where = f"packaged config {name}"
        return configuration.load_config_text(packaged.config_text(name), where, load_routine=False), where, None
    if not os.path.exists(name) and os.sep not in name:
        packaged.config_text(name)  # raises: neither a file nor a packaged config
    where = shorten(name, 200, quoted=False)
    return configuration.load_config(name, where, load_routine=False), where, os.path.dirname(os.path.abspath(name))
