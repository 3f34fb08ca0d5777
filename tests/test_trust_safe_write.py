"""Every file the command line writes is written whole or not at all (:mod:`stategraph.io.safefile`).

Each test runs ``python -m stategraph`` in a subprocess, in a folder of its own, and asserts the
exit status, the one stderr line, the bytes of the files left behind and that no temporary file
remains.  Where a write must be caught half-way (a signal, a second writer), the process is
paused with SIGSTOP once its temporary file has bytes in it, so nothing depends on timing; the
timeouts only stop a hung run.
"""

from __future__ import annotations

import os
import pwd
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest

from cli_runner import run_cli
from test_faults_hostile_cli import open_maze

PY = sys.executable
GUARD = 90  # seconds before a hung run is killed (a failure, never a measurement)
OLD = b"the old file, which must survive\n"
SAMPLE = (Path(__file__).resolve().parent.parent / "src" / "stategraph" / "samples" / "pushing_boxes.txt").read_bytes()
MEDIUM = open_maze(30) + b"0 0\n"  # about 4 MB of GraphML, in writes of a megabyte or so: a pause lands half-way


def stategraph(folder, *args, preexec=None, stdin=subprocess.DEVNULL, code=None):
    """``stategraph ARGS`` in ``folder``, bytes out: in this process (the shared runner), or in a child
    where the run needs one (``preexec`` in it, another ``stdin``, or the ``code`` it runs instead)."""
    if preexec is None and code is None and stdin is subprocess.DEVNULL:
        return run_cli(*args, cwd=folder, binary=True)
    command = [PY, "-c", code, *args] if code else [PY, "-m", "stategraph", *args]
    # a child set up by ``preexec`` writes no bytecode: under a file size limit, Python would leave a .pyc
    # cut at the limit (it does not check that the write was whole) for every later import to fail on
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"} if preexec else None
    return subprocess.run(command, cwd=folder, stdin=stdin, capture_output=True, timeout=GUARD,
                          preexec_fn=preexec, env=env)


def one_line(done) -> str:
    """The one stderr line of a run (and never a traceback)."""
    err = done.stderr.decode()
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err[-2000:]
    assert err.startswith("stategraph: "), err
    return err[:-1]


def left(folder: Path) -> set:
    return {entry.name for entry in folder.iterdir()}


def file_limit(size: int):
    """``ulimit -f``: writes past ``size`` bytes fail with EFBIG (SIGXFSZ ignored)."""
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


def writing(process, folder: Path, inputs: set) -> Path:
    """Wait until ``process`` has written bytes into a file of ``folder`` that is not one of
    ``inputs`` (its temporary file), then pause it there (SIGSTOP) and return that file."""
    while True:
        for entry in folder.iterdir():
            if entry.name not in inputs and entry.is_file() and entry.stat().st_size > 0:
                process.send_signal(signal.SIGSTOP)
                return entry
        if process.poll() is not None:
            raise AssertionError(f"finished (status {process.returncode}) before writing a file other than {inputs}")
        time.sleep(0.002)


# big files and pictures; the overwrite, size-limit and signal cases stay quick (deselected unless --slow:
# tests/conftest.py)
SLOW_CASES = {
    "test_two_exports_to_one_path_leave_one_complete_document",
    "test_dot_to_a_closed_pipe_is_status_1_like_every_format",
    "test_a_failed_picture_leaves_the_old_one",
    "test_solve_export_of_a_big_gexf_is_refused_before_it_is_written",
}


@pytest.fixture
def killed_on_failure():
    started = []
    yield started.append
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


# --- refused before any work ------------------------------------------------------------------------

def without_override():
    """As root, the run loses the capabilities that let root write any file (CAP_DAC_OVERRIDE,
    CAP_DAC_READ_SEARCH, CAP_FOWNER), so file modes bind it as they bind anyone."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: gone from the next program
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.fixture
def foreign_file(tmp_path):
    """``(folder, preexec)``: our folder, holding ``ro.graphml``, read-only and (as root) another user's."""
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    (tmp_path / "ro.graphml").write_bytes(OLD)
    (tmp_path / "ro.graphml").chmod(0o444)
    if os.geteuid() != 0:
        return tmp_path, None
    nobody = pwd.getpwnam("nobody")
    os.chown(tmp_path / "ro.graphml", nobody.pw_uid, nobody.pw_gid)
    return tmp_path, without_override


