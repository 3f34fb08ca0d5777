"""Independent reference for Abbott's Revenge (UVa 816), written from PROBLEMS.md.

Nothing here imports ``stategraph``. The module holds:

- a maze as plain data (:class:`Maze`) and a random generator for it
  (:func:`random_maze`), with several text layouts (:func:`format_maze`,
  :func:`build_input`);
- :func:`bfs_route`: a plain breadth-first search over (cell, heading) states
  that tries the exits in the order F, L, R and keeps the first-discovered
  parent; this yields the canonical route;
- :func:`greedy_route`: a second, differently built canonical route (reverse
  BFS distances to the goal, then the smallest admissible choice at every
  step), used to check the first one;
- :func:`validate_route`: a replay of a route against the signs;
- :func:`format_answer`: the exact contest output for one maze.

Conventions: coordinates are (row, col); N = row-1, S = row+1, W = col-1,
E = col+1. A state is (row, col, heading) where heading is the direction of
travel on arrival. The first move from the entrance is forced; the entrance
counts as visited only at the start, so a goal equal to the entrance must be
reached again. A position without a sign for the arriving heading is a dead
end (unless it is the goal, where the route stops).
"""

from __future__ import annotations

import string
from collections import deque
from dataclasses import dataclass, field

DIRS = "NESW"  # clockwise
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
TURNS = "FLR"  # canonical order of choices


def turn(heading: str, choice: str) -> str:
    """Heading after taking ``choice`` (F, L or R) while travelling ``heading``.

    >>> turn("N", "L"), turn("N", "R"), turn("W", "F"), turn("S", "L")
    ('W', 'E', 'W', 'E')
    """
    i = DIRS.index(heading)
    if choice == "F":
        return heading
    if choice == "L":
        return DIRS[(i + 3) % 4]
    if choice == "R":
        return DIRS[(i + 1) % 4]
    raise ValueError(f"bad choice {choice!r}")


def step(cell, heading):
    dr, dc = DELTA[heading]
    return (cell[0] + dr, cell[1] + dc)


@dataclass
class Maze:
    """One maze as data.

    ``signs`` maps (row, col) to an insertion-ordered dict
    {arrival heading: string of allowed choices (any order, e.g. "RF")}.
    The order of ``signs`` and of each inner dict is the order written out.
    """

    name: str
    start: tuple
    heading: str
    goal: tuple
    signs: dict = field(default_factory=dict)
    kind: str = ""  # free-form label of how it was generated

    def allowed(self, cell, heading) -> str:
        return self.signs.get(cell, {}).get(heading, "")


# ---------------------------------------------------------------------------
# Solvers
# ---------------------------------------------------------------------------


def _start_state(maze: Maze):
    r, c = step(maze.start, maze.heading)
    return (r, c, maze.heading)


def _successors(maze: Maze, state, order=TURNS):
    """(choice, next_state) in F, L, R order, as allowed by the signs."""
    r, c, h = state
    allowed = maze.allowed((r, c), h)
    for ch in order:
        if ch in allowed:
            nh = turn(h, ch)
            nr, nc = step((r, c), nh)
            yield ch, (nr, nc, nh)


def bfs_route(maze: Maze, order: str = TURNS):
    """Canonical route as a list of (r, c), or None if the goal is unreachable.

    Plain BFS over (cell, heading): the first state is the cell reached by
    the forced first move; exits are tried in order F, L, R; a state's parent
    is the one that discovered it first; the search stops when a state at the
    goal cell is dequeued. The route starts with the entrance. (``order``
    other than "FLR" is only used to find mazes where the tie-break matters.)

    >>> m = Maze("T", (2, 2), "N", (1, 2), {})
    >>> bfs_route(m)
    [(2, 2), (1, 2)]
    >>> bfs_route(Maze("T", (2, 2), "N", (2, 2), {}))  # must leave and return
    """
    s0 = _start_state(maze)
    parent = {s0: None}
    queue = deque([s0])
    while queue:
        u = queue.popleft()
        if (u[0], u[1]) == maze.goal:
            path = []
            while u is not None:
                path.append((u[0], u[1]))
                u = parent[u]
            path.append(maze.start)
            path.reverse()
            return path
        for _, v in _successors(maze, u, order):
            if v not in parent:
                parent[v] = u
                queue.append(v)
    return None


