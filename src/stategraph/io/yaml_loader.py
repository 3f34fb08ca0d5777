"""PyYAML's ``SafeLoader`` held to a config's bounds, and its errors told in one line (for
:mod:`stategraph.io.safe_yaml`, which imports this module only when it needs PyYAML)."""

from __future__ import annotations

import collections.abc

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError
from yaml.events import AliasEvent, ScalarEvent
from yaml.nodes import MappingNode, ScalarNode

from ..errors import shorten
from .plain_yaml import DECIMAL, MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES, MAX_SCALAR_LENGTH

MAX_PROBLEM_LENGTH = 120
MERGE_TAG = "tag:yaml.org,2002:merge"
READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError)


class ConfigLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses aliases, duplicate keys, deep nesting and oversized values."""

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    # -- composition: every node passes here before PyYAML recurses into it --

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise ComposerError(None, None, "anchors and aliases are not allowed, found the alias "
                                f"{shorten('*' + str(event.anchor), 40)}", event.start_mark)
        if event.anchor is not None:
            raise ComposerError(None, None, "anchors and aliases are not allowed, found the anchor "
                                f"{shorten('&' + str(event.anchor), 40)}", event.start_mark)
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise ComposerError(None, None, f"more than {MAX_NODES} values in one document",
                                event.start_mark)
        if self._depth >= MAX_DEPTH:
            raise ComposerError(None, None, f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_scalar_node(self, anchor):
        event = self.peek_event()
        if isinstance(event, ScalarEvent) and len(event.value) > MAX_SCALAR_LENGTH:
            raise ComposerError(None, None, f"a value of {len(event.value)} characters is too long "
                                f"(at most {MAX_SCALAR_LENGTH})", event.start_mark)
        node = super().compose_scalar_node(anchor)
        if node.tag == MERGE_TAG:
            raise ComposerError(None, None, "merge keys (<<) are not allowed", node.start_mark)
        return node

    # -- construction --

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except READ_ERRORS:
            what = shorten(node.value, 40) if isinstance(node, ScalarNode) else f"this {node.id}"
            raise ConstructorError(None, None, f"cannot read {what} as {shorten(node.tag, 60)}",
                                   node.start_mark) from None

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, MappingNode):
            raise ConstructorError(None, None, f"expected a mapping node, but found {node.id}",
                                   node.start_mark)
        self.flatten_mapping(node)  # merge keys are refused at composition; this only handles '='
        mapping = {}
        lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, collections.abc.Hashable):
                raise ConstructorError(None, None, "a mapping key must be a plain value, found a "
                                       f"{key_node.id}", key_node.start_mark)
            line = key_node.start_mark.line + 1
            if key in lines:
                raise ConstructorError(None, None, f"duplicate key {shorten(key, 40)} "
                                       f"(lines {lines[key]} and {line})", key_node.start_mark)
            lines[key] = line
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_yaml_int(self, node):
        """Decimal digits only: YAML 1.1 would also read ``12:30`` as 750, ``0x12C`` as 300,
        ``012`` as 10 and ``1_000`` as 1000, none of which a config means."""
        value = self.construct_scalar(node)
        if not DECIMAL.fullmatch(value):
            raise ConstructorError(None, None, f"{shorten(value, 24)} is not a decimal integer "
                                   "(no hex, octal, sexagesimal, '_' or leading zero)",
                                   node.start_mark)
        digits = len(value.lstrip("+-"))
        if digits > MAX_INT_DIGITS:
            raise ConstructorError(None, None, f"an integer of {digits} digits is too long "
                                   f"(at most {MAX_INT_DIGITS})", node.start_mark)
        return int(value)

    def construct_undefined(self, node):
        raise ConstructorError(None, None, f"tag {shorten(node.tag)} is not allowed "
                               "(configs are plain data, read with yaml.safe_load)", node.start_mark)


# The constructor tables hold plain functions, so the overrides must be registered again.
ConfigLoader.add_constructor("tag:yaml.org,2002:int", ConfigLoader.construct_yaml_int)
ConfigLoader.add_constructor(None, ConfigLoader.construct_undefined)


def describe(exc: yaml.YAMLError, text: str) -> tuple:
    """``(line, problem)`` of PyYAML's error ``exc`` in ``text``: the 1-based line (or None), one short line."""
    if isinstance(exc, yaml.reader.ReaderError):
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        return line, _one_line(str(exc).splitlines()[0] if str(exc) else "unreadable character")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(exc, "problem", None) or getattr(exc, "context", None) or str(exc)
    context = getattr(exc, "context", None)
    if context and problem.startswith("but "):  # "expected a single document ..., but found another"
        problem = f"{context}, {problem}"
    return line, _one_line(problem)


def _one_line(problem: str) -> str:
    text = " ".join(str(problem)[:4 * MAX_PROBLEM_LENGTH].split())
    return text if len(text) <= MAX_PROBLEM_LENGTH else text[:MAX_PROBLEM_LENGTH] + "..."
