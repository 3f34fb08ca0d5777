"""``stategraph grade`` trusts nothing a student's code does (issue 41, points 1-3 and 5).

Each student here is the water-jug example (``examples/water_jug``) in a folder of its own, under
the reference's very names (``water_jug.py``, class ``WaterJug``, ``puzzle.yaml``), with one
change: a wrong move list, or code that attacks the grader (writes into the pipes, exits, forks,
sleeps, hoards).  What each one earns is decided here from what it does, never from grade's own
comparison: a right copy must agree, the wrong one must disagree, and each attack must be its
own student's verdict (never a hang, an internal error, a file written, or another student's
verdict changed).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_runner import run_cli
from process_table import cpu_seconds, descendants

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "water_jug"
SOURCE = (EXAMPLE / "water_jug.py").read_text()
CONFIG = (EXAMPLE / "puzzle.yaml").read_text()
MOVES = "    def moves(self, jugs, state):\n"
assert MOVES in SOURCE and '("pour B A", (a + into_a, b - into_a))' in SOURCE
LARGE = "        if jugs[0] + jugs[1] >= 5:\n"  # the misbehaviour waits for an instance of some size
BUDGET = ("--max-seconds", "1", "--max-memory", "300", "--instances", "8", "--max-size", "4")

SLOW_CASES = {  # each grades in child processes of its own; the quick run keeps the test without bwrap
    "test_a_wrong_student_named_like_the_reference_is_caught",
    "test_a_students_routine_named_like_the_teachers_is_the_students",
    "test_a_child_holds_no_descriptor_but_its_two_pipes",
    "test_a_class_graded_two_at_a_time_gives_the_records_of_one_at_a_time",
    "test_no_grandchild_outlives_grading",
    "test_a_signal_stops_grading_within_a_second",
    "test_a_closed_stdout_is_status_1",
    "test_the_sandbox_keeps_files_and_network_out_of_reach",
    "test_the_sandbox_gives_the_verdicts_it_gives_without",
    "test_under_the_sandbox_no_process_outlives_grading_even_in_a_session_of_its_own",
}

# a student: (code run in moves() once its instance is large, code run at import)
STUDENTS = {
    "right": ("", ""),
    "prints": ("            print('agrees' * 1000); import sys; print('x' * 10**6, file=sys.stderr)\n", ""),
    "raises": ("            1 // 0\n", ""),
    "exits": ("            raise SystemExit(0)\n", ""),
    "interrupts_at_import": ("", "raise KeyboardInterrupt\n"),
    "exits_at_import": ("", "raise SystemExit(0)\n"),
    "os_exit": ("            import os; os._exit(0)\n", ""),
    "segfaults": ("            import os, signal; os.kill(os.getpid(), signal.SIGSEGV)\n", ""),
    "forks_and_dies": ("            import os, time\n            if os.fork() == 0:\n                time.sleep(30)\n"
                       "                os._exit(0)\n            os._exit(1)\n", ""),
    "sleeps": ("            import time; time.sleep(60)\n", ""),
    "spins": ("            while True: pass\n", ""),
    "hoards": ("            hoard = [bytearray(1 << 20) for _ in range(10**6)]\n", ""),
    "sends_42": ("            _send(b'42')\n", ""),
    "sends_a_header_only": ("            _send(b'', length=4096)\n            import time; time.sleep(60)\n", ""),
    "sends_a_pickle": ("            _send(_PICKLE)\n", ""),
}
# each attack's verdict, as a teacher would name it
EXPECTED = {"right": "agrees", "prints": "agrees", "raises": "fault", "exits": "fault",
            "interrupts_at_import": "fault", "exits_at_import": "fault", "os_exit": "crashed",
            "segfaults": "crashed", "forks_and_dies": "crashed", "sleeps": "timeout", "spins": "timeout",
            "hoards": "memory", "sends_42": "crashed", "sends_a_header_only": "timeout", "sends_a_pickle": "crashed"}

SENDER = '''

import os as _os, pickle as _pickle, struct as _struct


class _Marker:
    def __reduce__(self):
        return (eval, ("open(%r, 'w').write('ran in the grader')",))


_PICKLE = _pickle.dumps(_Marker())


def _send(body, length=None):
    """Write a frame into every descriptor this process holds: the pipe back to the grader among them."""
    for fd in range(3, 64):
        try:
            _os.write(fd, _struct.pack(">I", len(body) if length is None else length) + body)
        except OSError:
            pass
'''


def student(folder: Path, name: str, marker: Path) -> Path:
    """The folder of student ``name``: the example's files, its moves() changed as :data:`STUDENTS` says."""
    in_moves, at_import = STUDENTS[name]
    code = SOURCE.replace(MOVES, MOVES + (LARGE + in_moves if in_moves else ""))
    code += SENDER % str(marker) + at_import
    place = folder / name
    place.mkdir()
    (place / "water_jug.py").write_text(code)
    (place / "puzzle.yaml").write_text(CONFIG)
    return place


