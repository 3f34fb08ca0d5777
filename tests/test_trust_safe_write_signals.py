"""SIGTERM at any moment of ``stategraph view`` leaves no temporary file, and the page absent or whole.

A server process imports stategraph once (and runs one page first, so every import is done), then
forks one child per run, which runs ``stategraph view`` (:func:`stategraph.cli.main`) in a folder
of its own and exits as the command does (its ``atexit`` functions, then the end); a run takes
tens of milliseconds instead of the interpreter's half-second start.  The server sends each child
SIGTERM after the run's delay: three runs in four at a moment spread over the time the page's
temporary file exists (watched in unsignalled runs first), the fourth spread over the whole run.
Two servers run at once.  Before the register of temporary files (see :mod:`stategraph.io.safefile`),
5 to 15 runs of the 600 left a ``.page.*.tmp.html`` behind.  The moments that loop rarely hits
are tested one by one below: a signal just after the file is made, an exit between the file's
making and its ``with`` block, and a forked child's exit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from stategraph.io.safefile import open_output

RUNS = 600
SERVERS = 2
COMMAND = ["view", "arrow_maze", "in.txt", "-o", "page.html"]
SAMPLE = (Path(__file__).resolve().parent.parent / "src" / "stategraph" / "samples" / "arrow_maze.txt").read_bytes()
SERVER = r"""
import atexit, json, os, signal, sys, tempfile, time
from stategraph.cli.main import main

command = json.loads(sys.argv[1])
warm = tempfile.mkdtemp()
os.chdir(warm)
os.symlink(sys.argv[2], "in.txt")
main(command)  # every import done before the first fork
for name in os.listdir(warm):
    os.remove(os.path.join(warm, name))
os.rmdir(warm)
results = []
for folder, delay in json.loads(sys.stdin.read()):
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the run: `stategraph view` as the command runs it, then its exit
        status = 99
        try:
            os.chdir(folder)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.dup2(os.open(folder + ".err", os.O_WRONLY | os.O_CREAT, 0o644), 2)
            try:
                status = main(command)
            except BaseException as escaped:  # SIGTERM between main's handler and its try, or in its finally
                os.write(2, f"escaped: {type(escaped).__name__}\n".encode())
                status = 98
            atexit._run_exitfuncs()
        finally:
            os._exit(status)
    seen = gone = None
    if delay is None:  # watched: when the temporary file is there
        while True:
            reaped, status = os.waitpid(pid, os.WNOHANG)
            there = any(name.startswith(".") for name in os.listdir(folder))
            now = time.perf_counter() - started
            if there and seen is None:
                seen = now
            elif seen is not None and not there and gone is None:
                gone = now
            if reaped:
                break
            time.sleep(0.0002)  # not a busy loop: the run must keep its core
    else:
        time.sleep(delay)
        os.kill(pid, signal.SIGTERM)
        status = os.waitpid(pid, 0)[1]
    results.append([folder, delay, os.waitstatus_to_exitcode(status), seen, gone, time.perf_counter() - started])
