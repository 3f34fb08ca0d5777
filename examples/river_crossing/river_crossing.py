"""Missionaries and cannibals on stategraph's first level: who is on the left bank, and the boat (README.md)."""

from collections import namedtuple

from stategraph.contract.first_level import SuccessorPuzzle

River = namedtuple("River", "pairs loads")  # loads: (missionaries, cannibals) in a boatful, in tie-break order


def crossings(river, m, c, rightwards):
    """``(label, m, c)`` for each boatful rowed across (``MC>`` to the right, ``<MC`` back) that leaves
    no bank with its missionaries outnumbered; ``m``, ``c`` count the left bank, the rest is on the right."""
    n = river.pairs
    for dm, dc in river.loads:
        m2, c2 = (m - dm, c - dc) if rightwards else (m + dm, c + dc)
        if 0 <= m2 <= n and 0 <= c2 <= n and (m2 == 0 or m2 >= c2) and (m2 == n or n - m2 >= n - c2):
            load = "M" * dm + "C" * dc
            yield (f"{load}>" if rightwards else f"<{load}"), m2, c2


class Banks:
    """(missionaries on the left, cannibals on the left, the boat's bank L or R)"""

    def start(self, river):
        return river.pairs, river.pairs, "L"

    def is_goal(self, river, state):
        return state == (0, 0, "R")

    def moves(self, river, state):
        m, c, boat = state
        for label, m2, c2 in crossings(river, m, c, rightwards=boat == "L"):
            yield label, (m2, c2, "R" if boat == "L" else "L"), 1

    def picture(self, river, state):
        m, c, boat = state
        water = "boat~~~~" if boat == "L" else "~~~~boat"
        return f"{m}M {c}C |{water}| {river.pairs - m}M {river.pairs - c}C"

    def position(self, river, state):  # the left bank's missionaries down, its cannibals across ...
        return state[0], state[1]

    def group(self, river, state):  # ... one such grid for each bank the boat is at
        return state[2]


class NoBoat:
    """(missionaries on the left, cannibals on the left): WRONG, it forgets where the boat is"""

    def start(self, river):
        return river.pairs, river.pairs

    def is_goal(self, river, state):
        return state == (0, 0)

    def moves(self, river, state):
        for rightwards in (True, False):
            for label, m2, c2 in crossings(river, *state, rightwards):
                yield label, (m2, c2), 1

    def picture(self, river, state):
        return f"{state[0]}M {state[1]}C |~~????~~| {river.pairs - state[0]}M {river.pairs - state[1]}C"


class RiverCrossing(SuccessorPuzzle):
    name, summary = "river_crossing", "Missionaries and cannibals: the fewest crossings, no bank outnumbered"
    sample = "3 2\n4 2\n0 0\n"
    models = {"banks": Banks, "no_boat": NoBoat}
    header, terminator, limits = "a line 'n k'", "'0 0' line", {"max_pairs": 100, "max_boat": 10}

    def read(self, tokens, limits):
        first = tokens.peek()
        pairs = tokens.integer("the number of pairs", 0, limits["max_pairs"])
        seats = tokens.peek()
        boat = tokens.integer("the boat's seats", 0, limits["max_boat"])
        if pairs == boat == 0:
            return None
        if pairs == 0 or boat == 0:
            raise tokens.error("n and k must be at least 1 (only '0 0' ends the input)", first if pairs == 0 else seats)
        return River(pairs, tuple((m, c) for m in range(boat + 1) for c in range(boat + 1 - m) if m + c))

    def random_instance(self, rng, size):
        """One instance of ``size`` to ``2 * size`` pairs and a boat of 1 to 5 seats (the input's text)."""
        return f"{rng.randint(size, 2 * size)} {rng.randint(1, min(size + 1, 5))}\n0 0\n"
