"""``compare``, ``explain`` and ``draw`` read their input as a stream, and every report a command
writes (stdout, or stderr for ``check``, ``--stats``, ``--verify`` and ``draw``) that fails is exit
status 4 with one line, through the real command line: in subprocesses where the rule is about the
process (a memory limit, a full or closed standard stream), else in this process (the shared runner,
``tests/cli_runner.py``: its standard input is a real file, as a redirected command's is).

Memory is bounded with ``RLIMIT_AS`` in ``preexec_fn`` (as in ``test_faults_hostile_cli.py``), so
nothing is timed: the timeouts only stop a hung run.
"""

from __future__ import annotations

import csv
import io
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from cli_runner import run_cli
from test_faults_hostile_cli import open_maze

PY = sys.executable
GUARD = 90
MB = 2**20
HERE = Path(__file__).resolve().parent
SAMPLE = (HERE.parent / "src" / "stategraph" / "samples" / "pushing_boxes.txt").read_bytes()
SAMPLE_OUT = (HERE / "samples" / "pushing_boxes.out").read_bytes()
NO_SPACE = "stategraph: error: cannot write the output: No space left on device"


def stategraph(folder, *args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
               limit_mb=None):
    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb * MB, limit_mb * MB))

    return subprocess.run([PY, "-m", "stategraph", *args], cwd=folder, stdin=stdin, stdout=stdout, stderr=stderr,
                          timeout=GUARD, preexec_fn=cap_memory if limit_mb else None)


def one_line(done) -> str:
    err = done.stderr if isinstance(done.stderr, str) else done.stderr.decode()
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err[-2000:]
    return err[:-1]


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    return tmp_path


# --- the input, as a stream -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [("compare",), ("explain",), ("draw", "-o", "x.svg")], ids=["compare", "explain",
                                                                                               "draw"])
def test_dev_zero_is_refused_at_its_first_token_in_400MB(args, folder):
    if args[0] == "draw":
        pytest.importorskip("matplotlib")
    done = stategraph(folder, args[0], "pushing_boxes", "/dev/zero", *args[1:], limit_mb=400)
    assert done.returncode == 2
    assert one_line(done).startswith("stategraph: error: /dev/zero:1:1: instance 1: a token longer than ")
    assert sorted(p.name for p in folder.iterdir()) == ["in.txt"]


def _without_timings(text: bytes) -> list:
    rows = csv.DictReader(io.StringIO(text.decode()))
    return [{k: v for k, v in row.items() if not k.endswith("_ms")} for row in rows]


def test_compare_reads_stdin_once_for_every_model_and_routine(folder):
    piped = run_cli("compare", "pushing_boxes", "--format", "csv", stdin=SAMPLE, cwd=folder, binary=True)
    named = run_cli("compare", "pushing_boxes", "in.txt", "--format", "csv", cwd=folder, binary=True)
    assert piped.returncode == named.returncode == 0, piped.stderr
    rows = _without_timings(piped.stdout)
    assert rows == _without_timings(named.stdout)
    assert len({(row["model"], row["algorithm"]) for row in rows}) > 1 and {row["agrees"] for row in rows} == {"True"}


def test_draw_reads_stdin_once_for_a_graph_and_an_animation(folder):
    pytest.importorskip("matplotlib")
    done = run_cli("draw", "pushing_boxes", "--instance", "3", "--graph", "-o", "g.svg", "--animate", "a.gif",
                   "-a", "dijkstra", stdin=SAMPLE, cwd=folder)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["stategraph: wrote g.svg: 17 states, 17 settled by dijkstra",
                                                 "stategraph: wrote a.gif: 7 frames"]  # the start, 6 pushes
    assert (folder / "g.svg").stat().st_size > 0 and (folder / "a.gif").read_bytes()[:6] == b"GIF89a"


# --- picking and sizing before the work ---------------------------------------------------------------

@pytest.mark.parametrize("args, line", [
    (("draw", "--instance", "0", "-o", "x.svg"), "stategraph: error: --instance counts from 1, found 0"),
    (("draw", "--query", "-1", "--animate", "x.gif"), "stategraph: error: --query counts from 1, found -1"),
    (("explain", "--instance", "0"), "stategraph: error: --instance counts from 1, found 0"),
    (("explain", "--query", "0"), "stategraph: error: --query counts from 1, found 0"),
], ids=["draw-instance-0", "animate-query-minus-1", "explain-instance-0", "explain-query-0"])
def test_instances_and_queries_count_from_1(args, line, folder):
    if args[0] == "draw":
        pytest.importorskip("matplotlib")
    done = run_cli(args[0], "pushing_boxes", "in.txt", *args[1:], cwd=folder)
    assert (done.returncode, one_line(done), done.stdout) == (2, line, "")
    assert sorted(p.name for p in folder.iterdir()) == ["in.txt"]


def test_an_animation_over_its_size_limit_is_refused_before_drawing(folder):
    pytest.importorskip("matplotlib")
    (folder / "open30.txt").write_bytes(open_maze(30) + b"0 0\n")
    done = run_cli("draw", "pushing_boxes", "open30.txt", "--animate", "a.gif", cwd=folder)
    assert done.returncode == 2
    assert one_line(done) == ("stategraph: error: the animation of instance 1 would draw 57 frames of 900 cells or "
                              "states (51,300 frame cells), above the animation limit of 25,000 frame cells; draw its "
                              "picture with -o FILE.svg instead")
    assert sorted(p.name for p in folder.iterdir()) == ["in.txt", "open30.txt"]


# --- reports that cannot be written -----------------------------------------------------------------------

@pytest.mark.parametrize("args", [("explain",), ("compare",), ("explain", "--format", "json"),
                                  ("compare", "--format", "csv")], ids=["explain", "compare", "explain-json",
                                                                        "compare-csv"])
def test_views_to_a_full_stdout(args, folder):
    with open("/dev/full", "wb") as full:
        done = stategraph(folder, args[0], "pushing_boxes", "in.txt", *args[1:], stdout=full)
    assert (done.returncode, one_line(done)) == (4, NO_SPACE)


@pytest.mark.parametrize("args, out", [
    (("check", "pushing_boxes", "in.txt", "answers.txt"), b""),
    (("solve", "pushing_boxes", "in.txt", "--stats"), SAMPLE_OUT),
    (("solve", "pushing_boxes", "in.txt", "--verify"), SAMPLE_OUT),
    (("draw", "pushing_boxes", "in.txt", "-o", "x.svg"), b""),
], ids=["check", "stats", "verify", "draw"])
def test_reports_to_a_full_stderr_are_status_4(args, out, folder):
    """stderr is /dev/full, so the status is all that can be seen (the one line cannot be written)."""
    if args[0] == "draw":
        pytest.importorskip("matplotlib")
    (folder / "answers.txt").write_bytes(SAMPLE_OUT)
    with open("/dev/full", "wb") as full:
        done = stategraph(folder, *args, stderr=full)
    assert (done.returncode, done.stdout) == (4, out)


def test_check_with_stderr_closed_never_reports_on_stdout(folder):
    (folder / "answers.txt").write_bytes(SAMPLE_OUT)
    done = subprocess.run(["sh", "-c", 'exec "$@" 2>&-', "sh", PY, "-m", "stategraph", "check", "pushing_boxes",
                           "in.txt", "answers.txt"], cwd=folder, stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=GUARD)
    assert (done.returncode, done.stdout) == (4, b"")
