"""Pictures: the grid with the solution path on it, the state graph of a small instance, an animation.

matplotlib is an optional extra (``pip install 'stategraph[draw]'``), imported only here and only
when a picture is asked for, with the headless Agg backend.  The output format follows the file
name: ``.svg`` or ``.png`` (``.gif`` for animations).

What is drawn carries a ``gid`` (an ``id`` in SVG), so a picture can be inspected by program:
``grid``, ``start``, ``target``; the path as ``box-path`` and ``player-path`` (Pushing Boxes),
``piece-path`` and ``blank-path`` (Huarong Dao), ``route-path`` (arrow maze); in a state graph
``states``, ``settled-states`` and ``canonical-path``.

State graphs are drawn only up to :data:`MAX_GRAPH_STATES` states; larger ones are refused with a
pointer to the GraphML export, which graph tools (Gephi, yEd) lay out far better.  An animation
is drawn only up to :data:`MAX_ANIMATION_CELLS` frames x grid cells (every frame redraws the
grid): a longer one is refused before its first frame.  Files are written through
:mod:`stategraph.safefile`: an existing picture is replaced only by a complete one.
"""

from __future__ import annotations

import math
from collections import defaultdict

from ..errors import StategraphError
from ..safefile import output_name
from ..settings import Settings
from .explain import explained

MAX_GRAPH_STATES = 400
MAX_ANIMATION_CELLS = 25_000  # frames x grid cells of an animation (about half a millisecond each)
INSTALL_HINT = "drawing needs matplotlib: pip install 'stategraph[draw]'"
FORMATS = (".svg", ".png")


class DrawingUnavailable(StategraphError):
    """matplotlib is not installed (exit status 2)."""


def pyplot():
    """``matplotlib.pyplot`` on the Agg backend, or :class:`DrawingUnavailable`."""
    try:
        import matplotlib
    except ImportError:
        raise DrawingUnavailable(INSTALL_HINT) from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def check_path(path: str, formats=FORMATS) -> None:
    if not path.lower().endswith(formats):
        raise StategraphError(f"cannot tell the picture format of {path!r}: name it {' or '.join(formats)}")


def pick(settings: Settings, text, instance: int | None, query: int | None, source: str = "<input>"):
    """``(record, explanation)`` of one question: instance ``instance`` (default 1), query ``query``."""
    for found in explained(settings, text, instance or 1, query, source):
        return found
    raise StategraphError(f"the input has no instance {instance or 1}" + (f" with query {query}" if query else ""))


# grids --------------------------------------------------------------------------------------------

def _square(ax, row, col, colour, gid=None, edge="#999999"):
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((col - 0.5, row - 0.5), 1, 1, facecolor=colour, edgecolor=edge, linewidth=0.5, gid=gid))


def _frame(ax, rows, cols) -> None:
    ax.set_xlim(0.5, cols + 0.5)
    ax.set_ylim(rows + 0.5, 0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(1, cols + 1))
    ax.set_yticks(range(1, rows + 1))
    ax.tick_params(labelsize=7)


def _line(ax, points, gid, **style):
    if points:
        rows, cols = zip(*points)
        ax.plot(cols, rows, gid=gid, **style)


def draw_scene(ax, puzzle: str, record, explanation: dict, upto: int | None = None) -> None:
    """The grid of ``record``'s instance with the path of the first ``upto`` steps (all by default)."""
    steps = explanation["steps"][:upto] if upto is not None else explanation["steps"]
    {"pushing_boxes": _boxes, "huarong": _board, "arrow_maze": _arrows}[puzzle](ax, record, steps)


def _boxes(ax, record, steps) -> None:
    maze = record.subject
    grid = maze.grid
    for r, line in enumerate(maze.rows, start=1):
        for c, ch in enumerate(line, start=1):
            _square(ax, r, c, "#444444" if ch == "#" else "white")
    tr, tc = grid.position(maze.target)
    _square(ax, tr, tc, "#b6e3b6", gid="target")
    ax.text(tc, tr, "T", ha="center", va="center", fontsize=8)
    player, box = grid.position(maze.player), grid.position(maze.box)
    ax.plot([player[1]], [player[0]], "o", color="tab:blue", markersize=8, gid="start")
    box_points = [box] + [tuple(step["box_after"]) for step in steps]
    player_points = [tuple(cell) for step in steps for cell in step["player_path"]]
    _line(ax, player_points, "player-path", color="tab:blue", linestyle="--", linewidth=1.2, label="player")
    _line(ax, box_points, "box-path", color="tab:orange", linewidth=3, marker="s", markersize=4, label="box")
    br, bc = box_points[-1]
    _square(ax, br, bc, "tab:orange", gid="box", edge="black")
    if steps:
        pr, pc = steps[-1]["after"]["player"]
        ax.plot([pc], [pr], "o", color="tab:blue", markersize=8)
    _frame(ax, grid.rows, grid.cols)
    ax.legend(loc="upper right", fontsize=7)


