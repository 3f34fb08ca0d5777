"""Two water jugs (examples/water_jug) as two students hand them in: planted wrong models for ``stategraph grade``.

Each reads the example's input (the number of questions, then ``a b c`` each) and counts fills,
empties and pours as the example does, but for one move: ``NoEmpty`` never empties a jug on the
ground (right while pouring one jug into the other is enough; with jugs of 3 and 5 litres, 4 needs
an empty), ``OneWay`` pours from A into B only (right while A is the jug to pour from).
"""

from stategraph.contract.answer_line import COST
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile


class Jugs(SuccessorPuzzle):
    """The example's reader and moves, each move kept by ``kept``."""

    name, summary = "jugs", "Water jugs, as a student wrote them"
    sample = "1\n3 5 4\n"
    counted, header = True, "a jug capacity a"
    profile = WeightProfile(unit=True)
    output, model_name = COST, "contents"
    limits = {"max_litres": 40_000}
    kept = ("fill A", "fill B", "empty A", "empty B", "pour A B", "pour B A")

    def read(self, tokens, limits):
        litres = limits["max_litres"]
        a, b = tokens.integer("jug A's capacity", 1, litres), tokens.integer("jug B's capacity", 1, litres)
        return a, b, tokens.integer("the litres wanted", 0, litres)

    def start(self, jugs):
        return 0, 0

    def is_goal(self, jugs, state):
        return jugs[2] in state

    def moves(self, jugs, state):
        (a, b), (cap_a, cap_b) = state, jugs[:2]
        into_b, into_a = min(a, cap_b - b), min(b, cap_a - a)
        for label, after in (("fill A", (cap_a, b)), ("fill B", (a, cap_b)), ("empty A", (0, b)),
                             ("empty B", (a, 0)), ("pour A B", (a - into_b, b + into_b)),
                             ("pour B A", (a + into_a, b - into_a))):
            if after != state and label in self.kept:
                yield label, after, 1


class NoEmpty(Jugs):
    kept = ("fill A", "fill B", "pour A B", "pour B A")


class OneWay(Jugs):
    kept = ("fill A", "fill B", "empty A", "empty B", "pour A B")
