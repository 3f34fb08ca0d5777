"""Baseline: Pushing Boxes (POJ 1475) the way a contest student writes it, in plain Python.

The seeds' "BFS inside a BFS": a state is (box cell, direction of the last push), so the
player stands right behind the box. The outer BFS goes push layer by push layer; the inner
BFS walks the player (the box blocking the way) to the cell behind the box for the next push.
Within a layer every state keeps its fewest walks, and the layer is kept in the order of its
push letters (N < S < W < E), so the first predecessor to offer the fewest walks also gives the
smallest push sequence. Each walk between two pushes is then the smallest shortest walk
(n < s < w < e): a BFS that tries n, s, w, e in that order and keeps the first parent.

Reads the contest input on stdin, prints the exact contest output. No networkx, no stategraph.
"""

import sys
from collections import deque

PUSH = "NSWE"
WALK = "nswe"


def walk_lengths(free, steps, start, goals, blocked):
    """Shortest walk from start to each goal cell (the box cell blocked); stops when all are found."""
    left = set(goals)
    found = {}
    if start in left:
        found[start] = 0
        left.discard(start)
    if not left:
        return found
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        d = seen[cell] + 1
        for step in steps:
            nxt = cell + step
            if free[nxt] and nxt != blocked and nxt not in seen:
                seen[nxt] = d
                if nxt in left:
                    found[nxt] = d
                    left.discard(nxt)
                    if not left:
                        return found
                queue.append(nxt)
    return found


def smallest_walk(free, steps, start, end, blocked):
    """The lexicographically smallest shortest walk (n < s < w < e) from start to end."""
    if start == end:
        return ""
    parent = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for k, step in enumerate(steps):
            nxt = cell + step
            if free[nxt] and nxt != blocked and nxt not in parent:
                parent[nxt] = (cell, k)
                if nxt == end:
                    letters = []
                    while parent[nxt] is not None:
                        nxt, k = parent[nxt]
                        letters.append(WALK[k])
                    return "".join(reversed(letters))
                queue.append(nxt)
    return None


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
    start = -1  # the start state: box on B, player on S
    walks = {start: 0}
    parent = {start: None}
    layer = [start]
    goal = None
    while layer:
        best = None
        for state in layer:
            if state >= 0 and state >> 2 == target and (best is None or walks[state] < walks[best]):
                best = state
        if best is not None:
            goal = best
            break
        offers = {}  # next state -> (walks, index of the predecessor in this layer, push, predecessor)
        for index, state in enumerate(layer):
            if state == start:
                b, p = box, player
            else:
                b = state >> 2
                p = b - steps[state & 3]
            behind = [b - steps[k] for k in range(4) if free[b + steps[k]] and free[b - steps[k]]]
            lengths = walk_lengths(free, steps, p, behind, b)
            base = walks[state]
            for k in range(4):
                ahead = b + steps[k]
                w = lengths.get(b - steps[k])
                if w is None or not free[ahead]:
                    continue
                nxt = ahead * 4 + k
                if nxt in walks:
                    continue
                old = offers.get(nxt)
                if old is None or base + w < old[0]:
                    offers[nxt] = (base + w, index, k, state)
        layer = sorted(offers, key=lambda s: (offers[s][1], offers[s][2]))
        for state in layer:
            w, _, k, prev = offers[state]
            walks[state] = w
            parent[state] = (prev, k)
    if goal is None:
        return None
    pushes = []
    state = goal
    while parent[state] is not None:
        state, k = parent[state]
        pushes.append(k)
    pushes.reverse()
    moves = []
    for k in pushes:
        moves.append(smallest_walk(free, steps, player, box - steps[k], box))
        moves.append(PUSH[k])
        player, box = box, box + steps[k]
    return "".join(moves)


def main():
    tokens = sys.stdin.read().split()
    pos = 0
    out = []
    number = 0
    while True:
        rows, cols = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if rows == 0 and cols == 0:
            break
        lines = tokens[pos:pos + rows]
        pos += rows
        number += 1
        moves = solve(rows, cols, lines)
        out.append(f"Maze #{number}\n{'Impossible.' if moves is None else moves}\n\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
