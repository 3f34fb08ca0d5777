"""The one module that reaches into networkx's own dicts: fast reads and fast building.

A ``networkx.DiGraph`` keeps three dicts: node -> attributes, node -> {successor: edge
attributes} and node -> {predecessor: edge attributes}.  Its public views (``graph.succ[u]``,
``graph.add_edge``) wrap or copy them on every call, which costs more than the searches and
builders here do themselves.  Everything else in stategraph reads and builds graphs through the
functions below, so a networkx release that changes its internals is met here, once
(``tests/test_graph_dicts.py`` holds them equal to the public API; ``pyproject.toml`` pins the
networkx versions they were checked with).

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("a", "b", weight=2)
>>> successors(g)["a"]
{'b': {'weight': 2}}
>>> list(predecessors(g)["b"]), node_attributes(g)["a"]
(['a'], {})
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import networkx as nx

Adjacency = dict[Hashable, dict[Hashable, dict[str, Any]]]


def _dicts(graph: nx.DiGraph) -> Any:
    """The graph as an untyped object: networkx's stubs (rightly) do not declare its private dicts."""
    return graph


def successors(graph: nx.DiGraph) -> Adjacency:
    """The graph's adjacency, ``node -> {successor: edge attributes}``: what ``graph.succ``
    shows, as the plain dicts underneath it.  Read it; never change it (build through
    :func:`graph_writers` or the graph's own methods).

    Parameters
    ----------
    graph : networkx.DiGraph
        Any directed graph.

    Returns
    -------
    dict
        ``successors(graph)[u][v]`` is the attribute dict of the edge ``u -> v``.

    Examples
    --------
    >>> g = nx.DiGraph([(1, 2), (1, 3)])
    >>> sorted(successors(g)[1])
    [2, 3]
    """
    if isinstance(graph, GrowingDiGraph):
        return _Growing(graph)  # type: ignore[return-value]  # a read-only Mapping of the same shape
    return _dicts(graph)._succ


class GrowingDiGraph(nx.DiGraph):
    """A directed graph built as far as a search reads it: a state's out-edges are added the first
    time :func:`successors` is asked for them.

    ``writer(graph)`` returns ``expand(state)``, which adds the edges leaving ``state`` to the graph
    (with :func:`graph_writers`, say) and the states they reach; it is called at most once per
    state.  Read through :func:`successors`, the graph looks complete to a search that only
    follows out-edges from the states it has reached (``SearchRoutine.grows``); everything else
    (predecessors, the nodes) sees only what has been built so far.

    >>> g = GrowingDiGraph(lambda graph: lambda n: graph.add_edge(n, n + 1) if n < 3 else None)
    >>> g.add_node(0)
    >>> sorted(successors(g)[0]), sorted(g)
    ([1], [0, 1])
    >>> successors(g)[1] and None, sorted(g), sorted(g.expanded)
    (None, [0, 1, 2], [0, 1])
    """

    def __init__(self, writer: Callable[[nx.DiGraph], Callable[[Hashable], object]], **attr: Any):
        super().__init__(**attr)
        self.expand = writer(self)
        self.expanded: set = set()


class _Growing(Mapping):
    """A :class:`GrowingDiGraph`'s adjacency: reading a state's successors builds them first.
    Read it state by state: iterating its values or items builds while it iterates."""

    __slots__ = ("_succ", "_expand", "_expanded")

    def __init__(self, graph: GrowingDiGraph):
        self._succ = _dicts(graph)._succ
        self._expand, self._expanded = graph.expand, graph.expanded

    def __getitem__(self, state):
        out = self._succ[state]  # KeyError for a state not in the graph, as from the dict itself
        if state not in self._expanded:
            self._expand(state)
            self._expanded.add(state)
        return out

    def __contains__(self, state) -> bool:
        return state in self._succ

    def __iter__(self) -> Iterator:
        return iter(self._succ)

    def __len__(self) -> int:
        return len(self._succ)


