"""Pushing Boxes answers checked on the maze's characters: replay, naive optimum, answer files.

Cells index the maze padded with rock, row-major: a neighbour is ``cell + step``, unchecked.
"""

from __future__ import annotations

import re
from collections import deque

from ...contract.checks import (
    NAIVE_LIMIT,
    UNKNOWN,
    Answer,
    Answers,
    in_order,
    judged,
    lines_of,
    out_of_budget,
)
from ...errors import VerificationError, shorten

LETTERS = "nswe"
_HEADER = re.compile(r"Maze\s*#\s*([0-9]+)")
_MOVES = re.compile(r"[NSWEnswe]+")


def _layout(maze):
    """``(free, width, player, box, target)``: ``free[cell]`` is 1 off rock, inside the maze."""
    rows = maze.rows
    width = (len(rows[0]) if rows else 0) + 2
    free = bytearray(width * (len(rows) + 2))
    marks = {}
    for r, line in enumerate(rows, start=1):
        for c, ch in enumerate(line, start=1):
            if ch != "#":
                free[r * width + c] = 1
                if ch in "SBT":
                    marks[ch] = r * width + c
    return free, width, marks["S"], marks["B"], marks["T"]


def replay(maze, moves: str) -> tuple:
    """Play ``moves`` from the start; return ``(pushes, walks)`` if every move is legal and the
    box ends on T, else raise :class:`~stategraph.errors.VerificationError` naming the first problem.

    >>> from types import SimpleNamespace
    >>> maze = SimpleNamespace(number=1, rows=("SB.T", "...."))
    >>> replay(maze, "EE"), replay(maze, "EsnE")
    ((2, 0), (2, 2))
    >>> replay(maze, "EsN")
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze 1: move 3 (N): there is no box to push
    """
    free, width, player, box, target = _layout(maze)
    steps = {"n": -width, "s": width, "w": -1, "e": 1}

    def fail(message):
        raise VerificationError(f"maze {maze.number}: {message}")

    pushes = walks = 0
    for index, letter in enumerate(moves, start=1):
        step = steps.get(letter.lower()) if letter in "NSWEnswe" else None
        if step is None:
            fail(f"move {index} is {shorten(letter)}, not one of NSWE (pushes) or nswe (walks)")
        ahead = player + step
        if letter.islower():
            if ahead == box:
                fail(f"move {index} ({letter}): the player runs into the box (a push is uppercase)")
            if not free[ahead]:
                fail(f"move {index} ({letter}): the player runs into rock or the edge")
            player, walks = ahead, walks + 1
        else:
            if ahead != box:
                fail(f"move {index} ({letter}): there is no box to push")
            if not free[box + step]:
                fail(f"move {index} ({letter}): the box runs into rock or the edge")
            player, box, pushes = box, box + step, pushes + 1
    if box != target:
        fail(f"the box ends at {divmod(box, width)}, not on T {divmod(target, width)}")
    return (pushes, walks)


def naive_optimum(maze, query=None, *, limit: int = NAIVE_LIMIT, deadline: float | None = None):
    """The fewest ``(pushes, walks)`` over (box cell, player cell), push count by push count, a BFS
    of walks within each; ``None`` if the box cannot reach T, ``UNKNOWN`` past ``limit`` or ``deadline``.

    >>> from types import SimpleNamespace
    >>> naive_optimum(SimpleNamespace(number=1, rows=("S.", "B.", "T#")))
    (1, 0)
    >>> naive_optimum(SimpleNamespace(number=1, rows=(".S.", ".B.", "..T")))
    (2, 2)
    >>> naive_optimum(SimpleNamespace(number=1, rows=("SBT#",)))
    (1, 0)
    >>> naive_optimum(SimpleNamespace(number=1, rows=("S#BT",))) is None
    True
    """
    free, width, player, box, target = _layout(maze)
    if box == target:
        return (0, 0)
    steps = (-width, width, -1, 1)
    size = len(free)
    done = set()
    seeds = [(0, box * size + player)]
    pushes = visited = 0
    while seeds:
        best = {}
        for walks, key in seeds:
            best[key] = walks  # seeds are distinct, in order of walks
        queue: deque = deque()
        pushed = {}  # the next push count's seeds
        next_seeds = []
        i, count = 0, len(seeds)
        while True:
            if queue and (i == count or queue[0][0] <= seeds[i][0]):
                walks, key = queue.popleft()
            elif i < count:
                walks, key = seeds[i]
                i += 1
            else:
                break
            if key in done or best[key] < walks:
                continue
            done.add(key)
            visited += 1
            if out_of_budget(visited, limit, deadline):
                return UNKNOWN
            box, player = divmod(key, size)
            for step in steps:
                ahead = player + step
                if not free[ahead]:
                    continue
                if ahead == box:
                    beyond = box + step
                    if not free[beyond]:
                        continue
                    if beyond == target:
                        return (pushes + 1, walks)
                    after = beyond * size + box
                    if after not in done and after not in pushed:
                        pushed[after] = walks
                        next_seeds.append((walks, after))
                else:
                    after = box * size + ahead
                    if after in done or best.get(after, walks + 2) <= walks + 1:
                        continue
                    best[after] = walks + 1
                    queue.append((walks + 1, after))
        seeds = next_seeds
        pushes += 1
    return None


