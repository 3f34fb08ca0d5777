"""The accelerator of ``box_side``: the state graph of the rules of :mod:`.model`, built at speed.

The walks round the box come from :class:`~stategraph.grid.side_walks.SideWalks`; the graph is
built as far as a search reads it (:meth:`~stategraph.graph.state_graph.StateGraph.expanding`),
whole when anything else asks for it.
"""

from __future__ import annotations

from ...graph.dicts import graph_writers, node_attributes
from ...graph.state_graph import StateGraph, WeightProfile
from ...graph.weights import Lex
from ...grid.cells import DELTAS, DIRECTIONS, LETTERS, OPPOSITE
from ...grid.side_walks import SideWalks
from ...grid.walks import walk_distances
from .maze import NAME, START, Maze

PROFILE = WeightProfile(lex=True, unit=False, nonnegative=True, primary_01=True)  # every push weighs Lex(1, w)


class _Pushes:
    """The pushes of one maze, written into a graph state by state (:meth:`writer`)."""

    def __init__(self, maze: Maze):
        self.maze = maze
        self.walks = SideWalks(maze.grid)
        self.shared: dict[int, dict] = {}  # walk * 4 + direction -> the edge attributes its pushes share

    def started(self, graph):
        """``graph`` (empty: a :class:`~stategraph.graph.dicts.LazyGraph`), given this maze's graph
        attributes and the start state."""
        grid = self.maze.grid
        graph.graph.update(puzzle=NAME, rows=grid.rows, cols=grid.cols)
        graph.add_node(START, **state_attributes(self.maze, START))
        return graph

    def writer(self, graph):
        """``expand(state)``: add the pushes leaving ``state`` to ``graph``, in direction order."""
        maze, walks, shared = self.maze, self.walks, self.shared
        grid = maze.grid
        free, step = grid.open, grid.step
        width = grid.cols + 2
        add_node, add_edge = graph_writers(graph)  # add_node / add_edge without copying attributes
        nodes = node_attributes(graph)

        def expand(state) -> None:
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
                attrs = shared.get(walk * 4 + direction)
                if attrs is None:
                    attrs = shared[walk * 4 + direction] = {"weight": Lex(1, walk), "rank": direction,
                                                            "move": LETTERS[direction]}
                add_edge(state, after, attrs)

        return expand

    def goals(self) -> frozenset:
        """Every state with the box on T that may exist."""
        maze = self.maze
        grid = maze.grid
        goals = {(maze.target, side) for side in DIRECTIONS if grid.open[maze.target + grid.step[side]]}
        return frozenset(goals | {START} if maze.box == maze.target else goals)


def state_attributes(maze: Maze, state) -> dict:
    """What the node of ``state`` holds: its ``kind``, ``label``, the box and where the player is."""
    grid = maze.grid
    box, player = (maze.box, maze.player) if state == START else (state[0], state[0] + grid.step[state[1]])
    (box_row, box_col), (player_row, player_col) = grid.position(box), grid.position(player)
    where = {"box": box, "box_row": box_row, "box_col": box_col, "player_row": player_row, "player_col": player_col}
    if state == START:
        return {"kind": "start", "label": f"start box={box_row},{box_col} player={player_row},{player_col}", **where}
    side = LETTERS[state[1]]
    return {"kind": "state", "side": side, "label": f"box={box_row},{box_col} side={side}", **where}


def pushes_lower_bound(maze: Maze):
    """The rules' A* bound as a function of the state: the box's Manhattan distance to T, in pushes.

    >>> from stategraph import get_puzzle
    >>> maze = next(get_puzzle("pushing_boxes").parse("2 4\\nSB..\\n...T\\n0 0\\n"))
    >>> bound = pushes_lower_bound(maze)
    >>> bound(START), bound((maze.grid.cell(1, 4), OPPOSITE[0]))
    (Lex(primary=3, secondary=0), Lex(primary=1, secondary=0))
    """
    width = maze.grid.cols + 2
    target_row, target_col = divmod(maze.target, width)
    start_box = maze.box

    def heuristic(state):
        row, col = divmod(start_box if state == START else state[0], width)
        return Lex(abs(row - target_row) + abs(col - target_col), 0)

    return heuristic


def box_side_graph(maze: Maze) -> StateGraph:
    """The state graph of every (box cell, player side) state reachable from the start: built as
    far as a search reads it, and whole (``.graph``) when asked for."""
    pushes = _Pushes(maze)
    return StateGraph.expanding(START, pushes.started, pushes.writer, pushes.goals(),
                             heuristic=pushes_lower_bound(maze), profile=PROFILE)
