"""Abbott's Revenge's reader: the fast path for plainly written mazes reads what the token reader
reads (``parse(..., careful=True)``): the same mazes, then the same error line, wherever an input
is broken, however it is fed (whole, a few bytes per read, as text) and whatever the limits."""

from __future__ import annotations

import io
import random
import re

import pytest

import ref_arrow_maze
from stategraph.errors import InputError
from stategraph.puzzles.arrow_maze import maze as reader
from stategraph.puzzles.arrow_maze.maze import parse
from test_formats_fuzzed_parsers import Trickle

# what a mutation writes: separators, digits, signs, the words that end things, odd characters
PIECES = [" ", "  ", "\n", "\t", "\r\n", "\r", "0", "00", "07", "1", "9", "9" * 19, "-1", "+2", "N", "L", "NLL",
          "X", "*", " *", "0\n", "END", "END\n", "1 1 NL *\n", "1 1 *\n", "é", "\x1c", "\u00a0"]
# what a token is replaced by
TOKENS = ["END", "0", "00", "07", "9" * 18, "9" * 19, "+1", "-1", "NLL", "NL*", "SRL", "X", "*", "é", "A" * 21]


def mazes_text(rng: random.Random, count: int) -> str:
    """Random mazes, mostly written plainly; now and then signs repeated (they add up)."""
    mazes = []
    while len(mazes) < count:
        maze = ref_arrow_maze.random_maze(rng, ref_arrow_maze.random_name(rng, len(mazes)))
        if maze is not None:
            mazes.append(maze)
    layouts = [rng.choice(["two_lines"] * 8 + ["one_line", "seed"]) for _ in mazes]
    return ref_arrow_maze.build_input(mazes, layouts, rng if rng.random() < 0.5 else None)


def broken(rng: random.Random, text: str) -> bytes:
    """``text`` with one to three small faults at random places (or none, now and then)."""
    data = text.encode()
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        at = rng.randint(0, len(data))
        kind = rng.randrange(7)
        if kind == 6:  # a token replaced
            tokens = re.split(rb"([ \n]+)", data)
            tokens[rng.randrange(0, len(tokens), 2)] = rng.choice(TOKENS).encode()
            data = b"".join(tokens)
        elif kind == 0:  # a character written over
            data = data[:at] + rng.choice(PIECES).encode() + data[at + 1:]
        elif kind == 1:  # inserted
            data = data[:at] + rng.choice(PIECES).encode() + data[at:]
        elif kind == 2:  # a few bytes gone
            data = data[:at] + data[at + rng.randint(1, 3):]
        elif kind == 3:  # a line gone or written twice
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at) + 1 or len(data)
            data = data[:start] + data[start:end] * rng.choice([0, 2]) + data[end:]
        elif kind == 4:  # a byte that is not UTF-8
            data = data[:at] + b"\xff" + data[at:]
        else:  # the input cut short
            data = data[:at]
    return data


def outcome(source, limits=None, careful=False) -> tuple:
    """The mazes read (all their fields, the signs' order included), then the error line if any."""
    read = []
    try:
        for maze in parse(source, "in.txt", limits, careful=careful):
            read.append((maze.number, maze.name, maze.entrance, maze.heading, maze.goal,
                         [(cell, list(signs.items())) for cell, signs in maze.signs.items()]))
    except InputError as exc:
        return read, str(exc)
    return read, None


def feeds(rng: random.Random, data: bytes) -> list:
    """``data`` whole, a few bytes per read (chunk edges everywhere), and as text when it decodes."""
    fed = [data, Trickle(data, rng.choice([1, 3, 50, 700, 5000]))]
    try:
        fed.append(data.decode())
    except UnicodeDecodeError:
        pass
    return fed


@pytest.fixture
def careful_mazes(monkeypatch) -> list:
    """Counts the mazes the token reader reads (the fast path did not take them)."""
    counted = [0]
    read_maze = reader._read_maze

    def counting(*args):
        counted[0] += 1
        return read_maze(*args)

    monkeypatch.setattr(reader, "_read_maze", counting)
    return counted


def test_broken_inputs_read_as_the_token_reader_reads_them(careful_mazes):
    rng = random.Random(816)
    errors = plain = 0
    for case in range(400):
        data = broken(rng, mazes_text(rng, rng.randint(1, 6)))
        limits = None if case % 4 else {"max_name_length": rng.randint(1, 12),
                                         "max_intersections": rng.randint(1, 40)}
        expected = outcome(data, limits, careful=True)
        for source in feeds(rng, data):
            counted = careful_mazes[0]
            assert outcome(source, limits) == expected, (data, limits)
            plain += len(expected[0]) - (careful_mazes[0] - counted)
        errors += expected[1] is not None
    assert errors > 150 and plain > 500, (errors, plain)  # both paths taken, and errors met


