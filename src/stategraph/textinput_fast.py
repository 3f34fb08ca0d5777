"""Fast paths for the token reader: :class:`FastTokens` is :class:`~stategraph.textinput.Tokens`
with ways to take a run of simple tokens (plain integers, then words of a known set, then a stop
word) in one call, without making a :class:`~stategraph.textinput.Token` for each.

A fast path gives what reading its tokens one by one gives (their integers, their values in
``known``) and consumes exactly them; when it cannot take its run it consumes nothing, and the
caller reads those tokens one by one, so every error and position is the plain reader's
(``tests/test_textinput_fast.py`` holds the two readers equal).

>>> t = FastTokens("1\\n2 3 a b *\\n4 5 b *\\n0\\n", "in.txt")
>>> t.integer("one"), t.records("*", {"a": 1, "b": 2}, 2, 10), t.integer("zero")
(1, [([2, 3], [1, 2]), ([4, 5], [2])], 0)
"""

from __future__ import annotations

from .textinput import _UNREAD, MAX_DIGITS, SPLIT_ONLY, Tokens


class FastTokens(Tokens):
    """:class:`~stategraph.textinput.Tokens` with fast paths for runs of simple tokens."""

    def words_through(self, stop: str, known: dict) -> list | None:
        """A fast path for a run of simple tokens: ``[known[w] for w in words]`` for the tokens
        ``words`` before the next ``stop`` token, consuming them and ``stop``, when ``stop`` is on
        the part of the current line already read and every token before it is a key of ``known``;
        otherwise ``None``, consuming nothing (read them one by one then, for the errors).

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
        """Look ahead, consuming nothing: ``(numbers, values, end)`` when the next ``lead`` tokens
        are plain unsigned integers (``numbers``), the tokens after them up to the next ``stop``
        are keys of ``known`` (``values``: what ``known`` maps them to), and all of them stand on
        the part of the current line already read; ``advance(end)`` then consumes them and
        ``stop``. ``None`` otherwise: read the tokens one by one (for the errors).

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
        """A fast path for many lines that each hold one record: ``lead`` positive integers (plain
        digits, no leading zero), then keys of ``known``, then ``stop``, and nothing else. Returns
        ``[(numbers, values), ...]`` for at most ``most`` such lines from here on, consuming them;
        it stops (consuming nothing more) at the first other line, and at the end of the text read
        so far. Only whole lines are taken, and only when the tokens read so far are used up.

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
