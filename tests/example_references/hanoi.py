"""The Towers of Hanoi (examples/hanoi), answered by a breadth-first search over the three stacks.

A placement is three stacks (each a tuple of discs, bottom first).  The search finds the distance of every
placement to the goal (a move is undone by the move back, so it runs from the goal), then the first move in the
documented order (smallest disc first, then onto A, B, C) that comes one nearer, step by step.  The classic move
of n discs from one peg to another costs 2^n - 1, which holds the brute force itself to what is known.  The
wasteful model also remembers the disc moved last: about two states for each placement.
"""

from __future__ import annotations

from collections import deque

from example_references import NO_ASTAR, NO_HEURISTIC, RIGHT, WASTEFUL, BadInput, RandomRun, Views, counted

PEGS = "ABC"


def stacks(placement: str) -> tuple:
    """The three stacks, bottom first, of a placement naming each disc's peg, smallest first."""
    return tuple(tuple(d for d in range(len(placement), 0, -1) if placement[d - 1] == peg) for peg in PEGS)


def placement(towers: tuple) -> str:
    """The peg of each disc, smallest first: what ``stacks`` undoes."""
    return "".join(next(PEGS[i] for i, stack in enumerate(towers) if disc in stack)
                   for disc in range(1, sum(map(len, towers)) + 1))


def neighbours(towers: tuple):
    """``(label, towers after)`` for each legal move, smallest disc first, then onto A, B, C."""
    found = []
    for i, source in enumerate(towers):
        for j, target in enumerate(towers):
            if source and i != j and (not target or target[-1] > source[-1]):
                after = list(towers)
                after[i], after[j] = source[:-1], target + source[-1:]
                found.append(((source[-1], j), f"{source[-1]} {PEGS[i]}->{PEGS[j]}", tuple(after)))
    return [(label, after) for _, label, after in sorted(found)]


def distances(goal: tuple) -> dict:
    depth = {goal: 0}
    queue = deque([goal])
    while queue:
        towers = queue.popleft()
        for _, after in neighbours(towers):
            if after not in depth:
                depth[after] = depth[towers] + 1
                queue.append(after)
    return depth


def solution(question: tuple[str, str]):
    start, goal = question
    depth, towers, labels = distances(stacks(goal)), stacks(start), []
    while depth[towers]:
        label, towers = next((label, after) for label, after in neighbours(towers)
                             if depth[after] == depth[towers] - 1)
        labels.append(label)
    return len(labels), labels


def line(cost, moves) -> str:
    return f"{cost}: " + ", ".join(moves) if moves else "0:"


def optimal_paths(start: str, goal: str) -> int:
    """How many shortest move sequences lead from ``start`` to ``goal``."""
    depth, counted_paths = distances(stacks(goal)), {}

    def paths(towers):
        if towers not in counted_paths:
            counted_paths[towers] = 1 if depth[towers] == 0 else sum(
                paths(after) for _, after in neighbours(towers) if depth[after] == depth[towers] - 1)
        return counted_paths[towers]

    return paths(stacks(start))


def instances(text: str) -> list[tuple[str, str]]:
    words = text.split()
    return [(words[2 + 3 * k], words[3 + 3 * k]) for k in range(int(words[0]))]


join = counted

MODELS = {"pegs": RIGHT, "last_disc": WASTEFUL}
ROUTINES = {"pegs": NO_ASTAR, "last_disc": NO_ASTAR}
REFUSED = {("pegs", "astar"): NO_HEURISTIC}
SAMPLE_ANSWERS = ("0:",)


def census(question, model) -> dict:
    """Every placement is a state; with the disc moved last, two for each placement but the three towers (one
    disc can move back), and the start: ``2 * 3^n - 2``."""
    discs = len(question[0])
    if model == "pegs":
        return {"states": 3 ** discs}
    return {"states": 2 * 3 ** discs - 2 if discs > 1 else 3}


def edited(lines: list[str]):
    lines = list(lines)
    lines[1] = lines[1].replace("3 A->C", "3 A->B", 1)  # disc 3 onto disc 2
    lines[2] = "4: 1 A->B, 3 C->A, 1 B->A, 1 A->C"  # legal, but longer than the optimum
    return lines, ["instance 2: line 2: move 4 ('3 A->B') is not a move of state 'BBA'...",
                   "instance 3: line 3: the answer costs 4, but the optimum is 3",
                   "stategraph: checked 7 answers: 5 ok, 2 with a problem"]


BAD_INPUTS = [
    BadInput("a bad peg", "2\n3 AAA CCC\n3 AAD CCC\n", "1\n3 AAA CCC\n",
             "3:3: instance 2: the start must name the peg (A, B or C) of each of the 3 discs, smallest first, "
             "found 'AAD'"),
    BadInput("too many discs", "2\n3 AAA CCC\n11 AAA CCC\n", "1\n3 AAA CCC\n",
             "3:1: instance 2: the number of discs must be between 1 and 10, found 11"),
    BadInput("a short goal", "1\n3 AAA CC\n", "",
             "2:7: instance 1: the goal must name the peg (A, B or C) of each of the 3 discs, smallest first, "
             "found 'CC'"),
    BadInput("an instance missing", "2\n3 AAA CCC\n", "1\n3 AAA CCC\n",
             "3: instance 2: unexpected end of input: expected the number of discs"),
]

# 36 questions of 1 to 6 discs; the history model has more states wherever there are two discs or more
RANDOM = RandomRun(seed=31, sizes=tuple(size for size in range(1, 7) for _ in range(6)), algorithm="bfs",
                   distinct=25, more=30, no_way=False)

VIEWS = Views(instance=3, graph_instance=6, drawn_ids=frozenset({"text-picture"}),
              last_picture=". . .\n. . .\n3 2 1\nA B C")  # disc 3 on A, 2 on B, 1 on C
