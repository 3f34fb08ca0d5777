"""The canonical path (:mod:`~stategraph.graph.canonical`) read off A*'s band, once the optimum is known.

Once A* settles its first target at distance ``C``, the canonical path is the optimal path whose
sequence of move ranks is smallest.  Trying each state's moves in rank order, a depth-first walk
from the source meets the paths in the order of their rank sequences, so the first that reaches a
target at cost ``C`` is the canonical one; and with an admissible heuristic no prefix of it
leaves the band ``g + h <= C``.  A prefix is cut where it cannot be part of an optimal path: past
the band, at a state reached more cheaply before (A*'s distances are real paths' costs), or at a
state already found to lead to no target within ``C`` from a distance no greater.  The walk thus
settles only the band's states that precede the answer, where continuing A* to the end of the
band settles every state with ``f = C``.

The walk answers only where it can vouch for its answer.  Wherever it meets what it cannot
judge (a zero-cost cycle, where no smallest sequence need exist; ranks that are not all different
and comparable; a heuristic value of the wrong type, inconsistent on a move, or not 0 at a
target; a target nearer than ``C``), it gives ``None`` and A* completes the band as before, with
its checks and their one-line refusals.

A walk is not always needed.  Where A*, on settling its first target ``t``, has never met a
distance twice (a move giving a state the distance it already had) nor pruned a state, and no
entry left in its heap has ``f`` within ``C``, its parents' path to ``t`` is the only optimal
path (:func:`only_path`), hence the canonical one.  Proof: take an optimal path and on it the
first state ``v`` A* has not settled, if any.  The state ``u`` before it is settled with its
exact distance (the heuristic is consistent) and was expanded, reaching ``v`` at its exact
distance, neither pruned nor met twice: ``v`` was pushed with ``f <= C`` (the heuristic is
admissible), an entry left in the heap while ``v`` is not settled; none is.  So every state of the path is settled,
its last is ``t`` (the one target settled), and each got its distance from the state before it
and from no later move (it would have met that distance twice): that state is its parent.  A route
with no fork in the band, as in a maze of corridors, is so read once rather than walked again.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("s", "a", weight=1, rank=0); g.add_edge("s", "b", weight=1, rank=1)
>>> g.add_edge("a", "x", weight=5, rank=0); g.add_edge("a", "t", weight=2, rank=1)
>>> g.add_edge("b", "t", weight=2, rank=0)
>>> h = {"s": 3, "a": 2, "b": 2, "x": 0, "t": 0}.get
>>> from stategraph.graph.dicts import successors
>>> path, costs = band_path(successors(g), "s", {"t"}, 3, {"s": 0}, {"s": None}, h, 0)
>>> path, costs
(['s', 'a', 't'], [0, 1, 3])

>>> path, moves = only_path({"s": None, "b": ("s", "b", g.edges["s", "b"]), "t": ("b", "t", g.edges["b", "t"])}, "t")
>>> path, [(u, v, attrs["rank"]) for u, v, attrs in moves]
(['s', 'b', 't'], [('s', 'b', 1), ('b', 't', 0)])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping


def band_path(succ: Mapping, source: Hashable, targets, best, dist: dict, settled, heuristic: Callable, zero, *,
              weight: str = "weight", rank: str = "rank") -> tuple[list, list] | None:
    """The canonical path to a target at distance ``best`` (the optimum) and the distance of each
    of its states, or ``None`` where the walk cannot vouch for it (see the module docstring).

    ``succ`` is the graph's adjacency (:func:`~stategraph.graph.dicts.successors`), ``dist`` A*'s
    distances (each the cost of a real path; not changed here), ``settled`` the states A* settled
    (their ``f`` is at most ``best``), ``heuristic`` its consistent lower bound, ``zero`` the zero
    of the weights' exact type (an ``int`` or a ``Lex``)."""
    kind = zero.__class__
    h = heuristic(source)
    if h.__class__ is not kind:
        return None
    if source in targets:
        return ([source], [zero]) if h == zero else None
    moves = _in_rank_order(succ[source], rank)
    if moves is None:
        return None
    path, costs, bounds, stack = [source], [zero], [h], [iter(moves)]
    on_path = {source}
    failed: dict = {}  # a state -> the least distance from which it was found to reach no target within best
    dist_get, failed_get = dist.get, failed.get
    while stack:
        g, hu = costs[-1], bounds[-1]
        for v, attrs in stack[-1]:
            ng = g + attrs[weight]
            known = dist_get(v)
            if known is not None and known < ng:
                continue
            low = failed_get(v)
            if low is not None and not ng < low:
                continue
            if known == ng and v in settled:  # f at most best, and consistency tested by A*
                h = None
            else:
                h = heuristic(v)
                if h.__class__ is not kind or (hu is not None and ng + h < g + hu):
                    return None  # a value to check, or an inconsistent move: A*'s to refuse
                if best < ng + h:
                    continue
            if v in targets:
                if ng < best or (h is not None and h != zero):
                    return None
                return [*path, v], [*costs, ng]
            if v in on_path:  # a zero-cost cycle
                return None
            moves = _in_rank_order(succ[v], rank)
            if moves is None:
                return None
            path.append(v)
            costs.append(ng)
            bounds.append(h)
            on_path.add(v)
            stack.append(iter(moves))
            break
        else:  # every move of the state on top tried: no target within best from its distance
            stack.pop()
            u = path.pop()
            on_path.discard(u)
            failed[u] = costs.pop()
            bounds.pop()
    return None


def _in_rank_order(moves: Mapping, rank: str):
    """``(next state, attributes)`` of each move, in the order of their ranks; ``None`` where a rank
    is missing, or two are equal or cannot be compared."""
    if len(moves) == 1:
        return None if next(iter(moves.values())).get(rank) is None else moves.items()
    ordered = [(attrs.get(rank), v, attrs) for v, attrs in moves.items()]
    try:
        if all(a[0] < b[0] for a, b in zip(ordered, ordered[1:])):
            return moves.items()
        ordered.sort(key=lambda move: move[0])
        if not all(a[0] < b[0] for a, b in zip(ordered, ordered[1:])):
            return None
    except TypeError:  # a rank missing (None), or two that cannot be compared
        return None
    return [(v, attrs) for _, v, attrs in ordered]


def only_path(parents: dict, target: Hashable, *, rank: str = "rank") -> tuple[list, list] | None:
    """The path ``parents`` (each state -> the move into it, ``(state before, state, the move's
    attributes)``; the source's ``None``) give to ``target``, and those moves along it, in one
    walk; ``None`` where a move on it has no rank (the walk of :mod:`~stategraph.graph.canonical`
    refuses it in one line)."""
    path, moves = [target], []
    while (move := parents[path[-1]]) is not None:
        if move[2].get(rank) is None:
            return None
        moves.append(move)
        path.append(move[0])
    path.reverse()
    moves.reverse()
    return path, moves
