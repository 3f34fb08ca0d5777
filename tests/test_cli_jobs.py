"""``--jobs``: worker processes print one job's bytes, and fail, stop and close as one job does.

One job is the reference (the samples' official outputs and every other test hold it), run in this
process as every other test runs it; each run with ``--jobs`` is a whole process, as a user runs it.
Children are found in /proc while the run is live.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import ref_pushing_boxes
from cli_runner import Result, run_cli
from example_folders import copy_of, run_in
from process_table import alive, descendants, kill_all, left_alive
from random_inputs import arrow_maze_input, huarong_input, pushing_boxes_input
from stategraph import Settings, run
from stategraph.puzzles import PUZZLES, sample_text

SAMPLES = Path(__file__).parent / "samples"
INPUTS = {
    "pushing_boxes": lambda rng: pushing_boxes_input(rng, 40),
    "huarong": lambda rng: huarong_input(rng, 400),  # enough queries for batches of many
    "arrow_maze": lambda rng: arrow_maze_input(rng, 40),
}
TIMES = ("compile_ms", "search_ms", "canonical_ms", "decode_ms")  # the --stats columns that are times


def solve(*args, stdin: str | None = None, cwd=None) -> Result:
    """``stategraph solve ARGS`` in a child process: ``--jobs`` forks."""
    return run_cli("solve", *args, stdin=stdin, cwd=cwd, separate=True, timeout=120)


def one_job(*args, stdin: str | None = None, cwd=None) -> Result:
    """``stategraph solve ARGS`` with one job, the reference: in this process (it forks nothing)."""
    return run_cli("solve", *args, stdin=stdin, cwd=cwd)


def without_times(stderr: str) -> list:
    """A --stats table with its time columns left out (column widths follow the times too)."""
    header, *rows = [line.split() for line in stderr.splitlines()]
    keep = [i for i, name in enumerate(header) if name not in TIMES]
    return [[fields[i] for i in keep] for fields in (header, *rows)]


def json_without_times(stdout: str) -> list:
    objects = [json.loads(line) for line in stdout.splitlines()]
    for item in objects:
        item["stats"] = {k: v for k, v in item["stats"].items() if not k.endswith("_seconds")}
    return objects


# the water jugs with every option, one job and two; the other examples stay quick (deselected unless --slow:
# tests/conftest.py)
SLOW_CASES = {
    "test_first_level_examples_and_a_routine_of_ones_own[water_jug]",
}


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_the_samples_give_the_official_output(puzzle):
    done = solve(puzzle, "--jobs", 2, stdin=sample_text(puzzle))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (SAMPLES / f"{puzzle}.out").read_text()


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("options", [(), ("--stats",), ("--verify",), ("--format", "json")],
                         ids=["text", "stats", "verify", "json"])
def test_jobs_print_one_jobs_bytes(puzzle, options, tmp_path):
    path = tmp_path / "input.txt"
    path.write_text(INPUTS[puzzle](random.Random(23)))
    one = one_job(puzzle, path, *options)
    assert one.returncode == 0, one.stderr
    for jobs in (2, 0, 3) if not options else (2,):  # 0: every core
        many = solve(puzzle, path, *options, "--jobs", jobs)
        assert many.returncode == 0, many.stderr
        if "json" in options:
            assert json_without_times(many.stdout) == json_without_times(one.stdout)
        else:
            assert many.stdout == one.stdout
        if "--stats" in options:
            assert without_times(many.stderr) == without_times(one.stderr)
        else:
            assert many.stderr == one.stderr


def test_the_python_api_yields_one_jobs_records():
    text = INPUTS["huarong"](random.Random(4))
    one = list(run("huarong", text, Settings.of("huarong")))
    many = list(run("huarong", text, Settings.of("huarong", jobs=2)))
    assert [(r.instance, r.query, r.text, r.answer) for r in many] == \
           [(r.instance, r.query, r.text, r.answer) for r in one]
    assert [r.question for r in many] == [r.question for r in one]
    assert all(r.subject.grid.open == one[0].subject.grid.open for r in many)


@pytest.mark.parametrize("example", ["ice_maze", "water_jug", "student_bfs"])
def test_first_level_examples_and_a_routine_of_ones_own(example, tmp_path_factory):
    folder = copy_of(tmp_path_factory, example)
    for options in ((), ("--verify",)):
        one = run_in(folder, "solve", "--config", "puzzle.yaml", "input.txt", *options, separate=False)
        many = run_in(folder, "solve", "--config", "puzzle.yaml", "input.txt", *options, "--jobs", 2)
        assert one.returncode == 0, one.stderr
        assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
    assert many.stdout == (folder / "expected.txt").read_text()


def test_check_with_jobs_grades_as_one_job(tmp_path):
    text = INPUTS["pushing_boxes"](random.Random(8))
    (tmp_path / "input.txt").write_text(text)
    answers = one_job("pushing_boxes", tmp_path / "input.txt").stdout.split("\n\n")
    answers[5] = answers[5].rsplit("\n", 1)[0] + "\nN"  # maze 6 now answers one push north
    (tmp_path / "answers.txt").write_text("\n\n".join(answers))
    args = ["check", "pushing_boxes", tmp_path / "input.txt", tmp_path / "answers.txt"]
    one = run_cli(*args)
    many = run_cli(*args, "--jobs", "2", separate=True)
    assert one.returncode == 3 and "maze 6: line" in one.stderr
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)


def test_check_with_jobs_grades_every_query_as_one_job(tmp_path):
    """Huarong Dao's questions are queries apart from their board: each is graded with its own."""
    text = INPUTS["huarong"](random.Random(9))
    (tmp_path / "input.txt").write_text(text)
    answers = one_job("huarong", tmp_path / "input.txt").stdout.splitlines()
    args = ["check", "huarong", tmp_path / "input.txt", tmp_path / "answers.txt"]
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n")
    right = [run_cli(*args, *jobs, separate=bool(jobs)) for jobs in ([], ["--jobs", "2"])]
    answers[2] = str(int(answers[2]) + 1)  # the third query's answer is one move off
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n")
    wrong = [run_cli(*args, *jobs, separate=bool(jobs)) for jobs in ([], ["--jobs", "2"])]
    assert len(answers) >= 3 and right[0].returncode == 0 and wrong[0].returncode == 3, wrong[0].stderr
    for one, many in (right, wrong):
        assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)


