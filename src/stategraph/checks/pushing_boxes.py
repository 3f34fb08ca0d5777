"""Replay a Pushing Boxes move string on the maze's characters."""

from __future__ import annotations

from collections import deque

from ..errors import VerificationError
from . import CONFIRMED, NAIVE_LIMIT, UNCONFIRMED

STEPS = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def verify(maze, record) -> str:
    """Check ``record.answer`` against ``maze``: legal moves, box on T, (pushes, walks) = reported cost.

    >>> from stategraph.puzzles import pushing_boxes as pb
    >>> from stategraph.records import Record
    >>> from stategraph.pipeline import Solution
    >>> from stategraph.weights import Lex
    >>> maze = next(pb.parse("1 4\\nSB.T\\n0 0\\n"))
    >>> verify(maze, Record(1, "", "EE", Solution(Lex(2, 0), ["s"])))
    'confirmed'
    >>> verify(maze, Record(1, "", "E", Solution(Lex(1, 0), ["s"])))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: maze 1: the box ends at (1, 3), not on T (1, 4)
    """
    rows = maze.rows
    marks = {ch: (r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch in "SBT"}
    player, box, target = marks["S"], marks["B"], marks["T"]

    def fail(message):
        raise VerificationError(f"maze {maze.number}: {message}")

    def free(cell):
        r, c = cell
        return 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] != "#"

    if record.answer is None:
        reachable = _box_can_reach_target(rows, player, box, target)
        if reachable:
            fail("answered Impossible., but a naive search moves the box onto T")
        return UNCONFIRMED if reachable is None else CONFIRMED
    pushes = walks = 0
    for index, letter in enumerate(record.answer, start=1):
        if letter.lower() not in STEPS:
            fail(f"move {index} is {letter!r}, not one of NSWE/nswe")
        dr, dc = STEPS[letter.lower()]
        ahead = (player[0] + dr, player[1] + dc)
        if letter.islower():
            if not free(ahead) or ahead == box:
                fail(f"walk {index} ({letter}) runs into {'the box' if ahead == box else 'rock or the edge'}")
            player, walks = ahead, walks + 1
        else:
            beyond = (box[0] + dr, box[1] + dc)
            if ahead != box:
                fail(f"push {index} ({letter}) has no box in front of the player")
            if not free(beyond):
                fail(f"push {index} ({letter}) drives the box into rock or off the maze")
            player, box, pushes = box, beyond, pushes + 1
    if box != target:
        fail(f"the box ends at ({box[0] + 1}, {box[1] + 1}), not on T ({target[0] + 1}, {target[1] + 1})")
    reported = tuple(record.solution.cost) if record.solution is not None else None
    if reported != (pushes, walks):
        fail(f"the moves make {pushes} pushes and {walks} walks, but the search reported {reported}")
    return CONFIRMED


def _box_can_reach_target(rows, player, box, target) -> bool | None:
    """Breadth-first over (box, player) positions, walking and pushing; ``None`` past ``NAIVE_LIMIT``."""
    height, width = len(rows), len(rows[0])

    def free(r, c):
        return 0 <= r < height and 0 <= c < width and rows[r][c] != "#"

    seen = {(box, player)}
    queue = deque(seen)
    while queue:
        if len(seen) > NAIVE_LIMIT:
            return None
        box, player = queue.popleft()
        if box == target:
            return True
        for dr, dc in STEPS.values():
            step = (player[0] + dr, player[1] + dc)
            if not free(*step):
                continue
            state = ((box[0] + dr, box[1] + dc), box) if step == box else (box, step)
            if step == box and not free(*state[0]):
                continue
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return False
