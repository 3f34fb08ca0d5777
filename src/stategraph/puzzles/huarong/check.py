"""Huarong Dao answers checked on the board itself: the solver's path replayed, the naive optimum,
answer files.  Only the board's plain data is read (``grid.open``, ``grid.step``, ``grid.position``).
"""

from __future__ import annotations

import re
import weakref
from typing import NoReturn

from ...contract.checks import (
    NAIVE_LIMIT,
    UNKNOWN,
    Answer,
    Answers,
    judged,
    lines_of,
    out_of_budget,
)
from ...errors import VerificationError, shorten

START = "start"
_NUMBER = re.compile(r"-1|0|[1-9][0-9]{0,17}")


def _query(board, query):
    """``query`` itself, or the query numbered ``query`` (``None``: the first).  ``board.ask()``
    reads only up to it; ``board.queries`` would read the rest of the input."""
    if query is None:
        query = 1
    if not isinstance(query, int):
        return query
    ask = getattr(board, "ask", None)
    for candidate in ask() if ask is not None else board.queries:
        if candidate.number == query:
            return candidate
    raise ValueError(f"the board has no query {shorten(query)}")


def naive_optimum(board, query=None, *, limit: int = NAIVE_LIMIT, deadline: float | None = None):
    """The fewest moves bringing ``query``'s piece (a query or its number, default the first) onto its
    target, by BFS over (piece cell, blank cell): ``None`` if never, ``UNKNOWN`` past ``limit`` or ``deadline``.

    >>> from stategraph.puzzles import huarong
    >>> board = next(huarong.parse("3 4 2\\n0 1 1 1\\n0 1 1 0\\n0 1 0 0\\n3 2 1 2 2 2\\n1 2 2 2 3 2\\n"))
    >>> naive_optimum(board, 1), naive_optimum(board, 2), naive_optimum(board, 1, limit=0)
    (2, None, UNKNOWN)
    """
    query = _query(board, query)
    free = board.grid.open
    steps = board.grid.step
    piece, target = query.piece, query.target
    if piece == target:
        return 0
    if not free[piece] or not free[target]:
        return None  # a fixed piece never moves; nothing moves onto a fixed cell
    region = _regions(board)
    if not region[piece] == region[target] == region[query.blank]:
        return None  # the blank never reaches the piece, or the piece never reaches the target
    size = len(free)
    start = piece * size + query.blank
    seen = {start}
    frontier = [start]
    moves = visited = 0
    while frontier:
        moves += 1
        following = []
        for key in frontier:
            visited += 1
            if out_of_budget(visited, limit, deadline):
                return UNKNOWN
            piece, blank = divmod(key, size)
            for step in steps:
                cell = blank + step
                if not free[cell]:
                    continue
                if cell == piece:  # the piece slides into the blank
                    if blank == target:
                        return moves
                    after = blank * size + cell
                else:
                    after = piece * size + cell
                if after not in seen:
                    seen.add(after)
                    following.append(after)
        frontier = following
    return None


_REGIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _regions(board) -> list:
    """For each cell, the number of its connected region of movable cells (0 for fixed cells),
    worked out once per board: nothing ever moves from one region to another."""
    if board not in _REGIONS:
        free, steps = board.grid.open, board.grid.step
        region = [0] * len(free)
        count = 0
        for cell, movable in enumerate(free):
            if movable and not region[cell]:
                count += 1
                region[cell] = count
                stack = [cell]
                while stack:
                    here = stack.pop()
                    for step in steps:
                        there = here + step
                        if free[there] and not region[there]:
                            region[there] = count
                            stack.append(there)
        _REGIONS[board] = region
    return _REGIONS[board]


def walk_length(free, steps, start: int, goal: int, blocked: int) -> int | None:
    """The blank's fewest steps from ``start`` to ``goal`` over ``free`` cells, never entering
    ``blocked`` (the designated piece); ``None`` if it cannot get there."""
    if start == goal:
        return 0
    seen = {start, blocked}
    frontier = [start]
    length = 0
    while frontier:
        length += 1
        following = []
        for cell in frontier:
            for step in steps:
                after = cell + step
                if after == goal and free[after]:
                    return length
                if free[after] and after not in seen:
                    seen.add(after)
                    following.append(after)
        frontier = following
    return None


def _replay_slides(query, states, free, steps, position, fail) -> int:
    """Replay a path of ``(piece cell, blank cell)`` states (the naive model): each step slides one
    movable neighbour of the blank into it."""
    piece, blank = states[0]
    for index, state in enumerate(states[1:], start=1):
        new_piece, new_blank = state
        if new_blank - blank not in steps or not free[new_blank]:
            fail(f"state {index}: the blank at {position(blank)} cannot move to {position(new_blank)}")
        if (new_piece, new_blank) != ((blank, new_blank) if new_blank == piece else (piece, new_blank)):
            fail(f"state {index}: {shorten(state)} does not follow from sliding into the blank at {position(blank)}")
        piece, blank = new_piece, new_blank
    if piece != query.target:
        fail(f"the piece ends at {position(piece)}, not on its target {position(query.target)}")
    return len(states) - 1


