"""Independent reference checkers for Pushing Boxes (POJ 1475).

Written from scratch for cross-checking; imports nothing from ``stategraph``.

Everything here works on the NAIVE state space: a state is
``(box cell, player cell)``; a walk moves the player one step (cost
``(0, 1)``), a push moves player and box one step (cost ``(1, 0)``).  Costs
are plain ``(pushes, walks)`` tuples compared lexicographically.

Cells are 0-based ``(row, col)`` tuples.  A maze is given as a list of row
strings (``maze_rows``) using ``# . S B T``.
"""

import heapq

# letter -> (drow, dcol); walks are lowercase, pushes uppercase.
DIRS = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
WALK_ORDER = "nswe"   # n < s < w < e   (NOT ASCII order)
PUSH_ORDER = "NSWE"   # N < S < W < E   (NOT ASCII order)


# --------------------------------------------------------------------------
# Random mazes and input text
# --------------------------------------------------------------------------

def random_maze(rng, rows, cols, wall_density=None):
    """Return one maze block: ``"r c"`` line plus ``rows`` lines, no ``0 0``.

    ``rows * cols`` must be at least 3.  When ``wall_density`` is None a
    density is drawn from a spread of values, so some mazes are open (many
    ties) and some are blocked (impossible).
    """
    if rows * cols < 3:
        raise ValueError("need at least 3 cells for S, B and T")
    if wall_density is None:
        wall_density = rng.choice([0.0, 0.0, 0.1, 0.15, 0.25, 0.35, 0.5])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    # A box on the border is often stuck; prefer an inner box cell most of
    # the time so that both solvable and impossible mazes are common.
    inner = [(r, c) for (r, c) in cells
             if (rows == 1 or 0 < r < rows - 1) and (cols == 1 or 0 < c < cols - 1)]
    if inner and rng.random() < 0.75:
        b = rng.choice(inner)
        s, t = rng.sample([x for x in cells if x != b], 2)
    else:
        s, b, t = rng.sample(cells, 3)
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    for (r, c) in cells:
        if (r, c) not in (s, b, t) and rng.random() < wall_density:
            grid[r][c] = "#"
    grid[s[0]][s[1]] = "S"
    grid[b[0]][b[1]] = "B"
    grid[t[0]][t[1]] = "T"
    lines = ["%d %d" % (rows, cols)] + ["".join(row) for row in grid]
    return "\n".join(lines) + "\n"


def join_mazes(blocks):
    """Join maze blocks (from :func:`random_maze`) into a full input text."""
    return "".join(blocks) + "0 0\n"


def maze_rows_of(block):
    """The row strings of one maze block (drops the ``r c`` header)."""
    lines = block.split("\n")
    r, c = (int(x) for x in lines[0].split())
    rows = lines[1:1 + r]
    assert len(rows) == r and all(len(row) == c for row in rows), block
    return rows


def expected_output(answers):
    """Exact contest output for a list of per-maze answer lines."""
    return "".join("Maze #%d\n%s\n\n" % (k, a) for k, a in enumerate(answers, 1))


# --------------------------------------------------------------------------
# The naive state graph
# --------------------------------------------------------------------------

class _Maze:
    def __init__(self, maze_rows):
        self.rows = list(maze_rows)
        self.h = len(self.rows)
        self.w = len(self.rows[0]) if self.rows else 0
        found = {}
        for r, line in enumerate(self.rows):
            assert len(line) == self.w, "ragged maze"
            for c, ch in enumerate(line):
                assert ch in "#.SBT", f"bad character {ch!r}"
                if ch in "SBT":
                    assert ch not in found, f"duplicate {ch}"
                    found[ch] = (r, c)
        assert set(found) == {"S", "B", "T"}, "need exactly one S, B and T"
        self.player = found["S"]
        self.box = found["B"]
        self.target = found["T"]

    def free(self, cell):
        r, c = cell
        return 0 <= r < self.h and 0 <= c < self.w and self.rows[r][c] != "#"

    def start(self):
        return (self.box, self.player)

    def is_goal(self, state):
        return state[0] == self.target

    def moves(self, state):
        """Yield ``(letter, cost, next_state)`` for every legal move."""
        box, pl = state
        for d in WALK_ORDER:
            dr, dc = DIRS[d]
            nxt = (pl[0] + dr, pl[1] + dc)
            if not self.free(nxt):
                continue
            if nxt == box:
                beyond = (box[0] + dr, box[1] + dc)
                if self.free(beyond):
                    yield d.upper(), (1, 0), (beyond, nxt)
            else:
                yield d, (0, 1), (box, nxt)


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _reachable_graph(maze):
    """Explicit adjacency of all states reachable from the start.

    Goal states (box on T) are terminal: no edges leave them.
    """
    start = maze.start()
    adj = {start: []}
    stack = [start]
    while stack:
        u = stack.pop()
        if maze.is_goal(u):
            continue
        for letter, cost, v in maze.moves(u):
            adj[u].append((letter, cost, v))
            if v not in adj:
                adj[v] = []
                stack.append(v)
    return adj


