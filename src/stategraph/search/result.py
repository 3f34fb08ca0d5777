"""What every search routine returns: distances and the statistics of the run."""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass, field


@dataclass
class SearchStats:
    """Counts a routine reports: states settled, edges relaxed (``None``: not observed), seconds
    spent, and its own counts in ``detail``.

    >>> SearchStats(3, 4).settled, SearchStats().detail
    (3, {})
    """

    settled: int = 0
    relaxed: int | None = 0
    seconds: float = 0.0
    detail: dict = field(default_factory=dict)


@dataclass(frozen=True)
class BreadthFirstTree:
    """A breadth-first search's tree: ``parents``, each state reached -> the state it was first
    reached from (the source's ``None``), in the order reached, and ``nearest``, the first target
    met (``None``: none can be reached).

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

    The rule every routine meets (a routine of your own is held to it by one built-in search):

    1. every state on an optimal path (a cheapest path from the source to a target) has its
       exact distance in ``dist``;
    2. no state's distance is below its shortest distance, and a state that cannot be reached
       has none.

    So the least distance of a target is the optimum, and any other state may be missing or
    carry an upper bound: all the canonical-path step needs.  (A textbook A* meets it if it stops
    once the least ``g + h`` left is above the best target's, not at the first target popped.)  A
    cost-only run (``cost_only=True``) promises only the optimum.

    Attributes
    ----------
    dist : dict
        State -> distance from the source (``Lex`` for ``Lex`` weights).
    stats : SearchStats
        What the run counted.
    order : collection or None
        The states settled, each once, in the order first settled (``len(order) ==
        stats.settled``); ``None`` where the routine cannot tell (networkx).
    tree : BreadthFirstTree or None
        ``bfs``'s breadth-first tree where asked for (``tree=True``); else ``None``.
    path : list or None
        The canonical path where asked for (``canonical=True``) and vouched for; else ``None``.
        Of the other distances, only the path's are then exact.
    moves : list or None
        ``(u, v, attrs)`` of each move along ``path``, where the routine read them; else ``None``.

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
        """The states settled, in order: ``order``, else every state reached, nearest first (as networkx settles).

        >>> SearchResult({"s": 0, "b": 2, "a": 1}).settled_order()
        ['s', 'a', 'b']
        """
        if self.order is not None:
            return list(self.order)
        return sorted(self.dist, key=self.dist.__getitem__)
