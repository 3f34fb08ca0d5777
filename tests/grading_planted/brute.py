"""The planted wrong models and, for each, a brute force of its own: the smallest size at which the
reference's generator can make an instance the student gets wrong.

Each :class:`Planted` names its reference and student as ``stategraph grade`` takes them, and says
how to judge an input text without stategraph: ``costs(text)`` is the reference's fewest moves (or
least time) and the student's, each found here by a plain breadth-first search (or Dijkstra's)
over the rules as written in this file, or in ``tests/example_references`` (the examples' own
brute forces).  ``inputs(size)`` is every input the generator can make at ``size``, where there
are few enough to try them all; where there are not, size 1 is the smallest there is, and an
input the generator makes there that the student gets wrong (a witness) settles it.
``size_of(text)`` is the smallest size whose inputs are as large as ``text``, in the generator's
own measures (rows, people, discs).
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from example_references import hanoi, keys_doors, knight, lights_out, river_crossing, rush_hour, water_jug

SEARCHED = 20_000  # inputs the generator is asked for at size 1 while looking for a witness


@dataclass(frozen=True)
class Planted:
    """A planted wrong model: ``example`` is the folder of ``examples/`` the reference comes from
    (``None``: a puzzle of this folder), ``student`` a model of the example or ``module:Class``."""

    example: str | None
    reference: str
    student: str
    costs: Callable[[str], tuple]
    size_of: Callable[[str], int]
    inputs: Callable[[int], Iterable[str]] | None = None

    def fails(self, text: str) -> bool:
        ours, theirs = self.costs(text)
        return ours != theirs


def smallest_size(planted: Planted, generator, largest: int = 8) -> int | None:
    """The smallest size at which ``generator`` (``random_instance(rng, size)``) can make an input
    ``planted`` fails on: every input tried where ``inputs`` lists them, else a witness at size 1."""
    import random

    if planted.inputs is None:
        made = (generator(random.Random(k), 1) for k in range(SEARCHED))
        return 1 if any(planted.fails(text) for text in made) else None
    return next((size for size in range(1, largest + 1) if any(map(planted.fails, planted.inputs(size)))), None)


def numbers(text: str) -> list[int]:
    return [int(word) for word in text.split()]


# water jugs --------------------------------------------------------------------------------------------------------

def jug_steps(a: int, b: int, c: int, kept: str) -> int | None:
    """The fewest moves of those ``kept`` (letters: f fill, e empty, p pour A into B, q pour B into A)."""
    depth, queue = {(0, 0): 0}, deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        if c in (x, y):
            return depth[x, y]
        into_b, into_a = min(x, b - y), min(y, a - x)
        moves = {"f": [(a, y), (x, b)], "e": [(0, y), (x, 0)], "p": [(x - into_b, y + into_b)],
                 "q": [(x + into_a, y - into_a)]}
        for after in (after for kind in kept for after in moves[kind]):
            if after not in depth:
                depth[after] = depth[x, y] + 1
                queue.append(after)
    return None


def jugs_of(kept: str):
    def costs(text: str) -> tuple:
        a, b, c = water_jug.instances(text)[0]
        return water_jug.fewest_steps(a, b, c), jug_steps(a, b, c, kept)
    return costs


def jug_inputs(size: int):
    for a, b in itertools.product(range(1, size + 2), repeat=2):
        for c in range(a + b + 1):
            yield f"1\n{a} {b} {c}\n"


def jug_size(text: str) -> int:
    return max(1, max(numbers(text)[1:3]) - 1)


# the towers of Hanoi -----------------------------------------------------------------------------------------------

def tower_moves(pegs: str, next_larger: bool):
    """``(label, pegs after)`` of each move, the smallest disc first, then onto A, B, C; ``next_larger``:
    a disc goes only onto an empty peg or the disc one larger."""
    tops = {peg: pegs.index(peg) + 1 if peg in pegs else None for peg in "ABC"}  # the smallest disc on each
    for disc, at in enumerate(pegs, start=1):
        for peg, top in tops.items():
            if tops[at] == disc and peg != at and (top is None or top > disc) and \
                    (not next_larger or top in (None, disc + 1)):
                yield f"{disc} {at}->{peg}", pegs[:disc - 1] + peg + pegs[disc:]


def canonical(start, goal, moves) -> list | None:
    """The canonical shortest path's states from ``start`` to ``goal`` (every move costing 1): at each
    step the first move, in the order ``moves(state)`` yields them, that keeps to a shortest way."""
    reached, queue = {start: []}, deque([start])  # each state's predecessors
    while queue:
        state = queue.popleft()
        for _, after in moves(state):
            if after not in reached:
                reached[after] = []
                queue.append(after)
            reached[after].append(state)
    if goal not in reached:
        return None
    left, queue = {goal: 0}, deque([goal])  # the moves left to the goal
    while queue:
        state = queue.popleft()
        for before in reached[state]:
            if before not in left:
                left[before] = left[state] + 1
                queue.append(before)
    path = [start]
    while path[-1] != goal:
        path.append(next(after for _, after in moves(path[-1]) if left.get(after) == left[path[-1]] - 1))
    return path


def next_larger_moves(start: str, goal: str) -> int | None:
    """The fewest moves when a disc goes only onto an empty peg or the disc one larger."""
    path = canonical(start, goal, lambda pegs: tower_moves(pegs, next_larger=True))
    return None if path is None else len(path) - 1


def towers_costs(text: str) -> tuple:
    start, goal = hanoi.instances(text)[0]
    return hanoi.solution((start, goal))[0], next_larger_moves(start, goal)


def towers_inputs(size: int):
    for start, goal in itertools.product(itertools.product("ABC", repeat=size), repeat=2):
        yield f"1\n{size} {''.join(start)} {''.join(goal)}\n"


# missionaries and cannibals ----------------------------------------------------------------------------------------

def left_bank_crossings(question: tuple[int, int]) -> int | None:
    """The fewest crossings when only the left bank is kept from having its missionaries outnumbered."""
    pairs, seats = question
    start, goal = (pairs, pairs, "L"), (0, 0, "R")
    depth, queue = {start: 0}, deque([start])
    while queue:
        m, c, boat = queue.popleft()
        if (m, c, boat) == goal:
            return depth[goal]
        for dm, dc in river_crossing.boatfuls(seats):
            sign = -1 if boat == "L" else 1
            after = (m + sign * dm, c + sign * dc, "R" if boat == "L" else "L")
            if 0 <= after[0] <= pairs and 0 <= after[1] <= pairs and (after[0] == 0 or after[0] >= after[1]) \
                    and after not in depth:
                depth[after] = depth[m, c, boat] + 1
                queue.append(after)
    return None


def river_costs(wrong: Callable[[tuple[int, int]], int | None]):
    def costs(text: str) -> tuple:
        question = river_crossing.instances(text)[0]
        return river_crossing.solution(question)[0], wrong(question)
    return costs


def river_inputs(size: int):
    for pairs in range(size, 2 * size + 1):
        for seats in range(1, min(size + 1, 5) + 1):
            yield f"{pairs} {seats}\n0 0\n"


def river_size(text: str) -> int:
    pairs, seats = numbers(text)[:2]
    return max(1, (pairs + 1) // 2, seats - 1)


# bridge and torch (tests/grading_planted/bridge.py) ----------------------------------------------------------------

def bridge_time(times: tuple, escort: bool) -> int:
    """The least time for all to cross (Dijkstra's over who is on the near side and the torch's side);
    ``escort``: the fastest on the near side crosses with one other, the fastest on the far side returns."""
    everyone = frozenset(range(len(times)))
    start = (everyone, True)
    best, heap, tie = {start: 0}, [(0, 0, start)], itertools.count(1)
    while heap:
        spent, _, (near, torch_near) = heapq.heappop(heap)
        if spent > best[near, torch_near]:
            continue
        if not near:
            return spent
        here = sorted(near if torch_near else everyone - near)
        if escort:
            fastest = min(here, key=lambda p: (times[p], p))
            groups = [(fastest,)] if not torch_near or len(here) == 1 else [(fastest, p) for p in here if p != fastest]
        else:
            groups = [*((p,) for p in here), *itertools.combinations(here, 2)]
        for group in groups:
            after = (near - set(group) if torch_near else near | set(group), not torch_near)
            cost = spent + max(times[p] for p in group)
            if cost < best.get(after, cost + 1):
                best[after] = cost
                heapq.heappush(heap, (cost, next(tie), after))
    raise AssertionError("everyone can always cross")


def bridge_costs(text: str) -> tuple:
    times = tuple(numbers(text)[2:])
    return bridge_time(times, escort=False), bridge_time(times, escort=True)


def bridge_inputs(size: int):
    for people in range(1, size + 2):
        for times in itertools.combinations_with_replacement(range(1, size + 3), people):  # the order: no matter
            yield f"1\n{people} {' '.join(map(str, times))}\n"


def bridge_size(text: str) -> int:
    people, *times = numbers(text)[1:]
    return max(1, people - 1, max(times) - 2)


def times_only_costs(text: str) -> tuple:
    """The student keeps the set of times: people of one time are one person."""
    times = tuple(numbers(text)[2:])
    return bridge_time(times, escort=False), bridge_time(tuple(set(times)), escort=False)


def long_bridge_inputs(size: int):
    for people in range(1, size + 2):
        for times in itertools.combinations_with_replacement(range(1, 101), people):
            yield f"1\n{people} {' '.join(map(str, times))}\n"


# making change (tests/grading_planted/coins.py) --------------------------------------------------------------------

def fewest_coins(amount: int, values: Iterable[int], greedy: bool) -> int | None:
    """The fewest coins paying ``amount``; ``greedy``: always the largest that fits."""
    depth, queue = {amount: 0}, deque([amount])
    while queue:
        left = queue.popleft()
        if left == 0:
            return depth[left]
        fitting = [value for value in values if value <= left]
        for value in [max(fitting)] if greedy and fitting else fitting:
            if left - value not in depth:
                depth[left - value] = depth[left] + 1
                queue.append(left - value)
    return None


def coins_costs(text: str) -> tuple:
    amount, count, *values = numbers(text)[1:]
    return fewest_coins(amount, values, False), fewest_coins(amount, values, True)


def coins_inputs(size: int):
    for count in range(1, size + 1):
        for values in itertools.combinations(range(1, 2 * size + 3), count):  # the order: no matter
            for amount in range(4 * size + 1):
                yield f"1\n{amount} {count} {' '.join(map(str, values))}\n"


def coins_size(text: str) -> int:
    amount, count, *values = numbers(text)[1:]
    return max(1, count, (max(values) - 1) // 2, (amount + 3) // 4)


# grids -------------------------------------------------------------------------------------------------------------

def grid_size(offset: int, text: str) -> int:
    """Of a grid whose sides the generator draws up to ``size + offset``."""
    rows, cols = numbers(text.split("\n")[0])
    return max(1, rows - offset, cols - offset)


def keys_costs(text: str) -> tuple:
    rows = keys_doors.instances(text)[0]
    return keys_doors.solution(rows)[0], keys_doors.forgetful_steps(rows)


def rush_costs(text: str) -> tuple:
    board = rush_hour.instances(text)[0]
    return rush_hour.solution(board)[0], rush_hour.cells_driven(board)


def no_up_presses(rows: list[str]) -> int | None:
    """The fewest presses when a press toggles its light and those below, left and right of it."""
    height, width = len(rows), len(rows[0])
    start = sum(1 << (r * width + c) for r in range(height) for c in range(width) if rows[r][c] == "1")
    masks = [sum(1 << ((r + dr) * width + c + dc) for dr, dc in ((0, 0), (1, 0), (0, -1), (0, 1))
                 if 0 <= r + dr < height and 0 <= c + dc < width) for r in range(height) for c in range(width)]
    depth, queue = {start: 0}, deque([start])
    while queue:
        pattern = queue.popleft()
        if pattern == 0:
            return depth[pattern]
        for mask in masks:
            if pattern ^ mask not in depth:
                depth[pattern ^ mask] = depth[pattern] + 1
                queue.append(pattern ^ mask)
    return None


def lights_costs(text: str) -> tuple:
    rows = lights_out.instances(text)[0]
    return lights_out.solution(rows)[0], no_up_presses(rows)


def lights_size(text: str) -> int:
    return 1 if max(numbers(text.split("\n")[0])) <= 3 else 2


def leg_jumps(rows: list[str]) -> int | None:
    """The fewest jumps of a knight that the square it passes (beside its start) stops when blocked."""
    free = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "#"}
    start, goal = ((r, c) for x in "KT" for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == x)
    depth, queue = {start: 0}, deque([start])
    while queue:
        r, c = queue.popleft()
        if (r, c) == goal:
            return depth[goal]
        for dr, dc in ((2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2)):
            leg = (r + dr // 2, c) if abs(dr) == 2 else (r, c + dc // 2)
            landing = (r + dr, c + dc)
            if landing in free and leg in free and landing not in depth:
                depth[landing] = depth[r, c] + 1
                queue.append(landing)
    return None


def legs_costs(text: str) -> tuple:
    rows = knight.instances(text)[0]
    return knight.solution(rows)[0], leg_jumps(rows)


def knight_size(text: str) -> int:
    return grid_size(4, text)


PLANTED = {
    "keys_doors-cell_only": Planted("keys_doors", "puzzle.yaml", "cell_only", keys_costs, lambda t: grid_size(2, t)),
    "river_crossing-no_boat": Planted("river_crossing", "puzzle.yaml", "no_boat",
                                      river_costs(river_crossing.boatless_crossings), river_size, river_inputs),
    "rush_hour-steps": Planted("rush_hour", "puzzle.yaml", "steps", rush_costs, lambda t: grid_size(3, t)),
    "water_jug-no_empty": Planted("water_jug", "puzzle.yaml", "jugs:NoEmpty", jugs_of("fpq"), jug_size, jug_inputs),
    "water_jug-one_way": Planted("water_jug", "puzzle.yaml", "jugs:OneWay", jugs_of("fep"), jug_size, jug_inputs),
    "hanoi-next_larger": Planted("hanoi", "puzzle.yaml", "towers:NextLarger", towers_costs,
                                 lambda t: int(t.split()[1]), towers_inputs),
    "river_crossing-left_bank": Planted("river_crossing", "puzzle.yaml", "banks:LeftBank",
                                        river_costs(left_bank_crossings), river_size, river_inputs),
    "lights_out-no_up": Planted("lights_out", "puzzle.yaml", "lights:NoUp", lights_costs, lights_size),
    "knight-legs": Planted("knight", "puzzle.yaml", "legs:Legs", legs_costs, knight_size),
    "bridge-escort": Planted(None, "bridge:Bridge", "bridge:Escort", bridge_costs, bridge_size, bridge_inputs),
    "bridge-times_only": Planted(None, "bridge:LongBridge", "bridge:TimesOnly", times_only_costs,
                                 lambda t: max(1, numbers(t)[1] - 1), long_bridge_inputs),
    "coins-greedy": Planted(None, "coins:Coins", "coins:Greedy", coins_costs, coins_size, coins_inputs),
}