def _board(ax, record, steps) -> None:
    board, query = record.subject, record.question
    grid = board.grid
    for r in range(1, grid.rows + 1):
        for c in range(1, grid.cols + 1):
            _square(ax, r, c, "#cfd8e3" if grid.open[grid.cell(r, c)] else "#444444")
    tr, tc = grid.position(query.target)
    _square(ax, tr, tc, "#b6e3b6", gid="target")
    piece_points = [grid.position(query.piece)]
    blank_points = [grid.position(query.blank)]
    for step in steps:
        for slide in step["slides"]:
            blank_points.append(tuple(slide["from"]))
        if tuple(step["after"]["piece"]) != piece_points[-1]:
            piece_points.append(tuple(step["after"]["piece"]))
    _line(ax, blank_points, "blank-path", color="tab:blue", linestyle="--", linewidth=1.2, label="blank")
    _line(ax, piece_points, "piece-path", color="tab:red", linewidth=3, marker="o", markersize=4, label="piece")
    pr, pc = piece_points[-1]
    br, bc = blank_points[-1]
    _square(ax, br, bc, "white", gid="blank", edge="black")
    ax.plot([pc], [pr], "s", color="tab:red", markersize=12, gid="piece")
    ax.plot([piece_points[0][1]], [piece_points[0][0]], "x", color="black", gid="start")
    _frame(ax, grid.rows, grid.cols)
    ax.legend(loc="upper right", fontsize=7)


def _arrow_bounds(maze, steps) -> tuple[int, int, int, int]:
    """``top, left, bottom, right`` of an arrow maze's picture: its signs, ends and route, and (1, 1)."""
    cells = set(maze.signs) | {maze.entrance, maze.goal} | {tuple(step["cell"]) for step in steps}
    top, left = min(min(r for r, _ in cells), 1), min(min(c for _, c in cells), 1)
    return top, left, max(r for r, _ in cells), max(c for _, c in cells)


def _cells(record, steps) -> int:
    """The grid cells a picture of ``record``'s instance draws."""
    grid = getattr(record.subject, "grid", None)  # Pushing Boxes and Huarong Dao
    if grid is not None:
        return grid.rows * grid.cols
    top, left, bottom, right = _arrow_bounds(record.subject, steps)
    return (bottom - top + 1) * (right - left + 1)


def _arrows(ax, record, steps) -> None:
    from ..grid import LETTERS

    maze = record.subject
    top, left, bottom, right = _arrow_bounds(maze, steps)
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            signs = maze.signs.get((r, c))
            _square(ax, r, c, "#fff7d6" if signs else "#eeeeee")
            if signs:
                words = " ".join(LETTERS[h] + turns for h, turns in sorted(signs.items()))
                ax.text(c, r + 0.38, words, ha="center", va="center", fontsize=6, color="#555555")
    er, ec = maze.entrance
    gr, gc = maze.goal
    _square(ax, gr, gc, "#b6e3b6", gid="target")
    ax.text(gc, gr, "G", ha="center", va="center", fontsize=9)
    ax.plot([ec], [er], "o", color="tab:blue", markersize=9, gid="start")
    points = [maze.entrance] + [tuple(step["cell"]) for step in steps]
    jitter = [(r + 0.12 * math.sin(i), c + 0.12 * math.cos(i)) for i, (r, c) in enumerate(points)]
    _line(ax, jitter, "route-path", color="tab:purple", linewidth=1.5, marker=".", label="route")
    ax.set_xlim(left - 0.5, right + 0.5)
    ax.set_ylim(bottom + 0.5, top - 0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(left, right + 1))
    ax.set_yticks(range(top, bottom + 1))
    ax.tick_params(labelsize=7)
    ax.legend(loc="upper right", fontsize=7)


