"""The fast paths of :class:`FastTokens` against the plain reader: on random inputs, read in
lockstep with a plain :class:`Tokens`, every run a fast path takes is what the plain reader reads
there (same tokens, lines and values), and every token, error and position after it is the same."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from stategraph.errors import InputError
from stategraph.io.tokens import Token, Tokens
from stategraph.puzzles.arrow_maze.fast_tokens import MAX_LOOKAHEAD, FastTokens
from test_formats_fuzzed_parsers import Trickle

PROPERTY = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KNOWN = {"a": 1, "b": 2, "ab": 3, "é": 4}
STOP = "*"
WORDS = ["1", "2", "0", "07", "12", "9" * 18, "9" * 19, "-3", "+4", "a", "b", "ab",
         "é", "*", "*", "*", "x", "a*", "١"]
SEPARATORS = [" ", " ", "\n", "\n", "\n", "\r\n", "\r", "\t", "\x1c", "\u00a0"]


def plain_number(token: str, positive: bool) -> bool:
    return token.isascii() and token.isdigit() and len(token) <= 18 and not (positive and token[0] == "0")


def take_run(plain: Tokens, numbers: list, values: list, positive: bool) -> list:
    """Read with the plain reader the run a fast path took; its tokens, checked against the run."""
    tokens = [plain.next("a token") for _ in range(len(numbers) + len(values) + 1)]
    lead, words, stop = tokens[:len(numbers)], tokens[len(numbers):-1], tokens[-1]
    assert all(plain_number(t, positive) for t in lead) and [int(t) for t in lead] == numbers
    assert STOP not in words and [KNOWN[t] for t in words] == values
    assert stop == STOP
    assert len({t.line for t in tokens}) == 1, "a run stands on one line"
    return tokens


def lockstep(data: bytes, ops: list, step: int, chunk: int, max_token: int) -> dict:
    """Run ``ops`` on a FastTokens, each plain read mirrored on a Tokens fed the same way (a token
    too long is quoted as far as it was read); returns how many tokens each fast path took."""
    fast = FastTokens(Trickle(data, step), "in.txt", chunk_size=chunk, max_token=max_token)
    plain = Tokens(Trickle(data, step), "in.txt", chunk_size=chunk, max_token=max_token)
    taken = {"records": 0, "scan_through": 0, "words_through": 0, "skip_lines": 0}
    ops = [*ops, *[("next", 0, 0)] * (len(data) + 1)]  # then read the rest one by one
    for op, lead, most in ops:
        try:
            if op == "next":
                token = fast.next("a token")
            elif op == "rest_of_line":  # reads to the end of the next token's line, as a slow path does
                line = None
                while (expected := _peek(plain)) is not None and line in (None, getattr(expected, "line", 0)):
                    token = fast.next("a token")  # where the plain reader fails, so does this
                    assert isinstance(expected, Token) and (str(token), token.line, token.column) == (
                        str(expected), expected.line, expected.column)
                    line = plain.next("a token").line
            elif op == "probe":
                message = str(fast.error("a probe"))
            elif op == "records":
                found = fast.records(STOP, KNOWN, lead, most)
            elif op in ("scan_through", "scan_peek"):
                scanned = fast.scan_through(STOP, KNOWN, lead)
            elif op == "more_lines":
                fast.more_lines()
            elif op == "skip_lines":
                skipped = skip_lines(fast, lead)
            else:
                values = fast.words_through(STOP, KNOWN)
        except InputError as exc:  # the plain reader stops at the same error
            try:
                plain.next("a token")
            except InputError as plain_exc:
                assert str(exc) == str(plain_exc)
                return taken
            raise AssertionError(f"the fast reader stopped early: {exc}") from None
        if op == "next":
            expected = plain.next("a token")
            assert (str(token), token.line, token.column) == (str(expected), expected.line, expected.column)
        elif op == "probe":
            assert message == str(plain.error("a probe"))
        elif op == "records":
            assert len(found) <= most
            last = None
            for numbers, values in found:
                assert len(numbers) == lead
                tokens = take_run(plain, numbers, values, positive=True)
                assert last is None or tokens[0].line > last, "one record a line"
                assert tokens[0].column == 1 or not data.replace(b"\r", b"\n").split(b"\n")[tokens[0].line - 1][
                    :tokens[0].column - 1].strip(b" \t\f\v")
                last = tokens[0].line
                taken[op] += len(tokens)
            if found:  # whole lines: nothing else stood on the last record's line
                after = plain.peek() if not _faulty(plain) else None
                assert after is None or after.line > last
        elif op in ("scan_through", "scan_peek") and scanned is not None:
            numbers, values, end = scanned
            assert len(numbers) == lead
            if op == "scan_through":
                fast.advance(end)
                taken[op] += len(take_run(plain, numbers, values, positive=False))
        elif op == "words_through" and values is not None:
            taken[op] += len(take_run(plain, [], values, positive=False))
        elif op == "skip_lines":
            assert [str(plain.next("a token")) for _ in skipped] == skipped
            taken[op] += len(skipped)
    raise AssertionError("the input did not end")


def skip_lines(fast: FastTokens, lines: int) -> list:
    """Skip up to ``lines`` of the whole lines ahead; the tokens they held."""
    text, start = fast.whole_lines()
    assert not text[start:] or text.endswith("\n")
    ends = [match.end() for match in re.finditer("\n", text[start:])][:lines]
    if not ends:
        return []
    end = start + ends[-1]
    fast.skip_lines(end)
    return re.findall(r"[^ \t\n\r\f\v]+", text[start:end])


def _peek(tokens: Tokens) -> Token | str | None:
    """The next token, or the error reading it (as text)."""
    try:
        return tokens.peek()
    except InputError as exc:
        return str(exc)


def _faulty(tokens: Tokens) -> bool:
    try:
        tokens.peek()
    except InputError:
        return True
    return False


@st.composite
def inputs(draw):
    """Lines of random tokens or of records (``r c words *``, now and then with a token replaced)."""
    lines = ["start"] if draw(st.integers(0, 3)) else []
    for _ in range(draw(st.integers(0, 10))):
        if draw(st.integers(0, 3)):
            number = st.sampled_from(["1", "2", "3", "12"] * 3 + ["0", "07", "9" * 18, "9" * 19])
            words = [draw(number), draw(number),
                     *draw(st.lists(st.sampled_from(["a", "b", "ab"] * 3 + ["é"]), max_size=3)), STOP]
            if draw(st.integers(0, 5)) == 0:
                words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(WORDS))
        else:
            words = draw(st.lists(st.sampled_from(WORDS), max_size=6))
        lines.append("".join(word + draw(st.sampled_from([" "] * 30 + ["\t", "\x1c", "\u00a0"])) for word in words))
    data = "".join(line + draw(st.sampled_from(SEPARATORS[2:6])) for line in lines).encode()
    if draw(st.integers(0, 5)) == 0 and data:  # a byte that is not UTF-8 somewhere
        at = draw(st.integers(0, len(data)))
        data = data[:at] + b"\xff" + data[at:]
    return data


# what a parser does at a line: a fast path (records, mostly at a line's start), the integers then
# the words fast path, or plain reads
STEP = st.one_of(
    st.tuples(st.sampled_from(["records", "scan_through", "scan_peek"]), st.sampled_from([0, 1, 2, 2]),
              st.integers(0, 4)).map(lambda op: [op]),
    st.tuples(st.just("records"), st.just(2), st.integers(1, 4)).map(lambda op: [("rest_of_line", 0, 0), op]),
    st.just([("next", 0, 0), ("next", 0, 0), ("words_through", 0, 0)]),
    st.lists(st.tuples(st.sampled_from(["more_lines", "skip_lines", "skip_lines"]), st.integers(0, 4), st.just(0)),
             min_size=1, max_size=4),
    st.lists(st.sampled_from([("next", 0, 0), ("rest_of_line", 0, 0), ("probe", 0, 0)]), min_size=1, max_size=3))
OPS = st.lists(STEP, max_size=20).map(lambda steps: [("next", 0, 0), *(op for step in steps for op in step)])


# (bytes per read, chunk size): whole lines at once mostly (where records can take them), else cut short
FEEDS = st.sampled_from([(4096, 4096)] * 5 + [(1, 1), (3, 5), (8, 16), (64, 64), (4096, 5), (4096, 64)])


@PROPERTY
@given(data=inputs(), ops=OPS, feed=FEEDS, max_token=st.sampled_from([3, 20, 100_000]))
@example(data=b"start\n1 2 a *\n\xff", ops=[("next", 0, 0), ("more_lines", 0, 0)], feed=(4096, 4096),
         max_token=100_000)  # the piece after the lines read ahead is a byte that is not UTF-8
def test_the_fast_paths_read_what_the_plain_reader_reads(data, ops, feed, max_token):
    lockstep(data, ops, *feed, max_token)


def test_each_fast_path_takes_runs():
    """The property above is not vacuous: on simple record lines every fast path takes tokens."""
    rng = random.Random(816)
    taken = {"records": 0, "scan_through": 0, "words_through": 0, "skip_lines": 0}
    for _ in range(500):
        numbers = ["1", "2", "12", "0", "07", "999999999999999999", "9999999999999999999"]
        lines = [" ".join([*rng.choices(numbers, weights=(9, 9, 9, 1, 1, 1, 1), k=2),
                           *rng.choices(["a", "b", "ab", "x"], weights=(3, 3, 3, 1), k=rng.randint(0, 3)), "*"])
                 for _ in range(6)]
        data = ("start\n" + "\n".join(lines) + "\n").encode()
        ops = [("next", 0, 0)]
        for path in rng.choices(list(taken), k=6):
            if path == "words_through":
                ops += [("next", 0, 0), ("next", 0, 0), (path, 0, 0)]
            elif path == "skip_lines":
                ops += [("more_lines", 0, 0), (path, 2, 0)]
            else:
                ops.append((path, 2, 3))
        for path, count in lockstep(data, ops, rng.randint(1, 64), rng.choice([7, 64, 4096]), 100_000).items():
            taken[path] += count
    assert min(taken.values()) > 300, taken


def test_more_lines_reads_at_most_a_bounded_amount_ahead():
    """A line as long as many chunks, or many lines after a token too long, are read ahead only
    up to MAX_LOOKAHEAD characters."""
    chunk = 1 << 16
    for data, lines in ((b"x " * MAX_LOOKAHEAD + b"\n", ""),
                        (b"a\n" + b"x" * 200_000 + b"\nb\n" * MAX_LOOKAHEAD, "a\n")):
        stream = Trickle(data, chunk)
        fast = FastTokens(stream, "in.txt")
        while fast.more_lines():
            pass
        assert MAX_LOOKAHEAD - chunk < stream.at <= MAX_LOOKAHEAD + 2 * chunk
        text, start = fast.whole_lines()
        assert text[start:] == lines  # none after the token too long
    assert fast.next("x") == "a"  # then the reader reports the token too long, where it stands
    with pytest.raises(InputError, match="^in.txt:2:1: a token longer than 100000 characters"):
        fast.next("x")
