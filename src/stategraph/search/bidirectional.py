"""Bidirectional Dijkstra: a forward and a backward search that meet in the middle.

Two Dijkstra searches (:mod:`~stategraph.search.dijkstra`), one from the source along the moves
and one from the targets against them (I. Pohl, "Bi-directional Search", *Machine Intelligence*
6, 1971), each step taken by the side whose nearest open state is nearer::

    mu <- infinity   (the cheapest source-to-target path seen so far)
    while both sides have open states and top(forward) + top(backward) <= mu:
        settle the nearer side's nearest state u
        relax each move out of u on its side; where it reaches a state v the other side
            has reached, mu <- min(mu, dist(u) + w + other_dist(v))

Then ``mu`` is the optimal cost.  The canonical path needs exact forward distances along every
optimal path, so beside the meeting an A* sweep forward uses the backward distances as its
heuristic (a consistent lower bound; with floats, up to the rounding A* forgives).
"""

from __future__ import annotations

from collections.abc import Mapping
from heapq import heappop, heappush
from itertools import count
from time import perf_counter
from typing import NamedTuple

from ..graph.dicts import predecessors, successors
from ..graph.weights import INFINITY
from .astar import astar
from .result import SearchResult, SearchStats


def bidirectional_dijkstra(graph, source, targets, *, zero=0, weight="weight", heuristic=None):
    """Distances from ``source`` found by a two-ended search.

    Parameters
    ----------
    graph, source, targets, zero, weight, heuristic
        As every routine takes them (:mod:`stategraph.search`); the backward distances, not
        ``heuristic``, guide the sweep.

    Returns
    -------
    SearchResult
        Distances exact along every optimal path (the sweep's); ``stats.detail`` gives each phase's counts.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_weighted_edges_from([("s", "a", 1), ("a", "b", 1), ("b", "t", 1), ("s", "t", 4)])
    >>> bidirectional_dijkstra(g, "s", {"t"}).dist["t"]
    3
    """
    start = perf_counter()
    tie = count()
    forward = _Side(successors(graph), {source: zero}, set(), [(zero, next(tie), source)])
    backward = _Side(predecessors(graph), {t: zero for t in targets}, set(), [(zero, next(tie), t) for t in targets])
    mu = None  # the cheapest source-to-target path seen so far
    relaxed = 0
    first = {}  # an ordered dict used as a set: every state settled by either side, the first time
    # what a step of either side reads: its moves, distances, settled states and heap, and the other's distances
    forward_step, backward_step = (*forward, backward.dist), (*backward, forward.dist)
    forward_heap, backward_heap = forward.heap, backward.heap
    while forward_heap and backward_heap:
        top_f, top_b = forward_heap[0][0], backward_heap[0][0]
        if mu is not None and mu < top_f + top_b:
            break  # no path through an open state beats mu
        adjacency, dist, settled, heap, other_dist = forward_step if not top_b < top_f else backward_step
        d, _, u = heappop(heap)
        if u in settled:
            continue
        settled.add(u)
        first[u] = None
        edges = adjacency[u]
        relaxed += len(edges)
        for v, attrs in edges.items():
            nd = d + attrs[weight]
            old = dist.get(v)
            if v not in settled and (old is None or nd < old):
                dist[v] = nd
                heappush(heap, (nd, next(tie), v))
            if v in other_dist:  # a path through v
                through = nd + other_dist[v]
                if mu is None or through < mu:
                    mu = through
    if source in targets:
        mu = zero
    meeting = SearchStats(len(forward.settled) + len(backward.settled), relaxed)
    swept = {}
    if mu is None:
        result = SearchResult(forward.dist)
    else:
        result = astar(graph, source, targets, zero=zero, weight=weight, heuristic=_remaining(backward), settled=swept)
    detail = {"meeting_settled": meeting.settled, "meeting_relaxed": meeting.relaxed,
              "sweep_settled": result.stats.settled, "sweep_relaxed": result.stats.relaxed}
    first.update(swept)  # the sweep's new states after the meeting's (a dict keeps each key's first place)
    stats = SearchStats(len(first), meeting.relaxed + result.stats.relaxed, perf_counter() - start, detail)
    return SearchResult(result.dist, stats, first.keys())


class _Side(NamedTuple):
    """One end of the search."""

    adjacency: Mapping
    dist: dict
    settled: set
    heap: list


def _remaining(backward: _Side):
    """The sweep's heuristic: a state's backward distance where settled, else the least left open (or ``INFINITY``)."""
    frontier = backward.heap[0][0] if backward.heap else INFINITY
    settled, dist = backward.settled, backward.dist
    return lambda state: dist[state] if state in settled else frontier
