"""Hostile runs of the real command line, end to end, one subprocess per case.

Each case of :data:`CASES` runs ``python -m stategraph ...`` (through ``sh`` where a file
descriptor must be closed or an endless input piped in) and asserts the documented contract:

* the exit status: 0 success; 1 the reader closed the output pipe (no message); 2 bad input,
  config, option or path; 3 ``check`` found a problem; 4 a read or write failed while running;
  5 out of memory; 70 an internal error; 130 interrupted;
* stderr: exactly one line starting ``stategraph: `` (or nothing, where the contract says so),
  under 300 characters, with no control character and no ``Traceback``;
* stdout: the answers that must still be there (from ``tests/samples/*.out`` or small
  hand-checked instances), or nothing when the fault must be found before any input is read.

Memory cases run under ``RLIMIT_AS`` set in ``preexec_fn``, so they assert a bound without timing
anything.  Each case runs in its own test (from the main thread: ``preexec_fn`` is not safe in
threads), so under xdist it runs on the one worker that runs its test, however the module's tests
are shared out.  Nothing is timed: the timeouts only stop a hung run.
"""

from __future__ import annotations

import os
import re
import resource
import select
import signal
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SAMPLE_IN = {name: (HERE.parent / "src" / "stategraph" / "samples" / f"{name}.txt").read_bytes()
             for name in ("pushing_boxes", "huarong", "arrow_maze")}
SAMPLE_OUT = {name: (HERE / "samples" / f"{name}.out").read_bytes() for name in SAMPLE_IN}

PY = sys.executable
MAX_LINE = 300   # characters of the one stderr line
GUARD = 90       # seconds before a hung run is killed (a failure, never a measurement)
ANSWER_GUARD = 10  # seconds to wait for the answer to a tiny instance while stdin stays open (a hang guard)
MB = 2**20

ONE, NONE, LINES, TRACEBACK = "one line", "nothing", "bounded lines", "traceback"

TINY = b"1 3\nSBT\n0 0\n"                     # Maze #1: E
TINY_OUT = b"Maze #1\nE\n\n"
MANY_TINY = b"1 3\nSBT\n" * 20_000 + b"0 0\n"  # 20,000 answers (about 300 KB of output)
HUARONG_BOARD = b"3 4 %d\n0 1 1 1\n0 1 1 0\n0 1 0 0\n"  # the sample board: query "3 2 1 2 2 2" costs 2


def open_maze(n: int) -> bytes:
    """An n x n maze with no rock: S and B in the top-left corner, T in the bottom-right one."""
    rows = [b"S" + b"." * (n - 1), b".B" + b"." * (n - 2)] + [b"." * n] * (n - 3) + [b"." * (n - 1) + b"T"]
    return b"%d %d\n" % (n, n) + b"\n".join(rows) + b"\n"


