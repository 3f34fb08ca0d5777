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


ROUTINE_FUNCTIONS = ["astar", "bfs", "bidirectional_dijkstra", "dijkstra", "layered_bfs", "networkx_dijkstra", "spfa"]


@pytest.mark.parametrize("first", ["nothing", "the registry", "the submodule"])
def test_the_search_package_still_gives_each_routine_s_function_by_its_name(first):
    """Before the routines loaded lazily, ``from stategraph.search import bfs`` gave the function
    ``bfs`` (the package imported it over its module): it still does, whatever was loaded before."""
    import subprocess
    import sys

    before = {"nothing": "", "the registry": "dict(SEARCHES)\n",
              "the submodule": "".join(f"import stategraph.search.{module}\n" for module in
                                       ("astar", "bfs", "dijkstra", "layered_bfs", "spfa"))}[first]
    script = ("from stategraph.search import SEARCHES\n" + before
              + "".join(f"from stategraph.search import {name}\n" for name in ROUTINE_FUNCTIONS)
              + f"print([callable(f) and f.__name__ for f in ({', '.join(ROUTINE_FUNCTIONS)},)])\n"
              + "print(sorted(r.run.__name__ for r in SEARCHES.values()))\n")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert shown.splitlines() == [str(ROUTINE_FUNCTIONS), str(sorted(ROUTINE_FUNCTIONS))]
