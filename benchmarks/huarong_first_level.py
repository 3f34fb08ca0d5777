"""Huarong Dao written on the first level (issue 43's one contract), against the built-in: same bytes? how fast?

Run:  python benchmarks/huarong_first_level.py

A prototype of the built-in's default model as first-level rules: one instance per query, the
board's states and moves shared by ``graph_key`` (the same moves; each query its own start, goal
and heuristic), the start state ``("start", blank, piece)`` whose moves are the blank's walks to
the piece's sides, and a Manhattan bound. It prints, per board, whether its answers are the
built-in's bytes and both times. What it lacks to replace the built-in: an accelerator that
works with graph_key (the board graph built once, each query's start moves added for its search
and removed after, as PieceSide does), and the built-in's own explain and move labels.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_huarong  # noqa: E402

from stategraph import COST, SuccessorPuzzle, solve_text  # noqa: E402
from stategraph.contract.first_level import Numbered  # noqa: E402
from stategraph.graph.state_graph import WeightProfile  # noqa: E402
from stategraph.grid.cells import DIRECTIONS, LETTERS  # noqa: E402
from stategraph.grid.walks import walk_distances  # noqa: E402
from stategraph.puzzles.huarong import board as boards  # noqa: E402
from stategraph.puzzles.huarong import model as rules  # noqa: E402


class HuarongRules(SuccessorPuzzle):
    name, summary, sample, output = "huarong_rules", "Huarong Dao as first-level rules", "1 3 0\n1 1 1\n", COST
    profile = WeightProfile(lex=False, unit=False, nonnegative=True)

    def read(self, tokens, limits):  # parse() reads the board and its queries with the built-in's reader
        raise NotImplementedError

    def parse(self, data, source="<input>", limits=None):
        merged = {**boards.LIMITS, **(limits or {})}
        for board in boards.parse(data, source, limits):
            for query in board.ask():
                yield Numbered(query.number, (board, query), MappingProxyType(merged), self)

    def start(self, question):
        return ("start", question[1].blank, question[1].piece)

    def is_goal(self, question, state):
        return (state[2] if state[0] == "start" else state[0]) == question[1].target

    def moves(self, question, state):
        grid = question[0].grid
        if state[0] == "start":
            _, blank, piece = state
            sides = [s for s in DIRECTIONS if grid.open[piece + grid.step[s]]]
            walks = walk_distances(grid, blank, [piece + grid.step[s] for s in sides], blocked=piece)
            for s in sides:
                if piece + grid.step[s] in walks:
                    yield f"blank to {LETTERS[s]}", (piece, s), walks[piece + grid.step[s]]
            return
        for nxt, attrs in rules.moves(question[0], state):
            yield ("slide" if attrs["kind"] == "swap" else f"blank to {LETTERS[nxt[1]]}"), nxt, attrs["weight"]

    def heuristic(self, question, state):
        grid, target = question[0].grid, question[1].target
        (r, c), (tr, tc) = grid.position(state[2] if state[0] == "start" else state[0]), grid.position(target)
        return abs(r - tr) + abs(c - tc)

    def graph_key(self, question):
        return id(question[0])

    def format_answer(self, instance, question, answer):
        return f"{-1 if answer is None else answer}\n"


def main() -> None:
    print("| board | the same bytes | built-in | rules, A* |")
    print("| --- | --- | --- | --- |")
    for rows, cols, queries, fixed, seed in [(10, 10, 50, 0.0, 1), (10, 10, 50, 0.3, 2), (30, 30, 100, 0.1, 3),
                                             (100, 100, 200, 0.0, 2013), (100, 100, 200, 0.1, 2014)]:
        text = gen_huarong.board_text(rows, cols, queries, fixed, seed)
        began = time.perf_counter()
        builtin = solve_text("huarong", text, "astar")
        middle = time.perf_counter()
        ours = HuarongRules().solve_text(text, algorithm="astar")
        ended = time.perf_counter()
        print(f"| {rows}x{cols}, {queries} queries, {fixed:.0%} fixed | {'yes' if ours == builtin else 'NO'} | "
              f"{middle - began:.2f} s | {ended - middle:.2f} s |")


if __name__ == "__main__":
    main()
