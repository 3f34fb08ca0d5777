"""Seeded random Abbott's Revenge (UVa 816) inputs: 9 x 9 arrow mazes."""

from __future__ import annotations

import random

HEADINGS = "NESW"


def maze_text(name: str, rng: random.Random, size: int = 9, density: float = 1.0, sign_ratio: float = 0.95,
              turn_ratio: float = 0.6) -> str:
    """One maze: each cell of the ``size`` x ``size`` area is an intersection with probability
    ``density``; each heading there has a sign with probability ``sign_ratio``, allowing each of L, F, R
    with probability ``turn_ratio`` (at least one)."""
    entrance = (rng.randint(1, size), rng.randint(1, size))
    goal = (rng.randint(1, size), rng.randint(1, size))
    lines = [name, f"{entrance[0]} {entrance[1]} {rng.choice(HEADINGS)} {goal[0]} {goal[1]}"]
    for r in range(1, size + 1):
        for c in range(1, size + 1):
            if rng.random() >= density:
                continue
            signs = []
            for heading in HEADINGS:
                if rng.random() < sign_ratio:
                    turns = "".join(t for t in "LFR" if rng.random() < turn_ratio) or rng.choice("LFR")
                    signs.append(heading + turns)
            if signs:
                lines.append(f"{r} {c} {' '.join(signs)} *")
    lines.append("0")
    return "\n".join(lines) + "\n"


def input_text(count: int, seed: int, size: int = 9) -> str:
    rng = random.Random(seed)
    return "".join(maze_text(f"MAZE{k}", rng, size) for k in range(1, count + 1)) + "END\n"
