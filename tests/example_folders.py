"""Running an example of ``examples/`` as its README says: from a copy of its folder, by the command line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def copy_of(tmp_path_factory, name: str) -> Path:
    """A fresh copy of ``examples/NAME`` (compiled files left out)."""
    copy = tmp_path_factory.mktemp("example") / name
    shutil.copytree(EXAMPLES / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def run_in(folder: Path, *args, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m stategraph ARGS`` in ``folder``, as a user would run it: no debug traceback, no extra path."""
    env = {k: v for k, v in os.environ.items() if k not in ("STATEGRAPH_DEBUG", "PYTHONPATH")}
    return subprocess.run([sys.executable, "-m", "stategraph", *map(str, args)], cwd=folder, capture_output=True,
                          text=True, env=env, timeout=timeout)
