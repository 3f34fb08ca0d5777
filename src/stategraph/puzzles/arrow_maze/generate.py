"""Seeded random Abbott's Revenge mazes: the benchmarks' inputs and one-maze instances on demand.

>>> import random
>>> print(random_instance(random.Random(5), 1), end="")
MAZE
2 2 E 1 2
2 1 NLFR ELF SLR WLF *
2 2 NR SF WR *
0
END
"""

from __future__ import annotations

import random

HEADINGS = "NESW"
DENSITIES = (1.0, 0.8, 0.6)  # the spread of intersections one instance is drawn with


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


def random_instance(rng: random.Random, size: int) -> str:
    """An input of one maze on a ``size + 1`` x ``size + 1`` area, with a random share of
    intersections: a route may leave the area or end on a sign that turns it away."""
    return maze_text("MAZE", rng, size + 1, density=rng.choice(DENSITIES)) + "END\n"
