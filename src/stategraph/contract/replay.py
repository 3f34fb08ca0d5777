"""Check a first-level puzzle's answer with its own rules: replay the moves, confirm the optimum.

An answer is its move labels, each a move of the state it leaves; an unlabelled move ``""`` (a
roll continuing) is followed where the label is not offered, and after the last label up to a
goal.  The optimum comes from :func:`stategraph.contract.uniform_cost.cheapest_cost`.

>>> class Line:
...     def start(self, goal):
...         return 0
...     def is_goal(self, goal, x):
...         return x == goal
...     def moves(self, goal, x):
...         if x < goal:
...             yield "+1", x + 1, 1
...         if x + 2 <= goal:
...             yield "+2", x + 2, 3
>>> replay(Line(), 3, ["+1", "+2"])
4
>>> replay(Line(), 3, ["+2", "+2"])
Traceback (most recent call last):
...
stategraph.errors.VerificationError: move 2 ('+2') is not a move of state 2 (its moves: '+1')
>>> confirm(Line(), 3, ["+1", "+2"], 4)
Traceback (most recent call last):
...
stategraph.errors.VerificationError: the moves cost 4, but the optimum is 3
>>> confirm(Line(), 3, ["+1", "+1", "+1"], 3)
'confirmed'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..errors import VerificationError, shorten
from ..graph.weights import Lex
from .checks import CONFIRMED, NAIVE_LIMIT, OPTIMALITY_UNCONFIRMED, UNKNOWN
from .uniform_cost import cheapest_cost

SILENT = ""  # the label of a move that continues the one before it (not written in answers)


def replay(rules, instance, labels: Iterable[str]):
    """The total cost of the moves ``labels`` from the start, if they are legal and end on a
    goal; else :class:`~stategraph.errors.VerificationError` naming the first problem."""
    state = rules.start(instance)
    total = index = 0
    for index, label in enumerate(labels, start=1):
        seen = set()
        while True:
            offered = {name: (nxt, cost) for name, nxt, cost in rules.moves(instance, state)}
            if label in offered or SILENT not in offered or state in seen:
                break
            seen.add(state)
            state, total = offered[SILENT][0], total + offered[SILENT][1]
        if label not in offered or label == SILENT:
            names = [shorten(name) for name in offered if name != SILENT]
            shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "") if names else "none"
            raise VerificationError(f"move {index} ({shorten(label)}) is not a move of state "
                                    f"{_shown(rules, instance, state)} (its moves: {shown})")
        state, total = offered[label][0], total + offered[label][1]
    seen = set()
    while not rules.is_goal(instance, state):
        offered = {name: (nxt, cost) for name, nxt, cost in rules.moves(instance, state)}
        if SILENT not in offered or state in seen:
            if index == 0:  # an answer of a cost alone, where the answers show their moves
                raise VerificationError(f"no moves given, and the start, {_shown(rules, instance, state)}, is not "
                                        "a goal: the answer must list its moves")
            raise VerificationError(f"the moves end in state {_shown(rules, instance, state)}, which is not a goal")
        seen.add(state)
        state, total = offered[SILENT][0], total + offered[SILENT][1]
    return total


def confirm(rules, instance, labels, claimed, *, limit: int | None = None, deadline: float | None = None,
            negative: bool = False) -> str:
    """Check an answer of moves ``labels`` (``None``: not shown) and cost ``claimed`` (``None``: no
    solution): ``checks.CONFIRMED``, ``checks.OPTIMALITY_UNCONFIRMED`` past the search's budget,
    else ``VerificationError``."""
    cost = claimed
    if claimed is not None and labels is not None:
        cost = replay(rules, instance, labels)
        if not same_cost(cost, claimed):
            raise VerificationError(f"the answer says it costs {claimed}, but its moves cost {cost}")
    optimum = cheapest_cost(rules, instance, limit=NAIVE_LIMIT if limit is None else limit, deadline=deadline,
                            negative=negative)
    if optimum is UNKNOWN:
        return OPTIMALITY_UNCONFIRMED
    if claimed is None and optimum is not None:
        raise VerificationError(f"the answer says there is no solution, but one of cost {optimum} exists")
    if claimed is not None and (optimum is None or not same_cost(optimum, cost)):
        raise VerificationError(f"the moves cost {cost}, but the optimum is "
                                f"{'no solution' if optimum is None else optimum}")
    return CONFIRMED


def same_cost(a, b) -> bool:
    """Whether two costs are equal: ``0`` is ``Lex(0, 0)``, and floats may differ by rounding.

    >>> same_cost(0, Lex(0, 0)), same_cost(0.1 + 0.2, 0.3), same_cost(3, 4)
    (True, True, False)
    """
    if isinstance(a, Lex) != isinstance(b, Lex):  # only the zero of either kind is the other's
        return a in (0, Lex(0, 0)) and b in (0, Lex(0, 0))
    if isinstance(a, float) or isinstance(b, float):
        try:
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
        except OverflowError:  # an int past a float's range: no float is close to it
            return False
    return a == b


def _shown(rules, instance, state) -> str:
    """A state in a message: its label where the rules name states, else its value."""
    named = getattr(rules, "state_label", None)
    return shorten(state) if named is None else shorten(str(named(instance, state)), quoted=False)
