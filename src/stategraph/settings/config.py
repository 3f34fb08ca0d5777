"""YAML configuration: which puzzle, model, search routine, output and export.

Configs and ``--set`` values are read with :mod:`stategraph.io.safe_yaml` and checked against the
keys :mod:`stategraph.settings.fields` declares: one :class:`~stategraph.errors.ConfigError` line
naming the file and the key.

>>> cfg = load_config_text("puzzle: huarong\\nsearch: {algorithm: spfa}\\n", "c.yaml")
>>> cfg["puzzle"], cfg["search"]["algorithm"], cfg["output"]["format"]
('huarong', 'spfa', 'text')
>>> load_config_text("puzzle: huarong\\nserch: {}\\n", "c.yaml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stategraph.errors.ConfigError: c.yaml: unknown key 'serch' (known: puzzle, model, search, output, ...)
"""

from __future__ import annotations

import copy
import os
from typing import Any

from ..contract.puzzle import Puzzle
from ..errors import ConfigError, StategraphError, described, kind_of, shorten
from ..limits import MAX_LIMIT
from ..plugins.names import is_plugin_name
from ..puzzles import ALIASES, PUZZLES, get_puzzle
from ..search import SEARCHES, check_options, get_search
from ..search.routine import SearchRoutine
from .fields import DEFAULTS, KEYS, Key, nest, value_at

MAX_CONFIG_BYTES = 2**20  # a config is a few lines; a bigger file is refused before it is parsed
MAX_KEY_LENGTH = 50  # of a --set KEY (the longest real one, search.options.stop_at_target, has 29)
MAX_KEY_PARTS = 3  # dotted parts of a --set KEY: section.subsection.name

SCHEMA: dict[str, Any] = nest({key.name: key for key in KEYS})  # section -> ... -> Key, as a config nests them


def default_config(puzzle: str | Puzzle, folder: str | None = None) -> dict[str, Any]:
    """The built-in configuration of ``puzzle`` (a name, or a :class:`~stategraph.contract.puzzle.Puzzle`;
    what ``configs/<puzzle>.yaml`` holds); a puzzle from outside the package (``module:Class``,
    looked up in ``folder`` first) keeps that name."""
    chosen = get_puzzle(puzzle, folder) if isinstance(puzzle, str) else puzzle
    return nest({**copy.deepcopy(DEFAULTS),
                 "puzzle": puzzle if isinstance(puzzle, str) and ":" in puzzle else chosen.name,
                 "model": chosen.model().name, "search.algorithm": chosen.default_algorithm,
                 "limits": dict(chosen.limits)})


def load_config(path: str, source: str | None = None, *, load_routine: bool = True) -> dict[str, Any]:
    """The config in the file ``path`` (named ``source`` in messages); a plug-in puzzle it names
    is looked up beside it first (``load_routine``: see :func:`load_config_text`)."""
    return load_config_text(read_config_file(path), source or path, os.path.dirname(os.path.abspath(path)),
                            load_routine=load_routine)


