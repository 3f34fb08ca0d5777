"""A canonical solution as numbered steps in words: the state before and after, the move, the running cost.

Every step is a plain dict (``stategraph explain --format json`` prints them as they are):
``number``, ``text`` (the line a learner reads), ``before`` and ``after`` (readable states),
``move``, ``cost`` (the running cost as named numbers) and ``picture`` (an ASCII grid, or ``None``),
plus the puzzle's own fields:

* Pushing Boxes: ``walk`` (the walk letters), ``push`` (the push letter), ``player_path`` (the
  cells the player stands on, from before the walk to the box's old cell), ``box_before``,
  ``box_after``.  The walks and pushes of the steps, concatenated, are the contest answer.
* Huarong Dao: ``kind`` (``start``: the blank's first approach, ``rotate``: the blank walks round
  the piece, ``swap``: the piece slides into the blank; ``slide``/``piece`` in ``piece_blank``)
  and ``slides``: every single move, as ``{"from": [r, c], "to": [r, c], "direction": "N"}``
  (the piece on ``from`` slides into the blank on ``to``), the contest answer's hidden
  sequence.  The blank's walks are rebuilt from the path states as the lexicographically
  smallest shortest walk avoiding the designated piece, as Pushing Boxes' decode does.
* Abbott's Revenge: ``cell``/``heading`` after the step and ``turn`` (F, L, R or ``start``).

>>> from stategraph.views.explain import explain
>>> [e] = explain("pushing_boxes", "1 4\\nSB.T\\n0 0\\n")
>>> for step in e["steps"]:
...     print(step["text"])
1. box (1,2), player W of it: walk 0, push E -> box (1,3); cost (1 push, 0 walks)
2. box (1,3), player W of it: walk 0, push E -> box (1,4); cost (2 pushes, 0 walks)
"""

from __future__ import annotations

import re
from typing import Any

from ..grid import LETTERS, OPPOSITE, shortest_walk
from ..runner import run
from ..settings import Settings


def explain(puzzle: str, text, settings: Settings | None = None, instance: int | None = None,
            query: int | None = None, source: str = "<input>", every_question: bool = False) -> list[dict]:
    """The explanations of ``text``'s answers: every instance (or instance ``instance``), and of
    each instance the first question (or question ``query``, or all with ``every_question``)."""
    settings = settings or Settings.of(puzzle)
    name = settings.puzzle.name
    explainer = EXPLAINERS.get(name)
    if explainer is None:
        from ..errors import StategraphError

        raise StategraphError(f"explain knows pushing_boxes, huarong and arrow_maze, not {name}")
    found = [explanation for _, explanation in explained(settings, text, instance, query, source, every_question)]
    if instance is not None and not found:
        from ..errors import StategraphError

        raise StategraphError(f"the input has no instance {instance}" + (f" with query {query}" if query else ""))
    return found


def explained(settings: Settings, text, instance: int | None = None, query: int | None = None,
              source: str = "<input>", every_question: bool = False):
    """``(record, explanation)`` pairs, as :func:`explain` picks them (the record holds the instance)."""
    explainer = EXPLAINERS[settings.puzzle.name]
    for record in run(settings.puzzle, text, settings, source, paths=True):
        if instance is not None and record.instance != instance:
            continue
        if not every_question and record.query != (query or 1):
            continue
        yield record, explainer(settings, record)


def render(explanation: dict) -> str:
    """The explanation as text: a heading, the numbered steps, their pictures."""
    lines = [explanation["title"]]
    for step in explanation["steps"]:
        lines.append(step["text"])
        if step.get("slides"):
            lines.append("   slides: " + " ".join(f"({r},{c}){d}" for (r, c), d in
                                                  ((s["from"], s["direction"]) for s in step["slides"])))
        if step.get("picture"):
            lines.extend("   " + row for row in step["picture"].splitlines())
    if explanation.get("picture"):
        lines.extend("   " + row for row in explanation["picture"].splitlines())
    lines.append(explanation["summary"])
    return "\n".join(lines) + "\n"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else ('es' if noun.endswith('sh') else 's')}"


def _rc(position) -> str:
    return f"({position[0]},{position[1]})"


def _base(settings: Settings, record, title: str) -> dict:
    return {"puzzle": settings.puzzle.name, "model": settings.model, "algorithm": settings.algorithm,
            "instance": record.instance, "query": record.query, "title": title,
            "output": record.text, "answer": record.answer, "steps": [], "picture": None, "summary": ""}