def state_distances(maze: Maze):
    """Forward BFS distances (moves after the forced one) of every reachable
    state, ignoring the goal (the search does not stop anywhere)."""
    s0 = _start_state(maze)
    dist = {s0: 0}
    queue = deque([s0])
    while queue:
        u = queue.popleft()
        for _, v in _successors(maze, u):
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def cell_distances(maze: Maze):
    """{cell: fewest moves after the forced one to first arrive there}.

    The route length (number of entries) with that cell as goal is the
    value + 2.
    """
    best = {}
    for (r, c, _), d in state_distances(maze).items():
        if (r, c) not in best or d < best[(r, c)]:
            best[(r, c)] = d
    return best


def greedy_route(maze: Maze):
    """Canonical route built another way: distances to the goal by reverse
    BFS, then from the start always the smallest choice (F < L < R) that
    stays on a shortest route. Returns a list of (r, c) or None."""
    # collect every state that appears as a source or target of a move
    edges = []  # (u, v)
    seen = set()
    s0 = _start_state(maze)
    stack = [s0]
    seen.add(s0)
    while stack:
        u = stack.pop()
        if (u[0], u[1]) == maze.goal:
            continue  # the route stops at the goal
        for _, v in _successors(maze, u):
            edges.append((u, v))
            if v not in seen:
                seen.add(v)
                stack.append(v)
    preds = {}
    for u, v in edges:
        preds.setdefault(v, []).append(u)
    togo = {s: 0 for s in seen if (s[0], s[1]) == maze.goal}
    queue = deque(sorted(togo))
    while queue:
        v = queue.popleft()
        for u in preds.get(v, ()):
            if u not in togo:
                togo[u] = togo[v] + 1
                queue.append(u)
    if s0 not in togo:
        return None
    route = [maze.start, (s0[0], s0[1])]
    u = s0
    while togo[u] > 0:
        for _, v in _successors(maze, u):
            if togo.get(v) == togo[u] - 1:
                u = v
                break
        else:  # pragma: no cover - impossible if distances are right
            raise AssertionError("greedy walk lost the shortest route")
        route.append((u[0], u[1]))
    return route


def validate_route(maze: Maze, route):
    """Replay ``route`` against the signs; raise AssertionError if illegal.

    Checks: starts at the entrance; at least one move; the first move is the
    forced one; every later move is an allowed choice of the sign for the
    heading on arrival; no U-turns or jumps; ends at the goal and does not
    reach the goal earlier (the entrance at index 0 does not count).
    Returns the list of choices made after the forced move.
    """
    assert route, "empty route"
    assert tuple(route[0]) == tuple(maze.start), f"route starts at {route[0]}, entrance is {maze.start}"
    assert len(route) >= 2, "a route needs at least one move"
    assert tuple(route[1]) == step(maze.start, maze.heading), (
        f"first move must go {maze.heading} from {maze.start} to "
        f"{step(maze.start, maze.heading)}, got {route[1]}"
    )
    heading = maze.heading
    choices = []
    for i in range(2, len(route)):
        prev, cur = tuple(route[i - 1]), tuple(route[i])
        move = (cur[0] - prev[0], cur[1] - prev[1])
        new_heading = next((d for d, v in DELTA.items() if v == move), None)
        assert new_heading is not None, f"step {i}: {prev} -> {cur} is not a move to a neighbour"
        choice = next((ch for ch in TURNS if turn(heading, ch) == new_heading), None)
        assert choice is not None, f"step {i}: U-turn at {prev} while heading {heading}"
        allowed = maze.allowed(prev, heading)
        assert choice in allowed, (
            f"step {i}: at {prev} arriving {heading}, choice {choice} not in sign {allowed!r}"
        )
        choices.append(choice)
        heading = new_heading
    assert tuple(route[-1]) == tuple(maze.goal), f"route ends at {route[-1]}, goal is {maze.goal}"
    for i in range(1, len(route) - 1):
        assert tuple(route[i]) != tuple(maze.goal), f"route reaches the goal early at index {i}"
    return choices


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def format_answer(name: str, route) -> str:
    """Exact output for one maze (every line ends with a newline).

    >>> print(format_answer("X", [(1, 2), (10, 11)]), end="")
    X
      (1,2) (10,11)
    >>> format_answer("X", None)
    'X\\n  No Solution Possible\\n'
    """
    lines = [name]
    if route is None:
        lines.append("  No Solution Possible")
    else:
        cells = ["(%d,%d)" % (r, c) for r, c in route]
        for k in range(0, len(cells), 10):
            lines.append("  " + " ".join(cells[k:k + 10]))
    return "".join(line + "\n" for line in lines)


