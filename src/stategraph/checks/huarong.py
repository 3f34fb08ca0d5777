"""Replay a Huarong Dao answer move by move: the blank's walks, then the swaps."""

from __future__ import annotations

from collections import deque

from ..errors import VerificationError
from ..grid import shortest_walk
from . import CONFIRMED, NAIVE_LIMIT, UNCONFIRMED

STEPS = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def verify(board, record) -> str:
    """Check a query's answer: every move slides a movable piece into the adjacent blank,
    the designated piece ends on its target, and the moves number exactly the answer.

    >>> from stategraph.puzzles import huarong
    >>> from stategraph.records import Record
    >>> board = next(huarong.parse("2 2 1\\n1 1\\n1 1\\n1 1 1 2 2 2\\n"))
    >>> graph = huarong.compile(board)
    >>> moves, solution = huarong.answer(board, graph, board.queries[0], "dijkstra")
    >>> verify(board, Record(1, "", moves, solution, query=1))
    'confirmed'
    >>> verify(board, Record(1, "", moves + 1, solution, query=1))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: query 1: the replay takes 3 moves, but the answer is 4
    """
    query = board.queries[record.query - 1]
    grid = board.grid
    position = grid.position

    def fail(message):
        raise VerificationError(f"query {query.number}: {message}")

    if record.answer == 0 or record.answer == -1:
        truth = query.piece == query.target
        if record.answer == 0 and not truth:
            fail("answered 0, but the piece does not start on its target")
        if record.answer == 0:
            return CONFIRMED
        reachable = truth or _piece_can_reach(board, query)
        if reachable:
            fail("answered -1, but a naive search brings the piece to its target")
        return UNCONFIRMED if reachable is None else CONFIRMED
    if record.solution is None or not record.solution.found:
        fail(f"answered {record.answer} without a solution path to replay")
    blank, piece = position(query.blank), position(query.piece)
    moves = 0

    def movable(cell):
        return 1 <= cell[0] <= grid.rows and 1 <= cell[1] <= grid.cols and grid.open[grid.cell(*cell)]

    for state in record.solution.states[1:]:
        new_piece, side = state
        wanted = position(new_piece + grid.step[side])
        if position(new_piece) != piece:  # a swap: the piece slides into the blank
            if position(new_piece) != blank or abs(blank[0] - piece[0]) + abs(blank[1] - piece[1]) != 1:
                fail(f"the piece at {piece} cannot slide to {position(new_piece)}: the blank is at {blank}")
            piece, blank = blank, piece
            moves += 1
            continue
        walk = shortest_walk(grid, grid.cell(*blank), grid.cell(*wanted), blocked=grid.cell(*piece))
        for letter in walk or "":
            dr, dc = STEPS[letter]
            cell = (blank[0] + dr, blank[1] + dc)
            if not movable(cell) or cell == piece:
                fail(f"the blank at {blank} cannot move to {cell}")
            blank = cell
            moves += 1
        if blank != wanted:
            fail(f"the blank cannot reach {wanted} around the piece at {piece}")
    if piece != position(query.target):
        fail(f"the piece ends at {piece}, not on its target {position(query.target)}")
    if moves != record.answer:
        fail(f"the replay takes {moves} moves, but the answer is {record.answer}")
    return CONFIRMED


def _piece_can_reach(board, query) -> bool | None:
    """Breadth-first over (piece, blank) positions; ``None`` past ``NAIVE_LIMIT``."""
    grid = board.grid
    start = (query.piece, query.blank)
    seen = {start}
    queue = deque(seen)
    while queue:
        if len(seen) > NAIVE_LIMIT:
            return None
        piece, blank = queue.popleft()
        if piece == query.target:
            return True
        for step in grid.step:
            cell = blank + step
            if grid.open[cell]:
                state = (blank, cell) if cell == piece else (piece, cell)
                if state not in seen:
                    seen.add(state)
                    queue.append(state)
    return False
