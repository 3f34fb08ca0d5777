"""Abbott's Revenge's input: an :class:`ArrowMaze` per named maze, read as tokens up to ``END``.

Plainly written mazes are matched many lines at once (:class:`_Plain`); any other, and every
error, is read token by token (:func:`_read_maze`), so messages are the token reader's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from ...contract.cuts import INSTANCE, STOP, Cuts, Piece, exactly
from ...errors import shorten
from ...grid.cells import LETTERS
from ...io.tokens import MAX_DIGITS, MAX_TOKEN
from .fast_tokens import FastTokens

NAME = "arrow_maze"
START = "start"  # the state before the first move: on the entrance, about to leave it
LIMITS = {"max_name_length": 20, "max_intersections": 100000}
TURNS = "FLR"  # the turns a sign allows, in rank order: forward, left, right
_SIGN = re.compile(r"[NSEW][LFR]{1,3}")
# every valid sign -> (heading, its turns in F, L, R order)
SIGNS = {heading + "".join(turns): (LETTERS.index(heading), "".join(sorted(turns, key=TURNS.index)))
         for heading in "NSEW" for k in (1, 2, 3) for turns in permutations("LFR", k)}


@dataclass(frozen=True)
class ArrowMaze:
    """One maze: ``signs[(row, col)][heading]`` is the string of allowed turns (headings index NSWE)."""

    number: int
    name: str
    entrance: tuple
    heading: int
    goal: tuple
    signs: dict


def parse(data, source: str = "<input>", limits: dict | None = None, *, careful: bool = False, line: int = 1,
          number: int = 1):
    """Yield the mazes of a contest input, read as whitespace-separated tokens, up to ``END``;
    ``careful``: every maze token by token (what the fast path is tested against); ``line``,
    ``number``: ``data`` is the input's rest from that line on, maze ``number`` first."""
    limits = {**LIMITS, **(limits or {})}
    tokens = FastTokens(data, source, line=line)
    plain = None if careful else _Plain.of(limits)
    while True:
        maze = _next_maze(tokens, plain, number, limits)
        if maze is None:
            return
        yield maze
        number += 1


def _next_maze(tokens: FastTokens, plain: _Plain | None, number: int, limits: dict) -> ArrowMaze | None:
    """Maze ``number``, next in ``tokens`` (by the fast path ``plain`` if it takes it); ``None`` after ``END``."""
    if plain is not None:
        maze = plain.next_maze(tokens, number)
        if maze is not None:
            return maze
    tokens.begin_instance(number, "a maze name", "END line")
    name = tokens.next("a maze name")
    if name == "END":
        tokens.expect_end("END")
        return None
    if not name.isascii() or not name.isalnum() or len(name) > limits["max_name_length"]:
        raise tokens.error(f"maze name {shorten(name)} must be alphanumeric and at most "
                           f"{limits['max_name_length']} characters (max_name_length)", name)
    return _read_maze(tokens, number, str(name), limits)


class MazeCuts(Cuts):
    """Mazes cut after their line ``0`` (see :mod:`stategraph.contract.cuts`), up to a line ``END``."""

    def __init__(self, source: str, limits: dict):
        super().__init__(source, {**LIMITS, **limits})
        self.plain = _Plain.of(self.limits)

    def cut(self, data: bytes, start: int) -> tuple[str, int] | str | None:
        if data.startswith(b"END\n", start):
            return STOP
        end = data.find(b"\n0\n", start)
        return None if end < 0 else (INSTANCE, end + 3)

    def read(self, piece: Piece, instance=None) -> ArrowMaze | None:
        text = _text(piece)
        found = self.plain.match(text, 0, piece.number) if self.plain is not None else None
        if found is not None and found[1] == len(text):  # the reader's fast path takes the whole piece
            return found[0]
        tokens = FastTokens(piece.data, self.source, line=piece.line)
        return exactly(tokens, lambda: _next_maze(tokens, self.plain, piece.number, self.limits))

    def resume(self, data, line: int, number: int, head: Piece | None):
        return parse(data, self.source, self.limits, line=line, number=number)


def _text(piece: Piece) -> str:
    """The piece as the reader decodes it; ``""`` where it is not UTF-8 (the reader reports it)."""
    try:
        text = piece.data.decode()
    except UnicodeDecodeError:
        return ""
    return text[1:] if piece.line == 1 and text.startswith("\ufeff") else text


class Memo(dict):
    """``function(key)`` for each key looked up, remembered if the key is short (all forgotten past
    ``size`` keys); an exception ``function`` raises goes to the caller."""

    def __init__(self, function, size: int = 1 << 16, longest: int = 64):
        super().__init__()
        self.function, self.size, self.longest = function, size, longest

    def __missing__(self, key):
        value = self.function(key)
        if len(key) <= self.longest:
            if len(self) >= self.size:
                self.clear()
            self[key] = value
        return value


# the most characters an intersection's line has on average (line feed included) for the lines to be looked up
# whole: lines that short have one-digit rows and columns and one sign, so few exist, and they recur
SHORT_LINE = 10


