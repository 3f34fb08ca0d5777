"""What every search routine returns: distances and the statistics of the run."""

from __future__ import annotations

from collections.abc import Collection
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


@dataclass
class SearchResult:
    """Distances from the source.

    Contract shared by every routine: ``dist[v]`` is exact for every state
    ``v`` whose true distance is at most ``D``, the distance of the nearest
    target; any other entry is an upper bound.  That is all the canonical-path
    step needs (a tight edge into an exact value is itself exact).  A cost-only
    run (``cost_only=True``, asked for when no path is wanted) promises less: it
    stops at the first target settled, whose distance is then ``D``, and states
    as near as ``D`` may be left with upper bounds.

    Attributes
    ----------
    dist : dict
        State -> distance from the source (``Lex`` for ``Lex`` weights).
    stats : SearchStats
        What the run counted.
    order : collection or None
        The states settled, in order (see below).

    ``order``, where the routine can tell it, holds the states it settled, each once, in the order
    it settled them first (``len(order) == stats.settled``): the routine's own ordered set (a
    dict's keys), recorded at no extra cost; ``None`` where it cannot (networkx).

    >>> SearchResult({"s": 0, "t": 1}, SearchStats(2), order={"s": None, "t": None}.keys()).order
    dict_keys(['s', 't'])
    """

    dist: dict
    stats: SearchStats = field(default_factory=SearchStats)
    order: Collection | None = None

    def settled_order(self) -> list:
        """The states settled, in order: ``order`` where the routine reports it, else every state
        it reached, nearest first (what networkx, which finalises every state it reaches, settles).

        >>> SearchResult({"s": 0, "b": 2, "a": 1}).settled_order()
        ['s', 'a', 'b']
        """
        if self.order is not None:
            return list(self.order)
        return sorted(self.dist, key=self.dist.__getitem__)
