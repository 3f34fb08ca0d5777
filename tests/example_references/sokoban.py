"""Sokoban with two boxes (examples/sokoban), answered by a search over (player cell, box cells).

A breadth-first search in which a step that pushes a box costs 1 and a walk costs nothing (a deque, walks to
the front).  The dead squares the example prunes are held to a search of its own too: from a cell marked dead,
a box alone in the room reaches no goal, wherever the player starts.  The naive model (a state a step) gives the
same answers from many more states.
"""

from __future__ import annotations

from collections import deque

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, WASTEFUL, BadInput, RandomRun, Views, terminated

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def instances(text: str) -> list[list[str]]:
    words, found = text.split(), []
    while words[:2] != ["0", "0"]:
        rows = int(words[0])
        found.append(words[2:2 + rows])
        words = words[2 + rows:]
    return found


def fewest_pushes(room: list[str]):
    """The fewest pushes that leave a box on each goal, or ``None``."""
    at = {(r, c): ch for r, line in enumerate(room) for c, ch in enumerate(line)}
    goals = {cell for cell, ch in at.items() if ch in "o*+"}
    player = next(cell for cell, ch in at.items() if ch in "@+")
    start = (player, frozenset(cell for cell, ch in at.items() if ch in "$*"))
    pushes, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        (r, c), boxes = state
        if boxes == goals:
            return pushes[state]
        for dr, dc in STEPS:
            step, beyond = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if at.get(step, "#") == "#":
                continue
            if step not in boxes:
                after, cost = (step, boxes), 0
            elif at.get(beyond, "#") != "#" and beyond not in boxes:
                after, cost = (step, boxes - {step} | {beyond}), 1
            else:
                continue
            if after not in pushes or pushes[state] + cost < pushes[after]:
                pushes[after] = pushes[state] + cost
                (queue.appendleft if cost == 0 else queue.append)(after)
    return None


def solution(room: list[str]):
    return fewest_pushes(room), None  # the example prints the pushes alone


def line(cost, moves) -> str:
    return "-1" if cost is None else str(cost)


def lone_box_reaches_a_goal(room: list[str], box) -> bool:
    """Whether a box alone on ``box`` (the other box taken away) can be pushed onto a goal, the
    player starting on some open cell."""
    at = {(r, c): ch for r, line in enumerate(room) for c, ch in enumerate(line)}
    floor = [cell for cell, ch in at.items() if ch != "#"]
    seen = {(player, box) for player in floor if player != box}
    queue = deque(seen)
    while queue:
        (r, c), held = queue.popleft()
        if at[held] in "o*+":
            return True
        for dr, dc in STEPS:
            step = (r + dr, c + dc)
            after = (step, (held[0] + dr, held[1] + dc)) if step == held else (step, held)
            if at.get(after[0], "#") != "#" and at.get(after[1], "#") != "#" and after not in seen:
                seen.add(after)
                queue.append(after)
    return False


join = terminated

MODELS = {"pushes": RIGHT, "player_boxes": WASTEFUL}
ROUTINES = {"pushes": NO_ASTAR, "player_boxes": tuple(routine for routine in NO_ASTAR if routine != "bfs")}
REFUSED = {("pushes", "astar"): NO_HEURISTIC,
           ("player_boxes", "bfs"): "bfs needs every edge weight to be 1"}  # a walk costs 0
SAMPLE_ANSWERS = ("0", "-1")


def edited(lines: list[str]):
    wrong = ["4", "0", "-1", "7", "-1"]
    return wrong, [f"instance 4: line 4: the answer costs 7, but the optimum is {lines[3]}",
                   f"instance 5: line 5: claims no solution, but one of {lines[4]} exists",
                   "stategraph: checked 5 answers: 3 ok, 2 with a problem"]


SAMPLE = "5 6\n######\n#.@..#\n#.$$.#\n#o..o#\n######\n"
BAD_INPUTS = [
    BadInput("three boxes", SAMPLE + "4 6\n######\n#@$$$#\n#oo..#\n######\n0 0\n", SAMPLE + "0 0\n",
             "7:1: instance 2: a room needs exactly 2 boxes ($ or *), found 3"),
    BadInput("one goal", SAMPLE + "4 6\n######\n#@$$.#\n#o...#\n######\n0 0\n", SAMPLE + "0 0\n",
             "7:1: instance 2: a room needs exactly 2 goals (o, * or +), found 1"),
    BadInput("no player", SAMPLE + "4 6\n######\n#.$$.#\n#o..o#\n######\n0 0\n", SAMPLE + "0 0\n",
             "7:1: instance 2: a room needs exactly 1 player (@ or +), found 0"),
]

# 32 rooms of seed 31, solvable and not: the naive model has more states in every one
RANDOM = RandomRun(seed=31, sizes=(1, 2, 3, 4) * 8, algorithm="dijkstra", distinct=4, more=32)

# the sample: each box pushed down a row, then along it; its dead cells (x) along the top wall
VIEWS = Views(instance=1, graph_instance=4, drawn_ids=frozenset({"box-path-1", "box-path-2", "target", "box-1"}),
              absent_ids=frozenset({"route-path"}),  # the push model keeps no cell of the player: no walk drawn
              first_step="1. (2,2) (3,3) (3,4): (3,3)S -> (2,2) (3,4) (4,3); cost so far 1",
              last_picture="######\n#xxxx#\n#....#\n#*..*#\n######")
