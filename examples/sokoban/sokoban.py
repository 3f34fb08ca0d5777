"""Two boxes in a Sokoban room on stategraph's first level: the fewest pushes to put both on the goals (README.md)."""

from dataclasses import dataclass, field

from stategraph import COST, CharGrid, GridPuzzle, GridRules
from stategraph.contract.grid_puzzle import COMPASS

LEGEND = {"#": "wall", ".": "floor", "@": "player", "+": "player on a goal", "$": "box", "*": "box on a goal",
          "o": "goal"}
ROOM = {"#": "wall", ".": "floor", "o": "goal", "x": "dead"}  # x: a dead square, where no box may go


@dataclass(frozen=True)
class Room(CharGrid):
    """The empty room: walls, floor, goals ``o`` and dead squares ``x``; where the player and the boxes start."""

    player: tuple = ()
    boxes: tuple = ()
    exits: dict = field(default_factory=dict, compare=False)  # each open cell's open neighbours, found once


def live(grid, goals):
    """The cells from which a box alone in the room can still reach a goal: those it can be pulled to
    from a goal (a pull: the player steps back from the box and draws it along)."""
    found, todo = set(goals), list(goals)
    while todo:
        r, c = todo.pop()
        for dr, dc in COMPASS.values():
            to = (r + dr, c + dc)
            if to not in found and grid.kind(to) != "wall" and grid.kind((r + 2 * dr, c + 2 * dc)) != "wall":
                found.add(to)
                todo.append(to)
    return found


def region(room, cell, boxes):
    """The cells the player can walk to from ``cell`` without pushing a box."""
    found, todo = {cell}, [cell]
    while todo:
        for step in room.exits[todo.pop()]:
            if step not in found and step not in boxes:
                found.add(step)
                todo.append(step)
    return found


def pushed(boxes, box, to):
    return tuple(sorted(to if b == box else b for b in boxes))


class PlayerBoxes(GridRules):
    """(the player's cell, the two box cells sorted): a move is one step, a walk costing 0 and a push 1 (naive)"""

    def start(self, room):
        return room.player, room.boxes

    def is_goal(self, room, state):
        return all(room[box] == "o" for box in state[1])

    def moves(self, room, state):  # n s w e walk, N S W E push
        (r, c), boxes = state
        for letter, step in room.steps((r, c)):
            beyond = (2 * step[0] - r, 2 * step[1] - c)
            if step not in boxes:
                yield letter.lower(), (step, boxes), 0
            elif room.kind(beyond) != "wall" and beyond not in boxes:
                yield letter, (step, pushed(boxes, step, beyond)), 1

    def state_label(self, room, state):
        return " ".join(f"({r},{c})" for r, c in (state[0], *state[1]))

    def group(self, room, state):  # the state graph's picture: one copy of the room per place of the boxes
        return state[1]

    def marks(self, room, state):
        for k, box in enumerate(state[1], start=1):
            yield f"box-{k}", box, "box"

    def scene(self, room, states):  # the grid with the route, and each box's path (a move pushes one box a cell)
        drawn, paths = super().scene(room, states), [[box] for box in states[0][1]]
        for _, boxes in states[1:]:
            ends = [path[-1] for path in paths]
            for path in paths:
                if path[-1] not in boxes:  # this box was pushed, onto the cell where no path ends
                    path.append(next(box for box in boxes if box not in ends))
        for k, path in enumerate(paths, start=1):
            drawn.trail(f"box-path-{k}", path, "push", "box" if k == 1 else "")
        return drawn

    def picture(self, room, state):  # the room as text: $ a box (* on a goal), @ the player (if the state knows)
        shown = {self.position(room, state): "@", **{box: "*" if room[box] == "o" else "$" for box in state[1]}}
        return "\n".join("".join(shown.get((r, c), ch) for c, ch in enumerate(row, start=1))
                         for r, row in enumerate(room.rows, start=1))


class Pushes(PlayerBoxes):
    """(the smallest cell of the player's region, the two box cells): a move is a push, never onto a dead square"""

    def start(self, room):
        return min(region(room, room.player, room.boxes)), room.boxes

    def moves(self, room, state):
        corner, boxes = state
        reach = region(room, corner, boxes)
        for box in boxes:
            for letter, (dr, dc) in COMPASS.items():
                to = (box[0] + dr, box[1] + dc)
                if (box[0] - dr, box[1] - dc) in reach and room.kind(to) not in ("wall", "dead") and to not in boxes:
                    after = pushed(boxes, box, to)
                    yield f"({box[0]},{box[1]}){letter}", (min(region(room, box, after)), after), 1

    def position(self, room, state):  # the state keeps the player's region, not its cell: no route to draw
        return None


class Sokoban(GridPuzzle):
    name, summary = "sokoban", "Sokoban with two boxes: the fewest pushes to put both boxes on the two goals"
    sample = "5 6\n######\n#.@..#\n#.$$.#\n#o..o#\n######\n0 0\n"
    legend, output = LEGEND, COST
    models = {"pushes": Pushes, "player_boxes": PlayerBoxes}

    def read(self, tokens, limits):
        header = tokens.peek()
        grid = super().read(tokens, limits)
        if grid is None:
            return None
        for chars, count, what in (("@+", 1, "player (@ or +)"), ("$*", 2, "boxes ($ or *)"),
                                   ("o*+", 2, "goals (o, * or +)")):
            if len(grid.cells(chars)) != count:
                raise tokens.error(f"a room needs exactly {count} {what}, found {len(grid.cells(chars))}", header)
        goals = grid.cells("o*+")
        reach = live(grid, goals)
        rows = tuple("".join("#" if ch == "#" else "o" if (r, c) in goals else "." if (r, c) in reach else "x"
                             for c, ch in enumerate(line, start=1)) for r, line in enumerate(grid.rows, start=1))
        exits = {cell: [step for _, step in grid.steps(cell)] for cell in grid.cells() if grid.kind(cell) != "wall"}
        return Room(rows, ROOM, grid.cells("@+")[0], tuple(grid.cells("$*")), exits)

    def random_instance(self, rng, size):
        """A walled room of ``3 + size // 2`` by ``3 + size`` cells, walls, boxes, goals and player at random."""
        rows, cols = 3 + size // 2, 3 + size
        inside = [["#" if rng.random() < 0.15 else "." for _ in range(cols)] for _ in range(rows)]
        for (r, c), ch in zip(rng.sample([(r, c) for r in range(rows) for c in range(cols)], 5), "@$$oo"):
            inside[r][c] = ch
        lines = ["#" * (cols + 2), *("#" + "".join(row) + "#" for row in inside), "#" * (cols + 2)]
        return f"{rows + 2} {cols + 2}\n" + "\n".join(lines) + "\n0 0\n"