def teacher(folder: Path) -> Path:
    place = folder / "teacher"
    shutil.copytree(EXAMPLE, place)
    return place


def grade(cwd: Path, *args, timeout: float = 600):
    done = run_cli("grade", *args, "--format", "json", cwd=cwd, env={"STATEGRAPH_DEBUG": None}, separate=True,
                   timeout=timeout)
    return done, [json.loads(line) for line in done.out.splitlines()]


def test_a_wrong_student_named_like_the_reference_is_caught(tmp_path):
    """The student's water_jug.py, not the teacher's: a move list without "pour B A" disagrees."""
    teacher(tmp_path)
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "water_jug.py").write_text(SOURCE.replace('("pour B A", (a + into_a, b - into_a))', ""))
    (wrong / "puzzle.yaml").write_text(CONFIG)
    right = student(tmp_path, "right", tmp_path / "marker")
    done, records = grade(tmp_path, "wrong/puzzle.yaml", "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml",
                          "--instances", "30")
    assert done.status == 3, done.err
    assert [r["verdict"] for r in records] == ["disagrees", "agrees"]
    assert records[0]["files"] == [str(wrong / "puzzle.yaml"), str(wrong / "water_jug.py")]
    assert records[1]["files"] == [str(right / "puzzle.yaml"), str(right / "water_jug.py")]
    # named on the command line from its own folder, the same
    done, [record] = grade(wrong, "water_jug:WaterJug", "--reference", "../teacher/puzzle.yaml", "--instances", "30")
    assert (done.status, record["verdict"], record["files"]) == (3, "disagrees", [str(wrong / "water_jug.py")])
    text = run_cli("grade", "water_jug:WaterJug", "--reference", "../teacher/puzzle.yaml", "--instances", "30",
                   cwd=wrong, separate=True)
    assert "  student's code: water_jug.py\n" in text.out


def test_a_students_routine_named_like_the_teachers_is_the_students(tmp_path):
    """--routine: the student's module in the current folder, though the reference config's folder
    holds one of the same name (the teacher's right routine)."""
    place = teacher(tmp_path)
    right = "def search(graph, source, targets, **options):\n    import networkx\n" \
            "    return networkx.single_source_shortest_path_length(graph, source)\n"
    (place / "mine.py").write_text(right)
    (tmp_path / "mine.py").write_text(right.replace("return networkx", "return {source: 0} or networkx"))
    done, [record] = grade(tmp_path, "mine:search", "--routine", "--reference", "teacher/puzzle.yaml",
                           "--instances", "10")
    assert (done.status, record["verdict"]) == (3, "disagrees"), done.err
    assert record["files"][-1] == str(tmp_path / "mine.py")
    done, [record] = grade(place, "mine:search", "--routine", "--reference", "puzzle.yaml", "--instances", "10")
    assert (done.status, record["verdict"]) == (0, "agrees"), done.err


