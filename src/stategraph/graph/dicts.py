"""The one module that reaches into networkx's own dicts: fast reads, fast building.

networkx's public views (``graph.succ[u]``, ``graph.add_edge``) wrap or copy its dicts on every
call, which costs more than the searches here.  Everything else reads and builds graphs through
these functions, so a networkx release that changes its internals is met here, once
(``tests/test_graph_dicts_as_networkx_builds.py`` holds them to the public API).

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
import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported where a networkx graph is made: a lazy search needs none
    import networkx as nx

Adjacency = dict[Hashable, dict[Hashable, dict[str, Any]]]


def _dicts(graph: nx.DiGraph) -> Any:
    """The graph as an untyped object: networkx's stubs (rightly) do not declare its private dicts."""
    return graph


def successors(graph) -> Adjacency:
    """The adjacency ``node -> {successor: edge attributes}`` (``graph.succ``'s plain dicts; of a
    :class:`LazyGraph`, a mapping that builds a state's moves when first read), read only: the
    one interface the built-in routines read a graph through.

    Parameters
    ----------
    graph : networkx.DiGraph or LazyGraph
        Any directed graph, or a graph being built as it is searched.

    Returns
    -------
    dict
        ``successors(graph)[u][v]`` is the attribute dict of the edge ``u -> v``.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph([(1, 2), (1, 3)])
    >>> sorted(successors(g)[1])
    [2, 3]
    """
    if type(graph) is LazyGraph:
        return graph.out  # type: ignore[return-value]  # a read-only Mapping of the same shape
    return _dicts(graph)._succ


def built_successors(graph) -> Adjacency:
    """:func:`successors` as far as built, without building more (a plain dict, faster to read).

    >>> g = LazyGraph(lambda graph: lambda n: graph_writers(graph)[1](n, n + 1, {}))
    >>> g.add_node(0)
    >>> before = dict(built_successors(g)[0])
    >>> before, successors(g)[0], built_successors(g)[0]
    ({}, {1: {}}, {1: {}})
    """
    return _dicts(graph)._succ


class _States:
    """``len``, ``in`` and iteration over a graph's ``_states``."""

    _states: Mapping

    def __len__(self) -> int:
        return len(self._states)

    def __contains__(self, state) -> bool:
        return state in self._states

    def __iter__(self) -> Iterator:
        return iter(self._states)


class DictGraph(_States):
    """A directed graph in networkx's own layout (``graph``, and the dicts ``_node``, ``_succ`` and
    ``_pred``) that is built and searched without importing networkx; :meth:`networkx` is the
    ``networkx.DiGraph`` holding the same dicts, made once and in constant time, so what either
    changes the other shows.  A graph built whole that a run searches without reading it whole.

    >>> g = DictGraph(name="g")
    >>> add_node, add_edge = graph_writers(g)
    >>> add_edge("a", "b", {"weight": 1})
    >>> "a" in g, len(g), sorted(successors(g)["a"]), sorted(predecessors(g)["b"])
    (True, 2, ['b'], ['a'])
    >>> whole = g.networkx()
    >>> list(whole.edges(data="weight")), whole.graph, whole is g.networkx()
    ([('a', 'b', 1)], {'name': 'g'}, True)
    >>> g.remove_node("a"); list(whole), list(predecessors(g)["b"])
    (['b'], [])
    """

    def __init__(self, **attrs: Any) -> None:
        self.graph: dict[str, Any] = attrs
        self._node: dict[Hashable, dict[str, Any]] = {}
        self._succ: Adjacency = {}
        self._pred: Adjacency = {}
        self._states = self._node
        self._networkx: nx.DiGraph | None = None

    def remove_node(self, n: Hashable) -> None:
        """Remove state ``n`` and its moves (as ``nx.DiGraph.remove_node``)."""
        succ, pred = self._succ, self._pred
        for v in succ.pop(n):
            del pred[v][n]
        for u in pred.pop(n):
            del succ[u][n]
        del self._node[n]
        self.changed()

    def changed(self) -> None:
        """Forget what networkx keeps of :meth:`networkx`'s graph (its backends' caches): it changed."""
        if self._networkx is not None:
            import networkx as nx

            nx._clear_cache(self._networkx)

    def networkx(self) -> nx.DiGraph:
        """The ``networkx.DiGraph`` of these dicts (the same one each time)."""
        if self._networkx is None:
            import networkx as nx

            whole: nx.DiGraph = nx.DiGraph()
            whole.graph = self.graph
            raw = _dicts(whole)
            raw._node, raw._adj, raw._pred = self._node, self._succ, self._pred
            raw._succ = raw._adj
            self._networkx = whole
        return self._networkx


def as_networkx(graph: Any) -> Any:
    """``graph`` as a user reads it: a :class:`DictGraph`'s :meth:`~DictGraph.networkx`, anything else itself."""
    return graph.networkx() if type(graph) is DictGraph else graph


