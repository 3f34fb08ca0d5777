"""Running a benchmark's child processes: wall and CPU time, exit status, peak RSS, pinned to one CPU.

Shared by ``run.py`` and its tables (``first_level.py``): a child is a whole process, started
from a small memory probe (GNU time, else a Python forker), optionally pinned to one CPU and run
in a folder of its own; :class:`Run` keeps its repeats.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter


@dataclass
class Run:
    """The measurements of one command over its repeats."""

    walls: list = field(default_factory=list)
    cpus: list = field(default_factory=list)  # user + system CPU seconds of the child
    peaks_kb: list = field(default_factory=list)
    stdout: bytes = b""
    stderr: bytes = b""
    failed: str | None = None  # why the command did not finish normally
    timed_out: bool = False

    def add(self, once: tuple, cap: float) -> bool:
        """Record one :func:`run_once`; False when the command failed or hit the cap (stop repeating)."""
        wall, cpu, rss_kb, code, stdout, stderr = once
        if code is None:
            self.timed_out = True
            self.failed = f"killed after {cap:g} s"
            return False
        if not self.walls:
            self.stdout, self.stderr = stdout, stderr
        self.walls.append(wall)
        self.cpus.append(cpu)
        self.peaks_kb.append(rss_kb)
        if code != 0:
            last = stderr.decode(errors="replace").strip().splitlines()
            self.failed = f"exit {code}: {last[-1] if last else ''}"
            return False
        return True

    @property
    def wall(self):
        return statistics.median(self.walls) if self.walls else None

    @property
    def cpu(self):
        return statistics.median(self.cpus) if self.cpus else None

    @property
    def peak_mb(self):
        return max(self.peaks_kb) / 1024 if self.peaks_kb else None


GNU_TIME = "/usr/bin/time"

# Fallback when GNU time is missing: a small process forks the command and reports its max RSS.
RSS_WRAPPER = """import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
os._exit(code if code >= 0 else 128 - code)
"""


def has_gnu_time() -> bool:
    try:
        done = subprocess.run([GNU_TIME, "--version"], capture_output=True, text=True)
    except OSError:
        return False
    return "GNU" in done.stdout + done.stderr


def memory_probe(argv: list, rss_path: Path) -> list:
    """``argv`` wrapped so that the child's own peak RSS lands in ``rss_path``.

    Not ``os.wait4`` on the child itself: a child spawned straight from this script inherits, at
    exec, this process's memory high-water mark in its ``ru_maxrss`` (Linux records the old
    address space's peak at exec), which would hide small peaks. The child is started from a
    small process instead: GNU time when present, else a minimal Python forker (whose own ~8 MB
    is then a floor of the figure)."""
    if has_gnu_time.cache:
        return [GNU_TIME, "-f", "%M", "-o", str(rss_path)] + argv
    return [sys.executable, "-S", "-c", RSS_WRAPPER, str(rss_path)] + argv


has_gnu_time.cache = None


def pinned_to(cpu: int | None):
    """A ``preexec_fn`` that keeps the child (and what it starts) on one CPU, or None."""
    if cpu is None:
        return None
    return lambda: os.sched_setaffinity(0, {cpu})


def run_once(argv: list, stdin_path: Path | None, cap: float, folder: Path, pin: int | None = None,
             env_extra: dict | None = None, cwd: Path | None = None):
    """(wall seconds, CPU seconds, max RSS in KB, exit code or None when killed at the cap, stdout, stderr);
    ``pin``: the one CPU the child runs on; ``env_extra``: added to its environment; ``cwd``: the
    folder it runs in (default: this process's)."""
    out_path, err_path, rss_path = folder / "child.out", folder / "child.err", folder / "child.rss"
    rss_path.write_text("")
    with open(out_path, "wb") as out, open(err_path, "wb") as err, \
            open(stdin_path if stdin_path else os.devnull, "rb") as stdin:
        env = dict(os.environ, PYTHONHASHSEED="0", **(env_extra or {}))
        started = perf_counter()
        child = subprocess.Popen(memory_probe(argv, rss_path), stdin=stdin, stdout=out, stderr=err, env=env,
                                 cwd=cwd, start_new_session=True, preexec_fn=pinned_to(pin))
        killed = []

        def kill():
            killed.append(True)
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(cap, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(child.pid, 0)
        except BaseException:  # interrupted (Ctrl-C, SIGTERM): take the child down too
            kill()
            child.wait()
            raise
        finally:
            timer.cancel()
        wall = perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: keep Popen from waiting again
    code = None if killed else child.returncode
    cpu = usage.ru_utime + usage.ru_stime  # the probe's own CPU time is a millisecond or two
    lines = rss_path.read_text().split()
    rss_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    return wall, cpu, rss_kb, code, out_path.read_bytes(), err_path.read_bytes()


def measure(argv: list, stdin_path: Path | None, repeat: int, cap: float, folder: Path) -> Run:
    run = Run()
    for _ in range(repeat):
        if not run.add(run_once(argv, stdin_path, cap, folder), cap):
            break
    return run


def stategraph_command(option: str | None) -> list:
    if option:
        return shlex.split(option)
    found = shutil.which("stategraph")
    return [found] if found else [sys.executable, "-m", "stategraph"]


def stats_table(stderr: bytes) -> list:
    """The rows of the ``--stats`` table (dicts keyed by the header's column names)."""
    lines = stderr.decode(errors="replace").splitlines()
    for i, line in enumerate(lines):
        header = line.split()
        if header[:2] == ["instance", "query"]:
            rows = []
            for row in lines[i + 1:]:
                cells = row.split()
                if len(cells) != len(header):
                    break
                rows.append(dict(zip(header, cells)))
            return rows
    return []


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return 0.0


def seconds_text(value: float) -> str:
    return f"{value:.1f} s" if value >= 10 else f"{value:.2f} s" if value >= 1 else f"{value:.3f} s"


def run_text(run: Run | None, cap: float) -> str:
    if run is None:
        return "-"
    if run.timed_out:
        return f"> {cap:g} s"
    if run.failed or run.wall is None:
        return "FAIL"
    return seconds_text(run.wall)


def use_bytecode_cache(cache: Path, cli: list) -> None:
    """Children run from compiled bytecode, as an installed package does (pip compiles it): with
    ``PYTHONDONTWRITEBYTECODE`` set, every process would compile stategraph's modules from source
    again (about 40 ms). The bytecode goes to ``cache`` (``PYTHONPYCACHEPREFIX``), never into the
    source tree; one untimed ``demo`` run fills it."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(cache)
    subprocess.run(cli + ["demo"], capture_output=True)


def default_pin() -> int | None:
    """The highest-numbered CPU this process may run on (None where affinity is not supported)."""
    try:
        return max(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None
