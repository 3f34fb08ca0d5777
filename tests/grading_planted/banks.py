"""Missionaries and cannibals (examples/river_crossing) as a student hands them in: a planted wrong model.

``LeftBank`` reads the example's input and rows the same boatfuls, but checks only the left bank
for missionaries outnumbered: on the right bank it lets them be eaten.  With one pair it is right;
with three and a boat of two it crosses in 9 where 11 keep everyone safe.
"""

from stategraph.contract.first_level import SuccessorPuzzle


class LeftBank(SuccessorPuzzle):
    name, summary = "left_bank", "Missionaries and cannibals, the right bank never checked (wrong)"
    sample = "3 2\n0 0\n"
    header, terminator, limits = "a line 'n k'", "'0 0' line", {"max_pairs": 100, "max_boat": 10}

    def read(self, tokens, limits):
        first = tokens.peek()
        pairs = tokens.integer("the number of pairs", 0, limits["max_pairs"])
        boat = tokens.integer("the boat's seats", 0, limits["max_boat"])
        if pairs == boat == 0:
            return None
        if pairs == 0 or boat == 0:
            raise tokens.error("n and k must be at least 1 (only '0 0' ends the input)", first)
        return pairs, tuple((m, c) for m in range(boat + 1) for c in range(boat + 1 - m) if m + c)

    def start(self, river):
        return river[0], river[0], "L"

    def is_goal(self, river, state):
        return state == (0, 0, "R")

    def moves(self, river, state):
        (n, loads), (m, c, boat) = river, state
        for dm, dc in loads:
            m2, c2 = (m - dm, c - dc) if boat == "L" else (m + dm, c + dc)
            if 0 <= m2 <= n and 0 <= c2 <= n and (m2 == 0 or m2 >= c2):  # the left bank alone
                load = "M" * dm + "C" * dc
                yield (f"{load}>" if boat == "L" else f"<{load}"), (m2, c2, "R" if boat == "L" else "L"), 1