def draw_solution(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
                  source: str = "<input>") -> dict:
    """The grid of one question with its solution path, written to ``path`` (SVG or PNG)."""
    check_path(path)
    plt = pyplot()
    record, explanation = pick(settings, text, instance, query, source)
    fig, ax = plt.subplots(figsize=(6, 5))
    ax.set_gid("grid")
    draw_scene(ax, settings.puzzle.name, record, explanation)
    ax.set_title(f"{explanation['title']}: {explanation['summary']}"[:90], fontsize=9)
    fig.tight_layout()
    with output_name(path, "the picture") as name:
        fig.savefig(name)
    plt.close(fig)
    return explanation


def animate(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
            source: str = "<input>", fps: int = 2, max_cells: int = MAX_ANIMATION_CELLS) -> int:
    """A GIF of the solution, one frame per step (one frame of the start when there is no step);
    returns the number of frames.  Refused, before any frame is drawn, when frames x grid cells
    is above ``max_cells``."""
    check_path(path, (".gif",))
    plt = pyplot()
    from matplotlib.animation import FuncAnimation, PillowWriter

    record, explanation = pick(settings, text, instance, query, source)
    steps = explanation["steps"]
    frames = max(len(steps), 1)
    cells = frames * _cells(record, steps)
    if cells > max_cells:
        raise StategraphError(f"the animation of instance {record.instance} would draw {frames:,} frames of "
                              f"{cells // frames:,} grid cells ({cells:,} frame cells), above the animation limit "
                              f"of {max_cells:,} frame cells; draw its picture with -o FILE.svg instead")
    fig, ax = plt.subplots(figsize=(5, 4.5))

    def show(k):
        ax.clear()
        draw_scene(ax, settings.puzzle.name, record, explanation, upto=k + 1 if steps else 0)
        caption = steps[k]["text"] if steps else explanation["summary"]
        ax.set_title(caption if len(caption) <= 70 else caption[:67] + "...", fontsize=7)
        return []

    animation = FuncAnimation(fig, show, frames=frames, blit=False, repeat=False)
    with output_name(path, "the animation") as name:
        animation.save(name, writer=PillowWriter(fps=fps))
    plt.close(fig)
    return frames


# state graphs -------------------------------------------------------------------------------------

class _Recording(dict):
    """An adjacency dict that remembers whose out-edges a routine looked at."""

    def __init__(self, data, seen: set):
        super().__init__(data)
        self.seen = seen

    def __getitem__(self, key):
        self.seen.add(key)
        return dict.__getitem__(self, key)


def settled_states(state_model, algorithm: str, options: dict | None = None) -> set:
    """The states ``algorithm`` settled on ``state_model`` (in the sense of :mod:`stategraph.views.compare`):
    those whose out-edges it scanned, observed by watching the graph's adjacency, plus those it
    settled without a scan (BFS's last layer), as many as its own count says, nearest first."""
    from ..search import get_search

    graph = state_model.graph
    seen: set = set()
    saved = graph._succ, graph._adj, graph._pred
    forward, backward = _Recording(graph._succ, seen), _Recording(graph._pred, seen)
    graph._succ = graph._adj = forward
    graph._pred = backward
    try:
        result = get_search(algorithm).run(graph, state_model.source, state_model.targets, zero=state_model.zero,
                                           heuristic=state_model.heuristic, **(options or {}))
    finally:
        graph._succ, graph._adj, graph._pred = saved
    settled = seen or set(result.dist)
    missing = (result.stats.settled or 0) - len(settled)
    if missing > 0:  # settled without a scan: BFS's last layer, final once it holds a target
        rest = sorted((state for state in result.dist if state not in settled), key=lambda s: result.dist[s])
        settled.update(rest[:missing])
    return settled