def test_short_lines_looked_up_whole_read_as_the_token_reader_reads_them(careful_mazes):
    """Mazes of one sign a line (a long route's: the fast path looks each line up whole), plain and
    broken, read as the token reader reads them."""
    rng = random.Random(817)
    reader._INTERSECTIONS.clear()
    plain = 0
    for case in range(300):
        mazes = [maze for maze in (ref_arrow_maze.random_maze(rng, f"S{k}", min_dirs=1, max_dirs=1,
                                                               letters_weights=(10, 1, 0)) for k in range(4)) if maze]
        text = ref_arrow_maze.build_input(mazes)
        data = broken(rng, text) if case % 2 else text.encode()
        expected = outcome(data, careful=True)
        counted = careful_mazes[0]
        assert outcome(data) == expected, data
        plain += len(expected[0]) - (careful_mazes[0] - counted)
    assert len(reader._INTERSECTIONS) > 100 and plain > 300, (len(reader._INTERSECTIONS), plain)


def test_each_token_of_a_header_replaced_reads_as_the_token_reader_reads_it():
    """The name line and the entrance and goal line, each token replaced in turn (in maze 3 of 4)."""
    rng = random.Random(4)
    text = ref_arrow_maze.build_input([ref_arrow_maze.random_maze(rng, f"M{k}", kind="unsolvable") for k in range(4)])
    lines = text.split("\n")
    third = [i for i, line in enumerate(lines) if line == "M2"][0]
    checked = 0
    for line in (third, third + 1):
        words = lines[line].split(" ")
        for k in range(len(words)):
            for token in TOKENS:
                data = "\n".join([*lines[:line], " ".join([*words[:k], token, *words[k + 1:]]), *lines[line + 1:]])
                expected = outcome(data, careful=True)
                assert outcome(data.encode()) == expected, data
                checked += expected[1] is not None and len(expected[0]) == 2
    assert checked > 40


def test_every_error_comes_after_the_mazes_before_it():
    """A fault in maze k of many (chunks of input apart) is raised after mazes 1..k-1 are read."""
    rng = random.Random(23)
    text = mazes_text(rng, 60)
    starts = [i + 1 for i in range(len(text) - 1) if text[i] == "\n" and text[i + 1:i + 3] == "0\n"]
    for k in rng.sample(range(len(starts)), 8):
        data = (text[:starts[k]] + "0 1 NL *\n" + text[starts[k]:]).encode()  # "0" ends the maze early
        read, message = outcome(Trickle(data, 4096))
        assert (read, message) == outcome(data, careful=True)
        assert len(read) >= k + 1 and message is not None


def test_plain_mazes_are_all_taken_by_the_fast_path(careful_mazes):
    """Written plainly, every maze is matched whole, even across the edges of the pieces read."""
    rng = random.Random(9)
    for step in (1, 17, 1000, 1 << 16):
        mazes = []
        while len(mazes) < 40:
            maze = ref_arrow_maze.random_maze(rng, f"M{len(mazes)}")
            if maze is not None:
                mazes.append(maze)
        data = ref_arrow_maze.build_input(mazes).encode()
        read, message = outcome(Trickle(data, step))
        assert (read, message) == outcome(data, careful=True) and len(read) == 40
    assert careful_mazes[0] == 4 * 40  # the reference's reads: the fast path took every other maze


class Typed(io.RawIOBase):
    """Standard input at a terminal: the lines typed so far, then no more (a read would wait)."""

    def __init__(self, data: bytes):
        self.data = data

    def readable(self):
        return True

    def readinto(self, buffer):
        assert self.data, "read past what was typed: the reader waits for more"
        n = min(len(buffer), len(self.data))
        buffer[:n], self.data = self.data[:n], self.data[n:]
        return n


def first_outcome(data, **options):
    """The first maze read, or the message of the error that comes first."""
    try:
        return next(parse(data, **options))
    except InputError as exc:
        return str(exc)


@pytest.mark.parametrize("typed", [b"A\n1 1 E 1 2\n1 2 EF *\n0\n", b"A 1 1 E 1 2 0\n", b"A 1 1 E\n1 2\n0 ",
                                   b"A\n1 1 E 1 2\n1 2 EF *\n0 ", b"A\n1 1 E\t1 2\n0\n",
                                   # malformed: the token reader answers (an error, or the maze a row 0 ends)
                                   b"A\n0 1 N 2 2\n", b"A\n1 1 N 0 2\n", b"A\n1 1 N 2 2\n1 1 N *\n",
                                   b"A\n1 1 N 2 2\n1 1 NLL *\n", b"A\n1 1 N 2 2\n1 0 NL *\n",
                                   b"A\n1 1 N 2 2\n1234567890123456789 1 NL *\n", b"A\n1 1 N 2 2\n0 5 *\n"])
def test_a_maze_typed_is_answered_before_more_is_read(typed):
    """The fast path reads ahead only while the token reader would wait for more input too."""
    assert first_outcome(Typed(typed)) == first_outcome(typed + b"END\n", careful=True)
