"""The lecture script (examples/lecture.py) runs to the end, headless, writing outside the repository."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "lecture.py")


# the whole lecture script (its notebook's run stays quick) (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_lecture_runs_to_the_end",
}


def test_lecture_runs_to_the_end(tmp_path):
    folder = tmp_path / "pictures"
    env = {**os.environ, "MPLBACKEND": "Agg"}
    done = subprocess.run([sys.executable, SCRIPT, str(folder)], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "done:" in done.stdout.splitlines()[-1]
    written = set(os.listdir(folder))
    assert {"pushing_boxes-box_player-graph.png", "pushing_boxes-maze3.gif", "huarong-compare.svg",
            "arrow_maze-sample.svg"} <= written
    assert "eennwwWWWWeeeeeesswwwwwwwnNN" in done.stdout


def test_lecture_cells_are_marked():
    with open(SCRIPT, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    assert lines[0].startswith("# %%") and sum(line.startswith("# %%") for line in lines) >= 10
