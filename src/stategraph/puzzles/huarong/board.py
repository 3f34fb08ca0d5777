"""Huarong Dao's input: one :class:`Board` per input, its queries read as they are asked for."""

from __future__ import annotations

from dataclasses import dataclass

from ...contract.cuts import HEAD, QUESTION, STOP, Cuts, Piece, exactly, lines_end, plain_counts
from ...grid.cells import Grid
from ...io.tokens import Tokens

NAME = "huarong"
START = "start"  # a query's start state: the blank where the query puts it, before its first walk
LIMITS = {"max_rows": 100, "max_cols": 100, "max_queries": 100000}


@dataclass(frozen=True, slots=True)
class Query:
    number: int
    blank: int
    piece: int
    target: int


class Board:
    """The board (``grid.open`` marks movable cells) and its queries, cells as grid indices.
    Queries are read as :meth:`ask` asks for them, so answers stream; ``queries`` holds those read."""

    def __init__(self, number: int, grid: Grid, reader):
        self.number = number
        self.grid = grid
        self._read: list[Query] = []
        self._reader = reader

    def ask(self):
        """Every query, in input order, reading the rest of the input as it goes."""
        yield from self._read
        for query in self._reader:
            self._read.append(query)
            yield query

    @property
    def queries(self) -> tuple:
        """All the queries (reads the rest of the input)."""
        for _ in self.ask():
            pass
        return tuple(self._read)


def parse(data, source: str = "<input>", limits: dict | None = None, *, line: int = 1):
    """Yield the one board of a contest input; its queries are read as :meth:`Board.ask` goes
    (``line``: ``data`` is the input's rest from that line on)."""
    limits = {**LIMITS, **(limits or {})}
    tokens = Tokens(data, source, line=line)
    grid, count = _read_board(tokens, limits)
    yield Board(1, grid, _read_queries(tokens, grid, count))


class BoardCuts(Cuts):
    """The board cut after its rows, then each query after its line (see
    :mod:`stategraph.contract.cuts`): a line ``n m q`` (``n`` above 0), ``n`` lines, then ``q``
    lines, each a question of the board."""

    def __init__(self, source: str, limits: dict):
        super().__init__(source, {**LIMITS, **limits})
        self.queries: int | None = None  # the queries of the board, once it is cut
        self.cut_queries = 0

    def cut(self, data: bytes, start: int) -> tuple[str, int] | str | None:
        end = data.find(b"\n", start)
        if self.queries is not None:
            if self.cut_queries == self.queries:
                return STOP
            if end < 0:
                return None
            self.cut_queries += 1
            return QUESTION, end + 1
        header = plain_counts(data[start:end], 3) if end >= 0 else None
        if end >= 0 and (header is None or header[0] == 0):
            return STOP
        board = None if header is None else lines_end(data, end + 1, header[0])
        if header is None or board is None:
            return None
        self.queries = header[2]
        return HEAD, board

    def read(self, piece: Piece, instance: Board | None = None):
        if instance is not None:
            query = _plain_query(piece.data, instance.grid, piece.number)
            if query is not None:
                return query
        tokens = Tokens(piece.data, self.source, line=piece.line)
        if instance is None:
            return exactly(tokens, lambda: Board(1, _read_board(tokens, self.limits)[0], iter(())))
        return exactly(tokens, lambda: _read_query(tokens, instance.grid, piece.number))

    def resume(self, data, line: int, number: int, head: Piece | None):
        if head is None:
            return parse(data, self.source, self.limits, line=line)
        grid, count = _read_board(Tokens(head.data, self.source, line=head.line), self.limits)
        return iter([Board(1, grid, _read_queries(Tokens(data, self.source, line=line), grid, count, number))])


def _read_board(tokens: Tokens, limits: dict) -> tuple[Grid, int]:
    """The board and the number of queries after it."""
    tokens.begin_instance(1, "'n m q'", "")
    tokens.instance = None  # one board per input: errors need not number it
    header = tokens.peek()
    n = tokens.integer("the row count n", 1)
    m = tokens.integer("the column count m", 1)
    q = tokens.integer("the query count q", 0)
    if n > limits["max_rows"] or m > limits["max_cols"]:
        raise tokens.error(f"board of {n} x {m} exceeds the limit of {limits['max_rows']} x "
                           f"{limits['max_cols']} (max_rows, max_cols)", header)
    if q > limits["max_queries"]:
        raise tokens.error(f"{q} queries exceed the limit of {limits['max_queries']} (max_queries)", header)
    rows = []
    for r in range(1, n + 1):
        row = []
        for c in range(1, m + 1):
            token = tokens.peek()
            value = tokens.integer(f"cell ({r}, {c}) of the board")
            if value not in (0, 1):
                raise tokens.error(f"cell ({r}, {c}) must be 0 or 1, found {value}", token)
            row.append("1" if value else "0")
        rows.append("".join(row))
    return Grid.from_rows(rows, open_chars="1"), q


def _read_queries(tokens: Tokens, grid: Grid, count: int, first: int = 1):
    for number in range(first, count + 1):
        yield _read_query(tokens, grid, number)
    tokens.expect_end(f"the {count} queries")


ROLES = ("blank", "piece start", "piece target")  # a query's three cells, in input order


def _read_query(tokens: Tokens, grid: Grid, number: int) -> Query:
    first = tokens.peek()
    cells = []
    for role in ROLES:
        r = tokens.integer(f"the {role} row of query {number}")
        c = tokens.integer(f"the {role} column of query {number}")
        off = _off_board(grid, number, role, r, c)
        if off:
            raise tokens.error(off, first)
        cells.append(grid.cell(r, c))
    wrong = _wrong_query(grid, number, *cells)
    if wrong:
        raise tokens.error(wrong, first)
    return Query(number, *cells)


def _plain_query(data: bytes, grid: Grid, number: int) -> Query | None:
    """Query ``number`` from a line of six plain integers, as :func:`_read_query` reads it when it
    holds; ``None`` for any other line (the token reader reads it, and finds any error)."""
    values = plain_counts(data, 6)
    if values is None:
        return None
    cells = []
    for role, r, c in zip(ROLES, values[::2], values[1::2]):
        if _off_board(grid, number, role, r, c):
            return None
        cells.append(grid.cell(r, c))
    return None if _wrong_query(grid, number, *cells) else Query(number, *cells)


def _off_board(grid: Grid, number: int, role: str, r: int, c: int) -> str:
    if 1 <= r <= grid.rows and 1 <= c <= grid.cols:
        return ""
    return f"query {number}: {role} ({r}, {c}) is off the {grid.rows} x {grid.cols} board"


def _wrong_query(grid: Grid, number: int, blank: int, piece: int, target: int) -> str:
    if not grid.open[blank]:
        return f"query {number}: the blank ({_rc(grid, blank)}) is on a fixed cell"
    if blank == piece:
        return f"query {number}: the blank and the designated piece are both at ({_rc(grid, blank)})"
    return ""


def _rc(grid: Grid, cell: int) -> str:
    return "%d, %d" % grid.position(cell)
