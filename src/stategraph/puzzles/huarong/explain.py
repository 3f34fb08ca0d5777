"""Huarong Dao explained: the canonical path as numbered steps, with every single slide it hides.

Each step holds ``kind`` (``start``, ``rotate``, ``swap``; ``slide``/``piece`` in ``piece_blank``)
and ``slides``: every single move, ``{"from": [r, c], "to": [r, c], "direction": "N"}``.
"""

from __future__ import annotations

from ...contract.scene import Scene
from ...contract.words import plural, rc
from ...errors import ContractError
from ...grid.cells import LETTERS, OPPOSITE
from ...grid.walks import shortest_walk


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
    if walk is None:  # a model's graph with a move the board does not allow (a plug-in's, say)
        raise ContractError(f"the canonical path asks the blank to walk from {rc(grid.position(blank))} to "
                            f"{rc(grid.position(goal))} round the piece at {rc(grid.position(piece))}, but no such "
                            "walk exists on the board: the model's graph has a move the puzzle does not allow")
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


def explain(board, query, solution, answer, single_slides: bool) -> dict:
    """The canonical path of ``solution`` (``answer``: its moves, ``-1`` for none) step by step;
    ``single_slides``: each edge is one slide (``piece_blank``); otherwise edges are the blank's
    walks round the piece and the piece's swaps."""
    grid = board.grid
    result: dict = {"title": f"query {query.number}: blank {rc(grid.position(query.blank))}, "
                             f"piece {rc(grid.position(query.piece))}, target {rc(grid.position(query.target))}",
                    "steps": [], "picture": None, "summary": ""}
    if answer == -1 or solution is None or not solution.found:
        result["summary"] = "-1: the piece can never reach its target."
        result["picture"] = _board_picture(board, query, query.piece, query.blank)
        return result
    result["start_picture"] = _board_picture(board, query, query.piece, query.blank)
    result["steps"], total = steps(board, query, [(v, attrs.get("kind", "")) for _, v, attrs in solution.edges],
                                   single_slides)
    if total != answer:
        raise AssertionError(f"explained {total} moves, but the answer is {answer}")
    result["summary"] = (f"{plural(total, 'move')}" if total else
                         "0 moves: the piece already stands on its target.")
    return result


def steps(board, query, moves, single_slides: bool) -> tuple[list, int]:
    """The steps of ``moves`` from the query's start, each ``(the state it reaches, its kind)``
    (see :func:`explain`), and the single slides they make in all."""
    grid = board.grid
    piece, blank, total, told = query.piece, query.blank, 0, []
    for number, (v, kind) in enumerate(moves, start=1):
        before_piece, before_blank = piece, blank
        if single_slides:  # states (piece, blank): one slide per edge
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
        told.append(_huarong_step(grid, number, kind, before_piece, before_blank, piece, blank,
                                  slides, total, _board_picture(board, query, piece, blank)))
    return told, total


def _where(grid, piece: int, blank: int) -> str:
    side = blank - piece
    return f"blank {LETTERS[grid.step.index(side)]} of it" if side in grid.step else \
        f"blank at {rc(grid.position(blank))}"


def _huarong_step(grid, number, kind, piece0, blank0, piece, blank, slides, total, picture) -> dict:
    head = f"{number}. piece {rc(grid.position(piece0))}, {_where(grid, piece0, blank0)}: "
    if piece != piece0:
        d = LETTERS[grid.step.index(piece - piece0)]
        move = f"the piece slides {d} -> piece {rc(grid.position(piece))}, {_where(grid, piece, blank)}"
    elif slides:
        letters = "".join(LETTERS[OPPOSITE[LETTERS.index(s["direction"])]].lower() for s in slides)
        move = f"the blank walks {len(slides)} ({letters}) -> {_where(grid, piece, blank)}"
    else:
        move = "the blank is already there"
    return {"number": number, "kind": kind, "text": head + move + f"; cost so far {plural(total, 'move')}",
            "move": move, "slides": slides,
            "before": {"piece": list(grid.position(piece0)), "blank": list(grid.position(blank0))},
            "after": {"piece": list(grid.position(piece)), "blank": list(grid.position(blank))},
            "cost": {"moves": total}, "picture": picture}


def scene(board, query, told) -> Scene:
    """The board with the piece's and the blank's paths over ``told`` (explanation steps)."""
    grid = board.grid
    drawn = Scene(1, 1, grid.rows, grid.cols)
    for r in range(1, grid.rows + 1):
        for c in range(1, grid.cols + 1):
            drawn.cell(r, c, "board" if grid.open[grid.cell(r, c)] else "wall")
    tr, tc = grid.position(query.target)
    drawn.cell(tr, tc, "goal", name="target")
    piece_points = [grid.position(query.piece)]
    blank_points = [grid.position(query.blank)]
    for step in told:
        blank_points.extend(tuple(slide["from"]) for slide in step["slides"])
        if tuple(step["after"]["piece"]) != piece_points[-1]:
            piece_points.append(tuple(step["after"]["piece"]))
    drawn.trail("blank-path", blank_points, "walk", "blank")
    drawn.trail("piece-path", piece_points, "slide", "piece")
    drawn.mark("blank", blank_points[-1], "blank")
    drawn.mark("piece", piece_points[-1], "piece")
    drawn.mark("start", piece_points[0], "origin")
    return drawn