def test_a_child_holds_no_descriptor_but_its_two_pipes(tmp_path):
    """What a student's process can reach of the grader: descriptors 0-2 on /dev/null and its own
    two pipes, under --jobs too (where other students' children are live)."""
    teacher(tmp_path)
    names = [student(tmp_path, "right", tmp_path / "marker")]
    names += [Path(shutil.copytree(names[0], tmp_path / f"s{number}")) for number in (1, 2)]
    for place in names:
        (place / "water_jug.py").write_text((place / "water_jug.py").read_text() + (
            "\n_held = sorted(map(int, _os.listdir('/proc/self/fd')))\n_lines = []\nfor _fd in _held:\n"
            "    try:\n        _lines.append(f'{_fd} {_os.readlink(f\"/proc/self/fd/{_fd}\")}')\n"
            "    except OSError:\n        pass\n"
            "open(%r, 'w').write('\\n'.join(_lines))\n" % str(place / "fds.txt")))
    done, records = grade(tmp_path, *(f"{p.name}/puzzle.yaml" for p in names), "--reference", "teacher/puzzle.yaml",
                          "--jobs", "3", "--instances", "4")
    assert done.status == 0 and [r["verdict"] for r in records] == ["agrees"] * 3, done.err
    for place in names:
        held = dict(line.split(" ", 1) for line in (place / "fds.txt").read_text().splitlines())
        assert [held[fd] for fd in ("0", "1", "2")] == ["/dev/null"] * 3
        pipes = [fd for fd, target in held.items() if target.startswith("pipe:")]
        others = {fd: target for fd, target in held.items() if fd not in ("0", "1", "2", *pipes)
                  and not target.endswith("water_jug.py")}  # the module being imported
        assert len(pipes) == 2 and others == {}, held


def test_a_class_graded_two_at_a_time_gives_the_records_of_one_at_a_time(tmp_path):
    """Every attack, one student at a time: its own verdict and status (never an internal error,
    nothing run in the grader, a fault at the student's line, a budget of 1 s kept); then 30 students,
    every attack twice (beside its copy), with --jobs 2: exactly the records of --jobs 1, each twice,
    the copy's under its own folder's name."""
    teacher(tmp_path)
    marker = tmp_path / "marker"
    for name in STUDENTS:
        student(tmp_path, name, marker)
        shutil.copytree(tmp_path / name, tmp_path / f"{name}_again")
    started = time.monotonic()
    one, records = grade(tmp_path, *(f"{name}/puzzle.yaml" for name in STUDENTS), "--reference",
                         "teacher/puzzle.yaml", *BUDGET)
    took = time.monotonic() - started
    specs = [spec for name in STUDENTS for spec in (f"{name}/puzzle.yaml", f"{name}_again/puzzle.yaml")]
    assert len(specs) == 30
    two, records_two = grade(tmp_path, *specs, "--reference", "teacher/puzzle.yaml", *BUDGET, "--jobs", "2")
    expected = [EXPECTED[name] for name in STUDENTS]
    assert [r["verdict"] for r in records] == expected, [(r["student"], r["message"]) for r in records]
    assert [r["status"] for r in records] == [{"agrees": 0, "fault": 2}.get(verdict, 3) for verdict in expected]
    assert all("water_jug.py:" in r["message"]
               for r in records if r["verdict"] == "fault"), [r["message"] for r in records]
    assert one.status == two.status == 2
    assert "internal error" not in one.err and "Traceback" not in one.err
    assert records_two == [each for name, record in zip(STUDENTS, records)
                           for each in (record, json.loads(json.dumps(record).replace(f"{name}/", f"{name}_again/")))]
    assert not marker.exists()
    assert took < 300, took  # three timeouts of 1 s and twelve quick students: no hang


