"""Consistent lower bounds on the moves a Huarong Dao piece still needs, for A*.

The bound is the exact distance in a relaxation, the *open board*: no fixed cell, so a rotation
costs 2 to a perpendicular side and 4 to the opposite one, never more than the real walk.  It
depends only on the piece's offset from the target and the blank's side: one table per board
size.  On boards with fixed cells :class:`Bounds` adds landmark distances (ALT: Goldberg and
Harrelson, 2005), and a state in no target's component gets ``INFINITY``.

>>> from stategraph.grid.cells import EAST, WEST
>>> table = open_board_table(1, 3)  # offsets (0, -2) .. (0, 2): 5 cells of 4 sides
>>> [table[(0 * 5 + 2 + 2) * 4 + side] for side in (WEST, EAST)]  # the piece 2 cells east of the target
[6, 10]
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import islice

from ...graph.dicts import collector_paused, predecessors, successors
from ...graph.weights import INFINITY
from ...grid.cells import DIRECTIONS, EAST, NORTH, OPPOSITE, SOUTH, WEST, Grid

LANDMARKS = 24  # found per board with fixed cells, BATCH at a time as its queries evaluate the bound
BATCH = 2
JUDGED = 10  # queries that judge the newest batch before the next comes
BATCHES_PER_GRAPH = 4  # batches the queries' evaluations pay for, per board graph's worth of them
ACTIVE = 4  # landmarks a query's bound consults: those that bound its start highest
WRITTEN_OUT = 4  # landmarks :func:`_written_out_bound` consults, no loop
NEVER = float("inf")  # landmarks_after on a board without fixed cells


@lru_cache(maxsize=4)
def open_board_table(rows: int, cols: int) -> tuple:
    """Moves left on an open ``rows`` x ``cols`` board for a piece ``(dr, dc)`` from the target
    with the blank on ``side``: at ``((dr + rows - 1) * (2 * cols - 1) + dc + cols - 1) * 4 + side``.
    A step costs 3 after a turn, 5 straight on; the most turns come from alternating.
    """
    rotation = [[0 if side == way else 4 if OPPOSITE[side] == way else 2 for side in DIRECTIONS]
                for way in DIRECTIONS]  # rotation[way][side]: the blank from side round to way
    # The blank's first rotation, per vertical and horizontal way and side: to whichever way
    # leaves the most turns (the first step of the more numerous kind has 2 to spare).
    first = {(up, across, ahead): [min(u + (2 if ahead < 0 else 0), a + (2 if ahead > 0 else 0))
                                   for u, a in zip(rotation[up], rotation[across])]
             for up in (NORTH, SOUTH) for across in (WEST, EAST) for ahead in (-1, 0, 1)}
    table: list[int] = []
    extend = table.extend
    for dr in range(1 - rows, rows):
        up = abs(dr)
        vertical = NORTH if dr > 0 else SOUTH
        for dc in range(1 - cols, cols):
            across = abs(dc)
            horizontal = WEST if dc > 0 else EAST
            if not across:
                if not up:
                    extend((0, 0, 0, 0))  # on the target
                    continue
                rotations = rotation[vertical]
            elif not up:
                rotations = rotation[horizontal]
            else:
                rotations = first[vertical, horizontal, (up > across) - (up < across)]
            moves = 5 * (up + across) - 4  # the steps, every one after the first straight on
            if up and across:  # alternating, starting with the more numerous kind: 2 turns per step of the other
                moves -= 4 * min(up, across) - (2 if up == across else 0)
            extend((moves + rotations[0], moves + rotations[1], moves + rotations[2], moves + rotations[3]))
    return tuple(table)


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


def landmark_fields(graph, components: list, cells: int):
    """Yield, one landmark at a time, the distances from it to every state of the largest
    component (indexed by ``piece * 4 + side``, ``None`` elsewhere); each landmark is the state
    farthest from those before.  Moves can be undone at the same cost, so from is also to."""
    sizes: dict[int, int] = {}
    for label in components:
        if label >= 0:
            sizes[label] = sizes.get(label, 0) + 1
    if not sizes:
        return
    largest = max(sizes, key=sizes.__getitem__)
    members = [key for key, label in enumerate(components) if label == largest]
    moves = _moves_by_index(graph, cells)
    nearest = _distances_from(moves, members[0])
    first = True
    while True:
        farthest = max(members, key=nearest.__getitem__)
        field = _distances_from(moves, farthest)
        yield field
        nearest = field if first else [a if b is None or (a is not None and a < b) else b
                                       for a, b in zip(nearest, field)]
        first = False


def _moves_by_index(graph, cells: int) -> tuple[list, list]:
    """Per ``piece * 4 + side``: the next state's index by its one move of weight 1 (the swap;
    ``-1``: none, or more than one), and the ``(next state's index, weight)`` of its other moves."""
    swaps = [-1] * (cells * 4)
    turns: list = [()] * (cells * 4)
    succ: dict = successors(graph)
    for (piece, side), edges in succ.items():
        index = piece * 4 + side
        moves = [(v[0] * 4 + v[1], attrs["weight"]) for v, attrs in edges.items()]
        ones = [v for v, weight in moves if weight == 1]
        if len(ones) == 1:
            swaps[index] = ones[0]
            moves = [move for move in moves if move[1] != 1]
        turns[index] = moves
    return swaps, turns


def _distances_from(moves: tuple[list, list], source: int) -> list:
    """Dijkstra from the state ``source`` over ``moves`` (:func:`_moves_by_index`; small integer
    weights: a bucket per distance, the next one at hand for the swaps), indexed like it, ``None``
    where no move leads."""
    swaps, turns = moves
    dist: list = [None] * len(swaps)  # (None, not a large int: only ints below 2**30 compare fast)
    dist[source] = 0
    buckets: list = [[source], []]
    size, here, last = 2, 0, 0  # last: the farthest bucket filled
    while here <= last:
        after = here + 1
        if after + 1 == size:
            buckets.append([])
            size += 1
        following = buckets[after]
        for u in buckets[here]:
            if dist[u] != here:
                continue  # met again, nearer, since it came here
            v = swaps[u]
            if v >= 0:
                known = dist[v]
                if known is None or after < known:
                    dist[v] = after
                    following.append(v)
                    if after > last:
                        last = after
            for v, weight in turns[u]:
                total = here + weight
                known = dist[v]
                if known is None or total < known:
                    dist[v] = total
                    if total >= size:
                        buckets.extend([] for _ in range(total + 1 - size))
                        size = total + 1
                    buckets[total].append(v)
                    if total > last:
                        last = total
        buckets[here] = None
        here += 1
    return dist


class Bounds:
    """The A* bound of one board's queries (:meth:`for_target`): the open-board table, pruned by
    component, and after ``landmarks_after`` evaluations the landmark bound ``|d(L, u) - d(L, T)|``
    (the triangle inequality).  Up to ``LANDMARKS`` are found, a batch at a time while the newest
    earn their place; a query consults the ``ACTIVE`` that bound its start highest.  A board with
    no fixed cell gets none: there they save nothing.
    """

    def __init__(self, grid: Grid, graph, landmarks_after: float | None = None):
        self.grid, self.graph = grid, graph
        self.components = state_components(graph, len(grid.open))
        self.landmarks: list = []
        self.evaluations = 0  # counted until every landmark has come
        if landmarks_after is None:
            fixed = sum(grid.open) < grid.rows * grid.cols
            # the search's cost, about, of the first batch's three Dijkstras (a seed and two landmarks)
            landmarks_after = len(graph) // 2 if fixed else NEVER
        self.landmarks_after = landmarks_after
        self._fields: Iterator[list] | None = None  # the landmarks to come (landmark_fields)
        self._tally = [0]
        self._stopped = False  # the newest landmarks were not worth finding more
        self._tried = self._won = 0  # queries since the newest batch; those it bound highest
        self._zeros: tuple | None = None  # a band that bounds nothing (padded)

    def _find_landmarks(self) -> None:
        """Add a batch of ``BATCH`` landmarks once there were ``landmarks_after`` evaluations, one
        more for each further quarter of the board graph's states (as long a time finding landmarks
        as searching, about, while they come), as long as the newest batch was
        among those consulted in at least a quarter of its share (``BATCH * ACTIVE`` in the number
        of landmarks) of the ``JUDGED`` or more queries since it came."""
        if self._stopped or self.evaluations < self.landmarks_after or len(self.landmarks) >= LANDMARKS:
            return
        more = BATCHES_PER_GRAPH * (self.evaluations - self.landmarks_after) // max(len(self.graph), 1)
        if len(self.landmarks) >= BATCH * (1 + more):
            return
        if len(self.landmarks) > BATCH:
            if self._tried < JUDGED:
                return
            if 4 * self._won * len(self.landmarks) < self._tried * BATCH * ACTIVE:
                self._stopped = True
                self._fields = None  # (it holds a copy of the board's moves)
                return
        if self._fields is None:
            self._fields = landmark_fields(self.graph, self.components, len(self.grid.open))
        with collector_paused():  # many small tuples and lists, no garbage cycles
            self.landmarks.extend(islice(self._fields, BATCH))
        if len(self.landmarks) >= LANDMARKS:
            self._fields = None
        self._tried = self._won = 0

    def padded(self, bands: list) -> list:
        """``bands`` and as many bands of a field of zeros as make ``WRITTEN_OUT``."""
        if len(bands) < WRITTEN_OUT and self._zeros is None:
            self._zeros = ([0] * len(bands[0][0]), 0, 0)
        return [*bands, *[self._zeros] * (WRITTEN_OUT - len(bands))]

    def _consulted(self, bands: list, newest: list, starts) -> list:
        """The ``ACTIVE`` bands that bound ``starts`` highest; counts whether the newest batch
        (``newest``: per band) displaced an older one from them."""
        scores = [_start_bound(band, starts) for band in bands]
        if len(self.landmarks) > BATCH:
            older = sorted((score for score, new in zip(scores, newest) if not new), reverse=True)
            self._tried += 1
            self._won += max((score for score, new in zip(scores, newest) if new), default=-1) > (
                older[ACTIVE - 1] if len(older) >= ACTIVE else -1)
        order = sorted(range(len(bands)), key=lambda number: -scores[number])
        return [bands[number] for number in order[:ACTIVE]]

    def for_target(self, target: int, starts=None):
        """The heuristic of the queries whose piece must reach ``target``.  ``starts``, the states
        (``piece * 4 + side``) a query's search starts from, if known: states in other components
        are then never reached, and with landmarks, those that bound the starts highest are the
        ones consulted."""
        self.evaluations += self._tally[0]
        self._tally = [0]
        self._find_landmarks()
        grid, components = self.grid, self.components
        table = open_board_table(grid.rows, grid.cols)
        keys = offset_keys(grid)
        homes = {components[target * 4 + side] for side in DIRECTIONS} - {-1}
        base = ((grid.rows - 1) * (2 * grid.cols - 1) + grid.cols - 1) * 4 - keys[target]
        bands, newest = [], []
        for number, field in enumerate(self.landmarks):
            known = [field[target * 4 + side] for side in DIRECTIONS if field[target * 4 + side] is not None]
            if known:
                bands.append((field, min(known), max(known)))
                newest.append(number >= len(self.landmarks) - BATCH)
        if len(bands) > 1 and starts:
            bands = self._consulted(bands, newest, starts)
        counting = not self._stopped and len(self.landmarks) < LANDMARKS and self.landmarks_after != NEVER
        tally = self._tally if counting else None
        if not bands:
            bound = _open_bound(table, base, keys, tally)
        elif len(bands) <= WRITTEN_OUT and len(homes) == 1:  # the target's one component, the largest: the
            bound = _written_out_bound(table, base, keys, self.padded(bands), tally)  # fields cover it
        else:
            bound = _landmark_bound(table, base, keys, bands, tally)
        if not starts or any(components[start] not in homes for start in starts):
            return _pruned_bound(bound, components, homes)
        return bound


def _start_bound(band: tuple, starts) -> int:
    """A landmark's highest bound at the states ``starts``, at least one (``-1`` at a state it knows
    nothing of: another component)."""
    field, low, high = band
    scores = []
    for index in starts:
        here = field[index]
        scores.append(-1 if here is None else here - high if here > high else low - here)
    return max(scores)


def _pruned_bound(bound, components: list, homes: set):
    """``bound`` where a state is in a component of the target's, ``INFINITY`` elsewhere."""

    def heuristic(state):
        if state.__class__ is str:
            return 0
        if components[state[0] * 4 + state[1]] not in homes:
            return INFINITY
        return bound(state)

    return heuristic


def _landmark_bound(table, base: int, keys: list, bands: list, tally: list | None = None):
    """The bound of a search that stays in the target's components: the table and the landmarks
    (each evaluation counted in ``tally``, if given)."""

    def heuristic(state):
        if state.__class__ is str:
            return 0
        if tally is not None:
            tally[0] += 1
        piece, side = state
        bound = table[base + keys[piece] + side]
        index = piece * 4 + side
        for field, low, high in bands:
            here = field[index]
            if here is not None:
                further = here - high if here > high else low - here
                if further > bound:
                    bound = further
        return bound

    return heuristic


def _written_out_bound(table, base: int, keys: list, bands: list, tally: list | None = None):
    """:func:`_landmark_bound` for exactly ``WRITTEN_OUT`` bands (:meth:`Bounds.padded`) that know
    every state the search can reach: written out, no loop, as most queries' bound (a quarter faster)."""
    (first, first_low, first_high), (second, second_low, second_high), (third, third_low, third_high), \
        (fourth, fourth_low, fourth_high) = bands

    def heuristic(state):
        if state.__class__ is str:
            return 0
        if tally is not None:
            tally[0] += 1
        piece, side = state
        bound = table[base + keys[piece] + side]
        index = piece * 4 + side
        here = first[index]
        further = here - first_high if here > first_high else first_low - here
        if further > bound:
            bound = further
        here = second[index]
        further = here - second_high if here > second_high else second_low - here
        if further > bound:
            bound = further
        here = third[index]
        further = here - third_high if here > third_high else third_low - here
        if further > bound:
            bound = further
        here = fourth[index]
        further = here - fourth_high if here > fourth_high else fourth_low - here
        return further if further > bound else bound

    return heuristic


def _open_bound(table, base: int, keys: list, tally: list | None = None):
    """The bound of a search that stays in the target's components, without landmarks: the table
    (each evaluation counted in ``tally``, if given)."""

    def heuristic(state):
        if state.__class__ is str:
            return 0
        if tally is not None:
            tally[0] += 1
        piece, side = state
        return table[base + keys[piece] + side]

    return heuristic
