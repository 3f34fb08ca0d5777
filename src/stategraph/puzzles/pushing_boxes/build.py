"""The fast builder of ``box_side``'s graph: the states and pushes of :mod:`.model`, built at speed.

The walks round the box come from :class:`~stategraph.side_walks.SideWalks` (each corridor's
detour searched once, not once per cell), the nodes and edges are written through
:func:`~stategraph.graph_dicts.graph_writers`, and one attribute dict serves every push in one
direction after ``w`` walks.  The result equals the graph of :func:`.model.pushes` and
:func:`.model.state_attributes` (``tests/test_puzzle_builds.py``).
"""

from __future__ import annotations

import networkx as nx

from ...graph_dicts import collector_paused, graph_writers, node_attributes
from ...grid import DELTAS, DIRECTIONS, LETTERS, OPPOSITE
from ...grid_walks import walk_distances
from ...side_walks import SideWalks
from ...state_graph import StateGraph, WeightProfile
from ...weights import Lex
from .maze import Maze
from .model import NAME, START, pushes_lower_bound, state_attributes


def box_side_graph(maze: Maze) -> StateGraph:
    """The explicit state graph of every (box cell, player side) state reachable from the start."""
    with collector_paused():  # a large build, no garbage cycles
        return _build_box_side_graph(maze)


def _build_box_side_graph(maze: Maze) -> StateGraph:
    grid = maze.grid
    free, step = grid.open, grid.step
    graph: nx.DiGraph = nx.DiGraph(puzzle=NAME, rows=grid.rows, cols=grid.cols)
    add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
    add_node(START, state_attributes(maze, START))
    walks = SideWalks(grid)
    pushes: dict[int, dict] = {}  # walk * 4 + direction -> the edge attributes its pushes share
    nodes = node_attributes(graph)
    width = grid.cols + 2
    edges = 0
    frontier: list = [START]
    while frontier:
        state = frontier.pop()
        if state == START:
            box, player = maze.box, maze.player
            offset = player - box
            if offset in step:
                row = walks.row(box, step.index(offset))
            else:
                found = walk_distances(grid, player, [box + s for s in step if free[box + s]], blocked=box)
                row = [found.get(box + s) for s in step]
        else:
            box = state[0]
            row = walks.row(box, state[1])
        for direction in DIRECTIONS:
            ahead = box + step[direction]
            if not free[ahead]:
                continue
            walk = row[OPPOSITE[direction]]  # to the cell behind the box
            if walk is None:
                continue
            after = (ahead, OPPOSITE[direction])
            if after not in nodes:
                box_row, box_col = divmod(ahead, width)
                add_node(after, {"kind": "state", "side": LETTERS[after[1]],
                                 "label": f"box={box_row},{box_col} side={LETTERS[after[1]]}", "box": ahead,
                                 "box_row": box_row, "box_col": box_col,
                                 "player_row": box_row - DELTAS[direction][0],
                                 "player_col": box_col - DELTAS[direction][1]})
                frontier.append(after)
            attrs = pushes.get(walk * 4 + direction)
            if attrs is None:
                attrs = pushes[walk * 4 + direction] = {"weight": Lex(1, walk), "rank": direction,
                                                        "move": LETTERS[direction]}
            add_edge(state, after, attrs)
            edges += 1
    targets = frozenset(n for n, attrs in nodes.items() if attrs.get("box") == maze.target)
    # every edge weighs Lex(1, w), w >= 0: the profile needs no scan of the edges
    profile = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True, count=edges)
    return StateGraph(graph, START, targets, heuristic=pushes_lower_bound(graph, grid, maze.target),
                      profile=profile, lexicographic=True)
