"""Time Huarong Dao at the contest limit: 30 x 30 boards with 500 queries each.

Run: python benchmarks/huarong.py [ALGORITHM ...]
Prints compile time, total query time and per-query mean for each board and routine.
"""

from __future__ import annotations

import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_huarong import board_text  # noqa: E402

from stategraph import applicable_algorithms, get_puzzle  # noqa: E402

BOARDS = {"30x30 all movable": 0.0, "30x30 ~10% fixed": 0.1}


def main(algorithms):
    huarong = get_puzzle("huarong")
    for label, ratio in BOARDS.items():
        text = board_text(30, 30, 500, ratio, seed=2013)
        started = perf_counter()
        board = next(huarong.parse(text, "<bench>"))
        parsed = perf_counter()
        graph = huarong.compile(board)
        compiled = perf_counter()
        print(f"{label}: parse {1000 * (parsed - started):.1f} ms, compile {1000 * (compiled - parsed):.1f} ms "
              f"({graph.number_of_nodes()} states, {graph.number_of_edges()} edges)")
        for algorithm in algorithms:
            started = perf_counter()
            answers = [huarong.answer(board, graph, query, algorithm)[0] for query in board.queries]
            seconds = perf_counter() - started
            solvable = sum(a >= 0 for a in answers)
            print(f"  {algorithm:<24} 500 queries {seconds:7.3f} s  ({1000 * seconds / 500:.2f} ms/query, "
                  f"{solvable} solvable, checksum {sum(answers)})")


if __name__ == "__main__":
    main(sys.argv[1:] or applicable_algorithms("huarong"))