def read_config_file(path: str) -> str:
    """The text of the config file ``path``: at most :data:`MAX_CONFIG_BYTES` of UTF-8, read unparsed."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{path}: the config file is larger than {MAX_CONFIG_BYTES} bytes "
                          "(a config is a few lines of YAML)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ConfigError(f"{path}:{line}: the config file is not UTF-8 text") from None
    return text


def load_config_text(text: str, source: str = "<config>", folder: str | None = None, *,
                     load_routine: bool = True) -> dict[str, Any]:
    """The config in ``text``, validated; with ``load_routine`` false, a routine of your own it
    names (``module:function``) is not loaded yet: the command line may override it, and only the
    routine that will run is imported (:func:`apply_overrides` checks it)."""
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{source}: the config is larger than {MAX_CONFIG_BYTES} characters "
                          "(a config is a few lines of YAML)")
    from ..io import safe_yaml  # PyYAML is imported only when a config or --set is read

    data = safe_yaml.load(text, source)
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: a config must be a mapping of keys, found {kind_of(data)}")
    if not isinstance(data.get("puzzle"), str):
        raise ConfigError(f"{source}: key 'puzzle' is required and must be a string")
    _puzzle(data["puzzle"], source, folder)
    base = default_config(data["puzzle"], folder)
    merged = _merge(base, data, SCHEMA, source, "")
    validate(merged, source, folder=folder, load_routine=load_routine)
    return merged


def apply_overrides(config: dict[str, Any], overrides: dict[str, Any], source: str = "command line",
                    puzzle: Puzzle | None = None, folder: str | None = None) -> dict[str, Any]:
    """A copy of ``config`` with dotted-key overrides (``{"search.algorithm": "bfs"}``) applied
    (checked against ``puzzle``, a :class:`~stategraph.contract.puzzle.Puzzle`, if given, else the one
    ``config`` names; a routine ``module:function`` is looked up in ``folder`` first)."""
    result = config
    for dotted, value in overrides.items():
        result = _merge(result, nest({dotted: value}), SCHEMA, source, "")
    validate(result, source, puzzle, folder)
    return result


def parse_assignment(text: str) -> tuple[str, object]:
    """``"limits.max_rows=500"`` -> ``("limits.max_rows", 500)``; the value is read as YAML.

    >>> parse_assignment("search.options.stop_at_target=false")
    ('search.options.stop_at_target', False)
    """
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ConfigError(f"--set {shorten(text)}: expected KEY=VALUE, e.g. limits.max_rows=500")
    if len(key) > MAX_KEY_LENGTH:
        raise ConfigError(f"--set {shorten(text)}: the key is {len(key)} characters long "
                          f"(at most {MAX_KEY_LENGTH})")
    if key.count(".") >= MAX_KEY_PARTS:
        raise ConfigError(f"--set {shorten(text)}: the key has {key.count('.') + 1} dotted parts "
                          f"(at most {MAX_KEY_PARTS}, e.g. search.options.stop_at_target)")
    from ..io import safe_yaml

    try:
        return key, safe_yaml.load(value, "--set")
    except safe_yaml.YAMLRefusal as exc:
        where = f" (line {exc.line} of the value)" if exc.line is not None and "\n" in value.strip() else ""
        raise ConfigError(f"--set {shorten(text)}: the value is not valid YAML for stategraph: "
                          f"{exc.problem}{where}") from None


def validate(config: dict[str, Any], source: str, puzzle: Puzzle | None = None, folder: str | None = None, *,
             load_routine: bool = True) -> None:
    """Cross-key checks: known routine and options, known model, each key's declared choices and
    range, puzzle limits (of ``puzzle`` if given, else of the puzzle ``config`` names).  A routine ``module:function``
    is loaded here (from ``folder``, the config's, first), unless ``load_routine`` is false: see
    :mod:`stategraph.search.plugin`."""
    module = puzzle or _puzzle(config["puzzle"], source)
    algorithm = config["search"]["algorithm"]
    options = config["search"]["options"]
    if not isinstance(options, dict):
        raise ConfigError(f"{source}: key 'search.options' must be a mapping, found {kind_of(options)}")
    if config["model"] not in module.models:
        raise ConfigError(f"{source}: key 'model': {module.name} has no model {shorten(config['model'])} "
                          f"(models: {', '.join(module.models)})")
    model = module.models[config["model"]]
    if load_routine or not (isinstance(algorithm, str) and is_plugin_name(algorithm)):
        routine = _routine(algorithm, source, folder)
        try:
            check_options(routine, options)
        except StategraphError as exc:
            raise ConfigError(f"{source}: key 'search.options': {exc}") from None
        reason = routine.refusal(model.profile, model.has_heuristic)
        if reason:
            raise ConfigError(f"{source}: key 'search.algorithm': {algorithm} does not apply to "
                              f"{module.name}'s model {model.name}: {reason}")
    for key in KEYS:
        _check_value(key, value_at(config, key.name), source)
    limits = module.limits
    if not isinstance(config["limits"], dict):
        raise ConfigError(f"{source}: key 'limits' must be a mapping, found {kind_of(config['limits'])}")
    for key, value in config["limits"].items():
        if key not in limits:
            raise ConfigError(f"{source}: unknown key {shorten(f'limits.{key}')} for {module.name} "
                              f"(known: {', '.join(limits) or 'none'})")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LIMIT:
            raise ConfigError(f"{source}: key {shorten(f'limits.{key}')} must be a positive integer "
                              f"of at most {MAX_LIMIT}, found {described(value)}")


def _check_value(key: Key, value: Any, source: str) -> None:
    """What :data:`~stategraph.settings.fields.KEYS` declares of a key's value beyond its type:
    its choices, its range, a path that is not empty."""
    if value is None:
        return
    if key.path and value == "":
        raise ConfigError(f"{source}: key '{key.name}' must be a path, found an empty string")
    if key.choices and value not in key.choices:
        raise ConfigError(f"{source}: key '{key.name}': must be one of {', '.join(key.choices)}, "
                          f"found {described(value)}")
    if key.low is not None and not key.low <= value <= MAX_LIMIT:
        allowed = "counts from 1" if key.low == 1 else f"must be between {key.low} and {MAX_LIMIT}"
        raise ConfigError(f"{source}: key '{key.name}' {allowed}, found {described(value)}")


def _merge(base: dict[str, Any], data: dict[str, Any], schema: dict[str, Any], source: str,
           prefix: str) -> dict[str, Any]:
    """``base`` with ``data`` laid over it, each value checked against its :class:`Key`'s type."""
    result = copy.deepcopy(base)
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in schema:
            raise ConfigError(f"{source}: unknown key {shorten(name)} (known: {', '.join(schema)})")
        spec = schema[key]
        if isinstance(spec, dict) or spec.kind is dict:  # a section, or a mapping's value
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: key {shorten(name)} must be a mapping, found {kind_of(value)}")
            result[key] = _merge(base[key], value, spec, source, f"{name}.") if isinstance(spec, dict) \
                else {**base[key], **value}
        else:
            if value is not None and not (isinstance(value, spec.kind) and
                                          (spec.kind is not int or not isinstance(value, bool))):
                raise ConfigError(f"{source}: key {shorten(name)} must be {spec.kind.__name__}, "
                                  f"found {kind_of(value)}")
            if value is None and not spec.nullable:
                raise ConfigError(f"{source}: key {shorten(name)} needs a value, found nothing")
            result[key] = value
    return result


def _puzzle(name: object, source: str, folder: str | None = None) -> Puzzle:
    """The puzzle called ``name`` (or ``module:Class``), or a ConfigError naming the key."""
    if isinstance(name, str) and ":" in name:
        try:
            return get_puzzle(name, folder)
        except StategraphError as exc:
            raise ConfigError(f"{source}: key 'puzzle': {exc}") from None
    if not isinstance(name, str) or (name not in PUZZLES and name not in ALIASES):
        raise ConfigError(f"{source}: key 'puzzle': unknown puzzle {described(name)} "
                          f"(known: {', '.join(PUZZLES)}, or module:Class)")
    return get_puzzle(name)


def _routine(name: object, source: str, folder: str | None) -> SearchRoutine:
    """The search routine called ``name`` (or ``module:function``), or a ConfigError naming the key."""
    if isinstance(name, str) and ":" in name:
        try:
            return get_search(name, folder)
        except StategraphError as exc:
            raise ConfigError(f"{source}: key 'search.algorithm': {exc}") from None
    if not isinstance(name, str) or name not in SEARCHES:
        raise ConfigError(f"{source}: key 'search.algorithm': unknown algorithm {described(name)} "
                          f"(known: {', '.join(sorted(SEARCHES))})")
    return get_search(name)
