"""Pushing Boxes, naive model ``box_player``, as rules: a state is the box's cell and the player's cell.

A walk step (lower-case letter, ``Lex(0, 1)``) or a push (upper-case, ``Lex(1, 0)``), in the order
N, S, W, E; refused above :data:`MAX_STATES` states.  Its own tie-break,
:func:`canonical_pushes_first`, gives ``box_side``'s answers byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import StategraphError
from ...graph.canonical import optimal_goals, states_on_optimal_paths
from ...graph.dicts import predecessors, successors
from ...graph.state_graph import StateGraph, WeightProfile
from ...graph.weights import Lex
from ...grid.cells import DIRECTIONS, LETTERS
from .explain import explain as explain_pushes
from .explain import scene as pushes_scene
from .maze import NAME, Maze

if TYPE_CHECKING:  # networkx is imported when this model builds its graph: the default model needs none
    import networkx as nx

MAX_STATES = 250_000  # reachable (box, player) states; above it the model refuses the maze
WALK, PUSH = Lex(0, 1), Lex(1, 0)
WALK_LETTERS, PUSH_LETTERS = LETTERS.lower(), LETTERS
PROFILE = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True)  # every move is WALK or PUSH
LETTER_ORDER = {letter: d for d in DIRECTIONS for letter in (WALK_LETTERS[d], PUSH_LETTERS[d])}


class TooManyStates(StategraphError):
    """A maze whose naive state space exceeds :data:`MAX_STATES` (exit status 2, like bad input)."""


def reachable_states(maze, limit: int = MAX_STATES):
    """Every ``(box, player)`` state reachable from the start, in discovery order, and the walk and
    push edges as ``(state, next state, direction)``; more than ``limit`` states raise :class:`TooManyStates`."""
    grid = maze.grid
    free, step = grid.open, grid.step
    start = (maze.box, maze.player)
    order = [start]
    seen = {start}
    walks: list = []
    pushes: list = []
    frontier = [start]
    while frontier:
        following = []
        for state in frontier:
            box, player = state
            for direction in DIRECTIONS:
                cell = player + step[direction]
                if not free[cell]:
                    continue
                if cell == box:
                    ahead = box + step[direction]
                    if not free[ahead]:
                        continue
                    after = (ahead, box)
                    pushes.append((state, after, direction))
                else:
                    after = (box, cell)
                    walks.append((state, after, direction))
                if after not in seen:
                    if len(order) >= limit:
                        raise TooManyStates(
                            f"maze {maze.number}: model box_player builds every (box cell, player cell) state "
                            f"and refuses mazes with more than {limit:,} of them; use the default model "
                            f"box_side (--model box_side)")
                    seen.add(after)
                    order.append(after)
                    following.append(after)
        frontier = following
    return order, walks, pushes


def box_player_graph(maze, limit: int = MAX_STATES) -> StateGraph:
    """The explicit naive state graph of ``maze``, with its start, targets and A* heuristic: the
    graph exploring :class:`BoxPlayerRules` gives, built at speed (the rank of a move is its direction)."""
    grid = maze.grid
    width = grid.cols + 2
    order, walks, pushes = reachable_states(maze, limit)
    target = maze.target

    def describe(state, kind):
        (box_row, box_col), (player_row, player_col) = divmod(state[0], width), divmod(state[1], width)
        label = f"box={box_row},{box_col} player={player_row},{player_col}"
        return {"label": label if kind != "start" else "start " + label, "kind": kind,
                "box_row": box_row, "box_col": box_col, "player_row": player_row, "player_col": player_col}

    import networkx as nx

    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, rows=grid.rows, cols=grid.cols)
    start = order[0]
    graph.add_nodes_from((state, describe(state, "start" if state == start else
                                          "target" if state[0] == target else "state")) for state in order)
    walk_attrs = [{"weight": WALK, "rank": d, "move": WALK_LETTERS[d]} for d in DIRECTIONS]
    push_attrs = [{"weight": PUSH, "rank": d, "move": PUSH_LETTERS[d]} for d in DIRECTIONS]
    graph.add_edges_from((u, v, walk_attrs[d]) for u, v, d in walks)
    graph.add_edges_from((u, v, push_attrs[d]) for u, v, d in pushes)
    targets = frozenset(state for state in order if state[0] == target)
    target_row, target_col = divmod(target, width)

    def pushes_lower_bound(state):
        row, col = divmod(state[0], width)
        return Lex(abs(row - target_row) + abs(col - target_col), 0)

    profile = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True,
                            count=len(walks) + len(pushes))  # known: every weight is WALK or PUSH
    return StateGraph(graph, start, targets, heuristic=pushes_lower_bound, profile=profile, lexicographic=True)


def canonical_pushes_first(graph, source, targets, dist, *, weight="weight"):
    """The contest's canonical optimal path (docs/formats.md, the tie-break) when pushes and walks are separate edges.

    Among optimal paths: the smallest push letters, then the smallest walk letters (N, S, W, E).
    Greedy works as a push's letter fixes the state after it.  Arguments and result as
    :func:`~stategraph.graph.canonical.canonical_path`.

    >>> import networkx as nx
    >>> g = nx.DiGraph()
    >>> g.add_edge("u", "a", weight=Lex(0, 1), move="e"); g.add_edge("u", "b", weight=Lex(0, 1), move="n")
    >>> g.add_edge("a", "t1", weight=Lex(1, 0), move="N"); g.add_edge("b", "t2", weight=Lex(1, 0), move="S")
    >>> dist = {"u": Lex(0, 0), "a": Lex(0, 1), "b": Lex(0, 1), "t1": Lex(1, 1), "t2": Lex(1, 1)}
    >>> canonical_pushes_first(g, "u", {"t1", "t2"}, dist)  # the move-order rule would take b first
    ['u', 'a', 't1']
    """
    goals = optimal_goals(targets, dist)
    if not goals:
        return None
    on_optimal = states_on_optimal_paths(graph, goals, dist, weight)
    if source not in on_optimal:
        raise StategraphError("search distances are inconsistent: the source is on no optimal path")
    succ, pred = successors(graph), predecessors(graph)

    def tight(u, v, attrs):
        return v in on_optimal and dist[u] + attrs[weight] == dist[v]

    path = [source]
    u = source
    while u not in goals:
        # the tight walk region of u, and the tight push of smallest letter leaving it
        region = {u}
        stack = [u]
        choice = None
        while stack:
            x = stack.pop()
            for y, attrs in succ[x].items():
                if not tight(x, y, attrs):
                    continue
                if attrs[weight][0] == 0:
                    if y not in region:
                        region.add(y)
                        stack.append(y)
                    continue
                k = LETTER_ORDER[attrs["move"]]
                if choice is None or k < choice[0]:
                    choice = (k, x, y)
                elif k == choice[0] and (x, y) != choice[1:]:
                    raise StategraphError(f"two optimal pushes {attrs['move']} leave the walks from state {u!r}")
        if choice is None:
            raise StategraphError(f"no optimal push leaves the walks from state {u!r}")
        _, before, after = choice
        # the states of the region from which ``before`` is reached by tight walks
        leads = {before}
        stack = [before]
        while stack:
            y = stack.pop()
            for x, attrs in pred[y].items():
                if x in region and x not in leads and attrs[weight][0] == 0 and dist[x] + attrs[weight] == dist[y]:
                    leads.add(x)
                    stack.append(x)
        while u != before:  # the smallest shortest walk to ``before``
            step = min(((LETTER_ORDER[attrs["move"]], v) for v, attrs in succ[u].items()
                        if v in leads and attrs[weight][0] == 0 and tight(u, v, attrs)), key=lambda kv: kv[0])
            u = step[1]
            path.append(u)
        path.append(after)
        u = after
    return path


class BoxPlayerRules:
    """The naive model: a state is (box cell, player cell); a walk costs (0, 1), a push (1, 0).

    For learners: the same optima as ``box_side`` from a far larger graph.  Plain BFS would find
    the fewest moves, not the fewest pushes, so ``bfs`` refuses the lexicographic weights:

    >>> import networkx as nx
    >>> from stategraph import get_puzzle
    >>> from stategraph.search.solution import solve
    >>> pb = get_puzzle("pushing_boxes")
    >>> maze = next(pb.parse("3 5\\n....T\\n...BS\\n...#.\\n0 0\\n"))
    >>> naive, seeds = pb.model("box_player")(maze), pb.model("box_side")(maze)
    >>> with naive.state_graph(maze) as big, seeds.state_graph(maze) as small:
    ...     answers = naive.decode(maze, solve(big, "dijkstra")), seeds.decode(maze, solve(small, "dijkstra"))
    >>> big.graph.number_of_nodes(), small.graph.number_of_nodes(), answers
    (181, 22, ('WnwwsseNwnEE', 'WnwwsseNwnEE'))
    >>> paths = nx.shortest_path(big.graph, big.source)  # plain BFS: the fewest moves
    >>> fewest = min((path for state, path in paths.items() if state in big.targets), key=len)
    >>> len(fewest) - 1, sum(big.graph.edges[u, v]["weight"].primary for u, v in zip(fewest, fewest[1:]))
    (10, 6)
    >>> solve(big, "bfs")
    Traceback (most recent call last):
    ...
    stategraph.errors.SearchNotApplicable: bfs needs every edge weight to be 1, but this graph has lexicographic...
    """

    summary = ("naive: box cell x player cell; a walk costs (0, 1), a push (1, 0); "
               f"refused above {MAX_STATES:,} states")
    profile = PROFILE

    def start(self, maze: Maze):
        return maze.box, maze.player

    def is_goal(self, maze: Maze, state) -> bool:
        return state[0] == maze.target

    def moves(self, maze: Maze, state):
        """Each step of the player, N, S, W, E: a walk, or a push where the box is in the way."""
        free, step = maze.grid.open, maze.grid.step
        box, player = state
        for d in DIRECTIONS:
            cell = player + step[d]
            if not free[cell]:
                continue
            if cell != box:
                yield WALK_LETTERS[d], (box, cell), WALK
            elif free[box + step[d]]:
                yield PUSH_LETTERS[d], (box + step[d], box), PUSH

    def heuristic(self, maze: Maze, state):
        """The A* bound: each push moves the box one cell, so at least its Manhattan distance to T."""
        (row, col), (target_row, target_col) = map(maze.grid.position, (state[0], maze.target))
        return Lex(abs(row - target_row) + abs(col - target_col), 0)

    def state_label(self, maze: Maze, state) -> str:
        (box_row, box_col), (player_row, player_col) = map(maze.grid.position, state)
        label = f"box={box_row},{box_col} player={player_row},{player_col}"
        return "start " + label if state == self.start(maze) else label

    def accelerator(self, maze: Maze):
        """The same state graph, built fast (:func:`box_player_graph`): what runs."""
        return box_player_graph(maze)

    def canonical(self, maze: Maze, graph, source, targets, dist):
        """The contest's tie-break, pushes' letters before walks' (:func:`canonical_pushes_first`)."""
        return canonical_pushes_first(graph, source, targets, dist)

    def answer(self, maze: Maze, solution) -> str | None:
        """The letters of the canonical path's moves (``None``: no solution)."""
        return "".join(attrs["move"] for _, _, attrs in solution.edges) if solution.found else None

    explain = staticmethod(explain_pushes)  # the answer push by push (explain(maze, solution, moves))

    def scene(self, maze: Maze, states):
        """The maze with the box's and the player's paths through ``states`` (the start first)."""
        step = maze.grid.step
        letters = [PUSH_LETTERS[step.index(v[0] - u[0])] if u[0] != v[0] else WALK_LETTERS[step.index(v[1] - u[1])]
                   for u, v in zip(states, states[1:])]
        return pushes_scene(maze, "".join(letters))
