"""The layers of the package, and the floor each stands on: a module imports only from the floors
below its own and from its own package, and no chain of imports comes back to where it started.

    cli        the command line: parser, commands, streams
    views      compare, explain, draw, view
    solving    the driver, workers, records, judge, export, saved graphs
    settings   the declared keys, YAML configs, the frozen settings of a run
    puzzles    the built-in puzzles
    contract   the two levels a puzzle is written at, its picture, its checker's verdicts
    io, search input text, graph files, YAML, safe writes | the search routines and their registry
    graph, grid, plugins   state graphs and weights | grids and walks | code a user names
    errors, limits, parent_death   the exceptions | the shared bounds | child processes that end with their parent

Every import counts, at the top of a module or inside a function (a lazy import is a dependency
too), except two: a first-level puzzle's ``solve_text()`` calls the driver, a learner's one-liner,
and a grading child (a program of its own, run by the sandbox) builds its side's view page for
``grade --page`` (see UPWARD).
"""

from __future__ import annotations

import ast

import networkx as nx
import pytest

from package_imports import MODULES, PACKAGE, imports

LEAVES = ("errors", "limits", "parent_death")  # the floor-0 modules that are not packages
FLOORS = {**dict.fromkeys(LEAVES, 0), "graph": 1, "grid": 1, "plugins": 1, "io": 2, "search": 2, "contract": 3,
          "puzzles": 4, "settings": 5, "solving": 6, "views": 7, "cli": 8}
FACADE = {"stategraph", "stategraph.__main__", "stategraph.moved"}  # the top level: its names, its old paths
UPWARD = {("stategraph.contract.first_level", "stategraph.solving.driver"),  # SuccessorPuzzle.solve_text
          ("stategraph.solving.child", "stategraph.views.grade_page")}  # a grading child builds its side's page


def layer(module: str) -> str:
    return module.split(".")[1]


def graph() -> nx.DiGraph:
    edges = nx.DiGraph()
    for name, path in MODULES.items():
        edges.add_node(name)
        edges.add_edges_from((name, target) for target in imports(path))
    return edges


def test_every_module_stands_on_a_named_floor():
    assert {layer(name) for name in MODULES if name not in FACADE} == set(FLOORS)
    for name in MODULES:  # a layer is a package, but for the leaves
        assert name in FACADE or (PACKAGE / layer(name)).is_dir() or layer(name) in LEAVES, name


def test_each_module_imports_only_from_below_or_from_its_own_package():
    wrong = [(a, b) for a, b in graph().edges if a not in FACADE and (a, b) not in UPWARD
             and b not in FACADE and layer(a) != layer(b) and FLOORS[layer(b)] >= FLOORS[layer(a)]]
    assert wrong == []
    assert all(edge in graph().edges for edge in UPWARD)  # the exception is still needed, or goes


def test_no_import_comes_back_round():
    edges = graph()
    edges.remove_edges_from(UPWARD)
    edges.remove_nodes_from(FACADE)
    assert list(nx.simple_cycles(edges)) == []


def test_puzzles_import_no_routine():
    """The puzzles stand on the contract: no puzzle imports a search routine (Huarong Dao's
    bounds have their own small searches over its board)."""
    wrong = [(a, b) for a, b in graph().edges if FACADE.isdisjoint((a, b)) and layer(a) == "puzzles"
             and layer(b) == "search"]
    assert wrong == []


def reaches_into_networkx(source: str) -> bool:
    return any(isinstance(node, ast.Attribute) and node.attr in {"_succ", "_pred", "_adj", "_node"}
               for node in ast.walk(ast.parse(source)))


def test_only_dicts_reaches_into_networkx_private_dicts():
    """``graph.dicts`` is the one module a networkx release that changes its internals meets."""
    assert [name for name, path in MODULES.items() if reaches_into_networkx(path.read_text())] == \
        ["stategraph.graph.dicts"]
    assert reaches_into_networkx("n = len(store._succ)")
    assert not reaches_into_networkx("self._nodes = 0")


@pytest.mark.parametrize("source, expected", [
    ("from ..search import SEARCHES\nfrom stategraph.solving.driver import run\n", {"stategraph.search",
                                                                               "stategraph.solving.driver"}),
    ("def f():\n    from .. import errors\n", {"stategraph.errors"}),
    ("from ..graph import weights, dicts\nimport stategraph.io.tokens\n", {"stategraph.graph.weights",
                                                                          "stategraph.graph.dicts",
                                                                          "stategraph.io.tokens"}),
])
def test_the_reader_sees_each_form_of_import(tmp_path, source, expected):
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert imports(probe, name="stategraph.solving.probe") == expected


def test_a_cycle_or_a_climb_would_be_seen():
    edges = graph()
    edges.add_edge("stategraph.graph.weights", "stategraph.graph.state_graph")  # state_graph imports weights
    assert list(nx.simple_cycles(edges.subgraph(n for n in edges if n not in FACADE)))
    assert FLOORS[layer("stategraph.solving.driver")] > FLOORS[layer("stategraph.graph.weights")]


def test_no_package_hides_a_name_the_top_level_gives():
    """Importing ``stategraph.x.y`` sets ``stategraph.x`` to the package: a package named like an
    exported function (``run``) would replace it."""
    import importlib

    import stategraph

    for name in set(MODULES) - FACADE:
        importlib.import_module(name)
    hidden = [name for name in stategraph.__all__ if isinstance(getattr(stategraph, name), type(stategraph))]
    assert hidden == []
    assert {name.split(".")[1] for name in MODULES if name.count(".") >= 1}.isdisjoint(stategraph.__all__)