# faults at instance k -------------------------------------------------------------------------------

COUNTER = '''
from stategraph import COST, SuccessorPuzzle

class Counter(SuccessorPuzzle):                 # reach n from 0 by +1 and *2; n = 13 breaks the rules
    name, summary, sample = "counter", "0 to n by +1 and *2", "6\\n"
    output = COST
    def read(self, tokens, limits): return tokens.integer("n", 0, 1000)
    def start(self, n): return 0
    def is_goal(self, n, x): return x == n
    def moves(self, n, x):
        if n == 13:
            {fault}
        if x < n: yield "+1", x + 1, 1
        if 0 < 2 * x <= n: yield "*2", 2 * x, 1
'''


@pytest.mark.parametrize("fault", ['raise ValueError("thirteen")', 'yield "+1", [x], 1'],
                         ids=["exception", "unhashable state"])
def test_a_fault_in_a_worker_comes_after_every_answer_before_it(fault, tmp_path):
    (tmp_path / "counter.py").write_text(COUNTER.replace("{fault}", fault))
    (tmp_path / "puzzle.yaml").write_text("puzzle: counter:Counter\n")
    numbers = "".join(f"{n}\n" for n in range(40))  # instance 14 is n = 13
    one = one_job("--config", "puzzle.yaml", stdin=numbers, cwd=tmp_path)
    assert one.returncode != 0 and one.stdout.count("\n") == 13 and one.stderr.count("\n") == 1
    for jobs in (2, 3):
        many = solve("--config", "puzzle.yaml", "--jobs", jobs, stdin=numbers, cwd=tmp_path)
        assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)


def test_a_worker_that_dies_is_one_line(tmp_path):
    (tmp_path / "counter.py").write_text("import os, signal\n" + COUNTER.replace("{fault}",
                                                                               "os.kill(os.getpid(), signal.SIGKILL)"))
    (tmp_path / "puzzle.yaml").write_text("puzzle: counter:Counter\n")
    numbers = "".join(f"{n}\n" for n in range(40))  # instance 14 is n = 13: its worker dies
    many = solve("--config", "puzzle.yaml", "--jobs", 2, stdin=numbers, cwd=tmp_path)
    assert many.returncode == 70 and many.stderr.count("\n") == 1
    assert many.stderr.startswith("stategraph: error: a worker process ended in the middle of the run")
    answers = one_job("--config", "puzzle.yaml", stdin="".join(f"{n}\n" for n in range(13)), cwd=tmp_path).stdout
    assert answers.startswith(many.stdout)  # answers before it only, in order


