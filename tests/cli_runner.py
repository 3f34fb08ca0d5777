"""Running the ``stategraph`` command line from a test: the one runner every test uses.

Tests take it as the ``stategraph_cli`` fixture (``tests/conftest.py``); helpers that run at
module level import :func:`run_cli` itself.  Both are the same callable::

    done = stategraph_cli("solve", "huarong", stdin=sample_text("huarong"))
    assert (done.status, done.err) == (0, "")
    assert done.out == expected

    done = stategraph_cli("solve", "plug:P", "in.txt", cwd=tmp_path, env={"STATEGRAPH_DEBUG": None},
                          separate=True)       # a child process, ``python -m stategraph ...``

By default the command runs in this process, through ``stategraph.cli.main.main(args)``: its
standard input, output and error are real (temporary) files, as a redirected command's are; the
working folder and environment are set for the call and put back after it, and the plug-ins a
previous call loaded are forgotten for it, as a new process knows none.  That is faithful
for what a command reads and writes and the status it returns, and it costs no start-up.

Pass ``separate=True`` where the test is about the process itself: signals, what is imported at
start-up, the environment Python reads when it starts (``PYTHONPATH``, ``-m``'s path), file
descriptors, resource limits, ``--jobs`` (which forks), or a timeout.  ``script=True`` runs the
installed console script (``.venv/bin/stategraph``) instead of ``python -m stategraph``; ``timeout``
(seconds) bounds a child only.

Output is text (decoded as a child's would be, universal newlines, as ``subprocess`` does) unless
``binary=True``: then ``out`` and ``err`` are the exact bytes.  ``stdin`` may be ``str`` or
``bytes``; ``None`` is an empty standard input.  ``env`` entries are added to the environment;
one whose value is ``None`` is removed.  The result also answers to ``returncode``, ``stdout``
and ``stderr``, so it reads like a :class:`subprocess.CompletedProcess`.
"""

from __future__ import annotations

import functools
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

STATEGRAPH_SCRIPT = os.path.join(os.path.dirname(sys.executable), "stategraph")
MODULE = (sys.executable, "-m", "stategraph")


class Result(NamedTuple):
    """What a run of the command line gave: its exit status and what it wrote (``status, out, err = ...``)."""

    status: int
    out: str | bytes
    err: str | bytes

    @property
    def returncode(self) -> int:
        return self.status

    @property
    def stdout(self) -> str | bytes:
        return self.out

    @property
    def stderr(self) -> str | bytes:
        return self.err


@functools.cache
def _child_stdio() -> dict:
    """How a child Python's standard streams are set up here (encoding, error handlers)."""
    probe = ("import json, sys; print(json.dumps({name: [getattr(sys, name).encoding, getattr(sys, name).errors]"
             " for name in ('stdin', 'stdout', 'stderr')}))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          stdin=subprocess.DEVNULL)
    return json.loads(done.stdout)


def _decoded(data: bytes, binary: bool) -> str | bytes:
    """As ``subprocess.run(..., text=True)`` decodes a child's output (universal newlines)."""
    if binary:
        return data
    return io.TextIOWrapper(io.BytesIO(data), encoding=_child_stdio()["stdout"][0]).read()


def _encoded(stdin: str | bytes | None) -> bytes:
    if stdin is None:
        return b""
    return stdin if isinstance(stdin, bytes) else stdin.encode(_child_stdio()["stdin"][0])


def _environment(env: dict | None) -> dict:
    merged = dict(os.environ)
    for name, value in (env or {}).items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = str(value)
    return merged


def run_cli(*args, stdin: str | bytes | None = None, cwd: str | Path | None = None, env: dict | None = None,
            separate: bool = False, script: bool = False, binary: bool = False, timeout: float = 300) -> Result:
    """``stategraph ARGS``: in this process, or (``separate``, ``script``) in a child; see the module."""
    args = [os.fspath(arg) if isinstance(arg, os.PathLike) else str(arg) for arg in args]
    if separate or script:
        command = [STATEGRAPH_SCRIPT] if script else list(MODULE)
        done = subprocess.run([*command, *args], input=_encoded(stdin), capture_output=True, cwd=cwd,
                              env=_environment(env), timeout=timeout)
        return Result(done.returncode, _decoded(done.stdout, binary), _decoded(done.stderr, binary))
    return _in_process(args, _encoded(stdin), cwd, env, binary)


# where stategraph keeps the plug-ins (puzzles, routines) it has loaded, for the life of a process
PLUGIN_CACHES = ("stategraph.puzzles", "stategraph.search.plugin")


def _fresh_plugin_caches() -> list:
    """Empty the process's caches of loaded plug-ins, as a new process starts (``tmp_path``'s
    ``plug.py`` of one test is not another's); what to put back after the call."""
    import importlib

    saved = []
    for name in PLUGIN_CACHES:
        module = importlib.import_module(name)
        saved.append((module, module._LOADED))  # an AttributeError here: the cache was renamed, follow it
        module._LOADED = type(module._LOADED)()
    return saved


def _in_process(args: list[str], stdin: bytes, cwd, env: dict | None, binary: bool) -> Result:
    from stategraph.cli.main import main

    stdio = _child_stdio()
    saved_caches = _fresh_plugin_caches()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_hook, saved_int = sys.unraisablehook, signal.getsignal(signal.SIGINT)
    saved_cwd, saved_env = os.getcwd(), dict(os.environ)
    with tempfile.TemporaryFile() as raw_in, tempfile.TemporaryFile() as raw_out, \
            tempfile.TemporaryFile() as raw_err:
        raw_in.write(stdin)
        raw_in.seek(0)
        streams = [io.TextIOWrapper(open(raw.fileno(), mode, closefd=False), encoding=stdio[name][0],
                                    errors=stdio[name][1], newline="\n", line_buffering=name == "stderr")
                   for raw, mode, name in ((raw_in, "rb", "stdin"), (raw_out, "wb", "stdout"),
                                           (raw_err, "wb", "stderr"))]
        try:
            if cwd is not None:
                os.chdir(cwd)
            merged = _environment(env)
            os.environ.clear()
            os.environ.update(merged)
            sys.stdin, sys.stdout, sys.stderr = streams
            status = main(args)
            for stream in streams[1:]:
                stream.flush()
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved_streams
            sys.unraisablehook = saved_hook
            signal.signal(signal.SIGINT, saved_int)
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
            for module, cache in saved_caches:
                module._LOADED = cache
            for stream in streams:
                try:
                    stream.close()
                except OSError:
                    pass
        raw_out.seek(0)
        raw_err.seek(0)
        out, err = raw_out.read(), raw_err.read()
    assert isinstance(status, int), f"main({args!r}) returned {status!r}, not an exit status"
    return Result(status, _decoded(out, binary), _decoded(err, binary))
