"""The pocket cube's whole space: ``stategraph census`` against the published counts, with its time and memory.

Run:  python benchmarks/pocket_cube_census.py [--jobs N] [--brute-force]

For each metric (face turns, quarter turns), ``stategraph census --config puzzle.yaml`` in
examples/pocket_cube from the solved cube (the input ``RUF 0``: the three faces may turn, no
scramble), as a whole process under GNU time: the counts at each distance must be the published
ones (the exit status is 1 otherwise), and the wall time, CPU time and peak memory are printed.
``--brute-force`` also counts the whole space with the tests' independent reference (the cube as
24 stickers, tests/example_references/pocket_cube.py) and holds it to the same figures.
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUBE = ROOT / "examples" / "pocket_cube"
PUBLISHED = {"face_turns": (1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644),
             "quarter_turns": (1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
                               276)}


def census(metric: str, jobs: int) -> tuple[tuple, str]:
    with tempfile.TemporaryDirectory() as folder:
        solved, timing = Path(folder) / "solved.txt", Path(folder) / "time.txt"
        solved.write_text("RUF 0\n")
        form = "%e s wall, %U s user + %S s system, %M KB peak"
        done = subprocess.run(["/usr/bin/time", "-o", str(timing), "-f", form,
                               sys.executable, "-m", "stategraph", "census", "--config", "puzzle.yaml", str(solved),
                               "-m", metric, "--set", "limits.max_states=4000000", "--jobs", str(jobs),
                               "--format", "csv"], cwd=CUBE, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"census {metric}: exit {done.returncode}: {done.stderr.strip()}")
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        return tuple(int(row["states"]) for row in rows), timing.read_text().strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--brute-force", action="store_true")
    args = parser.parse_args()
    wrong = 0
    for metric, published in PUBLISHED.items():
        counts, timing = census(metric, args.jobs)
        same = counts == published
        wrong += not same
        print(f"{metric}: {sum(counts):,} states, farthest {len(counts) - 1} ({counts[-1]:,} there): "
              f"{'the published counts' if same else f'NOT the published counts: {counts}'}; {timing}")
        if args.brute_force:
            sys.path.insert(0, str(ROOT / "tests"))
            from example_references import pocket_cube as brute

            began = time.perf_counter()
            counted = tuple(brute.census(metric))
            wrong += counted != published
            print(f"  brute force: {'the same' if counted == published else counted}, "
                  f"{time.perf_counter() - began:.1f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
