"""The Towers of Hanoi (examples/hanoi) as a student hands them in: a planted wrong model for ``stategraph grade``.

``NextLarger`` reads the example's input and moves a disc onto an empty peg or onto the disc one
larger only, as in the classic solution from one full peg to another (where it is right).  From
other placements a disc must often go onto a disc two or more larger: from ``ABC`` to ``CBC``,
disc 1 goes straight onto disc 3, where this student finds no way at all.  With two discs it is right.
``Spelled`` is the same student, its moves spelled in words (``disc 1: A to C``): a report must
still find where its path and the reference's part.
"""

from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle

PEGS = "ABC"


class NextLarger(SuccessorPuzzle):
    name, summary = "next_larger", "Hanoi, a disc only onto an empty peg or the disc one larger (wrong)"
    sample = "1\n3 ABC CBC\n"
    output = AnswerLine("{cost}: {moves}", sep=", ")
    counted, header, limits = True, "a line 'n start goal'", {"max_discs": 10}

    def read(self, tokens, limits):
        discs = tokens.integer("the number of discs", 1, limits["max_discs"])
        placed = []
        for what in ("start", "goal"):
            pegs = tokens.next(f"the {what}: the peg of each disc, smallest first")
            if len(pegs) != discs or pegs.strip(PEGS):
                raise tokens.error(f"the {what} must name the peg of each of the {discs} discs", pegs)
            placed.append(str(pegs))
        return tuple(placed)

    def start(self, towers):
        return towers[0]

    def is_goal(self, towers, pegs):
        return pegs == towers[1]

    def moves(self, towers, pegs):
        top = {peg: pegs.find(peg) if peg in pegs else len(pegs) for peg in PEGS}  # the smallest disc on each
        for disc, at in enumerate(pegs):
            for peg in PEGS:
                if top[at] == disc < top[peg] and top[peg] in (disc + 1, len(pegs)):
                    yield self.spelled(disc + 1, at, peg), pegs[:disc] + peg + pegs[disc + 1:], 1

    def spelled(self, disc, at, peg):
        return f"{disc} {at}->{peg}"


class Spelled(NextLarger):
    def spelled(self, disc, at, peg):
        return f"disc {disc}: {at} to {peg}"
