"""Abbott's Revenge's input: an :class:`ArrowMaze` per named maze, read as tokens up to ``END``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from ...errors import shorten
from ...grid import LETTERS
from ...textinput_fast import FastTokens

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


def parse(data, source: str = "<input>", limits: dict | None = None):
    """Yield the mazes of a contest input, read as whitespace-separated tokens, up to ``END``."""
    limits = {**LIMITS, **(limits or {})}
    tokens = FastTokens(data, source)
    for number in tokens.instances("a maze name", "END line"):
        name = tokens.next("a maze name")
        if name == "END":
            tokens.expect_end("END")
            return
        if not name.isascii() or not name.isalnum() or len(name) > limits["max_name_length"]:
            raise tokens.error(f"maze name {shorten(name)} must be alphanumeric and at most "
                               f"{limits['max_name_length']} characters (max_name_length)", name)
        yield _read_maze(tokens, number, str(name), limits)


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
