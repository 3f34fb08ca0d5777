"""Pushing Boxes' default model ``box_side``, as the rules a learner writes: read this first.

A state is the box's cell and the player's side of it after a push (:data:`~.maze.START`: box on
B, player on S).  A move is a walk behind the box, then a push, costing ``Lex(1, walks)``, labelled
by the push's letter, in the order N, S, W, E (the contest's tie-break).

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
>>> maze = next(get_puzzle("pushing_boxes").parse("2 4\\nSB.T\\n....\\n0 0\\n"))
>>> rules = BoxSideRules()
>>> for label, after, cost in rules.moves(maze, START):
...     print(label, rules.state_label(maze, after), cost)
W box=1,1 side=E (1, 4)
E box=1,3 side=W (1, 0)

Explored plainly (what runs by default is the fast :meth:`BoxSideRules.accelerator`):

>>> model = get_puzzle("pushing_boxes").model("box_side")(maze, use_accelerator=False)
>>> with model.state_graph(maze) as graph:
...     solution = solve(graph, "astar")
>>> len(graph.graph), [attrs["move"] for _, _, attrs in solution.edges], model.decode(maze, solution)
(5, ['E', 'E'], 'EE')
>>> rules.path_labels(maze, "wnEsE"), rules.move_label(graph.graph, *solution.edges[0])
(['wnE', 'sE'], 'walk 0, push E')
"""

from __future__ import annotations

import re
from typing import cast

from ...graph.weights import Lex
from ...grid.cells import DIRECTIONS, LETTERS, OPPOSITE
from ...grid.walks import shortest_walk, walk_distances
from .build import PROFILE, box_side_graph
from .explain import explain as explain_pushes
from .explain import scene as pushes_scene
from .maze import START, Maze


class BoxSideRules:
    """The rules of model ``box_side``: the box's cell and the player's side of it."""

    summary = "box cell x side of the box the player stands on; a push costs (1, walks to get behind the box)"
    profile = PROFILE

    def start(self, maze: Maze):
        return START

    def is_goal(self, maze: Maze, state) -> bool:
        box, _ = box_and_player(maze, state)
        return box == maze.target

    def moves(self, maze: Maze, state):
        """Each push, N, S, W, E: ``(push letter, next state, Lex(1, walks to get behind the box))``."""
        grid = maze.grid
        box, player = box_and_player(maze, state)
        behind = {d: box - grid.step[d] for d in DIRECTIONS
                  if grid.open[box + grid.step[d]] and grid.open[box - grid.step[d]]}
        walks = walk_distances(grid, player, behind.values(), blocked=box)
        for d, cell in behind.items():
            if cell in walks:
                yield LETTERS[d], (box + grid.step[d], OPPOSITE[d]), Lex(1, walks[cell])

    def heuristic(self, maze: Maze, state):
        """The A* bound: each push moves the box one cell, so at least its Manhattan distance to T."""
        (row, col), _ = box_and_player_positions(maze, state)
        target_row, target_col = maze.grid.position(maze.target)
        return Lex(abs(row - target_row) + abs(col - target_col), 0)

    def state_label(self, maze: Maze, state) -> str:
        (box_row, box_col), (player_row, player_col) = box_and_player_positions(maze, state)
        if state == START:
            return f"start box={box_row},{box_col} player={player_row},{player_col}"
        return f"box={box_row},{box_col} side={LETTERS[state[1]]}"

    def accelerator(self, maze: Maze):
        """The same state graph, built fast (:mod:`.build`): what runs by default."""
        return box_side_graph(maze)

    def answer(self, maze: Maze, solution) -> str | None:
        """The pushes of the canonical path, each after its walk (:func:`decode_pushes`)."""
        return decode_pushes(maze, solution)

    def move_label(self, graph, u, v, attrs) -> str:
        """Off the path: the walk's length and the push (the exact letters are on the path)."""
        return f"walk {attrs['weight'].secondary}, push {attrs['move'][-1]}"

    def path_labels(self, maze: Maze, answer) -> list[str] | None:
        """Each push with the walk before it, as the answer spells them."""
        return re.findall("[nswe]*[NSWE]", answer) if isinstance(answer, str) else None

    explain = staticmethod(explain_pushes)  # the answer push by push (explain(maze, solution, moves))

    def scene(self, maze: Maze, states):
        """The maze with the box's and the player's paths through ``states`` (the start first)."""
        return pushes_scene(maze, pushes_along(maze, states))


def decode_pushes(maze: Maze, solution) -> str | None:
    """The answer from a solution's path: its moves' pushes, each after its walk (:func:`spell`;
    ``None``: no solution)."""
    if not solution.found:
        return None
    return spell(maze, [LETTERS.index(attrs["move"]) for _, _, attrs in solution.edges])


def pushes_along(maze: Maze, states) -> str:
    """The answer along ``states`` (the start first): the push into each state (:func:`spell`)."""
    return spell(maze, [OPPOSITE[side] for _, side in states[1:]])  # a push leaves the player behind the box


def spell(maze: Maze, directions) -> str:
    """Pushes in ``directions`` from the start, each after the smallest of the shortest walks to
    the cell behind the box, then the push's letter."""
    grid = maze.grid
    player, box = maze.player, maze.box
    moves = []
    for direction in directions:
        walk = cast(str, shortest_walk(grid, player, box - grid.step[direction], blocked=box))  # a push's walk exists
        moves.append(walk + LETTERS[direction])
        player, box = box, box + grid.step[direction]
    return "".join(moves)


def box_and_player(maze: Maze, state) -> tuple[int, int]:
    """The box's cell and the player's cell in ``state``."""
    if state == START:
        return maze.box, maze.player
    box, side = state
    return box, box + maze.grid.step[side]


def box_and_player_positions(maze: Maze, state) -> tuple:
    """The box's and the player's ``(row, col)`` in ``state``."""
    box, player = box_and_player(maze, state)
    return maze.grid.position(box), maze.grid.position(player)