class _NotPlain(Exception):
    """A maze the fast path does not take: the token reader reads it (and finds any error)."""


def _cell(text: str) -> tuple[int, int]:
    """``"row col"`` (digits) as a cell, when the token reader would take it as one."""
    row, col = text.split(" ")
    if len(row) > MAX_DIGITS or len(col) > MAX_DIGITS or not int(row) or not int(col):
        raise _NotPlain
    return int(row), int(col)


def _sign_set(text: str) -> dict:
    """``"SIGN SIGN ... "`` (each sign followed by one space) as the turns allowed per heading."""
    words = text.split(" ")
    if words.pop() or not all(word in SIGNS for word in words):
        raise _NotPlain
    signs: dict = {}
    _add_signs(signs, [SIGNS[word] for word in words])
    return signs


def _intersection(line: str) -> tuple[tuple[int, int], dict]:
    """An intersection's line ``"row col SIGN ... *"`` (no line feed) as its cell and signs."""
    found = _LINE_TEXT.fullmatch(line)
    if found is None:
        raise _NotPlain
    return _CELLS[found[1]], _SIGN_SETS[found[2]]


_CELLS = Memo(_cell)  # shared by every input read: the same few cells, sign sets and lines recur
_SIGN_SETS = Memo(_sign_set)
_INTERSECTIONS = Memo(_intersection)
_NUMBER = f"([0-9]{{1,{MAX_DIGITS}}})"
_LINE = re.compile(r"^([0-9]+ [0-9]+) ([NSEWLFR ]*)\*\n", re.MULTILINE)  # an intersection's line
_LINE_TEXT = re.compile(r"([0-9]+ [0-9]+) ([NSEWLFR ]*)\*")  # the same, without its line feed
_LINES = re.compile(r"(?:[0-9]+ [0-9]+ [NSEWLFR ]*\*\n)*")
# the beginning of an intersection's line, or of the "0" line
_POSITIVE = "0*[1-9][0-9]*"
_LINE_BEGUN = re.compile(rf"(?:[0-9]*|{_POSITIVE} (?:[0-9]*|{_POSITIVE} "
                         r"(?:[NSEW][LFR]{1,3} )*(?:[NSEW][LFR]{0,3}|\*)?))")


@dataclass(frozen=True)
class _Plain:
    """The fast path: whole plainly written mazes matched in the lines read ahead."""

    head: re.Pattern  # a maze's name line and its entrance and goal line
    head_begun: re.Pattern  # the beginning of those lines
    limit: int  # max_intersections

    @classmethod
    def of(cls, limits: dict) -> _Plain | None:
        """The fast path within ``limits`` (None for limits it cannot hold to)."""
        length, limit = limits["max_name_length"], limits["max_intersections"]
        if not (isinstance(length, int) and isinstance(limit, int) and length >= 1 and limit >= 1):
            return None
        length = min(length, MAX_TOKEN)
        number = _NUMBER[1:-1]
        return cls(re.compile(rf"([A-Za-z0-9]{{1,{length}}})\n{_NUMBER} {_NUMBER} ([NSEW]) {_NUMBER} {_NUMBER}\n"),
                   re.compile(rf"[A-Za-z0-9]{{0,{length}}}(?:\n(?:{number}(?: (?:{number}(?: (?:[NSEW](?: (?:{number}"
                              rf"(?: [0-9]{{0,{MAX_DIGITS}}})?)?)?)?)?)?)?)?)?"), limit)

    def next_maze(self, tokens: FastTokens, number: int) -> ArrowMaze | None:
        """The maze ahead, consumed, when it is plainly written; else None, consuming nothing."""
        text, start = tokens.whole_lines()
        while True:
            found = self.match(text, start, number)
            if found is not None:
                maze, end = found
                tokens.skip_lines(end)
                return maze
            if not self.cut_short(text, start, tokens.line_begun()) or not tokens.more_lines():
                return None
            text, start = tokens.whole_lines()

    def match(self, text: str, start: int, number: int) -> tuple[ArrowMaze, int] | None:
        """The maze at ``text[start:]`` and where it ends, when it is plainly written."""
        head = self.head.match(text, start)
        if head is None:
            return None
        name, row, col, letter, goal_row, goal_col = head.groups()
        lines = head.end()
        end = text.find("\n0\n", lines - 1) + 1  # where the maze's "0" line starts
        if not end or name == "END":
            return None
        count = text.count("\n", lines, end)
        try:
            if end - lines <= SHORT_LINE * count:  # short lines (a long route's) recur: each looked up whole
                found = text[lines:end].split("\n")
                found.pop()  # (after the last line feed: nothing)
                entries = list(map(_INTERSECTIONS.__getitem__, found))
                signs = {cell: cell_signs.copy() for cell, cell_signs in entries}
            else:  # longer ones rarely do: their cells and signs looked up apart
                if text.count("*\n", lines, end) != count:  # (quickly) a line that is not an intersection's
                    return None
                pairs = _LINE.findall(text, lines, end)
                if len(pairs) != count:
                    return None
                cells, sign_sets = _CELLS, _SIGN_SETS
                signs = {cells[cell]: sign_sets[sign].copy() for cell, sign in pairs}
                if len(signs) < count:
                    entries = [(cells[cell], sign_sets[sign]) for cell, sign in pairs]
        except _NotPlain:
            return None
        if len(signs) < count:  # an intersection on two lines: its signs add up
            signs = {}
            for cell, cell_signs in entries:
                _add_signs(signs.setdefault(cell, {}), cell_signs.items())
        entrance, goal = (int(row), int(col)), (int(goal_row), int(goal_col))
        if len(signs) > self.limit or 0 in entrance or 0 in goal:
            return None
        return ArrowMaze(number, name, entrance, LETTERS.index(letter), goal, signs), end + 2

    def cut_short(self, text: str, start: int, begun: str) -> bool:
        """Whether the maze at ``text[start:]``, then ``begun`` (a line not ended yet), is the
        beginning of a plainly written maze (the token reader would wait for more input too)."""
        head = self.head.match(text, start)
        if head is None:
            return self.head_begun.fullmatch(text[start:] + begun) is not None
        if 0 in map(int, head.groups()[1:3] + head.groups()[4:]):  # the token reader refuses it now
            return False
        lines = _LINES.match(text, head.end())  # (it matches, if only no line)
        if lines is None or lines.end() != len(text) or _LINE_BEGUN.fullmatch(begun) is None:
            return False
        try:  # every line so far one the token reader takes (a row 0 ends the maze: it answers now)
            cells = {_CELLS[cell] for cell, sign in _LINE.findall(text, head.end()) if _SIGN_SETS[sign] is not None}
        except _NotPlain:
            return False
        return len(cells) <= self.limit


