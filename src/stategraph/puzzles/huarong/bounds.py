"""Consistent lower bounds on the moves a Huarong Dao piece still needs, for A*.

The bound is the exact distance in a relaxation of the board graph, the
*open board*: the piece may stand anywhere, and a rotation costs what it
costs with nothing round the piece, 2 to a perpendicular side and 4 to the
opposite one.  Every real edge is in it at a cost no greater than the real
one (a walk round the piece is at least that long), so its distances are a
consistent heuristic.  They depend only on the piece's offset from the
target and the blank's side: one table per board size serves every query.
It knows that a straight run costs 5 moves a cell and a staircase 3, which
a bound from the piece's walk distance alone (3 a cell) does not: on the
benchmark's open 100 x 100 board A* settles 2,070 states a query with it
against 5,314 with that one (both settling every optimal path).

On boards whose fixed cells make the piece wind, :class:`Bounds` adds
landmark distances once a board's queries have done enough work to pay for
them.  A state in another component of the board graph than every target
state can never reach one: it gets ``None`` (pruned).  Besides the obvious
(another region of movable cells), that covers a piece that cannot pass a
corridor one cell wide (the blank cannot get round it), so such a query's
-1 costs no search.

>>> from stategraph.grid import EAST, WEST
>>> table = open_board_table(1, 3)  # offsets (0, -2) .. (0, 2): 5 cells of 4 sides
>>> [table[(0 * 5 + 2 + 2) * 4 + side] for side in (WEST, EAST)]  # the piece 2 cells east of the target
[6, 10]
"""

from __future__ import annotations

from functools import lru_cache

from ...graph_dicts import predecessors, successors
from ...grid import DELTAS, DIRECTIONS, OPPOSITE, Grid
from ...search.dijkstra import dijkstra

# Landmarks kept per board, once its queries have done the work of about as many whole searches.
LANDMARKS = 2
NEVER = float("inf")  # landmarks_after on a board without fixed cells


