"""YAML configuration: which puzzle, model, search routine, output and export.

Files and ``--set`` values are read with :mod:`stategraph.safe_yaml` only (``yaml.SafeLoader``
without anchors, aliases, duplicate keys, deep nesting or oversized values), and a file
over :data:`MAX_CONFIG_BYTES` is refused unread.  Unknown keys and wrong types are refused
with a one-line :class:`~stategraph.errors.ConfigError` naming the file and the key; every
value echoed in a message is cut by :func:`~stategraph.errors.shorten`.

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

from .errors import ConfigError, StategraphError, shorten
from .puzzles import ALIASES, PUZZLES, get_puzzle
from .search import SEARCHES, check_options, get_search

OUTPUT_FORMATS = ("text", "json")
GRAPH_FORMATS = ("graphml", "gexf", "json", "dot")  # what `stategraph export` writes
MAX_CONFIG_BYTES = 2**20  # a config is a few lines; a bigger file is refused before it is parsed
MAX_LIMIT = 10**6  # the largest value of any key under limits
MAX_KEY_LENGTH = 50  # of a --set KEY (the longest real one, search.options.stop_at_target, has 29)
MAX_KEY_PARTS = 3  # dotted parts of a --set KEY: section.subsection.name

NULLABLE = ("export.graphml", "export.format")  # keys whose empty value means "the default"
# key -> (type, default); nested dicts are sections
SCHEMA = {
    "puzzle": (str, None),
    "model": (str, None),
    "search": {"algorithm": (str, None), "options": dict},
    "output": {"format": (str, "text"), "stats": (bool, False), "verify": (bool, False)},
    "export": {"graphml": (str, None), "format": (str, None), "instance": (int, 1), "query": (int, 1),
               "path_only": (bool, False), "force": (bool, False)},
    "verify": {"max_seconds": (int, 60), "max_positions": (int, 200_000)},
    "limits": dict,
}


def default_config(puzzle, folder: str | None = None) -> dict:
    """The built-in configuration of ``puzzle`` (a name, or a :class:`~stategraph.puzzle.Puzzle`;
    what ``configs/<puzzle>.yaml`` holds); a puzzle from outside the package (``module:Class``,
    looked up in ``folder`` first) keeps that name."""
    chosen = get_puzzle(puzzle, folder) if isinstance(puzzle, str) else puzzle
    return {
        "puzzle": puzzle if isinstance(puzzle, str) and ":" in puzzle else chosen.name,
        "model": chosen.model().name,
        "search": {"algorithm": chosen.default_algorithm, "options": {}},
        "output": {"format": "text", "stats": False, "verify": False},
        "export": {"graphml": None, "format": None, "instance": 1, "query": 1, "path_only": False, "force": False},
        "verify": {"max_seconds": 60, "max_positions": 200_000},
        "limits": dict(chosen.limits),
    }


def load_config(path: str, source: str | None = None) -> dict:
    """The config in the file ``path`` (named ``source`` in messages); a plug-in puzzle it names
    is looked up beside it first."""
    return load_config_text(read_config_file(path), source or path, os.path.dirname(os.path.abspath(path)))


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


def load_config_text(text: str, source: str = "<config>", folder: str | None = None) -> dict:
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{source}: the config is larger than {MAX_CONFIG_BYTES} characters "
                          "(a config is a few lines of YAML)")
    from . import safe_yaml  # PyYAML is imported only when a config or --set is read

    data = safe_yaml.load(text, source)
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: a config must be a mapping of keys, found {_kind(data)}")
    if not isinstance(data.get("puzzle"), str):
        raise ConfigError(f"{source}: key 'puzzle' is required and must be a string")
    _puzzle(data["puzzle"], source, folder)
    base = default_config(data["puzzle"], folder)
    merged = _merge(base, data, SCHEMA, source, "")
    validate(merged, source, folder=folder)
    return merged


def apply_overrides(config: dict, overrides: dict, source: str = "command line", puzzle=None,
                    folder: str | None = None) -> dict:
    """A copy of ``config`` with dotted-key overrides (``{"search.algorithm": "bfs"}``) applied
    (checked against ``puzzle``, a :class:`~stategraph.puzzle.Puzzle`, if given, else the one
    ``config`` names; a routine ``module:function`` is looked up in ``folder`` first)."""
    result = config
    for dotted, value in overrides.items():
        nested = value
        for key in reversed(dotted.split(".")):
            nested = {key: nested}
        result = _merge(result, nested, SCHEMA, source, "")
    validate(result, source, puzzle, folder)
    return result


def parse_assignment(text: str) -> tuple:
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
    from . import safe_yaml

    try:
        return key, safe_yaml.load(value, "--set")
    except safe_yaml.YAMLRefusal as exc:
        where = f" (line {exc.line} of the value)" if exc.line is not None and "\n" in value.strip() else ""
        raise ConfigError(f"--set {shorten(text)}: the value is not valid YAML for stategraph: "
                          f"{exc.problem}{where}") from None


def validate(config: dict, source: str, puzzle=None, folder: str | None = None) -> None:
    """Cross-key checks: known routine and options, known model and output format, puzzle limits
    (of ``puzzle`` if given, else of the puzzle ``config`` names).  A routine ``module:function``
    is loaded here (from ``folder``, the config's, first): see :mod:`stategraph.search.plugin`."""
    module = puzzle or _puzzle(config["puzzle"], source)
    algorithm = config["search"]["algorithm"]
    routine = _routine(algorithm, source, folder)
    options = config["search"]["options"]
    if not isinstance(options, dict):
        raise ConfigError(f"{source}: key 'search.options' must be a mapping, found {_kind(options)}")
    for key, value in options.items():
        if key not in routine.options:
            raise ConfigError(f"{source}: key 'search.options': {routine.name} has no option {shorten(key)} "
                              f"(its options: {', '.join(routine.options) or 'none'})")
        if not isinstance(value, bool):
            raise ConfigError(f"{source}: key 'search.options': option {shorten(key)} of {routine.name} "
                              f"must be true or false, found {_shown(value)}")
    try:
        check_options(routine, options)
    except StategraphError as exc:
        raise ConfigError(f"{source}: key 'search.options': {exc}") from None
    if config["model"] not in module.models:
        raise ConfigError(f"{source}: key 'model': {module.name} has no model {shorten(config['model'])} "
                          f"(models: {', '.join(module.models)})")
    model = module.models[config["model"]]
    reason = routine.refusal(model.profile, model.has_heuristic)
    if reason:
        raise ConfigError(f"{source}: key 'search.algorithm': {algorithm} does not apply to "
                          f"{module.name}'s model {model.name}: {reason}")
    if config["output"]["format"] not in OUTPUT_FORMATS:
        raise ConfigError(f"{source}: key 'output.format': must be one of {', '.join(OUTPUT_FORMATS)}, "
                          f"found {_shown(config['output']['format'])}")
    if config["export"]["graphml"] == "":
        raise ConfigError(f"{source}: key 'export.graphml' must be a path, found an empty string")
    if config["export"]["format"] not in (None, *GRAPH_FORMATS):
        raise ConfigError(f"{source}: key 'export.format': must be one of {', '.join(GRAPH_FORMATS)}, "
                          f"found {_shown(config['export']['format'])}")
    for key in ("instance", "query"):
        if not 1 <= config["export"][key] <= MAX_LIMIT:
            raise ConfigError(f"{source}: key 'export.{key}' counts from 1, found {_shown(config['export'][key])}")
    for key, value in config["verify"].items():
        if not 0 <= value <= MAX_LIMIT:
            raise ConfigError(f"{source}: key 'verify.{key}' must be between 0 and {MAX_LIMIT}, "
                              f"found {_shown(value)}")
    limits = module.limits
    if not isinstance(config["limits"], dict):
        raise ConfigError(f"{source}: key 'limits' must be a mapping, found {_kind(config['limits'])}")
    for key, value in config["limits"].items():
        if key not in limits:
            raise ConfigError(f"{source}: unknown key {shorten(f'limits.{key}')} for {module.name} "
                              f"(known: {', '.join(limits) or 'none'})")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LIMIT:
            raise ConfigError(f"{source}: key {shorten(f'limits.{key}')} must be a positive integer "
                              f"of at most {MAX_LIMIT}, found {_shown(value)}")


def _merge(base: dict, data: dict, schema: dict, source: str, prefix: str) -> dict:
    result = copy.deepcopy(base)
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in schema:
            raise ConfigError(f"{source}: unknown key {shorten(name)} (known: {', '.join(schema)})")
        spec = schema[key]
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: key {shorten(name)} must be a mapping, found {_kind(value)}")
            result[key] = _merge(base[key], value, spec, source, f"{name}.")
        elif spec is dict:
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: key {shorten(name)} must be a mapping, found {_kind(value)}")
            result[key] = {**base[key], **value}
        else:
            kind, _ = spec
            if value is not None and not (isinstance(value, kind) and
                                          (kind is not int or not isinstance(value, bool))):
                raise ConfigError(f"{source}: key {shorten(name)} must be {kind.__name__}, "
                                  f"found {_kind(value)}")
            if value is None and name not in NULLABLE:
                raise ConfigError(f"{source}: key {shorten(name)} needs a value, found nothing")
            result[key] = value
    return result


def _puzzle(name, source: str, folder: str | None = None):
    """The puzzle called ``name`` (or ``module:Class``), or a ConfigError naming the key."""
    if isinstance(name, str) and ":" in name:
        try:
            return get_puzzle(name, folder)
        except StategraphError as exc:
            raise ConfigError(f"{source}: key 'puzzle': {exc}") from None
    if not isinstance(name, str) or (name not in PUZZLES and name not in ALIASES):
        raise ConfigError(f"{source}: key 'puzzle': unknown puzzle {_shown(name)} "
                          f"(known: {', '.join(PUZZLES)}, or module:Class)")
    return get_puzzle(name)


def _routine(name, source: str, folder: str | None):
    """The search routine called ``name`` (or ``module:function``), or a ConfigError naming the key."""
    if isinstance(name, str) and ":" in name:
        try:
            return get_search(name, folder)
        except StategraphError as exc:
            raise ConfigError(f"{source}: key 'search.algorithm': {exc}") from None
    if not isinstance(name, str) or name not in SEARCHES:
        raise ConfigError(f"{source}: key 'search.algorithm': unknown algorithm {_shown(name)} "
                          f"(known: {', '.join(sorted(SEARCHES))})")
    return get_search(name)


def _shown(value) -> str:
    """A user value in a message: its kind for containers and nothing, else its shortened repr."""
    return _kind(value) if isinstance(value, (dict, list, tuple, set, type(None))) else shorten(value)


def _kind(value) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)