def test_a_read_only_file_is_refused_and_survives(foreign_file):
    folder, preexec = foreign_file
    done = stategraph(folder, "export", "pushing_boxes", "in.txt", "-o", "ro.graphml", preexec=preexec)
    assert done.returncode == 2
    assert one_line(done) == "stategraph: error: cannot write the graph to ro.graphml: Permission denied"
    assert (folder / "ro.graphml").read_bytes() == OLD
    assert left(folder) == {"in.txt", "ro.graphml"}


@pytest.mark.parametrize("args, stdin", [
    (("solve", "pushing_boxes", "in.txt", "--export-graphml", "in.txt"), None),
    (("solve", "pushing_boxes", "link.txt", "--export-graphml", "in.txt"), None),
    (("solve", "pushing_boxes", "--export-graphml", "in.txt"), "in.txt"),
    (("export", "pushing_boxes", "in.txt", "-o", "link.txt", "--format", "graphml"), None),
    (("export", "-c", "c.yaml", "in.txt", "-o", "c.yaml", "--format", "json"), None),
    (("draw", "pushing_boxes", "in.svg", "-o", "in.svg"), None),
], ids=["solve-onto-its-input", "through-a-symlink", "onto-stdin", "export-onto-a-link", "onto-the-config",
        "draw-onto-its-input"])
def test_the_input_is_never_replaced(args, stdin, tmp_path):
    pytest.importorskip("matplotlib")
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    (tmp_path / "in.svg").write_bytes(SAMPLE)
    (tmp_path / "link.txt").symlink_to("in.txt")
    (tmp_path / "c.yaml").write_text("puzzle: pushing_boxes\n")
    with open(tmp_path / stdin, "rb") if stdin else open(os.devnull, "rb") as source:
        done = stategraph(tmp_path, *args, stdin=source)
    assert done.returncode == 2
    assert "which is never replaced" in one_line(done)
    assert done.stdout == b""
    assert (tmp_path / "in.txt").read_bytes() == (tmp_path / "in.svg").read_bytes() == SAMPLE
    assert (tmp_path / "c.yaml").read_text() == "puzzle: pushing_boxes\n"
    assert left(tmp_path) == {"in.txt", "in.svg", "link.txt", "c.yaml"}


@pytest.mark.parametrize("args, message", [
    (("draw", "pushing_boxes", "-o", "missing/x.svg"), "the picture to missing/x.svg: No such file or directory"),
    (("draw", "pushing_boxes", "-o", "folder.svg"), "the picture to folder.svg: Is a directory"),
    (("draw", "pushing_boxes", "--animate", "missing/x.gif"),
     "the animation to missing/x.gif: No such file or directory"),
    (("draw", "pushing_boxes", "--animate", "folder.gif"), "the animation to folder.gif: Is a directory"),
    (("compare", "pushing_boxes", "--plot", "missing/p.svg"), "the plot to missing/p.svg: No such file or directory"),
    (("compare", "pushing_boxes", "--plot", "folder.svg"), "the plot to folder.svg: Is a directory"),
], ids=["draw-missing-folder", "draw-directory", "animate-missing-folder", "animate-directory",
        "plot-missing-folder", "plot-directory"])