print(json.dumps(results))
"""


def serve(jobs: list) -> list:
    """``[folder, delay]`` runs in one server: ``[folder, delay, status, seen, gone, ended]`` each."""
    done = subprocess.run([sys.executable, "-c", SERVER, json.dumps(COMMAND), str(jobs[0][0].parent / "in.txt")],
                          input=json.dumps([[str(f), d] for f, d in jobs]), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def median(values: list) -> float:
    return sorted(values)[len(values) // 2]


# a signal at each of many moments (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_sigterm_at_any_moment_of_a_page_write",
}


def test_sigterm_at_any_moment_of_a_page_write(tmp_path):
    (tmp_path / "in.txt").write_bytes(SAMPLE)

    def folder(name: str) -> Path:
        made = tmp_path / name
        made.mkdir()
        (made / "in.txt").write_bytes(SAMPLE)
        return made

    watched = [run for run in serve([(folder(f"watch{n}"), None) for n in range(7)]) if run[3] and run[4]]
    assert len(watched) >= 3, "the temporary file was seen in fewer than 3 runs of 7"  # a busy machine
    seen, gone, ended = (median([run[k] for run in watched]) for k in (3, 4, 5))
    whole = (tmp_path / "watch0" / "page.html").read_bytes()
    assert whole.startswith(b"<!DOCTYPE html>") and whole.rstrip().endswith(b"</html>")

    jobs = []
    for n in range(RUNS):
        share = (n // 4) / (RUNS // 4)  # 0 to 1, evenly
        delay = ended * 1.1 * share if n % 4 == 0 else seen - 0.002 + (gone - seen + 0.003) * ((n * 0.618) % 1)
        jobs.append((folder(f"run{n}"), max(delay, 0.0)))
    with ThreadPoolExecutor(SERVERS) as pool:
        runs = [run for part in pool.map(serve, [jobs[k::SERVERS] for k in range(SERVERS)]) for run in part]

    left, broken, statuses = [], [], {}
    for name, delay, status, *_ in runs:
        there = Path(name)
        found = {entry.name for entry in there.iterdir()} - {"in.txt"}
        if found - {"page.html"}:
            left.append((f"{delay * 1000:.2f} ms", status, sorted(found)))
        if "page.html" in found and (there / "page.html").read_bytes() != whole:
            broken.append(f"{delay * 1000:.2f} ms")
        err = Path(name + ".err").read_text() if os.path.exists(name + ".err") else ""  # none: killed at once
        if status == 128 + signal.SIGTERM:  # one line, after the report of a page already written
            assert err.endswith("stategraph: stopped by SIGTERM\n") and err.count("\n") <= 2, err
            assert err.count("\n") == 1 or err.startswith("stategraph: wrote page.html: "), err
        elif status == 0:
            assert err.startswith("stategraph: wrote page.html: ") and err.count("\n") == 1, err
        elif status == 98:  # cli.main's own window (no file is open then): not this test's concern
            assert err == "escaped: Stopped\n", err
        else:  # killed before main() took SIGTERM, or after it gave it back
            assert status == -signal.SIGTERM and "Traceback" not in err, (status, err)
        statuses[status] = statuses.get(status, 0) + 1
    assert not left, f"{len(left)} of {RUNS} runs left a temporary file: {left[:5]}"
    assert not broken, f"{len(broken)} of {RUNS} runs left a partial page: {broken[:5]}"
    assert statuses.get(128 + signal.SIGTERM, 0) > RUNS // 10, statuses  # the signals did land mid-run
    print(f"\n{RUNS} runs, exit statuses {statuses}; {len(left)} left a temporary file")


def test_a_signal_just_after_the_temporary_file_is_made(tmp_path, monkeypatch):
    """The signal's exception lands on the instruction after ``open`` made the file, before its
    descriptor is even kept."""
    made = []
    real = os.open

    def interrupted(path, flags, *args):
        made.append(real(path, flags, *args))
        if flags & os.O_CREAT:
            raise KeyboardInterrupt
        return made[-1]

    target = tmp_path / "page.html"
    target.write_bytes(b"the old page")
    monkeypatch.setattr(os, "open", interrupted)
    with pytest.raises(KeyboardInterrupt), open_output(str(target), "the page") as handle:
        handle.write(b"the new page")
    monkeypatch.undo()
    for descriptor in made:
        os.close(descriptor)
    assert {entry.name for entry in tmp_path.iterdir()} == {"page.html"}
    assert target.read_bytes() == b"the old page"


EXITS = r"""
import atexit, os, sys
from stategraph.io.safefile import open_output

writing = open_output("page.html", "the page")
writing.__enter__().write(b"half")  # its file made and written; the with's clean-up never reached
if sys.argv[1] == "fork":
    child = os.fork()
    if child == 0:
        atexit._run_exitfuncs()
        os._exit(0)
    os.waitpid(child, 0)
    print(sorted(os.listdir(".")))
atexit._run_exitfuncs()  # the exit, as a signal's would be
os._exit(0)
"""


@pytest.mark.parametrize("how", ["exit", "fork"])
def test_the_exit_removes_a_temporary_file_its_with_block_never_saw(how, tmp_path):
    """A signal between a context manager's ``__enter__`` and its block's ``try``: the process's
    exit removes the file; a forked child's exit leaves its parent's alone."""
    done = subprocess.run([sys.executable, "-c", EXITS, how], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    if how == "fork":
        [name] = json.loads(done.stdout.replace("'", '"'))
        assert name.startswith(".page.") and name.endswith(".tmp.html")  # still there after the child's exit
    assert list(tmp_path.iterdir()) == []


def test_a_stop_swallowed_where_it_lands_still_keeps_the_file(tmp_path):
    """SIGTERM's handler tells the writers to replace no file: a library's bare ``except`` that
    swallows the stop (networkx's GraphML writer has one) cannot let the write go through."""
    from stategraph.cli import stops

    target = tmp_path / "graph.graphml"
    target.write_text("the old graph\n")
    with stops.signals_handled():  # as in a run: the stop kept is forgotten at its end
        try:
            stops._stop(signal.SIGTERM, None)
        except stops.Stopped:
            pass  # swallowed where it landed
        with pytest.raises(stops.Stopped):
            with open_output(str(target), "the graph") as out:
                out.write(b"the new graph\n")
    assert stops.kept == []
    assert target.read_text() == "the old graph\n"
    assert [path.name for path in tmp_path.iterdir()] == ["graph.graphml"]
