"""Keys and doors on stategraph's first level: a state is the walker's cell and the keys it holds (README.md)."""

from stategraph import GridPuzzle, GridRules
from stategraph.graph.state_graph import WeightProfile

LEGEND = {"#": "wall", ".": "floor", "S": "start", "G": "goal", "abcd": "key", "ABCD": "door"}


class CellKeys(GridRules):
    """(cell, keys held): a key, once picked up, opens its door for good"""

    def start(self, grid):
        return grid.find("S"), ""

    def is_goal(self, grid, state):
        return grid[state[0]] == "G"

    def moves(self, grid, state):
        cell, keys = state
        for letter, step in grid.steps(cell):
            kind, char = grid.kind(step), grid[step]
            if kind == "door" and char.lower() not in keys:
                continue
            yield letter, (step, "".join(sorted(set(keys + char))) if kind == "key" else keys), 1

    def group(self, grid, state):  # one copy of the grid per set of keys held, in the state graph's picture
        return state[1] or "no key"


class CellOnly(CellKeys):
    """the cell alone (wrong): it forgets the keys, so a door counts as open if its key lies anywhere"""

    def start(self, grid):
        return grid.find("S")

    def is_goal(self, grid, cell):
        return grid[cell] == "G"

    def moves(self, grid, cell):
        keys = "".join(grid[c] for c in grid.cells("abcd"))
        for letter, step in grid.steps(cell):
            if grid.kind(step) != "door" or grid[step].lower() in keys:
                yield letter, step, 1

    def group(self, grid, cell):
        return None


class KeysAndDoors(GridPuzzle):
    name, summary = "keys_doors", "Keys and doors: the fewest steps from S to G, a door opening once its key is held"
    sample = "3 5\nSa.A.\n##.#.\nG.B.b\n0 0\n"
    legend, once = LEGEND, "SG"
    models = {"cell_keys": CellKeys, "cell_only": CellOnly}
    profile = WeightProfile(unit=True)  # every step costs 1: declared, so a search builds only what it reaches

    def random_instance(self, rng, size):
        """A grid of ``size + 2`` rows and columns with walls, up to two key-door pairs, S and G."""
        rows = cols = size + 2
        cells = [rng.choice("#...") for _ in range(rows * cols)]
        pairs = min(2, max(1, size - 1))
        spots = rng.sample(range(rows * cols), 2 + 2 * pairs)
        for spot, char in zip(spots, "SG" + "abcd"[:pairs] + "ABCD"[:pairs]):
            cells[spot] = char
        grid = "\n".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
        return f"{rows} {cols}\n{grid}\n0 0\n"