def test_picture_paths_are_checked_before_the_input_is_read(args, message, tmp_path, killed_on_failure):
    """stdin stays open and empty: a run that read it would wait until the guard kills it."""
    pytest.importorskip("matplotlib")
    (tmp_path / "folder.svg").mkdir()
    (tmp_path / "folder.gif").mkdir()
    process = subprocess.Popen([PY, "-m", "stategraph", *args], cwd=tmp_path, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    killed_on_failure(process)
    status = process.wait(timeout=GUARD)  # stdin still open: a read would wait for the guard
    done = subprocess.CompletedProcess(args, status, process.stdout.read(), process.stderr.read())
    process.stdin.close()
    assert done.returncode == 2
    assert one_line(done) == f"stategraph: error: cannot write {message}"
    assert left(tmp_path) == {"folder.svg", "folder.gif"}


# --- interrupted or failed half-way: the old file stays ----------------------------------------------

@pytest.mark.parametrize("signum, status, line", [
    (signal.SIGTERM, 143, "stategraph: stopped by SIGTERM"),
    (signal.SIGHUP, 129, "stategraph: stopped by SIGHUP"),
    (signal.SIGINT, 130, "stategraph: interrupted"),
], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_mid_overwrite_leaves_the_old_file(signum, status, line, tmp_path, killed_on_failure):
    (tmp_path / "in.txt").write_bytes(MEDIUM)
    (tmp_path / "g.graphml").write_bytes(OLD)
    process = subprocess.Popen([PY, "-m", "stategraph", "export", "pushing_boxes", "in.txt", "-o", "g.graphml"],
                               cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    killed_on_failure(process)
    temporary = writing(process, tmp_path, {"in.txt", "g.graphml"})
    assert temporary.name.startswith(".g.") and temporary.name.endswith(".graphml")
    process.send_signal(signum)
    process.send_signal(signal.SIGCONT)
    out, err = process.communicate(timeout=GUARD)
    done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    assert (done.returncode, one_line(done)) == (status, line)
    assert (tmp_path / "g.graphml").read_bytes() == OLD
    assert left(tmp_path) == {"in.txt", "g.graphml"}


def test_two_exports_to_one_path_leave_one_complete_document(tmp_path, killed_on_failure):
    (tmp_path / "big.txt").write_bytes(MEDIUM)
    (tmp_path / "small.txt").write_bytes(SAMPLE)
    first = subprocess.Popen([PY, "-m", "stategraph", "export", "pushing_boxes", "big.txt", "-o", "g.graphml"],
                             cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    killed_on_failure(first)
    writing(first, tmp_path, {"big.txt", "small.txt"})  # paused half-way through its file
    second = stategraph(tmp_path, "export", "pushing_boxes", "small.txt", "-o", "g.graphml")
    assert second.returncode == 0, second.stderr
    assert nx.read_graphml(tmp_path / "g.graphml").graph["instance_text"] == "1 7\nSB....T\n"
    first.send_signal(signal.SIGCONT)
    assert first.wait(timeout=GUARD) == 0, first.stderr.read()
    graph = nx.read_graphml(tmp_path / "g.graphml")  # the whole of the one written last
    assert graph.graph["instance_text"] == MEDIUM.decode()[:-len("0 0\n")]
    assert left(tmp_path) == {"big.txt", "small.txt", "g.graphml"}


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json", "dot"])
def test_a_file_size_limit_on_an_overwrite_leaves_the_old_file(fmt, tmp_path):
    (tmp_path / "in.txt").write_bytes(MEDIUM)
    (tmp_path / "g.out").write_bytes(OLD)
    done = stategraph(tmp_path, "export", "pushing_boxes", "in.txt", "-o", "g.out", "--format", fmt,
                      preexec=file_limit(256 * 1024))
    assert done.returncode == 4
    assert one_line(done) == "stategraph: error: cannot write the graph to g.out: File too large"
    assert (tmp_path / "g.out").read_bytes() == OLD
    assert left(tmp_path) == {"in.txt", "g.out"}


@pytest.mark.parametrize("args, what", [
    (("draw", "pushing_boxes", "in.txt", "--instance", "3", "-o", "old.svg"), "the picture"),
    (("draw", "pushing_boxes", "in.txt", "--instance", "3", "--animate", "old.gif"), "the animation"),
    (("compare", "pushing_boxes", "in.txt", "--plot", "old.svg"), "the plot"),
], ids=["picture", "animation", "plot"])
def test_a_failed_picture_leaves_the_old_one(args, what, tmp_path):
    pytest.importorskip("matplotlib")
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    target = args[-1]
    (tmp_path / target).write_bytes(OLD)
    done = stategraph(tmp_path, *args, preexec=file_limit(2048))
    assert done.returncode == 4
    assert one_line(done) == f"stategraph: error: cannot write {what} to {target}: File too large"
    assert (tmp_path / target).read_bytes() == OLD
    assert left(tmp_path) == {"in.txt", target}


# --- symlinks, modes, pipes ----------------------------------------------------------------------------

@pytest.fixture
def linked(tmp_path):
    """``link.graphml`` in the test's folder, pointing at ``real/g.graphml`` (holding OLD)."""
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "g.graphml").write_bytes(OLD)
    (tmp_path / "link.graphml").symlink_to(tmp_path / "real" / "g.graphml")
    (tmp_path / "in.txt").write_bytes(MEDIUM)
    return tmp_path


def test_an_export_through_a_symlink_replaces_its_target_and_keeps_the_link(linked):
    done = stategraph(linked, "export", "pushing_boxes", "in.txt", "-o", "link.graphml")
    assert done.returncode == 0, done.stderr
    assert os.readlink(linked / "link.graphml") == str(linked / "real" / "g.graphml")
    assert nx.read_graphml(linked / "real" / "g.graphml").graph["instance_text"] == MEDIUM.decode()[:-4]
    assert left(linked) == {"real", "link.graphml", "in.txt"} and left(linked / "real") == {"g.graphml"}


def test_a_failed_write_through_a_symlink_keeps_the_link_and_its_target(linked):
    done = stategraph(linked, "export", "pushing_boxes", "in.txt", "-o", "link.graphml",
                      preexec=file_limit(256 * 1024))
    assert done.returncode == 4
    assert one_line(done) == "stategraph: error: cannot write the graph to link.graphml: File too large"
    assert os.readlink(linked / "link.graphml") == str(linked / "real" / "g.graphml")
    assert (linked / "real" / "g.graphml").read_bytes() == OLD
    assert left(linked) == {"real", "link.graphml", "in.txt"} and left(linked / "real") == {"g.graphml"}


def test_a_replaced_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path):
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    (tmp_path / "kept.json").write_bytes(OLD)
    (tmp_path / "kept.json").chmod(0o604)

    def umask():
        os.umask(0o027)

    for name in ("kept.json", "new.json"):
        done = stategraph(tmp_path, "export", "pushing_boxes", "in.txt", "-o", name, preexec=umask)
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "kept.json").stat().st_mode & 0o777 == 0o604
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "kept.json").read_bytes() == (tmp_path / "new.json").read_bytes() != OLD


