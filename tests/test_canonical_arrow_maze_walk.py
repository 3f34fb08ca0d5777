"""Abbott's Revenge's own canonical walk (``build.first_optimal_turns``) against the general rule
(:func:`stategraph.graph.canonical.canonical_path`), and the node attributes its builder shares
between mazes against what the model documents (``(r,c) heading X``)."""

from __future__ import annotations

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from random_inputs import arrow_maze_input  # noqa: E402
from stategraph import get_puzzle  # noqa: E402
from stategraph.errors import StategraphError  # noqa: E402
from stategraph.graph.canonical import canonical_path  # noqa: E402
from stategraph.puzzles.arrow_maze import build  # noqa: E402
from stategraph.puzzles.arrow_maze.maze import START  # noqa: E402
from stategraph.search import get_search  # noqa: E402

ARROW_MAZE = get_puzzle("arrow_maze")
ROUTINES = ("bfs", "dijkstra", "astar", "spfa", "bidirectional_dijkstra")


def state_graphs(text: str):
    """Each maze of ``text`` with its state graph."""
    for maze in ARROW_MAZE.parse(text):
        yield maze, build.cell_heading_graph(maze)


@pytest.mark.parametrize("routine", ROUTINES)
def test_the_walk_is_the_general_rules_path(routine):
    """The distances of every routine (astar's leave states unsettled) give the path the general rule gives."""
    search = get_search(routine)
    answered = 0
    for maze, state_graph in state_graphs(arrow_maze_input(random.Random(816 + len(routine)), 60)):
        graph, targets = state_graph.searched(search.grows)
        dist = search.run(graph, START, targets, zero=0, heuristic=state_graph.heuristic).dist
        expected = canonical_path(graph, START, targets, dist)
        assert build.first_optimal_turns(graph, START, targets, dist) == expected, maze.name
        answered += expected is not None
    assert answered > 10  # (most random mazes have a route)


TIES = [  # two shortest routes: the one whose first different turn comes first in F, L, R is taken
    ("FR\n3 1 N 1 2\n2 1 NFR *\n1 1 NR *\n2 2 EL *\n0\nEND\n", [(3, 1), (2, 1), (1, 1), (1, 2)]),
    ("LR\n3 2 N 1 2\n2 2 NLR *\n2 1 WR *\n1 1 NR *\n2 3 EL *\n1 3 NL *\n0\nEND\n",
     [(3, 2), (2, 2), (2, 1), (1, 1), (1, 2)]),
]


@pytest.mark.parametrize(("text", "route"), TIES)
def test_a_tie_goes_to_the_smaller_turn(text, route):
    maze = next(ARROW_MAZE.parse(text))
    graph, targets = build.cell_heading_graph(maze).searched(True)
    dist = get_search("bfs").run(graph, START, targets).dist
    path = build.first_optimal_turns(graph, START, targets, dist)
    assert [maze.entrance] + [state[:2] for state in path[1:]] == route


def test_distances_that_put_the_entrance_on_no_optimal_path_are_refused_as_by_the_general_rule():
    maze = next(ARROW_MAZE.parse("T\n1 1 E 1 3\n1 2 EF *\n0\nEND\n"))
    graph, targets = build.cell_heading_graph(maze).searched(True)
    get_search("bfs").run(graph, START, targets)  # (builds the moves the walk reads)
    wrong = {START: 0, (1, 3, 3): 1}  # the goal one move away, but no move of cost 1 reaches it
    with pytest.raises(StategraphError, match="^search distances are inconsistent: the source is on no optimal path$"):
        build.first_optimal_turns(graph, START, targets, wrong)


def test_no_route_is_none():
    maze = next(ARROW_MAZE.parse("T\n1 1 E 1 3\n0\nEND\n"))
    graph, targets = build.cell_heading_graph(maze).searched(True)
    dist = get_search("bfs").run(graph, START, targets).dist
    assert build.first_optimal_turns(graph, START, targets, dist) is None


def expected_attributes(state) -> dict:
    """What the docs say a state's node holds: its kind, cell, heading letter and label."""
    row, col, heading = state
    letter = "NSWE"[heading]
    return {"kind": "state", "row": row, "col": col, "heading": letter, "label": f"({row},{col}) heading {letter}"}


@pytest.mark.parametrize("cache", [0, 3, build.STATE_CACHE])
def test_shared_node_attributes_hold_for_every_maze(monkeypatch, cache):
    """The node dicts shared by the mazes of an input are each state's own, also when the table is cleared."""
    monkeypatch.setattr(build, "STATE_CACHE", cache)
    build._STATES.clear()
    seen = 0
    for _maze, state_graph in state_graphs(arrow_maze_input(random.Random(2000 + cache), 60)):
        for state, attrs in state_graph.graph.nodes(data=True):
            if state != START:
                assert attrs == expected_attributes(state)
                seen += 1
    assert seen > 100
    assert len(build._STATES) <= seen