@lru_cache(maxsize=4)
def open_board_table(rows: int, cols: int) -> tuple:
    """Moves left on an open ``rows`` x ``cols`` board, indexed by ``offset_key`` difference + side.

    The entry for a piece ``(dr, dc)`` away from the target with the blank on
    ``side`` is at ``((dr + rows - 1) * (2 * cols - 1) + dc + cols - 1) * 4 + side``.
    Computed by one backward search from the target (costs 1, 2 and 4: a bucket
    queue), over every offset a piece on the board can have.
    """
    width = 2 * cols - 1
    size = (2 * rows - 1) * width * 4
    unknown = size * 5 + 8
    dist = [unknown] * size
    row_step, col_step = width * 4, 4
    shift = [dr * row_step + dc * col_step for dr, dc in DELTAS]
    # Offsets bounded by the board: whether a swap into a state may come from one cell further on.
    row_of = [index // row_step - (rows - 1) for index in range(0, size, 4)]
    col_of = [(index % row_step) // 4 - (cols - 1) for index in range(0, size, 4)]
    centre = ((rows - 1) * width + cols - 1) * 4
    buckets: list[list[int]] = [[centre + side for side in DIRECTIONS]]
    for state in buckets[0]:
        dist[state] = 0
    rotations = [[(t, 2 if OPPOSITE[s] != t else 4) for t in DIRECTIONS if t != s] for s in DIRECTIONS]
    cost = 0
    while cost < len(buckets):
        for state in buckets[cost]:
            if dist[state] != cost:
                continue
            cell, side = state - state % 4, state % 4
            found = []
            for other, walk in rotations[side]:
                found.append((cell + other, cost + walk))
            # The piece got here by a swap in direction s = OPPOSITE[side]: it came from cell - s.
            came = OPPOSITE[side]
            dr, dc = DELTAS[came]
            here = cell // 4
            if -(rows - 1) <= row_of[here] - dr <= rows - 1 and -(cols - 1) <= col_of[here] - dc <= cols - 1:
                found.append((cell - shift[came] + came, cost + 1))
            for before, total in found:
                if total < dist[before]:
                    dist[before] = total
                    while len(buckets) <= total:
                        buckets.append([])
                    buckets[total].append(before)
        buckets[cost] = []
        cost += 1
    return tuple(dist)


def offset_keys(grid: Grid) -> list:
    """Per cell index, ``((row * (2 * cols - 1)) + col) * 4``: the difference of two cells' keys
    plus the table's centre is their offset's entry in :func:`open_board_table`."""
    cached = grid.__dict__.get("_offset_keys")
    if cached is None:
        width = 2 * grid.cols - 1
        cached = [(row * width + col) * 4 for row, col in map(grid.position, range(len(grid.open)))]
        object.__setattr__(grid, "_offset_keys", cached)  # a cache, not a field
    return cached


def state_components(graph, cells: int) -> list:
    """Per ``piece * 4 + side``, the number of the board graph's component holding that state
    (``-1``: no such state).  Edges are followed both ways: every move can be undone."""
    succ: dict = successors(graph)
    pred: dict = predecessors(graph)
    labels = [-1] * (cells * 4)
    for seed in graph:
        if seed.__class__ is str or labels[seed[0] * 4 + seed[1]] >= 0:
            continue
        number = seed[0] * 4 + seed[1]
        labels[number] = number
        stack = [seed]
        while stack:
            state = stack.pop()
            for other in (*succ[state], *pred[state]):
                if other.__class__ is not str and labels[other[0] * 4 + other[1]] < 0:
                    labels[other[0] * 4 + other[1]] = number
                    stack.append(other)
    return labels


def landmark_distances(graph, components: list, cells: int, count: int) -> list:
    """Exact distances from ``count`` landmark states to every state of the board graph's largest
    component, one list per landmark indexed by ``piece * 4 + side`` (``None`` elsewhere).

    The landmarks are spread out: the first is the state farthest from one state of the
    component, each next the state farthest from the landmarks already chosen.  Every move can
    be undone at the same cost, so a distance *from* a landmark is also one *to* it.
    """
    sizes: dict[int, int] = {}
    for label in components:
        if label >= 0:
            sizes[label] = sizes.get(label, 0) + 1
    if not sizes:
        return []
    largest = max(sizes, key=sizes.__getitem__)
    members = [key for key, label in enumerate(components) if label == largest]
    source = divmod(members[0], 4)
    nearest = _distances_from(graph, source, cells)
    fields = []
    for _ in range(count):
        farthest = max(members, key=nearest.__getitem__)
        field = _distances_from(graph, divmod(farthest, 4), cells)
        fields.append(field)
        nearest = field if len(fields) == 1 else [a if b is None or (a is not None and a < b) else b
                                                  for a, b in zip(nearest, field)]
    return fields


def _distances_from(graph, source: tuple, cells: int) -> list:
    """Dijkstra from ``source`` over the board graph's states, indexed by ``piece * 4 + side``."""
    dist: list[int | None] = [None] * (cells * 4)
    for (piece, side), here in dijkstra(graph, source, (), stop_at_target=False).dist.items():
        dist[piece * 4 + side] = here
    return dist


class Bounds:
    """The A* bound of one board's queries (:meth:`for_target`): the open-board table, pruned by
    component, and, once the queries have evaluated it about as often as finding landmarks
    costs (``landmarks_after`` evaluations), also the landmark bound: for a landmark ``L``,
    ``|d(L, u) - d(L, T)|`` never exceeds ``d(u, T)`` (the triangle inequality), and it knows
    the fixed cells, which the open board does not.  On a board whose rows of fixed cells make
    the piece wind from end to end, A* then settles about 12 times fewer states.  A board with
    no fixed cell never gets landmarks (by default): there they settle not one state fewer
    (1000 queries on an open 100 x 100 board: 136,214 states with them and without).
    """

    def __init__(self, grid: Grid, graph, landmarks_after: float | None = None):
        self.grid, self.graph = grid, graph
        self.components = state_components(graph, len(grid.open))
        self.landmarks: list = []
        self.evaluations = 0
        if landmarks_after is None:
            fixed = sum(grid.open) < grid.rows * grid.cols
            landmarks_after = (LANDMARKS + 1) * len(graph) if fixed else NEVER
        self.landmarks_after = landmarks_after
        self._tally = [0]

    def for_target(self, target: int):
        """The heuristic of the queries whose piece must reach ``target``."""
        self.evaluations += self._tally[0]
        self._tally = tally = [0]
        if not self.landmarks and self.evaluations >= self.landmarks_after:
            self.landmarks = landmark_distances(self.graph, self.components, len(self.grid.open), LANDMARKS)
        grid, components = self.grid, self.components
        table = open_board_table(grid.rows, grid.cols)
        keys = offset_keys(grid)
        homes = {components[target * 4 + side] for side in DIRECTIONS} - {-1}
        base = ((grid.rows - 1) * (2 * grid.cols - 1) + grid.cols - 1) * 4 - keys[target]
        bands = []
        for field in self.landmarks:
            known = [field[target * 4 + side] for side in DIRECTIONS if field[target * 4 + side] is not None]
            if known:
                bands.append((field, min(known), max(known)))

        def heuristic(state):
            if state.__class__ is str:
                return 0
            piece, side = state
            index = piece * 4 + side
            if components[index] not in homes:
                return None
            tally[0] += 1
            bound = table[base + keys[piece] + side]
            for field, low, high in bands:
                here = field[index]  # None: another component (a target's sides may lie in two)
                if here is not None:
                    further = here - high if here > high else low - here
                    if further > bound:
                        bound = further
            return bound

        return heuristic
