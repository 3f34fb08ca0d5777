"""A plug-in's exit is its fault, in every command: ``SystemExit``, ``KeyboardInterrupt`` and
``GeneratorExit`` raised by a plug-in's code (a hook, ``read``, the module at import) are one line at
its file and line, exit status 2, with the answers before it kept; never success, never "interrupted".
A real Ctrl-C, landing while the plug-in's code runs, is still the interrupt (130).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

COUNTER = '''from stategraph import COST, SuccessorPuzzle


class Counter(SuccessorPuzzle):
    name, summary, sample = "counter", "0 to n by +1", "3\\n"
    output = COST

    def read(self, tokens, limits):
        n = tokens.integer("n", 0, 10**9)
        if n == READ_FAILS:
            raise EXIT
        return n

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if n == MOVES_FAIL:
            raise EXIT
        for _ in range(WORK):
            pass
        if x < n:
            yield "+1", x + 1, 1
'''

EXITS = {"SystemExit(0)": "SystemExit: 0", "SystemExit('bye')": "SystemExit: bye",
         "KeyboardInterrupt()": "KeyboardInterrupt", "GeneratorExit()": "GeneratorExit"}

# each command on "3, 4, 5" where moves() exits on 4: (arguments, stdout and stderr before the fault)
COMMANDS = {
    "solve": (["solve", "plug:Counter", "in.txt"], "3\n", []),
    "solve-verify": (["solve", "plug:Counter", "in.txt", "--verify"], "3\n", []),
    "check": (["check", "plug:Counter", "in.txt", "answers.txt"], "", ["instance 1: ok"]),
    "explain": (["explain", "plug:Counter", "in.txt", "--instance", "2"], "", []),
    "export": (["export", "plug:Counter", "in.txt", "--instance", "2", "-o", "g.json"], "", []),
    "view": (["view", "plug:Counter", "in.txt", "--instance", "2", "-o", "page.html"], "", []),
}
FAULT = "stategraph: error: plug.py:{line}: in {hook}: {shown} ({where})"


def plugin(folder, exit_call: str, moves_fail=-1, read_fails=-1, work=0, first_line: str = "") -> int:
    """``folder/plug.py``: the counter, whose hooks raise ``exit_call`` where told; the line of the
    ``raise`` in ``moves`` (or, with ``first_line``, of that first line)."""
    source = (first_line + "\n" if first_line else "") + COUNTER
    source = source.replace("EXIT", exit_call).replace("MOVES_FAIL", str(moves_fail))
    source = source.replace("READ_FAILS", str(read_fails)).replace("WORK", str(work))
    (folder / "plug.py").write_text(source)
    (folder / "in.txt").write_text("3\n4\n5\n")
    (folder / "answers.txt").write_text("3\n4\n5\n")
    lines = source.splitlines()
    if first_line:
        return 1
    in_moves = lines.index("    def moves(self, n, x):")
    return in_moves + 1 + next(k for k, line in enumerate(lines[in_moves:]) if "raise" in line)


@pytest.mark.parametrize("exit_call", EXITS)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_exit_in_a_hook_is_the_plugin_s_fault(command, exit_call, stategraph_cli, tmp_path):
    line = plugin(tmp_path, exit_call, moves_fail=4)
    args, out, err = COMMANDS[command]
    done = stategraph_cli(*args, cwd=tmp_path, env={"STATEGRAPH_DEBUG": None})
    assert (done.status, done.out) == (2, out), done.err
    assert done.err.splitlines() == [
        *err, FAULT.format(line=line, hook="moves", shown=EXITS[exit_call], where="instance 2, state 0")]
    assert not (tmp_path / "g.json").exists() and not (tmp_path / "page.html").exists()


def test_compare_names_the_exit_and_does_not_succeed(stategraph_cli, tmp_path):
    line = plugin(tmp_path, "SystemExit(0)", moves_fail=4)
    done = stategraph_cli("compare", "plug:Counter", "in.txt", cwd=tmp_path)
    assert done.status == 2
    assert f"plug.py:{line}: in moves: SystemExit: 0" in " ".join(done.out.split())


def test_with_jobs_the_exit_comes_after_the_answers_before_it(stategraph_cli, tmp_path):
    line = plugin(tmp_path, "SystemExit(0)", moves_fail=4)
    done = stategraph_cli("solve", "plug:Counter", "in.txt", "--jobs", "2", cwd=tmp_path, separate=True,
                          env={"STATEGRAPH_DEBUG": None})
    assert (done.status, done.out) == (2, "3\n")
    assert done.err.splitlines() == [FAULT.format(line=line, hook="moves", shown="SystemExit: 0",
                                                  where="instance 2, state 0")]


def test_an_exit_in_read_keeps_the_answers_read_before(stategraph_cli, tmp_path):
    plugin(tmp_path, "SystemExit('bye')", read_fails=5)
    line = (tmp_path / "plug.py").read_text().splitlines().index("            raise SystemExit('bye')") + 1
    done = stategraph_cli("solve", "plug:Counter", "in.txt", cwd=tmp_path, env={"STATEGRAPH_DEBUG": None})
    assert (done.status, done.out) == (2, "3\n4\n")
    assert done.err.splitlines() == [FAULT.format(line=line, hook="read", shown="SystemExit: bye",
                                                  where="reading instance 3")]


@pytest.mark.parametrize("exit_call", ["SystemExit(0)", "KeyboardInterrupt()"])
def test_an_exit_at_import_is_the_plugin_s_fault(exit_call, stategraph_cli, tmp_path):
    plugin(tmp_path, "SystemExit(0)", first_line=f"raise {exit_call}")
    done = stategraph_cli("solve", "plug:Counter", "in.txt", cwd=tmp_path, env={"STATEGRAPH_DEBUG": None})
    assert (done.status, done.out) == (2, "")
    assert done.err.splitlines() == [f"stategraph: error: plug.py:1: in <module>: {EXITS[exit_call]}"]


def test_a_real_ctrl_c_in_the_plugin_s_code_is_still_the_interrupt(tmp_path):
    plugin(tmp_path, "SystemExit(0)", work=20000)
    (tmp_path / "in.txt").write_text("100000000\n")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "plug:Counter", "in.txt"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _searching(process.pid)  # well inside the search: moves() runs most of the time
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, out, err.decode().splitlines()) == (130, b"", ["stategraph: interrupted"])


def _searching(pid: int, within: float = 30) -> None:
    """Wait until the process running the plug-in's code (a child of ``pid``) is well into its
    search: 0.2 s of CPU, counted from its fork."""
    from process_table import cpu_seconds, descendants

    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not any(cpu_seconds(child) >= 0.2 for child in descendants(pid)):
        time.sleep(0.02)


# A plug-in that ends its process itself: the command forks as the plug-in loads, and the process
# started waits for the one that runs the plug-in's code (stategraph.plugins.own_process).
ENDS = {"os._exit(0)": "os._exit(0) ended the process before stategraph had finished",
        "os._exit(3)": "os._exit(3) ended the process before stategraph had finished"}


def _ending_plugin(folder, call: str, moves_fail=4, read_fails=-1) -> int:
    """The counter, whose ``moves`` (or ``read``) calls ``call``, not raises it; the line of the call."""
    line = plugin(folder, call, moves_fail=moves_fail, read_fails=read_fails)
    source = (folder / "plug.py").read_text().replace(f"raise {call}", call)
    (folder / "plug.py").write_text("import os\nimport signal\n" + source)
    return line + 2


@pytest.mark.parametrize("call", ENDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_plugin_ending_its_process_is_one_line_and_never_success(command, call, stategraph_cli, tmp_path):
    line = _ending_plugin(tmp_path, call)
    args, out, err = COMMANDS[command]
    done = stategraph_cli(*args, cwd=tmp_path, separate=True, env={"STATEGRAPH_DEBUG": None})
    assert done.status == 2, (done.out, done.err)
    assert done.err.splitlines()[-1] == f"stategraph: error: plug.py:{line}: in moves: {ENDS[call]} (state 0)"
    assert len(done.err.splitlines()) == len(err) + 1
    assert not (tmp_path / "g.json").exists() and not (tmp_path / "page.html").exists()


def test_a_plugin_ending_its_process_in_compare_is_one_line(stategraph_cli, tmp_path):
    line = _ending_plugin(tmp_path, "os._exit(0)")
    done = stategraph_cli("compare", "plug:Counter", "in.txt", cwd=tmp_path, separate=True)
    assert (done.status, done.err.splitlines()) == (
        2, [f"stategraph: error: plug.py:{line}: in moves: {ENDS['os._exit(0)']} (state 0)"])


def test_a_plugin_killing_its_process_is_one_line(stategraph_cli, tmp_path):
    _ending_plugin(tmp_path, "os.kill(os.getpid(), signal.SIGKILL)")
    done = stategraph_cli("check", "plug:Counter", "in.txt", "answers.txt", cwd=tmp_path, separate=True)
    assert (done.status, done.err.splitlines()) == (2, [
        "instance 1: ok",
        "stategraph: error: the process running the plug-in's code was killed by SIGKILL (out of memory?)"])


def test_an_exit_at_the_end_of_the_run_does_not_change_its_status(stategraph_cli, tmp_path):
    plugin(tmp_path, "SystemExit(0)")
    source = (tmp_path / "plug.py").read_text()
    (tmp_path / "plug.py").write_text("import atexit\nimport os\natexit.register(os._exit, 0)\n" + source)
    (tmp_path / "answers.txt").write_text("3\n5\n5\n")  # the second is wrong
    done = stategraph_cli("check", "plug:Counter", "in.txt", "answers.txt", cwd=tmp_path, separate=True)
    assert done.status == 3, done.err
    assert done.err.splitlines()[-1] == "stategraph: checked 3 answers: 2 ok, 1 with a problem"


@pytest.mark.parametrize("where", ["moves", "read"])
def test_with_jobs_a_plugin_ending_a_worker_is_its_fault(where, stategraph_cli, tmp_path):
    line = _ending_plugin(tmp_path, "os._exit(0)", moves_fail=4 if where == "moves" else -1,
                          read_fails=5 if where == "read" else -1)
    if where == "read":
        line = (tmp_path / "plug.py").read_text().splitlines().index("            os._exit(0)") + 1
    done = stategraph_cli("solve", "plug:Counter", "in.txt", "--jobs", "2", cwd=tmp_path, separate=True,
                          env={"STATEGRAPH_DEBUG": None})
    state = " (state 0)" if where == "moves" else ""
    ended = "os._exit(0) ended one of the run's processes (--jobs)"
    assert (done.status, done.err.splitlines()) == (
        2, [f"stategraph: error: plug.py:{line}: in {where}: {ended}{state}"])


def test_a_stop_sent_to_the_command_stops_a_plugin_that_undid_the_handler(tmp_path):
    plugin(tmp_path, "SystemExit(0)", work=20000)
    source = (tmp_path / "plug.py").read_text().replace(
        "        return 0\n", "        signal.signal(signal.SIGTERM, signal.SIG_DFL)\n        return 0\n", 1)
    (tmp_path / "plug.py").write_text("import signal\n" + source)
    (tmp_path / "in.txt").write_text("100000000\n")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "plug:Counter", "in.txt"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _searching(process.pid)
        process.send_signal(signal.SIGTERM)  # to the process started, which passes it on
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, out, err.decode().splitlines()) == (143, b"", ["stategraph: stopped by SIGTERM"])


def test_the_process_running_the_plugin_ends_with_the_command_killed(tmp_path):
    from process_table import descendants, kill_all, left_alive

    plugin(tmp_path, "SystemExit(0)", work=20000)
    (tmp_path / "in.txt").write_text("100000000\n")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "plug:Counter", "in.txt"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children: set[int] = set()
    try:
        _searching(process.pid)
        children = descendants(process.pid)
        assert len(children) == 1  # the plug-in's code runs in a child
        process.kill()
        process.wait(timeout=10)
        assert left_alive(children, within=5) == []
    finally:
        kill_all(children)


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_a_signal_to_the_whole_group_is_one_line(stop, tmp_path):
    """Both processes get it, and the waiting one passes it on: the one running the plug-in gets it twice."""
    plugin(tmp_path, "SystemExit(0)", work=20000)
    (tmp_path / "in.txt").write_text("100000000\n")
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "plug:Counter", "in.txt"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _searching(process.pid)
        os.killpg(process.pid, getattr(signal, stop))
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    said = "stategraph: interrupted" if stop == "SIGINT" else "stategraph: stopped by SIGTERM"
    assert (process.returncode, out, err.decode().splitlines()) == (128 + getattr(signal, stop), b"", [said])


def test_a_ctrl_c_typed_at_the_terminal_is_one_interrupt(tmp_path):
    """The terminal sends SIGINT to both processes: still one line, and the interrupt's status."""
    import pty
    import select

    plugin(tmp_path, "SystemExit(0)", work=20000)
    (tmp_path / "in.txt").write_text("100000000\n")
    pid, terminal = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.chdir(tmp_path)
            os.execv(sys.executable, [sys.executable, "-m", "stategraph", "solve", "plug:Counter", "in.txt"])
        finally:
            os._exit(99)
    typed = b""
    try:
        _searching(pid)
        os.write(terminal, b"\x03")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if select.select([terminal], [], [], 0.2)[0]:
                try:
                    chunk = os.read(terminal, 1000)
                except OSError:  # the terminal's other end closed
                    break
                if not chunk:
                    break
                typed += chunk
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 130
    assert typed.decode().replace("^C", "").split() == ["stategraph:", "interrupted"]