def test_dot_to_a_closed_pipe_is_status_1_like_every_format(tmp_path, killed_on_failure):
    pytest.importorskip("pydot")
    (tmp_path / "in.txt").write_bytes(MEDIUM)  # 2.5 MB of DOT: far more than the pipe holds
    process = subprocess.Popen([PY, "-m", "stategraph", "export", "pushing_boxes", "in.txt", "-o", "-", "--format",
                                "dot"], cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    killed_on_failure(process)
    assert process.stdout.read(10) == b"strict dig"
    process.stdout.close()  # as `head -c 10` does
    assert process.wait(timeout=GUARD) == 1
    assert process.stderr.read() == b""


# --- which file, and how large ----------------------------------------------------------------------

def test_a_config_export_path_names_the_chosen_instance(tmp_path):
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    (tmp_path / "c.yaml").write_text("puzzle: pushing_boxes\nexport:\n  graphml: c{instance}.graphml\n")
    assert stategraph(tmp_path, "export", "-c", "c.yaml", "in.txt").returncode == 0
    assert stategraph(tmp_path, "export", "-c", "c.yaml", "in.txt", "--instance", "3").returncode == 0
    assert left(tmp_path) == {"in.txt", "c.yaml", "c1.graphml", "c3.graphml"}
    assert [nx.read_graphml(tmp_path / f"c{k}.graphml").graph["instance"] for k in (1, 3)] == [1, 3]


SMALL_GEXF_LIMIT = """
import sys
import stategraph.solving.export
stategraph.solving.export.STATE_LIMITS["gexf"] = 2
from stategraph.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_solve_export_applies_the_export_size_limit(tmp_path):
    (tmp_path / "in.txt").write_bytes(SAMPLE)
    done = stategraph(tmp_path, "solve", "pushing_boxes", "in.txt", "--export-graphml", "g.gexf",
                      code=SMALL_GEXF_LIMIT)
    assert done.returncode == 2 and done.stdout == b""
    assert "above the export limit of 2 states" in one_line(done) and "export.force=true" in one_line(done)
    assert left(tmp_path) == {"in.txt"}
    done = stategraph(tmp_path, "solve", "pushing_boxes", "in.txt", "--export-graphml", "g.gexf", "--set",
                      "export.force=true", code=SMALL_GEXF_LIMIT)
    assert done.returncode == 0, done.stderr
    assert left(tmp_path) == {"in.txt", "g.gexf", "g-2.gexf", "g-3.gexf", "g-4.gexf"}


def test_solve_export_of_a_big_gexf_is_refused_before_it_is_written(tmp_path):
    (tmp_path / "in.txt").write_bytes(open_maze(120) + b"0 0\n")
    done = stategraph(tmp_path, "solve", "pushing_boxes", "in.txt", "--export-graphml", "big.gexf")
    assert done.returncode == 2
    assert "above the export limit of 50,000 states (a gexf file of about" in one_line(done)
    assert left(tmp_path) == {"in.txt"}
