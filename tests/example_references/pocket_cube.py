"""The pocket cube (examples/pocket_cube), answered by breadth-first searches over its 24 stickers.

A cube is the colours of its 24 stickers (a bytes of colour letters).  A sticker is a corner of the cube (a point
(x, y, z), each coordinate -1 or 1) and the side it looks out of (a unit vector); a quarter turn of the face R, U or
F (the side x, y or z = 1) rotates the stickers of that side's four corners a quarter turn about the face's axis,
clockwise as one looks at the face, which is worked out here from the geometry: each turn is a permutation of the 24
stickers.  The corner (-1, -1, -1), down-back-left, is never turned.

The fewest turns from a scramble to the solved cube: a search backwards from the solved cube (a turn is undone by a
turn: the same in both directions) to ``RADIUS`` turns, and one forwards from the scramble until it meets it (or
ends, the scramble not solvable with the faces it may turn).  The states on a shortest way follow from the two
searches, and the canonical way takes the first turn, in the documented order, that stays on one.
``census(metric)`` counts the cubes at each distance from the solved one, searching the whole cube (a minute or
more).
"""

from __future__ import annotations

from functools import cache
from itertools import product
from operator import itemgetter

from example_references import RIGHT, WITH_ASTAR, WRONG, BadInput, RandomRun, Views, concatenated

FACES = "RUF"
SUFFIXES = {"": 1, "2": 2, "'": 3}  # clockwise quarter turns
FACE_TURNS = tuple(face + suffix for face in FACES for suffix in SUFFIXES)  # the documented order
QUARTER_TURNS = tuple(label for label in FACE_TURNS if "2" not in label)
METRICS = {"face_turns": FACE_TURNS, "quarter_turns": QUARTER_TURNS}
RADIUS = {"face_turns": 6, "quarter_turns": 7}  # how far back from the solved cube the search goes

AXES = {"R": 0, "U": 1, "F": 2}
SIDES = {(1, 0, 0): "R", (-1, 0, 0): "L", (0, 1, 0): "U", (0, -1, 0): "D", (0, 0, 1): "F", (0, 0, -1): "B"}
COLOUR = {"U": "W", "D": "Y", "F": "G", "B": "B", "R": "R", "L": "O"}
STICKERS = sorted((corner, side) for corner in product((-1, 1), repeat=3) for side in SIDES
                  if any(c == s != 0 for c, s in zip(corner, side)))
AT = {sticker: k for k, sticker in enumerate(STICKERS)}
SOLVED = bytes(ord(COLOUR[SIDES[side]]) for _, side in STICKERS)


def clockwise(vector: tuple, axis: int) -> tuple:
    """``vector`` turned a quarter turn about the axis, clockwise as seen from its positive end."""
    x, y, z = vector
    return ((x, z, -y), (-z, y, x), (y, -x, z))[axis]


def quarter(face: str) -> list[int]:
    """``moved[k]``: the sticker whose colour a quarter turn of ``face`` brings to sticker ``k``."""
    axis, moved = AXES[face], list(range(len(STICKERS)))
    for k, (corner, side) in enumerate(STICKERS):
        if corner[axis] == 1:
            moved[AT[clockwise(corner, axis), clockwise(side, axis)]] = k
    return moved


def turn(label: str) -> itemgetter:
    moved = list(range(len(STICKERS)))
    for _ in range(SUFFIXES[label[1:]]):
        moved = [moved[k] for k in quarter(label[0])]
    return itemgetter(*moved)


TURN = {label: turn(label) for label in FACE_TURNS}


def turned(cube: bytes, label: str) -> bytes:
    return bytes(TURN[label](cube))


def scrambled(turns) -> bytes:
    cube = SOLVED
    for label in turns:
        cube = turned(cube, label)
    return cube


def neighbours(cube: bytes, labels):
    return ((label, bytes(TURN[label](cube))) for label in labels)


def instances(text: str) -> list[tuple[str, tuple]]:
    words, found = text.split(), []
    while words:
        count = int(words[1])
        found.append((words[0], tuple(words[2:2 + count])))
        words = words[2 + count:]
    return found


def spread(cube: bytes, labels, most: int | None = None):
    """The cubes ``cube`` reaches by turns of ``labels``, breadth-first: a list for each distance, up to ``most``."""
    turns, seen, layer, distance = [TURN[label] for label in labels], {cube}, [cube], 0
    while layer and (most is None or distance <= most):
        yield layer
        after = []
        for at in layer:
            for turn_of in turns:
                next_cube = bytes(turn_of(at))
                if next_cube not in seen:
                    seen.add(next_cube)
                    after.append(next_cube)
        layer, distance = after, distance + 1


def labels_of(metric: str, turning: str) -> list[str]:
    """The turns of the faces ``turning``, in the documented order."""
    return [label for label in METRICS[metric] if label[0] in turning]


@cache
def near_solved(metric: str, turning: str) -> dict:
    """The distance of every cube at most ``RADIUS`` turns (of the faces ``turning``) from the solved one."""
    layers = spread(SOLVED, labels_of(metric, turning), RADIUS[metric])
    return {cube: distance for distance, layer in enumerate(layers) for cube in layer}


