"""The Towers of Hanoi on stategraph's first level: a state is the peg of each disc (README.md)."""

from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.errors import shorten

PEGS = "ABC"


def disc_moves(pegs):
    """``(disc, label, pegs after)`` for each disc on top of its peg, onto each peg whose top is larger,
    smallest disc first, then A, B, C.

    >>> [label for _, label, _ in disc_moves("AAB")]
    ['1 A->B', '1 A->C', '3 B->C']
    """
    top = {peg: pegs.find(peg) if peg in pegs else len(pegs) for peg in PEGS}  # the smallest disc on each peg
    for disc, at in enumerate(pegs):
        for peg in PEGS:
            if top[at] == disc < top[peg]:
                yield disc + 1, f"{disc + 1} {at}->{peg}", pegs[:disc] + peg + pegs[disc + 1:]


class Pegs:
    """the peg of each disc, smallest first ('AAB': discs 1 and 2 on A, disc 3 on B)"""

    def start(self, towers):
        return towers[0]

    def is_goal(self, towers, pegs):
        return pegs == towers[1]

    def moves(self, towers, pegs):
        for _, label, after in disc_moves(pegs):
            yield label, after, 1

    def picture(self, towers, pegs):  # the pegs side by side, a disc a word, "." where none is
        stacks = [[d + 1 for d in reversed(range(len(pegs))) if pegs[d] == peg] for peg in PEGS]  # bottom up
        rows = [" ".join(str(s[h]) if h < len(s) else "." for s in stacks) for h in reversed(range(len(pegs)))]
        return "\n".join([*rows, " ".join(PEGS)])

    def position(self, towers, pegs):
        """A Sierpinski triangle: the largest disc's peg picks a corner third of it, the next disc's peg a
        corner of that third (where the two other pegs have swapped corners), and so on down to disc 1."""
        corners, row, col = {"A": (0, 1), "B": (1, 0), "C": (1, 2)}, 0, 0  # top, bottom left, bottom right
        for disc in reversed(range(len(pegs))):
            peg = pegs[disc]
            row, col = row + (corners[peg][0] << disc), col + (corners[peg][1] << disc)
            one, other = (p for p in PEGS if p != peg)
            corners[one], corners[other] = corners[other], corners[one]
        return row, col


class LastDisc(Pegs):
    """(the pegs, the disc moved last): never moves a disc twice running (wasteful: it keeps history)"""

    def start(self, towers):
        return towers[0], 0

    def is_goal(self, towers, state):
        return state[0] == towers[1]

    def moves(self, towers, state):
        for disc, label, after in disc_moves(state[0]):
            if disc != state[1]:
                yield label, (after, disc), 1

    def picture(self, towers, state):
        return super().picture(towers, state[0]) + f"\nlast moved: {state[1] or '-'}"

    def position(self, towers, state):
        return super().position(towers, state[0])

    def group(self, towers, state):  # one triangle for each disc moved last
        return state[1]


class Hanoi(SuccessorPuzzle):
    name, summary = "hanoi", "Towers of Hanoi: the fewest moves from one placement of the discs to another"
    sample = "2\n3 AAA CCC\n3 ABC CBA\n"
    models = {"pegs": Pegs, "last_disc": LastDisc}
    output = AnswerLine("{cost}: {moves}", sep=", ")  # a label holds a space: "1 A->C", joined by ", "
    counted, header, limits = True, "a line 'n start goal'", {"max_discs": 10}

    def read(self, tokens, limits):
        discs = tokens.integer("the number of discs", 1, limits["max_discs"])
        placed = []
        for what in ("start", "goal"):
            pegs = tokens.next(f"the {what}: the peg of each disc, smallest first")
            if len(pegs) != discs or pegs.strip(PEGS):
                raise tokens.error(f"the {what} must name the peg (A, B or C) of each of the {discs} discs, "
                                   f"smallest first, found {shorten(pegs)}", pegs)
            placed.append(str(pegs))
        return tuple(placed)

    def random_instance(self, rng, size):
        """One instance of ``size`` discs (at most ``max_discs``), between two random placements (the input's text)."""
        discs = min(size, self.limits["max_discs"])
        return f"1\n{discs} " + " ".join("".join(rng.choice(PEGS) for _ in range(discs)) for _ in "sg") + "\n"
