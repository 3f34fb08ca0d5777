"""A cost whose sum passes a float's range is one line, never a printed ``inf`` (issue 28)."""

from __future__ import annotations

import pytest

from stategraph import COST, ContractError, SuccessorPuzzle
from stategraph.contract.replay import same_cost


class Huge(SuccessorPuzzle):
    name, summary, sample, output = "huge", "n moves of a huge cost", "3\n", COST

    def read(self, tokens, limits):
        return tokens.integer("n", 1, 10)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "a", x + 1, 1e308


class HugeInts(Huge):
    name = "huge_ints"

    def moves(self, n, x):
        if x < n:
            yield "a", x + 1, 10**308


@pytest.mark.parametrize("algorithm", ["dijkstra", "spfa", "bidirectional_dijkstra", "networkx"])
def test_a_float_sum_past_the_range_is_refused(algorithm):
    with pytest.raises(ContractError, match="past the range of a float"):
        Huge().solve_text("3\n", algorithm=algorithm)
    assert Huge().solve_text("1\n", algorithm=algorithm) == f"{1e308}\n"  # one move: no overflow


def test_integer_costs_are_added_exactly():
    assert HugeInts().solve_text("3\n") == f"{3 * 10**308}\n"


def test_a_big_int_is_not_close_to_a_float():
    assert not same_cost(10**400, 1.0) and same_cost(10**400, 10**400)


def test_the_refusal_is_a_contract_error():
    with pytest.raises(ContractError, match="past the range of a float"):
        Huge().solve_text("2\n")
