"""Time Pushing Boxes through the CLI: 100 mazes of 20 x 20, then single large mazes.

Run: python benchmarks/pushing_boxes.py [ALGORITHM ...]
Writes the inputs to a temporary folder and times `stategraph solve pushing_boxes FILE`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_pushing_boxes import input_text  # noqa: E402

CASES = [  # label, count, rows, cols, wall ratio
    ("100 mazes 20x20, 20% rock", 100, 20, 20, 0.2),
    ("100 mazes 20x20, no rock", 100, 20, 20, 0.0),
    ("1 maze 60x60, 20% rock", 1, 60, 60, 0.2),
    ("1 maze 60x60, no rock", 1, 60, 60, 0.0),
    ("1 maze 150x150, 20% rock", 1, 150, 150, 0.2),
]


def main(algorithms):
    with tempfile.TemporaryDirectory() as folder:
        for label, count, rows, cols, walls in CASES:
            path = Path(folder) / "input.txt"
            path.write_text(input_text(count, rows, cols, walls, seed=1475))
            for algorithm in algorithms:
                started = perf_counter()
                done = subprocess.run([sys.executable, "-m", "stategraph", "solve", "pushing_boxes", str(path),
                                       "-a", algorithm], capture_output=True, text=True)
                seconds = perf_counter() - started
                solved = done.stdout.count("Maze #") - done.stdout.count("Impossible.")
                status = "ok" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()}"
                print(f"{label:28} {algorithm:22} {seconds:7.2f} s  solvable {solved}/{count}  {status}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["dijkstra", "layered_bfs", "astar"])
