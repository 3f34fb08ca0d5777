"""Property tests: random bytes and near-valid inputs never raise anything but InputError, and never hang.

Every input is fed three ways (bytes, a binary stream handing out a few bytes per read, and the
decoded text when it decodes) and all three must give the same answers and the same error line.
"""

from __future__ import annotations

import io
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stategraph import InputError, Settings, run
from stategraph.io.decode import decode_input
from stategraph.puzzles import PUZZLES, sample_text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALPHABET = "0123456789 \n\t\r#.SBTNSEWLFR*-ENDx"


class Trickle(io.RawIOBase):
    """A binary stream that hands out at most ``step`` bytes per read (chunk edges everywhere)."""

    def __init__(self, data: bytes, step: int):
        self.data, self.step, self.at = data, step, 0

    def readable(self):
        return True

    def read(self, n=-1):
        n = self.step if n is None or n < 0 else min(n, self.step)
        chunk = self.data[self.at:self.at + n]
        self.at += len(chunk)
        return chunk


def solve(puzzle: str, source) -> str:
    """The answers, then the error line if any; an InputError is the only acceptable failure."""
    answers = []
    try:
        for record in run(puzzle, source, Settings.of(puzzle, verify=True), "fuzz"):
            answers.append(record.text)
    except InputError as exc:
        message = str(exc)
        assert message.startswith("fuzz:") and "\n" not in message and len(message) < 400
        answers.append(message)
    return "".join(answers)


def parse_and_solve(puzzle: str, data: bytes) -> str:
    """Parse and solve ``data`` as bytes, as a trickling stream and (if it decodes) as text: same result."""
    result = solve(puzzle, data)
    assert solve(puzzle, Trickle(data, 3)) == result
    try:
        text = decode_input(data, "fuzz")
    except InputError as exc:  # the answers before the bad byte, then its error or one before it
        message = result[result.rindex("fuzz:"):]
        assert message == str(exc) or _where(message) < (exc.line, exc.column), (message, str(exc))
    else:
        assert solve(puzzle, text) == result
    return result


def _where(message: str) -> tuple:
    line, column = re.match(r"fuzz:(\d+)(?::(\d+))?: ", message).groups()
    return int(line), int(column or 0)


@FUZZ
@given(puzzle=st.sampled_from(sorted(PUZZLES)), data=st.binary(max_size=300))
def test_random_bytes(puzzle, data):
    parse_and_solve(puzzle, data)


@st.composite
def near_valid(draw):
    """A packaged sample with a few random edits: deletions, insertions, replacements."""
    puzzle = draw(st.sampled_from(sorted(PUZZLES)))
    text = list(sample_text(puzzle))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["delete", "insert", "replace"]))
        char = draw(st.sampled_from(ALPHABET))
        if edit == "insert" or position == len(text):
            text.insert(position, char)
        elif edit == "delete":
            del text[position]
        else:
            text[position] = char
    return puzzle, "".join(text).encode()


@FUZZ
@given(case=near_valid())
def test_near_valid_inputs(case):
    puzzle, data = case
    parse_and_solve(puzzle, data)


@FUZZ
@given(puzzle=st.sampled_from(sorted(PUZZLES)), cut=st.integers(0, 400))
def test_every_truncation_of_a_sample(puzzle, cut):
    text = sample_text(puzzle)
    result = parse_and_solve(puzzle, text[:cut].encode())
    if cut >= len(text.rstrip()):
        assert not result.startswith("fuzz:")
