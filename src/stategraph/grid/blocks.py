"""The biconnected components (blocks) of a grid's open cells, by Tarjan's algorithm.

Two open neighbours ``a`` and ``b`` of an open cell ``x`` are joined by a walk avoiding ``x``
exactly when the edges ``x-a`` and ``x-b`` lie in the same block, and every such walk (a shortest
one included) stays inside that block: what :mod:`stategraph.grid.side_walks` prices its walks with.
"""

from __future__ import annotations

from .cells import OPPOSITE, Grid


def edge_blocks(grid: Grid) -> list:
    """The block of every edge between open cells, indexed by ``cell * 4 + direction`` (-1 where
    there is none), by an iterative Hopcroft-Tarjan depth-first search.

    >>> g = Grid.from_rows(["...", ".#.", "...", "#.#"], ".")
    >>> b = edge_blocks(g)
    >>> from stategraph.grid.cells import EAST, NORTH, SOUTH, WEST
    >>> ring, stem = b[g.cell(1, 1) * 4 + EAST], b[g.cell(3, 2) * 4 + SOUTH]
    >>> ring == b[g.cell(3, 2) * 4 + WEST], ring != stem, stem == b[g.cell(4, 2) * 4 + NORTH]
    (True, True, True)
    """
    free = grid.open
    n = len(free)
    step = grid.step
    disc = [0] * n
    low = [0] * n
    blocks = [-1] * (4 * n)
    count = 0
    clock = 0
    for root in range(n):
        if not free[root] or disc[root]:
            continue
        clock += 1
        disc[root] = low[root] = clock
        dfs = [[root, -1, 0]]  # cell, parent, next direction to try
        edges: list = []  # (cell, direction) of the tree and back edges not yet in a block
        while dfs:
            top = dfs[-1]
            u, d = top[0], top[2]
            if d < 4:
                top[2] = d + 1
                v = u + step[d]
                if not (0 <= v < n) or not free[v] or v == top[1]:
                    continue
                if not disc[v]:
                    edges.append((u, d))
                    clock += 1
                    disc[v] = low[v] = clock
                    dfs.append([v, u, 0])
                elif disc[v] < disc[u]:  # a back edge to an ancestor
                    edges.append((u, d))
                    if disc[v] < low[u]:
                        low[u] = disc[v]
                continue
            dfs.pop()
            if not dfs:
                continue
            p = dfs[-1][0]
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:  # p separates u's subtree: its edges form a block
                while True:
                    x, dx = edges.pop()
                    y = x + step[dx]
                    blocks[x * 4 + dx] = blocks[y * 4 + OPPOSITE[dx]] = count
                    if x == p and y == u:
                        break
                count += 1
    return blocks
