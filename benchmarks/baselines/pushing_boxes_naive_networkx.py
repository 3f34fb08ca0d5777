"""Timing baseline: the naive networkx model of Pushing Boxes (POJ 1475).

A state is (box cell, player cell). A walk (the player steps onto a free cell that is not the
box) is an edge of weight 1; a push (the player steps onto the box, the box moves one cell
further) is an edge of weight BIG, where BIG exceeds the walks of any simple path (the number
of states), so the scalar weight pushes * BIG + walks orders exactly as (pushes, walks). The
whole reachable graph is built as a networkx.DiGraph, the states with the box on the target are
joined to one sink by 0-weight edges, and networkx's Dijkstra finds the optimum.

It prints, per maze, ``Maze #k`` and then ``<pushes> <walks>`` of an optimal solution (or
``Impossible.``), and a blank line. It does NOT print the move string, let alone the canonical
one: it is a timing baseline for the size of the naive model, not a solver of the contest.
"""

import sys
from collections import deque

import networkx as nx


def solve(rows, cols, lines):
    width = cols + 2
    free = bytearray((rows + 2) * width)
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            cell = (r + 1) * width + c + 1
            if ch != "#":
                free[cell] = 1
            if ch == "S":
                player = cell
            elif ch == "B":
                box = cell
            elif ch == "T":
                target = cell
    steps = (-width, width, -1, 1)
    start = (box, player)
    walks, pushes = [], []
    seen = {start}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        b, p = state
        if b == target:
            continue  # the box is home: nothing to explore from here
        for step in steps:
            q = p + step
            if not free[q]:
                continue
            if q == b:
                ahead = b + step
                if not free[ahead]:
                    continue
                nxt = (ahead, b)
                pushes.append((state, nxt))
            else:
                nxt = (b, q)
                walks.append((state, nxt))
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    big = len(seen) + 1
    graph = nx.DiGraph()
    graph.add_node(start)
    graph.add_edges_from(walks, weight=1)
    graph.add_edges_from(pushes, weight=big)
    sink = "sink"
    graph.add_edges_from(((s, sink) for s in seen if s[0] == target), weight=0)
    if sink not in graph:
        return None
    try:
        cost = nx.dijkstra_path_length(graph, start, sink)
    except nx.NetworkXNoPath:
        return None
    return divmod(cost, big)


def main():
    tokens = sys.stdin.read().split()
    pos = 0
    number = 0
    while True:
        rows, cols = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if rows == 0 and cols == 0:
            break
        lines = tokens[pos:pos + rows]
        pos += rows
        number += 1
        cost = solve(rows, cols, lines)
        sys.stdout.write(f"Maze #{number}\n{'Impossible.' if cost is None else '%d %d' % cost}\n\n")


if __name__ == "__main__":
    main()
