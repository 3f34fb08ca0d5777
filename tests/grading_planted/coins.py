"""Making change, a puzzle of our own with a planted wrong model for ``stategraph grade``.

An amount is paid in the fewest coins of the given values (any number of each).  ``Coins`` is the
reference: any coin that fits may come next.  ``Greedy``, the student, always takes the largest
coin that fits, which is right for the coins of most countries and wrong for coins 2 and 3 and an
amount of 4 (it pays 3, then cannot pay 1), or coins 1, 3 and 4 and an amount of 6 (4+1+1 for 3+3).
"""

from stategraph.contract.first_level import SuccessorPuzzle


class Paying:
    """the amount still to pay"""

    def start(self, change):
        return change[0]

    def is_goal(self, change, left):
        return left == 0

    def moves(self, change, left):
        for coin in self.coins(change, left):
            yield str(coin), left - coin, 1

    def coins(self, change, left):
        return [coin for coin in change[1] if coin <= left]


class LargestFirst(Paying):
    """the largest coin that fits, always (wrong)"""

    def coins(self, change, left):
        return super().coins(change, left)[-1:]  # the values are read in increasing order


class Coins(SuccessorPuzzle):
    name, summary = "coins", "Change: the fewest coins paying an amount"
    sample = "2\n6 3 1 3 4\n4 2 2 3\n"
    counted, header, limits = True, "a line 'amount k c1 .. ck'", {"max_amount": 1000, "max_coins": 10}
    models = {"paying": Paying}

    def read(self, tokens, limits):
        amount = tokens.integer("the amount", 0, limits["max_amount"])
        values = tokens.integer("the number of coin values", 1, limits["max_coins"])
        return amount, tuple(sorted({tokens.integer("a coin's value", 1, limits["max_amount"]) for _ in range(values)}))

    def random_instance(self, rng, size):
        """An amount up to ``4 * size`` and ``size`` coin values at most, each up to ``2 * size + 2``."""
        values = rng.sample(range(1, 2 * size + 3), rng.randint(1, size))
        return f"1\n{rng.randint(0, 4 * size)} {len(values)} {' '.join(map(str, values))}\n"


class Greedy(Coins):
    models = {"largest_first": LargestFirst}