def _dijkstra(sources, adj):
    dist = {}
    heap = [((0, 0), i, s) for i, s in enumerate(sources)]
    heapq.heapify(heap)
    counter = len(heap)
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in dist:
            continue
        dist[u] = d
        for _letter, cost, v in adj.get(u, ()):
            if v not in dist:
                counter += 1
                heapq.heappush(heap, (_add(d, cost), counter, v))
    return dist


def brute_force(maze_rows):
    """Optimal ``(pushes, walks)`` by Dijkstra on the naive state space, or None."""
    maze = _Maze(maze_rows)
    start = maze.start()
    best = {start: (0, 0)}
    heap = [((0, 0), start)]
    done = set()
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        if maze.is_goal(u):
            return d
        for _letter, cost, v in maze.moves(u):
            nd = _add(d, cost)
            if v not in done and (v not in best or nd < best[v]):
                best[v] = nd
                heapq.heappush(heap, (nd, v))
    return None


# --------------------------------------------------------------------------
# Replay validator
# --------------------------------------------------------------------------

def replay(maze_rows, moves):
    """Play ``moves`` from the start; return ``(pushes, walks)``.

    Raises AssertionError on any illegal move or if the box does not end on T.
    """
    maze = _Maze(maze_rows)
    box, pl = maze.box, maze.player
    pushes = walks = 0
    for i, ch in enumerate(moves):
        assert ch in "nsweNSWE", "move %d: bad letter %r" % (i, ch)
        dr, dc = DIRS[ch.lower()]
        nxt = (pl[0] + dr, pl[1] + dc)
        if ch.islower():
            assert maze.free(nxt), "move %d (%s): walk into rock/off grid" % (i, ch)
            assert nxt != box, "move %d (%s): walk into the box" % (i, ch)
            pl = nxt
            walks += 1
        else:
            assert nxt == box, "move %d (%s): push but box not ahead" % (i, ch)
            beyond = (box[0] + dr, box[1] + dc)
            assert maze.free(beyond), "move %d (%s): box pushed into rock/off grid" % (i, ch)
            box, pl = beyond, nxt
            pushes += 1
    assert box == maze.target, f"box ends at {box!r}, target is {maze.target!r}"
    return (pushes, walks)


# --------------------------------------------------------------------------
# Enumeration of every optimal string, and the canonical rule
# --------------------------------------------------------------------------

def _optimal_dag(maze_rows):
    """Return (start, dag, goal-test) with dag[u] = [(letter, v)] on optimal paths.

    Returns None if the maze is impossible.
    """
    maze = _Maze(maze_rows)
    adj = _reachable_graph(maze)
    start = maze.start()
    fwd = _dijkstra([start], adj)
    goals = [u for u in adj if maze.is_goal(u)]
    if not goals:
        return None
    opt = min(fwd[g] for g in goals)
    radj = {}
    for u, edges in adj.items():
        for letter, cost, v in edges:
            radj.setdefault(v, []).append((letter, cost, u))
    bwd = _dijkstra(goals, radj)
    dag = {}
    for u, edges in adj.items():
        if u not in bwd:
            continue
        for letter, cost, v in edges:
            if v in bwd and _add(_add(fwd[u], cost), bwd[v]) == opt:
                dag.setdefault(u, []).append((letter, v))
    return start, dag, maze.is_goal, opt


def count_optimal_strings(maze_rows):
    """Number of distinct optimal move strings (0 if impossible)."""
    res = _optimal_dag(maze_rows)
    if res is None:
        return 0
    start, dag, is_goal, _opt = res
    memo = {}

    def count(u):
        if is_goal(u):
            return 1
        if u not in memo:
            memo[u] = sum(count(v) for _l, v in dag.get(u, ()))
        return memo[u]

    # The DAG depth is at most pushes + walks, small for small mazes.
    return count(start)


def all_optimal_strings(maze_rows, limit=100000):
    """Every optimal move string (fewest pushes, then fewest walks).

    Returns [] if impossible.  Raises OverflowError if there are more than
    ``limit`` of them (meant for small mazes, <= 4x5).
    """
    n = count_optimal_strings(maze_rows)
    if n > limit:
        raise OverflowError("%d optimal strings" % n)
    res = _optimal_dag(maze_rows)
    if res is None:
        return []
    start, dag, is_goal, opt = res
    out = []
    path = []

    def dfs(u):
        if is_goal(u):
            out.append("".join(path))
            return
        for letter, v in dag.get(u, ()):
            path.append(letter)
            dfs(v)
            path.pop()

    dfs(start)
    assert len(out) == n
    for s in out:
        assert (sum(ch.isupper() for ch in s), sum(ch.islower() for ch in s)) == opt
    return out


def canonical_key(moves):
    """Sort key of PROBLEMS.md's rule (for strings with equal counts)."""
    pushes = [PUSH_ORDER.index(ch) for ch in moves if ch.isupper()]
    walks = [WALK_ORDER.index(ch) for ch in moves if ch.islower()]
    return (len(pushes), len(walks), pushes, walks)


def canonical_by_rule(strings):
    """The string PROBLEMS.md's canonical rule picks (None if no strings)."""
    strings = list(strings)
    if not strings:
        return None
    return min(strings, key=canonical_key)
