"""The grid helper of the first level (stategraph.contract.grid_puzzle): its reader's errors, each at
the character, line and column it names; the grid it gives; and the picture its rules draw."""

from __future__ import annotations

import re

import pytest

from stategraph import CharGrid, GridPuzzle, GridRules, InputError
from stategraph.contract.grid_puzzle import read_grid
from stategraph.io.tokens import Tokens

LEGEND = {"#": "wall", ".": "floor", "S": "start", "G": "goal", "ab": "key", "AB": "door", "~": "lava"}


class Walk(GridPuzzle):
    name, summary, sample = "walk", "from S to G", "1 3\nS.G\n0 0\n"
    legend, once = LEGEND, "SG"

    def start(self, grid):
        return grid.find("S")

    def is_goal(self, grid, cell):
        return grid[cell] == "G"

    def moves(self, grid, cell):
        for letter, step in grid.steps(cell):
            if grid.kind(step) not in ("door", "lava"):
                yield letter, step, 1


class Unsized(Walk):
    sized = False


class Walled(Walk):
    walled = True


def error_of(puzzle, text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        list(puzzle.parse(text))
    return caught.value


def place(error: InputError) -> tuple:
    return error.line, error.column


@pytest.mark.parametrize("text, where, words", [
    ("2 3\nS.G\n.x.\n0 0\n", (3, 2), "unknown character 'x' in row 2, column 2"),
    ("2 3\nS.G\n....\n0 0\n", (3, 1), "row 2 has 4 characters, expected 3"),
    ("2 3\nS.G\n..\n0 0\n", (3, 1), "row 2 has 2 characters, expected 3"),
    ("2 3\nS.G\n", (3, None), "expected row 2 of 2"),
    ("2 3\nS.G\n.S.\n0 0\n", (3, 2), "exactly one 'S' (start), found 2: row 1 column 1 and row 2 column 2"),
    ("1 5\nS.S.G\n0 0\n", (2, 3), "exactly one 'S' (start), found 2: row 1 column 1 and row 1 column 3"),
    ("2 2\nS.\t.G\n0 0\n", (2, 3), "row 1 holds whitespace after column 2"),
    ("1 5\nS. .G\n0 0\n", (2, 3), "row 1 holds whitespace after column 2"),
    ("1 3\nS.G 0 0\n", (2, 4), "row 1 holds whitespace after column 3"),
    ("1 3 S.G\n0 0\n", (1, 5), "row 1 stands on the line of the grid's size"),
    ("1 3\nS..\n0 0\n", (2, 1), "exactly one 'G' (goal), found none"),
    ("0 3\n", (1, 1), "has no cell"),
    ("101 3\n", (1, 1), "the row count"),
])
def test_each_reader_error_names_its_place(text, where, words):
    error = error_of(Walk(), text)
    assert place(error)[0] == where[0], str(error)
    if where[1] is not None:
        assert place(error)[1] == where[1], str(error)
    if words:
        assert words in str(error)
    assert re.match(r"<input>:\d+(:\d+)?: ", str(error)), str(error)


def test_the_column_is_the_offending_character_even_after_leading_spaces():
    error = error_of(Walk(), "1 5\n   S.?.G\n0 0\n")
    assert (error.line, error.column) == (2, 6) and "row 1, column 3" in str(error)


def test_a_walled_grid_needs_a_wall_border_and_says_where_it_is_open():
    error = error_of(Walled(), "3 4\n####\n#SG.\n####\n0 0\n")
    assert (error.line, error.column) == (3, 4) and "row 2, column 4 is '.'" in str(error)
    [grid] = list(Walled().parse("3 4\n####\n#SG#\n####\n0 0\n"))
    assert grid.value.rows == ("####", "#SG#", "####")


def test_unsized_grids_are_separated_by_blank_lines():
    grids = [n.value for n in Unsized().parse("S.G\n...\n\nSG\n")]
    assert [g.rows for g in grids] == [("S.G", "..."), ("SG",)]
    for text, line in (("S. .G\n", 1), ("S.G\n.\t..\n", 2)):  # never read as two grids, or two rows
        error = error_of(Unsized(), text)
        assert (error.line, f"row {line} holds whitespace" in str(error)) == (line, True), str(error)
    error = error_of(Unsized(), "S.G\n..\n")
    assert (error.line, "row 2 has 2 characters, expected 3" in str(error)) == (2, True)


def test_limits_bound_the_grid_and_a_config_may_change_them():
    big = "3 3\nS..\n...\n..G\n0 0\n"
    assert "the row count" in str(error_of_limits(big, {"max_rows": 2}))
    assert "the column count" in str(error_of_limits(big, {"max_cols": 2}))
    assert len(list(Walk().parse(big, limits={"max_rows": 3}))) == 1
    tall = "S\n.\n.\nG\n"
    with pytest.raises(InputError, match="more than 3 rows"):
        list(Unsized().parse(tall, limits={"max_rows": 3}))


def error_of_limits(text, limits):
    with pytest.raises(InputError) as caught:
        list(Walk().parse(text, limits=limits))
    return caught.value


def test_the_grid_reads_its_cells_by_row_and_column_and_walls_outside():
    grid = read_grid(Tokens("2 3\nSa#\n.AG\n"), LEGEND)
    assert isinstance(grid, CharGrid) and (grid.height, grid.width) == (2, 3)
    assert [grid[r, c] for r in (1, 2) for c in (1, 2, 3)] == list("Sa#.AG")
    assert {grid[cell] for cell in ((0, 1), (3, 1), (1, 0), (1, 4))} == {"#"}
    assert (grid.kind((1, 2)), grid.kind((2, 2)), grid.kind((9, 9))) == ("key", "door", "wall")
    assert grid.cells("aA") == [(1, 2), (2, 2)] and grid.find("G") == (2, 3) and grid.find("b") is None
    assert list(grid.steps((2, 2))) == [("N", (1, 2)), ("W", (2, 1)), ("E", (2, 3))]
    assert list(grid.steps((1, 1), {"SE": (1, 1)})) == [("SE", (2, 2))]


def test_the_answers_are_those_of_a_walk_counted_by_hand():
    # S . . #      the walk must go round the lava (~) and the door (A): 6 steps
    # # ~ . A
    # G . . .
    text = "3 4\nS..#\n#~.A\nG...\n2 2\nS#\n#G\n0 0\n"
    assert Walk().solve_text(text) == "6 E E S S W W\n-1\n"


def solved_scene(puzzle, text):
    from stategraph import Settings
    from stategraph.views.draw import pick

    settings = Settings.of(puzzle)
    record, explanation = pick(settings, text, 1, None)
    model = puzzle.model()
    return model, record, explanation


def test_the_picture_has_every_cell_in_its_kind_the_legend_and_the_route_through_the_states():
    text = "3 4\nS..#\n#~.A\nG.ab\n0 0\n"
    model, record, explanation = solved_scene(Walk(), text)
    scene = model.scene(record, explanation["steps"])
    rows = text.splitlines()[1:4]
    kinds = {ch: kind for chars, kind in LEGEND.items() for ch in chars}
    assert {(c.row, c.col): c.style for c in scene.cells} == {
        (r, c): kinds[ch] for r, line in enumerate(rows, start=1) for c, ch in enumerate(line, start=1)}
    written = {(c.row, c.col): c.text for c in scene.cells if c.text}
    assert written == {(1, 1): "S", (2, 2): "~", (2, 4): "A", (3, 1): "G", (3, 3): "a", (3, 4): "b"}
    assert [name for name in (c.name for c in scene.cells) if name] == ["start", "target"]
    assert dict(scene.legend) == {"wall": "wall", "floor": "floor", "start": "start S", "goal": "goal G",
                                  "key": "key a b", "door": "door A B", "lava": "lava ~"}
    states = record.solution.states
    assert scene.trails[0].name == "route-path" and scene.trails[0].points == list(states)
    assert [(m.name, m.position) for m in scene.marks] == [("start", (1, 1)), ("here", (3, 1))]
    assert scene.colour("lava") not in (scene.colour("wall"), scene.colour("floor"))
    halfway = model.scene(record, explanation["steps"][:2])
    assert halfway.trails[0].points == list(states[:3]) and halfway.marks[-1].position == states[2]


def test_rules_that_are_not_the_puzzle_draw_too_and_their_marks_stand_on_the_grid():
    class Boxed(GridRules):
        def start(self, grid):
            return grid.find("S"), grid.find("a")

        def is_goal(self, grid, state):
            return grid[state[0]] == "G"

        def moves(self, grid, state):
            for letter, step in grid.steps(state[0]):
                yield letter, (step, state[1]), 1

        def marks(self, grid, state):
            yield "box", state[1], "box"

    class Two(Walk):
        models = {"boxed": Boxed}

    model, record, explanation = solved_scene(Two(), "2 3\nS.G\n.a.\n0 0\n")
    scene = model.scene(record, explanation["steps"])
    assert scene.trails[0].points == [(1, 1), (1, 2), (1, 3)]
    assert [(m.name, m.position, m.style) for m in scene.marks][-1] == ("box", (2, 2), "box")
    assert model.state_position(record.subject, ((2, 1), (2, 2))) == (2, 1)


def test_a_first_level_grid_puzzle_draws_its_route_as_a_trail(tmp_path):
    pytest.importorskip("matplotlib")
    from stategraph import Settings
    from stategraph.views.draw import draw_solution

    path = tmp_path / "walk.svg"
    draw_solution(Settings.of(Walk()), "3 4\nS..#\n#~.A\nG...\n0 0\n", str(path))
    svg = path.read_text()
    assert 'id="route-path"' in svg and 'id="start"' in svg and 'id="target"' in svg
