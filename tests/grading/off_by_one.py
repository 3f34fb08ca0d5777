"""A search routine that is off by one: a planted wrong routine for ``stategraph grade --routine``.

A textbook Dijkstra, except that the first move out of the start is counted twice (the student
added the weight once when pushing the start's neighbours and once more when settling them).
"""

from heapq import heappop, heappush
from itertools import count


def first_move_twice(graph, source, targets, *, zero, weight, heuristic, **options):
    """Dijkstra whose distances past the start's neighbours are one first move too long."""
    dist, done, tie = {source: zero}, set(), count()
    heap = [(zero, next(tie), source)]
    while heap:
        d, _, state = heappop(heap)
        if state in done:
            continue
        done.add(state)
        if state in targets:
            break
        for neighbour in graph.successors(state):
            step = graph[state][neighbour][weight]
            far = d + step + step if state == source else d + step  # the slip: the first move counted twice
            if neighbour not in dist or far < dist[neighbour]:
                dist[neighbour] = far
                heappush(heap, (far, next(tie), neighbour))
    return dist


first_move_twice.accepts = "nonnegative"


def dijkstra(graph, source, targets, *, zero, weight, heuristic, **options):
    """The same Dijkstra without the slip: it agrees with the built-ins."""
    dist, done, tie = {source: zero}, set(), count()
    heap = [(zero, next(tie), source)]
    while heap:
        d, _, state = heappop(heap)
        if state in done:
            continue
        done.add(state)
        if state in targets:
            break
        for neighbour in graph.successors(state):
            far = d + graph[state][neighbour][weight]
            if neighbour not in dist or far < dist[neighbour]:
                dist[neighbour] = far
                heappush(heap, (far, next(tie), neighbour))
    return dist


dijkstra.accepts = "nonnegative"
