"""The state graph handed to every search routine: graph, source, targets, weights.

Nodes are states, edges are moves with a ``weight`` (a number or a
:class:`~stategraph.graph.weights.Lex`) and a ``rank`` (the canonical tie-break's order).

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("a", "b", weight=1, rank=0)
>>> m = StateGraph(g, "a", frozenset({"b"}))
>>> m.profile.unit, m.zero
(True, 0)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported where a networkx graph is made: a lazy search needs none
    import networkx as nx

from ..errors import ContractError, shorten
from .dicts import DictGraph, LazyGraph, edge_count
from .profile import WeightProfile
from .weights import Lex

__all__ = ["GoalTest", "StateGraph", "WeightProfile", "require_hashable"]


class GoalTest:
    """The goals of a graph being built: ``state in goals`` asks ``is_goal(state)`` (once per state);
    iterated, the goals among the states ``built`` so far.  Always true: a goal may yet be built.

    >>> goals = GoalTest(lambda n: n % 3 == 0, [1, 3, 5, 6])
    >>> 9 in goals, 4 in goals, sorted(goals), len(goals), bool(GoalTest(bool, []))
    (True, False, [3, 6], 2, True)
    """

    def __init__(self, is_goal: Callable[[Hashable], bool], built: Iterable = ()):
        self._is_goal, self.built = is_goal, built
        self._known: dict[Hashable, bool] = {}
        self._scan: tuple = (None, 0, [])  # (the states scanned, how many of them, the goals among them)

    def __contains__(self, state) -> bool:
        known = self._known.get(state)
        if known is None:
            known = self._known[state] = bool(self._is_goal(state))
        return known

    def __iter__(self) -> Iterator:
        built, scanned, goals = self._scan
        if built is not self.built:  # the states built only grow: each is tested once
            built, scanned, goals = self.built, 0, []
        fresh = list(itertools.islice(built, scanned, None))
        goals.extend(state for state in fresh if state in self)
        self._scan = (built, scanned + len(fresh), goals)
        return iter(tuple(goals))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return True


@dataclass(repr=False)
class StateGraph:
    """A question compiled to a state graph: the explicit graph and where to search in it.

    What every search routine is given.  :attr:`graph` is the whole graph; one made by
    :meth:`expanding` is built when first read.

    Parameters
    ----------
    graph : networkx.DiGraph
        States as nodes (a ``label`` attribute names them), moves as edges with a ``weight`` and a
        ``rank``.  Edge attribute dicts may be shared (:func:`~stategraph.graph.dicts.graph_writers`):
        never write to them.  A :class:`~stategraph.graph.dicts.DictGraph` is searched as it is
        by the routines that read a growing graph, and is :attr:`graph` as networkx's when read.
    source : hashable
        The start state.
    targets : frozenset
        The goal states (any iterable is turned into a frozenset).
    heuristic : callable, optional
        ``heuristic(state)``: a consistent lower bound on the remaining cost, or
        :data:`~stategraph.graph.weights.INFINITY` where no target can be reached.
    profile : WeightProfile, optional
        The weights' profile; by default computed from ``graph``'s edges.
    lexicographic : bool, optional
        The weight type when the graph has no edge to show it (``Lex`` when true).
    canonical : callable, optional
        A tie-break in place of :func:`~stategraph.graph.canonical.canonical_path` (same arguments).
    own_rule : bool, optional
        Whether ``canonical`` is a rule of its own (default) or a faster walk of ``canonical_path``'s,
        which a routine that finds the canonical path itself may replace.

    Raises
    ------
    ContractError
        If the graph is not directed, or the source or a target is not hashable or not a node.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_edge("a", "b", weight=Lex(1, 0), rank=0)
    >>> StateGraph(g, "a", {"b"}).zero
    Lex(primary=0, secondary=0)
    """

    graph: nx.DiGraph
    source: Hashable
    targets: frozenset
    heuristic: Callable[[Hashable], object] | None = None
    profile: WeightProfile = field(default=None)  # type: ignore[assignment]
    lexicographic: bool = False  # the weight type when the graph has no edge to show it
    canonical: Callable | None = None
    own_rule: bool = True  # canonical is a tie-break of its own (not a faster walk of canonical_path's)
    if TYPE_CHECKING:  # for mypy only: set by __post_init__ or expanding(), not fields at run time
        _graph: nx.DiGraph | DictGraph | None = field(init=False)
        _targets: frozenset = field(init=False)
        _goals: frozenset | GoalTest = field(init=False)
        _lazy: LazyGraph | None = field(init=False)
        _whole: Callable[[], tuple[nx.DiGraph, frozenset]] | None = field(init=False)
        _size: Callable[[], tuple[int, int]] | None = field(init=False)

    def __post_init__(self) -> None:
        self._lazy: LazyGraph | None = None
        self._size: Callable[[], tuple[int, int]] | None = None  # a whole graph is counted by itself
        graph = self._graph  # (a DictGraph stays one until read)
        if type(graph) is not DictGraph:
            import networkx as nx

            if not isinstance(graph, nx.Graph) or not graph.is_directed():
                raise ContractError("a state graph must be a directed networkx graph (nx.DiGraph), "
                                    f"found {type(graph).__name__}")
        for end in (self.source, *self.targets):
            require_hashable(end, "the source" if end is self.source else "a target")
        if self.source not in graph:
            raise ContractError(f"the source {shorten(self.source)} is not a node of the state graph")
        self.targets = frozenset(self.targets)
        stray = next((t for t in self.targets if t not in graph), None)
        if stray is not None:
            raise ContractError(f"the target {shorten(stray)} is not a node of the state graph")
        if self.profile is None:
            self.profile = WeightProfile.of(w for _, _, w in self.graph.edges(data="weight"))
        if self.profile.count == 0 and self.lexicographic:
            self.profile = replace(self.profile, lex=True, unit=False, primary_01=True)

    @classmethod
    def expanding(cls, source, begin: Callable | None, writer: Callable | None, goals: frozenset | GoalTest, *,
                  heuristic=None, profile: WeightProfile, canonical: Callable | None = None, own_rule: bool = True,
                  whole: Callable[[], tuple[nx.DiGraph, frozenset]] | None = None,
                  size: Callable[[], tuple[int, int]] | None = None,
                  graph: LazyGraph | None = None) -> StateGraph:
        """A state graph built only as far as the search needs it, and whole when anyone reads it.

        A routine that ``grows`` searches a :class:`~stategraph.graph.dicts.LazyGraph`;
        :attr:`graph` and :attr:`targets` are built when first read, from the moves built so far
        and the rest by the same ``writer``.

        Parameters
        ----------
        source : hashable
            The start state.
        begin : callable
            ``begin(graph)``: give an empty graph its graph attributes and the source state; returns it.
        writer : callable
            ``writer(graph)`` returns ``expand(state)``, which adds the moves leaving ``state`` to
            ``graph`` (with :func:`~stategraph.graph.dicts.graph_writers`).
        goals : frozenset or GoalTest
            The goal states (or a :class:`GoalTest`); the whole graph's targets are those in it.
        heuristic, canonical, own_rule : optional
            As for :class:`StateGraph`.
        profile : WeightProfile
            The weights every move has (declared: a growing graph cannot scan them).
        whole : callable, optional
            ``whole()``: the whole graph and its targets, built afresh in an order of its own.
        size : callable, optional
            ``size()``: the whole graph's ``(states, moves)``, counted without building it.
        graph : LazyGraph, optional
            The graph to search, already begun (``begin`` and ``writer`` are then unused).

        Examples
        --------
        >>> from stategraph.graph.dicts import graph_writers, successors
        >>> def begin(graph):
        ...     graph.add_node(0)
        ...     return graph
        >>> def writer(graph):
        ...     add_node, add_edge = graph_writers(graph)
        ...     return lambda n: add_edge(n, n + 1, {"weight": 1, "rank": 0}) if n < 3 else None
        >>> sg = StateGraph.expanding(0, begin, writer, frozenset({3, 9}), profile=WeightProfile())
        >>> lazy, goals = sg.searched(grows=True)
        >>> sorted(successors(lazy)[0]), sg.built()
        ([1], (2, 1))
        >>> sg.size(), sg.targets, type(sg.graph).__name__
        ((4, 3), frozenset({3}), 'DiGraph')
        """
        require_hashable(source, "the source")
        self = cls.__new__(cls)
        self.source, self.heuristic, self.profile, self.canonical = source, heuristic, profile, canonical
        self.own_rule = own_rule
        self.lexicographic = profile.lex
        self._goals = goals if isinstance(goals, GoalTest) else frozenset(goals)
        self._whole = whole
        self._size = size
        self._graph = None
        if graph is None:
            assert begin is not None and writer is not None, "a state graph that grows needs begin and writer"
            graph = begin(LazyGraph(writer))
        self._lazy = graph
        if isinstance(goals, GoalTest):
            goals.built = self._lazy
        return self

    @property
    def lazy(self) -> LazyGraph | None:
        """The graph built as it is searched (:meth:`expanding`), else ``None``."""
        return self._lazy

    def searched(self, grows: bool) -> tuple:
        """``(graph, targets)`` to search: for a routine that ``grows``, the graph being built and its goals."""
        if grows and self._lazy is not None:
            return self._lazy, self._goals
        if grows and type(self._graph) is DictGraph:
            return self._graph, self.targets
        return self.graph, self.targets

    def size(self) -> tuple[int, int]:
        """The states and moves of the whole graph (counted by ``size`` while it is not built)."""
        if self._size is not None and self._graph is None:
            return self._size()
        graph = self._counted()
        return len(graph), edge_count(graph)

    def built(self) -> tuple[int, int]:
        """The states and moves built so far (once the whole graph is read, :meth:`size`)."""
        if self._lazy is not None and self._graph is None:
            return self._lazy.size()
        graph = self._counted()
        return len(graph), self.profile.count or edge_count(graph)  # (a profiled graph's count: no recount)

    def _counted(self) -> nx.DiGraph | DictGraph:
        """The whole graph, to count: a :class:`~stategraph.graph.dicts.DictGraph` as it is."""
        return self._graph if type(self._graph) is DictGraph else self.graph

    def __getstate__(self) -> dict:
        """Pickled whole: the graph built as it is searched holds its builder's functions."""
        _whole_graph(self)
        return {**self.__dict__, "_lazy": None, "_whole": None, "_size": None, "_goals": self._targets}

    @property
    def zero(self):
        """The zero of the weights' type: ``Lex.ZERO``, ``0.0`` (float weights) or ``0``."""
        return Lex.ZERO if self.profile.lex else 0.0 if self.profile.floats else 0

    def __repr__(self) -> str:
        if self._graph is None:
            return f"StateGraph(source={shorten(self.source)}, whole graph not built, {self.built()[0]} states built)"
        return (f"StateGraph(source={shorten(self.source)}, {len(self._graph)} states, "
                f"{edge_count(self._graph)} moves, {len(self._targets)} targets)")