def replay_states(board, query, states) -> int:
    """The number of moves of a solver path of ``query``: ``"start"``, then ``(piece cell, side)``
    states, or ``(piece cell, blank cell)`` states one slide apart; a
    :class:`~stategraph.errors.VerificationError` names the first problem."""
    query = _query(board, query)
    grid = board.grid
    free, steps, position = grid.open, grid.step, grid.position

    def fail(message) -> NoReturn:
        raise VerificationError(f"query {query.number}: {message}")

    if states and states[0] == (query.piece, query.blank):
        return _replay_slides(query, states, free, steps, position, fail)
    if not states or states[0] != START:
        fail("the solution path does not begin with the start state")
    piece, blank = query.piece, query.blank
    moves = 0
    for index, state in enumerate(states[1:], start=1):
        try:
            new_piece, side = state
            wanted = new_piece + steps[side]
            valid = 0 <= new_piece < len(free) and 0 <= wanted < len(free) and side >= 0
        except (TypeError, ValueError, IndexError):
            valid = False
        if not valid:
            fail(f"state {index} of the path, {shorten(state)}, is not a (piece cell, side) pair")
        if new_piece != piece:
            if new_piece != blank or blank - piece not in steps or not free[piece]:
                fail(f"state {index}: the piece at {position(piece)} cannot slide to {position(new_piece)}: "
                     f"the blank is at {position(blank)}")
            piece, blank = blank, piece
            moves += 1
            if wanted != blank:
                fail(f"state {index} has the blank at {position(wanted)}, but the slide leaves it at "
                     f"{position(blank)}")
            continue
        walk = walk_length(free, steps, blank, wanted, piece)
        if walk is None:
            fail(f"state {index}: the blank at {position(blank)} cannot walk to {position(wanted)} "
                 f"round the piece at {position(piece)}")
        blank, moves = wanted, moves + walk
    if piece != query.target:
        fail(f"the piece ends at {position(piece)}, not on its target {position(query.target)}")
    return moves


def verify(board, record, *, deadline: float | None = None, limit: int | None = None) -> str:
    """Check a query's answer: its path replays in ``record.answer`` moves, as reported, and no naive
    search does better (``0`` and ``-1``: the naive search alone).

    >>> from dataclasses import replace
    >>> from stategraph import run
    >>> record = next(run("huarong", "2 2 1\\n1 1\\n1 1\\n1 1 1 2 2 2\\n", paths=True))
    >>> board = record.subject
    >>> verify(board, record)
    'confirmed'
    >>> verify(board, replace(record, answer=record.answer + 1))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: query 1: the replay takes 3 moves, but the answer is 4
    >>> verify(board, replace(record, answer=-1, solution=None))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: query 1: answered -1, but one of 3 moves exists
    """
    query = record.question if getattr(record, "question", None) is not None else _query(board, record.query)
    answer = record.answer

    def fail(message) -> NoReturn:
        raise VerificationError(f"query {query.number}: {message}")

    if not isinstance(answer, int) or isinstance(answer, bool) or answer < -1:
        fail(f"the answer {shorten(answer)} is neither -1 nor a number of moves")
    if answer == 0 and query.piece != query.target:
        fail("answered 0, but the piece does not start on its target")
    if answer > 0:
        solution = record.solution
        if solution is None or solution.states is None:
            fail(f"answered {answer} without a solution path to replay")
        moves = replay_states(board, query, solution.states)
        if moves != answer:
            fail(f"the replay takes {moves} moves, but the answer is {answer}")
        if solution.cost != answer:
            fail(f"the answer is {answer}, but the search reported {shorten(solution.cost)}")
    optimum = naive_optimum(board, query, limit=NAIVE_LIMIT if limit is None else limit, deadline=deadline)
    return judged(optimum, None if answer == -1 else answer, fail,
                  lambda best: f"answered -1, but one of {best} moves exists",
                  lambda best: f"the answer is {answer}, but the optimum is {-1 if best is None else best}")


def read_answers(text: str, source: str = "<answers>") -> Answers:
    """The :class:`~stategraph.contract.checks.Answers` of the lines, one a query: the query number, the
    integer (-1 or a number of moves), the line; any other line, an empty one too, is that query's problem.

    >>> [(a.number, a.value, a.line) for a in read_answers(" 2\\n-1\\n\\n", "x")]
    [(1, 2, 1), (2, -1, 2)]
    >>> [a.problem for a in read_answers("2\\n\\n3\\n", "x").each]
    [None, 'x:2: expected the answer to query 2, found an empty line', None]
    """
    return Answers(_each(text, source))


def _each(text: str, source: str):
    blank = None  # the first of the empty lines before this one
    number = 0
    for line_number, line in lines_of(text):
        content = line.strip()
        if not content:
            blank = blank or line_number
            continue
        for empty in range(blank or line_number, line_number):
            number += 1
            yield Answer(number, None, empty, f"{source}:{empty}: expected the answer to query {number}, "
                                              "found an empty line")
        blank = None
        number += 1
        if _NUMBER.fullmatch(content):
            yield Answer(number, int(content), line_number)
        else:
            yield Answer(number, None, line_number, f"{source}:{line_number}: expected the answer to query "
                                                    f"{number} (-1 or a number of moves), found {shorten(line)}")
