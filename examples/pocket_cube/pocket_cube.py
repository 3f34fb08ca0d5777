"""The 2x2x2 pocket cube on stategraph's first level: the fewest turns that solve a scramble (README.md).

The corner down-back-left (DBL) is held fixed, so the cube never turns as a whole: only the faces
R, U and F, which do not hold it, turn.  A state is where the other seven corners are and how each
is twisted, as one int: ``perm * 729 + twist``, ``perm`` the rank of the seven corners' places
(0 to 5039), ``twist`` six corners' twists in base 3 (the seventh's follows: the twists add up to 0
mod 3).  3,674,160 states; a turn is two look-ups in tables made once, at import.
"""

from functools import cache, cached_property
from itertools import permutations

from stategraph import AnswerLine, SuccessorPuzzle
from stategraph.graph.state_graph import WeightProfile

FACES = "RUF"  # the faces that turn, in the tie-break order
# The corners in their places, each named by its faces: the U or D face first, then clockwise.
CORNERS = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DRB")  # DBL, held fixed, is not among them
# A quarter turn clockwise (seen from the face): (the place each corner comes from, the twist it gains)
QUARTER = {
    "R": ((4, 1, 2, 0, 6, 5, 3), (2, 0, 0, 1, 1, 0, 2)),
    "U": ((3, 0, 1, 2, 4, 5, 6), (0, 0, 0, 0, 0, 0, 0)),
    "F": ((1, 5, 2, 3, 0, 4, 6), (1, 2, 0, 0, 2, 1, 0)),
}
SUFFIXES = ("", "2", "'")  # one, two and three quarter turns clockwise: R, R2, R' (R' is R counter-clockwise)
FACE_TURNS = tuple(face + suffix for face in FACES for suffix in SUFFIXES)  # R R2 R' U U2 U' F F2 F'
QUARTER_TURNS = tuple(label for label in FACE_TURNS if not label.endswith("2"))  # R R' U U' F F'
TWISTS = 3 ** 6
PLACES = tuple(permutations(range(7)))  # in lexicographic order: a permutation's index is its rank
SOLVED = 0  # every corner in its place (rank 0), none twisted


