"""Pictures: the grid with the solution path on it, the state graph of a small instance, an animation.

matplotlib is an optional extra (``pip install 'stategraph[draw]'``), imported only here and only
when a picture is asked for, with the headless Agg backend.  The output format follows the file
name: ``.svg`` or ``.png`` (``.gif`` for animations).

The grid is the model's :class:`~stategraph.contract.scene.Scene` (:meth:`~stategraph.contract.puzzle.Model.scene`),
drawn the same way for every puzzle.  What is drawn carries a ``gid`` (an ``id`` in SVG), so a
picture can be inspected by program: ``grid``, and the names the scene gives its cells, trails
and marks (``start``, ``target``, ``box-path``, ``piece-path``, ``route-path``, ...); in a state
graph ``states``, ``settled-states`` and ``canonical-path``.  A model without a scene is drawn
as its state graph (``--graph``).

State graphs are drawn only up to :data:`MAX_GRAPH_STATES` states; larger ones are refused with a
pointer to the GraphML export, which graph tools (Gephi, yEd) lay out far better.  An animation
is drawn only up to :data:`MAX_ANIMATION_CELLS` frames x grid cells (every frame redraws the
grid): a longer one is refused before its first frame.  Files are written through
:mod:`stategraph.io.safefile`: an existing picture is replaced only by a complete one.
"""

from __future__ import annotations

import math
from collections import defaultdict

from ..contract.scene import CELL_STYLES, MARK_STYLES, TRAIL_STYLES
from ..errors import StategraphError
from ..io.safefile import output_name
from ..plugins.faults import answering, question_name
from ..settings.resolve import Settings
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

def scene_of(settings: Settings, record, explanation: dict, upto: int | None = None):
    """The model's :class:`~stategraph.contract.scene.Scene` of ``record`` after its first ``upto`` steps
    (all by default), or ``None`` where it pictures none."""
    steps = explanation["steps"][:upto] if upto is not None else explanation["steps"]
    with answering(lambda: question_name(settings.puzzle, record.subject, record.question)):
        return settings.puzzle.model(settings.model).scene(record, steps)


def render_scene(ax, scene) -> None:
    """Draw ``scene`` on matplotlib axes: cells, then trails, then marks, each with its ``gid``."""
    from matplotlib.patches import Rectangle

    for cell in scene.cells:
        ax.add_patch(Rectangle((cell.col - 0.5, cell.row - 0.5), 1, 1, facecolor=CELL_STYLES[cell.style],
                               edgecolor="#999999", linewidth=0.5, gid=cell.name or None))
        if cell.text:
            ax.text(cell.col, cell.row, cell.text, ha="center", va="center", fontsize=8)
        if cell.note:
            ax.text(cell.col, cell.row + 0.38, cell.note, ha="center", va="center", fontsize=6, color="#555555")
    for trail in scene.trails:
        colour, width, dashed, marker, spread = TRAIL_STYLES[trail.style]
        points = [(r + 0.12 * math.sin(i), c + 0.12 * math.cos(i)) for i, (r, c) in enumerate(trail.points)] \
            if spread else trail.points
        if points:
            rows, cols = zip(*points)
            ax.plot(cols, rows, gid=trail.name, color=colour, linewidth=width, linestyle="--" if dashed else "-",
                    marker=marker or None, markersize=4, label=trail.legend or None)
    for mark in scene.marks:
        colour, marker, size = MARK_STYLES[mark.style]
        row, col = mark.position
        if marker == "cell":
            ax.add_patch(Rectangle((col - 0.5, row - 0.5), 1, 1, facecolor=colour, edgecolor="black",
                                   linewidth=0.5, gid=mark.name))
        else:
            ax.plot([col], [row], marker, color=colour, markersize=size, gid=mark.name)
    ax.set_xlim(scene.left - 0.5, scene.right + 0.5)
    ax.set_ylim(scene.bottom + 0.5, scene.top - 0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(scene.left, scene.right + 1))
    ax.set_yticks(range(scene.top, scene.bottom + 1))
    ax.tick_params(labelsize=7)
    if any(trail.legend for trail in scene.trails):
        ax.legend(loc="upper right", fontsize=7)


