"""The layout a model suggests for its state graph (``Model.state_position``, ``Model.state_group``), in
``stategraph view``'s page and in ``stategraph draw --graph``: each state at its place, one copy of the
layout per group, side by side in rows of ``ceil(sqrt(groups))`` copies ordered by the first time a
breadth-first search from the start reaches the group, each copy 2 cells beyond the places' span,
states sharing a place on a circle of 0.3 round it, moves between copies marked.  The expected
places are computed here from the puzzles' own rules (a breadth-first search of this file), never
read from the code under test.  Three small first-level puzzles: keys and doors (position and
group), a walk that counts its steps' parity (position only: two states a cell) and a counter
(neither: the page's layers)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import deque

import pytest

from stategraph.contract.answer_line import COST
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.contract.scene import Scene
from stategraph.settings.resolve import Settings
from stategraph.views import page

STEPS = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
GAP, SPREAD = 2, 0.3  # what the layout's rule says: cells between copies, the radius of a shared place
KEYS_INPUT = "1\n4 6\nSa.#.b\n.#.A.#\n.#B#..\n...#.G\n"  # key a opens A, b opens B; b is behind A
PARITY_INPUT = "1\n2 3\nS..\n..G\n"
COUNTER_INPUT = "1\n9\n"


def read_grid(tokens):
    rows = tokens.integer("rows", 1, 30)
    tokens.integer("cols", 1, 30)  # each row's length: the rows themselves say it
    return tuple(str(tokens.next(f"row {r}")) for r in range(1, rows + 1))


def at(grid, cell):
    r, c = cell
    return grid[r - 1][c - 1] if 1 <= r <= len(grid) and 1 <= c <= len(grid[0]) else "#"


def find(grid, char):
    return next((r, c) for r in range(1, len(grid) + 1) for c in range(1, len(grid[0]) + 1)
                if at(grid, (r, c)) == char)


class KeysAndDoors(SuccessorPuzzle):
    """A state is (cell, keys held); a key (a-z) opens the door of its capital."""

    name, summary, sample, output, counted = "keys_and_doors", "keys open doors", KEYS_INPUT, COST, True

    def read(self, tokens, limits):
        return read_grid(tokens)

    def start(self, grid):
        return find(grid, "S"), ""

    def is_goal(self, grid, state):
        return at(grid, state[0]) == "G"

    def moves(self, grid, state):
        (r, c), keys = state
        for letter, (dr, dc) in STEPS.items():
            step = (r + dr, c + dc)
            char = at(grid, step)
            if char == "#" or (char.isupper() and char not in "SG" and char.lower() not in keys):
                continue
            yield letter, (step, "".join(sorted(set(keys + char))) if char.islower() else keys), 1

    def state_label(self, grid, state):
        return f"{state[0][0]},{state[0][1]} {state[1] or '-'}"

    def position(self, grid, state):
        return state[0]

    def group(self, grid, state):
        return state[1]

    def scene(self, grid, states):
        """The grid (doors in a style of the puzzle's own, ``gate``), a legend and the route."""
        drawn = Scene(1, 1, len(grid), len(grid[0]))
        kinds = {"#": "wall", ".": "floor", "S": "start", "G": "goal"}
        for r, line in enumerate(grid, start=1):
            for c, char in enumerate(line, start=1):
                kind = kinds.get(char, "key" if char.islower() else "gate")
                drawn.cell(r, c, kind, char if kind in ("key", "gate") else "", name="target" if char == "G" else "")
        for kind, meaning in (("wall", "wall"), ("key", "a key"), ("gate", "a door its key opens")):
            drawn.key(kind, meaning)
        drawn.trail("walk-path", [state[0] for state in states], "walk", "the walk")
        drawn.mark("here", states[-1][0], "walker")
        return drawn


class ParityWalk(SuccessorPuzzle):
    """A state is (cell, moves made mod 2; one may wait at S): two states a cell, a position, no group."""

    name, summary, sample, output, counted = "parity_walk", "reach G after an even walk", PARITY_INPUT, COST, True

    def read(self, tokens, limits):
        return read_grid(tokens)

    def start(self, grid):
        return find(grid, "S"), 0

    def is_goal(self, grid, state):
        return at(grid, state[0]) == "G" and state[1] == 0

    def moves(self, grid, state):
        (r, c), parity = state
        for letter, (dr, dc) in STEPS.items():
            if at(grid, (r + dr, c + dc)) != "#":
                yield letter, ((r + dr, c + dc), 1 - parity), 1
        if at(grid, (r, c)) == "S":  # waiting a move at the start: every cell with either parity
            yield "wait", ((r, c), 1 - parity), 1

    def position(self, grid, state):
        return state[0]

    def picture(self, grid, state):
        return "\n".join("".join("@" if (r, c) == state[0] else ch for c, ch in enumerate(line, start=1))
                         for r, line in enumerate(grid, start=1)) + f"\nparity {state[1]}"


class Counter(SuccessorPuzzle):
    """From 0 to n by +1 or +2: no position, no group."""

    name, summary, sample, output, counted = "counter", "count to n", COUNTER_INPUT, COST, True

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 50)

    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        for step in (1, 2):
            if state + step <= n:
                yield f"+{step}", state + step, 1


