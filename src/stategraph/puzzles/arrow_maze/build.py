"""The fast builder of ``cell_heading``'s graph: the states and turns of :mod:`.model`, built at speed.

Each sign's moves come from a table made once (:data:`_MOVES`), labels are shared by the mazes
of an input and so are the edge attribute dicts (one per turn), and the loop writes networkx's
own dicts (obtained from :mod:`~stategraph.graph_dicts`) as ``add_node`` and ``add_edge`` would.
The result equals the graph of :func:`.model.turns` and :func:`.model.state_attributes`
(``tests/test_puzzle_builds.py``).
"""

from __future__ import annotations

import networkx as nx

from ...graph_dicts import collector_paused, graph_writers, node_attributes, successors
from ...grid import DELTAS, LETTERS
from ...state_graph import StateGraph, WeightProfile
from .maze import SIGNS, TURNS, ArrowMaze
from .model import NAME, START, distance_lower_bound, state_attributes, turn_attributes, turned, turns

# a turn's edge attributes: one dict per turn F, L, R, shared by every edge of that turn in every
# maze (a compiled graph's edge dicts are read-only: graph_dicts.graph_writers)
_TURN_EDGES = {choice: turn_attributes(choice, choice) for choice in TURNS}
# (heading, allowed turns in F, L, R order) -> the moves: (heading after, row step, column step,
# its letter, the edge's attributes)
_MOVES = {(heading, allowed): tuple((after, *DELTAS[after], LETTERS[after], _TURN_EDGES[choice])
                                    for choice in allowed
                                    for after in [turned(heading, choice)])
          for heading in range(4) for allowed in {allowed for _, allowed in SIGNS.values()}}
# state -> its label, shared by the mazes of an input (cleared past LABEL_CACHE entries)
_LABELS: dict = {}
LABEL_CACHE = 100_000


def cell_heading_graph(maze: ArrowMaze) -> StateGraph:
    """The (intersection, heading) states reachable from the entrance, with F/L/R edges."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_cell_heading_graph(maze)


def _build_cell_heading_graph(maze: ArrowMaze) -> StateGraph:
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, name=maze.name)
    add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
    add_node(START, state_attributes(maze, START))
    ((first, attrs),) = turns(maze, START)
    add_node(first, state_attributes(maze, first))
    add_edge(START, first, attrs)
    # each state is expanded once and its turns lead to distinct states: no edge is added twice
    nodes, succ = node_attributes(graph), successors(graph)  # read only
    signs = maze.signs
    moves = _MOVES
    labels = _LABELS
    if len(labels) > LABEL_CACHE:
        labels.clear()
    frontier = [first]
    while frontier:
        state = frontier.pop()
        row, col, heading = state
        cell = signs.get((row, col))
        if not cell:
            continue
        allowed = cell.get(heading)
        if not allowed:
            continue
        for after_heading, dr, dc, letter, attrs in moves[heading, allowed]:
            after = (row + dr, col + dc, after_heading)
            if after not in nodes:
                label = labels.get(after)
                if label is None:
                    label = labels[after] = f"({after[0]},{after[1]}) heading {letter}"
                add_node(after, {"kind": "state", "row": after[0], "col": after[1], "heading": letter,
                                 "label": label})
                frontier.append(after)
            add_edge(state, after, attrs)
    targets = frozenset(n for n in graph if n != START and n[:2] == maze.goal)
    # every edge weighs 1: the profile needs no scan of the edges
    profile = WeightProfile(lex=False, unit=True, nonnegative=True, primary_01=False,
                            count=sum(len(out) for out in succ.values()))
    return StateGraph(graph, START, targets, heuristic=distance_lower_bound(graph, maze.goal), profile=profile)