class LazyGraph(_States):
    """A directed graph built as far as a search reads it; not a networkx graph.

    ``writer(graph)`` returns ``expand(state)``, which adds the moves leaving ``state`` and is
    called once per state, when ``successors(graph)[state]`` is first read; ``len``, ``in`` and
    :func:`predecessors` see only what is built.  :meth:`whole` gives the ``networkx.DiGraph``.

    >>> g = LazyGraph(lambda graph: lambda n: graph_writers(graph)[1](n, n + 1, {}) if n < 3 else None)
    >>> g.add_node(0)
    >>> sorted(successors(g)[0]), len(g)
    ([1], 2)
    >>> sorted(g.whole(0)), len(g), sorted(g.expanded)
    ([0, 1, 2, 3], 4, [0, 1, 2, 3])
    """

    def __init__(self, writer: Callable[[LazyGraph], Callable[[Hashable], object]] | None, *,
                 label: Callable[[Hashable], str] | None = None):
        self.graph: dict[str, Any] = {}  # the graph attributes, as networkx's ``graph.graph``
        self._succ: Adjacency = {}
        self._node: dict[Hashable, dict[str, Any]] = {}
        self.expanded: dict = {}  # (an ordered set) the states whose moves are built, in that order
        self._reverse = _Reverse()
        self.label = label  # ``label(state)``: a state's name, made when asked (else its ``label`` attribute)
        self.expand = None if writer is None else writer(self)  # None: a store only its readers build
        self.out: Mapping = _Expanding(self)
        self._states: Mapping = self._succ  # what len, in and iter see

    def add_node(self, n: Hashable, **attrs: Any) -> None:
        """Add state ``n`` with its attributes (as ``nx.DiGraph.add_node``)."""
        graph_writers(self)[0](n, attrs)

    def reader(self, writer: Callable[[LazyGraph], Callable[[Hashable], object]], source: Hashable, *,
               label: Callable[[Hashable], str] | None = None, limit: int | None = None,
               refuse: Callable[[Hashable, Hashable, dict], None] | None = None) -> LazyGraph:
        """A graph for one more search sharing this graph's states and moves (built further by
        its own ``writer``) that shows only those reached from ``source``; past ``limit`` states
        reached, ``refuse(state, next state, move's attributes)`` raises.

        >>> def writer(graph):
        ...     add_edge = graph_writers(graph)[1]
        ...     return lambda n: add_edge(n, n + 1, {}) if n < 5 else None
        >>> chain = LazyGraph(writer); chain.add_node(0)
        >>> _ = successors(chain)[0], successors(chain)[1]
        >>> later = chain.reader(writer, 1)
        >>> sorted(successors(later)[1]), sorted(later), later.size(), len(chain)
        ([2], [1, 2], (2, 1), 3)
        """
        view = object.__new__(LazyGraph)
        view.graph, view._succ, view._node = self.graph, self._succ, self._node
        view.expanded, view._reverse, view.label = self.expanded, self._reverse, label
        if source not in self._succ:
            graph_writers(view)[0](source, {})
        view.expand = writer(view)
        view.out = _Reaching(view, source, limit, refuse)
        view._states = view.out.reached
        return view

    def predecessors(self) -> Adjacency:
        """``state -> {predecessor: edge attributes}`` of every move built, brought up to date when asked.

        >>> g = LazyGraph(lambda graph: lambda n: graph_writers(graph)[1](n, n % 3 + 1, {}))
        >>> g.add_node(1)
        >>> _ = successors(g)[1], successors(g)[2]
        >>> g.predecessors()
        {1: {}, 2: {1: {}}, 3: {2: {}}}
        >>> _ = successors(g)[3]
        >>> g.predecessors()
        {1: {3: {}}, 2: {1: {}}, 3: {2: {}}}
        """
        return self._reverse.update(self._succ, self.expanded)

    def size(self) -> tuple[int, int]:
        """``(states, moves)`` built, or for a :meth:`reader`, reached and read."""
        out = self.out
        if type(out) is _Reaching:
            return len(out.reached), out.moves
        return len(self._succ), edge_count(self)

    def __repr__(self) -> str:
        return f"LazyGraph({len(self._states)} states built, {len(self.expanded)} expanded)"

    def whole(self, source: Hashable) -> nx.DiGraph:
        """The ``networkx.DiGraph`` of every state reachable from ``source`` (depth first, states in
        the order found), reusing the moves built and their attribute dicts."""
        import networkx as nx

        out = self.out
        found = {source: None}
        taken = []  # the states in the order their moves are taken: the predecessors' order
        frontier = [source]
        with collector_paused():
            while frontier:
                state = frontier.pop()
                taken.append(state)
                new = [v for v in out[state] if v not in found]
                found.update(dict.fromkeys(new))
                frontier.extend(new)
            graph: nx.DiGraph = nx.DiGraph()
            graph.graph.update(self.graph)
            add_node, add_edge = graph_writers(graph)
            nodes, succ = self._node, self._succ
            for state in found:
                add_node(state, nodes[state])
            for state in taken:
                for v, attrs in succ[state].items():
                    add_edge(state, v, attrs)
        return graph


