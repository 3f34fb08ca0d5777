"""graph_dicts against networkx's public API: the graph its writers build is the one add_node /
add_edge build, on random sequences of additions, and its readers show what graph.succ,
graph.pred and graph.nodes show; a DictGraph built and pruned so is, made networkx's, the graph
add_node, add_edge and remove_node build."""

from __future__ import annotations

import gc

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stategraph.graph.dicts import DictGraph, collector_paused, graph_writers, node_attributes, predecessors, successors

NODE = st.integers(0, 6) | st.sampled_from(["a", "b", ("t", 1), ("t", 2), frozenset({1})])
ATTRS = st.dictionaries(st.sampled_from(["weight", "rank", "label", "kind"]), st.integers(-3, 3) | st.text(max_size=2),
                        max_size=3)
ADDITIONS = st.lists(st.tuples(st.just("node"), NODE, ATTRS) | st.tuples(st.just("edge"), NODE, NODE, ATTRS),
                     max_size=30)


def public(additions, graph: nx.DiGraph | None = None) -> nx.DiGraph:
    """``additions`` made to ``graph`` (a new one by default) through networkx's public API."""
    graph = nx.DiGraph() if graph is None else graph
    for kind, *args in additions:
        if kind == "node":
            graph.add_nodes_from([(args[0], args[1])])
        else:
            graph.add_edges_from([(args[0], args[1], args[2])])
    return graph


def written(graph, additions) -> None:
    """``additions`` made to ``graph`` through :func:`graph_writers`."""
    add_node, add_edge = graph_writers(graph)
    for kind, *args in additions:
        if kind == "node":
            add_node(args[0], dict(args[1]))
        else:
            add_edge(args[0], args[1], dict(args[2]))


def ordered(graph: nx.DiGraph) -> tuple:
    """Everything the public views show, in their order."""
    return (list(graph.nodes(data=True)), list(graph.edges(data=True)),
            [(u, list(nbrs.items())) for u, nbrs in graph.succ.items()],
            [(v, list(nbrs.items())) for v, nbrs in graph.pred.items()])


@settings(max_examples=300, deadline=None)
@given(ADDITIONS, ADDITIONS)
def test_graph_writers_build_the_public_api_s_graph(before, additions):
    want = public(before + additions)
    got = public(before)
    views = got.nodes, got.edges, got.succ, got.pred  # taken before: they must show what is added
    got.__networkx_cache__["stale"] = True  # what networkx caches of a graph must go
    written(got, additions)
    assert ordered(got) == ordered(want)
    assert not got.__networkx_cache__
    assert (list(views[0](data=True)), list(views[1](data=True))) == (list(want.nodes(data=True)),
                                                                      list(want.edges(data=True)))
    assert dict(views[2]) == dict(want.succ) and dict(views[3]) == dict(want.pred)
    assert got.number_of_edges() == want.number_of_edges() and nx.utils.graphs_equal(got, want)
    for u, v, attrs in got.edges(data=True):
        assert got.pred[v][u] is attrs  # one attribute dict per edge, as networkx keeps it


@settings(max_examples=300, deadline=None)
@given(ADDITIONS, st.lists(NODE, max_size=3), ADDITIONS)
def test_a_dict_graph_is_the_public_api_s_graph_once_networkx_s(additions, removed, more):
    want = public(additions)
    want.graph["name"] = "g"
    got = DictGraph(name="g")
    written(got, additions)
    assert "networkx" not in repr(type(got).__mro__)  # not a networkx graph until asked
    whole = got.networkx()
    whole.__networkx_cache__["stale"] = True  # what networkx caches of the graph must go as it changes
    for node in removed:
        if node in want:
            want.remove_node(node)
            got.remove_node(node)
            assert not whole.__networkx_cache__
    public(more, want)
    written(got, more)  # more, after it was made networkx's: shown there too
    assert got.networkx() is whole and whole.graph == {"name": "g"}
    assert ordered(whole) == ordered(want) and nx.utils.graphs_equal(whole, want)
    assert (len(got), list(got), [n in got for n in want]) == (len(want), list(want), [True] * len(want))
    assert successors(got) is successors(whole) and predecessors(got) is predecessors(whole)


@settings(max_examples=200, deadline=None)
@given(ADDITIONS)
def test_the_readers_show_the_public_views(additions):
    graph = public(additions)
    _, _, succ, pred = ordered(graph)
    assert [(u, list(nbrs.items())) for u, nbrs in successors(graph).items()] == succ
    assert [(v, list(nbrs.items())) for v, nbrs in predecessors(graph).items()] == pred
    assert list(node_attributes(graph).items()) == list(graph.nodes(data=True))
    for u, v, attrs in graph.edges(data=True):
        assert successors(graph)[u][v] is attrs and predecessors(graph)[v][u] is attrs


def test_collector_paused_restores_the_collector_as_it_was():
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner one leaves the outer pause in place
        raise ValueError
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_repeat_leaves_the_dicts_it_shares_alone():
    """Builders hand one attribute dict to many edges (and nodes): a repeated edge or node must
    not change the others that hold the same dict."""
    g = nx.DiGraph()
    add_node, add_edge = graph_writers(g)
    shared, kind = {"weight": 1}, {"kind": "state"}
    add_edge("a", "b", shared)
    add_edge("a", "c", shared)
    add_node("b", kind)
    add_node("c", kind)
    add_edge("a", "b", {"rank": 2})
    add_node("b", {"label": "B"})
    assert g.edges["a", "c"] == {"weight": 1} and g.edges["a", "b"] == {"weight": 1, "rank": 2}
    assert g.nodes["c"] == {"kind": "state"} and g.nodes["b"] == {"kind": "state", "label": "B"}
    assert g.pred["b"]["a"] is g.succ["a"]["b"]
    assert shared == {"weight": 1} and kind == {"kind": "state"}