def expected_output(mazes) -> str:
    return "".join(format_answer(m.name, bfs_route(m)) for m in mazes)


def parse_output(text: str, names):
    """Split contest output into routes, one per maze name given in order.

    Returns a list whose items are a list of (r, c) or None (No Solution).
    Raises AssertionError if the text does not have the expected shape.
    """
    lines = text.split("\n")
    assert lines and lines[-1] == "", "output must end with a newline"
    lines.pop()
    routes = []
    i = 0
    for name in names:
        assert i < len(lines) and lines[i] == name, f"expected name line {name!r} at line {i + 1}"
        i += 1
        body = []
        while i < len(lines) and lines[i].startswith("  "):
            body.append(lines[i])
            i += 1
        assert body, f"maze {name!r}: no answer lines"
        if body == ["  No Solution Possible"]:
            routes.append(None)
            continue
        route = []
        for j, line in enumerate(body):
            entries = line[2:].split(" ")
            assert all(entries), f"maze {name!r}: bad spacing in {line!r}"
            if j < len(body) - 1:
                assert len(entries) == 10, f"maze {name!r}: line {j + 1} has {len(entries)} entries"
            else:
                assert 1 <= len(entries) <= 10, f"maze {name!r}: last line has {len(entries)} entries"
            for e in entries:
                assert e.startswith("(") and e.endswith(")"), f"maze {name!r}: bad entry {e!r}"
                r, c = e[1:-1].split(",")
                route.append((int(r), int(c)))
        routes.append(route)
    assert i == len(lines), f"unexpected extra output from line {i + 1}: {lines[i:i + 3]}"
    return routes


# ---------------------------------------------------------------------------
# Input text
# ---------------------------------------------------------------------------

LAYOUTS = ("two_lines", "one_line", "seed", "reflow")


def sign_lines(maze: Maze, rng=None):
    """The intersection lines of ``maze``.  With ``rng``, signs are sometimes written in
    pieces that add up (``NLF`` as ``NL NF`` or ``NL NLF``, or one intersection on two
    lines), as the reference solution allows."""
    for (r, c), groups in maze.signs.items():
        words = []
        for h, turns in groups.items():
            if rng is not None and len(turns) > 1 and rng.random() < 0.3:
                cut = rng.randint(1, len(turns) - 1)
                words += [h + turns[:cut], h + turns[cut - rng.randint(0, 1):]]
            else:
                words.append(h + turns)
        if rng is not None and len(words) > 1 and rng.random() < 0.3:
            rng.shuffle(words)
            cut = rng.randint(1, len(words) - 1)
            yield f"{r} {c} " + " ".join(words[:cut] + ["*"])
            yield f"{r} {c} " + " ".join(words[cut:] + ["*"])
        else:
            yield f"{r} {c} " + " ".join(words + ["*"])


