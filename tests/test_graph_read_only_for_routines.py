"""A search routine of your own gets a graph it cannot corrupt (issue 28, point 4).

``stategraph.graph.read_only.read_only(graph)``: every way to write through the view raises
``GraphWriteError`` naming the write (the messages below are what a user wrote, spelled out by
hand) and leaves the graph as it was; every read gives what the graph itself gives (held against
the graph, never against values copied from the code).  Through the command line, a textbook
Dijkstra that marks the states it settles is refused in one line, and the same routine searching
``graph.copy()`` prints the built-in ``dijkstra``'s bytes, with one job or two.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterable, Mapping
from pathlib import Path

import networkx as nx
import pytest

import random_inputs
from cli_runner import Result, run_cli
from stategraph.graph.dicts import graph_writers, node_attributes, predecessors, successors
from stategraph.graph.read_only import GraphWriteError, read_only

A, B, C, D = (1, 2), (1, 3), (1, 4), (2, 2)


def toy_graph() -> nx.DiGraph:
    """Tuple states, node, edge and graph attributes, a cycle, and one edge dict shared by two edges
    (as the built-in models build them)."""
    g = nx.DiGraph(puzzle="toy", rows=3)
    g.add_node(A, label="start", kind="start")
    g.add_node(B, label="middle")
    g.add_node(C, label="goal", kind="goal")
    g.add_node(D)
    g.add_node("alone")
    shared = {"weight": 1, "kind": "slide"}
    _, add_edge = graph_writers(g)
    add_edge(A, B, shared)
    add_edge(D, C, shared)
    g.add_edge(A, D, weight=3)
    g.add_edge(B, C, weight=1, rank=2)
    g.add_edge(C, A, weight=5)
    g.add_edge(B, D, weight=0)
    return g


def random_graph(seed: int = 7, n: int = 300, m: int = 1500) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph(puzzle="random")
    add_node, add_edge = graph_writers(g)
    kinds = [{"weight": w} for w in range(1, 6)]  # shared dicts, as a compiled model's
    for i in range(n):
        add_node((i // 20, i % 20), {"label": f"s{i}"})
    nodes = list(g)
    for _ in range(m):
        u, v = rng.choice(nodes), rng.choice(nodes)
        if u != v and not g.has_edge(u, v):
            add_edge(u, v, rng.choice(kinds))
    return g


def snapshot(g: nx.DiGraph):
    """Everything of ``g`` a write could change: its dicts (deep, in order) and which edges share a dict."""
    node, succ, pred = g._node, g._succ, g._pred  # type: ignore[attr-defined]
    sharing: dict[int, list] = {}
    for u, nbrs in succ.items():
        for v, d in nbrs.items():
            sharing.setdefault(id(d), []).append((u, v, pred[v][u] is d))
    order = [list(node), [list(n) for n in succ.values()], [list(n) for n in pred.values()]]
    return copy.deepcopy((dict(g.graph), node, succ, pred)), order, sorted(sharing.values(), key=repr)


# -- every write raises, naming it, and changes nothing -----------------------------------------------------------

def _ior(g):
    attrs = g.nodes[A]
    attrs |= {"visited": True}


def _each_node(g):
    for _, data in g.nodes(data=True):
        data["x"] = 1


def _each_edge(g):
    for _, _, data in g.edges(data=True):
        data["weight"] = 0


WRITES = [
    # node attribute dicts
    ("graph.nodes[(1, 2)]['visited'] = True", lambda g: g.nodes[A].__setitem__("visited", True)),
    ("graph.nodes[(1, 2)].update(visited=True)", lambda g: g.nodes[A].update(visited=True)),
    ("graph.nodes[(1, 2)].update({'visited': True})", lambda g: g.nodes[A].update({"visited": True})),
    ("graph.nodes[(1, 2)].setdefault('visited', True)", lambda g: g.nodes[A].setdefault("visited", True)),
    ("graph.nodes[(1, 2)].pop('label')", lambda g: g.nodes[A].pop("label")),
    ("graph.nodes[(1, 2)].popitem()", lambda g: g.nodes[A].popitem()),
    ("graph.nodes[(1, 2)].clear()", lambda g: g.nodes[A].clear()),
    ("del graph.nodes[(1, 2)]['label']", lambda g: g.nodes[A].__delitem__("label")),
    ("graph.nodes[(1, 2)] |= {'visited': True}", _ior),
    ("graph.nodes[(1, 2)]['x'] = 1", _each_node),
    ("graph.nodes[(1, 2)]['visited'] = True", lambda g: nx.set_node_attributes(g, True, "visited")),
    ("graph.nodes[(1, 3)]['visited'] = 7", lambda g: nx.set_node_attributes(g, {B: 7}, "visited")),
    ("graph.nodes[(1, 3)].update({'seen': 1})", lambda g: nx.set_node_attributes(g, {B: {"seen": 1}})),
    ("graph.nodes[(1, 2)]['visited'] = True", lambda g: g._node[A].__setitem__("visited", True)),
    ("graph.nodes[(1, 2)]['visited'] = True", lambda g: node_attributes(g)[A].__setitem__("visited", True)),
    ("graph.nodes[(1, 2)]['visited'] = True", lambda g: g.nodes.data()[A].__setitem__("visited", True)),
    # edge attribute dicts, however reached
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g.edges[A, B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g.succ[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g.adj[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g.get_edge_data(A, B).__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g._succ[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: g._adj[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: successors(g)[A][B].__setitem__("weight", 0)),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", _each_edge),
    ("graph[(1, 2)][(1, 3)]['weight'] = 0", lambda g: nx.set_edge_attributes(g, 0, "weight")),
    ("graph[(1, 3)][(1, 4)]['weight'] = 0", lambda g: nx.set_edge_attributes(g, {(B, C): 0}, "weight")),
    ("graph[(1, 3)][(1, 4)].update({'weight': 0})", lambda g: nx.set_edge_attributes(g, {(B, C): {"weight": 0}})),
    ("graph[(1, 2)][(1, 3)].update(weight=0)", lambda g: g[A][B].update(weight=0)),
    ("graph[(1, 2)][(1, 3)].pop('weight')", lambda g: g[A][B].pop("weight")),
    ("del graph[(1, 2)][(1, 3)]['weight']", lambda g: g[A][B].__delitem__("weight")),
    ("graph[(1, 2)][(1, 3)].clear()", lambda g: g.edges[A, B].clear()),
    ("graph.pred[(1, 3)][(1, 2)]['weight'] = 0", lambda g: g.pred[B][A].__setitem__("weight", 0)),
    ("graph.pred[(1, 3)][(1, 2)]['weight'] = 0", lambda g: g._pred[B][A].__setitem__("weight", 0)),
    ("graph.pred[(1, 3)][(1, 2)]['weight'] = 0", lambda g: predecessors(g)[B][A].__setitem__("weight", 0)),
    # the private dicts themselves
    ("graph._succ[(1, 2)][(1, 3)] = {}", lambda g: g._succ[A].__setitem__(B, {})),
    ("graph._succ[(1, 2)][(1, 4)] = {'weight': 0}", lambda g: successors(g)[A].__setitem__(C, {"weight": 0})),
    ("graph._adj[(1, 2)].pop((1, 3))", lambda g: g._adj[A].pop(B)),
    ("del graph._succ[(1, 2)]", lambda g: g._succ.__delitem__(A)),
    ("graph._succ.clear()", lambda g: g._succ.clear()),
    ("graph._pred[(1, 3)][(1, 2)] = {}", lambda g: g._pred[B].__setitem__(A, {})),
    ("graph._pred[(1, 3)].clear()", lambda g: predecessors(g)[B].clear()),
    ("graph._node[(9, 9)] = {}", lambda g: g._node.__setitem__((9, 9), {})),
    ("graph._node.pop((1, 2))", lambda g: node_attributes(g).pop(A)),
    # the graph's own attributes
    ("graph.graph['x'] = 1", lambda g: g.graph.__setitem__("x", 1)),
    ("graph.graph.clear()", lambda g: g.graph.clear()),
    ("graph.name = 'mine'", lambda g: setattr(g, "name", "mine")),
    # the structure
    ("graph.add_node((9, 9))", lambda g: g.add_node((9, 9))),
    ("graph.add_node((9, 9), label='x')", lambda g: g.add_node((9, 9), label="x")),
    ("graph.add_nodes_from([(9, 9)])", lambda g: g.add_nodes_from([(9, 9)])),
    ("graph.remove_node((1, 2))", lambda g: g.remove_node(A)),
    ("graph.remove_nodes_from([(1, 2)])", lambda g: g.remove_nodes_from([A])),
    ("graph.add_edge((1, 2), (1, 4), weight=0)", lambda g: g.add_edge(A, C, weight=0)),
    ("graph.add_edges_from([((1, 2), (1, 4))])", lambda g: g.add_edges_from([(A, C)])),
    ("graph.add_edges_from(...)", lambda g: g.add_edges_from((u, u) for u in [A])),
    ("graph.add_weighted_edges_from([((1, 2), (1, 4), 0)])", lambda g: g.add_weighted_edges_from([(A, C, 0)])),
    ("graph.remove_edge((1, 2), (1, 3))", lambda g: g.remove_edge(A, B)),
    ("graph.remove_edges_from([((1, 2), (1, 3))])", lambda g: g.remove_edges_from([(A, B)])),
    ("graph.update(edges=[((1, 2), (1, 4))])", lambda g: g.update(edges=[(A, C)])),
    ("graph.clear()", lambda g: g.clear()),
    ("graph.clear_edges()", lambda g: g.clear_edges()),
]


# hundreds of questions, with one job and two (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_many_questions_on_one_board_with_one_job_or_two",
}


@pytest.mark.parametrize("what, write", WRITES, ids=[f"{i}:{w[:40]}" for i, (w, _) in enumerate(WRITES)])
def test_every_write_raises_naming_it_and_changes_nothing(what, write):
    g = toy_graph()
    before = snapshot(g)
    view = read_only(g)
    with pytest.raises(GraphWriteError) as caught:
        write(view)
    assert caught.value.what == what
    assert str(caught.value).startswith(what + ": ") and "graph.copy()" in str(caught.value)
    assert isinstance(caught.value, TypeError)  # as from any immutable mapping
    assert snapshot(g) == before
    assert plain(view.nodes(data=True)) == plain(g.nodes(data=True))  # and the view still shows it whole
    assert plain(view.edges(data=True)) == plain(g.edges(data=True)) and plain(view.pred) == plain(g.pred)


def test_a_long_value_is_shortened():
    view = read_only(toy_graph())
    with pytest.raises(GraphWriteError) as caught:
        view.nodes[A]["path"] = "x" * 10_000
    assert caught.value.what.startswith("graph.nodes[(1, 2)]['path'] = 'xxx") and len(caught.value.what) < 120


def test_a_subgraph_or_a_reversed_view_of_it_is_read_only_too():
    g = toy_graph()
    before = snapshot(g)
    view = read_only(g)
    sub = view.subgraph([A, B, C])
    with pytest.raises(GraphWriteError):
        sub.nodes[A]["visited"] = True
    with pytest.raises(GraphWriteError):
        sub[A][B]["weight"] = 0
    with pytest.raises(nx.NetworkXError):  # networkx's own frozen subgraph views
        sub.add_edge(A, C)
    with pytest.raises(GraphWriteError):
        view.reverse(copy=False)[B][A]["weight"] = 0
    with pytest.raises(GraphWriteError):
        view.copy(as_view=True).nodes[A]["visited"] = True
    assert snapshot(g) == before


# -- every read gives what the graph gives ---------------------------------------------------------------------

def plain(value):
    """``value`` as plain dicts and lists, to compare a view's answer with the graph's."""
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (str, bytes, set, frozenset)):
        return value
    if isinstance(value, Iterable):
        return [plain(item) for item in value]
    return value


def first(g):
    return next(iter(g))


def an_edge(g):
    return next((u, v) for u, nbrs in g.succ.items() for v in nbrs)


READS = {
    "successors": lambda g: list(g.successors(first(g))),
    "predecessors": lambda g: {n: list(g.predecessors(n)) for n in g},
    "neighbors": lambda g: list(g.neighbors(first(g))),
    "getitem": lambda g: g[first(g)],
    "getitem items": lambda g: list(g[first(g)].items()),
    "weight": lambda g: [g[u][v]["weight"] for u in g for v in g[u]],
    "succ": lambda g: g.succ,
    "pred": lambda g: g.pred,
    "adj": lambda g: g.adj,
    "adj get": lambda g: [g.adj[u].get(v) for u in g for v in g],
    "private dicts": lambda g: (g._succ, g._pred, g._adj, g._node),
    "label": lambda g: [g.nodes[n].get("label") for n in g],
    "node dict": lambda g: [(g.nodes[n], dict(g.nodes[n]), g.nodes[n].copy(), list(g.nodes[n].items())) for n in g],
    "node get missing": lambda g: g.nodes[first(g)].get("missing", "default"),
    "nodes data": lambda g: list(g.nodes(data=True)),
    "nodes data label": lambda g: list(g.nodes(data="label")),
    "edges data weight": lambda g: list(g.edges(data="weight")),
    "edges data": lambda g: list(g.edges(data=True)),
    "edges": lambda g: list(g.edges),
    "edge view": lambda g: g.edges[an_edge(g)],
    "in edges": lambda g: list(g.in_edges(data=True)),
    "get_edge_data": lambda g: g.get_edge_data(*an_edge(g)),
    "len": lambda g: (len(g), g.number_of_nodes(), g.number_of_edges(), g.size(weight="weight")),
    "contains": lambda g: (first(g) in g, (99, 99) in g, [] in g),
    "has_edge": lambda g: [g.has_edge(u, v) for u in g for v in g],
    "has_node": lambda g: g.has_node(first(g)),
    "out_degree": lambda g: (dict(g.out_degree), dict(g.out_degree(weight="weight")), g.out_degree(first(g))),
    "in_degree": lambda g: (dict(g.in_degree), dict(g.degree)),
    "graph attrs": lambda g: (g.graph, g.graph.get("puzzle"), g.name, str(g.graph)),
    "iter": lambda g: list(g),
    "nbunch_iter": lambda g: list(g.nbunch_iter(list(g)[:3])),
    "has_path": lambda g: [nx.has_path(g, first(g), n) for n in g],
    "dijkstra lengths": lambda g: nx.single_source_dijkstra_path_length(g, first(g)),
    "dijkstra": lambda g: nx.single_source_dijkstra(g, first(g)),
    "bellman_ford": lambda g: nx.single_source_bellman_ford_path_length(g, first(g)),
    "bfs_edges": lambda g: list(nx.bfs_edges(g, first(g))),
    "shortest_path": lambda g: nx.shortest_path(g, first(g)),
    "shortest_path weighted": lambda g: nx.shortest_path(g, first(g), weight="weight"),
    "descendants": lambda g: nx.descendants(g, first(g)),
    "strongly connected": lambda g: sorted(sorted(map(repr, c)) for c in nx.strongly_connected_components(g)),
    "to_dict_of_dicts": lambda g: nx.to_dict_of_dicts(g),
    "node_link_data": lambda g: nx.node_link_data(g, edges="edges"),
    "subgraph": lambda g: (list(g.subgraph(list(g)[:4]).nodes(data=True)),
                           list(g.subgraph(list(g)[:4]).edges(data=True))),
    "subgraph copy": lambda g: (list(g.subgraph(list(g)[:4]).copy().edges(data=True)),
                                g.subgraph(list(g)[:4]).copy().graph),
    "reverse": lambda g: (list(g.reverse().edges(data=True)), list(g.reverse().nodes(data=True))),
    "reverse view": lambda g: list(g.reverse(copy=False).edges(data=True)),
    "relabel_nodes": lambda g: list(nx.relabel_nodes(g, {first(g): "renamed"}).edges(data=True)),
    "to_undirected": lambda g: sorted(map(sorted, map(str, g.to_undirected().edges))),
    "copy": lambda g: (list(g.copy().nodes(data=True)), list(g.copy().edges(data=True)), g.copy().graph),
    "graph_dicts": lambda g: ([successors(g)[n] for n in g], [predecessors(g)[n] for n in g],
                              [node_attributes(g)[n] for n in g]),
}


@pytest.mark.parametrize("make", [toy_graph, random_graph], ids=["toy", "random"])
@pytest.mark.parametrize("name", list(READS))
def test_every_read_gives_what_the_graph_gives(make, name):
    g = make()
    before = snapshot(g)
    read = READS[name]
    mine = read(read_only(g))
    assert plain(mine) == plain(read(g))
    if isinstance(mine, Mapping):
        assert mine == read(g)
    assert snapshot(g) == before


def test_read_views_print_as_the_graph_s_dicts():
    g = toy_graph()
    view = read_only(g)
    assert str(view.succ) == str(g.succ) and repr(view.nodes[A]) == repr(g.nodes[A])
    assert str(view.edges(data=True)) == str(g.edges(data=True)) and str(view.graph) == str(g.graph)
    assert view.nodes[A] == g.nodes[A] and g.nodes[A] == view.nodes[A] and view[A][B] == g[A][B]
    assert view.nodes[A] != {}


def test_the_view_shares_the_graph_s_data():
    g = toy_graph()
    view = read_only(g)
    g.add_edge(C, (5, 5), weight=9)
    g.nodes[A]["later"] = 1
    assert view[C][(5, 5)]["weight"] == 9 and view.nodes[A]["later"] == 1 and (5, 5) in view
    assert read_only(view) is view


def test_copy_is_an_ordinary_writable_graph_of_its_own():
    g = toy_graph()
    before = snapshot(g)
    mine = read_only(g).copy()
    assert type(mine) is nx.DiGraph
    assert nx.utils.graphs_equal(mine, g)
    mine.nodes[A]["visited"] = True
    mine[A][B]["weight"] = 0
    mine.add_edge(C, (9, 9))
    mine.graph["x"] = 1
    mine.remove_node(D)
    assert snapshot(g) == before
    for made in (read_only(g).reverse(), nx.relabel_nodes(read_only(g), {A: "a"}),
                 read_only(g).subgraph([A, B]).copy()):
        assert type(made) is nx.DiGraph
        made.add_edge("p", "q")
        made.nodes["p"]["visited"] = True
    assert snapshot(g) == before


def test_pickled_and_copied_views_keep_the_data():
    g = toy_graph()
    view = read_only(g)
    for other in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), copy.copy(view)):
        assert isinstance(other, nx.DiGraph)
        assert plain(other.nodes(data=True)) == plain(g.nodes(data=True))
        assert plain(other.edges(data=True)) == plain(g.edges(data=True)) and dict(other.graph) == g.graph
    assert pickle.loads(pickle.dumps(view.nodes[A])) == g.nodes[A]


def test_networkx_s_cache_stays_the_view_s_own():
    g = toy_graph()
    view = read_only(g)
    view.__networkx_cache__["mine"] = 1
    nx._clear_cache(view)
    assert "mine" not in getattr(g, "__networkx_cache__", {})
    assert nx.is_frozen(view) and not nx.is_frozen(g)


# -- through the command line: a routine that writes is refused; one that copies first is right -------------

ROUTINES = '''
"""Dijkstras written as a textbook does, for stategraph to run."""

import heapq
from itertools import count


def _noted(*values):
    with open("written.txt", "a") as noted:
        noted.write(repr(values) + "\\n")


def marking(graph, source, targets, *, zero, weight, heuristic, **options):
    """A textbook Dijkstra that marks each state it settles in the graph itself."""
    dist, heap, tie = {source: zero}, [(zero, 0, source)], count(1)
    while heap:
        d, _, u = heapq.heappop(heap)
        if graph.nodes[u].get("visited"):
            continue
        _noted(u)
        graph.nodes[u]["visited"] = True
        for v in graph.successors(u):
            nd = d + graph[u][v][weight]
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, next(tie), v))
    return dist


def copying(graph, source, targets, *, zero, weight, heuristic, **options):
    """The same, on a copy of the graph of its own."""
    graph = graph.copy()
    dist, heap, tie = {source: zero}, [(zero, 0, source)], count(1)
    while heap:
        d, _, u = heapq.heappop(heap)
        if graph.nodes[u].get("visited"):
            continue
        graph.nodes[u]["visited"] = True
        for v in graph.successors(u):
            nd = d + graph[u][v][weight]
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, next(tie), v))
    return dist


def zeroing(graph, source, targets, *, zero, weight, heuristic, **options):
    """A Dijkstra that sets each edge it has used to weight 0."""
    dist, heap, done, tie = {source: zero}, [(zero, 0, source)], set(), count(1)
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v in graph.successors(u):
            nd = d + graph[u][v][weight]
            _noted(u, v)
            graph[u][v][weight] = 0
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, next(tie), v))
    return dist
'''


def stategraph(cwd: Path, *args, stdin: str | None = None, env: dict | None = None) -> Result:
    """A child process: the routines under test write to the graph, and some of them must crash."""
    return run_cli(*args, cwd=cwd, stdin=stdin, env=env, separate=True, timeout=120)


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / "textbook.py").write_text(ROUTINES)
    return tmp_path


def written(folder: Path) -> list[tuple]:
    """What the routine noted just before each write it made (states, as reprs)."""
    return [eval(line) for line in (folder / "written.txt").read_text().splitlines()]


def refused(done: Result) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_dijkstra_that_marks_the_graph_is_refused_in_one_line(folder):
    sample = stategraph(folder, "sample", "huarong").stdout
    done = stategraph(folder, "solve", "huarong", "-a", "textbook:marking", stdin=sample)
    line = refused(done)
    [state] = written(folder)[0]  # the first write, and the last: it stops there
    assert len(written(folder)) == 1
    assert line.startswith("stategraph: error: ")
    assert f"textbook:marking wrote graph.nodes[{state!r}]['visited'] = True: the state graph is read-only" in line
    assert "graph.copy()" in line


def test_a_dijkstra_that_writes_an_edge_weight_is_refused_the_same_way(folder):
    sample = stategraph(folder, "sample", "huarong").stdout
    line = refused(stategraph(folder, "solve", "huarong", "-a", "textbook:zeroing", stdin=sample))
    [(u, v)] = written(folder)
    assert line.startswith("stategraph: error: ")
    assert f"textbook:zeroing wrote graph[{u!r}][{v!r}]['weight'] = 0: the state graph is read-only" in line


def test_with_debug_the_routine_s_traceback_comes_first(folder):
    sample = stategraph(folder, "sample", "huarong").stdout
    done = stategraph(folder, "solve", "huarong", "-a", "textbook:marking", stdin=sample, env={"STATEGRAPH_DEBUG": "1"})
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and lines[0] == "Traceback (most recent call last):"
    assert "textbook.py" in lines[1] and "in marking" in lines[1]
    assert lines[-1] == refused(stategraph(folder, "solve", "huarong", "-a", "textbook:marking", stdin=sample))


def test_the_same_dijkstra_on_a_copy_prints_the_builtin_s_answers(folder):
    sample = stategraph(folder, "sample", "huarong").stdout
    builtin = stategraph(folder, "solve", "huarong", "-a", "dijkstra", stdin=sample)
    mine = stategraph(folder, "solve", "huarong", "-a", "textbook:copying", stdin=sample)
    assert (mine.returncode, mine.stderr) == (0, "") and builtin.returncode == 0
    assert mine.stdout == builtin.stdout and mine.stdout.strip()


@pytest.mark.parametrize("seed", [3, 4])
def test_many_questions_on_one_board_with_one_job_or_two(folder, seed):
    (folder / "board.txt").write_text(random_inputs.huarong_input(random.Random(seed), 40, max_side=5))
    builtin = stategraph(folder, "solve", "huarong", "-a", "dijkstra", "board.txt")
    assert builtin.returncode == 0 and builtin.stdout.strip()
    for routine in ("textbook:copying", "textbook:marking", "textbook:zeroing"):
        one = stategraph(folder, "solve", "huarong", "-a", routine, "board.txt")
        two = stategraph(folder, "solve", "huarong", "-a", routine, "board.txt", "--jobs", 2)
        assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr), routine
        if routine == "textbook:copying":
            assert (one.returncode, one.stdout, one.stderr) == (0, builtin.stdout, "")
            mine = stategraph(folder, "solve", "huarong", "-a", routine, "board.txt", "--verify")
            assert (mine.returncode, mine.stdout) == (0, builtin.stdout), mine.stderr
        else:
            line = refused(one)
            assert f"{routine} wrote graph" in line and "the state graph is read-only" in line
            assert builtin.stdout.startswith(one.stdout)  # what came before the refusal was right
