"""Contest input bytes as text: UTF-8, a leading byte-order mark skipped, CRLF and CR made LF,
piece by piece so that a reader never holds more than one chunk (see
:class:`stategraph.io.tokens.Tokens`), and stopping at the first byte that is not UTF-8.

>>> list(text_pieces(b"a\\r\\nb\\xff", 3))
['a\\n', 'b', 255]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import InputError

CHUNK_SIZE = 1 << 16  # characters (str input) or bytes (bytes and streams) read at a time


def read_text(stream, source: str = "<input>", limit: int = 1 << 28) -> str:
    """All of a binary ``stream`` (read until its end, however its ``read`` returns it piece by
    piece) as text, as :func:`decode_input` makes it; more than ``limit`` bytes is an
    :class:`InputError`, found after reading at most ``limit + 1`` of them.

    >>> import io
    >>> read_text(io.BytesIO(b"a\\r\\n" * 50_000), "answers.txt") == "a\\n" * 50_000
    True
    >>> read_text(io.BytesIO(b"abc"), "answers.txt", limit=2)
    Traceback (most recent call last):
    ...
    stategraph.errors.InputError: answers.txt: larger than 2 bytes (the limit of this file)
    """
    chunks, size = [], 0
    while True:
        chunk = stream.read(CHUNK_SIZE)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise InputError(f"larger than {limit:,} bytes (the limit of this file)", source=source)
    return decode_input(b"".join(chunks), source)


def decode_input(data: bytes, source: str = "<input>") -> str:
    """All of ``data`` as text: UTF-8 without a byte-order mark, CRLF and CR line ends made LF.

    A byte that is not UTF-8 raises :class:`InputError` at once, placed where ``Tokens`` would
    place it (:class:`~stategraph.io.tokens.Tokens` decodes lazily: prefer it for input).

    >>> decode_input(b"\\xef\\xbb\\xbfa\\r\\nb\\rc", "in.txt")
    'a\\nb\\nc'
    >>> decode_input(b"a\\r\\n\\xc3\\xa9\\xff", "in.txt")
    Traceback (most recent call last):
    ...
    stategraph.errors.InputError: in.txt:2:2: byte 0xff is not valid UTF-8
    """
    pieces: list[str] = []
    for piece in text_pieces(data, CHUNK_SIZE):
        if isinstance(piece, int):
            text = "".join(pieces)
            raise InputError(bad_byte(piece), source=source, line=text.count("\n") + 1,
                             column=len(text) - text.rfind("\n"))
        pieces.append(piece)
    return "".join(pieces)



def text_pieces(data, size: int, bom: bool = True) -> Iterator[str | int]:
    """Normalized text pieces of ``data`` (LF line ends; ``bom``: a leading byte-order mark of bytes
    skipped); an int for a bad byte."""
    if isinstance(data, str):
        return _normalize((data[i:i + size] for i in range(0, len(data), size)), bom=False)
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        return _normalize(_decode(data[i:i + size] for i in range(0, len(data), size)), bom=bom)
    read = getattr(data, "read", None)
    if read is None:
        raise TypeError(f"cannot read input from a {type(data).__name__}: expected str, bytes or a file")
    return _from_stream(read, size, bom)


def _from_stream(read, size: int, bom: bool):
    first = read(size)  # only when the first token is asked for
    if isinstance(first, str):  # a text-mode file: already decoded
        yield from _normalize(_chunks(first, read, size), bom=False)
    else:
        yield from _normalize(_decode(_chunks(first, read, size)), bom=bom)


def _chunks(first, read, size: int):
    chunk = first
    while chunk:
        yield chunk
        chunk = read(size)


def _decode(chunks):
    """UTF-8 text of the byte ``chunks``; at an invalid byte, the text before it, then the byte."""
    pending = b""
    for chunk in chunks:
        data = pending + chunk if pending else chunk
        try:
            text = data.decode("utf-8")
            pending = b""
        except UnicodeDecodeError as exc:
            if exc.reason == "unexpected end of data" and exc.end == len(data):
                text, pending = data[:exc.start].decode("utf-8"), data[exc.start:]  # the rest may follow
            else:
                yield data[:exc.start].decode("utf-8")
                yield data[exc.start]
                return
        if text:
            yield text
    if pending:  # the input ends inside a character
        yield pending[0]


def _normalize(pieces, bom: bool):
    """Make CRLF and CR line ends LF, also across pieces; with ``bom``, skip a leading byte-order mark."""
    start = bom
    after_cr = False
    for piece in pieces:
        if isinstance(piece, int):
            yield piece
            return
        if after_cr and piece[:1] == "\n":
            piece = piece[1:]
            after_cr = False
        if start and piece:
            start = False
            if piece[0] == "\ufeff":
                piece = piece[1:]
        if piece:
            after_cr = piece[-1] == "\r"
            if "\r" in piece:
                piece = piece.replace("\r\n", "\n").replace("\r", "\n")
            yield piece


def bad_byte(byte: int) -> str:
    return f"byte 0x{byte:02x} is not valid UTF-8"