def format_maze(maze: Maze, layout: str = "two_lines", rng=None) -> str:
    """Text of one maze, terminated by its ``0`` line.

    layouts:
      two_lines  NAME / r0 c0 D r2 c2 (as in PROBLEMS.md)
      one_line   NAME r0 c0 D r2 c2
      seed       NAME r0 c0 D / r2 c2 (the seed's copy of the sample)
      reflow     every token separated by random whitespace (needs ``rng``)
    """
    r0, c0 = maze.start
    r2, c2 = maze.goal
    body = list(sign_lines(maze, rng)) + ["0"]
    if layout == "two_lines":
        head = [maze.name, f"{r0} {c0} {maze.heading} {r2} {c2}"]
    elif layout == "one_line":
        head = [f"{maze.name} {r0} {c0} {maze.heading} {r2} {c2}"]
    elif layout == "seed":
        head = [f"{maze.name} {r0} {c0} {maze.heading}", f"{r2} {c2}"]
    elif layout == "reflow":
        if rng is None:
            raise ValueError("reflow needs an rng")
        tokens = [maze.name, str(r0), str(c0), maze.heading, str(r2), str(c2)]
        for line in body:
            tokens.extend(line.split())
        seps = [" ", " ", " ", "  ", "\n", "\n", "\t", " \n", "\n\n", "   \t "]
        out = [tokens[0]]
        for tok in tokens[1:]:
            out.append(rng.choice(seps))
            out.append(tok)
        out.append(rng.choice(["\n", "  \n", "\n\n"]))
        return "".join(out)
    else:
        raise ValueError(f"unknown layout {layout!r}")
    return "\n".join(head + body) + "\n"


def build_input(mazes, layouts=None, rng=None, end="END\n") -> str:
    """Whole input: the mazes (layout per maze, default two_lines) then END."""
    if layouts is None:
        layouts = ["two_lines"] * len(mazes)
    elif isinstance(layouts, str):
        layouts = [layouts] * len(mazes)
    return "".join(format_maze(m, lay, rng) for m, lay in zip(mazes, layouts)) + end


# ---------------------------------------------------------------------------
# Random mazes
# ---------------------------------------------------------------------------

KINDS = (
    "random",         # random entrance and goal somewhere around the grid
    "target",         # goal chosen so that the route has exactly target_len entries
    "farthest",       # goal = a cell reached last by the search (long routes)
    "goal_entrance",  # goal == entrance (must leave and come back)
    "goal_adjacent",  # goal one step away
    "dead_first",     # the forced first step leads to a position with no signs
    "unsolvable",     # goal not reachable
    "offgrid_goal",   # goal is an unlisted position (no signs at it)
    "tie",            # the F < L < R tie-break decides against ``tie_order``
)


def random_name(rng, index: int) -> str:
    """Alphanumeric, at most 20 characters, unique by ``index``."""
    alnum = string.ascii_letters + string.digits
    base = rng.choice(["M", "Maze", "abbott", "X", "ENDLESS", "q", "Route", "zz"])
    tail = "".join(rng.choice(alnum) for _ in range(rng.randint(0, 12)))
    return (base + str(index) + tail)[:20]


def _random_signs(rng, cells, cover, min_dirs, max_dirs, letters_weights):
    signs = {}
    for cell in cells:
        if rng.random() >= cover:
            continue
        k = rng.randint(min_dirs, max_dirs)
        groups = {}
        for h in rng.sample(DIRS, k):
            n = rng.choices([1, 2, 3], weights=letters_weights)[0]
            groups[h] = "".join(rng.sample(TURNS, n))
        signs[cell] = groups
    return signs


