"""Compile a first-level puzzle's rules into an explicit state graph.

Breadth-first from ``rules.start(instance)``, a move ``(label, next, cost)`` becomes an edge with
``weight`` = cost, ``rank`` = its place among the state's moves and ``move`` = label; of parallel
moves the cheapest is kept (the first on a tie).  Bad rules are refused in one line.

>>> class Line:
...     def start(self, goal):
...         return 0
...     def is_goal(self, goal, x):
...         return x == goal
...     def moves(self, goal, x):
...         if x < goal:
...             yield "+1", x + 1, 1
...             yield "+1 again", x + 1, 1       # parallel and no cheaper: dropped
...         if x + 2 <= goal:
...             yield "+2", x + 2, 3
>>> found = explore(Line(), 2)
>>> list(found.graph.edges(data=True))
[(0, 1, {'weight': 1, 'rank': 0, 'move': '+1'}), (0, 2, {'weight': 3, 'rank': 2, 'move': '+2'}), \
(1, 2, {'weight': 1, 'rank': 0, 'move': '+1'})]
>>> found.targets, found.profile.unit
(frozenset({2}), False)
>>> explore(Line(), 10, max_states=5)
Traceback (most recent call last):
...
stategraph.graph.explore.StateLimit: the state graph passed limits.max_states = 5: state 5, the 6th, was reached \
from state 3 by move '+2'; raise the limit with --set limits.max_states=N

Rules that declare their weights may be explored only as far as a search reads them (:func:`expanding`):

>>> lazy = expanding(Line(), 10, profile=WeightProfile(unit=False, nonnegative=True))
>>> lazy.built(), lazy.size(), lazy.targets
((1, 0), (11, 19), frozenset({10}))
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, NamedTuple, NoReturn

if TYPE_CHECKING:  # networkx is imported where a networkx graph is made: a lazy search needs none
    import networkx as nx

from ..errors import ContractError, StategraphError, shorten
from ..limits import MAX_MOVES, MAX_STATES
from .dicts import LazyGraph, built_successors, collector_paused, graph_writers
from .state_graph import GoalTest, StateGraph, WeightProfile, require_hashable
from .weights import Lex

NUMBER, LEX = "a number", "a Lex pair"  # the two kinds of cost
MAX_COST_DIGITS = 4000  # a path's cost must stay printable: Python prints an int of at most 4,300 digits
TOO_LARGE = 10**MAX_COST_DIGITS


class StateLimit(StategraphError):
    """The state graph grew past ``limits.max_states``."""


class Explored(NamedTuple):
    """The compiled graph: states with a ``label``, moves as edges, and where to search."""

    graph: nx.DiGraph
    source: Hashable
    targets: frozenset
    profile: WeightProfile


class Explorer:
    """The rules' moves of one state at a time, checked (shared by :func:`explore` and :func:`expanding`)."""

    def __init__(self, rules, instance, *, max_states: int = MAX_STATES, max_moves: int = MAX_MOVES,
                 negative: bool = False, where: str = ""):
        self.rules, self.instance, self.where = rules, instance, where
        self.max_states, self.max_moves, self.negative = max_states, max_moves, negative
        self.start = rules.start(instance)
        require_hashable(self.start, f"{where}start() returned")
        self.kind: list = []  # the kind of the first cost seen: every other must be of the same kind

    def moves(self, state) -> dict:
        """``{next state: (cost, rank, label)}`` of ``state``'s kept moves (see :func:`_kept_moves`)."""
        return _kept_moves(self.rules, self.instance, state, self.negative, self.kind, self.where, self.max_moves)

    def refuse(self, state, nxt, name) -> NoReturn:
        """Raise :class:`StateLimit`: ``nxt``, reached from ``state`` by move ``name``, is one state too many."""
        raise StateLimit(f"{self.where}the state graph passed limits.max_states = {self.max_states}: state "
                         f"{shorten(nxt)}, the {_ordinal(self.max_states + 1)}, was reached from state "
                         f"{shorten(state)} by move {shorten(name)}; raise the limit with --set limits.max_states=N")

    def label(self, state) -> str:
        named = getattr(self.rules, "state_label", None)
        if named is None:
            return _text(str(state), "a state is labelled")
        return _text(str(named(self.instance, state)), f"state_label() of state {shorten(state)} returned")


