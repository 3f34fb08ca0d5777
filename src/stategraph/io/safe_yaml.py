"""The one YAML loader of stategraph: ``yaml.SafeLoader`` with hard bounds, for configs and ``--set``.

Everything a hostile file could use to cost time or memory, or to say something surprising, is
refused while the document is composed, before any value is built: anchors, aliases and merge
keys, duplicate keys, nesting past :data:`MAX_DEPTH`, more than :data:`MAX_NODES` values,
scalars past :data:`MAX_SCALAR_LENGTH`, integers past :data:`MAX_INT_DIGITS` digits or not in
decimal digits, and every tag ``yaml.safe_load`` would not take (docs/trust.md, "Configs").
Each is a one-line :class:`YAMLRefusal` naming the source and line.  A plain document is read by
:mod:`stategraph.io.plain_yaml`, any other by PyYAML through :mod:`stategraph.io.yaml_loader`:

>>> load("limits: {max_rows: 5}\\n", "c.yaml")
{'limits': {'max_rows': 5}}
>>> load("a: &x [1]\\nb: *x\\n", "c.yaml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stategraph.io.safe_yaml.YAMLRefusal: c.yaml:1: not valid YAML for stategraph: anchors and aliases are not allowed, ...
>>> load("puzzle: a\\nlimits: {}\\npuzzle: b\\n", "c.yaml")
Traceback (most recent call last):
...
stategraph.io.safe_yaml.YAMLRefusal: c.yaml:3: not valid YAML for stategraph: duplicate key 'puzzle' (lines 1 and 3)
"""

from __future__ import annotations

from ..errors import ConfigError
from . import plain_yaml
from .plain_yaml import MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES, MAX_SCALAR_LENGTH

__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "MAX_NODES", "MAX_SCALAR_LENGTH", "YAMLRefusal", "load", "load_with_pyyaml"]


class YAMLRefusal(ConfigError):
    """A document :func:`load` refuses; ``line`` (1-based, or None) and ``problem`` are kept apart."""

    def __init__(self, source: str, line: int | None, problem: str):
        self.source, self.line, self.problem = source, line, problem
        where = f":{line}" if line is not None else ""
        super().__init__(f"{source}{where}: not valid YAML for stategraph: {problem}")


def load(text: str, source: str) -> object:
    """The one YAML document in ``text``; any problem is a one-line :class:`YAMLRefusal`."""
    value = plain_yaml.read(text)
    return load_with_pyyaml(text, source) if value is plain_yaml.NOT_PLAIN else value


def load_with_pyyaml(text: str, source: str) -> object:
    """:func:`load` by PyYAML alone, what the plain reader (:mod:`stategraph.io.plain_yaml`) reads too."""
    import yaml  # imported here, with the loader, only when a document is read

    from .yaml_loader import READ_ERRORS, ConfigLoader, describe

    loader = None
    try:
        loader = ConfigLoader(text)  # the reader checks every character here
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        line, problem = describe(exc, text)
    except READ_ERRORS + (RecursionError,) as exc:  # defence in depth: none is known to get here
        line, problem = None, f"cannot read the document ({type(exc).__name__})"
    finally:
        if loader is not None:
            loader.dispose()
    raise YAMLRefusal(source, line, problem)
