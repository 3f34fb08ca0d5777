"""The texts one edit simpler than a counterexample's: what the last pass of shrinking
(:mod:`stategraph.solving.shrink`) tries, a row or a column of a grid dropped, a number made
smaller, a character made a commoner one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator


def simpler(text: str) -> Iterator[str]:
    """Texts one edit simpler than ``text``, each once: first a row or a column of a grid dropped
    (:func:`fewer`), then a number made smaller (``0``, ``1``, half, one less), or a character of
    a word made the text's commonest word character (or one commoner).

    >>> list(simpler("2\\n#..\\n"))
    ['2\\n..\\n', '2\\n#.\\n', '0\\n#..\\n', '1\\n#..\\n', '2\\n...\\n']
    """
    seen = {text}
    for edited in _edits(text):
        if edited not in seen:
            seen.add(edited)
            yield edited


def _edits(text: str) -> Iterator[str]:
    yield from fewer(text)
    letters = Counter(ch for word in text.split() if not word.isdigit() for ch in word)
    ranked = [ch for ch, _ in letters.most_common()]
    position = 0
    for word in text.split():
        start = text.index(word, position)
        position = start + len(word)
        if word.isdigit():
            value = int(word)
            for smaller in sorted({0, 1, value // 2, value - 1}):
                if smaller < value:
                    yield f"{text[:start]}{smaller}{text[position:]}"
            continue
        for i, ch in enumerate(word):
            for commoner in ranked[:ranked.index(ch)]:
                yield f"{text[:start + i]}{commoner}{text[start + i + 1:]}"


def fewer(text: str) -> Iterator[str]:
    """Texts with a row or a column fewer of a grid of ``text`` (lines of one length, each one
    word of several characters); with each, the number counting the rows (or the columns) on the
    nearest line of numbers before it made one less, then (another reader's format) none changed.

    >>> list(fewer("2 3\\nS.#\\n.#G\\n"))[:4]
    ['1 3\\n.#G\\n', '2 3\\n.#G\\n', '1 3\\nS.#\\n', '2 3\\nS.#\\n']
    >>> list(fewer("1 3\\nS.G\\n"))
    ['1 2\\n.G\\n', '1 3\\n.G\\n', '1 2\\nSG\\n', '1 3\\nSG\\n', '1 2\\nS.\\n', '1 3\\nS.\\n']
    """
    lines = text.split("\n")
    at = 0
    while at < len(lines):
        end = at
        while end < len(lines) and _row(lines[end]) and len(lines[end]) == len(lines[at]):
            end += 1
        if end == at:
            at += 1
            continue
        rows, width = end - at, len(lines[at])
        header = next((k for k in range(at - 1, -1, -1) if lines[k].split() and all(
            word.isdigit() for word in lines[k].split())), None)
        for row in range(at, end) if rows > 1 else ():
            for counted in _counts(lines, header, rows):
                yield "\n".join(counted[:row] + counted[row + 1:])
        for column in range(width):
            for counted in _counts(lines, header, width):
                yield "\n".join(counted[:at] + [line[:column] + line[column + 1:] for line in counted[at:end]]
                                + counted[end:])
        at = end


def _row(line: str) -> bool:
    """Whether ``line`` may be a grid's row: one word of several characters, not a number."""
    return len(line) > 1 and not any(ch.isspace() for ch in line) and not line.isdigit()


def _counts(lines: list[str], header: int | None, count: int) -> Iterator[list[str]]:
    """``lines`` with each number ``count`` of line ``header`` made one less, then unchanged."""
    if header is not None:
        words = lines[header].split()
        for k, word in enumerate(words):
            if word == str(count):
                yield [*lines[:header], " ".join([*words[:k], str(count - 1), *words[k + 1:]]), *lines[header + 1:]]
    yield lines