class _Reverse:
    """The reverse of a :class:`LazyGraph`'s moves (shared by its readers), updated when asked for
    with the states expanded since (after the first time, only expanding builds moves)."""

    def __init__(self) -> None:
        self.pred: Adjacency | None = None
        self.states = self.expansions = 0  # how many states, and expansions, ``pred`` covers

    def update(self, succ: Adjacency, expanded: dict) -> Adjacency:
        pred = self.pred
        if pred is None:
            pred = self.pred = {}
            sources: Iterable = succ
        else:
            sources = _added(expanded, self.expansions)
        for state in _added(succ, self.states):
            pred[state] = {}
        for u in sources:
            for v, attrs in succ[u].items():
                pred[v][u] = attrs
        self.states, self.expansions = len(succ), len(expanded)
        return pred


def _added(ordered: dict, known: int) -> list:
    """The keys of ``ordered`` after its first ``known``, in order (read from the end)."""
    return list(itertools.islice(reversed(ordered), len(ordered) - known))[::-1]


class _Expanding(Mapping):
    """A :class:`LazyGraph`'s adjacency: reading a state's successors builds them first."""

    __slots__ = ("_succ", "_expand", "_expanded")

    def __init__(self, graph: LazyGraph):
        self._succ = graph._succ
        self._expand, self._expanded = graph.expand, graph.expanded

    def __getitem__(self, state):
        out = self._succ[state]  # KeyError for a state not in the graph, as from the dict itself
        if state not in self._expanded:
            self._expand(state)
            self._expanded[state] = None
        return out

    def __contains__(self, state) -> bool:
        return state in self._succ

    def __iter__(self) -> Iterator:
        return iter(self._succ)

    def __len__(self) -> int:
        return len(self._succ)


class _Reaching(Mapping):
    """A :meth:`LazyGraph.reader`'s adjacency: :class:`_Expanding` that also counts the states
    ``reached`` (``True`` once read) and the ``moves`` read, refusing past ``limit`` states."""

    __slots__ = ("_succ", "_expand", "_expanded", "reached", "moves", "_limit", "_refuse")

    def __init__(self, graph: LazyGraph, source, limit: int | None, refuse):
        self._succ, self._expand, self._expanded = graph._succ, graph.expand, graph.expanded
        self.reached: dict = {source: None}
        self.moves = 0
        self._limit, self._refuse = limit, refuse

    def __getitem__(self, state):
        out = self._succ[state]
        if state not in self._expanded:
            self._expand(state)
            self._expanded[state] = None
        reached = self.reached
        if reached.get(state) is None:  # read for the first time: its successors are reached
            reached[state] = True
            self.moves += len(out)
            limit = self._limit
            for v in out:
                if v not in reached:
                    if limit is not None and len(reached) >= limit and self._refuse is not None:
                        self._refuse(state, v, out[v])
                    reached[v] = None
        return out

    def __contains__(self, state) -> bool:
        return state in self.reached

    def __iter__(self) -> Iterator:
        return iter(self.reached)

    def __len__(self) -> int:
        return len(self.reached)


def state_labels(graph, states) -> list[str]:
    """The names of ``states``: their ``label`` attribute (else ``str(state)``), or a
    :class:`LazyGraph`'s ``label(state)``.

    >>> import networkx as nx
    >>> g = nx.DiGraph([(1, 2)]); g.nodes[1]["label"] = "one"
    >>> state_labels(g, [1, 2])
    ['one', '2']
    >>> for n, name in ((1, "one"), (2, "two")): g.nodes[n].update(label=name, kind="state")
    >>> state_labels(g, [2, 1])
    ['two', 'one']
    """
    label = graph.label if type(graph) is LazyGraph else None
    if label is not None:
        return [label(state) for state in states]
    nodes = node_attributes(graph)
    try:  # every state labelled, the usual case: read in C, no Python step a state
        return list(map(_LABEL, map(nodes.__getitem__, states)))
    except KeyError:  # (str(state) made only where no label: it costs more than the lookup)
        return [attrs["label"] if "label" in attrs else str(state)
                for state, attrs in zip(states, map(nodes.__getitem__, states))]


_LABEL = operator.itemgetter("label")


def edge_count(graph) -> int:
    """``graph.number_of_edges()`` without its cached view (a cycle that keeps a graph alive).

    >>> import networkx as nx
    >>> edge_count(nx.DiGraph([(1, 2), (1, 3)]))
    2
    """
    return sum(map(len, _dicts(graph)._succ.values()))


