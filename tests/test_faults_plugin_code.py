"""A plug-in's fault is its author's: one line at the plug-in's file and line, exit status 2.

Each case writes a small first-level puzzle (or routine) whose hook raises at a marked line, runs
the command line from its folder, and reads the expected file, line, function, question and state
from the plug-in text it wrote, never from stategraph.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from plugin_cli import CORRIDOR, INPUT, one_line, run


def run_here(folder: Path, *args, **options):
    """``stategraph ARGS`` in ``folder``, in this process: a plug-in's fault is told there as in a process
    (which the tests about the import path, routines and ``--jobs`` keep)."""
    return run(folder, *args, separate=False, **options)


def plugin(folder: Path, name: str, text: str) -> str:
    (folder / f"{name}.py").write_text(text)
    return f"{name}:Corridor"


def broken(old: str, new: str) -> str:
    assert old in CORRIDOR
    return CORRIDOR.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    """The line (from 1) of ``text`` holding ``fragment``, which must occur once."""
    hits = [number for number, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


# hook, the broken text (old, new), the raising fragment, the command, the state named (None: no state)
HOOK_CASES = {
    "is_goal": (("return state == n", "return state.cell == n"), "state.cell", ("solve",), "0",
                "AttributeError: 'int' object has no attribute 'cell'"),
    "moves": (("if state < n:", "if state < n[0]:"), "n[0]", ("solve",), "0",
              "TypeError: 'int' object is not subscriptable"),
    "start": (("return 0\n", "return {}['start']\n"), "{}['start']", ("solve",), None, "KeyError: 'start'"),
    "read": (('return tokens.integer("length", 1, 100)', 'return int("x" + tokens.next("n"))'), 'int("x"',
             ("solve",), None, "ValueError: invalid literal for int() with base 10: 'x3'"),
    "heuristic": (("return n - state", "return n / (state - 1)"), "n / (state - 1)", ("solve", "-a", "astar"), "1",
                  "ZeroDivisionError: division by zero"),
    "state_label": (('return f"cell {state}"', 'return f"cell {state:q}"'), "{state:q}", ("export", "-o", "g.json"),
                    "0", "ValueError: Unknown format code 'q' for object of type 'int'"),
    "picture": (('return "." * state + "@"', 'return "." * state + None'), '"." * state + None',
                ("explain",), "1", "TypeError: can only concatenate str (not \"NoneType\") to str"),
}


@pytest.mark.parametrize("hook", list(HOOK_CASES))
def test_an_exception_in_a_hook_is_one_line_at_the_plugin_s_line(hook, tmp_path):
    (old, new), fragment, command, state, exception = HOOK_CASES[hook]
    text = broken(old, new)
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, command[0], spec, "-", *command[1:])
    assert done.returncode == 2, done.stderr
    line = one_line(done)
    where = f"stategraph: error: mine.py:{line_of(text, fragment)}: in {hook}: {exception} ("
    assert line.startswith(where), line
    context = line[len(where):]
    assert context.startswith("reading instance 1" if hook == "read" else "instance 1"), line
    assert (f"state {state}" in context) == (state is not None), line
    assert "internal error" not in line and "please report" not in line


def test_the_innermost_plugin_frame_is_named_and_the_state_is_the_hook_s(tmp_path):
    text = broken("    return state + 1\n", "    return state + [1]\n")
    spec = plugin(tmp_path, "mine", text)
    line = one_line(run_here(tmp_path, "solve", spec))
    assert line == (f"stategraph: error: mine.py:{line_of(text, 'state + [1]')}: in helper: TypeError: "
                    "unsupported operand type(s) for +: 'int' and 'list' (instance 1, state 0)")


def test_the_instance_named_is_the_one_being_worked_on(tmp_path):
    text = broken("return state == n", "return state == n if n < 4 else state.cell")
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, "solve", spec)
    assert done.returncode == 2 and done.stdout == "3\n"  # the answer before the fault is printed
    assert one_line(done).endswith(" (instance 2, state 0)")


def test_a_message_that_cannot_be_printed_is_described(tmp_path):
    text = broken("class Corridor", "class Odd(Exception):\n    def __str__(self):\n        raise RuntimeError('no')"
                                    "\n\n\nclass Corridor").replace("return state == n", "raise Odd()")
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, "solve", spec)
    assert done.returncode == 2
    assert one_line(done) == (f"stategraph: error: mine.py:{line_of(text, 'raise Odd()')}: in is_goal: "
                              "Odd: <a message that cannot be printed> (instance 1, state 0)")


def test_debug_shows_the_traceback_from_the_plugin_s_frames_then_the_line(tmp_path):
    text = broken("    return state + 1\n", "    return state + [1]\n")
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, "solve", spec, env={"STATEGRAPH_DEBUG": "1"})
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    files = re.findall(r'File "([^"]+)"', done.stderr)
    assert files and all(os.path.basename(name) == "mine.py" for name in files), files
    assert lines[-1].startswith("stategraph: error: mine.py:")


def huarong_with_routine(folder: Path, body: str) -> subprocess.CompletedProcess:
    """The Huarong Dao sample solved by ``student:dijkstra``, whose one line (line 2 of
    ``student.py``) is ``body``."""
    (folder / "student.py").write_text("def dijkstra(graph, source, targets, *, zero, weight, heuristic, **options):\n"
                                       f"    {body}\n")
    return run(folder, "solve", "huarong", "-a", "student:dijkstra", stdin=run(folder, "sample", "huarong").stdout)


def test_a_fault_in_a_routine_names_its_line_and_the_query(tmp_path):
    done = huarong_with_routine(tmp_path, "raise ValueError('no queue')")
    assert done.returncode == 2
    assert one_line(done) == "stategraph: error: student.py:2: in dijkstra: ValueError: no queue (query 1)"


def test_a_fault_in_a_second_level_model_is_located(tmp_path):
    text = CORRIDOR + '''

class Broken(Corridor):
    name = "broken"

    def format_answer(self, instance, question, answer):
        return answer.upper()
'''
    (tmp_path / "mine.py").write_text(text)
    done = run_here(tmp_path, "solve", "mine:Broken")
    assert done.returncode == 2
    assert one_line(done) == (f"stategraph: error: mine.py:{line_of(text, 'answer.upper()')}: in format_answer: "
                              "AttributeError: 'int' object has no attribute 'upper' (instance 1)")


def test_a_fault_at_import_names_the_plugin_s_line(tmp_path):
    text = CORRIDOR.replace("def helper(state):", "LIMIT = 1 // 0\n\n\ndef helper(state):")
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, "solve", spec)
    assert done.returncode == 2
    assert one_line(done).endswith(f"importing 'mine' failed: mine.py:{line_of(text, '1 // 0')}: in <module>: "
                                   "ZeroDivisionError: integer division or modulo by zero")


def test_a_class_without_a_name_is_refused_when_it_is_loaded(tmp_path):
    spec = plugin(tmp_path, "mine", CORRIDOR.replace('name, summary = "corridor", "walk right to the end"',
                                                      'summary = "walk right"'))
    done = run_here(tmp_path, "sample", spec)
    assert done.returncode == 2
    line = one_line(done)
    assert "Corridor" in line and "does not set name" in line


def test_a_plugin_importing_a_module_beside_it_is_told_a_plugin_is_one_file(tmp_path):
    (tmp_path / "rules.py").write_text(CORRIDOR)
    spec = plugin(tmp_path, "mine", "from rules import Corridor\n")
    done = run(tmp_path, "solve", spec)
    assert done.returncode == 2
    line = one_line(done)
    assert "No module named 'rules'" in line and "a plug-in is one file" in line


def test_a_fault_in_stategraph_s_own_code_is_still_an_internal_error(tmp_path):
    """A value the plug-in returned that stategraph's code then trips on is stategraph's to refuse;
    until it does, the fault is internal (status 70) and says so."""
    code = ("import runpy, sys\n"
            "import stategraph.solving.driver as runner\n"
            "def crash(*args, **kwargs):\n"
            "    raise RuntimeError('a bug')\n"
            "runner._answer = crash\n"
            "sys.argv = ['stategraph', 'solve', 'mine:Corridor']\n"
            "from stategraph.cli.main import main\n"
            "sys.exit(main())\n")
    plugin(tmp_path, "mine", CORRIDOR)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, input=INPUT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 70
    assert one_line(done).startswith("stategraph: internal error: RuntimeError: a bug")


def test_jobs_report_a_plugin_s_fault_as_one_job_does(tmp_path):
    text = broken("return state == n", "return state == n if n < 40 else state.cell")
    spec = plugin(tmp_path, "mine", text)
    stdin = "".join(f"{n}\n" for n in [60, *range(1, 60)])
    stdin = f"{stdin.count(chr(10))}\n{stdin}"
    one = run(tmp_path, "solve", spec, stdin=stdin)
    two = run(tmp_path, "solve", spec, "--jobs", "2", stdin=stdin)
    assert one.returncode == 2 and one_line(one).endswith("(instance 1, state 0)")
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


@pytest.mark.parametrize("command", [("solve",), ("view", "-o", "page.html"), ("explain",), ("export", "-o", "g.json")])
@pytest.mark.parametrize("where", ["move", "state"])
def test_a_label_no_utf_8_text_can_hold_is_one_line_in_every_command(where, command, tmp_path):
    if where == "move":
        text = broken('yield "R", helper(state), 1', 'yield "R\\ud800", helper(state), 1')
    else:
        text = broken('return f"cell {state}"', 'return f"cell {state}\\udc80"')
    spec = plugin(tmp_path, "mine", text)
    done = run_here(tmp_path, command[0], spec, "-", *command[1:])
    assert done.returncode == 2, done.stderr
    line = one_line(done)
    assert "a lone surrogate" in line and "instance 1" in line, line
    assert not (tmp_path / "page.html").exists() and not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("command", ["verify", "check"])
def test_a_fault_in_the_rules_replayed_by_verify_or_check_is_located(command, tmp_path):
    """explore asks each state's moves once; the replays of --verify and check ask again."""
    text = broken("    def moves(self, n, state):\n",
                  "    asked = set()\n\n    def moves(self, n, state):\n"
                  "        if (n, state) in self.asked:\n            raise RuntimeError('asked twice')\n"
                  "        self.asked.add((n, state))\n")
    text = text.replace('output = COST', 'output = COST_AND_MOVES').replace("import COST,", "import COST_AND_MOVES,")
    spec = plugin(tmp_path, "mine", text)
    if command == "verify":
        done = run_here(tmp_path, "solve", spec, "--verify")
    else:
        (tmp_path / "answers.txt").write_text("3 R R R\n4 R R R R\n")
        done = run_here(tmp_path, "check", spec, "-", "answers.txt")
    assert done.returncode == 2, done.stderr
    line = done.stderr.splitlines()[-1]
    assert line == (f"stategraph: error: mine.py:{line_of(text, 'asked twice')}: in moves: RuntimeError: asked "
                    "twice (instance 1, state 0)"), done.stderr


def test_a_fault_raised_in_the_graph_a_routine_reads_is_the_routine_s(tmp_path):
    """A missing node the routine asks the graph (networkx's code) for is its fault, at its line."""
    done = huarong_with_routine(tmp_path, "return {source: graph.nodes['no such state']['label']}")
    assert done.returncode == 2
    assert one_line(done).startswith("stategraph: error: student.py:2: in dijkstra: KeyError: ")
    assert one_line(done).endswith(" (query 1)")
