"""Baseline: Abbott's Revenge (UVa 816) the way a contest student writes it, in plain Python.

The seed's BFS over (row, col, heading on arrival). The first move from the entrance is
forced, so the search starts one step away from it. Exits are tried in the order F, L, R and
each state keeps the first parent that reaches it, which gives the shortest route whose
choices are smallest under F < L < R. Signs add up (a heading listed twice, or an
intersection on two lines, allows the union of the turns); there are no grid bounds, and a
position without a sign for the arriving heading is a dead end unless it is the goal.

Reads the contest input on stdin, prints the exact contest output. No networkx, no stategraph.
"""

import sys
from collections import deque

HEADINGS = "NESW"  # clockwise
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
TURN = {"F": 0, "L": 3, "R": 1}  # clockwise quarter turns for each choice


def solve(start, heading, goal, exits):
    r0, c0 = start
    first = (r0 + DR[heading], c0 + DC[heading], heading)
    parent = {first: None}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        r, c, h = state
        if (r, c) == goal:
            route = []
            while state is not None:
                route.append((state[0], state[1]))
                state = parent[state]
            route.append(start)
            route.reverse()
            return route
        for turn in exits.get(state, ()):
            nh = (h + turn) % 4
            nxt = (r + DR[nh], c + DC[nh], nh)
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
    return None


def mazes(tokens):
    """Each maze of the input's tokens: (name, entrance, heading, goal, exits), where exits maps
    (row, col, heading on arrival) to the turns allowed, in the order F, L, R."""
    pos = 0
    while tokens[pos] != "END":
        name = tokens[pos]
        r0, c0, d, r2, c2 = tokens[pos + 1:pos + 6]
        pos += 6
        allowed = {}  # (row, col, heading) -> set of turns
        while tokens[pos] != "0":
            r, c = int(tokens[pos]), int(tokens[pos + 1])
            pos += 2
            while tokens[pos] != "*":
                sign = tokens[pos]
                allowed.setdefault((r, c, HEADINGS.index(sign[0])), set()).update(TURN[t] for t in sign[1:])
                pos += 1
            pos += 1
        pos += 1
        # try the exits in the order F, L, R
        exits = {key: [TURN[t] for t in "FLR" if TURN[t] in turns] for key, turns in allowed.items()}
        yield name, (int(r0), int(c0)), HEADINGS.index(d), (int(r2), int(c2)), exits


def main():
    out = []
    for name, start, heading, goal, exits in mazes(sys.stdin.read().split()):
        route = solve(start, heading, goal, exits)
        out.append(name + "\n")
        if route is None:
            out.append("  No Solution Possible\n")
        else:
            entries = [f"({r},{c})" for r, c in route]
            for i in range(0, len(entries), 10):
                out.append("  " + " ".join(entries[i:i + 10]) + "\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
