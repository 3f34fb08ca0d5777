"""The bounds a config's YAML is held to, and the plain YAML most configs are written in, read
without PyYAML (importing it is slow next to a small run).

:func:`read` takes block mappings, one ``key: value`` a line, whose values are words, decimal
integers or ``{}``, with comments and blank lines anywhere; or a lone value (a ``--set`` value):

>>> read("# the jugs\\npuzzle: water_jug:WaterJug\\nsearch:\\n  algorithm: bfs  # unit costs\\n")
{'puzzle': 'water_jug:WaterJug', 'search': {'algorithm': 'bfs'}}
>>> read("Off"), read("+16"), read("limits: {max_rows: 5}") is NOT_PLAIN
(False, 16, True)

What it reads, PyYAML's ``safe_load`` reads alike (``tests/test_formats_plain_yaml.py``); anything
else (flow style, quotes, lists, floats, whatever PyYAML might refuse or read otherwise) is
:data:`NOT_PLAIN`, left to :mod:`stategraph.io.safe_yaml`.
"""

from __future__ import annotations

import re

MAX_DEPTH = 20
MAX_NODES = 10_000
MAX_SCALAR_LENGTH = 10_000
MAX_INT_DIGITS = 18

DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)", re.ASCII)
NOT_PLAIN = object()  # what :func:`read` returns for a document it leaves to PyYAML

_TEXT = re.compile(r"[\n -~]*")  # printable ASCII lines: no tab, no carriage return
_NOTHING = re.compile(r" *(#.*)?")  # a blank or comment line
_ENTRY = re.compile(r"(?P<indent> *)(?P<key>[A-Za-z_][A-Za-z0-9_-]*):(?: +(?P<value>[^ #]\S*))?(?: +#.*)? *")
_LONE = re.compile(r" *(?P<value>[^ #]\S*)(?: +#.*)? *")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_./:-]*(?<!:)")
_WORDS = {**dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
          **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
          **dict.fromkeys(("null", "Null", "NULL"), None)}  # YAML 1.1's booleans and nulls (PyYAML's resolver)


def read(text: str) -> object:
    """The one document in ``text``, or :data:`NOT_PLAIN` when it is not plain (see above)."""
    if not _TEXT.fullmatch(text):
        return NOT_PLAIN
    lines = [line for line in text.split("\n") if not _NOTHING.fullmatch(line)]
    if len(lines) == 1 and not _ENTRY.fullmatch(lines[0]):
        lone = _LONE.fullmatch(lines[0])
        return _value(lone["value"]) if lone else NOT_PLAIN
    return _mapping(lines)


def _mapping(lines: list[str]) -> object:
    """The block mapping the ``key: value`` lines make, or :data:`NOT_PLAIN`."""
    root: dict[str, object] = {}
    open_mappings = [(0, root)]  # (indentation, mapping) from the top down to the innermost
    opened: dict[str, object] | None = None  # the mapping a line ``key:`` opened, before its first entry
    nodes = 1
    for line in lines:
        entry = _ENTRY.fullmatch(line)
        if entry is None:
            return NOT_PLAIN
        indent = len(entry["indent"])
        if opened is not None:  # its first entry sets its indentation, deeper than its key's
            if indent <= open_mappings[-1][0] or len(open_mappings) >= MAX_DEPTH - 1:
                return NOT_PLAIN
            open_mappings.append((indent, opened))
            opened = None
        while indent < open_mappings[-1][0]:
            open_mappings.pop()
        mapping = open_mappings[-1][1]
        key, value = entry["key"], entry["value"]
        if indent != open_mappings[-1][0] or key in _WORDS or key in mapping:
            return NOT_PLAIN
        if value is None:
            mapping[key] = opened = {}
        else:
            mapping[key] = _value(value)
            if mapping[key] is NOT_PLAIN:
                return NOT_PLAIN
        nodes += 2
    return root if opened is None and root and nodes <= MAX_NODES else NOT_PLAIN


def _value(token: str) -> object:
    """A value's token as YAML 1.1 reads it, or :data:`NOT_PLAIN`."""
    if len(token) > MAX_SCALAR_LENGTH:
        return NOT_PLAIN
    if DECIMAL.fullmatch(token):
        return int(token) if len(token.lstrip("+-")) <= MAX_INT_DIGITS else NOT_PLAIN
    if token == "{}":
        return {}
    if _WORD.fullmatch(token):
        return _WORDS.get(token, token)
    return NOT_PLAIN
