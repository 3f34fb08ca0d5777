"""The canonical path (:mod:`~stategraph.graph.canonical`) read off A*'s band, once the optimum is known.

Once A* settles its first target at distance ``C``, a depth-first walk from the source trying
each state's moves in rank order meets the optimal paths in the order of their rank sequences, and
with an admissible heuristic none leaves the band ``g + h <= C``: the first to reach a target at
cost ``C`` is the canonical one (:func:`band_path`).  It cuts a prefix past the band, at a state
reached more cheaply before, or at one already found to reach no target within ``C``.  Where it
meets what it cannot judge (a zero-cost cycle, ranks not all different, a heuristic value to
check, a target nearer than ``C``) it gives ``None`` and A* completes the band, with its checks.

Where A* has met no distance twice, pruned no state and left no entry with ``f`` within ``C``,
its parents' path is the only optimal one (:func:`only_path`): every state of an optimal path was
then settled from the state before it.  A maze of corridors is so read once, not walked again.

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
    """The canonical path to a target at the optimum ``best`` and its states' distances, or ``None``
    where the walk cannot vouch for it.  ``succ``: :func:`~stategraph.graph.dicts.successors`;
    ``dist`` and ``settled``: A*'s (unchanged); ``zero``: of the exact weights (``int`` or ``Lex``)."""
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
    """Each move's ``(next state, attributes)`` in rank order; ``None`` if ranks are missing, tied or incomparable."""
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
    """The path ``parents`` (state -> ``(state before, state, attributes)``, the source's ``None``) give
    to ``target``, and its moves; ``None`` where a move has no rank (left for the canonical walk to refuse)."""
    path, moves = [target], []
    while (move := parents[path[-1]]) is not None:
        if move[2].get(rank) is None:
            return None
        moves.append(move)
        path.append(move[0])
    path.reverse()
    moves.reverse()
    return path, moves
