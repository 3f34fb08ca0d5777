"""A grading child: a fresh interpreter that loads one side's code and answers instance texts.

Started by :class:`~stategraph.solving.sandbox.Sandbox` as ``python -P -m stategraph.solving.child``,
with nothing of the grader in it.  Before the side's code loads it moves its pipes off the
standard streams (what the code prints goes to ``/dev/null``), sets its :mod:`resource` budgets
and asks Linux to kill it when the grader ends.  Then, in frames of plain JSON
(:mod:`stategraph.plugins.frames`), it says ``ready`` or why the code did not load, and answers
each request ``{"text", "work"}`` with an outcome, its CPU budget renewed before each.
"""

from __future__ import annotations

import math
import os
import resource
import sys

from ..parent_death import die_with_parent
from ..plugins.frames import Garbled, read_frame, write_frame

CHILD_FILE_BYTES = 256 << 20  # the largest file a child may write
CHILD_PROCESSES = 16  # processes and threads a child may start (where the limit applies: not to root)
FOREVER = 1e9  # seconds: a child waits for its next request as long as the grader lives


def main() -> None:
    requests, replies = _take_streams()
    try:
        config = read_frame(requests, _deadline(FOREVER))
    except (EOFError, Garbled):
        return
    _set_budgets(config["max_memory"])
    die_with_parent(config["grader"], status=1)
    from .sandbox import Side

    loaded = _guarded(lambda: Side(**{k: _tuple(v) for k, v in config["side"].items()}).settings())
    if not isinstance(loaded, dict):
        settings = loaded
        loaded = {"kind": "ready", "answers": _loaded_files(config["side"].get("config"))}
    write_frame(replies, loaded)
    if loaded["kind"] != "ready":
        return
    while True:
        try:
            request = read_frame(requests, _deadline(FOREVER))
        except (EOFError, Garbled):
            return
        _renew_cpu(config["max_seconds"])
        answered = _guarded(lambda request=request: _work(request, settings))
        write_frame(replies, answered)


def _deadline(seconds: float) -> float:
    from time import monotonic

    return monotonic() + seconds


def _take_streams() -> tuple[int, int]:
    """The request and reply pipes, moved off descriptors 0 and 1, which (with 2) become /dev/null."""
    requests, replies = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    return requests, replies


def _set_budgets(max_memory: int) -> None:
    limits = [(resource.RLIMIT_AS, max_memory), (resource.RLIMIT_FSIZE, CHILD_FILE_BYTES), (resource.RLIMIT_CORE, 0)]
    if os.geteuid() != 0:  # root is not held to it, and counting would only cost time
        limits.append((resource.RLIMIT_NPROC, _tasks_of_user() + CHILD_PROCESSES))
    for which, value in limits:
        resource.setrlimit(which, (value, value))


def _tasks_of_user() -> int:
    """The processes and threads this user runs now (what ``RLIMIT_NPROC`` counts)."""
    uid, count = os.getuid(), 0
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if os.stat(f"/proc/{name}").st_uid == uid:
                    count += len(os.listdir(f"/proc/{name}/task"))
            except OSError:
                continue  # it ended as we looked
    return count


def _renew_cpu(seconds: float) -> None:
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(used.ru_utime + used.ru_stime + seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (soft, resource.RLIM_INFINITY))


def _tuple(value):
    return tuple(_tuple(v) for v in value) if isinstance(value, list) else value


def _loaded_files(config: str | None) -> list[str]:
    """The files the side's code came from: its config and every plug-in module loaded."""
    from ..plugins.names import is_plugin_module

    files = [os.path.abspath(config)] if config else []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and is_plugin_module(name):
            files.append(os.path.abspath(path))
    return sorted(set(files), key=files.index)


def _work(request: dict, settings) -> dict:
    """One request: ``work`` names what to do with ``text`` (:data:`WORKS`; by default, answer it)."""
    from .sandbox import outcome

    work = request.get("work") or "answer"
    if work == "answer":
        return outcome(settings, request["text"]).as_dict()
    from ..views.grade_page import side_page

    return {"kind": "answer", "answers": side_page(settings, request["text"], **request.get("asked", {}))}


def _guarded(work):
    """``work()``, or the outcome of what it raised (the one place a child's faults become outcomes):
    a budget, stategraph's refusal, the code's fault at its line, or a crash."""
    from ..errors import OutOfMemory, StategraphError
    from ..plugins.faults import describe_exception, plugin_fault

    try:
        return work()
    except MemoryError:
        return {"kind": "memory", "message": "ran out of memory"}
    except StategraphError as exc:
        return {"kind": "memory" if isinstance(exc, OutOfMemory) else "fault", "message": str(exc)}
    except BaseException as exc:  # noqa: B036 (the side's SystemExit and KeyboardInterrupt are its faults)
        fault = plugin_fault(exc)
        if fault is not None:
            return {"kind": "fault", "message": str(fault)}
        return {"kind": "crashed", "message": f"stategraph's own code failed: {describe_exception(exc)}"}


if __name__ == "__main__":
    main()