def explore(rules, instance, *, max_states: int = MAX_STATES, max_moves: int = MAX_MOVES, negative: bool = False,
            where: str = "") -> Explored:
    """The state graph of ``instance`` under ``rules`` (``start``, ``is_goal``, ``moves``, optionally
    ``state_label``); ``negative`` allows negative costs; ``where`` starts every message."""
    explorer = Explorer(rules, instance, max_states=max_states, max_moves=max_moves, negative=negative, where=where)
    start = explorer.start
    found = {start: None}  # every state found, in the order found (a dict keeps it)
    edges = []
    targets = []
    queue = deque([start])
    with collector_paused():
        while queue:
            state = queue.popleft()
            if rules.is_goal(instance, state):
                targets.append(state)
            for nxt, (cost, rank, name) in explorer.moves(state).items():
                if nxt not in found:
                    if len(found) >= max_states:
                        explorer.refuse(state, nxt, name)
                    found[nxt] = None
                    queue.append(nxt)
                edges.append((state, nxt, cost, rank, name))
        graph = _graph(explorer, found, edges)
    profile = WeightProfile.of(cost for _, _, cost, _, _ in edges)
    return Explored(graph, start, frozenset(targets), profile)


class SharedStates:
    """The states and moves shared by the instances whose rules give the same ``graph_key`` (the
    same moves; start, goals and heuristic their own).  A new key, or a full graph, starts afresh."""

    def __init__(self, key: Hashable):
        self.key = key
        self.graph: LazyGraph | None = None

    SAMPLE = 2  # states of the store, besides the new start, whose moves each new instance is held to

    def check(self, explorer: Explorer, start) -> None:
        """Refuse (:class:`~stategraph.errors.ContractError`) a new instance whose moves differ from
        the store's at a sample of states: never an answer built from another instance's moves."""
        store = self.graph
        assert store is not None
        built = built_successors(store)
        sample = [start] if start in store.expanded else []
        sample += [state for state in itertools.islice(built, self.SAMPLE)
                   if state in store.expanded and state != start]
        for state in sample:
            held = {nxt: (a["weight"], a["rank"], a["move"]) for nxt, a in built[state].items()}
            if explorer.moves(state) != held:
                raise ContractError(f"{explorer.where}graph_key() gave two instances of different moves the same "
                                    f"key ({shorten(self.key)}): at state {shorten(state)} they differ (a key "
                                    "promises the same moves at every state)")


def expanding(rules, instance, *, profile: WeightProfile, heuristic=None, shared: SharedStates | None = None,
              size: Callable[[], tuple[int, int]] | None = None, **limits) -> StateGraph:
    """:func:`explore`'s graph built only as far as a search reads it
    (:meth:`~stategraph.graph.state_graph.StateGraph.expanding`), each move held to the rules'
    declared ``profile``.  ``shared`` reuses what other instances of the same graph built; ``size``
    counts the whole graph without building it; ``limits`` are :func:`explore`'s."""
    explorer = Explorer(rules, instance, **limits)
    where, start = explorer.where, explorer.start

    def writer(graph):
        add_edge, moves, attributes = graph_writers(graph)[1], explorer.moves, _edge_attributes()
        unit = profile.unit and not profile.lex

        def expand(state) -> None:
            for nxt, (cost, rank, name) in moves(state).items():
                if not (unit and cost == 1):
                    misfit = _misfit(cost, profile)
                    if misfit:
                        raise ContractError(f"{where}move {shorten(name)} of state {shorten(state)} costs "
                                            f"{shorten(cost)}, but the rules declare {misfit} (their profile)")
                add_edge(state, nxt, attributes(cost, rank, name))
        return expand

    def refuse(state, nxt, attrs) -> None:
        explorer.refuse(state, nxt, attrs["move"])

    def whole() -> tuple:
        found = explore(rules, instance, **limits)
        return found.graph, found.targets

    built = None if shared is None else shared.graph
    if built is None or len(built) >= explorer.max_states:
        built = LazyGraph(None)  # a store of states and moves, built by its readers
        if shared is not None:
            shared.graph = built
    elif shared is not None:
        shared.check(explorer, start)
    graph = built.reader(writer, start, label=explorer.label, limit=explorer.max_states, refuse=refuse)
    goals = GoalTest(lambda state: rules.is_goal(instance, state))
    return StateGraph.expanding(start, None, None, goals, heuristic=heuristic, profile=profile, whole=whole,
                                size=size, graph=graph)


def _edge_attributes() -> Callable[[object, int, str], dict]:
    """``attributes(cost, rank, label)``: one shared (read-only) dict per integer cost, rank and label."""
    made: dict = {}

    def attributes(cost, rank, name) -> dict:
        if cost.__class__ is not int:
            return {"weight": cost, "rank": rank, "move": name}
        key = (cost, rank, name)
        found = made.get(key)
        if found is None:
            found = {"weight": cost, "rank": rank, "move": name}
            if len(made) < 4096:
                made[key] = found
        return found
    return attributes


