"""Abbott's Revenge explained: the canonical route as numbered turns (``cell``/``heading`` after
each step, ``turn``: F, L, R or ``start``), with the route drawn over the signed intersections.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...contract.words import plural, rc
from ...grid.cells import LETTERS

if TYPE_CHECKING:
    from ...contract.scene import Scene


def route_picture(maze, route) -> str:
    cells = set(maze.signs) | {maze.entrance, maze.goal} | set(route or ())
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    on_route = set(route or ())
    lines = []
    for r in range(top, bottom + 1):
        row = []
        for c in range(left, right + 1):
            cell = (r, c)
            row.append("S" if cell == maze.entrance else "G" if cell == maze.goal else
                       "*" if cell in on_route else "+" if cell in maze.signs else " ")
        lines.append(" ".join(row).rstrip())
    return "\n".join(lines)


def explain(maze, solution, route) -> dict:
    """The canonical ``route`` of ``maze`` step by step: each step is one turn at an intersection."""
    result: dict = {"title": maze.name, "steps": [], "picture": route_picture(maze, route), "summary": ""}
    if route is None or solution is None or not solution.found:
        result["summary"] = "No Solution Possible"
        return result
    for number, (u, v, attrs) in enumerate(solution.edges, start=1):
        row, col, heading = v
        turn = attrs["move"]
        if u == "start":
            before = f"start at {rc(maze.entrance)}"
            move = f"leave heading {LETTERS[maze.heading]}"
        else:
            before = f"{rc(u[:2])} heading {LETTERS[u[2]]}"
            move = f"turn {turn}"
        text = f"{number}. {before}: {move} -> {rc((row, col))} heading {LETTERS[heading]}; cost so far {number}"
        result["steps"].append({"number": number, "text": text, "move": move, "turn": turn,
                                "before": before, "after": f"{rc((row, col))} heading {LETTERS[heading]}",
                                "cell": [row, col], "heading": LETTERS[heading], "cost": {"moves": number},
                                "picture": None})
    result["route"] = [list(cell) for cell in route]
    result["summary"] = f"{plural(len(route), 'intersection')} visited, {plural(len(route) - 1, 'move')}"
    return result


def scene(maze, states) -> Scene:
    """The signed intersections (and the row and column 1) with the route through ``states`` (the start first)."""
    from ...contract.scene import Scene  # only `draw` and `view` need the picture (and solving imports this module)

    walked = [state[:2] for state in states[1:]]
    cells = set(maze.signs) | {maze.entrance, maze.goal} | set(walked)
    top, left = min(min(r for r, _ in cells), 1), min(min(c for _, c in cells), 1)
    drawn = Scene(top, left, max(r for r, _ in cells), max(c for _, c in cells))
    for r in range(drawn.top, drawn.bottom + 1):
        for c in range(drawn.left, drawn.right + 1):
            signs = maze.signs.get((r, c))
            note = " ".join(LETTERS[h] + turns for h, turns in sorted(signs.items())) if signs else ""
            drawn.cell(r, c, "sign" if signs else "empty", note=note)
    drawn.cell(maze.goal[0], maze.goal[1], "goal", "G", name="target")
    drawn.mark("start", maze.entrance, "walker")
    points = [maze.entrance] + walked
    drawn.trail("route-path", points, "route", "route")
    return drawn