def _read_maze(tokens: FastTokens, number: int, name: str, limits: dict) -> ArrowMaze:
    entrance = (tokens.integer("the entrance row", 1), tokens.integer("the entrance column", 1))
    letter = tokens.next("the first direction (N, S, E or W)")
    if letter not in ("N", "S", "E", "W"):
        raise tokens.error(f"the first direction must be N, S, E or W, found {shorten(letter)}", letter)
    goal = (tokens.integer("the goal row", 1), tokens.integer("the goal column", 1))
    signs: dict[tuple[int, int], dict[int, str]] = {}
    limit = limits["max_intersections"]
    while True:
        # the common case: whole intersection lines "r c SIGN ... *", every token plain; at most as
        # many as may still add an intersection (the limit is then checked below, one by one)
        for (row, col), entries in tokens.records("*", SIGNS, 2, limit - len(signs)):
            cell_signs = signs.get((row, col))
            if cell_signs is None:
                cell_signs = signs[row, col] = {}
            _add_signs(cell_signs, entries)
        fast = tokens.scan_through("*", SIGNS, lead=2)
        if fast is not None:
            (row, col), entries, end = fast
            if row >= 1 and col >= 1:
                cell_signs = signs.get((row, col))
                if cell_signs is None and len(signs) < limit:
                    cell_signs = signs[row, col] = {}
                if cell_signs is not None:
                    tokens.advance(end)
                    _add_signs(cell_signs, entries)
                    continue
        first = tokens.peek()
        if first == "0":
            tokens.next("0")
            break
        if first is None or first == "END":
            raise tokens.error(f"maze {shorten(name)}: missing the '0' line that ends its intersections", first)
        cell = (tokens.integer("an intersection row (or 0 to end the maze)", 1),
                tokens.integer("an intersection column", 1))
        if cell not in signs and len(signs) >= limit:
            raise tokens.error(f"more than {limit} intersections (max_intersections)", first)
        _read_signs(tokens, cell, signs.setdefault(cell, {}))
    return ArrowMaze(number, name, entrance, LETTERS.index(letter), goal, signs)


def _read_signs(tokens: FastTokens, cell: tuple, signs: dict) -> None:
    """Add the signs up to ``*`` to ``signs`` (see :func:`_add_signs`)."""
    entries = tokens.words_through("*", SIGNS)  # the common case: a line of valid signs and its '*'
    if entries is not None:
        _add_signs(signs, entries)
        return
    while True:
        token = tokens.peek()
        if token == "*":
            tokens.next("*")
            return
        if token is None or token == "END" or token.isdigit():
            raise tokens.error(f"missing '*' after the signs of intersection ({cell[0]},{cell[1]})", token)
        tokens.next("a sign")
        if not _SIGN.fullmatch(token) or len(set(token[1:])) != len(token) - 1:
            raise tokens.error(f"bad sign {shorten(token)} at intersection ({cell[0]},{cell[1]}): expected a "
                               "direction N, S, E or W followed by 1 to 3 distinct letters from L, F, R", token)
        _add_signs(signs, [SIGNS[token]])


def _add_signs(signs: dict, entries) -> None:
    """Add ``(heading, turns)`` entries to ``signs`` (heading -> turns in F, L, R order); repeated
    signs add up, as in the reference solution: ``NL NR`` allows L and R when travelling N."""
    for heading, turns in entries:
        old = signs.get(heading)
        signs[heading] = turns if old is None else "".join(t for t in TURNS if t in old or t in turns)
