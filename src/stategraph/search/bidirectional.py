"""Bidirectional Dijkstra: a forward and a backward search that meet in the middle.

Two Dijkstra searches (:mod:`~stategraph.search.dijkstra`), one from the source along the moves
and one from the targets against them (I. Pohl, "Bi-directional Search", *Machine Intelligence*
6, 1971), each step taken by the side whose nearest open state is nearer::

    mu <- infinity   (the cheapest source-to-target path seen so far)
    while both sides have open states and top(forward) + top(backward) <= mu:
        settle the nearer side's nearest state u
        relax each move out of u on its side; where it reaches a state v the other side
            has reached, mu <- min(mu, dist(u) + w + other_dist(v))

Once the two nearest open states are farther apart than ``mu``, ``mu`` is the optimal cost.
The canonical-path step needs exact forward distances along *every* optimal path, so beside the
meeting a second, cheap phase sweeps forward with A*, using the backward distances as its
heuristic (exact where the backward search settled a state, its frontier value elsewhere: a
consistent lower bound).  With float weights the backward sums are added in the other order
than the forward ones, so they are a bound only up to rounding: the sweep forgives it (see
:func:`~stategraph.search.astar.astar`), and its distances are the forward float sums every
other routine computes, so float ties are broken alike.  ``stats.settled`` counts the distinct states
settled by either phase (``order``: each the first time either side or the sweep settled it);
``stats.detail`` reports each phase.
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
    graph : networkx.DiGraph
        The state graph; each edge's weight is in its ``weight`` attribute.
    source : hashable
        The start state.
    targets : collection
        The goal states.
    zero : number or Lex, optional
        The zero of the weights' type (``StateGraph.zero``).
    weight : str, optional
        The edge attribute holding the weight.
    heuristic : callable, optional
        Ignored: the backward search's distances are the sweep's heuristic.

    Returns
    -------
    SearchResult
        Distances exact along every optimal path (those of the A* sweep; the meeting's when no
        target is reachable); ``stats.detail`` gives each phase's counts.

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
    """One end of the search: the moves it follows, its distances, its settled states, its heap."""

    adjacency: Mapping
    dist: dict
    settled: set
    heap: list


def _remaining(backward: _Side):
    """The sweep's heuristic: the backward distance where the backward search settled the state,
    else the least distance it had left open (``INFINITY`` where it left none: no target from there)."""
    frontier = backward.heap[0][0] if backward.heap else INFINITY
    settled, dist = backward.settled, backward.dist
    return lambda state: dist[state] if state in settled else frontier
