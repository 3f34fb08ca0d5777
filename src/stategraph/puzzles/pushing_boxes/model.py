"""Pushing Boxes' default model ``box_side``, as rules: its states, its moves, its answer.

A state is the box's cell and the side of the box the player stands on, right after a push;
one extra state, :data:`START`, holds the box on B and the player on S.  A move is a push
(:func:`pushes`): the player walks to the cell behind the box (the box is an obstacle on that
walk) and pushes it one cell, for ``Lex(1, walk)``.  :mod:`.build` builds the same graph
faster (``tests/test_puzzle_builds.py`` holds the two equal).

>>> from stategraph import get_puzzle
>>> maze = next(get_puzzle("pushing_boxes").parse("1 4\\nSB.T\\n0 0\\n"))
>>> [(maze.grid.position(box), side, attrs["weight"]) for (box, side), attrs in pushes(maze, START)]
[((1, 3), 2, Lex(primary=1, secondary=0))]
"""

from __future__ import annotations

from ...graph.weights import Lex
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import shortest_walk, walk_distances
from .maze import Maze

NAME = "pushing_boxes"
START = "start"


def box_and_player(maze: Maze, state) -> tuple[int, int]:
    """The box's cell and the player's cell in ``state``."""
    if state == START:
        return maze.box, maze.player
    box, side = state
    return box, box + maze.grid.step[side]


def pushes(maze: Maze, state):
    """``(next state, edge attributes)`` of every push from ``state``, in direction order N, S, W, E.

    A push in direction ``d`` needs the cell ahead of the box open and a walk round the box to
    the cell behind it; it leaves the player on the box's old cell, the ``OPPOSITE[d]`` side.
    """
    grid = maze.grid
    free, step = grid.open, grid.step
    box, player = box_and_player(maze, state)
    walks = walk_distances(grid, player, [box - step[d] for d in DIRECTIONS], blocked=box)
    for d in DIRECTIONS:
        walk = walks.get(box - step[d])
        if free[box + step[d]] and walk is not None:
            yield (box + step[d], OPPOSITE[d]), {"weight": Lex(1, walk), "rank": d, "move": LETTERS[d]}


def state_attributes(maze: Maze, state) -> dict:
    """What a node of ``state`` holds: its ``kind``, ``label``, the box and where the player is."""
    box, player = box_and_player(maze, state)
    (box_row, box_col), (player_row, player_col) = maze.grid.position(box), maze.grid.position(player)
    if state == START:
        return {"kind": "start", "label": f"start box={box_row},{box_col} player={player_row},{player_col}",
                "box": box, "box_row": box_row, "box_col": box_col, "player_row": player_row,
                "player_col": player_col}
    side = LETTERS[state[1]]
    return {"kind": "state", "side": side, "label": f"box={box_row},{box_col} side={side}", "box": box,
            "box_row": box_row, "box_col": box_col, "player_row": player_row, "player_col": player_col}


def pushes_lower_bound(maze: Maze):
    """The A* bound: each push moves the box one cell, so at least its Manhattan distance to T.

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


def decode_pushes(maze: Maze, solution) -> str | None:
    """The move string of a canonical ``box_side`` solution: before each push, the smallest
    shortest walk to the cell behind the box."""
    if not solution.found:
        return None
    grid = maze.grid
    player, box = maze.player, maze.box
    moves = []
    for _, _, attrs in solution.edges:
        direction = LETTERS.index(attrs["move"])
        walk = shortest_walk(grid, player, box - grid.step[direction], blocked=box)
        moves.append(walk + attrs["move"])
        player, box = box, box + grid.step[direction]
    return "".join(moves)
