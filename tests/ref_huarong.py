"""Independent reference for Huarong Dao (NOIP 2013): generators and brute force.

Nothing here imports ``stategraph``: this module is the yardstick the package
is measured against, so it must not share a single line of logic with it.

Coordinates are 1-based ``(row, col)`` as in the contest text. A board is a
list of rows of 0/1 ints: 0 = fixed piece, 1 = movable piece (or the blank).
A query is ``(EX, EY, SX, SY, TX, TY)``: blank, designated piece start,
designated piece target.
"""

from collections import deque

_DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# ---------------------------------------------------------------------------
# generators


def random_board(rng, n, m, fixed_ratio):
    """Return an ``n`` x ``m`` board; each cell is fixed (0) with probability
    ``fixed_ratio``. At least one cell is movable, so a blank fits somewhere."""
    if n < 1 or m < 1:
        raise ValueError("board must be at least 1x1")
    board = [[0 if rng.random() < fixed_ratio else 1 for _ in range(m)]
             for _ in range(n)]
    if not any(any(row) for row in board):
        board[rng.randrange(n)][rng.randrange(m)] = 1
    return board


def _cells(board, value=None):
    return [(r, c)
            for r, row in enumerate(board)
            for c, v in enumerate(row)
            if value is None or v == value]


def _neighbours(board, r, c):
    n, m = len(board), len(board[0])
    for dr, dc in _DIRS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < m:
            yield rr, cc


# Kinds of query the generator mixes in deliberately.
QUERY_KINDS = ("same", "adjacent", "t_fixed", "s_fixed", "movable", "any")


def _one_query(rng, board, kind):
    """Try to build a query of ``kind`` (0-based cells); None if impossible."""
    free = _cells(board, 1)
    fixed = _cells(board, 0)
    everything = _cells(board)
    if kind == "same":
        e = rng.choice(free)
        others = [p for p in everything if p != e]
        if not others:
            return None
        s = rng.choice(others)
        return e, s, s
    if kind == "adjacent":
        # blank on a movable cell next to a movable piece
        pairs = [(e, s) for e in free for s in _neighbours(board, *e)
                 if board[s[0]][s[1]] == 1]
        if not pairs:
            return None
        e, s = rng.choice(pairs)
        return e, s, rng.choice(everything)
    if kind == "t_fixed":
        if not fixed:
            return None
        e = rng.choice(free)
        s_choices = [p for p in free if p != e] or [p for p in everything if p != e]
        if not s_choices:
            return None
        s = rng.choice(s_choices)
        t_choices = [p for p in fixed if p != s]
        if not t_choices:
            return None
        return e, s, rng.choice(t_choices)
    if kind == "s_fixed":
        if not fixed:
            return None
        e = rng.choice(free)
        s = rng.choice(fixed)
        return e, s, rng.choice(everything)
    if kind == "movable":
        e = rng.choice(free)
        s_choices = [p for p in free if p != e]
        if not s_choices:
            return None
        s = rng.choice(s_choices)
        return e, s, rng.choice(free)
    if kind == "any":
        e = rng.choice(free)
        others = [p for p in everything if p != e]
        if not others:
            return None
        return e, rng.choice(others), rng.choice(everything)
    raise ValueError(f"unknown query kind {kind!r}")


def random_queries(rng, board, k, kinds=QUERY_KINDS):
    """Return ``k`` valid 1-based queries ``(EX, EY, SX, SY, TX, TY)``.

    The blank is always on a movable cell and never on the piece's start; the
    start and target may be anywhere (fixed cells included). Kinds are drawn
    from ``kinds``; a kind the board cannot host falls back to "any".
    """
    if len(board) * len(board[0]) < 2:
        raise ValueError("a 1x1 board has no room for a blank and a piece")
    queries = []
    for _ in range(k):
        q = _one_query(rng, board, rng.choice(kinds))
        if q is None:
            q = _one_query(rng, board, "any")
        (er, ec), (sr, sc), (tr, tc) = q
        queries.append((er + 1, ec + 1, sr + 1, sc + 1, tr + 1, tc + 1))
    return queries


def format_input(board, queries):
    """Contest input text: ``n m q``, the rows, the queries (newline-ended)."""
    lines = [f"{len(board)} {len(board[0])} {len(queries)}"]
    lines += [" ".join(str(v) for v in row) for row in board]
    lines += [" ".join(str(v) for v in q) for q in queries]
    return "\n".join(lines) + "\n"


def parse_input(text):
    """Inverse of :func:`format_input` (used to sanity-check the sample)."""
    tok = [int(t) for t in text.split()]
    n, m, q = tok[0], tok[1], tok[2]
    pos = 3
    board = []
    for _ in range(n):
        board.append(tok[pos:pos + m])
        pos += m
    queries = []
    for _ in range(q):
        queries.append(tuple(tok[pos:pos + 6]))
        pos += 6
    return board, queries


# ---------------------------------------------------------------------------
# brute force


def brute_force(board, query):
    """Fewest moves bringing the piece from S to T, 0 if S == T, -1 if never.

    Plain BFS over (piece cell, blank cell). A move swaps the blank with an
    orthogonally adjacent cell whose board value is 1; if that cell is the
    piece, the piece slides into the blank's old cell. A piece that starts on
    a fixed cell can therefore never move.
    """
    ex, ey, sx, sy, tx, ty = query
    n, m = len(board), len(board[0])
    for (r, c) in ((ex, ey), (sx, sy), (tx, ty)):
        if not (1 <= r <= n and 1 <= c <= m):
            raise ValueError(f"query {query} leaves the {n}x{m} board")
    if board[ex - 1][ey - 1] != 1:
        raise ValueError(f"query {query}: blank on a fixed cell")
    if (ex, ey) == (sx, sy):
        raise ValueError(f"query {query}: blank on the piece")
    if (sx, sy) == (tx, ty):
        return 0

    size = n * m
    movable = [board[i // m][i % m] == 1 for i in range(size)]
    adj = []
    for i in range(size):
        r, c = divmod(i, m)
        adj.append([rr * m + cc for rr, cc in _neighbours(board, r, c)
                    if movable[rr * m + cc]])

    start_piece = (sx - 1) * m + (sy - 1)
    blank = (ex - 1) * m + (ey - 1)
    target = (tx - 1) * m + (ty - 1)
    seen = bytearray(size * size)
    start = start_piece * size + blank
    seen[start] = 1
    frontier = deque([(start_piece, blank, 0)])
    while frontier:
        piece, blank, d = frontier.popleft()
        for nb in adj[blank]:
            # the blank moves to nb; whatever sat on nb moves to blank
            new_piece = blank if nb == piece else piece
            key = new_piece * size + nb
            if seen[key]:
                continue
            if new_piece == target:
                return d + 1
            seen[key] = 1
            frontier.append((new_piece, nb, d + 1))
    return -1


def brute_force_output(board, queries):
    """The contest output the brute force predicts for a whole input."""
    return "".join(f"{brute_force(board, q)}\n" for q in queries)
