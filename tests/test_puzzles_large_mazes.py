"""Nothing caps the maze size below the configurable limit: 60 x 60 mazes solve and replay."""

from __future__ import annotations

import random

import ref_pushing_boxes
from stategraph import Settings, run, solve_text


def open_maze(rng: random.Random, size: int, rock: float) -> str:
    rows = [["#" if rng.random() < rock else "." for _ in range(size)] for _ in range(size)]
    for (r, c), mark in zip([(5, 5), (6, 6), (size - 6, size - 8)], "SBT"):
        rows[r][c] = mark
    return f"{size} {size}\n" + "\n".join("".join(row) for row in rows) + "\n"


def test_60_by_60_mazes_solve_and_replay():
    rng = random.Random(60)
    blocks = [open_maze(rng, 60, rock) for rock in (0.0, 0.05, 0.1)]
    out = solve_text("pushing_boxes", "".join(blocks) + "0 0\n", algorithm="astar")
    answers = out.split("\n\n")[:-1]
    assert len(answers) == 3
    solved = 0
    for block, answer in zip(blocks, answers):
        moves = answer.splitlines()[1]
        if moves == "Impossible.":
            continue
        pushes, walks = ref_pushing_boxes.replay(block.splitlines()[1:], moves)
        assert pushes >= abs(60 - 6 - 6) + abs(60 - 8 - 6)  # at least the box's Manhattan distance
        solved += 1
    assert solved >= 2


def test_limit_is_a_setting_not_a_cap():
    text = "1 400\n" + "SB" + "." * 397 + "T\n0 0\n"
    record = next(run("pushing_boxes", text, Settings.of("pushing_boxes", limits={"max_cols": 400})))
    assert record.answer == "E" * 398
