"""A plug-in's exit is its fault, in every command: ``SystemExit``, ``KeyboardInterrupt`` and
``GeneratorExit`` raised by a plug-in's code (a hook, ``read``, the module at import) are one line at
its file and line, exit status 2, with the answers before it kept; never success, never "interrupted".
A real Ctrl-C, landing while the plug-in's code runs, is still the interrupt (130).
"""

from __future__ import annotations

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
        time.sleep(1.5)  # well inside the search: moves() runs most of the time
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, out, err.decode().splitlines()) == (130, b"", ["stategraph: interrupted"])
