"""A whole state graph held compactly: states numbered as they are found, moves as integer arrays.

A move costs a few bytes here against about a kilobyte in a ``networkx.DiGraph``, so a census of
millions of moves fits (:mod:`stategraph.views.census`); :meth:`~CompactGraph.to_networkx` gives
the graph :func:`~stategraph.graph.explore.explore` builds.

>>> class Line:                      # 0, 1, ..., n by +1 and +2
...     def start(self, n): return 0
...     def is_goal(self, n, x): return x == n
...     def moves(self, n, x):
...         if x + 1 <= n: yield "+1", x + 1, 1
...         if x + 2 <= n: yield "+2", x + 2, 1
>>> graph = explore_compact(Line(), 3)
>>> len(graph), graph.moves, [graph.states[v] for v, _, _ in graph.moves_of(0)], graph.goals
(4, 5, [1, 2], [3])
>>> sorted(graph.to_networkx().edges(data=True))[0]
(0, 1, {'weight': 1, 'rank': 0, 'move': '+1'})
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from ..limits import MAX_MOVES, MAX_STATES
from .dicts import collector_paused
from .explore import Explorer


class Interned:
    """Distinct values numbered in the order first seen (costs, labels): ``number(value)``."""

    def __init__(self) -> None:
        self.values: list = []
        self._numbers: dict = {}

    def number(self, value) -> int:
        found = self._numbers.get(value)
        if found is None:
            found = self._numbers[value] = len(self.values)
            self.values.append(value)
        return found


class CompactGraph:
    """Every state reachable from a source, numbered from 0 (the source) in the order found; each
    state's moves are one run of the arrays, in rank order.

    Attributes
    ----------
    states : list
        The states, by number.
    index : dict
        State -> number.
    offsets : array
        State ``u``'s moves are ``offsets[u]`` to ``offsets[u + 1] - 1`` of the arrays below.
    heads, cost_numbers, label_numbers : array
        Each move's next state, and its cost and label as numbers into :attr:`costs` and :attr:`labels`.
    costs, labels : Interned
        The distinct costs and labels.
    goals : list
        The numbers of the goal states, in order.
    state_labels : list or None
        Each state's label, where it was asked for.
    """

    def __init__(self) -> None:
        self.states: list = []
        self.index: dict = {}
        self.offsets = array("q", [0])
        self.heads = array("i")
        self.cost_numbers = array("i")
        self.label_numbers = array("i")
        self.costs, self.labels = Interned(), Interned()
        self.goals: list[int] = []
        self.state_labels: list[str] | None = None
        self.label_of: Callable[[Hashable], str] = str  # a state's one-line name, as its rules give it

    def __len__(self) -> int:
        return len(self.states)

    @property
    def moves(self) -> int:
        """How many moves the graph holds."""
        return len(self.heads)

    def moves_of(self, u: int) -> Iterator[tuple[int, Any, str]]:
        """``(next state's number, cost, label)`` of each move of state number ``u``, in rank order."""
        costs, labels = self.costs.values, self.labels.values
        for at in range(self.offsets[u], self.offsets[u + 1]):
            yield self.heads[at], costs[self.cost_numbers[at]], labels[self.label_numbers[at]]

    def add_state(self, state: Hashable) -> int:
        number = self.index[state] = len(self.states)
        self.states.append(state)
        return number

    def reverse_offsets(self) -> tuple[array, array]:
        """``(offsets, tails)`` of the reversed moves: ``tails[offsets[v]:offsets[v + 1]]`` lead into ``v``."""
        count = len(self.states)
        offsets = array("q", bytes(8 * (count + 1)))
        for head in self.heads:
            offsets[head + 1] += 1
        for v in range(count):
            offsets[v + 1] += offsets[v]
        filled = array("q", offsets[:-1])
        tails = array("i", bytes(4 * len(self.heads)))
        for u in range(count):
            for at in range(self.offsets[u], self.offsets[u + 1]):
                head = self.heads[at]
                tails[filled[head]] = u
                filled[head] += 1
        return offsets, tails

    def nbytes(self) -> int:
        """The bytes of the move arrays (the states' own list and dict aside)."""
        return sum(a.itemsize * len(a) for a in (self.offsets, self.heads, self.cost_numbers, self.label_numbers))

    def to_networkx(self) -> Any:
        """The ``networkx.DiGraph`` :func:`~stategraph.graph.explore.explore` builds of the same rules."""
        import networkx as nx

        graph: nx.DiGraph = nx.DiGraph()
        labels = self.state_labels
        graph.add_nodes_from((state, {"label": labels[u]}) if labels else state for u, state in enumerate(self.states))
        states = self.states
        for u, state in enumerate(states):
            graph.add_edges_from((state, states[v], {"weight": cost, "rank": rank, "move": label})
                                 for rank, (v, cost, label) in enumerate(self.moves_of(u)))
        return graph


def explore_compact(rules, instance, *, max_states: int = MAX_STATES, max_moves: int = MAX_MOVES,
                    negative: bool = False, where: str = "", labelled: bool = False, jobs: int = 1) -> CompactGraph:
    """:func:`~stategraph.graph.explore.explore` as a :class:`CompactGraph` (``labelled``: keep each
    state's label).  With ``jobs`` above 1, forked workers expand each large layer, which is
    numbered here in order (the same graph); a worker's fault is raised again here, at its line."""
    explorer = Explorer(rules, instance, max_states=max_states, max_moves=max_moves, negative=negative, where=where)
    graph = CompactGraph()
    index, states = graph.index, graph.states
    offsets, heads = graph.offsets, graph.heads
    cost_numbers, label_numbers = graph.cost_numbers, graph.label_numbers
    costs, labels = graph.costs, graph.labels
    known_cost, known_label = costs._numbers.get, labels._numbers.get
    graph.add_state(explorer.start)
    layer = [explorer.start]
    expand = _Expansion(rules, instance, explorer, jobs)
    with collector_paused(), expand:
        while layer:
            following = []
            for state, goal, moves in expand(layer):
                if goal:
                    graph.goals.append(index[state])
                for nxt, cost, name in moves:
                    number = index.get(nxt)
                    if number is None:
                        if len(states) >= max_states:
                            explorer.refuse(state, nxt, name)
                        number = index[nxt] = len(states)
                        states.append(nxt)
                        following.append(nxt)
                    heads.append(number)
                    at = known_cost(cost)
                    cost_numbers.append(costs.number(cost) if at is None else at)
                    at = known_label(name)
                    label_numbers.append(labels.number(name) if at is None else at)
                offsets.append(len(heads))
            layer = following
    graph.label_of = explorer.label
    if labelled:
        graph.state_labels = [explorer.label(state) for state in graph.states]
    return graph


PARALLEL_LAYER = 2000  # a layer this small is expanded here: sending it would cost more than it saves
SLICE = 2000  # states a worker expands at a time: what is in flight stays small


class _Expansion:
    """``expansion(layer)``: ``(state, is a goal, [(next, cost, label), ...])`` for each state of
    ``layer`` in order, here or in slices by forked workers (which inherit the rules unpickled)."""

    def __init__(self, rules, instance, explorer: Explorer, jobs: int):
        self.rules, self.instance, self.explorer, self.jobs = rules, instance, explorer, jobs
        self.pool: Any = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()

    def here(self, layer: list) -> Iterator[tuple]:
        is_goal, instance, moves = self.rules.is_goal, self.instance, self.explorer.moves
        for state in layer:
            yield state, is_goal(instance, state), [(nxt, cost, name) for nxt, (cost, _, name) in moves(state).items()]

    def __call__(self, layer: list) -> Iterator[tuple]:
        if self.jobs <= 1 or len(layer) < PARALLEL_LAYER:
            return self.here(layer)
        return self._in_workers(layer)

    def _in_workers(self, layer: list) -> Iterator[tuple]:
        if self.pool is None:
            import multiprocessing
            import os

            from ..parent_death import die_with_parent

            global _EXPANDING
            _EXPANDING = self
            self.pool = multiprocessing.get_context("fork").Pool(self.jobs, die_with_parent, (os.getpid(),))
        slices = (layer[at:at + SLICE] for at in range(0, len(layer), SLICE))
        done = 0
        try:
            for part in self.pool.imap(_expand_slice, slices):
                yield from part
                done += len(part)
        except Exception:  # a fault of the rules: raised again here, at its own line
            yield from self.here(layer[done:])


_EXPANDING: _Expansion | None = None  # what a forked worker expands with


def _expand_slice(states: list) -> list:
    assert _EXPANDING is not None
    return list(_EXPANDING.here(states))


def compact_from(graph, source, targets) -> CompactGraph:
    """A :class:`CompactGraph` of a ``networkx`` state graph, from ``source``, moves in ``rank`` order."""
    compact = CompactGraph()
    index, succ = compact.index, graph.succ
    compact.add_state(source)
    queue = deque([source])
    while queue:
        state = queue.popleft()
        if state in targets:
            compact.goals.append(index[state])
        for nxt, attrs in sorted(succ[state].items(), key=lambda item: item[1].get("rank", 0)):
            number = index.get(nxt)
            if number is None:
                number = compact.add_state(nxt)
                queue.append(nxt)
            compact.heads.append(number)
            compact.cost_numbers.append(compact.costs.number(attrs.get("weight", 1)))
            compact.label_numbers.append(compact.labels.number(str(attrs.get("move", attrs.get("rank", "")))))
        compact.offsets.append(len(compact.heads))
    compact.state_labels = labels = [str(graph.nodes[state].get("label", state)) for state in compact.states]
    compact.label_of = lambda state: labels[compact.index[state]]
    return compact