def test_bad_input_at_instance_k_comes_after_every_answer_before_it():
    text = INPUTS["pushing_boxes"](random.Random(3))
    blocks = text.split("\n")
    cut = len("\n".join(blocks[:len(blocks) * 2 // 3]))
    broken = text[:cut] + "\n1 2 3 4\n" + text[cut:]
    one = one_job("pushing_boxes", stdin=broken)
    assert one.returncode == 2 and one.stderr.startswith("stategraph: error: <stdin>:")
    assert one.stdout.count("Maze #") > 10
    many = solve("pushing_boxes", "--jobs", 2, stdin=broken)
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)


def test_a_bad_query_k_comes_after_every_answer_before_it():
    lines = INPUTS["huarong"](random.Random(9)).split("\n")
    lines[-60] = "0 0 0 0 0 0"  # a query off the board
    broken = "\n".join(lines)
    one = one_job("huarong", stdin=broken)
    many = solve("huarong", "--jobs", 2, stdin=broken)
    assert one.returncode == 2 and one.stdout.count("\n") > 300 and "query" in one.stderr
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)


# interrupts and closed pipes --------------------------------------------------------------------------

def mazes(count: int, seed: int) -> list[str]:
    """``count`` Pushing Boxes mazes, each as its own text (the input ends with "0 0")."""
    lines = pushing_boxes_input(random.Random(seed), count).splitlines(keepends=True)
    blocks, i = [], 0
    while lines[i].split() != ["0", "0"]:
        rows = int(lines[i].split()[0])
        blocks.append("".join(lines[i:i + rows + 1]))
        i += rows + 1
    return blocks


def started(jobs: int, **popen):
    """A run fed its input in part: the first answer read, its children listed."""
    blocks = mazes(12, 5)
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "pushing_boxes", "--jobs", str(jobs)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)
    process.stdin.write("".join(blocks[:4]).encode())
    process.stdin.flush()
    first = process.stdout.readline()  # the answer comes while the input is still open: it streams
    assert first == b"Maze #1\n"
    return process, blocks, descendants(process.pid)


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM", "SIGINT to the group"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupt_ends_every_worker_with_one_jobs_line(stop, jobs):
    process, _, children = started(jobs, start_new_session=True)
    assert len(children) == (0 if jobs == 1 else jobs + 1)  # the workers and the reader of the input
    signum = getattr(signal, stop.split()[0])
    if stop.endswith("group"):
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    expected = "stategraph: interrupted\n" if signum == signal.SIGINT else "stategraph: stopped by SIGTERM\n"
    assert (process.returncode, err.decode()) == (128 + signum, expected)
    assert not [pid for pid in children if alive(pid)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_closed_pipe_is_status_1_without_a_word_and_ends_every_worker(jobs):
    process, blocks, children = started(jobs)
    process.stdout.close()  # the reader of the answers has gone (`| head -1`)
    # the rest of the input, if the run is still there to read it: an answer it already had in hand may have
    # met the closed pipe, and then it has ended and the input's pipe is broken
    with contextlib.suppress(BrokenPipeError):
        process.stdin.write("".join(blocks[4:]).encode() + b"0 0\n")
    with contextlib.suppress(BrokenPipeError):
        process.stdin.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""
    assert left_alive(children, within=10) == []


# the parent's death -----------------------------------------------------------------------------------

def cpu_ticks(pid: int) -> int:
    """The CPU time ``pid`` has used, in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def feed(stream, data: bytes) -> None:
    """Write ``data`` to a run's input in the background (it waits while the run reads no more), leaving it open."""
    def write():
        try:
            stream.write(data)
            stream.flush()
        except OSError:  # the run has gone
            pass
    threading.Thread(target=write, daemon=True).start()


@pytest.mark.parametrize("busy", [False, True], ids=["reader waiting on the input", "workers busy"])
def test_a_parent_killed_by_sigkill_leaves_no_child(busy):
    process, _, children = started(2)  # its input stays open: the reader waits on it
    assert len(children) == 3
    if busy:  # mazes of 300 x 300, most of a second each
        rng = random.Random(11)
        feed(process.stdin, "".join(ref_pushing_boxes.random_maze(rng, 300, 300, 0.1) for _ in range(8)).encode())
        before, deadline = sum(map(cpu_ticks, children)), time.monotonic() + 10
        while sum(map(cpu_ticks, children)) < before + 50 and time.monotonic() < deadline:  # half a second's work
            time.sleep(0.05)
        assert sum(map(cpu_ticks, children)) >= before + 50
    try:
        process.kill()
        process.wait(timeout=10)
        assert left_alive(children, within=5) == []
    finally:
        kill_all(children)
        process.stdin.close()


def test_a_record_answered_in_a_worker_reads_as_a_record_made_here():
    """``_Received`` skips the ``Record`` dataclass's ``__init__`` (it is made for every question
    under ``--jobs``): every field of ``Record``, one added later included, must still read as on a
    record made the usual way, or only ``--jobs`` runs would meet the difference."""
    import pickle
    from dataclasses import fields

    from stategraph.search.solution import Solution
    from stategraph.solving.reader import Unit, _Pickled
    from stategraph.solving.records import Record
    from stategraph.solving.workers import _Received

    unit = Unit(0, _Pickled(pickle.dumps(("puzzle", "the instance"))), None, True, None)  # no question: the instance
    stats = {"settled": 4}
    received = _Received(unit, 3, 2, "NNE\n", "NNE", True, 7, ["N", "N", "E"], stats)
    usual = Record(3, "NNE\n", "NNE", Solution(7, None, [], stats, ["N", "N", "E"]), stats, 2,
                   subject="the instance", question="the instance")  # a question of its own: the instance
    for field in fields(Record):
        if field.name == "solution":
            assert (received.solution.cost, received.solution.labels, received.solution.stats) == (7, ["N", "N", "E"],
                                                                                                   stats)
        else:
            assert getattr(received, field.name) == getattr(usual, field.name), field.name
    unsolved = _Received(unit, 3, 2, "none\n", None, False, None, [], stats)
    assert unsolved.solution is None
