"""What every search routine returns: distances and the statistics of the run."""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass, field


@dataclass
class SearchStats:
    """Counts a routine reports: states settled, edges relaxed, seconds spent.

    >>> SearchStats(3, 4).settled, SearchStats().detail
    (3, {})

    ``relaxed`` is ``None`` where the routine cannot observe it (networkx);
    ``detail`` holds routine-specific counts (e.g. the phases of a search).
    """

    settled: int = 0
    relaxed: int | None = 0
    seconds: float = 0.0
    detail: dict = field(default_factory=dict)


@dataclass(frozen=True)
class BreadthFirstTree:
    """What a breadth-first search that stops at the nearest target's layer knows besides the
    distances: ``parents``, each state reached with the state it was first reached from (the
    source's ``None``), in the order reached, and ``nearest``, the first target of that layer
    (``None``: no target can be reached).

    >>> tree = BreadthFirstTree({"s": None, "a": "s", "t": "a"}, "t")
    >>> tree.path()
    ['s', 'a', 't']
    """

    parents: dict
    nearest: Hashable | None

    def path(self) -> list:
        """The tree's path from the source to ``nearest`` (``nearest`` must not be ``None``)."""
        parents = self.parents
        path = [self.nearest]
        while (parent := parents[path[-1]]) is not None:
            path.append(parent)
        path.reverse()
        return path


@dataclass
class SearchResult:
    """Distances from the source.

    The rule every routine meets (built-in or your own; ``tests/test_search_rule.py`` holds
    the built-ins to it, and a routine of your own is held to it by one built-in search):

    1. every state on an optimal path (a cheapest path from the source to a target) has its
       exact distance in ``dist``;
    2. no state's distance is below its shortest distance, and a state that cannot be reached
       has none.

    So the least distance of a target is the optimum, and any other state may be missing or
    carry an upper bound.  That is all the canonical-path step needs: a tight edge
    (``dist[u] + w == dist[v]``) into a state on an optimal path comes only from another.  A
    textbook A* with a consistent heuristic meets it when it stops once the least ``g + h`` left
    is above the best target's distance (stopping at the first target popped can leave other
    optimal paths, tied on ``g + h``, unknown).  A cost-only run (``cost_only=True``, asked for
    when no path is wanted) promises less: it stops at the first target settled, whose distance
    is then the optimum.

    Attributes
    ----------
    dist : dict
        State -> distance from the source (``Lex`` for ``Lex`` weights).
    stats : SearchStats
        What the run counted.
    order : collection or None
        The states settled, in order (see below).
    tree : BreadthFirstTree or None
        ``bfs``'s breadth-first tree where asked for (``tree=True``), from which the canonical path
        is read (:func:`~stategraph.graph.canonical.canonical_from_tree`); else ``None``.
    path : list or None
        The canonical path (:mod:`~stategraph.graph.canonical`), where the routine was asked for it
        (``canonical=True``) and could vouch for it; else ``None``.  A routine that gives it
        promises only what a cost-only run does of the other distances: the canonical path's
        states have their exact distances.
    moves : list or None
        ``(u, v, attrs)`` of each move along ``path``, ``attrs`` the edge's attribute dict, where
        the routine read them on its way to the path; else ``None``.

    ``order``, where the routine can tell it, holds the states it settled, each once, in the order
    it settled them first (``len(order) == stats.settled``): the routine's own ordered set (a
    dict's keys), recorded at no extra cost; ``None`` where it cannot (networkx).

    >>> SearchResult({"s": 0, "t": 1}, SearchStats(2), order={"s": None, "t": None}.keys()).order
    dict_keys(['s', 't'])
    """

    dist: dict
    stats: SearchStats = field(default_factory=SearchStats)
    order: Collection | None = None
    tree: BreadthFirstTree | None = None
    path: list | None = None
    moves: list | None = None

    def settled_order(self) -> list:
        """The states settled, in order: ``order`` where the routine reports it, else every state
        it reached, nearest first (what networkx, which finalises every state it reaches, settles).

        >>> SearchResult({"s": 0, "b": 2, "a": 1}).settled_order()
        ['s', 'a', 'b']
        """
        if self.order is not None:
            return list(self.order)
        return sorted(self.dist, key=self.dist.__getitem__)
