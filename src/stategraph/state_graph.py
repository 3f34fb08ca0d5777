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
from .weights import Lex


@dataclass(frozen=True)
class WeightProfile:
    """What kind of weights a graph carries; search routines check it to refuse politely."""

    lex: bool = False
    unit: bool = True
    nonnegative: bool = True
    primary_01: bool = True
    count: int = 0  # how many edges were profiled: the graph's edge count
    floats: bool = False  # some weight is a float: distances are then floats whatever the routine

    @classmethod
    def of(cls, weights: Iterable) -> WeightProfile:
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
        if self.lex:
            return "lexicographic (primary, secondary) pairs"
        if self.unit:
            return "unit weights"
        return "non-negative numbers" if self.nonnegative else "numbers, some negative"


@dataclass
class StateGraph:
    """A question compiled to a state graph: the explicit graph and where to search in it.

    ``heuristic``, when a model provides one, maps a state to an admissible
    and consistent lower bound on its remaining cost (used by A*).
    ``canonical``, when a model states its own tie-break, replaces
    :func:`~stategraph.canonical.canonical_path` (same arguments).
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

    @property
    def zero(self):
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
