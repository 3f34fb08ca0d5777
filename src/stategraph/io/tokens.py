"""Reading contest input: walking whitespace-separated tokens with positions (bytes are decoded
by :mod:`stategraph.io.decode`).

:class:`Tokens` reads lazily, in bounded chunks, only as far as the parser asks: a fault late in
a file is reported after every instance before it is answered, and a huge file costs one chunk
of memory. :mod:`stategraph.puzzles.arrow_maze.fast_tokens` adds fast paths for runs of simple tokens.

>>> t = Tokens("3 4\\n  x", "in.txt")
>>> t.integer("rows"), t.integer("columns")
(3, 4)
>>> t.integer("a count")
Traceback (most recent call last):
...
stategraph.errors.InputError: in.txt:2:3: expected a count (an integer), found 'x'

Bytes and binary streams are decoded as UTF-8 (a leading byte-order mark is skipped); CRLF, CR
and LF all end a line; only ASCII whitespace separates tokens.

>>> import io
>>> t = Tokens(io.BytesIO(b"\\xef\\xbb\\xbfA\\xc2\\xa0B\\r\\n  \\xd9\\xa1"), "in.txt")
>>> [(str(token), token.line, token.column) for token in (t.next("x"), t.next("y"))]
[('A\\xa0B', 1, 1), ('١', 2, 3)]
>>> t = Tokens(b"1 2\\n \\xff", "in.txt")
>>> t.integer("a"), t.integer("b")
(1, 2)
>>> t.at_end()
Traceback (most recent call last):
...
stategraph.errors.InputError: in.txt:2:2: byte 0xff is not valid UTF-8
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import InputError, shorten
from .decode import CHUNK_SIZE, bad_byte, text_pieces

MAX_TOKEN = 100_000   # longest token accepted (a legal one has at most a few hundred characters)
MAX_DIGITS = 18       # longest integer accepted, in digits (a sign not counted)
WHITESPACE = " \t\n\r\f\v"  # the only token separators

_TOKEN = re.compile(r"[^ \t\n\r\f\v]+")
_SEPARATOR = re.compile(r"[ \t\n\r\f\v]")
SPLIT_ONLY = re.compile("[\x1c-\x1f]")  # ASCII characters str.split() takes for whitespace, tokens do not
_INTEGER = re.compile(r"[+-]?([0-9]+)")
_UNREAD = object()
_new_str = str.__new__


class Token(str):
    """A token that remembers where it stood (1-based line and column)."""

    line: int
    column: int

    def __new__(cls, value: str, line: int, column: int):
        token = super().__new__(cls, value)
        token.line, token.column = line, column
        return token


class Tokens:
    """A lazy cursor over the tokens of ``data``, raising :class:`InputError` with positions.

    ``data`` is a ``str``, ``bytes`` or a file-like object whose ``read(n)`` returns either, read
    ``chunk_size`` at a time only when the next token is needed.  A ``str`` is taken as decoded
    (a byte-order mark kept); a token longer than ``max_token`` is an :class:`InputError`.
    Positions count characters; ``line`` (above 1): ``data`` is an input's rest from that line on.
    """

    def __init__(self, data, source: str = "<input>", *, chunk_size: int = CHUNK_SIZE,
                 max_token: int = MAX_TOKEN, line: int = 1):
        if chunk_size < 1 or max_token < 1:
            raise ValueError("chunk_size and max_token must be positive")
        self.source = source
        self.instance: int | None = None
        self._pieces: Iterator[str | int] = text_pieces(data, chunk_size, bom=line == 1)
        self._max_token = max_token
        self._parts: Sequence[str] = ()  # the current piece split at line ends (the first part continues a line)
        self._part = 0         # the next part to tokenize
        self._line = line      # the line of that part (at the end of input: the last line)
        self._col = 0          # characters of that line before self._carry
        self._carry: list[str] = []  # an unfinished token at the end of the pieces read so far, in pieces
        self._carry_len = 0
        self._done = False     # no more pieces will be read
        # where reading stopped: (message, line, column, whether it names the instance)
        self._fault: tuple[str, int, int, bool] | None = None
        # the tokens of the current part, handed out from index self._i
        self._matches: Sequence[re.Match[str]] | None = ()
        self._words: list[str] | None = None  # the same tokens as plain strings, when str.split() finds them
        self._text = ""  # the current part (its matches are found only when a token's position is needed)
        self._i = self._n = 0
        self._token_line = line
        self._token_base = 1   # column of the current part's first character
        self._peeked: Any = _UNREAD  # a Token, None (the end) or _UNREAD

    # -- the cursor -------------------------------------------------------------------------

    def at_end(self) -> bool:
        token = self._peeked
        if token is _UNREAD:
            token = self._peeked = self._read()
        return token is None

    def peek(self) -> Token | None:
        token = self._peeked
        if token is _UNREAD:
            token = self._peeked = self._read()
        return token

    def next(self, what: str) -> Token:
        token = self._peeked
        if token is _UNREAD:
            token = self._read()
        else:
            self._peeked = _UNREAD
        if token is None:
            raise self.error(f"unexpected end of input: expected {what}")
        return token

    def integer(self, what: str, low: int | None = None, high: int | None = None) -> int:
        """The next token as an integer: an optional sign and 1 to 18 ASCII digits."""
        token = self.next(what)
        if len(token) <= MAX_DIGITS and token.isdigit() and token.isascii():
            value = int(token)
        else:
            match = _INTEGER.fullmatch(token)
            if match is None:
                raise self.error(f"expected {what} (an integer), found {shorten(token)}", token)
            digits = match.end(1) - match.start(1)
            if digits > MAX_DIGITS:
                raise self.error(f"expected {what} (an integer of at most {MAX_DIGITS} digits), found a number "
                                 f"of {digits} digits: {shorten(token)}", token)
            value = int(token)
        if low is not None and value < low or high is not None and value > high:
            raise self.error(f"{what} must be {_range(low, high)}, found {value}", token)
        return value

    def instances(self, first: str, terminator: str):
        """Number the instances of a multi-instance input (1, 2, ...), checking each has begun; the
        caller stops the loop when it reads the ``terminator``."""
        number = 0
        while True:
            number += 1
            self.begin_instance(number, first, terminator)
            yield number

    def begin_instance(self, number: int, first: str, terminator: str) -> None:
        """Start instance ``number`` (errors name it); at the end of input, say what is missing."""
        self.instance = number
        if self.at_end():
            if number == 1:
                self.instance = None
                raise self.error(f"empty input: expected {first}")
            raise self.error(f"missing the {terminator} that ends the input")

    def expect_end(self, after: str) -> None:
        """Nothing but whitespace may follow ``after``."""
        token = self.peek()
        if token is not None:
            self.instance = None
            raise self.error(f"unexpected {shorten(token)} after {after}", token)

    def error(self, message: str, token: Token | None = None) -> InputError:
        """An :class:`InputError` at ``token`` (default: the next token, or the end of input), or
        the error that stops reading up to the next token."""
        if not isinstance(token, Token):
            try:
                token = self.peek()
            except InputError as exc:
                return exc
        if token is None:
            line, column = self._line, None
        else:
            line, column = token.line, token.column
        return InputError(message, source=self.source, line=line, column=column, instance=self.instance)

    # -- reading ----------------------------------------------------------------------------

    def _read(self) -> Token | None:
        i = self._i
        if i >= self._n:
            if not self._fill():
                return None
            i = 0
        matches = self._matches
        if matches is None:  # found by str.split(): now their positions
            matches = self._matches = list(_TOKEN.finditer(self._text))
        match = matches[i]
        self._i = i + 1
        token: Token = _new_str(Token, match.group())
        token.line = self._token_line
        token.column = self._token_base + match.start()
        return token

    def _fill(self) -> bool:
        """Make the next part that holds tokens current; False at the end of the input."""
        while True:
            parts = self._parts
            j = self._part
            if j < len(parts):
                self._part = j + 1
                if j:
                    self._line += 1
                    self._col = 0
                text = parts[j]
                if self._carry:
                    if len(parts) == 1 and not self._done and _SEPARATOR.search(text) is None:
                        self._carry.append(text)  # the piece only continues the unfinished token
                        self._carry_len += len(text)
                        if self._carry_len > self._max_token:
                            self._stop(self._too_long("".join(self._carry)), self._line, self._col + 1, True)
                        continue
                    text = "".join(self._carry) + text
                    self._carry, self._carry_len = [], 0
                base = self._col
                if j + 1 == len(parts) and not self._done:
                    # the pieces read so far end inside this line: keep an unfinished token back
                    cut = len(text.rstrip(WHITESPACE))
                    if cut == len(text) and cut:
                        cut = max(map(text.rfind, WHITESPACE)) + 1
                        self._carry, self._carry_len = [text[cut:]], len(text) - cut
                        text = text[:cut]
                        if self._carry_len > self._max_token:
                            self._stop(self._too_long(self._carry[0]), self._line, base + cut + 1, True)
                    self._col = base + len(text)
                if len(text) > self._max_token:
                    text = self._cut_long_token(text, base)
                if text.isascii() and SPLIT_ONLY.search(text) is None:
                    # str.split() separates exactly the tokens here (it also splits at \x1c-\x1f)
                    words = text.split()
                    if not words:
                        continue
                    self._words, self._matches, self._text = words, None, text
                    self._i, self._n = 0, len(words)
                else:
                    matches = list(_TOKEN.finditer(text))
                    if not matches:
                        continue
                    self._words, self._matches = None, matches
                    self._i, self._n = 0, len(matches)
                self._token_line, self._token_base = self._line, base + 1
                return True
            if self._done:
                if self._fault is not None:
                    message, line, column, named = self._fault
                    raise InputError(message, source=self.source, line=line, column=column,
                                     instance=self.instance if named else None)
                return False
            piece = next(self._pieces, None)
            if piece is None:  # the end of the input: the carried token is complete
                self._done = True
                self._parts, self._part = ("",), 0
            elif isinstance(piece, int):  # a byte that is not UTF-8, right after the carried text
                self._stop(bad_byte(piece), self._line, self._col + self._carry_len + 1, False)
            else:
                self._parts, self._part = piece.split("\n"), 0

    def _cut_long_token(self, text: str, base: int) -> str:
        """``text`` up to its first token longer than the limit, stopping the reading there."""
        for match in _TOKEN.finditer(text):
            if match.end() - match.start() > self._max_token:
                self._stop(self._too_long(match.group()), self._line, base + match.start() + 1, True)
                return text[:match.start()]
        return text

    def _stop(self, message: str, line: int, column: int, named: bool) -> None:
        """Read nothing more: once the tokens before it are handed out, raise this error."""
        self._fault = (message, line, column, named)
        self._carry, self._carry_len = [], 0
        self._done = True
        self._parts, self._part = (), 0
        self._pieces = iter(())

    def _too_long(self, token: str) -> str:
        """The message, quoting the token's first ``max_token + 1`` characters at most: as far as any
        reader has surely read it, whatever its chunks (the fast paths read further ahead)."""
        return f"a token longer than {self._max_token} characters: {shorten(token[:self._max_token + 1])}"


def _range(low, high) -> str:
    if low is not None and high is not None:
        return f"between {low} and {high}"
    return f"at least {low}" if low is not None else f"at most {high}"