def detour_maze(n: int) -> bytes:
    """An n x n maze whose middle row is rock but for its last cell: S and B in the top-left
    corner, T in the bottom-left one, so the box goes round by the far side (A* then reads most
    of the states: the bound, the box's distance to T, is about half the pushes)."""
    rows = [b"S" + b"." * (n - 1), b".B" + b"." * (n - 2)] + [b"." * n] * (n - 3) + [b"T" + b"." * (n - 1)]
    rows[n // 2] = b"#" * (n - 1) + b"."
    return b"%d %d\n" % (n, n) + b"\n".join(rows) + b"\n"


class Prefix(bytes):
    """Expected stdout that must start with these bytes (the rest depends on when a signal landed)."""


@dataclass
class Case:
    id: str
    args: tuple                      # after `stategraph`
    status: int
    message: str | None = None       # regex the one stderr line must match (re.search)
    stdin: bytes | str = b""         # bytes, or "devnull"
    out: bytes | None = b""          # exact stdout (a Prefix: its start); None: not checked
    stderr: str = ONE
    files: dict = field(default_factory=dict)   # name -> bytes, created in the case's folder
    dirs: tuple = ()                 # folders created in the case's folder
    shell: str | None = None         # sh script; STATEGRAPH stands for the command
    stdout_to: str | None = None     # "/dev/full" instead of a captured file
    limit_mb: int | None = None      # RLIMIT_AS, set in preexec_fn
    code: str | None = None          # run `python -c code ARGS` instead of `python -m stategraph ARGS`
    env: dict = field(default_factory=dict)
    driver: Callable | None = None   # custom run: driver(case, folder) -> (status, stdout, stderr)
    extra: Callable | None = None    # extra(stdout, stderr_text) asserts what the table cannot say


# --- custom drivers -------------------------------------------------------------------------------

def _read_until(stream, done: Callable[[bytes], bool], got: bytes = b"", guard: float = GUARD) -> bytes:
    """Bytes from the pipe ``stream`` until ``done(all so far)`` or the end; the guard only stops a hang."""
    fd = stream.fileno()
    while not done(got):
        ready, _, _ = select.select([fd], [], [], guard)
        if not ready:
            raise AssertionError(f"no output for {guard} s; so far: {got[:300]!r}")
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        got += chunk
    return got


def _at_least(size: int) -> Callable[[bytes], bool]:
    return lambda got: len(got) >= size


@contextmanager
def _killed_on_failure(process):
    """A driver that fails leaves no process behind."""
    try:
        yield
    except BaseException:
        process.kill()
        process.wait()
        raise


def _finish(process, folder: Path, out: bytes):
    try:
        status = process.wait(timeout=GUARD)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        status = "killed after a hang"
    return status, out, (folder / "err").read_bytes()


def interactive(steps):
    """Write each step's input while stdin stays open, and wait for its answer before the next step.

    An answer that only comes once stdin is closed means the instance was not printed (and
    flushed) before the next one was read.
    """
    def driver(case, folder):
        with open(folder / "err", "wb") as err:
            process = subprocess.Popen([PY, "-m", "stategraph", *case.args], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=err, cwd=folder)
        out = b""
        with _killed_on_failure(process):
            for data, answer in steps:
                process.stdin.write(data)
                process.stdin.flush()
                if answer is None:
                    continue
                expected = out + answer
                try:
                    out = _read_until(process.stdout, _at_least(len(expected)), out, ANSWER_GUARD)
                except AssertionError as exc:
                    raise AssertionError(f"no answer to {data!r} while stdin stays open: {exc}") from None
                assert out == expected, f"while stdin is still open: {out[:300]!r} (expected {expected!r})"
            process.stdin.close()
            out = _read_until(process.stdout, lambda got: False, out)
        return _finish(process, folder, out)
    return driver


def reader_closes_pipe(case, folder):
    """Read the first answers, then close the pipe as `head` does."""
    with open(folder / "in.txt", "rb") as stdin, open(folder / "err", "wb") as err:
        process = subprocess.Popen([PY, "-m", "stategraph", *case.args], stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=err, cwd=folder)
    with _killed_on_failure(process):
        out = _read_until(process.stdout, _at_least(100))
        process.stdout.close()
    return _finish(process, folder, out)


def sigint_after_answers(case, folder):
    """Ctrl-C once the first three answers are out; everything after is read to the end."""
    with open(folder / "in.txt", "rb") as stdin, open(folder / "err", "wb") as err:
        process = subprocess.Popen([PY, "-m", "stategraph", *case.args], stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=err, cwd=folder)
    with _killed_on_failure(process):
        out = _read_until(process.stdout, lambda got: got.count(b"\n") >= 3)
        process.send_signal(signal.SIGINT)
        out = _read_until(process.stdout, lambda got: False, out)
    return _finish(process, folder, out)


def sigint_during_startup(case, folder):
    """Ctrl-C while stategraph's modules are being imported (seen through ``-X importtime``).

    Wherever the signal lands after that (an import, reading the still open stdin), the answer is
    the same: status 130 and the one line ``stategraph: interrupted``.  The interpreter's own
    ``import time:`` lines are dropped from stderr.
    """
    process = subprocess.Popen([PY, "-X", "importtime", "-m", "stategraph", *case.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=folder)
    with _killed_on_failure(process):
        err = _read_until(process.stderr, lambda got: re.search(rb"\| +stategraph", got) is not None)
        process.send_signal(signal.SIGINT)
        err = _read_until(process.stderr, lambda got: False, err)
        out = _read_until(process.stdout, lambda got: False)
        process.stdin.close()
        status = process.wait(timeout=GUARD)
    kept = b"".join(line for line in err.splitlines(keepends=True) if not line.startswith(b"import time:"))
    return status, out, kept


# --- extra checks ---------------------------------------------------------------------------------

def verified_summary(total: int):
    def extra(stdout, line):
        match = re.fullmatch(rf"stategraph: verified {total:,} answers: ([\d,]+) confirmed, ([\d,]+) legal but too "
                             r"large to confirm optimal", line)
        assert match, line
        confirmed, unconfirmed = (int(group.replace(",", "")) for group in match.groups())
        assert confirmed + unconfirmed == total and unconfirmed >= 1, line
    return extra


def only_twos_in_whole_lines(stdout, line):
    lines = stdout.split(b"\n")
    assert lines[-1] == b"", f"a partial last line: {stdout[-50:]!r}"
    assert set(lines[:-1]) == {b"2"}, stdout[:300]
    assert 3 <= len(lines) - 1 < 100_000, f"{len(lines) - 1} answers: the run was not interrupted"


def check_summary_last(stdout, text):
    assert text.splitlines()[-1].startswith("stategraph: checked 4 answers: "), text[-300:]


# --- the cases ------------------------------------------------------------------------------------

CRASH_ON_SECOND_SOLVE = """
import runpy, sys
import stategraph.search.solution as pipeline
real, calls = pipeline.solve, []
def broken(*args, **kwargs):  # the documented pipeline entry (stategraph.search.solution.solve), broken for instance 2
    calls.append(1)
    if len(calls) == 2:
        raise RuntimeError("simulated bug\\nsecond line " + "x" * 1_000_000)
    return real(*args, **kwargs)
DRIVERS = ("stategraph", "stategraph.solving.driver", "stategraph.solving.records")
for module in [pipeline] + [sys.modules[name] for name in DRIVERS if name in sys.modules]:
    if module.__dict__.get("solve") is real:
        module.solve = broken
sys.argv[0] = "stategraph"
runpy.run_module("stategraph", run_name="__main__", alter_sys=True)
"""

STDIN = r"^stategraph: error: <stdin>:"
WRITE_FAILED = r"^stategraph: error: cannot write the output: "
READ_FAILED = r"^stategraph: error: cannot read the input( .+)?: "  # a named file may be shown
OOM = r"^stategraph: error: out of memory"
HUGE = 100_000  # characters of a hostile command-line argument (one argv string may hold 128 KB)

CASES = [
    # -- bad input: status 2, one bounded line, the answers before the fault kept -----------------
    Case("input-5000-digit-row-count", ("solve", "pushing_boxes"), 2, STDIN + r"1:1: .*5000 digits",
         stdin=b"1" * 5000 + b" 3\nSBT\n0 0\n"),
    Case("input-5000-digit-number-in-huarong-query-2", ("solve", "huarong"), 2,
         STDIN + r"6:1: .*query 2.*5000 digits", stdin=HUARONG_BOARD % 2 + b"3 2 1 2 2 2\n" + b"9" * 5000
         + b" 2 2 2 3 2\n", out=b"2\n"),
    Case("input-arabic-indic-digits", ("solve", "arrow_maze"), 2, STDIN + r"2:3: instance 2: .*\(an integer\)",
         stdin="A 1 1 E 1 2 0\nB \u0661\u0662 1 E 1 2 0\nEND\n".encode(), out=b"A\n  (1,1) (1,2)\n"),
    Case("input-full-width-digits", ("solve", "pushing_boxes"), 2, STDIN + r"3:1: instance 2: .*\(an integer\)",
         stdin="1 3\nSBT\n\uff11 3\nSBT\n0 0\n".encode(), out=TINY_OUT),
    Case("input-no-break-space-is-no-separator", ("solve", "huarong"), 2, STDIN + r"3:1: .*cell \(2, 1\)",
         stdin=b"2 2 1\n1 1\n1\xc2\xa01\n1 1 1 2 2 2\n"),
    Case("input-nul-bytes", ("solve", "pushing_boxes"), 2, STDIN + r"4:1: instance 2: ",
         stdin=b"1 3\nSBT\n1 3\nS\x00B\x00T\n0 0\n", out=TINY_OUT),
    Case("input-only-a-bom", ("solve", "huarong"), 2, STDIN + r"1: empty input", stdin=b"\xef\xbb\xbf"),
    Case("input-devnull", ("solve", "arrow_maze"), 2, STDIN + r"1: empty input", stdin="devnull"),
    Case("input-1MB-maze-name", ("solve", "arrow_maze"), 2, STDIN + r"2:1: instance 2: ",
         stdin=b"A 1 1 E 1 2 0\n" + b"N" * MB + b" 1 1 E 1 2 0\nEND\n", out=b"A\n  (1,1) (1,2)\n"),
    Case("input-1MB-sign-token", ("solve", "arrow_maze"), 2, STDIN + r"3:5: instance 1: ",
         stdin=b"A\n1 1 N 1 2\n1 1 N" + b"L" * MB + b" *\n0\nEND\n"),
    Case("input-file-is-a-directory", ("solve", "pushing_boxes", "indir"), 2, r"^stategraph: error: .*indir",
         dirs=("indir",)),
    Case("input-path-through-a-file", ("solve", "pushing_boxes", "plain.txt/inside"), 2,
         r"^stategraph: error: .*plain\.txt/inside", files={"plain.txt": TINY}),
    Case("input-path-of-100KB", ("solve", "pushing_boxes", "nowhere/" + "p" * HUGE), 2,
         r"^stategraph: error: .*nowhere/ppppp"),
    Case("input-file-read-fails", ("solve", "pushing_boxes", "/proc/self/mem"), 4, READ_FAILED),  # EIO at offset 0
    Case("input-path-empty-string", ("solve", "pushing_boxes", ""), 2, r"^stategraph: error: "),
    # -- bad options and configs: status 2 before anything is read (stdout empty, stdin valid) ----
    Case("set-puzzle-alias-agrees-with-positional", ("solve", "huarong", "--set", "puzzle=noip2013"), 0, None,
         stdin=SAMPLE_IN["huarong"], out=SAMPLE_OUT["huarong"], stderr=NONE),
    Case("set-puzzle-contradicts-positional", ("solve", "pushing_boxes", "--set", "puzzle=huarong"), 2,
         r"^stategraph: error: .*(huarong.*pushing_boxes|pushing_boxes.*huarong)", stdin=SAMPLE_IN["pushing_boxes"]),
    Case("set-puzzle-twice-disagreeing", ("solve", "--set", "puzzle=huarong", "--set", "puzzle=arrow_maze"), 2,
         r"^stategraph: error: .*(huarong.*arrow_maze|arrow_maze.*huarong)", stdin=SAMPLE_IN["huarong"]),
    Case("config-puzzle-twice-one-key-quoted", ("solve", "--config", "c.yaml"), 2,
         r"^stategraph: error: c\.yaml:2: .*duplicate key 'puzzle'", stdin=SAMPLE_IN["huarong"],
         files={"c.yaml": b"puzzle: huarong\n\"puzzle\": pushing_boxes\n"}),
    Case("config-is-a-directory", ("solve", "--config", "cfgdir"), 2, r"^stategraph: error: .*cfgdir",
         stdin=TINY, dirs=("cfgdir",)),
    Case("config-is-dev-zero", ("solve", "--config", "/dev/zero"), 2, r"^stategraph: error: /dev/zero", stdin=TINY),
    Case("set-key-1000-parts-deep", ("solve", "pushing_boxes", "--set", ".".join(["limits"] * 1000) + "=1"), 2,
         r"^stategraph: error: --set ", stdin=TINY),
    Case("set-5000-digit-verify-budget", ("solve", "pushing_boxes", "--set", "verify.max_seconds=" + "9" * 5000), 2,
         r"^stategraph: error: --set .*5000 digits", stdin=TINY),
    Case("set-negative-verify-budget", ("solve", "pushing_boxes", "--verify", "--set", "verify.max_positions=-1"), 2,
         r"^stategraph: error: .*verify\.max_positions", stdin=TINY),
    Case("algorithm-inapplicable-found-before-reading", ("solve", "pushing_boxes", "-a", "bfs"), 2,
         r"^stategraph: error: .*bfs", stdin=SAMPLE_IN["pushing_boxes"]),
    Case("unknown-puzzle-of-100KB", ("solve", "p" * HUGE), 2, r"^stategraph: error: .*ppppp", stdin=TINY),
    Case("unknown-option-of-100KB", ("solve", "pushing_boxes", "--" + "x" * HUGE), 2, r"^stategraph: error: ",
         stdin=TINY),
    Case("sample-of-a-100KB-puzzle", ("sample", "q" * HUGE), 2, r"^stategraph: error: .*qqqqq"),
    Case("export-empty-string", ("solve", "pushing_boxes", "--export-graphml", ""), 2, r"^stategraph: error: ",
         stdin=MANY_TINY),
    Case("export-into-a-missing-folder", ("solve", "pushing_boxes", "--export-graphml", "/nonexistent/dir/g.graphml"),
         2, r"^stategraph: error: .*/nonexistent/dir/g\.graphml", stdin=MANY_TINY),
    Case("export-to-a-directory", ("solve", "pushing_boxes", "--export-graphml", "outdir"), 2,
         r"^stategraph: error: .*outdir", stdin=MANY_TINY, dirs=("outdir",)),
    Case("export-path-of-100KB", ("solve", "pushing_boxes", "--export-graphml", "/nonexistent/" + "g" * HUGE), 2,
         r"^stategraph: error: .*/nonexistent/ggggg", stdin=MANY_TINY),
    # -- status 3 -------------------------------------------------------------------------------
    Case("check-answers-with-a-1MB-line-and-nul-bytes", ("check", "pushing_boxes", "in.txt", "answers.txt"), 3, None,
         stderr=LINES, extra=check_summary_last,
         files={"in.txt": SAMPLE_IN["pushing_boxes"],
                "answers.txt": b"Maze #1\n" + b"E" * MB + b"\n\nMaze #2\n\x00\x00\x00\n\n"
                + SAMPLE_OUT["pushing_boxes"].split(b"\n\n", 2)[2]}),
    # -- --verify's budget: past it, answers are counted unconfirmed, never failed -----------------
    Case("verify-budget-of-one-position", ("solve", "pushing_boxes", "--verify", "--set", "verify.max_positions=1"),
         0, r"^stategraph: verified 4 answers: ", stdin=SAMPLE_IN["pushing_boxes"], out=SAMPLE_OUT["pushing_boxes"],
         extra=verified_summary(4)),
    Case("verify-budget-of-zero-seconds", ("solve", "huarong", "--verify", "--set", "verify.max_seconds=0"),
         0, r"^stategraph: verified 2 answers: ", stdin=SAMPLE_IN["huarong"], out=SAMPLE_OUT["huarong"],
         extra=verified_summary(2)),
    # -- a read or write that fails while running: status 4 --------------------------------------
    Case("stdout-is-dev-full", ("solve", "pushing_boxes"), 4, WRITE_FAILED, stdin=SAMPLE_IN["pushing_boxes"],
         stdout_to="/dev/full", out=None),
    Case("stdout-closed", ("solve", "pushing_boxes"), 4, WRITE_FAILED, stdin=SAMPLE_IN["pushing_boxes"],
         shell="exec STATEGRAPH >&-", out=None),
    Case("stdin-closed", ("solve", "huarong"), 4, READ_FAILED, shell="exec STATEGRAPH <&-"),
    Case("configs-to-dev-full", ("configs",), 4, WRITE_FAILED, stdout_to="/dev/full", out=None),
    Case("version-to-dev-full", ("--version",), 4, WRITE_FAILED, stdout_to="/dev/full", out=None),
    Case("sample-with-stdout-closed", ("sample", "huarong"), 4, WRITE_FAILED, shell="exec STATEGRAPH >&-", out=None),
    Case("stderr-closed-keeps-errors-off-stdout", ("solve", "pushing_boxes"), 2, None, stderr=NONE,
         stdin=b"1 3\nSBT\n1 3\nSB\n0 0\n", shell="exec STATEGRAPH 2>&-", out=TINY_OUT),
    # -- internal errors: status 70, one line (a traceback only with STATEGRAPH_DEBUG=1) -----------
    Case("internal-error-is-one-line", ("solve", "pushing_boxes"), 70, r"^stategraph: internal error: ",
         stdin=b"1 3\nSBT\n1 4\nSB.T\n0 0\n", out=TINY_OUT, code=CRASH_ON_SECOND_SOLVE),
    Case("internal-error-traceback-on-request", ("solve", "pushing_boxes"), 70, None, stderr=TRACEBACK,
         stdin=b"1 3\nSBT\n1 4\nSB.T\n0 0\n", out=TINY_OUT, code=CRASH_ON_SECOND_SOLVE,
         env={"STATEGRAPH_DEBUG": "1"}),
    # -- the reader goes away: status 1 and not a word -------------------------------------------
    Case("reader-closes-the-pipe", ("solve", "pushing_boxes"), 1, None, stderr=NONE, files={"in.txt": MANY_TINY},
         out=Prefix(TINY_OUT), driver=reader_closes_pipe),
    # -- interrupted: status 130 and `stategraph: interrupted`, answers so far kept -----------------
    Case("sigint-after-the-first-huarong-answers", ("solve", "huarong"), 130, r"^stategraph: interrupted$",
         files={"in.txt": HUARONG_BOARD % 100_000 + b"3 2 1 2 2 2\n" * 100_000}, out=Prefix(b"2\n2\n2\n"),
         driver=sigint_after_answers, extra=only_twos_in_whole_lines),
    Case("sigint-during-start-up-imports", ("solve", "huarong"), 130, r"^stategraph: interrupted$", out=None,
         driver=sigint_during_startup),
    # -- streaming: each answer is out before the next instance is read (stdin kept open) ----------
    Case("stream-pushing-boxes", ("solve", "pushing_boxes"), 0, None, stderr=NONE, out=TINY_OUT + b"Maze #2\nW\n\n",
         driver=interactive([(b"1 3\nSBT\n", TINY_OUT), (b"1 3\nTBS\n", b"Maze #2\nW\n\n"), (b"0 0\n", None)])),
    Case("stream-huarong-queries", ("solve", "huarong"), 0, None, stderr=NONE, out=SAMPLE_OUT["huarong"],
         driver=interactive([(HUARONG_BOARD % 2 + b"3 2 1 2 2 2\n", b"2\n"), (b"1 2 2 2 3 2\n", b"-1\n")])),
    Case("stream-arrow-mazes", ("solve", "arrow_maze"), 0, None, stderr=NONE,
         out=b"A\n  (1,1) (1,2)\nB\n  No Solution Possible\n",
         driver=interactive([(b"A 1 1 E 1 2 0\n", b"A\n  (1,1) (1,2)\n"),
                             (b"B 1 1 E 2 2 0\n", b"B\n  No Solution Possible\n"), (b"END\n", None)])),
    # -- memory follows the instance (RLIMIT_AS; run one at a time) -------------------------------
    Case("dev-zero-as-input-in-512MB", ("solve", "pushing_boxes", "/dev/zero"), 2,
         r"^stategraph: error: /dev/zero:1:1: ", limit_mb=512),
    Case("10MB-of-junk-tokens-in-512MB", ("solve", "pushing_boxes", "junk.txt"), 2,
         r"^stategraph: error: junk\.txt:1:1: instance 1: ", limit_mb=512,
         files={"junk.txt": b"#@! %$ " * (10 * MB // 7)}),
    Case("huarong-1000x1000-header-endless-body-in-512MB", ("solve", "huarong"), 2, STDIN + r"1:1: .*1000 x 1000",
         limit_mb=512, shell="{ printf '1000 1000 1\\n'; yes '1 1 1 1 1 1'; } | exec STATEGRAPH"),
    Case("export-path-checked-before-an-endless-input-in-512MB",
         ("solve", "pushing_boxes", "--export-graphml", "/nonexistent/dir/g.graphml"), 2,
         r"^stategraph: error: .*/nonexistent/dir/g\.graphml", limit_mb=512, shell="yes '1 3 SBT' | exec STATEGRAPH"),
    Case("arrow-maze-18-digit-coordinates-in-512MB", ("solve", "arrow_maze"), 0, None, stderr=NONE, limit_mb=512,
         stdin=b"A\n999999999999999998 5 N 999999999999999997 5\n999999999999999998 5 NF *\n0\nEND\n",
         out=b"A\n  (999999999999999998,5) (999999999999999997,5)\n"),
    Case("small-maze-in-120MB", ("solve", "pushing_boxes"), 0, None, stderr=NONE, limit_mb=120, stdin=TINY,
         out=TINY_OUT),
    # the 300x300 detour maze runs out of 120 MB in its search (exit 5, one line) and nothing of it is printed,
    # while the answer before it is kept: one run of the maze for both (about 1.5 s of filling memory; 120 MB
    # is twice the limit below which the memory runs out before the search, elsewhere than this path)
    Case("out-of-memory-keeps-the-answer-before", ("solve", "pushing_boxes"), 5, OOM, limit_mb=120,
         stdin=b"1 3\nSBT\n" + detour_maze(300) + b"0 0\n", out=TINY_OUT),
]


# --- running ----------------------------------------------------------------------------------------

def _environment(case: Case) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "STATEGRAPH_DEBUG"}
    env.update(case.env)
    return env


def _command(case: Case) -> list:
    command = [PY, "-c", case.code] if case.code else [PY, "-m", "stategraph"]
    command += list(case.args)
    if case.shell:
        command = ["sh", "-c", case.shell.replace("STATEGRAPH", '"$@"'), "sh", *command]
    return command


def run_case(case: Case, folder: Path):
    for name in case.dirs:
        (folder / name).mkdir()
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
    if case.driver is not None:
        return case.driver(case, folder)
    (folder / "stdin").write_bytes(case.stdin if isinstance(case.stdin, bytes) else b"")
    limit = None if case.limit_mb is None else case.limit_mb * MB

    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    stdin = subprocess.DEVNULL if case.stdin == "devnull" else open(folder / "stdin", "rb")
    with open(case.stdout_to or folder / "out", "wb") as out, open(folder / "err", "wb") as err:
        process = subprocess.Popen(_command(case), stdin=stdin, stdout=out, stderr=err, cwd=folder,
                                   env=_environment(case), preexec_fn=cap_memory if limit else None)
    if stdin is not subprocess.DEVNULL:
        stdin.close()
    try:
        status = process.wait(timeout=GUARD)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        status = "killed after a hang"
    stdout = b"" if case.stdout_to else (folder / "out").read_bytes()
    return status, stdout, (folder / "err").read_bytes()


# each case a process of its own in a memory limit; a few of each kind stay quick (deselected unless --slow:
# tests/conftest.py)
SLOW_CASES = {
    "test_hostile_cli_case[input-5000-digit-row-count]",
    "test_hostile_cli_case[input-5000-digit-number-in-huarong-query-2]",
    "test_hostile_cli_case[input-arabic-indic-digits]",
    "test_hostile_cli_case[input-full-width-digits]",
    "test_hostile_cli_case[input-no-break-space-is-no-separator]",
    "test_hostile_cli_case[input-only-a-bom]",
    "test_hostile_cli_case[input-1MB-maze-name]",
    "test_hostile_cli_case[input-1MB-sign-token]",
    "test_hostile_cli_case[input-file-is-a-directory]",
    "test_hostile_cli_case[input-path-through-a-file]",
    "test_hostile_cli_case[input-path-of-100KB]",
    "test_hostile_cli_case[input-file-read-fails]",
    "test_hostile_cli_case[input-path-empty-string]",
    "test_hostile_cli_case[set-puzzle-alias-agrees-with-positional]",
    "test_hostile_cli_case[set-puzzle-contradicts-positional]",
    "test_hostile_cli_case[set-puzzle-twice-disagreeing]",
    "test_hostile_cli_case[config-puzzle-twice-one-key-quoted]",
    "test_hostile_cli_case[config-is-dev-zero]",
    "test_hostile_cli_case[set-key-1000-parts-deep]",
    "test_hostile_cli_case[set-5000-digit-verify-budget]",
    "test_hostile_cli_case[set-negative-verify-budget]",
    "test_hostile_cli_case[algorithm-inapplicable-found-before-reading]",
    "test_hostile_cli_case[unknown-puzzle-of-100KB]",
    "test_hostile_cli_case[unknown-option-of-100KB]",
    "test_hostile_cli_case[sample-of-a-100KB-puzzle]",
    "test_hostile_cli_case[export-empty-string]",
    "test_hostile_cli_case[export-to-a-directory]",
    "test_hostile_cli_case[export-path-of-100KB]",
    "test_hostile_cli_case[check-answers-with-a-1MB-line-and-nul-bytes]",
    "test_hostile_cli_case[verify-budget-of-one-position]",
    "test_hostile_cli_case[verify-budget-of-zero-seconds]",
    "test_hostile_cli_case[stdout-closed]",
    "test_hostile_cli_case[stdin-closed]",
    "test_hostile_cli_case[configs-to-dev-full]",
    "test_hostile_cli_case[version-to-dev-full]",
    "test_hostile_cli_case[sample-with-stdout-closed]",
    "test_hostile_cli_case[stderr-closed-keeps-errors-off-stdout]",
    "test_hostile_cli_case[internal-error-traceback-on-request]",
    "test_hostile_cli_case[reader-closes-the-pipe]",
    "test_hostile_cli_case[sigint-after-the-first-huarong-answers]",
    "test_hostile_cli_case[sigint-during-start-up-imports]",
    "test_hostile_cli_case[stream-pushing-boxes]",
    "test_hostile_cli_case[stream-arrow-mazes]",
    "test_hostile_cli_case[dev-zero-as-input-in-512MB]",
    "test_hostile_cli_case[10MB-of-junk-tokens-in-512MB]",
    "test_hostile_cli_case[huarong-1000x1000-header-endless-body-in-512MB]",
    "test_hostile_cli_case[export-path-checked-before-an-endless-input-in-512MB]",
    "test_hostile_cli_case[arrow-maze-18-digit-coordinates-in-512MB]",
    "test_hostile_cli_case[out-of-memory-keeps-the-answer-before]",
}


def _control_characters(text: str) -> list:
    return [ch for ch in text if ord(ch) < 32 or ord(ch) == 127]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_cli_case(case, tmp_path):
    status, stdout, stderr_bytes = run_case(case, tmp_path)
    stderr = stderr_bytes.decode("utf-8", "replace")
    seen = f"status {status}, stderr {stderr[:600]!r}{'...' if len(stderr) > 600 else ''}, stdout {stdout[:200]!r}"
    if case.stderr != TRACEBACK:
        assert "Traceback" not in stderr, seen
    assert status == case.status, seen
    line = stderr[:-1]
    if case.stderr == ONE:
        assert stderr.endswith("\n") and stderr.count("\n") == 1, seen
        assert line.startswith("stategraph: "), seen
        assert len(line) < MAX_LINE, seen
        assert not _control_characters(line), seen
        assert re.search(case.message, line), f"{case.message!r} not in: {seen}"
    elif case.stderr == NONE:
        assert stderr_bytes == b"", seen
    elif case.stderr == LINES:
        assert stderr.endswith("\n"), seen
        for each in stderr[:-1].split("\n"):
            assert len(each) < MAX_LINE and not _control_characters(each), seen
    elif case.stderr == TRACEBACK:
        assert "Traceback" in stderr and "RuntimeError" in stderr, seen
    if isinstance(case.out, Prefix):
        assert stdout.startswith(case.out), seen
    elif case.out is not None:
        assert stdout == case.out, seen
    if case.extra is not None:
        case.extra(stdout, line if case.stderr == ONE else stderr)


def test_the_table_is_large_enough_and_names_are_unique():
    assert len(CASES) >= 30
    assert len({case.id for case in CASES}) == len(CASES)
    assert {case.status for case in CASES} >= {0, 1, 2, 3, 4, 5, 70, 130}


# --- memory: the second instance reuses what the first one freed -----------------------------------

PEAK_PROBE = (  # runs the CLI, then records the process's own peak (VmHWM: this process only, unlike
    # ru_maxrss, which on Linux also counts the parent's size at the fork before exec)
    "import sys\n"
    "from stategraph.cli.main import main\n"
    "status = main(['solve', 'pushing_boxes', '-a', 'dijkstra'])\n"
    "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM'))\n"
    "open(sys.argv[1], 'w').write(peak.split()[1])\n"
    "sys.exit(status)\n")


def _peak_rss_mb(data: bytes, folder: Path, name: str):
    """(status, stdout, stderr, peak resident MB) of `solve pushing_boxes -a dijkstra` on ``data``."""
    (folder / f"{name}.txt").write_bytes(data)
    with open(folder / f"{name}.txt", "rb") as stdin, open(folder / f"{name}.out", "wb") as out, \
            open(folder / f"{name}.err", "wb") as err:
        status = subprocess.run([PY, "-c", PEAK_PROBE, str(folder / f"{name}.peak")], stdin=stdin, stdout=out,
                                stderr=err, cwd=folder, env=_environment(Case("", (), 0))).returncode
    return (status, (folder / f"{name}.out").read_bytes(), (folder / f"{name}.err").read_bytes(),
            int((folder / f"{name}.peak").read_text()) / 1024)


def test_two_open_mazes_need_little_more_memory_than_one(tmp_path):
    """Peak memory of two 80 x 80 open mazes in one file against one of them (ru_maxrss, no timing),
    searched by Dijkstra, which builds most of each maze's graph (A* builds little of it).

    The graph of maze 1 must be gone before maze 2 is built, so the second maze reuses its memory.
    (300 x 300, the default limit, takes over 20 s per maze; 80 x 80 shows the same thing.)
    """
    maze = open_maze(80)
    with ThreadPoolExecutor(max_workers=2) as pool:
        base, one, two = pool.map(lambda job: _peak_rss_mb(job[1], tmp_path, job[0]),
                                  [("base", TINY), ("one", maze + b"0 0\n"), ("two", maze * 2 + b"0 0\n")])
    for status, _, err, _ in (base, one, two):
        assert (status, err) == (0, b"")
    assert two[1] == one[1] + one[1].replace(b"Maze #1", b"Maze #2")
    extra_one, extra_two = one[3] - base[3], two[3] - base[3]
    assert extra_one > 20, f"one maze needs only {extra_one:.0f} MB more than a tiny one: the test is too weak"
    assert extra_two <= 1.25 * extra_one + 10, (
        f"two mazes need {extra_two:.0f} MB beyond start-up, one needs {extra_one:.0f} MB")
