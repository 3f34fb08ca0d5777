"""The memory of a whole state graph: the compact form (integer arrays) against a networkx graph.

Run:  python benchmarks/census_memory.py

The 8-puzzle's whole space from its solved board (examples/sliding_tile: 181,440 states,
483,840 moves), explored by the example's rules three ways, each measured by ``tracemalloc`` (what
stays allocated once it is built) and by wall time: the compact graph without and with the
states' labels, and the networkx graph ``explore`` builds. It prints bytes per state and per move.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from pathlib import Path
from time import perf_counter

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "examples" / "sliding_tile"))

from sliding_tile import GOAL, Manhattan  # noqa: E402

from stategraph.graph.compact import explore_compact  # noqa: E402
from stategraph.graph.explore import explore  # noqa: E402


def measured(build):
    gc.collect()
    tracemalloc.start()
    began = perf_counter()
    built = build()
    seconds = perf_counter() - began
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return built, kept, seconds


def main() -> None:
    rules, board = Manhattan(), GOAL
    rows = []
    for name, build in (
        ("compact graph", lambda: explore_compact(rules, board, max_states=200_000)),
        ("compact graph, labelled", lambda: explore_compact(rules, board, max_states=200_000, labelled=True)),
        ("networkx graph (explore)", lambda: explore(rules, board, max_states=200_000).graph),
    ):
        built, kept, seconds = measured(build)
        states = len(built)
        moves = built.moves if hasattr(built, "moves") and isinstance(built.moves, int) else built.number_of_edges()
        rows.append((name, states, moves, kept, seconds))
        del built
    print("| form | states | moves | memory kept | per state | per move | time |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, states, moves, kept, seconds in rows:
        print(f"| {name} | {states:,} | {moves:,} | {kept / 2**20:,.1f} MiB | {kept / states:,.0f} B | "
              f"{kept / moves:,.0f} B | {seconds:.2f} s |")


if __name__ == "__main__":
    main()