def keys_state(label: str):
    """A keys-and-doors state back from its label."""
    cell, keys = label.split()
    return tuple(map(int, cell.split(","))), "" if keys == "-" else keys


def bfs(puzzle, instance_value, start):
    """Every reachable state in breadth-first order (moves in their order)."""
    seen, queue = [start], deque([start])
    known = {start}
    while queue:
        state = queue.popleft()
        for _, after, _ in puzzle.moves(instance_value, state):
            if after not in known:
                known.add(after)
                seen.append(after)
                queue.append(after)
    return seen


def expected_places(states: list, order: list) -> dict:
    """Where the layout's rule puts each state: its place plus its group's copy offset (the copies
    in ``order``'s first-reached order), before states sharing a place are spread."""
    groups = list(dict.fromkeys(group for _, group in order))
    across = math.ceil(math.sqrt(len(groups)))
    rows, cols = [cell[0] for cell, _ in states], [cell[1] for cell, _ in states]
    width, height = max(cols) - min(cols) + GAP, max(rows) - min(rows) + GAP
    place = {}
    for cell, group in states:
        k = groups.index(group)
        place[cell, group] = (cell[1] + (k % across) * width, cell[0] + (k // across) * height)
    return place


def check_spread(drawn: dict, wanted: dict) -> None:
    """Each state at its wanted point, or (sharing it) on the circle round it, evenly spread."""
    sharing: dict = {}
    for state, point in wanted.items():
        sharing.setdefault(point, []).append(state)
    for point, states in sharing.items():
        for state in states:
            distance = math.dist(drawn[state], point)
            assert distance == pytest.approx(0 if len(states) == 1 else SPREAD, abs=2e-3), (state, point)
        if len(states) > 1:  # evenly: no two on the same spot
            spots = {tuple(round(v, 2) for v in drawn[state]) for state in states}
            assert len(spots) == len(states)


# drawing the 40 states' labels takes a second (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {"test_draw_places_each_state_at_its_place_in_its_groups_copy"}


# the page ----------------------------------------------------------------------------------------

def test_the_page_lays_keys_and_doors_out_as_a_copy_of_the_grid_per_keys_held():
    puzzle = KeysAndDoors()
    built = page(puzzle, KEYS_INPUT)
    graph = built.data["graph"]
    grid = read_grid_text(KEYS_INPUT)
    order = bfs(puzzle, grid, (find(grid, "S"), ""))
    states = [keys_state(label) for label in graph["labels"][:graph["drawn"]]]
    assert set(states) == set(order)  # small: every state drawn
    wanted = expected_places(states, order)
    check_spread({s: (x, y) for s, x, y in zip(states, graph["x"], graph["y"])}, wanted)
    groups = list(dict.fromkeys(group for _, group in order))
    assert groups == ["", "a", "ab"]  # b lies behind A: the search reaches "ab" last
    assert [g["label"] for g in graph["groups"]] == ["group (none)", "group a", "group ab"]
    assert [groups[k] for k in graph["group_of"]] == [group for _, group in states]
    assert graph["layout"] == "grid"
    for k, label in enumerate(graph["groups"]):  # each copy's label above its copy's top left place
        members = [wanted[s] for s in states if s[1] == groups[k]]
        assert label["y"] < min(y for _, y in members) and label["x"] <= min(x for x, _ in members)


def read_grid_text(text: str):
    """The first grid of an input of this file's format."""
    lines = text.split("\n")
    rows = int(lines[1].split()[0])
    return tuple(lines[2:2 + rows])


def test_the_page_lays_a_position_without_group_out_on_the_grid_alone():
    puzzle = ParityWalk()
    built = page(puzzle, PARITY_INPUT)
    graph = built.data["graph"]
    grid = read_grid_text(PARITY_INPUT)
    order = bfs(puzzle, grid, (find(grid, "S"), 0))
    assert graph["drawn"] == len(order) == 12  # 6 cells, two parities each
    assert graph["groups"] == [] and graph["group_of"] is None
    labels = graph["labels"][:graph["drawn"]]
    states = [next(s for s in order if str(s) == label) for label in labels]
    wanted = {s: (s[0][1], s[0][0]) for s in states}  # column, row: one copy, no offset
    check_spread({s: (x, y) for s, x, y in zip(states, graph["x"], graph["y"])}, wanted)


def test_the_page_keeps_its_own_layout_without_positions():
    built = page(Counter(), COUNTER_INPUT)
    graph = built.data["graph"]
    assert graph["layout"] == "layers" and graph["groups"] == []
    distance = {int(label): d for label, d in zip(graph["labels"], graph["dist"])}
    for label, x in zip(graph["labels"], graph["x"]):  # one layer a move from 0: x grows with the distance
        assert (x > 0) == (distance[int(label)] > 0)


def test_a_position_missing_for_one_state_keeps_the_pages_layout():
    class Partly(ParityWalk):
        def position(self, grid, state):
            return None if state[0] == (1, 1) and state[1] == 1 else state[0]

    graph = page(Partly(), PARITY_INPUT).data["graph"]
    assert graph["layout"] == "layers"


def test_a_bad_position_is_one_clear_error(tmp_path):
    from stategraph.errors import StategraphError

    class Bad(ParityWalk):
        def position(self, grid, state):
            return "here"

    with pytest.raises(StategraphError, match=r"position\(\) must return a \(row, col\) pair"):
        page(Bad(), PARITY_INPUT)


# draw --------------------------------------------------------------------------------------------

def drawn_points(svg_path) -> list[tuple[float, float]]:
    """The centres of the states drawn (the ``states`` collection's markers), in SVG units."""
    root = ET.parse(svg_path).getroot()
    [states] = [g for g in root.iter() if g.get("id") == "states"]
    return [(float(use.get("x")), float(use.get("y"))) for use in states.iter() if use.tag.endswith("use")]


def affine_match(points: list, wanted: list) -> None:
    """``points`` (SVG: y downwards) are ``wanted`` (layout: y = the row, downwards) under one map
    x -> a x + b, y -> a y + d with the same scale both ways (the grid's proportions kept)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    wx, wy = [w[0] for w in wanted], [w[1] for w in wanted]
    a = (max(xs) - min(xs)) / (max(wx) - min(wx))
    assert (max(ys) - min(ys)) / (max(wy) - min(wy)) == pytest.approx(a, rel=1e-3)
    mapped = [((x - min(xs)) / a + min(wx), (y - min(ys)) / a + min(wy)) for x, y in points]
    assert len(mapped) == len(wanted)
    for point in wanted:  # each wanted point drawn, by a state of its own
        nearest = min(mapped, key=lambda got: math.dist(got, point))
        assert math.dist(nearest, point) < 0.02, (nearest, point)
        mapped.remove(nearest)


@pytest.fixture
def drawing():
    pytest.importorskip("matplotlib")
    from stategraph.views import draw

    return draw


def test_draw_places_each_state_at_its_place_in_its_groups_copy(drawing, tmp_path):
    puzzle = KeysAndDoors()
    grid = read_grid_text(KEYS_INPUT)
    order = bfs(puzzle, grid, (find(grid, "S"), ""))
    svg = tmp_path / "graph.svg"
    counts = drawing.draw_graph(Settings.of(puzzle), KEYS_INPUT, str(svg))
    assert counts["states"] == counts["drawn"] == len(order)
    wanted = expected_places(order, order)  # no place shared: a state is its cell and its keys
    affine_match(drawn_points(svg), [wanted[state] for state in order])
    ids = [element.get("id") for element in ET.parse(svg).getroot().iter()]
    assert {"group-0", "group-1", "group-2"} <= set(ids) and "group-3" not in ids
    pickups = [(u, v) for u in order for _, v, _ in puzzle.moves(grid, u) if u[1] != v[1]]
    assert ids.count("group-edges") == len(pickups) >= 2  # each move picking a key up, drawn across copies


def test_draw_spreads_states_sharing_a_cell(drawing, tmp_path):
    puzzle = ParityWalk()
    grid = read_grid_text(PARITY_INPUT)
    order = bfs(puzzle, grid, (find(grid, "S"), 0))
    svg = tmp_path / "graph.svg"
    drawing.draw_graph(Settings.of(puzzle), PARITY_INPUT, str(svg))
    points = drawn_points(svg)
    assert len(points) == len(order)
    cells = {state[0] for state in order}
    assert len(order) == 2 * len(cells)  # two states a cell, opposite each other on its circle
    dx, dy = SPREAD * math.cos(0.4), SPREAD * math.sin(0.4)
    affine_match(points, [(c + sign * dx, r + sign * dy) for r, c in cells for sign in (1, -1)])
    ids = {element.get("id") for element in ET.parse(svg).getroot().iter()}
    assert "group-0" not in ids and "group-edges" not in ids


def test_draw_without_positions_keeps_its_own_layout(drawing, tmp_path):
    svg = tmp_path / "graph.svg"
    counts = drawing.draw_graph(Settings.of(Counter()), COUNTER_INPUT, str(svg))
    assert counts["states"] == counts["drawn"] == 10 and len(drawn_points(svg)) == 10
    ids = {element.get("id") for element in ET.parse(svg).getroot().iter()}
    assert "canonical-path" in ids and "group-0" not in ids and "group-edges" not in ids