# Pushing Boxes ------------------------------------------------------------------------------------

def _box_picture(maze, box: int, player: int) -> str:
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


def _pushing_boxes(settings: Settings, record) -> dict:
    maze = record.subject
    grid = maze.grid
    result = _base(settings, record, f"Maze #{maze.number}")
    moves = record.answer
    if moves is None:
        result["summary"] = "Impossible: no push sequence brings the box to the target."
        result["picture"] = _box_picture(maze, maze.box, maze.player)
        return result
    solution = record.solution
    if settings.model == "box_side" and solution is not None and solution.found:
        pushes = [attrs["move"] for _, _, attrs in solution.edges]  # the canonical path's push edges
        walks = None
    else:  # a model whose edges are single moves: the segments of the decoded answer
        segments = re.findall(r"([nswe]*)([NSWE])", moves)
        pushes = [push for _, push in segments]
        walks = [walk for walk, _ in segments]
    box, player = maze.box, maze.player
    total_pushes = total_walks = 0
    for number, push in enumerate(pushes, start=1):
        direction = LETTERS.index(push)
        behind = box - grid.step[direction]
        found = shortest_walk(grid, player, behind, blocked=box) if walks is None else walks[number - 1]
        if found is None:
            raise AssertionError("the canonical path asks for a walk that does not exist")
        walk: str = found
        path = [player]
        for letter in walk:
            path.append(path[-1] + grid.step[LETTERS.index(letter.upper())])
        path.append(box)
        total_pushes, total_walks = total_pushes + 1, total_walks + len(walk)
        side = player - box
        where = (f"{LETTERS[grid.step.index(side)]} of it" if side in grid.step
                 else f"at {_rc(grid.position(player))}")
        after_box = box + grid.step[direction]
        walk_words = f"walk {len(walk)} ({walk})" if walk else "walk 0"
        text = (f"{number}. box {_rc(grid.position(box))}, player {where}: {walk_words}, push {push} -> "
                f"box {_rc(grid.position(after_box))}; cost ({_plural(total_pushes, 'push')}, "
                f"{_plural(total_walks, 'walk')})")
        result["steps"].append({
            "number": number, "text": text, "move": walk + push, "walk": walk, "push": push,
            "before": {"box": list(grid.position(box)), "player": list(grid.position(player))},
            "after": {"box": list(grid.position(after_box)), "player": list(grid.position(box))},
            "box_before": list(grid.position(box)), "box_after": list(grid.position(after_box)),
            "player_path": [list(grid.position(cell)) for cell in path],
            "cost": {"pushes": total_pushes, "walks": total_walks},
            "picture": _box_picture(maze, after_box, box)})
        box, player = after_box, box
    result["summary"] = (f"{_plural(total_pushes, 'push')} and {_plural(total_walks, 'walk')}: {moves}")
    return result


# Huarong Dao --------------------------------------------------------------------------------------

def _board_picture(board, query, piece: int, blank: int) -> str:
    grid = board.grid
    lines = []
    for r in range(1, grid.rows + 1):
        row = []
        for c in range(1, grid.cols + 1):
            cell = grid.cell(r, c)
            row.append("P" if cell == piece else "_" if cell == blank else "T" if cell == query.target
                       else "." if grid.open[cell] else "#")
        lines.append("".join(row))
    return "\n".join(lines)


def _blank_walk(grid, blank: int, goal: int, piece: int) -> list[dict]:
    """The single slides of the blank's smallest shortest walk from ``blank`` to ``goal`` round ``piece``."""
    walk = shortest_walk(grid, blank, goal, blocked=piece)
    if walk is None:
        raise AssertionError("the path asks for a blank walk that does not exist")
    slides = []
    for letter in walk:
        d = LETTERS.index(letter.upper())
        mover = blank + grid.step[d]
        slides.append(_slide(grid, mover, blank))
        blank = mover
    return slides


def _slide(grid, source: int, destination: int) -> dict:
    d = grid.step.index(destination - source)
    return {"from": list(grid.position(source)), "to": list(grid.position(destination)), "direction": LETTERS[d]}


