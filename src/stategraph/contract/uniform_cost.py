"""The optimum of a first-level puzzle by a plain uniform-cost search over its ``moves()``.

What ``--verify`` and ``check`` confirm optimality with: no graph is built and nothing of the
compile or the search routines is used.

>>> from types import SimpleNamespace
>>> steps = SimpleNamespace(start=lambda goal: 0, is_goal=lambda goal, x: x == goal,
...                         moves=lambda goal, x: [("+1", x + 1, 1), ("+2", x + 2, 3)] if x < goal else [])
>>> cheapest_cost(steps, 4), cheapest_cost(steps, 10**6, limit=100)
(4, UNKNOWN)
"""

from __future__ import annotations

from heapq import heappop, heappush

from ..graph.weights import Lex
from .checks import NAIVE_LIMIT, UNKNOWN, out_of_budget


def cheapest_cost(rules, instance, *, limit: int = NAIVE_LIMIT, deadline: float | None = None,
                  negative: bool = False):
    """The least cost from the start to a goal; ``None`` when none is reachable,
    :data:`~stategraph.contract.checks.UNKNOWN` past ``limit`` states or ``deadline``.  With
    ``negative`` costs it runs until no cost improves instead of stopping at the first goal."""
    start = rules.start(instance)
    zero = _zero(rules, instance, start)
    best = {start: zero}
    heap = [(zero, 0, start)]
    pushed = taken = 0
    found = None
    while heap:
        cost, _, state = heappop(heap)
        if best[state] < cost:
            continue  # a stale entry: the state was reached more cheaply since
        taken += 1
        if out_of_budget(taken, limit, deadline):
            return UNKNOWN
        if rules.is_goal(instance, state):
            if not negative:
                return cost
            found = cost if found is None or cost < found else found
        for _, nxt, step in rules.moves(instance, state):
            total = cost + step
            known = best.get(nxt)
            if known is None or total < known:
                best[nxt] = total
                pushed += 1
                heappush(heap, (total, pushed, nxt))
    return found


def _zero(rules, instance, start):
    """The zero of the costs' kind: ``Lex(0, 0)`` when the start's first move costs a ``Lex``."""
    first = next(iter(rules.moves(instance, start)), None)
    return Lex.ZERO if first is not None and isinstance(first[2], Lex) else 0
