"""The state graph handed to every search routine: graph, source, targets, weights.

A model is what a puzzle compiles to.  Nodes are states, edges are moves;
each edge carries ``weight`` (a number or a :class:`~stategraph.weights.Lex`)
and ``rank`` (orders the out-edges of a node for the canonical tie-break),
plus whatever attributes explain the move to a reader.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("a", "b", weight=1, rank=0)
>>> m = StateGraph(g, "a", frozenset({"b"}))
>>> m.profile.unit, m.zero
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace

import networkx as nx

from .errors import ContractError, shorten
from .graph_dicts import GrowingDiGraph, collector_paused, edge_count
from .weights import Lex


@dataclass(frozen=True)
class WeightProfile:
    """What kind of weights a graph carries; search routines check it to refuse politely.

    A model class declares the profile of the graphs it builds (``Model.profile``), so a config
    can be refused before any input is read; a :class:`StateGraph` profiles its own edges.

    Parameters
    ----------
    lex : bool
        The weights are :class:`~stategraph.weights.Lex` pairs (else numbers).
    unit : bool
        Every weight is 1 (what ``bfs`` needs).
    nonnegative : bool
        No weight (no part of a pair) is negative.
    primary_01 : bool
        Every pair's primary part is 0 or 1 (what ``layered_bfs`` needs).
    count : int
        How many edges were profiled.
    floats : bool
        Some weight is a float.

    See Also
    --------
    WeightProfile.of : the profile of a graph's weights.
    """

    lex: bool = False
    unit: bool = True
    nonnegative: bool = True
    primary_01: bool = True
    count: int = 0  # how many edges were profiled: the graph's edge count
    floats: bool = False  # some weight is a float: distances are then floats whatever the routine

    @classmethod
    def of(cls, weights: Iterable) -> WeightProfile:
        """The profile of ``weights``, one for each edge.

        Parameters
        ----------
        weights : iterable
            Every edge's ``weight``: numbers (``bool`` excluded) or ``Lex`` pairs.

        Returns
        -------
        WeightProfile

        Raises
        ------
        ContractError
            If a weight is neither a number nor a ``Lex``, or numbers and pairs are mixed.

        Examples
        --------
        >>> WeightProfile.of([1, 2]).describe(), WeightProfile.of([Lex(1, 0), Lex(0, 3)]).primary_01
        ('non-negative numbers', True)
        """
        kinds = set()
        unit = nonnegative = primary_01 = True
        floats = False
        count = 0
        for w in weights:
            count += 1
            if isinstance(w, Lex):
                kinds.add("lex")
                unit = False
                nonnegative = nonnegative and w.primary >= 0 and w.secondary >= 0
                primary_01 = primary_01 and w.primary in (0, 1)
            elif isinstance(w, (int, float)) and not isinstance(w, bool):
                kinds.add("number")
                floats = floats or isinstance(w, float)
                unit = unit and w == 1
                nonnegative = nonnegative and w >= 0
            else:
                raise ContractError(f"an edge has weight {shorten(w)}: every edge needs a 'weight' "
                                    "that is a number or a Lex pair")
        if len(kinds) > 1:
            raise ContractError("a graph mixes Lex and numeric edge weights")
        lex = kinds == {"lex"}
        return cls(lex=lex, unit=unit, nonnegative=nonnegative,
                   primary_01=primary_01 and lex, count=count, floats=floats)

    def merge(self, other: WeightProfile) -> WeightProfile:
        """The profile of both graphs' edges together (Huarong Dao: the board's and a query's).

        Raises
        ------
        ContractError
            If one holds numbers and the other ``Lex`` pairs.

        Examples
        --------
        >>> WeightProfile.of([1]).merge(WeightProfile.of([-2])).describe()
        'numbers, some negative'
        """
        if self.count and other.count and self.lex != other.lex:
            raise ContractError("a graph mixes Lex and numeric edge weights")
        if not self.count:
            return other
        if not other.count:
            return self
        return WeightProfile(lex=self.lex, unit=self.unit and other.unit,
                             nonnegative=self.nonnegative and other.nonnegative,
                             primary_01=self.primary_01 and other.primary_01,
                             count=self.count + other.count, floats=self.floats or other.floats)

    def describe(self) -> str:
        """The weights in a few words, for the messages of a routine that refuses them."""
        if self.lex:
            return "lexicographic (primary, secondary) pairs"
        if self.unit:
            return "unit weights"
        return "non-negative numbers" if self.nonnegative else "numbers, some negative"


@dataclass
class StateGraph:
    """A question compiled to a state graph: the explicit graph and where to search in it.

    What a model's ``state_graph(question)`` yields and every search routine is given.

    Parameters
    ----------
    graph : networkx.DiGraph
        States as nodes (hashable; a ``label`` attribute names them in reports), moves as edges,
        each with a ``weight`` (a number or a :class:`~stategraph.weights.Lex`) and a ``rank``
        (the canonical tie-break orders a state's out-edges by it).  Edge attribute dicts may
        be shared by many edges (:func:`~stategraph.graph_dicts.graph_writers`): read them,
        never write to them.
    source : hashable
        The start state.
    targets : frozenset
        The goal states (any iterable is turned into a frozenset).
    heuristic : callable, optional
        ``heuristic(state)``: an admissible and consistent lower bound on the state's remaining
        cost, or ``None`` for a state that reaches no target (what ``astar`` needs).
    profile : WeightProfile, optional
        The weights' profile; by default computed from ``graph``'s edges.
    lexicographic : bool, optional
        The weight type when the graph has no edge to show it (``Lex`` when true).
    canonical : callable, optional
        The model's own tie-break, in place of :func:`~stategraph.canonical.canonical_path`
        (same arguments).

    Raises
    ------
    ContractError
        If the graph is not directed, or the source or a target is not hashable or not a node.

    Examples
    --------
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

    def __post_init__(self):
        if not isinstance(self.graph, nx.Graph) or not self.graph.is_directed():
            raise ContractError("a state graph must be a directed networkx graph (nx.DiGraph), "
                                f"found {type(self.graph).__name__}")
        for end in (self.source, *self.targets):
            require_hashable(end, "the source" if end is self.source else "a target")
        if self.source not in self.graph:
            raise ContractError(f"the source {shorten(self.source)} is not a node of the state graph")
        self.targets = frozenset(self.targets)
        stray = next((t for t in self.targets if t not in self.graph), None)
        if stray is not None:
            raise ContractError(f"the target {shorten(stray)} is not a node of the state graph")
        if self.profile is None:
            self.profile = WeightProfile.of(w for _, _, w in self.graph.edges(data="weight"))
        if self.profile.count == 0 and self.lexicographic:
            self.profile = replace(self.profile, lex=True, unit=False, primary_01=True)

    def searched(self, grows: bool) -> tuple:
        """``(graph, targets)`` for a routine to search: :attr:`graph` and :attr:`targets` (a
        :class:`GrowingStateGraph` gives a routine that ``grows`` the graph built so far)."""
        return self.graph, self.targets

    def size(self, searched) -> tuple[int, int]:
        """The states and moves of ``searched`` (what :meth:`searched` gave), for the statistics."""
        return len(searched), self.profile.count

    def kept(self):
        """What a :class:`~stategraph.records.Record` keeps as its ``graph``: :attr:`graph` (a
        :class:`GrowingStateGraph` keeps itself, and builds its whole graph when that is read)."""
        return self.graph

    @property
    def zero(self):
        """The zero of the weights' type: ``Lex.ZERO``, ``0.0`` (float weights) or ``0``."""
        return Lex.ZERO if self.profile.lex else 0.0 if self.profile.floats else 0


def require_hashable(state, what: str) -> None:
    """Refuse, in one line that says ``what`` the value is, a state that cannot be a node of a graph.

    >>> require_hashable([1, 2], "the source")
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: the source [1, 2], which cannot be hashed (unhashable type: 'list'): \
a state must be hashable, e.g. a tuple, str, int or frozen dataclass
    """
    try:
        hash(state)
    except TypeError as exc:
        raise ContractError(f"{what} {shorten(state)}, which cannot be hashed ({exc}): a state must be hashable, "
                            "e.g. a tuple, str, int or frozen dataclass") from None


class GrowingStateGraph(StateGraph):
    """A state graph built only as far as the search needs it, and whole when anyone asks.

    A routine that only follows out-edges from the states it has reached
    (``SearchRoutine.grows``) searches :attr:`search_graph`, a
    :class:`~stategraph.graph_dicts.GrowingDiGraph` that adds each state's moves the first time
    the routine reads them.  :attr:`graph` and :attr:`targets` are the whole explicit graph and its
    goal states, built the first time they are read (for export, the views, a plug-in routine,
    the Python API): every state reachable from the source, depth first, by the same ``writer``.

    Parameters
    ----------
    source : hashable
        The start state.
    begin : callable
        ``begin(graph)``: give an empty graph its graph attributes and the source state; returns it.
    writer : callable
        ``writer(graph)`` returns ``expand(state)``, which adds the moves leaving ``state`` to
        ``graph`` and returns the states they reach that were not in it yet (in the order a
        depth-first build should push them).
    goals : frozenset
        Every state that is a goal if it exists: a routine's targets while the graph grows; the
        whole graph's targets are those of them in it.
    heuristic, canonical : callable, optional
        As for :class:`StateGraph`.
    profile : WeightProfile
        The weights every move of the model has (declared: a growing graph cannot scan them).

    Examples
    --------
    >>> def begin(graph):
    ...     graph.add_node(0)
    ...     return graph
    >>> def writer(graph):
    ...     def expand(n):
    ...         new = [] if n + 1 in graph else [n + 1]
    ...         graph.add_edge(n, n + 1, weight=1, rank=0)
    ...         return new if n < 2 else []
    ...     return expand
    >>> model = GrowingStateGraph(0, begin, writer, frozenset({3, 9}), profile=WeightProfile())
    >>> from stategraph.graph_dicts import successors
    >>> sorted(successors(model.search_graph)[0]), len(model.search_graph), len(model.graph), model.targets
    ([1], 2, 4, frozenset({3}))
    """

    def __init__(self, source, begin: Callable, writer: Callable, goals: frozenset, *, heuristic=None,
                 profile: WeightProfile, canonical: Callable | None = None):
        require_hashable(source, "the source")
        self.source, self.heuristic, self.profile, self.canonical = source, heuristic, profile, canonical
        self.lexicographic = profile.lex
        self._begin, self._writer, self.goals = begin, writer, frozenset(goals)
        self.search_graph = begin(GrowingDiGraph(writer))
        self._graph: nx.DiGraph | None = None

    @property
    def graph(self) -> nx.DiGraph:  # type: ignore[override]  # a field of StateGraph, built here on demand
        """The whole explicit graph (built on first read)."""
        if self._graph is None:
            with collector_paused():  # a large build, no garbage cycles
                graph = self._begin(nx.DiGraph())
                expand = self._writer(graph)
                frontier = [self.source]
                while frontier:
                    frontier.extend(expand(frontier.pop()))
            self._graph = graph
        return self._graph

    @property
    def targets(self) -> frozenset:  # type: ignore[override]
        """The goal states of the whole graph (built on first read)."""
        graph = self.graph
        return frozenset(goal for goal in self.goals if goal in graph)

    __eq__ = object.__eq__  # the dataclass's would build and compare whole graphs

    def __repr__(self) -> str:
        return (f"GrowingStateGraph(source={self.source!r}, {len(self.search_graph)} states built, "
                f"whole graph {'built' if self._graph is not None else 'not built'})")

    def searched(self, grows: bool) -> tuple:
        if grows:
            return self.search_graph, self.goals
        return self.graph, self.targets

    def size(self, searched) -> tuple[int, int]:
        return len(searched), edge_count(searched)

    def kept(self):
        return self  # its whole graph is built only if a record's graph is read
