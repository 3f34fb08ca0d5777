"""How the command's process ends (issue 44): a run of stategraph's own code ends at once, after its
exit functions and with its output flushed, skipping Python's teardown of the modules it loaded; a
process that loaded a user's code ends the ordinary way, so what that code left open is written.

Python's verbose mode (``PYTHONVERBOSE``) reports each module it tears down as ``# cleanup[...``:
the probe below reads that report.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from plugin_cli import CORRIDOR
from stategraph import get_puzzle

SAMPLES = Path(__file__).parent / "samples"
TEARDOWN = "# cleanup["
# the command as its installed script runs it: the console-scripts entry point, loaded and called
SCRIPT = ("import sys\nfrom importlib.metadata import entry_points\n"
          "sys.argv[0] = 'stategraph'\n"
          "sys.exit(entry_points(group='console_scripts')['stategraph'].load()())\n")
MODULE = "import runpy\nrunpy.run_module('stategraph', run_name='__main__', alter_sys=True)\n"
GOODBYE = "import atexit, sys\natexit.register(lambda: sys.stdout.write('goodbye\\n'))\n"

# the corridor plug-in, logging each state it expands to a file it never closes (Python's own end writes it)
LOGGING = CORRIDOR.replace("def helper(state):",
                           'LOG = open("moves.log", "w")\n\n\ndef helper(state):\n    LOG.write(f"{state}\\n")')


def run(code: str, *args: str, cwd: Path, verbose: bool = False) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONVERBOSE"}
    if verbose:
        env["PYTHONVERBOSE"] = "1"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, env=env)


@pytest.mark.parametrize("entry", [SCRIPT, MODULE], ids=["script", "python -m"])
def test_a_built_in_run_ends_without_tearing_its_modules_down(entry, tmp_path):
    (tmp_path / "in.txt").write_text(get_puzzle("arrow_maze").sample_text())
    done = run(entry, "solve", "arrow_maze", "in.txt", cwd=tmp_path, verbose=True)
    assert (done.returncode, done.stdout) == (0, (SAMPLES / "arrow_maze.out").read_text())
    assert "import 'stategraph.cli.main'" in done.stderr  # the verbose report is on
    assert TEARDOWN not in done.stderr


@pytest.mark.parametrize("entry", [SCRIPT, MODULE], ids=["script", "python -m"])
def test_exit_functions_run_and_their_output_is_flushed(entry, tmp_path):
    (tmp_path / "in.txt").write_text(get_puzzle("arrow_maze").sample_text())
    done = run(GOODBYE + entry, "solve", "arrow_maze", "in.txt", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, (SAMPLES / "arrow_maze.out").read_text() + "goodbye\n")


@pytest.mark.parametrize("entry", [SCRIPT, MODULE], ids=["script", "python -m"])
def test_the_status_is_kept(entry, tmp_path):
    (tmp_path / "in.txt").write_text("NOT A MAZE\n")
    done = run(entry, "solve", "arrow_maze", "in.txt", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("stategraph: error: in.txt:")


@pytest.mark.parametrize("entry", [SCRIPT, MODULE], ids=["script", "python -m"])
def test_a_plugin_s_process_ends_the_ordinary_way(entry, tmp_path):
    assert "LOG.write" in LOGGING
    (tmp_path / "corridor.py").write_text(LOGGING)
    (tmp_path / "in.txt").write_text("1\n3\n")  # one corridor of 3 cells
    done = run(entry, "solve", "corridor:Corridor", "in.txt", cwd=tmp_path, verbose=True)
    assert (done.returncode, done.stdout) == (0, "3\n"), done.stderr[-2000:]
    assert (tmp_path / "moves.log").read_text() == "0\n1\n2\n"  # each move out of 0, 1 and 2 logged
    assert TEARDOWN in done.stderr
