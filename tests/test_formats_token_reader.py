"""The lazy token reader: same tokens and positions however the input arrives, bounded work and
memory on hostile input, and the answers before a bad spot kept."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stategraph import run
from stategraph.errors import InputError
from stategraph.io.decode import decode_input
from stategraph.io.tokens import CHUNK_SIZE, MAX_TOKEN, Token, Tokens
from stategraph.puzzles import pushing_boxes
from test_faults_input_errors import CASES

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# characters that stress the reader: ASCII separators, CR/LF, multi-byte UTF-8 of 2, 3 and 4 bytes,
# and Unicode spaces that must NOT separate tokens
ALPHABET = ["a", "B", "1", "0", "-", "*", " ", " ", "\t", "\n", "\n", "\r", "\r\n", "\f", "\v", "é", "€", "😀",
            "\u00a0", "\u3000", "\u2028", "\x85", "\x1c", "\ufeff", "١", "１"]


# -- an independent reference -----------------------------------------------------------------

def reference(data: bytes):
    """(tokens as (text, line, column), the end-of-input line) by a plain character scan."""
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return _scan(text)


def _scan(text: str):
    tokens, line, column, current, start = [], 1, 0, "", 0
    i = 0
    while i < len(text):
        ch = text[i]
        column += 1
        if ch in " \t\f\v\r\n":
            if current:
                tokens.append((current, line, start))
                current = ""
            if ch == "\r" and text[i + 1:i + 2] == "\n":
                i += 1
            if ch in "\r\n":
                line, column = line + 1, 0
        else:
            if not current:
                start = column
            current += ch
        i += 1
    if current:
        tokens.append((current, line, start))
    return tokens, line


def walk(tokens: Tokens):
    """Every token with its position, alternating peek and next as the parsers do."""
    out = []
    while not tokens.at_end():
        peeked = tokens.peek()
        token = tokens.next("a token")
        assert token is peeked and isinstance(token, Token)
        out.append((str(token), token.line, token.column))
    return out


class Trickle(io.RawIOBase):
    """A binary stream whose ``read`` hands out at most ``step`` bytes and records what it gave."""

    def __init__(self, data: bytes, step: int | None = None):
        self.data, self.step, self.given, self.calls = data, step, 0, 0

    def readable(self):
        return True

    def read(self, n=-1):
        self.calls += 1
        n = len(self.data) if n is None or n < 0 else n
        if self.step is not None:
            n = min(n, self.step)
        chunk = self.data[self.given:self.given + n]
        self.given += len(chunk)
        return chunk


def feeds(data: bytes):
    """The same input as str, bytes and streams cut into tiny reads, and str in tiny chunks."""
    yield "bytes", Tokens(data, "f")
    yield "BytesIO", Tokens(io.BytesIO(data), "f")
    for step in (1, 2, 3, 7):
        yield f"stream by {step}", Tokens(Trickle(data, step), "f")
        yield f"bytes in chunks of {step}", Tokens(data, "f", chunk_size=step)
    text = data.decode("utf-8-sig", "surrogateescape")  # a str is decoded text: its BOM is gone
    yield "str", Tokens(text, "f")
    yield "StringIO", Tokens(io.StringIO(text, newline=""), "f")
    for step in (1, 2, 3):
        yield f"str in chunks of {step}", Tokens(text, "f", chunk_size=step)


texts = st.lists(st.sampled_from(ALPHABET), max_size=60).map("".join)


@PROPERTY
@given(text=texts, bom=st.booleans())
def test_tokens_and_positions_match_a_plain_scan_whatever_the_feed(text, bom):
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode()
    expected, last_line = reference(data)
    for label, tokens in feeds(data):
        assert walk(tokens) == expected, label
        end = tokens.error("the end")
        assert (end.line, end.column) == (last_line, None), label
        assert tokens.peek() is None and tokens.at_end(), label  # the end stays the end


@PROPERTY
@given(text=texts, cut=st.integers(0, 200), bad=st.sampled_from([b"\xff", b"\xfe", b"\x80", b"\xc3", b"\xe2\x82",
                                                                   b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf"]),
       tail=texts)
def test_a_bad_byte_is_reported_where_it_stands_after_the_tokens_before_it(text, cut, bad, tail):
    head = text.encode()
    head = head[:min(cut, len(head))]
    head = head.decode("utf-8", "ignore").encode()  # whole characters only
    data = head + bad + tail.encode()
    start = _first_bad(data)
    prefix = data[:start].decode("utf-8")
    expected, line = reference(prefix.encode())
    if expected and prefix and prefix[-1] not in " \t\f\v\r\n":
        expected.pop()  # the token that runs into the bad byte is not a token
    unmarked = prefix[1:] if prefix.startswith("\ufeff") else prefix
    lines = unmarked.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    column = len(lines[-1]) + 1
    message = f"f:{line}:{column}: byte 0x{data[start]:02x} is not valid UTF-8"
    for label, tokens in feeds(data):
        if label.startswith(("str", "StringIO")):
            continue
        got = []
        with pytest.raises(InputError) as caught:
            while not tokens.at_end():
                token = tokens.next("x")
                got.append((str(token), token.line, token.column))
        assert got == expected, label
        assert str(caught.value) == message, label
        with pytest.raises(InputError) as again:  # the reader stays stuck at the bad byte
            tokens.peek()
        assert str(again.value) == message
    with pytest.raises(InputError) as whole:
        decode_input(data, "f")
    assert str(whole.value) == message


def _first_bad(data: bytes) -> int:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start
    raise AssertionError("no bad byte")


@PROPERTY
@given(text=texts, bom=st.booleans())
def test_decode_input_agrees_with_the_reader(text, bom):
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode()
    decoded = decode_input(data, "f")
    expected = data.decode("utf-8")
    expected = expected[1:] if expected.startswith("\ufeff") else expected
    assert decoded == expected.replace("\r\n", "\n").replace("\r", "\n")
    assert walk(Tokens(decoded, "f")) == reference(data)[0]


# -- line ends and byte-order marks -----------------------------------------------------------

LF = b"3 4\n\nab  c\n\t x\n"
EXPECTED_LF = [("3", 1, 1), ("4", 1, 3), ("ab", 3, 1), ("c", 3, 5), ("x", 4, 3)]


@pytest.mark.parametrize("data", [LF, LF.replace(b"\n", b"\r\n"), LF.replace(b"\n", b"\r"), b"\xef\xbb\xbf" + LF,
                                  b"\xef\xbb\xbf" + LF.replace(b"\n", b"\r\n")])
def test_bom_crlf_and_cr_files_read_like_lf_files(data):
    for label, tokens in feeds(data):
        assert walk(tokens) == EXPECTED_LF, label
        assert tokens.error("end").line == 5, label


def test_a_bom_is_skipped_only_at_the_very_start_of_bytes():
    assert walk(Tokens(b"a \xef\xbb\xbfb")) == [("a", 1, 1), ("\ufeffb", 1, 3)]
    assert walk(Tokens(Trickle(b"\xef\xbb\xbf\xef\xbb\xbfb", 1))) == [("\ufeffb", 1, 1)]
    assert walk(Tokens("\ufeffb")) == [("\ufeffb", 1, 1)]  # a str is already decoded


# -- laziness ----------------------------------------------------------------------------------

def test_nothing_is_read_before_it_is_needed_and_a_bad_tail_waits_its_turn():
    stream = Trickle(b"1 3\nSBT\n" + b"\xff" * 10**6)
    tokens = Tokens(stream, "f")
    assert stream.given == 0
    assert [tokens.integer("r"), tokens.integer("c"), tokens.next("row")] == [1, 3, "SBT"]
    assert stream.given <= CHUNK_SIZE
    with pytest.raises(InputError, match=r"^f:3:1: byte 0xff is not valid UTF-8$"):
        tokens.next("a header")
    assert stream.given <= CHUNK_SIZE


def test_a_long_valid_input_is_read_only_as_far_as_asked():
    stream = Trickle(b"1 2 3\n" * 10**6)
    tokens = Tokens(stream, "f")
    assert [tokens.integer("n") for _ in range(6)] == [1, 2, 3, 1, 2, 3]
    assert tokens.peek().line == 3
    assert stream.given <= CHUNK_SIZE


def test_the_maze_before_a_bad_byte_is_parsed_before_the_error():
    mazes = pushing_boxes.parse(io.BytesIO(b"1 3\nSBT\n1 3\nSB\xff\n0 0\n"), "f")
    assert next(mazes).rows == ("SBT",)
    with pytest.raises(InputError) as caught:
        next(mazes)
    assert str(caught.value) == "f:4:3: byte 0xff is not valid UTF-8"


def test_the_answer_before_a_bad_byte_is_given_before_the_error():
    answers = run("pushing_boxes", io.BytesIO(b"1 3\nSBT\n1 3\nSB\xff\n0 0\n"), source="f")
    assert next(answers).text == "Maze #1\nE\n\n"
    with pytest.raises(InputError, match=r"^f:4:3: byte 0xff"):
        next(answers)


@pytest.mark.parametrize("puzzle,data,stdout,message", CASES)
def test_the_cli_error_cases_read_the_same_from_a_binary_stream(puzzle, data, stdout, message):
    """What the CLI will print once it hands the raw stream to the parsers."""
    answers = []
    with pytest.raises(InputError) as caught:
        for record in run(puzzle, Trickle(data, 5), source="input.txt"):
            answers.append(record.text)
    assert ("".join(answers), str(caught.value)) == (stdout, message)


# -- hostile tokens ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,message", [
    ("\u0661\u0662 3", "f:1:1: expected the row count (an integer), found '\u0661\u0662'"),
    ("\uff11\uff12 3", "f:1:1: expected the row count (an integer), found '\uff11\uff12'"),
    ("1\u00a02 3", "f:1:1: expected the row count (an integer), found '1\\xa02'"),
    ("1\u30002", "f:1:1: expected the row count (an integer), found '1\\u30002'"),  # repr shows it
    ("\u00b2", "f:1:1: expected the row count (an integer), found '\u00b2'"),
    ("1_000", "f:1:1: expected the row count (an integer), found '1_000'"),
    (" 0x1f", "f:1:2: expected the row count (an integer), found '0x1f'"),
    ("1234567890123456789", "f:1:1: expected the row count (an integer of at most 18 digits), found a number "
                            "of 19 digits: '1234567890123456789'"),
    ("+0000000000000000000", "f:1:1: expected the row count (an integer of at most 18 digits), found a number "
                             "of 19 digits: '+0000000000000000000'"),
    ("-7", "f:1:1: the row count must be at least 0, found -7"),
])
def test_only_ascii_digits_make_an_integer(text, message):
    with pytest.raises(InputError) as caught:
        Tokens(text.encode(), "f").integer("the row count", 0)
    assert str(caught.value) == message


@pytest.mark.parametrize("text,value", [("0", 0), ("+12", 12), ("-12", -12), ("007", 7),
                                        ("999999999999999999", 10**18 - 1), ("-000000000000000001", -1)])
def test_integers_up_to_18_digits_are_read(text, value):
    assert Tokens(f"  {text}\n", "f").integer("n") == value


def test_a_5000_digit_number_is_one_bounded_error():
    with pytest.raises(InputError) as caught:
        Tokens(b"1" * 5000, "f").integer("the row count")
    message = str(caught.value)
    assert message.startswith("f:1:1: expected the row count (an integer of at most 18 digits), found a number "
                              "of 5000 digits: '111")
    assert len(message) < 200


def test_unicode_spaces_are_part_of_a_token():
    text = "a\u00a0b\u3000c\u2028d\x85e\x1cf g"
    assert [t for t, _, _ in walk(Tokens(text))] == ["a\u00a0b\u3000c\u2028d\x85e\x1cf", "g"]


@pytest.mark.parametrize("step", [None, 4096, 7])
def test_a_megabyte_token_is_one_bounded_error_at_its_start(step):
    stream = Trickle(b"1 2\n3 " + b"x" * 10**6 + b" 4\n", step)
    tokens = Tokens(stream, "f")
    tokens.instance = 2
    assert [tokens.integer("n") for _ in range(3)] == [1, 2, 3]
    with pytest.raises(InputError) as caught:
        tokens.next("a row")
    message = str(caught.value)
    assert message == f"f:2:3: instance 2: a token longer than {MAX_TOKEN} characters: '{'x' * 60}..."
    if step is not None:
        assert stream.given <= MAX_TOKEN + 2 * CHUNK_SIZE
    with pytest.raises(InputError):
        tokens.at_end()
    assert tokens.error("anything").message == message.split(": ", 2)[2]


def test_a_token_just_under_the_bound_is_read():
    tokens = Tokens(io.BytesIO(b"a " + b"y" * MAX_TOKEN + b"\nb"))
    assert [len(t) for t in (tokens.next("a"), tokens.next("y"), tokens.next("b"))] == [1, MAX_TOKEN, 1]


def test_a_long_token_inside_one_chunk_is_caught_too():
    tokens = Tokens("a " + "z" * 50 + " b", "f", chunk_size=1000, max_token=20)
    assert tokens.next("a") == "a"
    with pytest.raises(InputError, match=r"^f:1:3: a token longer than 20 characters: 'z{20}"):
        tokens.next("z")


def test_echoed_tokens_are_shortened():
    tokens = Tokens("0 0 " + "q" * 5000)
    tokens.integer("r"), tokens.integer("c")
    with pytest.raises(InputError) as caught:
        tokens.expect_end("the '0 0' line")
    assert str(caught.value) == f"<input>:1:5: unexpected '{'q' * 60}... after the '0 0' line"
    tokens = Tokens("w" * 5000)
    with pytest.raises(InputError) as caught:
        tokens.integer("n")
    assert str(caught.value) == f"<input>:1:1: expected n (an integer), found '{'w' * 60}..."


# -- a 10 MB file in 512 MB of address space -----------------------------------------------------

HUGE_JUNK = {
    "junk tokens": (b"#@! %$ ", "expected the row count (an integer), found '#@!'"),
    "one line of numbers": (b"7 ", "maze of 7 x 7 exceeds the limit of 5 x 5 (max_rows, max_cols)"),
    "no whitespace": (b"x", f"a token longer than {MAX_TOKEN} characters: '{'x' * 60}..."),
    "bad bytes": (b"\xff", "byte 0xff is not valid UTF-8"),
}


@pytest.mark.parametrize("kind", sorted(HUGE_JUNK))
def test_a_10_mb_hostile_file_fails_at_its_start_reading_little(kind, tmp_path):
    unit, message = HUGE_JUNK[kind]
    path = tmp_path / "huge.txt"
    path.write_bytes(unit * (10 * 2**20 // len(unit)))
    script = textwrap.dedent("""
        import resource, sys
        from stategraph.errors import InputError
        from stategraph.puzzles import pushing_boxes
        resource.setrlimit(resource.RLIMIT_AS, (512 * 2**20, 512 * 2**20))
        with open(sys.argv[1], "rb") as handle:
            try:
                list(pushing_boxes.parse(handle, "huge.txt", {"max_rows": 5, "max_cols": 5}))
            except InputError as exc:
                print(exc)
            print(handle.tell())
    """)
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    line, read = done.stdout.splitlines()
    named = "" if kind == "bad bytes" else "instance 1: "
    assert line == f"huge.txt:1:1: {named}{message}"
    assert len(line) < 200
    assert int(read) <= MAX_TOKEN + 2 * CHUNK_SIZE


# -- the API around the cursor -------------------------------------------------------------------

def test_text_mode_streams_and_bytearrays_are_accepted():
    assert walk(Tokens(io.StringIO("a\r\nb"))) == [("a", 1, 1), ("b", 2, 1)]
    assert walk(Tokens(bytearray(b"a\r\nb"))) == [("a", 1, 1), ("b", 2, 1)]
    with pytest.raises(TypeError):
        Tokens(12)


def test_end_of_input_messages_name_the_last_line():
    tokens = Tokens(b"1 3\nSBT\n", "input.txt")
    mazes = tokens.instances("a maze header", "'0 0' line")
    assert next(mazes) == 1
    tokens.integer("r"), tokens.integer("c"), tokens.next("row")
    with pytest.raises(InputError) as caught:
        next(mazes)
    assert str(caught.value) == "input.txt:3: instance 2: missing the '0 0' line that ends the input"
    with pytest.raises(InputError, match=r"^input.txt:3: instance 2: unexpected end of input: expected r$"):
        tokens.next("r")


def test_error_defaults_to_the_next_token():
    tokens = Tokens("a\n  b", "f")
    tokens.next("a")
    assert str(tokens.error("here")) == "f:2:3: here"
    assert str(tokens.error("there", tokens.peek())) == "f:2:3: there"
    assert tokens.next("b") == "b"


def test_token_is_a_str_with_a_position():
    token = Token("ab", 3, 4)
    assert token == "ab" and isinstance(token, str) and (token.line, token.column) == (3, 4)
    assert re.fullmatch("ab", token)