def _layout(graph) -> dict:
    """Each state near its cell on the grid (piece, box or intersection), states sharing a cell on a
    small circle round it; a spring layout when the states carry no position."""
    base = {}
    for node, attrs in graph.nodes(data=True):
        for r, c in (("box_row", "box_col"), ("piece_row", "piece_col"), ("row", "col")):
            if r in attrs and c in attrs:
                base[node] = (attrs[c], -attrs[r])
                break
    if len(base) != len(graph):
        import networkx as nx

        return nx.spring_layout(graph, seed=1)
    groups = defaultdict(list)
    for node, point in base.items():
        groups[point].append(node)
    position = {}
    for (x, y), nodes in groups.items():
        nodes.sort(key=str)
        radius = 0.0 if len(nodes) == 1 else 0.32
        for i, node in enumerate(nodes):
            angle = 2 * math.pi * i / len(nodes) + 0.4
            position[node] = (x + radius * math.cos(angle), y + radius * math.sin(angle))
    return position


def draw_graph(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
               max_states: int = MAX_GRAPH_STATES, source: str = "<input>") -> dict:
    """The state graph of one question, its canonical path highlighted and the states settled by
    ``settings.algorithm`` shaded; refused above ``max_states`` states.  Returns counts drawn."""
    check_path(path)
    import networkx as nx

    from ..pipeline import solve

    plt = pyplot()
    puzzle = settings.puzzle
    wanted = instance or 1
    for item in puzzle.parse(text, source, dict(settings.limits)):
        if getattr(item, "number", 1) != wanted:
            continue
        model = puzzle.model(settings.model)(item)
        for question in puzzle.questions(item):
            if puzzle.number(item, question)[1] != (query or 1):
                continue
            with model.state_model(question) as state_model:
                graph = state_model.graph
                if len(graph) > max_states:
                    raise StategraphError(
                        f"the state graph of instance {wanted} has {len(graph):,} states, above the drawing limit "
                        f"of {max_states}; write it with `stategraph solve {puzzle.name} --export-graphml "
                        f"FILE` (or `stategraph export`) and open it in a graph tool")
                settled = settled_states(state_model, settings.algorithm, dict(settings.options))
                solution = solve(state_model, settings.algorithm, dict(settings.options))
                path_states = solution.states or []
                _plot_graph(plt, nx, graph, state_model, settled, path_states, path,
                            f"{puzzle.name} instance {wanted}, model {settings.model}: {len(graph)} states, "
                            f"{len(settled)} settled by {settings.algorithm}")
                return {"states": len(graph), "edges": graph.number_of_edges(), "settled": len(settled),
                        "path": len(path_states)}
    raise StategraphError(f"the input has no instance {wanted}" + (f" with query {query}" if query else ""))


def _plot_graph(plt, nx, graph, state_model, settled, path_states, path, title) -> None:
    position = _layout(graph)
    fig, ax = plt.subplots(figsize=(8, 7))
    shaded = [n for n in graph if n in settled]
    small = 60 if len(graph) <= 60 else 20
    drawn = nx.draw_networkx_nodes(graph, position, node_size=small, node_color="white", edgecolors="#888888", ax=ax)
    drawn.set_gid("states")
    if shaded:
        drawn = nx.draw_networkx_nodes(graph, position, nodelist=shaded, node_size=small, node_color="#9ecae1",
                                       edgecolors="#3182bd", ax=ax)
        drawn.set_gid("settled-states")
    nx.draw_networkx_edges(graph, position, ax=ax, edge_color="#cccccc", arrows=True, arrowsize=6, width=0.6,
                           node_size=small)
    on_path = list(zip(path_states, path_states[1:]))
    if on_path:
        arrows = nx.draw_networkx_edges(graph, position, edgelist=on_path, ax=ax, edge_color="tab:red", width=2.2,
                                        arrows=True, arrowsize=10, node_size=small)
        for arrow in arrows if isinstance(arrows, list) else [arrows]:
            arrow.set_gid("canonical-path")
    ends = [state_model.source] + [t for t in state_model.targets if t in graph]
    marks = nx.draw_networkx_nodes(graph, position, nodelist=ends, node_size=small * 2, node_color="none",
                                   edgecolors="tab:green", linewidths=1.5, ax=ax)
    marks.set_gid("source-and-targets")
    if len(graph) <= 40:
        labels = {n: graph.nodes[n].get("label", str(n)).replace(" ", "\n") for n in graph}
        nx.draw_networkx_labels(graph, position, labels, font_size=5, ax=ax)
    ax.set_title(title, fontsize=9)
    ax.set_axis_off()
    fig.tight_layout()
    with output_name(path, "the picture") as name:
        fig.savefig(name)
    plt.close(fig)
