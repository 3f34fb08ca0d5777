"""The trust boundary: code from outside the package runs only where the user named a plug-in.

Every case runs the real command line in a scratch folder that also holds booby-trapped modules
(``yaml.py``, ``lxml.py``, ``tqdm.py``, ``pydot.py``, ``matplotlib.py``, and a module named like
the input file): each writes a marker file when imported, so a marker on disk afterwards means
the tool ran code nobody asked for.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TRAPPED = ("yaml", "lxml", "tqdm", "pydot", "matplotlib", "networkx", "notes", "this")
TINY = "1 3\nSBT\n0 0\n"
TINY_OUT = "Maze #1\nE\n\n"

PLUGIN = '''
from contextlib import contextmanager

import networkx as nx

from stategraph.graph.state_graph import StateGraph, WeightProfile
from stategraph.contract.puzzle import Model, Puzzle


class Steps(Model):
    name, summary = "steps", "a state is a number"
    profile = WeightProfile(unit=True)

    @contextmanager
    def state_graph(self, question):
        graph = nx.DiGraph()
        graph.add_edge(0, 1, weight=1, rank=0)
        yield StateGraph(graph, 0, frozenset({1}))

    def decode(self, question, solution):
        return solution.cost


class Tiny(Puzzle):
    name, summary, sample = "tiny", "one step", "x\\n"
    models = {"steps": Steps}

    def parse(self, data, source="<input>", limits=None):
        yield 1

    def format_answer(self, instance, question, answer):
        return f"{WHERE} {answer}\\n"
'''


def trap(folder: Path, names=TRAPPED) -> None:
    for name in names:
        (folder / f"{name}.py").write_text(f"open({str(folder / ('MARKER-' + name))!r}, 'w').close()\n")


def markers(*folders: Path) -> list[str]:
    return sorted(p.name for folder in folders for p in folder.glob("MARKER-*"))


def stategraph(cwd: Path, *args, stdin: str = TINY, command=None):
    command = command or [os.path.join(os.path.dirname(sys.executable), "stategraph")]
    done = subprocess.run([*command, *map(str, args)], cwd=cwd, input=stdin, capture_output=True, text=True,
                          timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture
def folders(tmp_path):
    """A course folder (config and traps) and a working folder (traps too), apart."""
    course, work = tmp_path / "course", tmp_path / "work"
    course.mkdir()
    work.mkdir()
    trap(course)
    trap(work)
    (course / "pb.yaml").write_text("puzzle: pushing_boxes\n")
    return course, work


def test_a_config_folder_never_shadows_an_import(folders):
    course, work = folders
    (work / "in.txt").write_text(TINY)
    for args in (["solve", "--config", course / "pb.yaml", "in.txt", "--export-graphml", "g.graphml"],
                 ["export", "--config", course / "pb.yaml", "in.txt", "-o", "g.dot"],
                 ["solve", "--config", course / "pb.yaml", "in.txt", "--set", "output.stats=true"]):
        done = stategraph(work, *args)
        assert done.returncode == 0, done.stderr
    assert (work / "g.graphml").read_text().startswith("<?xml")
    assert markers(course, work) == []


def test_a_plugin_beside_its_config_is_loaded_without_touching_the_path(folders):
    course, work = folders
    (course / "tiny.py").write_text("WHERE = 'course'\n" + PLUGIN)
    (work / "tiny.py").write_text("WHERE = 'work'\n" + PLUGIN)
    (course / "tiny.yaml").write_text("puzzle: tiny:Tiny\n")
    done = stategraph(work, "solve", "--config", course / "tiny.yaml", "--export-graphml", "g.graphml",
                      "--set", "output.stats=true")
    assert (done.returncode, done.stdout) == (0, "course 1\n"), done.stderr  # the config's folder first
    done = stategraph(work, "solve", "tiny:Tiny")  # no config: the current folder
    assert (done.returncode, done.stdout) == (0, "work 1\n"), done.stderr
    assert markers(course, work) == []


@pytest.mark.parametrize("name", ["notes:1.txt", "this:1.txt", "x:Y", "yaml:Loader"])
def test_an_input_path_is_a_path_whatever_its_characters(folders, name):
    course, work = folders
    (work / name).write_text(TINY)
    done = stategraph(work, "solve", "--config", course / "pb.yaml", name, stdin="")
    assert (done.returncode, done.stdout) == (0, TINY_OUT), done.stderr
    assert markers(course, work) == []


def test_a_puzzle_name_that_is_not_module_colon_class_imports_nothing(folders):
    course, work = folders
    done = stategraph(work, "solve", "notes:1.txt")
    assert done.returncode == 2
    assert "module:ClassName" in done.stderr and len(done.stderr.splitlines()) == 1
    assert markers(course, work) == []


def test_python_dash_m_does_not_import_from_the_current_folder(folders):
    course, work = folders
    (work / "in.txt").write_text(TINY)
    done = stategraph(work, "solve", "--config", course / "pb.yaml", "in.txt", "--export-graphml", "g.graphml",
                      command=[sys.executable, "-m", "stategraph"])
    assert (done.returncode, done.stdout) == (0, TINY_OUT), done.stderr
    assert markers(course, work) == []


def test_resolving_settings_leaves_sys_path_alone(folders, monkeypatch):
    from stategraph.settings.resolve import resolve

    course, work = folders
    (course / "tiny.py").write_text("WHERE = 'course'\n" + PLUGIN)
    (course / "tiny.yaml").write_text("puzzle: tiny:Tiny\n")
    monkeypatch.chdir(work)
    before = list(sys.path)
    settings, _ = resolve("solve", [], ("INPUT",), optional=1, config=str(course / "tiny.yaml"))
    assert settings.puzzle.name == "tiny"
    assert sys.path == before
    assert "tiny" not in sys.modules  # loaded under a private name: a later `import tiny` is not it
    assert markers(course, work) == []


def test_the_trust_page_states_the_rule():
    page = (Path(__file__).resolve().parent.parent / "docs" / "trust.md").read_text()
    section = page[page.index("## What code runs"):]
    for words in ("module:Class", "sys.path", "python -m", "conftest.py"):
        assert words in section[:3000], words