def verify(maze, record, *, deadline: float | None = None, limit: int | None = None) -> str:
    """Check ``record.answer``: legal moves, box on T, cost as reported and as the naive optimum.

    >>> from stategraph.puzzles import pushing_boxes as pb
    >>> from stategraph.solving.records import Record
    >>> from stategraph.search.solution import Solution
    >>> from stategraph.graph.weights import Lex
    >>> maze = next(pb.parse("2 4\\nSB.T\\n....\\n0 0\\n"))
    >>> verify(maze, Record(1, "", "EE", Solution(Lex(2, 0), ["s"])))
    'confirmed'
    >>> verify(maze, Record(1, "", "E", Solution(Lex(1, 0), ["s"])))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze 1: the box ends at (1, 3), not on T (1, 4)
    >>> verify(maze, Record(1, "", "EsnE", Solution(Lex(2, 2), ["s"])))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze 1: the moves cost (2, 2), but the optimum is (2, 0)
    """
    def fail(message):
        raise VerificationError(f"maze {maze.number}: {message}")

    cost = None
    if record.answer is not None:
        cost = replay(maze, record.answer)
        solution = record.solution
        reported = tuple(solution.cost) if solution is not None and solution.cost is not None else None
        if reported != cost:
            fail(f"the moves cost {cost}, but the search reported {reported}")
    optimum = naive_optimum(maze, limit=NAIVE_LIMIT if limit is None else limit, deadline=deadline)
    return judged(optimum, cost, fail, lambda best: f"answered Impossible., but one of cost {best} exists",
                  lambda best: f"the moves cost {cost}, but the optimum is {best}")


def read_answers(text: str, source: str = "<answers>") -> Answers:
    """The :class:`~stategraph.contract.checks.Answers` of the blocks ``Maze #k`` / moves or ``Impossible.``
    / blank line (``value``: the move string, or ``None``; ``line``: the moves line); an
    unreadable one is that answer's problem alone (:func:`~stategraph.contract.checks.in_order`).

    >>> [(a.number, a.value, a.line) for a in read_answers("Maze #1\\nEsE\\n\\nMaze #2\\nImpossible.\\n", "x")]
    [(1, 'EsE', 2), (2, None, 5)]
    >>> [a.problem for a in read_answers("Maze #1\\nEsE\\nMaze #2\\nE\\n\\nMaze #3\\nE\\n", "x").each]
    [None, "x:3: expected a blank line after the answer of maze 1, found 'Maze #2'", None]
    >>> list(read_answers("Maze #1\\nEsE\\n\\nMaze #2\\nEE EE\\n", "x"))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: x:5: maze 2: expected the moves (NSWE pushes, nswe walks) or \
'Impossible.', found 'EE EE'
    """
    return Answers(_each(text, source))


def _each(text: str, source: str):
    previous, fine = 0, True  # the answer before, and whether it was read
    for number, claimed, (header, block, after_blank, end) in in_order(_blocks(text)):
        first, line = block[0]
        if header is None or claimed != number:
            problem = first, f"expected the header 'Maze #{number}', found {shorten(line)}"
        elif not after_blank and fine:
            problem = first, f"expected a blank line after the answer of maze {previous}, found {shorten(line)}"
        elif len(block) == 1:
            problem = end[0], (f"maze {number}: expected the moves (NSWE pushes, nswe walks) or 'Impossible.', "
                               f"found {shorten(end[1])}" if end[1] is not None
                               else f"the file ends before the answer of maze {number}")
        elif block[1][1].strip() != "Impossible." and not _MOVES.fullmatch(block[1][1].strip()):
            problem = block[1][0], (f"maze {number}: expected the moves (NSWE pushes, nswe walks) or "
                                    f"'Impossible.', found {shorten(block[1][1])}")
        elif len(block) > 2:
            problem = block[2][0], (f"expected a blank line after the answer of maze {number}, "
                                    f"found {shorten(block[2][1])}")
        else:
            moves = block[1][1].strip()
            problem = None
            yield Answer(number, None if moves == "Impossible." else moves, block[1][0])
        if problem is not None:
            yield Answer(number, None, problem[0], f"{source}:{problem[0]}: {problem[1]}")
        previous, fine = number, problem is None


def _blocks(text: str):
    """``(claimed number, (header match, lines, after a blank line, end))`` for each answer's
    lines (``(line number, line)`` pairs), ``end`` the line after them (``(number, None)``: the
    file's end)."""
    block: list = []
    after_blank, last = True, 0

    def claim(end):
        header = _HEADER.fullmatch(block[0][1].strip())
        claimed = int(header[1]) if header is not None and len(header[1]) <= 18 else None
        return claimed, (header, block, after_blank, end)

    for last, line in lines_of(text):
        content = line.strip()
        if block and (not content or _HEADER.fullmatch(content)):
            yield claim((last, line))
            block, after_blank = [], False
        if content:
            block.append((last, line))
        else:
            after_blank = True
    if block:
        yield claim((last + 1, None))
