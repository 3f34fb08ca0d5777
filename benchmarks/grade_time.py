"""How long ``stategraph grade`` takes on the keys-and-doors example: 200 instances, a right model
and a wrong one, whole processes, the median of ``--repeat`` runs (issue 41: each side answers in
a fresh interpreter, one child per side for all its instances).

Run:  python benchmarks/grade_time.py [--repeat N] [--python PATH ...] [--students N]

Each ``--python`` is an interpreter with a stategraph installed (another checkout's venv, say);
the runs alternate between them.  ``--students N`` also times N copies of the right student in
one run, ``--jobs 1`` and ``--jobs 2``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "keys_doors"
WRONG = "puzzle: keys_doors:KeysAndDoors\nmodel: cell_only\n"


def timed(python: str, folder: Path, *args: str) -> tuple[float, int]:
    started = perf_counter()
    done = subprocess.run([python, "-m", "stategraph", "grade", *args], cwd=folder, capture_output=True, text=True)
    return perf_counter() - started, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--python", action="append", default=[])
    parser.add_argument("--students", type=int, default=0)
    options = parser.parse_args()
    pythons = options.python or [sys.executable]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "keys_doors"
        shutil.copytree(EXAMPLE, folder)
        (folder / "wrong.yaml").write_text(WRONG)
        cases = {"right (agrees, 200 instances)": ["puzzle.yaml", "--reference", "puzzle.yaml"],
                 "wrong (disagrees, then shrinks)": ["wrong.yaml", "--reference", "puzzle.yaml"]}
        if options.students:
            for number in range(options.students):
                shutil.copytree(folder, Path(scratch) / f"s{number}", ignore=shutil.ignore_patterns("wrong.yaml"))
            many = [str(Path(scratch) / f"s{number}" / "puzzle.yaml") for number in range(options.students)]
            for jobs in (1, 2):
                cases[f"{options.students} right students, --jobs {jobs}"] = [*many, "--reference", "puzzle.yaml",
                                                                                "--jobs", str(jobs)]
        for name, args in cases.items():
            times: dict[str, list[float]] = {python: [] for python in pythons}
            statuses = set()
            for _ in range(options.repeat):
                for python in pythons:
                    seconds, status = timed(python, folder, *args)
                    times[python].append(seconds)
                    statuses.add(status)
            for python in pythons:
                print(f"{name:40} {python:50} median {statistics.median(times[python]):6.2f} s  "
                      f"(min {min(times[python]):.2f}, max {max(times[python]):.2f}; exit {sorted(statuses)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
