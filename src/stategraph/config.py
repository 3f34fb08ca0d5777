"""YAML configuration: which puzzle, model, search routine, output and export.

Files are read with ``yaml.safe_load`` only.  Unknown keys and wrong types
are refused with a :class:`~stategraph.errors.ConfigError` naming the file
and the key.

>>> cfg = load_config_text("puzzle: huarong\\nsearch: {algorithm: spfa}\\n", "c.yaml")
>>> cfg["puzzle"], cfg["search"]["algorithm"], cfg["output"]["format"]
('huarong', 'spfa', 'text')
>>> load_config_text("puzzle: huarong\\nserch: {}\\n", "c.yaml")
Traceback (most recent call last):
...
stategraph.errors.ConfigError: c.yaml: unknown key 'serch' (known: puzzle, model, search, output, export, limits)
"""

from __future__ import annotations

import copy

import yaml

from .errors import ConfigError, StategraphError
from .puzzles import get_puzzle, refusal
from .search import check_options, get_search

OUTPUT_FORMATS = ("text", "json")

# key -> (type, default); nested dicts are sections
SCHEMA = {
    "puzzle": (str, None),
    "model": (str, None),
    "search": {"algorithm": (str, None), "options": dict},
    "output": {"format": (str, "text"), "stats": (bool, False), "verify": (bool, False)},
    "export": {"graphml": (str, None)},
    "limits": dict,
}


def default_config(puzzle: str) -> dict:
    """The built-in configuration of ``puzzle`` (what ``configs/<puzzle>.yaml`` holds)."""
    module = get_puzzle(puzzle)
    return {
        "puzzle": module.NAME,
        "model": module.DEFAULTS.get("model"),
        "search": {"algorithm": module.DEFAULTS["algorithm"], "options": {}},
        "output": {"format": "text", "stats": False, "verify": False},
        "export": {"graphml": None},
        "limits": limit_defaults(module),
    }


def limit_defaults(module) -> dict:
    """The size limits among a puzzle's defaults (everything but the algorithm and model)."""
    return {k: v for k, v in module.DEFAULTS.items() if k not in ("algorithm", "model")}


def load_config(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: the config file is not UTF-8 text") from None
    return load_config_text(text, path)


def load_config_text(text: str, source: str = "<config>") -> dict:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if isinstance(exc, yaml.constructor.ConstructorError) and "tag" in problem:
            tag = problem.split("tag", 1)[1].strip()
            problem = f"tag {tag} is not allowed (configs are plain data, read with yaml.safe_load)"
        raise ConfigError(f"{source}{where}: not valid YAML for stategraph: {problem}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: a config must be a mapping of keys, found {_kind(data)}")
    if not isinstance(data.get("puzzle"), str):
        raise ConfigError(f"{source}: key 'puzzle' is required and must be a string")
    try:
        base = default_config(data["puzzle"])
    except StategraphError as exc:
        raise ConfigError(f"{source}: key 'puzzle': {exc}") from None
    merged = _merge(base, data, SCHEMA, source, "")
    validate(merged, source)
    return merged


def apply_overrides(config: dict, overrides: dict, source: str = "command line") -> dict:
    """A copy of ``config`` with dotted-key overrides (``{"search.algorithm": "bfs"}``) applied."""
    result = config
    for dotted, value in overrides.items():
        if value is None:
            continue
        nested = value
        for key in reversed(dotted.split(".")):
            nested = {key: nested}
        result = _merge(result, nested, SCHEMA, source, "")
    validate(result, source)
    return result


def parse_assignment(text: str) -> tuple:
    """``"limits.max_rows=500"`` -> ``("limits.max_rows", 500)``; the value is read as YAML.

    >>> parse_assignment("search.options.stop_at_target=false")
    ('search.options.stop_at_target', False)
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"--set {text!r}: expected KEY=VALUE, e.g. limits.max_rows=500")
    try:
        return key.strip(), yaml.safe_load(value)
    except yaml.YAMLError:
        raise ConfigError(f"--set {text!r}: the value is not valid YAML") from None


def validate(config: dict, source: str) -> None:
    """Cross-key checks: known routine, known output format, puzzle limits."""
    module = get_puzzle(config["puzzle"])
    algorithm = config["search"]["algorithm"]
    try:
        routine = get_search(algorithm)
    except StategraphError as exc:
        raise ConfigError(f"{source}: key 'search.algorithm': {exc}") from None
    try:
        check_options(routine, config["search"]["options"])
    except StategraphError as exc:
        raise ConfigError(f"{source}: key 'search.options': {exc}") from None
    reason = refusal(module, routine)
    if reason:
        raise ConfigError(f"{source}: key 'search.algorithm': {algorithm} does not apply to "
                          f"{module.NAME}: {reason}")
    models = getattr(module, "MODELS", (None,))
    if config["model"] not in models:
        raise ConfigError(f"{source}: key 'model': {module.NAME} has no model {config['model']!r} "
                          f"(known: {', '.join(str(m) for m in models)})")
    if config["output"]["format"] not in OUTPUT_FORMATS:
        raise ConfigError(f"{source}: key 'output.format': must be one of {', '.join(OUTPUT_FORMATS)}, "
                          f"found {config['output']['format']!r}")
    limits = limit_defaults(module)
    for key, value in config["limits"].items():
        if key not in limits:
            raise ConfigError(f"{source}: unknown key 'limits.{key}' for {module.NAME} "
                              f"(known: {', '.join(limits) or 'none'})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(f"{source}: key 'limits.{key}' must be a positive integer, found {value!r}")


def _merge(base: dict, data: dict, schema: dict, source: str, prefix: str) -> dict:
    result = copy.deepcopy(base)
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in schema:
            raise ConfigError(f"{source}: unknown key {name!r} (known: {', '.join(schema)})")
        spec = schema[key]
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: key {name!r} must be a mapping, found {_kind(value)}")
            result[key] = _merge(base[key], value, spec, source, f"{name}.")
        elif spec is dict:
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: key {name!r} must be a mapping, found {_kind(value)}")
            result[key] = {**base[key], **value}
        else:
            kind, _ = spec
            if value is not None and not (isinstance(value, kind) and
                                          (kind is not int or not isinstance(value, bool))):
                raise ConfigError(f"{source}: key {name!r} must be {kind.__name__}, found {_kind(value)}")
            if value is None and key in ("puzzle", "algorithm", "format"):
                raise ConfigError(f"{source}: key {name!r} must not be empty")
            result[key] = value
    return result


def _kind(value) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)