def draw_solution(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
                  source: str = "<input>") -> dict | None:
    """The grid of one question with its solution path, written to ``path`` (SVG or PNG); ``None``
    (and nothing written) where the model pictures no grid: draw its state graph instead."""
    check_path(path)
    plt = pyplot()
    record, explanation = pick(settings, text, instance, query, source)
    scene = scene_of(settings, record, explanation)
    if scene is None:
        return None
    fig, ax = plt.subplots(figsize=(6, 5))
    ax.set_gid("grid")
    render_scene(ax, scene)
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
    last = scene_of(settings, record, explanation)
    if last is not None:
        cells = (last.bottom - last.top + 1) * (last.right - last.left + 1)

        def picture(k):
            render_scene(ax, scene_of(settings, record, explanation, upto=k + 1 if steps else 0))
    else:  # the state graph, the path so far in red
        graph = _graph_to_draw(record)
        cells = len(graph)
        position = _layout(graph)
        states = (record.solution.states if record.solution is not None else None) or []

        def picture(k):
            _draw_states(graph, position, ax, path_states=states[:k + 2] if steps else states[:1])
    if frames * cells > max_cells:
        raise StategraphError(f"the animation of instance {record.instance} would draw {frames:,} frames of "
                              f"{cells:,} cells or states ({frames * cells:,} frame cells), above the animation "
                              f"limit of {max_cells:,} frame cells; draw its picture with -o FILE.svg instead")
    fig, ax = plt.subplots(figsize=(5, 4.5))

    def show(k):
        ax.clear()
        picture(k)
        caption = steps[k]["text"] if steps else explanation["summary"]
        ax.set_title(caption if len(caption) <= 70 else caption[:67] + "...", fontsize=7)
        return []

    animation = FuncAnimation(fig, show, frames=frames, blit=False, repeat=False)
    with output_name(path, "the animation") as name:
        animation.save(name, writer=PillowWriter(fps=fps))
    plt.close(fig)
    return frames


# state graphs -------------------------------------------------------------------------------------

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
    from ..search.solution import solve

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
            with model.state_graph(question) as state_graph:
                graph = state_graph.graph
                _check_drawable(graph, wanted, max_states)
                solution = solve(state_graph, settings.algorithm, dict(settings.options))
                settled = set(solution.search.settled_order() if solution.search is not None else ())
                path_states = solution.states or []
                _plot_graph(plt, graph, state_graph, settled, path_states, path,
                            f"{puzzle.name} instance {wanted}, model {settings.model}: {len(graph)} states, "
                            f"{len(settled)} settled by {settings.algorithm}")
                return {"states": len(graph), "edges": graph.number_of_edges(), "settled": len(settled),
                        "path": len(path_states)}
    raise StategraphError(f"the input has no instance {wanted}" + (f" with query {query}" if query else ""))


def _plot_graph(plt, graph, state_graph, settled, path_states, path, title) -> None:
    fig, ax = plt.subplots(figsize=(8, 7))
    _draw_states(graph, _layout(graph), ax, path_states, settled,
                 [state_graph.source] + [t for t in state_graph.targets if t in graph])
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    with output_name(path, "the picture") as name:
        fig.savefig(name)
    plt.close(fig)


def _graph_to_draw(record, max_states: int = MAX_GRAPH_STATES):
    """The state graph of ``record``'s question, for a model that draws no scene."""
    graph = record.graph
    if graph is None:
        raise StategraphError(f"instance {record.instance} query {record.query}: only the first question of an "
                              "instance keeps its state graph for drawing")
    _check_drawable(graph, record.instance, max_states)
    return graph


def _check_drawable(graph, instance: int, max_states: int) -> None:
    if len(graph) > max_states:
        raise StategraphError(f"the state graph of instance {instance} has {len(graph):,} states, above the "
                              f"drawing limit of {max_states}; write it with `stategraph export` and open it in a "
                              "graph tool")


def _draw_states(graph, position, ax, path_states, settled=(), ends=None) -> None:
    """The states (``settled`` ones shaded), the edges, the path ``path_states`` in red and its
    last state (or ``ends``: the source and targets) ringed in green."""
    import networkx as nx

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
    ends = ends if ends is not None else path_states[-1:]
    marks = nx.draw_networkx_nodes(graph, position, nodelist=ends, node_size=small * 2, node_color="none",
                                   edgecolors="tab:green", linewidths=1.5, ax=ax)
    marks.set_gid("source-and-targets")
    if len(graph) <= 40:
        labels = {n: graph.nodes[n].get("label", str(n)).replace(" ", "\n") for n in graph}
        nx.draw_networkx_labels(graph, position, labels, font_size=5, ax=ax)
    ax.set_axis_off()
