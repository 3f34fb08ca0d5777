"""Two water jugs on stategraph's first level (SPOJ POUR1): a state is what the jugs hold (README.md)."""

from stategraph.contract.answer_line import COST
from stategraph.contract.first_level import SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile


class WaterJug(SuccessorPuzzle):
    name, summary = "water_jug", "Water jugs: the fewest fills, empties and pours until a jug holds c litres"
    sample = "2\n5\n2\n3\n2\n3\n4\n"
    counted, header = True, "a jug capacity a"
    profile = WeightProfile(unit=True)  # every move costs 1: declared, so a search builds only what it reaches
    output, model_name = COST, "contents"  # print the fewest moves, -1 when there is no way
    limits = {"max_litres": 40_000}

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
            if after != state:
                yield label, after, 1

    def picture(self, jugs, state):  # each jug as a bar of at most 20 marks, then its litres
        return "\n".join(f"{name} |{'#' * (held * min(cap, 20) // cap):<{min(cap, 20)}}| {held}/{cap}"
                         for name, held, cap in zip("AB", state, jugs[:2]))

    def random_instance(self, rng, size):  # jugs of 1 to size + 1 litres, c up to a + b: some have no way
        a, b = rng.randint(1, size + 1), rng.randint(1, size + 1)
        return f"1\n{a} {b} {rng.randint(0, a + b)}\n"
