"""What a puzzle's hook returns is checked where stategraph takes it: a value no command can use is
one line naming the hook (and the state), exit status 2, in every command that asks for it, never
an internal error (status 70), a traceback or a picture drawn from it.

Each case writes a small plug-in whose hook returns one bad value for one state, runs the command
line from its folder, and reads the hook, the state and the value expected in the line from the
plug-in it wrote.  A state is any hashable value but ``None`` (``start``, ``moves``); a position is
a ``(row, col)`` pair of finite numbers or ``None`` (``position``, ``Model.state_position``); a
scene is a ``Scene`` every renderer can draw (``scene``, ``Model.scene``).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from plugin_cli import one_line, run

# A corridor of n cells walked to the right, whose start and moves a case may break.
CORRIDOR = '''\
from stategraph import COST, SuccessorPuzzle

START = 0
NEXT = {}  # state -> what moves() says its move leads to, in place of state + 1


class Corridor(SuccessorPuzzle):
    name, summary, sample = "corridor", "walk right to the end", "1\\n3\\n"
    counted = True
    output = COST

    def read(self, tokens, limits):
        return tokens.integer("length", 1, 100)

    def start(self, n):
        return START

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if isinstance(state, int) and state < n:
            yield "R", NEXT.get(state, state + 1), 1
'''
CORRIDOR_INPUT = "1\n3\n"

# A walk on a grid, S to G; its position() gives BAD for the cell (1, 2), and Scened's scene() the SCENE.
WALK = '''\
from stategraph import GridPuzzle, Scene

BAD = None


class Walk(GridPuzzle):
    name, summary, sample = "walk", "walk from S to G", "1 3\\nS.G\\n0 0\\n"
    legend, once = {"#": "wall", ".": "floor", "S": "start", "G": "goal"}, "SG"

    def start(self, grid):
        return grid.find("S")

    def is_goal(self, grid, cell):
        return grid[cell] == "G"

    def moves(self, grid, cell):
        for letter, step in grid.steps(cell):
            yield letter, step, 1

    def position(self, grid, cell):
        return BAD if cell == (1, 2) else cell


def broken_scene(drawn):
    """What Scened breaks in its scene."""


class Scened(Walk):
    def position(self, grid, cell):
        return cell

    def scene(self, grid, states):
        drawn = super().scene(grid, states)
        broken_scene(drawn)
        return drawn
'''
WALK_INPUT = "1 3\nS.G\n0 0\n"
BAD_CELL = (1, 2)

PICTURE_COMMANDS = {"draw": ("draw", "-o", "out.svg"), "draw --graph": ("draw", "--graph", "-o", "out.svg"),
                    "draw --animate": ("draw", "-o", "out.svg", "--animate", "out.gif"),
                    "view": ("view", "-o", "out.html"), "explain": ("explain",)}
WRITTEN = ("out.svg", "out.gif", "out.html")


def written(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.py").write_text(text)


def command(folder: Path, spec: str, stdin: str, args: tuple) -> str:
    """The one line on stderr of ``stategraph ARGS SPEC -``, which must fail with status 2 and write nothing."""
    done = run(folder, *args[:1], spec, "-", *args[1:], stdin=stdin, separate=False)
    assert done.returncode == 2, (done.returncode, done.stderr)
    line = one_line(done)
    assert line.startswith("stategraph: error: ") and "internal error" not in line, line
    assert not [name for name in WRITTEN if (folder / name).exists()], "a file was written from a bad value"
    return line


# start() and moves(): a state ------------------------------------------------------------------------

@pytest.mark.parametrize("hook, state, change", [
    pytest.param("start", None, ("START = 0", "START = None"), id="start-none"),
    pytest.param("moves", None, ("NEXT = {}", "NEXT = {1: None}"), id="moves-none"),
    pytest.param("moves", [2], ("NEXT = {}", "NEXT = {1: [2]}"), id="moves-unhashable"),
])
@pytest.mark.parametrize("args", [("solve",), ("explain",), ("export", "-o", "out.json")], ids=lambda a: a[0])
def test_a_state_that_is_none_or_unhashable_is_one_line_naming_the_hook(hook, state, change, args, tmp_path):
    written(tmp_path, "corridor", CORRIDOR.replace(*change))
    line = command(tmp_path, "corridor:Corridor", CORRIDOR_INPUT, args)
    assert f"{hook}()" in line or "leads to" in line, line
    assert repr(state) in line, line
    if hook == "moves":  # the state whose move it is, and the move
        assert "of state 1" in line and "'R'" in line, line


# position(): a place ------------------------------------------------------------------------------------

BAD_PLACES = {"a str": "'ab'", "a triple": "(1, 2, 3)", "nan": "(float('nan'), float('nan'))",
              "inf": "(1, float('inf'))", "a bool": "(True, 1)", "a list": "[1, 2]"}


@pytest.mark.parametrize("what", list(BAD_PLACES))
@pytest.mark.parametrize("name", list(PICTURE_COMMANDS))
def test_a_position_that_is_not_a_place_is_one_line_in_every_command(name, what, tmp_path):
    pytest.importorskip("matplotlib")
    written(tmp_path, "walk", WALK.replace("BAD = None", f"BAD = {BAD_PLACES[what]}"))
    line = command(tmp_path, "walk:Walk", WALK_INPUT, PICTURE_COMMANDS[name])
    value = eval(BAD_PLACES[what])  # the value the plug-in returns, as the line must show it
    assert "position()" in line and f"it returned {value!r} for state {BAD_CELL!r}" in line, line
    assert "walk" in line and "instance 1" in line, line


# scene(): a Scene ---------------------------------------------------------------------------------------

BAD_SCENES = {"a row that is a str": ("drawn.cells[0].row = '1'", "'1'"),
              "a trail point of nan": ("drawn.trails[0].points.append((1, float('nan')))", "(1, nan)"),
              "a mark on a str": ("drawn.marks[0].position = 'ab'", "'ab'"),
              "bounds of floats": ("drawn.bottom = 1.5", "1.5"),
              "a text that is not a str": ("drawn.text = 7", "7")}
SCENE_COMMANDS = {name: args for name, args in PICTURE_COMMANDS.items() if name not in ("explain", "draw --graph")}


@pytest.mark.parametrize("what", list(BAD_SCENES))
@pytest.mark.parametrize("name", list(SCENE_COMMANDS))
def test_a_scene_no_renderer_can_draw_is_one_line_and_no_picture(name, what, tmp_path):
    pytest.importorskip("matplotlib")
    breaking, shown = BAD_SCENES[what]
    written(tmp_path, "walk", WALK.replace('    """What Scened breaks in its scene."""',
                                           f'    """What Scened breaks in its scene."""\n    {breaking}'))
    line = command(tmp_path, "walk:Scened", WALK_INPUT, SCENE_COMMANDS[name])
    assert "scene()" in line and shown in line, line


# a second-level model's own picture hooks ----------------------------------------------------------------

def second_level(position=None, scene=None):
    """A puzzle whose model (a Model subclass, used as it is) overrides ``state_position`` or ``scene``."""
    from stategraph import SuccessorPuzzle
    from stategraph.contract.answer_line import COST

    class Line(SuccessorPuzzle):
        name, summary, sample, output, counted = "line", "walk to n", "1\n3\n", COST, True

        def read(self, tokens, limits):
            return tokens.integer("n", 1, 9)

        def start(self, n):
            return 0

        def is_goal(self, n, state):
            return state == n

        def moves(self, n, state):
            if state < n:
                yield "R", state + 1, 1

    generated = Line.models["states"]
    overrides = {}
    if position is not None:
        overrides["state_position"] = classmethod(lambda cls, instance, state: position if state == 2 else (0, state))
    if scene is not None:
        overrides["scene"] = classmethod(lambda cls, record, steps: scene)
    own = type("OwnModel", (generated,), overrides)
    return type("OwnLine", (Line,), {"models": {"states": own}})()


@pytest.mark.parametrize("place", [(math.nan, 0), "ab", (1, 2, 3)], ids=["nan", "str", "triple"])
def test_a_models_own_state_position_is_checked_on_the_page_and_in_draw(place, tmp_path):
    from stategraph.errors import ContractError
    from stategraph.settings.resolve import Settings
    from stategraph.views import page

    puzzle = second_level(position=place)
    with pytest.raises(ContractError) as refused:
        page(puzzle, "1\n3\n")
    message = str(refused.value)
    assert "state_position()" in message and f"it returned {place!r} for state 2" in message, message
    pytest.importorskip("matplotlib")
    from stategraph.views import draw

    with pytest.raises(ContractError, match=r"state_position\(\)"):
        draw.draw_graph(Settings.of(puzzle), "1\n3\n", str(tmp_path / "g.svg"))
    assert not (tmp_path / "g.svg").exists()


def test_a_models_own_scene_is_checked_on_the_page_and_in_draw(tmp_path):
    from stategraph import Scene
    from stategraph.errors import ContractError
    from stategraph.settings.resolve import Settings
    from stategraph.views import page

    scene = Scene(1, 1, 1, 3)
    scene.mark("here", (1, math.inf), "walker")
    puzzle = second_level(scene=scene)
    with pytest.raises(ContractError) as refused:
        page(puzzle, "1\n3\n")
    message = str(refused.value)
    assert "scene()" in message and "'here'" in message and "inf" in message, message
    pytest.importorskip("matplotlib")
    from stategraph.views import draw

    with pytest.raises(ContractError, match=r"scene\(\)"):
        draw.draw_solution(Settings.of(puzzle), "1\n3\n", str(tmp_path / "s.svg"))
    assert not (tmp_path / "s.svg").exists()
