"""The registry of built-ins by name (issue 44, start-up): a value is made when first looked up, once;
asking which names there are makes none."""

from __future__ import annotations

import pytest

from stategraph.plugins.registry import LazyRegistry


def test_a_value_is_made_on_its_first_look_up_and_kept():
    made = []

    def make(name):
        made.append(name)
        return name.upper()

    registry = LazyRegistry(["b", "a", "c"], make)
    assert (list(registry), len(registry), "a" in registry, "z" in registry, made) == (["b", "a", "c"], 3, True,
                                                                                      False, [])
    assert (registry["a"], registry["a"], registry.get("c"), made) == ("A", "A", "C", ["a", "c"])
    with pytest.raises(KeyError, match="'z'"):
        registry["z"]
    assert registry.get("z") is None and made == ["a", "c"]
    assert dict(registry) == {"b": "B", "a": "A", "c": "C"} and made == ["a", "c", "b"]