def twists(twist: int) -> list[int]:
    """The seven corners' twists of a twist number."""
    found = [twist // 3 ** k % 3 for k in range(6)]
    return found + [-sum(found) % 3]


def twist_number(found: list[int]) -> int:
    return sum(t * 3 ** k for k, t in enumerate(found[:6]))


def turn_tables() -> dict[str, tuple[list[int], list[int]]]:
    """``{label: (the place rank each rank turns to, the twist number each twist number turns to)}``."""
    rank = {places: number for number, places in enumerate(PLACES)}
    tables = {}
    for face, (came_from, gained) in QUARTER.items():
        quarter_places = [rank[tuple(places[c] for c in came_from)] for places in PLACES]
        quarter_twists = [twist_number([(before[c] + g) % 3 for c, g in zip(came_from, gained)])
                          for before in map(twists, range(TWISTS))]
        places, turns = list(range(len(PLACES))), list(range(TWISTS))
        for suffix in SUFFIXES:  # one more quarter turn each
            places, turns = [quarter_places[p] for p in places], [quarter_twists[t] for t in turns]
            tables[face + suffix] = places, turns
    return tables


TABLES = turn_tables()


def turned(state: int, label: str) -> int:
    places, turns = TABLES[label]
    return places[state // TWISTS] * TWISTS + turns[state % TWISTS]


def table_distances(size: int, which: int, labels) -> list[int]:
    """The fewest turns from each place rank (``which`` 0) or twist number (1) to the solved one."""
    found, layer = [-1] * size, [0]
    found[0] = 0
    while layer:
        after = []
        for at in layer:
            for label in labels:
                to = TABLES[label][which][at]
                if found[to] < 0:
                    found[to] = found[at] + 1
                    after.append(to)
        layer = after
    return found


@cache
def turns_of(labels: tuple, faces: str) -> list[tuple[str, list[int], list[int]]]:
    """``(label, place table, twist table)`` of each turn of ``labels`` that turns one of ``faces``."""
    return [(label, *TABLES[label]) for label in labels if label[0] in faces]


# the colour of each face when solved: white up, green front, red right, yellow down, orange left, blue back
COLOURS = {"U": "W", "F": "G", "R": "R", "D": "Y", "L": "O", "B": "B"}
# each corner's stickers in its order (as CORNERS names them): the face, and the place on it, 0 to 3
# row by row as the net shows the face
STICKERS = {"URF": ("U3", "R0", "F1"), "UFL": ("U2", "F0", "L1"), "ULB": ("U0", "L0", "B1"), "UBR": ("U1", "B0", "R1"),
            "DFR": ("D1", "F3", "R2"), "DLF": ("D0", "L3", "F2"), "DRB": ("D3", "R3", "B2"), "DBL": ("D2", "B3", "L2")}


def stickers(state: int) -> dict[str, str]:
    """``{"U0": "W", ...}``: the colour of every sticker."""
    perm, twist = divmod(state, TWISTS)
    shown = {sticker: COLOURS[sticker[0]] for sticker in STICKERS["DBL"]}
    for place, (corner, turn) in enumerate(zip(PLACES[perm], twists(twist))):
        for n, face in enumerate(CORNERS[corner]):  # a corner twisted t turns its sticker n to place n + t
            shown[STICKERS[CORNERS[place]][(n + turn) % 3]] = COLOURS[face]
    return shown


class FaceTurns:
    """a quarter or half turn of a face is one move (the half-turn metric): up to 9 moves a state"""

    labels = FACE_TURNS
    radius = 6  # the heuristic knows the exact distance of the 62,360 states this near the solved cube

    def start(self, cube):
        state = SOLVED
        for label in cube[1]:
            state = turned(state, label)
        return state

    def is_goal(self, cube, state):
        return state == SOLVED

    def moves(self, cube, state):  # in the order of self.labels, of the faces the cube turns: the tie-break
        perm, twist = divmod(state, TWISTS)
        for label, places, twisted in turns_of(self.labels, cube[0]):
            yield label, places[perm] * TWISTS + twisted[twist], 1

    def graph_key(self, cube):
        """Cubes that turn the same faces have the same moves and goal: one state graph, searched from each start."""
        return cube[0]

    @cached_property
    def bounds(self) -> tuple[dict, list, list]:
        """The exact distances of the states within ``radius`` turns of the solved cube; the distances of the
        corners' places alone and of their twists alone (every face turning)."""
        near, layer, every = {SOLVED: 0}, [SOLVED], (FACES, ())
        for distance in range(1, self.radius + 1):
            after = [state for at in layer for _, state, _ in self.moves(every, at) if state not in near]
            near.update((state, distance) for state in after)
            layer = after
        return near, table_distances(len(PLACES), 0, self.labels), table_distances(TWISTS, 1, self.labels)

    def heuristic(self, cube, state):
        """The exact distance near the solved cube; else more than ``radius``, and at least what the places alone
        or the twists alone need (with fewer faces turning, a cube is never nearer)."""
        near, by_places, by_twists = self.bounds
        if state in near:
            return near[state]
        perm, twist = divmod(state, TWISTS)
        return max(self.radius + 1, by_places[perm], by_twists[twist])

    def picture(self, cube, state):
        """The net: U above, L F R B in a row, D below, each face's 2 x 2 colours."""
        shown = stickers(state)

        def row(faces: str, first: int) -> str:  # the places first and first + 1 of each face
            return " ".join(shown[f"{face}{first}"] + shown[f"{face}{first + 1}"] for face in faces)

        return "\n".join([f"   {row('U', 0)}", f"   {row('U', 2)}", row("LFRB", 0), row("LFRB", 2),
                          f"   {row('D', 0)}", f"   {row('D', 2)}"])

    def state_label(self, cube, state):
        """The faces' colours in the order U R F D L B, each read row by row: ``WWWW/RRRR/GGGG/...``."""
        shown = stickers(state)
        return "/".join("".join(shown[f"{face}{place}"] for place in range(4)) for face in "URFDLB")


class QuarterTurns(FaceTurns):
    """a quarter turn is one move, a half turn two (the quarter-turn metric): up to 6 moves a state"""

    labels = QUARTER_TURNS
    radius = 7  # 44,971 states


class PocketCube(SuccessorPuzzle):
    name, summary = "pocket_cube", "The 2x2x2 pocket cube: the fewest turns of R, U and F that solve a scramble"
    sample = "RUF 4 R U R' U'\nRUF 3 R U F\nR 1 U\n"
    models = {"face_turns": FaceTurns, "quarter_turns": QuarterTurns}
    profile = WeightProfile(unit=True)  # every turn costs 1: declared, so a search builds only what it reaches
    default_algorithm = "astar"  # bfs and dijkstra build every cube nearer than the answer: 1,887,748 at 10 turns
    output = AnswerLine("{cost} {moves}", none="-1", sep=" ")
    header = "a cube: the faces that may turn, the number of turns scrambling it, the turns"
    limits = {"max_turns": 1000}

    def read(self, tokens, limits):
        faces = tokens.next("the faces that may turn")
        if any(faces.count(face) != 1 for face in faces) or set(faces) - set(FACES):
            raise tokens.error(f"the faces that may turn are some of R, U and F, each once, found {faces!r}", faces)
        count = tokens.integer("the number of turns", 0, limits["max_turns"])
        scramble = []
        for k in range(1, count + 1):
            label = tokens.next(f"turn {k} of {count}")
            if label not in TABLES:
                raise tokens.error(f"turn {k} must be one of {' '.join(FACE_TURNS)}, found {label!r}", label)
            scramble.append(str(label))
        return "".join(face for face in FACES if face in faces), tuple(scramble)

    def random_instance(self, rng, size):
        """A scramble of ``size`` turns, none of the face turned just before; every face may turn, or (one cube in
        four) two of them, and a scramble that turns the third may not be solved."""
        faces = FACES if rng.random() < 0.75 else "".join(sorted(rng.sample(FACES, 2), key=FACES.index))
        scramble: list[str] = []
        for _ in range(size):
            scramble.append(rng.choice([label for label in FACE_TURNS if not scramble or label[0] != scramble[-1][0]]))
        return " ".join([faces, str(size), *scramble]) + "\n"