def solution(question, metric: str = "face_turns"):
    """The fewest turns and the canonical turns, or ``(None, None)``."""
    turning, turns = question
    labels, back, layers = labels_of(metric, turning), near_solved(metric, turning), []
    for layer in spread(scrambled(turns), labels):
        layers.append(set(layer))
        if layers[-1] & back.keys():
            break
    else:
        return None, None
    met = len(layers) - 1
    cost = met + min(back[cube] for cube in layers[met] & back.keys())
    on_way = [set() for _ in layers]  # the cubes of each forward layer on a shortest way
    on_way[met] = {cube for cube in layers[met] if back.get(cube) == cost - met}
    for k in range(met - 1, -1, -1):
        on_way[k] = {cube for cube in layers[k] if any(after in on_way[k + 1] for _, after in neighbours(cube, labels))}
    cube, way = scrambled(turns), []
    for k in range(cost):
        label, cube = next((label, after) for label, after in neighbours(cube, labels)
                           if (after in on_way[k + 1] if k + 1 <= met else back.get(after) == cost - k - 1))
        way.append(label)
    return cost, way


def line(cost, moves) -> str:
    return "-1" if cost is None else " ".join([str(cost), *moves])


def census(metric: str) -> tuple[int, ...]:
    """How many cubes lie at each distance from the solved one, every face turning (every cube is visited)."""
    return tuple(len(layer) for layer in spread(SOLVED, METRICS[metric]))


def faces(cube: bytes) -> dict[str, list[str]]:
    """Each face's colours, row by row, seen from outside with U at the top (for U: B at the top; for D: F)."""
    found = {name: ["?"] * 4 for name in "URFDLB"}
    for ((x, y, z), side), colour in zip(STICKERS, cube.decode()):
        name = SIDES[side]
        row = {"U": z == 1, "D": z == -1}.get(name, y == -1)
        col = {"F": x == 1, "B": x == -1, "R": z == -1, "L": z == 1}.get(name, x == 1)
        found[name][2 * row + col] = colour
    return found


def net(cube: bytes) -> str:
    """The picture the example draws: U above, L F R B in a row, D below, a face's rows two letters each."""
    face = faces(cube)
    rows = [" ".join("".join(face[name][2 * r:2 * r + 2]) for name in names) for names in ("U", "LFRB", "D")
            for r in (0, 1)]
    return "\n".join(row if len(row) > 2 else "   " + row for row in rows)


def label(cube: bytes) -> str:
    """The example's name of a cube: the faces U R F D L B, each row by row, joined by /."""
    face = faces(cube)
    return "/".join("".join(face[name]) for name in "URFDLB")


join = concatenated

# quarter_turns counts otherwise (a half turn is two moves): other answers, held to the brute force's own count of
# quarter turns by tests/test_examples_pocket_cube.py
MODELS = {"face_turns": RIGHT, "quarter_turns": WRONG}
ROUTINES = {"face_turns": WITH_ASTAR}
REFUSED: dict = {}
SAMPLE_ANSWERS = ("0", "-1")
EXPECTED_FILES = {"input.txt": "expected.txt", "whole.txt": "whole-expected.txt"}


def routine_input(model: str, text: str) -> str:
    """The first two cubes (R alone, R and U): a routine that builds the whole graph builds 29,160 states for the
    second."""
    return "".join(text.splitlines(keepends=True)[:2])


def edited(lines: list[str]):
    """A turn the cube may not make (it turns R alone), a claim of no way, a way two turns longer."""
    moves = lines[4].split()[1:]
    longer = line(len(moves) + 2, [*moves, "R", "R'"])
    at = label(scrambled(("R", "R")))
    return ["1 F", "-1", *lines[2:4], longer], [
        f"instance 1: line 1: move 1 ('F') is not a move of state {at} (its moves: 'R', 'R2', \"R'\")",
        "instance 2: line 2: claims no solution, but one of 4 exists",
        f"instance 5: line 5: the answer costs {len(moves) + 2}, but the optimum is {len(moves)}",
        "stategraph: checked 5 answers: 2 ok, 3 with a problem"]


BAD_INPUTS = [
    BadInput("a face twice", "RU 1 R\nRUR 1 R\n", "RU 1 R\n",
             "2:1: instance 2: the faces that may turn are some of R, U and F, each once, found 'RUR'"),
    BadInput("a turn of L", "RU 1 R\nRUF 2 R L\n", "RU 1 R\n",
             "2:9: instance 2: turn 2 must be one of R R2 R' U U2 U' F F2 F', found 'L'"),
]

# 12 cubes of seed 7, scrambled by 1 to 15 turns; one turns R and U alone but was scrambled by F too: no way (A*
# reads all 29,160 cubes of its kind)
RANDOM = RandomRun(seed=7, sizes=(1, 3, 6, 9, 12, 15) * 2, algorithm="astar", distinct=10, compare=False)

# the cube that turns R alone, a half turn from solved (4 cubes): explained, drawn and exported
VIEWS = Views(instance=1, graph_instance=1, drawn_ids=frozenset({"text-picture"}), last_picture=net(SOLVED),
              first_step=f"1. {label(scrambled(('R', 'R')))}: R2 -> {label(SOLVED)}; cost so far 1",
              path_states=(label(scrambled(("R", "R"))), label(SOLVED)))