def edge_count(graph: nx.DiGraph) -> int:
    """``graph.number_of_edges()``, counted in the dicts: the public count caches a view that refers
    back to the graph, a cycle that keeps a finished graph alive until the collector runs.

    >>> edge_count(nx.DiGraph([(1, 2), (1, 3)]))
    2
    """
    return sum(map(len, _dicts(graph)._succ.values()))


def predecessors(graph: nx.DiGraph) -> Adjacency:
    """The reverse adjacency, ``node -> {predecessor: edge attributes}`` (``graph.pred``);
    read only, like :func:`successors`.

    >>> g = nx.DiGraph([(1, 3), (2, 3)])
    >>> sorted(predecessors(g)[3])
    [1, 2]
    """
    return _dicts(graph)._pred


def node_attributes(graph: nx.DiGraph) -> dict[Hashable, dict[str, Any]]:
    """``node -> attribute dict`` (what ``graph.nodes[n]`` shows), in insertion order; read only.

    >>> g = nx.DiGraph(); g.add_node("s", kind="start")
    >>> node_attributes(g)
    {'s': {'kind': 'start'}}
    """
    return _dicts(graph)._node


NodeWriter = Callable[[Hashable, dict], None]
EdgeWriter = Callable[[Hashable, Hashable, dict], None]


def graph_writers(graph: nx.DiGraph) -> tuple[NodeWriter, EdgeWriter]:
    """``(add_node, add_edge)`` for building a large ``nx.DiGraph`` quickly.

    The result is the same as ``graph.add_node(n, **attrs)`` and ``graph.add_edge(u, v, **attrs)``
    (nodes created in the same order, attributes updated on repeats), but each takes its attribute
    dict as given and keeps it: the caller must not change a dict it has handed over.
    networkx's cached views of the graph are cleared once, here.

    A builder may hand the same dict to many edges that carry the same attributes (the built-in
    models do: an arrow maze has three kinds of edge), so a compiled graph's edge attribute
    dicts are read-only: code that needs other edge attributes builds its own graph, as
    :func:`~stategraph.export.flatten` does (``tests/test_edge_dicts_read_only.py``).  For the
    same reason an edge is added only once: a repeat would update a shared dict.

    Parameters
    ----------
    graph : networkx.DiGraph
        The graph to fill (usually empty).

    Returns
    -------
    tuple of callables
        ``add_node(n, attrs)`` and ``add_edge(u, v, attrs)``.

    Examples
    --------
    >>> g = nx.DiGraph()
    >>> add_node, add_edge = graph_writers(g)
    >>> add_edge("a", "b", {"weight": 1}); add_node("a", {"label": "A"})
    >>> list(g.nodes(data=True)), list(g.edges(data=True))
    ([('a', {'label': 'A'}), ('b', {})], [('a', 'b', {'weight': 1})])
    """
    raw = _dicts(graph)
    succ, pred, node = raw._succ, raw._pred, raw._node
    nx._clear_cache(graph)  # networkx's cached views of the graph (in every version pyproject allows)

    def add_node(n, attrs: dict) -> None:
        if n in succ:  # a repeat: a new dict, since the one held may be shared
            node[n] = {**node[n], **attrs}
        else:
            succ[n] = {}
            pred[n] = {}
            node[n] = attrs

    def add_edge(u, v, attrs: dict) -> None:
        if u not in succ:
            succ[u] = {}
            pred[u] = {}
            node[u] = {}
        if v not in succ:
            succ[v] = {}
            pred[v] = {}
            node[v] = {}
        out = succ[u]
        if v in out:  # a repeat: a new dict, since the one held may be shared with other edges
            out[v] = pred[v][u] = {**out[v], **attrs}
        else:
            out[v] = pred[v][u] = attrs

    return add_node, add_edge


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a large graph is built or searched.

    A build makes hundreds of thousands of dicts and tuples and no garbage cycles, so the
    collections it would trigger only rescan live objects.  The collector is restored as it was
    (nested uses are fine).  This is the one place stategraph pauses the collector.

    Examples
    --------
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
