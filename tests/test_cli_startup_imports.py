"""Start-up (issues 23, 33): a plain ``solve`` loads only what it uses; ``--help``, and a ``solve``
that searches its graphs as it builds them, not even networkx (nothing reads a whole graph).

Each case runs the command in a fresh interpreter, as ``python -m stategraph`` runs it, and reads
``sys.modules`` at exit: a module named here that someone imports eagerly again fails the test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stategraph import get_puzzle
from stategraph.puzzles import ALIASES, PUZZLES

SAMPLES = Path(__file__).parent / "samples"
PROBE = ("import atexit, runpy, sys\n"
         "listing = sys.argv.pop(1)\n"
         "atexit.register(lambda: open(listing, 'w').write('\\n'.join(sorted(sys.modules))))\n"
         "runpy.run_module('stategraph', run_name='__main__', alter_sys=True)\n")
# Not needed to solve a built-in puzzle's input in one process and print its answers:
DEFERRED = ("networkx",  # a whole graph: export, the views, --verify's checks, the networkx routine
            "json",  # --format json
            "stategraph.solving.export", "stategraph.io.graph_write",  # --export-graphml, export
            "stategraph.io.safefile",
            "stategraph.contract.scene",  # draw, view
            "stategraph.puzzles.huarong", "stategraph.puzzles.pushing_boxes",  # the other puzzles
            "yaml", "tqdm", "stategraph.solving.judge", "stategraph.io.graph_read", "stategraph.views.explain",
            "stategraph.views.draw", "stategraph.views.page", "stategraph.views.compare",
            "stategraph.solving.workers", "multiprocessing", "pickle",  # --jobs
            "importlib.resources", "stategraph.puzzles.arrow_maze.check")  # the sample; --verify and check


def loaded(tmp_path: Path, *args: str, stdin: bytes | None = None, cwd: Path | None = None):
    """The finished command ``stategraph ARGS`` (in the folder ``cwd``) and the modules loaded when it exited."""
    listing = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", PROBE, str(listing), *args], input=stdin, capture_output=True,
                          cwd=cwd)
    return done, set(listing.read_text().split())


def sample_input(tmp_path: Path, puzzle: str) -> str:
    path = tmp_path / f"{puzzle}.txt"
    path.write_text(get_puzzle(puzzle).sample_text())
    return str(path)


def test_solve_loads_none_of_the_deferred_modules(tmp_path):
    done, modules = loaded(tmp_path, "solve", "arrow_maze", sample_input(tmp_path, "arrow_maze"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (SAMPLES / "arrow_maze.out").read_bytes()
    assert {"stategraph.cli.commands", "stategraph.puzzles.arrow_maze"} <= modules  # the listing works
    assert sorted(modules & set(DEFERRED)) == []


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong"])
def test_a_puzzle_loads_itself_alone(tmp_path, puzzle):
    done, modules = loaded(tmp_path, "solve", puzzle, sample_input(tmp_path, puzzle))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (SAMPLES / f"{puzzle}.out").read_bytes()
    assert {name for name in PUZZLES if f"stategraph.puzzles.{name}" in modules} == {puzzle}


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "water_jug", "huarong"])
def test_a_graph_searched_as_it_is_built_needs_no_networkx_until_it_is_read_whole(tmp_path, puzzle):
    """Pushing Boxes' default model and a first-level puzzle with a declared profile search a
    LazyGraph, Huarong Dao its board's DictGraph; exporting the whole graph is what brings networkx in."""
    example = Path(__file__).parent.parent / "examples" / puzzle
    if example.is_dir():  # three questions of its own: its input.txt's largest graphs take seconds to write
        (tmp_path / "jugs.txt").write_text("3\n5 2 3\n2 3 4\n3 5 4\n")
        args = ["--config", str(example / "puzzle.yaml"), str(tmp_path / "jugs.txt")]
    else:
        args = [puzzle, sample_input(tmp_path, puzzle)]
    done, modules = loaded(tmp_path, "solve", *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout and "networkx" not in modules
    done, modules = loaded(tmp_path, "solve", *args, "--export-graphml", str(tmp_path / "q{instance}.graphml"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "q1.graphml").exists() and "networkx" in modules


# Not needed to solve a first-level puzzle named by its plain config file or as module:Class (issue 44, point 6):
FIRST_LEVEL_DEFERRED = ("networkx", "importlib.resources",  # a packaged config's look-up
                        "yaml",  # a config other than plain YAML (stategraph.io.plain_yaml)
                        "traceback",  # a fault to describe
                        "shutil")  # the terminal's width, for help only (argparse asks for it with each option)
ROUTINE_MODULES = {"astar": ("astar", "astar_path", "heuristic_check"), "bfs": ("bfs",), "dijkstra": ("dijkstra",),
                   "spfa": ("spfa",), "layered_bfs": ("layered_bfs",), "bidirectional_dijkstra": ("bidirectional",),
                   "networkx": ("networkx_routine",)}  # a routine's own modules: only the routine run loads them


@pytest.mark.parametrize(("named", "routine"), [(["--config", "puzzle.yaml"], "bfs"),  # the config's routine
                                                (["water_jug:WaterJug"], "dijkstra")])  # the default
def test_a_first_level_puzzle_loads_none_of_the_deferred_modules(tmp_path, named, routine):
    example = tmp_path / "water_jug"  # a copy: the plug-in's compiled file is not left in examples/
    shutil.copytree(Path(__file__).parent.parent / "examples" / "water_jug", example)
    (tmp_path / "jugs.txt").write_text("2\n3 5 4\n2 4 3\n")
    done, modules = loaded(tmp_path, "solve", *named, str(tmp_path / "jugs.txt"), cwd=example)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"6\n-1\n", b"")
    assert "stategraph.contract.first_level" in modules  # the listing works
    routines = {name: {f"stategraph.search.{part}" for part in parts} for name, parts in ROUTINE_MODULES.items()}
    assert routines[routine] <= modules
    others = set().union(*(names for name, names in routines.items() if name != routine))
    assert sorted(modules & (set(FIRST_LEVEL_DEFERRED) | others)) == []


def test_what_an_option_needs_is_loaded_when_asked_for(tmp_path):
    done, modules = loaded(tmp_path, "solve", "arrow_maze", "--format", "json",
                           "--export-graphml", str(tmp_path / "maze{instance}.graphml"),
                           sample_input(tmp_path, "arrow_maze"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "maze1.graphml").exists()
    assert {"json", "stategraph.solving.export", "stategraph.io.graph_write", "stategraph.io.safefile"} <= modules


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"], ["export", "--help"]])
def test_help_and_version_load_neither_networkx_nor_the_commands(tmp_path, args):
    done, modules = loaded(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"stategraph 0." if args == ["--version"] else b"usage: stategraph")
    assert "stategraph.cli.main" in modules
    assert sorted(modules & {"networkx", "stategraph.cli.commands", "stategraph.puzzles", "json", "traceback"}) == []


def test_the_registry_names_every_puzzle_and_alias():
    """As the README's table lists them."""
    assert list(PUZZLES) == ["pushing_boxes", "huarong", "arrow_maze"]
    assert [puzzle.name for puzzle in PUZZLES.values()] == list(PUZZLES)
    assert {alias: puzzle.name for alias, puzzle in ALIASES.items()} == {
        "poj1475": "pushing_boxes", "noip2013": "huarong", "abbott": "arrow_maze", "uva816": "arrow_maze"}
    assert get_puzzle("uva816") is PUZZLES["arrow_maze"] is get_puzzle("arrow_maze")
    assert "sokoban" not in PUZZLES and PUZZLES.get("sokoban") is None and "sokoban" not in ALIASES