def random_maze(rng, name, rows=None, cols=None, row0=1, col0=1, kind="random",
                target_len=None, tie_order="FRL", cover=None, min_dirs=None, max_dirs=None, letters_weights=None,
                tries=200):
    """A random maze (or None if ``kind``/``target_len`` could not be met).

    The signed intersections lie in rows row0..row0+rows-1 and columns
    col0..col0+cols-1 (a random subset of them, fraction ``cover``). Signs
    freely point off the listed intersections, including off the grid.
    """
    for _ in range(tries):
        R = rows if rows is not None else rng.randint(1, 9)
        C = cols if cols is not None else rng.randint(1, 9)
        cv = cover if cover is not None else rng.uniform(0.5, 1.0)
        nd = min_dirs if min_dirs is not None else rng.randint(1, 4)
        md = max_dirs if max_dirs is not None else rng.randint(nd, 4)
        lw = letters_weights if letters_weights is not None else rng.choice(
            [(6, 3, 1), (3, 3, 1), (1, 1, 1), (10, 1, 0)])
        cells = [(r, c) for r in range(row0, row0 + R) for c in range(col0, col0 + C)]
        signs = _random_signs(rng, cells, cv, nd, md, lw)
        order = list(signs)
        rng.shuffle(order)
        signs = {cell: signs[cell] for cell in order}

        start = rng.choice(cells)
        heading = rng.choice(DIRS)
        if kind != "dead_first" and rng.random() < 0.85:
            # mostly, let the forced first move land on a usable sign
            live = [(cell, h) for cell in cells for h in DIRS
                    if h in signs.get(step(cell, h), {})]
            if live:
                start, heading = rng.choice(live)
        first = step(start, heading)
        m = Maze(name, start, heading, start, signs, kind)

        if kind == "dead_first":
            m.signs.pop(first, None)
            others = [c for c in cells if c != first]
            if not others:
                continue
            m.goal = rng.choice(others)
            return m
        if kind == "goal_entrance":
            m.goal = start
            return m
        if kind == "goal_adjacent":
            if first[0] < 1 or first[1] < 1:
                continue
            m.goal = first
            return m

        dist = cell_distances(m)
        reach = {c: d for c, d in dist.items() if c[0] >= 1 and c[1] >= 1}
        if kind == "random":
            farther = sorted(c for c, d in reach.items() if d > 0)
            if farther and rng.random() < 0.7:
                pool = farther  # reachable, possibly off the grid
            else:
                pool = cells
            m.goal = rng.choice(pool)
            return m
        if kind == "target":
            pool = sorted(c for c, d in reach.items() if d + 2 == target_len)
            if not pool:
                continue
            m.goal = rng.choice(pool)
            return m
        if kind == "farthest":
            if not reach:
                continue
            far = max(reach.values())
            m.goal = rng.choice(sorted(c for c, d in reach.items() if d == far))
            return m
        if kind == "unsolvable":
            pool = [c for c in cells if c not in reach]
            if not pool:
                continue
            m.goal = rng.choice(pool)
            return m
        if kind == "tie":
            pool = sorted(c for c, d in reach.items() if d > 0)
            rng.shuffle(pool)
            for cell in pool:
                m.goal = cell
                if bfs_route(m) != bfs_route(m, tie_order):
                    return m
            continue
        if kind == "offgrid_goal":
            pool = sorted(c for c in reach if c not in signs)
            if not pool:
                continue
            m.goal = rng.choice(pool)
            return m
        raise ValueError(f"unknown kind {kind!r}")
    return None


# The official sample of PROBLEMS.md, as data (used to check the reference).
SAMPLE_MAZES = [
    Maze("SAMPLE", (3, 1), "N", (3, 3), {
        (1, 1): {"W": "L", "N": "R"},
        (1, 2): {"W": "LF", "N": "R", "E": "R"},
        (1, 3): {"N": "L", "E": "R"},
        (2, 1): {"S": "L", "W": "R", "N": "F"},
        (2, 2): {"S": "L", "W": "F", "E": "LF"},
        (2, 3): {"S": "FR", "E": "L"},
    }),
    Maze("NOSOLUTION", (3, 1), "N", (3, 2), {
        (1, 1): {"W": "L", "N": "R"},
        (1, 2): {"N": "L", "E": "R"},
        (2, 1): {"S": "L", "W": "R", "N": "FR"},
        (2, 2): {"S": "R", "E": "L"},
    }),
]
