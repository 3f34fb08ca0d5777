"""Fast paths for the token reader: :class:`FastTokens` takes a run of simple tokens (integers,
words of a known set, a stop word) in one call.  A fast path that cannot take its run consumes
nothing, so the caller reads those tokens one by one and every error is the plain reader's.

>>> t = FastTokens("1\\n2 3 a b *\\n4 5 b *\\n0\\n", "in.txt")
>>> t.integer("one"), t.records("*", {"a": 1, "b": 2}, 2, 10), t.integer("zero")
(1, [([2, 3], [1, 2]), ([4, 5], [2])], 0)
"""

from __future__ import annotations

import re
from functools import cache
from itertools import chain

from ...io.tokens import _UNREAD, MAX_DIGITS, SPLIT_ONLY, WHITESPACE, Tokens

MAX_LOOKAHEAD = 1 << 20  # characters :meth:`FastTokens.more_lines` reads ahead of the reader at most


class FastTokens(Tokens):
    """:class:`~stategraph.io.tokens.Tokens` with fast paths for runs of simple tokens."""

    # what whole_lines joined last: [the parts, the part standing at start, their text, start]
    _lines: list | None = None

    def words_through(self, stop: str, known: dict) -> list | None:
        """``[known[w] for w in words]`` for the tokens before the next ``stop``, consuming them and
        ``stop``, when all are on the line read so far and keys of ``known``; else ``None``.

        >>> t = FastTokens("a b * c", "in.txt")
        >>> t.words_through("*", {"a": 1, "b": 2}), t.next("x")
        ([1, 2], 'c')
        >>> t = FastTokens("a x *", "in.txt")
        >>> t.words_through("*", {"a": 1}), t.next("x")
        (None, 'a')
        """
        found = self.scan_through(stop, known)
        if found is None:
            return None
        self.advance(found[2])
        return found[1]

    def scan_through(self, stop: str, known: dict, lead: int = 0) -> tuple | None:
        """Look ahead, consuming nothing: ``(numbers, values, end)`` when ``lead`` plain integers, then
        keys of ``known`` up to ``stop`` are on the line read so far (``advance(end)`` consumes
        them); else ``None``.

        >>> t = FastTokens("3 4 a b * c", "in.txt")
        >>> numbers, values, end = t.scan_through("*", {"a": 1, "b": 2}, lead=2)
        >>> numbers, values, t.advance(end), t.next("x")
        ([3, 4], [1, 2], None, 'c')
        """
        if self._peeked is not _UNREAD:
            return None
        i = self._i
        if i >= self._n:  # the tokens read so far are used up: read the next part of the line
            if not self._fill():
                return None
            i = 0
        n = self._n
        if i + lead >= n:
            return None
        words = self._words
        if words is None:
            words = [match.group() for match in self._matches]  # type: ignore[union-attr]
        numbers: list[int] = []
        for j in range(i, i + lead):
            word = words[j]
            if not (word.isdigit() and word.isascii() and len(word) <= MAX_DIGITS):
                return None
            numbers.append(int(word))
        values: list = []
        append = values.append
        get = known.get
        for j in range(i + lead, n):
            word = words[j]
            if word == stop:
                return numbers, values, j + 1
            value = get(word)
            if value is None:
                return None
            append(value)
        return None

    def records(self, stop: str, known: dict, lead: int, most: int) -> list:
        """``[(numbers, values), ...]`` for at most ``most`` whole lines ahead that each hold ``lead``
        positive integers (no leading zero), keys of ``known``, then ``stop``; consumes them and
        stops at the first other line.

        >>> t = FastTokens("x\\n1 2 a *\\n3 4 b a *\\n5 6 c *\\n7\\n", "in.txt")
        >>> t.next("x"), t.records("*", {"a": 1, "b": 2}, 2, 10), t.integer("five")
        ('x', [([1, 2], [1]), ([3, 4], [2, 1])], 5)
        """
        found: list = []
        if self._peeked is not _UNREAD or self._i < self._n or self._carry or most <= 0:
            return found
        parts = self._parts
        j = self._part
        if j == 0:  # this part continues a line begun in the text read before
            return found
        last = len(parts) - 1  # the last part may be cut short: left to _fill
        line = self._line
        get = known.get
        while j < last and len(found) < most:
            text = parts[j]
            if len(text) > self._max_token or not text.isascii() or SPLIT_ONLY.search(text) is not None:
                break
            words = text.split()
            if len(words) <= lead or words[-1] != stop:
                break
            numbers = []
            for word in words[:lead]:
                if not word.isdigit() or word[0] == "0" or len(word) > MAX_DIGITS:
                    break
                numbers.append(int(word))
            if len(numbers) < lead:
                break
            values = [get(word) for word in words[lead:-1]]
            if None in values:
                break
            found.append((numbers, values))
            j += 1
            line += 1
        if found:
            self._part, self._line, self._col = j, line, 0
            self._i = self._n = 0
        return found

    def advance(self, end: int) -> None:
        """Consume the tokens a :meth:`scan_through` just looked at (``end`` as it returned)."""
        self._i = end

    # -- whole lines, for a parser that matches many lines at once ------------------------------

    def whole_lines(self) -> tuple[str, int]:
        """``(text, start)``: ``text[start:]`` is the complete lines ahead read so far, when the reader
        stands at a line start (else ``("", 0)``); nothing is consumed (:meth:`skip_lines`).  A
        line with a token too long ends them.

        >>> t = FastTokens("a b\\nc\\nd", "in.txt")
        >>> t.whole_lines(), t.more_lines(), t.whole_lines()
        (('', 0), True, ('a b\\nc\\n', 0))
        >>> t.skip_lines(4); t.next("x")
        'c'
        >>> text, start = t.whole_lines(); text[start:]
        ''

        """
        if not self._at_line_start():
            return "", 0
        parts, j = self._parts, self._part
        cached = self._lines
        if cached is None or cached[0] is not parts or j < cached[1]:
            text = "\n".join(parts[j:-1]) + "\n" if j < len(parts) - 1 else ""
            if len(text) > self._max_token:  # lines up to the first token too long (for the reader to report)
                long = _long_token(self._max_token).search(text)
                if long is not None:
                    text = text[:text.rfind("\n", 0, long.start()) + 1]
            cached = self._lines = [parts, j, text, 0]
        text, start = cached[2], cached[3]
        if cached[1] < j:  # the plain reader read lines since: skip them here too
            start += sum(map(len, parts[cached[1]:j])) + j - cached[1]
            cached[1], cached[3] = j, start
        return text, start

    def skip_lines(self, end: int) -> None:
        """Consume the lines ahead up to ``end``, a place just after a line feed in the text
        :meth:`whole_lines` returned last (and not before its ``start``)."""
        cached = self._lines
        assert cached is not None and self._at_line_start() and cached[3] <= end, "skip_lines before whole_lines"
        lines = cached[2].count("\n", cached[3], end)
        if lines:
            j = cached[1]
            self._line += lines - (j == 0)  # (the line of a part j > 0 is one past self._line)
            self._part = cached[1] = j + lines
            self._col = 0
            cached[3] = end

    def line_begun(self) -> str:
        """What is read so far of the line after the whole lines ahead (it has no line feed yet);
        call after :meth:`whole_lines` found the reader at a line start."""
        parts, j = self._parts, self._part
        return parts[-1] if j < len(parts) and not self._done else ""

    def more_lines(self) -> bool:
        """Read the next piece of the input into the lines ahead; ``False``, reading nothing, off a line
        start, past ``MAX_LOOKAHEAD``, at the end or at a byte that is not UTF-8 (the reader reports it).

        >>> t = FastTokens("a\\nbc\\nd", "in.txt", chunk_size=3)
        >>> t.more_lines(), t.whole_lines(), t.more_lines(), t.whole_lines(), t.more_lines()
        (True, ('a\\n', 0), True, ('a\\nbc\\n', 0), False)
        """
        if not self._at_line_start() or self._done:
            return False
        parts, j = self._parts, self._part
        if sum(map(len, parts[j:])) + len(parts) - j > MAX_LOOKAHEAD:  # (the line feeds too)
            return False
        piece = next(self._pieces, None)
        if not isinstance(piece, str):
            if piece is not None:
                self._pieces = chain((piece,), self._pieces)
            return False
        if j < len(parts):
            parts = [*parts[j:-1], *(parts[-1] + piece).split("\n")]
            self._line += j > 0  # the current line is now part 0
        else:
            parts = piece.split("\n")
        self._parts, self._part, self._col, self._lines = parts, 0, 0, None
        return True

    def _at_line_start(self) -> bool:
        """Whether the reader stands at the start of a line, nothing of it read or peeked."""
        return (self._peeked is _UNREAD and self._i >= self._n and not self._carry
                and (0 < self._part < len(self._parts) or self._col == 0))


@cache
def _long_token(max_token: int) -> re.Pattern:
    return re.compile(f"[^{re.escape(WHITESPACE)}]{{{max_token + 1}}}")