def _whole_graph(self: StateGraph) -> nx.DiGraph:
    """The whole explicit graph (built on first read, from the moves built so far and the rest)."""
    graph = self._graph
    if isinstance(graph, DictGraph):
        graph = self._graph = graph.networkx()
    elif graph is None:
        lazy = self._lazy
        assert lazy is not None  # an expanding state graph's whole graph is built from it
        whole = self.__dict__.get("_whole")
        if whole is not None:
            graph, self._targets = whole()
        else:
            graph = lazy.whole(self.source)
            self._targets = frozenset(goal for goal in self._goals if goal in graph)
        self._graph = graph
    return graph


def _set_graph(self: StateGraph, graph: nx.DiGraph) -> None:
    self._graph = graph


def _targets(self: StateGraph) -> frozenset:
    """The goal states of the whole graph."""
    if self._graph is None:
        _whole_graph(self)
    return self._targets


def _set_targets(self: StateGraph, targets) -> None:
    self._targets = self._goals = targets


# The whole graph and its targets are built on first read: properties in place of the fields, set
# after the dataclass is made (in its body they would be taken as the fields' defaults).
StateGraph.graph = property(_whole_graph, _set_graph, doc="The whole explicit graph: every state "  # type: ignore
                            "reachable from the source (of an :meth:`~StateGraph.expanding` one, built on first read).")
StateGraph.targets = property(_targets, _set_targets, doc="The goal states of the whole graph.")  # type: ignore


def require_hashable(state, what: str) -> None:
    """Refuse, in one line that says ``what`` the value is, a state that cannot be a node of a graph.

    >>> require_hashable([1, 2], "the source")
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: the source [1, 2], which cannot be hashed (unhashable type: 'list'): \
a state must be hashable, e.g. a tuple, str, int or frozen dataclass
    """
    if state is None:
        raise ContractError(f"{what} None: a state is any hashable value but None, e.g. a tuple, str, int or "
                            "frozen dataclass")
    try:
        hash(state)
    except TypeError as exc:
        raise ContractError(f"{what} {shorten(state)}, which cannot be hashed ({exc}): a state must be hashable, "
                            "e.g. a tuple, str, int or frozen dataclass") from None