def predecessors(graph) -> Adjacency:
    """The reverse adjacency ``node -> {predecessor: edge attributes}`` (``graph.pred``), read only.

    >>> import networkx as nx
    >>> g = nx.DiGraph([(1, 3), (2, 3)])
    >>> sorted(predecessors(g)[3])
    [1, 2]
    """
    if type(graph) is LazyGraph:
        return graph.predecessors()
    return _dicts(graph)._pred


def node_attributes(graph) -> dict[Hashable, dict[str, Any]]:
    """``node -> attribute dict`` (``graph.nodes[n]``), in insertion order; read only.

    >>> import networkx as nx
    >>> g = nx.DiGraph(); g.add_node("s", kind="start")
    >>> node_attributes(g)
    {'s': {'kind': 'start'}}
    """
    return _dicts(graph)._node


NodeWriter = Callable[[Hashable, dict], None]
EdgeWriter = Callable[[Hashable, Hashable, dict], None]


def graph_writers(graph) -> tuple[NodeWriter, EdgeWriter]:
    """``(add_node, add_edge)`` for building a large ``nx.DiGraph`` (or a :class:`LazyGraph`) quickly.

    As ``graph.add_node(n, **attrs)`` and ``graph.add_edge(u, v, **attrs)``, but each keeps the dict
    it is given, which may be shared by many edges: a compiled graph's edge dicts are read-only
    (code that needs others builds its own graph, as :func:`~stategraph.solving.export.flatten`).

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
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> add_node, add_edge = graph_writers(g)
    >>> add_edge("a", "b", {"weight": 1}); add_node("a", {"label": "A"})
    >>> list(g.nodes(data=True)), list(g.edges(data=True))
    ([('a', {'label': 'A'}), ('b', {})], [('a', 'b', {'weight': 1})])
    """
    raw = _dicts(graph)
    succ, node = raw._succ, raw._node
    pred = None if type(graph) is LazyGraph else raw._pred  # a LazyGraph keeps each move one way
    if type(graph) is DictGraph:
        graph.changed()
    elif pred is not None:
        import networkx as nx

        nx._clear_cache(graph)  # networkx's cached views of the graph (in every version pyproject allows)

    def add_node(n, attrs: dict) -> None:
        if n in succ:  # a repeat: a new dict, since the one held may be shared
            node[n] = {**node[n], **attrs}
        else:
            succ[n] = {}
            node[n] = attrs
            if pred is not None:
                pred[n] = {}

    if pred is None:
        return add_node, _one_way_edges(succ, node)

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


def lazy_dicts(graph: LazyGraph) -> tuple[Adjacency, dict]:
    """A :class:`LazyGraph`'s ``(succ, node)`` dicts, for an ``expand`` to write into directly
    (faster than a call a move): a new state ``v`` is ``succ[v] = {}; node[v] = attrs``, then a move
    is ``succ[u][v] = attrs``.

    >>> g = LazyGraph(None)
    >>> g.add_node("a", label="A")
    >>> succ, node = lazy_dicts(g)
    >>> succ["b"], node["b"] = {}, {"label": "B"}
    >>> succ["a"]["b"] = {"weight": 1}
    >>> node_attributes(g), built_successors(g)
    ({'a': {'label': 'A'}, 'b': {'label': 'B'}}, {'a': {'b': {'weight': 1}}, 'b': {}})
    """
    if type(graph) is not LazyGraph:
        raise TypeError(f"lazy_dicts() takes a LazyGraph, not a {type(graph).__name__}")
    return graph._succ, graph._node


def _one_way_edges(succ: Adjacency, node: dict) -> EdgeWriter:
    """:func:`graph_writers`' ``add_edge`` of a :class:`LazyGraph`: the move kept out of its state only."""

    def add_edge(u, v, attrs: dict) -> None:
        if u not in succ:
            succ[u] = {}
            node[u] = {}
        if v not in succ:
            succ[v] = {}
            node[v] = {}
        out = succ[u]
        out[v] = {**out[v], **attrs} if v in out else attrs

    return add_edge


class collector_paused:  # (named as the function it was: ``with collector_paused():``)
    """Pause Python's cyclic garbage collector while a large graph is built or searched: that
    makes no garbage cycles, so a collection would only rescan live objects.  Nests.  (A class:
    entered twice a question, it costs a quarter of a generator's context manager.)

    Examples
    --------
    >>> with collector_paused():
    ...     with collector_paused():
    ...         pass
    ...     gc.isenabled()  # (the inner block leaves it paused)
    False
    """

    __slots__ = ("enabled",)

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, kind, exc, traceback) -> None:
        if self.enabled:
            gc.enable()
