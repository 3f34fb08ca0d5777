"""Property tests: random bytes and near-valid inputs never raise anything but InputError, and never hang."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stategraph import PUZZLES, InputError, run, sample_text
from stategraph.textinput import decode_input

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALPHABET = "0123456789 \n\t\r#.SBTNSEWLFR*-ENDx"


def parse_and_solve(puzzle: str, data: bytes) -> str:
    """Decode, parse and solve; an InputError is the only acceptable failure."""
    try:
        return "".join(r.text for r in run(puzzle, decode_input(data, "fuzz"), {"verify": True}, "fuzz"))
    except InputError as exc:
        message = str(exc)
        assert message.startswith("fuzz:") and "\n" not in message
        return message


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
