"""A breadth-first search written the way a student would, for stategraph to run and judge.

stategraph calls it as it calls its own routines (see docs/extending/routines.md):
it gets the state graph (a networkx.DiGraph), the start state, the set of goal states and the
distance of the start (``zero``), and returns the distance of every state it reached.
"""

from collections import deque


def bfs(graph, source, targets, *, zero, weight, heuristic, **options):
    """Plain breadth-first search: every move costs 1."""
    dist = {source: zero}
    queue = deque([source])
    while queue:
        state = queue.popleft()
        if state in targets:  # the nearest goal: every state as near as it has its distance
            break
        for neighbour in graph.successors(state):
            if neighbour not in dist:
                dist[neighbour] = dist[state] + 1
                queue.append(neighbour)
    return dist


bfs.accepts = "unit"  # every move must cost 1: stategraph refuses it politely elsewhere