def _misfit(cost, profile: WeightProfile) -> str:
    """What of ``profile`` a move's ``cost`` breaks (``""``: nothing)."""
    if profile.lex != isinstance(cost, Lex):
        return "Lex pairs" if profile.lex else "numbers"
    if profile.unit and cost != 1:
        return "unit weights"
    if profile.nonnegative and (min(cost) if isinstance(cost, Lex) else cost) < 0:
        return "non-negative weights"
    if profile.lex and profile.primary_01 and cost[0] not in (0, 1):
        return "Lex pairs whose first part is 0 or 1"
    return ""


def _graph(explorer: Explorer, states, edges) -> nx.DiGraph:
    """The ``networkx.DiGraph`` of the states and moves, each edge with a dict of its own (a user may change it)."""
    import networkx as nx

    graph: nx.DiGraph = nx.DiGraph()
    add_node, add_edge = graph_writers(graph)
    label = explorer.label
    for state in states:
        add_node(state, {"label": label(state)})
    for u, v, cost, rank, name in edges:
        add_edge(u, v, {"weight": cost, "rank": rank, "move": name})
    return graph


def _kept_moves(rules, instance, state, negative: bool, kind: list, where: str, max_moves: int) -> dict:
    """``{next state: (cost, rank, label)}`` of ``state``'s moves, each checked, the cheapest of parallel ones."""
    moves = rules.moves(instance, state)
    try:
        moves = iter(moves)
    except TypeError:
        raise ContractError(f"{where}moves() of state {shorten(state)} must yield (label, next state, cost) "
                            f"triples, it returned {shorten(moves)}") from None
    kept: dict = {}
    labels: set = set()
    plain = kind == [NUMBER]  # the costs so far are numbers: a non-negative int needs no more checks
    for rank, move in enumerate(moves):
        if rank == max_moves:  # rank counts the moves before this one (a compare a move: no islice)
            raise ContractError(f"{where}moves() of state {shorten(state)} yielded more moves than "
                                f"limits.max_moves = {max_moves} (does it never end?); raise the limit with "
                                "--set limits.max_moves=N")
        try:
            name, nxt, cost = move
        except (TypeError, ValueError):
            raise ContractError(f"{where}moves() of state {shorten(state)} yielded {shorten(move)}, not a "
                                "(label, next state, cost) triple") from None
        if not isinstance(name, str):
            raise ContractError(f"{where}a move of state {shorten(state)} is labelled {shorten(name)}: "
                                "a move label is a str")
        if not name.isascii():
            _text(name, f"{where}a move of state {shorten(state)} is labelled")
        if name in labels:
            raise ContractError(f"{where}two moves of state {shorten(state)} are labelled {shorten(name)}: "
                                "the labels of one state's moves must differ")
        labels.add(name)
        problem = None if plain and type(cost) is int and 0 <= cost < TOO_LARGE else _cost_problem(cost, negative,
                                                                                                     kind)
        if problem is not None:
            raise ContractError(f"{where}move {shorten(name)} of state {shorten(state)} costs {shorten(cost)}: "
                                f"{problem}")
        try:
            before = kept.get(nxt)
        except TypeError:
            require_hashable(nxt, f"{where}move {shorten(name)} of state {shorten(state)} leads to")
            raise
        if nxt is None:
            require_hashable(nxt, f"{where}move {shorten(name)} of state {shorten(state)} leads to")
        if before is None or cost < before[0]:
            kept[nxt] = (cost, rank, name)
    return kept


def _text(label: str, what: str) -> str:
    """``label``, if UTF-8 can hold it (a lone surrogate cannot)."""
    if not label.isascii():
        try:
            label.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ContractError(f"{what} {shorten(label)}, which holds {exc.object[exc.start]!r}, a lone "
                                "surrogate: no UTF-8 text (a page, an answer, a graph file) can hold it") from None
    return label


def _cost_problem(cost, negative: bool, kind: list) -> str | None:
    """Why ``cost`` cannot weigh a move (``None`` if it can); ``kind`` holds the first cost's kind."""
    if isinstance(cost, (int, float)) and not isinstance(cost, bool):
        if isinstance(cost, float) and not math.isfinite(cost):
            return "a cost must be finite"
        this = NUMBER
        low = cost
    elif isinstance(cost, Lex) and all(isinstance(part, int) and not isinstance(part, bool) for part in cost):
        this = LEX
        low = min(cost)
    else:
        return "a cost is a number (int or float) or a stategraph.Lex pair"
    parts = cost if this == LEX else (cost,)
    if any(isinstance(part, int) and abs(part) >= TOO_LARGE for part in parts):
        return f"an integer cost has at most {MAX_COST_DIGITS:,} digits (a path's cost must stay printable)"
    if low < 0 and not negative:
        return "a cost must not be negative (set negative_costs = True on the puzzle to allow it)"
    if not kind:
        kind.append(this)
    elif kind[0] != this:
        return f"the costs before it were {kind[0]}: one puzzle's costs are all numbers or all Lex pairs"
    return None


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``1,001st``."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"