def test_no_grandchild_outlives_grading(tmp_path):
    """A student whose moves() starts a process that sleeps on: gone when grade ends."""
    teacher(tmp_path)
    place = student(tmp_path, "right", tmp_path / "marker")
    pids = place / "pids.txt"
    (place / "water_jug.py").write_text((place / "water_jug.py").read_text().replace(MOVES, MOVES + (
        "        import subprocess\n"
        "        child = subprocess.Popen(['sleep', '300'])\n"
        f"        open({str(pids)!r}, 'a').write(f'{{child.pid}}\\n')\n")))
    done, [record] = grade(tmp_path, "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml", "--instances", "2")
    assert record["verdict"] == "agrees", done.err
    started = [int(pid) for pid in pids.read_text().split()]
    assert started
    time.sleep(0.2)
    alive = [pid for pid in started if Path(f"/proc/{pid}").exists()
             and Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"]
    assert alive == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_grading_within_a_second(tmp_path, signum):
    """Ctrl-C or SIGTERM while students sleep: the grader ends within a second, no child left."""
    teacher(tmp_path)
    for name in ("sleeps", "spins"):
        student(tmp_path, name, tmp_path / "marker")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "grade", "sleeps/puzzle.yaml", "spins/puzzle.yaml",
                                "--reference", "teacher/puzzle.yaml", "--jobs", "2", "--max-seconds", "100"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    children = in_their_budget(process.pid)
    assert len(children) >= 3, children  # the reference's child and both students'
    sent = time.monotonic()
    process.send_signal(signum)
    out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    assert took < 5, took  # 0.04-0.05 s measured (docs/trust.md); grading alone would take 200 s
    assert process.returncode == 128 + signum, err
    assert err.decode().count("\n") == 1, err
    time.sleep(0.1)
    assert [pid for pid in children if Path(f"/proc/{pid}").exists()] == []
    assert list(tmp_path.glob("**/*.tmp")) == []


def in_their_budget(grader: int, spun: float = 0.5, within: float = 60) -> list[int]:
    """The grader's children once one of them (the student that spins) has used ``spun`` seconds of CPU:
    both students, answering the same instances side by side, are then in their budget (at most
    ``within`` seconds of waiting)."""
    deadline = time.monotonic() + within
    while True:
        children = sorted(descendants(grader))
        if len(children) >= 3 and max(map(cpu_seconds, children)) >= spun or time.monotonic() > deadline:
            return children
        time.sleep(0.05)


def test_a_closed_stdout_is_status_1(tmp_path):
    """A reader that went away before the report (``grade ... | (exec <&-; sleep 1)``): status 1,
    no message, as every command.  (``| head -c 10`` may take a short report whole before it
    closes: then it was delivered, and the verdict's status stands.)"""
    teacher(tmp_path)
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "water_jug.py").write_text(SOURCE.replace('("pour B A", (a + into_a, b - into_a))', ""))
    (wrong / "puzzle.yaml").write_text(CONFIG)
    done = subprocess.run(f"{sys.executable} -m stategraph grade wrong/puzzle.yaml --reference teacher/puzzle.yaml "
                          "--instances 30 | (exec <&-; sleep 1); exit ${PIPESTATUS[0]}", shell=True,
                          executable="/bin/bash", cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (1, "")


def bwrap_or_skip() -> None:
    """--sandbox needs bubblewrap: CI installs it (``.ci/run``); elsewhere its absence, or a bwrap
    that cannot make namespaces on this machine, is a skip with the reason (as a Chromium that
    will not start is for the browser tests)."""
    found = shutil.which("bwrap")
    if found is None:
        pytest.skip("grade --sandbox needs bubblewrap's bwrap (apt-get install bubblewrap); none on PATH")
    tried = subprocess.run([found, "--ro-bind", "/", "/", "--unshare-all", "--", "true"], capture_output=True,
                           text=True, timeout=60)
    if tried.returncode != 0:
        pytest.skip(f"bwrap at {found} would not start: {tried.stderr.strip()[:200]}")


def test_the_sandbox_keeps_files_and_network_out_of_reach(tmp_path):
    """Under --sandbox a student cannot write beside its file nor reach a socket on this machine,
    and can write its scratch folder; without it, the same student writes and connects."""
    bwrap_or_skip()
    teacher(tmp_path)
    place = student(tmp_path, "right", tmp_path / "marker")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    (place / "water_jug.py").write_text((place / "water_jug.py").read_text() + (
        "\nimport socket as _socket, tempfile as _tempfile\n"
        "with _tempfile.NamedTemporaryFile(dir=_tempfile.gettempdir()) as _scratch:\n    _scratch.write(b'ok')\n"
        "try:\n    _socket.create_connection(('127.0.0.1', %d), timeout=2).sendall(b'hi')\nexcept OSError:\n    pass\n"
        "open(%r, 'w').write('written')\n" % (port, str(place / "beside.txt"))))
    done, [record] = grade(tmp_path, "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml", "--instances", "3",
                           "--sandbox")
    assert (done.status, record["verdict"]) == (2, "fault"), done.err
    assert "Read-only file system" in record["message"] and "water_jug.py:" in record["message"]
    assert not (place / "beside.txt").exists()
    with pytest.raises(TimeoutError):
        listener.accept()
    done, [record] = grade(tmp_path, "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml", "--instances", "3")
    assert (done.status, record["verdict"]) == (0, "agrees"), done.err
    assert (place / "beside.txt").read_text() == "written"
    listener.accept()[0].close()


def test_the_sandbox_gives_the_verdicts_it_gives_without(tmp_path):
    """An attack under bwrap is the same verdict: a signal passed on by bwrap is still a crash or a timeout."""
    bwrap_or_skip()
    teacher(tmp_path)
    names = ("right", "segfaults", "spins", "hoards", "exits", "forks_and_dies")
    for name in names:
        student(tmp_path, name, tmp_path / "marker")
    done, records = grade(tmp_path, *(f"{n}/puzzle.yaml" for n in names), "--reference", "teacher/puzzle.yaml",
                          *BUDGET, "--sandbox", "--jobs", "2")
    assert [r["verdict"] for r in records] == [EXPECTED[n] for n in names], done.err


def test_the_sandbox_without_bwrap_is_one_line(tmp_path):
    teacher(tmp_path)
    student(tmp_path, "right", tmp_path / "marker")
    done = run_cli("grade", "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml", "--sandbox", cwd=tmp_path,
                   env={"PATH": str(tmp_path)}, separate=True)
    assert done.status == 2 and done.out == ""
    assert done.err == ("stategraph: error: grade --sandbox needs bubblewrap's bwrap, which is not installed "
                        "(on Debian: apt-get install bubblewrap)\n")


def test_under_the_sandbox_no_process_outlives_grading_even_in_a_session_of_its_own(tmp_path):
    """``setsid`` takes a process out of the child's group (docs/trust.md: the kill without
    --sandbox does not reach it); under --sandbox it dies with the child's process tree."""
    bwrap_or_skip()
    teacher(tmp_path)
    place = student(tmp_path, "right", tmp_path / "marker")
    tag = f"{300 + os.getpid() % 1000}.5"  # a sleep of its own, found by its argument
    (place / "water_jug.py").write_text((place / "water_jug.py").read_text().replace(MOVES, MOVES + (
        "        import subprocess\n"
        f"        subprocess.Popen(['setsid', 'sleep', {tag!r}], start_new_session=True)\n")))
    done, [record] = grade(tmp_path, "right/puzzle.yaml", "--reference", "teacher/puzzle.yaml", "--instances", "2",
                           "--sandbox")
    assert record["verdict"] == "agrees", done.err
    time.sleep(0.3)
    assert [pid for pid in os.listdir("/proc") if pid.isdigit() and _command_line(pid) == ["sleep", tag]] == []


def _command_line(pid: str) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []
