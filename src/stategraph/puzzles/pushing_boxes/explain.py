"""Pushing Boxes explained: the canonical answer as numbered pushes, each with its walk and a picture.

Each step holds ``walk``, ``push`` (letters), ``player_path`` (the player's cells up to the box's old
one), ``box_before`` and ``box_after``.
"""

from __future__ import annotations

import re

from ...contract.scene import Scene
from ...contract.words import plural, rc
from ...grid.cells import LETTERS


def box_picture(maze, box: int, player: int) -> str:
    grid = maze.grid
    rows = [list(line.replace("S", ".").replace("B", ".")) for line in maze.rows]
    tr, tc = grid.position(maze.target)
    br, bc = grid.position(box)
    pr, pc = grid.position(player)
    rows[br - 1][bc - 1] = "*" if box == maze.target else "B"
    rows[pr - 1][pc - 1] = "P"
    if box != maze.target:
        rows[tr - 1][tc - 1] = "T"
    return "\n".join("".join(row) for row in rows)


def explain(maze, solution, moves) -> dict:
    """The answer ``moves`` of ``maze`` step by step: each push with the walk before it, as the
    answer spells them (whichever model answered; ``solution`` is not read)."""
    grid = maze.grid
    result: dict = {"title": f"Maze #{maze.number}", "steps": [], "picture": None, "summary": ""}
    if moves is None:
        result["summary"] = "Impossible: no push sequence brings the box to the target."
        result["picture"] = box_picture(maze, maze.box, maze.player)
        return result
    result["start_picture"] = box_picture(maze, maze.box, maze.player)
    box, player = maze.box, maze.player
    total_pushes = total_walks = 0
    for number, (walk, push) in enumerate(re.findall(r"([nswe]*)([NSWE])", moves), start=1):
        direction = LETTERS.index(push)
        path = [player]
        for letter in walk:
            path.append(path[-1] + grid.step[LETTERS.index(letter.upper())])
        path.append(box)
        total_pushes, total_walks = total_pushes + 1, total_walks + len(walk)
        side = player - box
        where = (f"{LETTERS[grid.step.index(side)]} of it" if side in grid.step
                 else f"at {rc(grid.position(player))}")
        after_box = box + grid.step[direction]
        walk_words = f"walk {len(walk)} ({walk})" if walk else "walk 0"
        text = (f"{number}. box {rc(grid.position(box))}, player {where}: {walk_words}, push {push} -> "
                f"box {rc(grid.position(after_box))}; cost so far ({plural(total_pushes, 'push')}, "
                f"{plural(total_walks, 'walk')})")
        result["steps"].append({
            "number": number, "text": text, "move": walk + push, "walk": walk, "push": push,
            "before": {"box": list(grid.position(box)), "player": list(grid.position(player))},
            "after": {"box": list(grid.position(after_box)), "player": list(grid.position(box))},
            "box_before": list(grid.position(box)), "box_after": list(grid.position(after_box)),
            "player_path": [list(grid.position(cell)) for cell in path],
            "cost": {"pushes": total_pushes, "walks": total_walks},
            "picture": box_picture(maze, after_box, box)})
        box, player = after_box, box
    result["summary"] = (f"{plural(total_pushes, 'push')} and {plural(total_walks, 'walk')}: {moves}")
    return result


def scene(maze, moves: str) -> Scene:
    """The maze with the box's and the player's paths over the pushes of ``moves``."""
    steps = explain(maze, None, moves)["steps"]
    grid = maze.grid
    drawn = Scene(1, 1, grid.rows, grid.cols)
    for r, line in enumerate(maze.rows, start=1):
        for c, ch in enumerate(line, start=1):
            drawn.cell(r, c, "wall" if ch == "#" else "floor")
    tr, tc = grid.position(maze.target)
    drawn.cell(tr, tc, "goal", "T", name="target")
    drawn.mark("start", grid.position(maze.player), "walker")
    box_points = [grid.position(maze.box)] + [tuple(step["box_after"]) for step in steps]
    drawn.trail("player-path", [cell for step in steps for cell in step["player_path"]], "walk", "player")
    drawn.trail("box-path", box_points, "push", "box")
    drawn.mark("box", box_points[-1], "box")
    if steps:
        drawn.mark("player", steps[-1]["after"]["player"], "walker")
    return drawn
