"""Only named code runs: nothing from the current folder under ``python -m``, no standard-library
module through ``-a``, and no routine a config names once the command line overrides it.

Each module a case must not run writes a marker file when imported; the test looks for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from plugin_cli import corridor, run

MARKER = "import pathlib\npathlib.Path(__file__).with_suffix('.ran').write_text('ran')\n"
ROUTINE = "def bfs(graph, source, targets, *, zero, weight, heuristic, **options):\n    return {source: zero}\n"


def ran(folder: Path) -> list[str]:
    return sorted(path.stem for path in folder.rglob("*.ran"))


def write_corridor(folder: Path, step: int = 1) -> None:
    (folder / "corridor.py").write_text(corridor(step))


# one more process per shadowed name; signal's stays quick (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_python_m_runs_no_module_lying_in_the_current_folder[yaml]",
    "test_python_m_runs_no_module_lying_in_the_current_folder[argparse]",
    "test_python_m_runs_no_module_lying_in_the_current_folder[gc]",
    "test_python_m_runs_no_module_lying_in_the_current_folder[json]",
    "test_python_m_runs_no_module_lying_in_the_current_folder[traceback]",
    "test_python_m_runs_no_module_lying_in_the_current_folder[networkx]",
}


@pytest.mark.parametrize("shadow", ["signal", "yaml", "argparse", "gc", "json", "traceback", "networkx"])
def test_python_m_runs_no_module_lying_in_the_current_folder(shadow, tmp_path):
    write_corridor(tmp_path)
    (tmp_path / f"{shadow}.py").write_text(MARKER)
    commands = (["--version"], ["solve", "corridor:Corridor"], ["solve", "pushing_boxes", "--set", "output.stats=true"])
    for args in commands:
        stdin = "1 3\nSBT\n0 0\n" if "pushing_boxes" in args else "2\n3\n4\n"
        done = run(tmp_path, *args, stdin=stdin, module=True)
        assert done.returncode == 0, done.stderr
    assert ran(tmp_path) == []


@pytest.mark.parametrize("name", ["this:bfs", "subprocess:call", "antigravity:fly", "os.path:join", "json.decoder:bfs"])
def test_a_standard_library_module_is_never_a_routine(name, tmp_path):
    done = run(tmp_path, "solve", "huarong", "-a", name, stdin="")
    assert done.returncode == 2
    assert "The Zen of Python" not in done.stdout + done.stderr
    [line] = done.stderr.splitlines()
    module = name.partition(":")[0]
    if "." in module:
        assert f"{module.partition('.')[0]!r} is part of Python's standard library" in line, line
    else:
        assert f"no file {module}.py in the current folder" in line, line


def test_a_dotted_name_is_imported_from_an_installed_package(tmp_path):
    package = tmp_path / "site" / "coursework"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "routines.py").write_text("from collections import deque\n\n\n"
                                         "def bfs(graph, source, targets, *, zero, weight, heuristic, **options):\n"
                                         "    raise LookupError('unfinished')\n")
    work = tmp_path / "work"
    work.mkdir()
    sample = run(work, "sample", "arrow_maze").stdout
    done = run(work, "solve", "arrow_maze", "-a", "coursework.routines:bfs", stdin=sample,
               env={"PYTHONPATH": str(tmp_path / "site")})
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert line.endswith("routines.py:5: in bfs: LookupError: unfinished (maze 'SAMPLE')"), line


@pytest.mark.parametrize("override", [["-a", "dijkstra"], ["--set", "search.algorithm=bfs"], ["--algorithm", "spfa"]])
def test_a_config_s_routine_overridden_on_the_command_line_is_never_imported(override, tmp_path):
    write_corridor(tmp_path)
    (tmp_path / "evil.py").write_text(MARKER + ROUTINE)
    (tmp_path / "course.yaml").write_text("puzzle: corridor:Corridor\nsearch:\n  algorithm: evil:bfs\n")
    done = run(tmp_path, "solve", "--config", "course.yaml", *override)
    assert (done.returncode, done.stdout) == (0, "3\n4\n"), done.stderr
    assert ran(tmp_path) == []
    used = run(tmp_path, "solve", "--config", "course.yaml")  # not overridden: it runs (and is judged)
    assert used.returncode != 0 and ran(tmp_path) == ["evil"]


def test_a_config_s_broken_routine_is_still_refused_before_any_input(tmp_path):
    write_corridor(tmp_path)
    (tmp_path / "course.yaml").write_text("puzzle: corridor:Corridor\nsearch:\n  algorithm: missing:bfs\n")
    done = run(tmp_path, "solve", "--config", "course.yaml", stdin="this is not read")
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "course.yaml" in line and "no file missing.py" in line, line


# -- what the tool lists is what it accepts --------------------------------------------------------------------

def routines_line(listing: str, routine: str) -> str:
    lines = listing.splitlines()
    return next(lines[k + 1] for k, line in enumerate(lines) if line.split()[:1] == [routine])


@pytest.mark.parametrize("step", [1, 2])
def test_algorithms_lists_an_undeclared_puzzle_as_decided_once_built_and_solve_agrees(step, tmp_path):
    write_corridor(tmp_path, step)
    (tmp_path / "course.yaml").write_text("puzzle: corridor:Corridor\n")
    listing = run(tmp_path, "algorithms", "--config", "course.yaml").stdout
    bfs = routines_line(listing, "bfs")
    applies, _, pending = bfs.partition("decided once a graph is built")
    assert "corridor/states" not in applies and "corridor/states" in pending, bfs
    assert "corridor/states" in routines_line(listing, "dijkstra").partition("decided")[0]
    done = run(tmp_path, "solve", "--config", "course.yaml", "-a", "bfs")
    if step == 1:
        assert (done.returncode, done.stdout) == (0, "3\n4\n"), done.stderr
    else:
        assert done.returncode == 2 and "instance 1" in done.stderr
        assert "bfs needs every edge weight to be 1" in done.stderr


def test_a_profile_on_the_puzzle_class_holds_for_its_rules_classes(tmp_path):
    text = '''\
from stategraph import COST, SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile


class Rules:
    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if state < n:
            yield "R", state + 1, 2


class Corridor(SuccessorPuzzle):
    name, summary, sample = "corridor", "walk right to the end", "1\\n3\\n"
    counted, output = True, COST
    profile = WeightProfile(unit=False)  # on the puzzle class: it holds for Rules, which sets none
    models = {"walk": Rules}

    def read(self, tokens, limits):
        return tokens.integer("length", 1, 100)
'''
    (tmp_path / "corridor.py").write_text(text)
    (tmp_path / "course.yaml").write_text("puzzle: corridor:Corridor\nsearch: {algorithm: bfs}\n")
    done = run(tmp_path, "solve", "--config", "course.yaml", stdin="not read")
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "course.yaml" in line and "bfs does not apply to corridor's model walk" in line, line
    assert run(tmp_path, "solve", "corridor:Corridor").stdout == "6\n8\n"


def test_compare_honours_the_model_for_a_routine_of_your_own(tmp_path):
    (tmp_path / "mine.py").write_text(
        "import networkx as nx\n\n\n"
        "def dijkstra(graph, source, targets, *, zero, weight, heuristic, **options):\n"
        "    return nx.single_source_dijkstra_path_length(graph, source, weight=weight)\n")
    sample = run(tmp_path, "sample", "huarong").stdout
    for model, other in (("piece_blank", "piece_side"), ("piece_side", "piece_blank")):
        done = run(tmp_path, "compare", "huarong", "-m", model, "-a", "mine:dijkstra", "--format", "csv", stdin=sample)
        assert done.returncode == 0, done.stderr
        rows = done.stdout.splitlines()[1:]
        assert rows and all(f",{model},mine:dijkstra," in row for row in rows), done.stdout
        assert other not in done.stdout
