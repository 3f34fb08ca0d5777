"""The accelerator of ``cell_heading``: the state graph of the rules of :mod:`.model`, built at speed.

Each sign's moves come from a table made once (:data:`_MOVES`), and node and edge attribute dicts
are shared.  The graph is built as far as a search reads it
(:meth:`~stategraph.graph.state_graph.StateGraph.expanding`), whole when anything else asks for it.
"""

from __future__ import annotations

from functools import partial

from ...graph.canonical import canonical_path, optimal_goals, states_on_optimal_paths
from ...graph.dicts import lazy_dicts, successors
from ...graph.state_graph import StateGraph, WeightProfile
from ...grid.cells import DELTAS, DIRECTIONS, LEFT_OF, LETTERS, RIGHT_OF
from .maze import NAME, SIGNS, START, TURNS, ArrowMaze, Memo

PROFILE = WeightProfile(lex=False, unit=True, nonnegative=True, primary_01=False)  # every move weighs 1


def turned(heading: int, choice: str) -> int:
    """The heading after turning ``choice`` (F, L or R) from ``heading``."""
    return heading if choice == "F" else LEFT_OF[heading] if choice == "L" else RIGHT_OF[heading]


def turn_attributes(turn: str, choice: str) -> dict:
    """A move's edge attributes: one step (weight 1), ranked F < L < R for the tie-break."""
    return {"weight": 1, "rank": TURNS.index(choice), "move": turn}


def state_attributes(maze: ArrowMaze, state) -> dict:
    """What a node of ``state`` holds: its ``kind``, the intersection, the heading and a ``label``."""
    if state == START:
        row, col = maze.entrance
        heading = LETTERS[maze.heading]
        return {"kind": "start", "row": row, "col": col, "heading": heading,
                "label": f"start ({row},{col}) heading {heading}"}
    return _state_attributes(state)


def _state_attributes(state: tuple) -> dict:
    """What the node of a state other than the start holds."""
    row, col, heading = state[0], state[1], LETTERS[state[2]]
    return {"kind": "state", "row": row, "col": col, "heading": heading, "label": f"({row},{col}) heading {heading}"}


def distance_lower_bound(maze: ArrowMaze):
    """The rules' A* bound as a function of the state: the Manhattan distance to the goal.

    >>> from stategraph import get_puzzle
    >>> maze = next(get_puzzle("arrow_maze").parse("TINY\\n1 1 E 3 3\\n0\\nEND\\n"))
    >>> bound = distance_lower_bound(maze)
    >>> bound(START), bound((2, 3, 0))
    (4, 1)
    """
    goal_row, goal_col = maze.goal
    from_entrance = abs(maze.entrance[0] - goal_row) + abs(maze.entrance[1] - goal_col)

    def heuristic(state):
        if state.__class__ is str:  # START, the one state that is not a tuple (cheaper to tell than to compare)
            return from_entrance
        return abs(state[0] - goal_row) + abs(state[1] - goal_col)

    return heuristic


# a turn's edge attributes: one dict per turn F, L, R, shared by every edge of that turn in every
# maze (a compiled graph's edge dicts are read-only: graph_dicts.graph_writers)
_TURN_EDGES = {choice: turn_attributes(choice, choice) for choice in TURNS}
_START_EDGE = turn_attributes("start", "F")  # the move off the entrance
# heading -> allowed turns in F, L, R order -> the moves: (heading after, row step, column step,
# the edge's attributes)
_MOVES = tuple({allowed: tuple((after, *DELTAS[after], _TURN_EDGES[choice])
                               for choice in allowed
                               for after in [turned(heading, choice)])
                for allowed in {allowed for _, allowed in SIGNS.values()}}
               for heading in range(4))
# the goal cell -> the goal states: on it, with any heading (shared by the mazes of an input)
_GOALS = Memo(lambda cell: frozenset((*cell, heading) for heading in DIRECTIONS))
# state -> its node's attributes, shared by the mazes of an input (read-only, as the edge dicts are;
# cleared before a maze past STATE_CACHE entries)
_STATES: dict = {}
STATE_CACHE = 1 << 14


def _started(maze: ArrowMaze, graph):
    """``graph`` (empty), given the maze's graph attributes and the start state."""
    graph.graph.update(puzzle=NAME, name=maze.name)
    succ, node = lazy_dicts(graph)
    succ[START], node[START] = {}, state_attributes(maze, START)
    return graph


def _writer(maze: ArrowMaze, graph):
    """``expand(state)``: add the moves leaving ``state`` to ``graph``, in the order F, L, R."""
    succ, node = lazy_dicts(graph)  # (attribute dicts kept, not copied)
    signs, table, known = maze.signs, _MOVES, _STATES
    if len(known) > STATE_CACHE:
        known.clear()

    def expand(state) -> None:
        if state.__class__ is str:  # START: one step from the entrance, heading as prescribed
            (row, col), heading = maze.entrance, maze.heading
            first = (row + DELTAS[heading][0], col + DELTAS[heading][1], heading)
            if first not in succ:
                succ[first], node[first] = {}, state_attributes(maze, first)
            succ[START][first] = _START_EDGE
            return
        row, col, heading = state
        cell = signs.get((row, col))
        allowed = cell.get(heading) if cell else None
        if not allowed:
            return
        out = succ[state]
        for after_heading, dr, dc, attrs in table[heading][allowed]:
            after = (row + dr, col + dc, after_heading)
            if after not in succ:
                after_attrs = known.get(after)
                if after_attrs is None:
                    after_attrs = known[after] = _state_attributes(after)
                succ[after] = {}
                node[after] = after_attrs
            out[after] = attrs  # each state is expanded once, its turns reach distinct states

    return expand


def first_optimal_turns(graph, source, targets, dist, *, weight="weight", rank="rank"):
    """:func:`~stategraph.graph.canonical.canonical_path` of a graph built here, walked faster: moves
    cost 1 and are written in rank order, so the first move one step further on an optimal path is it.

    >>> from stategraph import get_puzzle
    >>> maze = next(get_puzzle("arrow_maze").parse("T\\n1 1 E 1 3\\n1 2 EFL ER *\\n0\\nEND\\n"))
    >>> from stategraph.search import get_search
    >>> graph, targets = cell_heading_graph(maze).searched(grows=True)
    >>> first_optimal_turns(graph, START, targets, get_search("bfs").run(graph, START, targets).dist)
    ['start', (1, 2, 3), (1, 3, 3)]
    """
    goals = optimal_goals(targets, dist)
    if not goals:
        return None
    on_optimal = states_on_optimal_paths(graph, goals, dist, weight)
    if source not in on_optimal:
        return canonical_path(graph, source, targets, dist, weight=weight, rank=rank)
    succ = successors(graph)
    path = [source]
    state = source
    while state not in goals:  # each state on an optimal path, the goals aside, has a move to the next
        further = dist[state] + 1
        for after in succ[state]:
            if after in on_optimal and dist[after] == further:
                break
        path.append(after)
        state = after
    return path


def cell_heading_graph(maze: ArrowMaze) -> StateGraph:
    """The (intersection, heading) states reachable from the entrance, with F/L/R edges: built as
    far as a search reads it, and whole (``.graph``) when asked for."""
    return StateGraph.expanding(START, partial(_started, maze), partial(_writer, maze), _GOALS[maze.goal],
                             heuristic=distance_lower_bound(maze), profile=PROFILE,
                             canonical=first_optimal_turns, own_rule=False)
