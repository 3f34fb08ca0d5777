"""Reading contest text: decoding bytes and walking whitespace-separated tokens with positions.

>>> t = Tokens("3 4\\n  x", "in.txt")
>>> t.integer("rows"), t.integer("columns")
(3, 4)
>>> t.integer("a count")
Traceback (most recent call last):
...
stategraph.errors.InputError: in.txt:2:3: expected a count (an integer), found 'x'
"""

from __future__ import annotations

import re

from .errors import InputError

_TOKEN = re.compile(r"\S+")


def decode_input(data: bytes, source: str) -> str:
    """UTF-8 text without a byte-order mark; CRLF and CR line ends become LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"byte 0x{data[exc.start]:02x} is not valid UTF-8", source=source,
                         line=line, column=column) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


class Token(str):
    """A token that remembers where it stood (1-based line and column)."""

    line: int
    column: int

    def __new__(cls, value: str, line: int, column: int):
        token = super().__new__(cls, value)
        token.line, token.column = line, column
        return token


class Tokens:
    """A cursor over the tokens of ``text``, raising :class:`InputError` with positions."""

    def __init__(self, text: str, source: str = "<input>"):
        self.source = source
        self.instance = None
        self.items = []
        for number, line in enumerate(text.split("\n"), start=1):
            for match in _TOKEN.finditer(line):
                self.items.append(Token(match.group(), number, match.start() + 1))
        self.index = 0
        self.last_line = text.count("\n") + 1

    def at_end(self) -> bool:
        return self.index >= len(self.items)

    def peek(self) -> Token | None:
        return None if self.at_end() else self.items[self.index]

    def next(self, what: str) -> Token:
        if self.at_end():
            raise self.error(f"unexpected end of input: expected {what}")
        token = self.items[self.index]
        self.index += 1
        return token

    def integer(self, what: str, low: int | None = None, high: int | None = None) -> int:
        token = self.next(what)
        if not re.fullmatch(r"[+-]?\d+", token):
            raise self.error(f"expected {what} (an integer), found {_shown(token)}", token)
        value = int(token)
        if low is not None and value < low or high is not None and value > high:
            raise self.error(f"{what} must be {_range(low, high)}, found {value}", token)
        return value

    def instances(self, first: str, terminator: str):
        """Number the instances of a multi-instance input (1, 2, ...), checking each has begun.

        The caller stops the loop when it reads the ``terminator``.
        """
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
        if not self.at_end():
            self.instance = None
            raise self.error(f"unexpected {self.peek()!r} after {after}", self.peek())

    def error(self, message: str, token: Token | None = None) -> InputError:
        if token is None:
            line, column = (self.items[self.index].line, self.items[self.index].column) \
                if not self.at_end() else (self.last_line, None)
        else:
            line, column = token.line, token.column
        return InputError(message, source=self.source, line=line, column=column, instance=self.instance)


def _shown(token: str) -> str:
    return repr(token if len(token) <= 30 else token[:27] + "...")


def _range(low, high) -> str:
    if low is not None and high is not None:
        return f"between {low} and {high}"
    return f"at least {low}" if low is not None else f"at most {high}"