def _huarong(settings: Settings, record) -> dict:
    board, query = record.subject, record.question
    grid = board.grid
    result = _base(settings, record, f"query {query.number}: blank {_rc(grid.position(query.blank))}, "
                                     f"piece {_rc(grid.position(query.piece))}, "
                                     f"target {_rc(grid.position(query.target))}")
    solution = record.solution
    if record.answer == -1 or solution is None or not solution.found:
        result["summary"] = "-1: the piece can never reach its target."
        result["picture"] = _board_picture(board, query, query.piece, query.blank)
        return result
    piece, blank, total = query.piece, query.blank, 0
    for number, (_, v, attrs) in enumerate(solution.edges, start=1):
        kind = attrs.get("kind", "")
        before_piece, before_blank = piece, blank
        if settings.model == "piece_blank":  # states (piece, blank): one slide per edge
            new_piece, new_blank = v
            mover = new_blank if kind != "piece" else piece
            slides = [_slide(grid, mover, blank)]
            piece, blank = new_piece, new_blank
        elif kind in ("start", "rotate"):
            goal = v[0] + grid.step[v[1]]
            slides = _blank_walk(grid, blank, goal, piece)
            blank = goal
        else:  # swap: the piece slides into the blank, the blank ends on the opposite side
            slides = [_slide(grid, piece, blank)]
            piece, blank = blank, piece
        total += len(slides)
        result["steps"].append(_huarong_step(grid, number, kind, before_piece, before_blank, piece, blank,
                                             slides, total, _board_picture(board, query, piece, blank)))
    if total != record.answer:
        raise AssertionError(f"explained {total} moves, but the answer is {record.answer}")
    result["summary"] = (f"{_plural(total, 'move')}" if total else
                         "0 moves: the piece already stands on its target.")
    return result


def _where(grid, piece: int, blank: int) -> str:
    side = blank - piece
    return f"blank {LETTERS[grid.step.index(side)]} of it" if side in grid.step else \
        f"blank at {_rc(grid.position(blank))}"


def _huarong_step(grid, number, kind, piece0, blank0, piece, blank, slides, total, picture) -> dict:
    head = f"{number}. piece {_rc(grid.position(piece0))}, {_where(grid, piece0, blank0)}: "
    if piece != piece0:
        d = LETTERS[grid.step.index(piece - piece0)]
        move = f"the piece slides {d} -> piece {_rc(grid.position(piece))}, {_where(grid, piece, blank)}"
    elif slides:
        letters = "".join(LETTERS[OPPOSITE[LETTERS.index(s["direction"])]].lower() for s in slides)
        move = f"the blank walks {len(slides)} ({letters}) -> {_where(grid, piece, blank)}"
    else:
        move = "the blank is already there"
    return {"number": number, "kind": kind, "text": head + move + f"; cost {_plural(total, 'move')}",
            "move": move, "slides": slides,
            "before": {"piece": list(grid.position(piece0)), "blank": list(grid.position(blank0))},
            "after": {"piece": list(grid.position(piece)), "blank": list(grid.position(blank))},
            "cost": {"moves": total}, "picture": picture}


# Abbott's Revenge ---------------------------------------------------------------------------------

def _route_picture(maze, route) -> str:
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


def _arrow_maze(settings: Settings, record) -> dict:
    maze = record.subject
    result = _base(settings, record, maze.name)
    route = record.answer
    result["picture"] = _route_picture(maze, route)
    solution = record.solution
    if route is None or solution is None or not solution.found:
        result["summary"] = "No Solution Possible"
        return result
    for number, (u, v, attrs) in enumerate(solution.edges, start=1):
        row, col, heading = v
        turn = attrs.get("turn", "")
        if u == "start":
            before = f"start at {_rc(maze.entrance)}"
            move = f"leave heading {LETTERS[maze.heading]}"
        else:
            before = f"{_rc(u[:2])} heading {LETTERS[u[2]]}"
            move = f"turn {turn}"
        text = f"{number}. {before}: {move} -> {_rc((row, col))} heading {LETTERS[heading]}; cost {number}"
        result["steps"].append({"number": number, "text": text, "move": move, "turn": turn,
                                "before": before, "after": f"{_rc((row, col))} heading {LETTERS[heading]}",
                                "cell": [row, col], "heading": LETTERS[heading], "cost": {"moves": number},
                                "picture": None})
    result["route"] = [list(cell) for cell in route]
    result["summary"] = f"{_plural(len(route), 'intersection')} visited, {_plural(len(route) - 1, 'move')}"
    return result


EXPLAINERS: dict[str, Any] = {"pushing_boxes": _pushing_boxes, "huarong": _huarong, "arrow_maze": _arrow_maze}
