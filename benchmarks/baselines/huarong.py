"""Baseline: Huarong Dao (NOIP 2013) the way a contest student writes it, in plain Python.

The seed's BFS precomputation + SPFA. A state is (designated piece cell, side of it where the
blank is). Once per board, for every movable cell and every pair of its sides, a BFS finds the
blank's shortest walk from one side to the other with the piece's cell blocked; moving the
piece then costs that walk + 1 (the swap), and the blank ends on the opposite side. Per query,
a BFS takes the blank to the piece's four sides (the piece blocking), then SPFA (queue-based
Bellman-Ford) over the states; the answer is the best state with the piece on the target.

Reads the contest input on stdin, prints one line per query. No networkx, no stategraph.
"""

import sys
from collections import deque

INF = float("inf")
OPPOSITE = (1, 0, 3, 2)  # N <-> S, W <-> E


def blank_walks(movable, steps, start, goals, blocked):
    """The blank's shortest walk from start to each goal (the piece cell blocked); stops early."""
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
            if movable[nxt] and nxt != blocked and nxt not in seen:
                seen[nxt] = d
                if nxt in left:
                    found[nxt] = d
                    left.discard(nxt)
                    if not left:
                        return found
                queue.append(nxt)
    return found


def main():
    data = sys.stdin.buffer.read().split()
    n, m, q = int(data[0]), int(data[1]), int(data[2])
    width = m + 2
    size = (n + 2) * width
    movable = bytearray(size)
    pos = 3
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            if data[pos] == b"1":
                movable[r * width + c] = 1
            pos += 1
    steps = (-width, width, -1, 1)

    # cost[cell * 4 + k][h]: move the piece at cell one step towards side h, the blank starting on side k
    cost = [None] * (size * 4)
    for cell in range(size):
        if not movable[cell]:
            continue
        sides = [cell + s for s in steps]
        for k in range(4):
            if not movable[sides[k]]:
                continue
            walks = blank_walks(movable, steps, sides[k], [s for s in sides if movable[s]], cell)
            cost[cell * 4 + k] = [walks[s] + 1 if s in walks else INF for s in sides]

    out = []
    for _ in range(q):
        ex, ey, sx, sy, tx, ty = (int(x) for x in data[pos:pos + 6])
        pos += 6
        blank, start, target = ex * width + ey, sx * width + sy, tx * width + ty
        if start == target:
            out.append("0")
            continue
        if not movable[start] or not movable[target]:
            out.append("-1")
            continue
        dist = [INF] * (size * 4)
        queued = bytearray(size * 4)
        queue = deque()
        walks = blank_walks(movable, steps, blank, [start + s for s in steps if movable[start + s]], start)
        for k in range(4):
            d = walks.get(start + steps[k])
            if d is not None:
                dist[start * 4 + k] = d
                queue.append(start * 4 + k)
                queued[start * 4 + k] = 1
        while queue:
            state = queue.popleft()
            queued[state] = 0
            moves = cost[state]
            base = dist[state]
            cell = state >> 2
            for h in range(4):
                nd = base + moves[h]
                nxt = (cell + steps[h]) * 4 + OPPOSITE[h]
                if nd < dist[nxt]:
                    dist[nxt] = nd
                    if not queued[nxt]:
                        queued[nxt] = 1
                        queue.append(nxt)
        best = min(dist[target * 4:target * 4 + 4])
        out.append("-1" if best == INF else str(best))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


if __name__ == "__main__":
    main()
