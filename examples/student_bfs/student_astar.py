"""A textbook A*, written the way a student would, for stategraph to run and judge.

stategraph calls it as it calls its own routines (see docs/extending/routines.md), in a process
of its own: the state graph (frozen; a mark on it stays in that process), the start, the goals,
the start's distance (``zero``) and the model's ``heuristic(state)``, a consistent lower bound
(``stategraph.INFINITY``, which equals ``math.inf``: no goal from there).  It returns the
distance of every state it reached.
"""

import heapq
import math


def astar(graph, source, targets, *, zero, weight, heuristic, **options):
    """A* by f = g + h; stops once the smallest f left is above the best goal's distance."""
    dist = {source: zero}
    done = set()
    best = None
    tie = 0  # a counter: the heap never compares two states
    heap = [(zero + heuristic(source), tie, source)]
    while heap:
        f, _, state = heapq.heappop(heap)
        if best is not None and f > best:
            break  # every state on an optimal path is settled: ties on f were not cut short
        if state in done:
            continue
        done.add(state)
        if state in targets and best is None:
            best = dist[state]
        for neighbour in graph.successors(state):
            g = dist[state] + graph[state][neighbour][weight]
            h = heuristic(neighbour)
            if h == math.inf or (neighbour in dist and not g < dist[neighbour]):
                continue
            dist[neighbour] = g
            tie += 1
            heapq.heappush(heap, (g + h, tie, neighbour))
    return dist


astar.accepts = "nonnegative"  # numbers or Lex pairs, none negative
astar.needs_heuristic = True  # only models with a heuristic
