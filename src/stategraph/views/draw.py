"""Pictures: the grid with the solution path on it, the state graph of a small instance, an animation.

matplotlib is an optional extra (``pip install 'stategraph[draw]'``), imported only here and only
when a picture is asked for, with the headless Agg backend; the file name's suffix picks the format.

The grid is the model's :class:`~stategraph.contract.scene.Scene`, checked first (:func:`model_scene`)
and drawn the same way for every puzzle.  What is drawn carries a ``gid`` (an ``id`` in SVG) so a
picture can be inspected by program: ``grid``, ``cells``, ``legend``, ``text-picture``, the names
the scene gives its cells, trails and marks; in a state graph ``states``, ``settled-states``,
``canonical-path``, ``group-edges`` and ``group-K``.  A state graph is placed as the page places it
(:mod:`~stategraph.views.graph_layout`); above :data:`MAX_GRAPH_STATES` states only the canonical
path's neighbourhood is drawn.  An animation is refused above :data:`MAX_ANIMATION_CELLS` frames x
grid cells, before its first frame.  Files are written through :mod:`stategraph.io.safefile`.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import accumulate

from ..contract.scene import check_scene
from ..contract.words import plural
from ..errors import StategraphError
from ..io.safefile import output_name
from ..plugins.faults import answering, question_name
from ..settings.resolve import Settings
from .explain import explained, step_positions
from .graph_layout import Layout, cell_layout, neighbourhood, reach_order, suggested_layout
from .scene_render import render_scene, text_extent, text_size

MAX_GRAPH_STATES = 400  # above it, the canonical path and its neighbourhood are drawn
MAX_ARROWS = 300  # moves drawn with arrowheads (each a patch of its own, slow to draw); more as plain lines
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
    (all by default), or ``None`` where it pictures none (:func:`model_scene`)."""
    return model_scene(settings, record, explanation["steps"][:upto] if upto is not None else explanation["steps"])


def model_scene(settings: Settings, record, steps: list):
    """The model's :class:`~stategraph.contract.scene.Scene` of ``record`` after ``steps`` (the first
    steps of its explanation), checked, or ``None``; without a solution, without its trails."""
    with answering(lambda: question_name(settings.puzzle, record.subject, record.question)):
        scene = settings.puzzle.model(settings.model).scene(record, steps)
    scene = check_scene(scene, f"{model_where(settings, record.subject, record.question)}scene()")
    return scene if scene is None or solved(record) else replace(scene, trails=[])


def solved(record) -> bool:
    """Whether ``record``'s question has a solution."""
    return record.solution is not None and record.solution.found


def model_where(settings: Settings, instance, question) -> str:
    """How a message about the model's picture hooks begins: ``PUZZLE model MODEL: QUESTION: ``."""
    return f"{settings.puzzle.name} model {settings.model}: {question_name(settings.puzzle, instance, question)}: "


def draw_solution(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
                  source: str = "<input>", *, picked: tuple | None = None) -> dict | None:
    """The grid of one question with its solution path, written to ``path`` (SVG or PNG); ``None``
    (nothing written) where the model pictures no grid.  ``picked``: :func:`pick`'s, made already."""
    check_path(path)
    plt = pyplot()
    record, explanation = picked or pick(settings, text, instance, query, source)
    scene = scene_of(settings, record, explanation)
    if scene is None:
        return None
    fig, ax = plt.subplots(figsize=(6, 5) if scene.text is None else text_size(scene))
    ax.set_gid("grid")
    render_scene(ax, scene)
    found = solved(record)
    title = ax.set_title(f"{explanation['title']}: {explanation['summary'] if found else 'no solution'}"[:90],
                         fontsize=9, loc="center" if scene.text is None else "left")
    if not found:
        title.set_gid("no-solution")
    fig.tight_layout()
    with output_name(path, "the picture") as name:  # the figure cut to what is drawn
        fig.savefig(name, bbox_inches="tight" if scene.text is None else text_extent(ax), pad_inches=0.1)
    plt.close(fig)
    return explanation


def animate(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
            source: str = "<input>", fps: int = 2, max_cells: int = MAX_ANIMATION_CELLS, *,
            picked: tuple | None = None) -> int:
    """A GIF of the solution, a frame for the start and one per step; returns the number of frames.
    Refused before any frame when frames x grid cells is above ``max_cells``."""
    check_path(path, (".gif",))
    plt = pyplot()
    from matplotlib.animation import FuncAnimation, PillowWriter

    record, explanation = picked or pick(settings, text, instance, query, source)
    steps = explanation["steps"]
    frames = len(steps) + 1
    last = scene_of(settings, record, explanation)
    if last is not None:
        cells = (last.bottom - last.top + 1) * (last.right - last.left + 1)

        def picture(k):
            render_scene(ax, scene_of(settings, record, explanation, upto=k))
    else:  # the state graph, the path so far in red
        graph, total = _graph_to_draw(record)
        cells = len(graph)
        layout = _laid_out(settings, record.subject, record.question, graph, _source(record, graph))
        states = _path_of(record)
        reached = _step_ends(graph, steps, states)

        def picture(k):
            _draw_states(graph, layout, ax, path_states=states[:reached[k] + 1])
            if total > len(graph):
                ax.text(0.0, 0.0, left_out(len(graph), total), transform=ax.transAxes, fontsize=6)
    if frames * cells > max_cells:
        raise StategraphError(f"the animation of instance {record.instance} would draw {frames:,} frames of "
                              f"{cells:,} cells or states ({frames * cells:,} frame cells), above the animation "
                              f"limit of {max_cells:,} frame cells; draw its picture with -o FILE.svg instead")
    fig, ax = plt.subplots(figsize=(5, 4.5))

    def show(k):
        ax.clear()
        picture(k)
        caption = steps[k - 1]["text"] if k else "start" if steps else f"start: {explanation['summary']}"
        ax.set_title(caption if len(caption) <= 70 else caption[:67] + "...", fontsize=7)
        fig.tight_layout()  # room for a legend beside the grid
        return []

    animation = FuncAnimation(fig, show, frames=frames, blit=False, repeat=False)
    with output_name(path, "the animation") as name:
        animation.save(name, writer=PillowWriter(fps=fps))
    plt.close(fig)
    return frames


def _step_ends(graph, steps: list, states: list) -> list[int]:
    """The canonical-path place each frame ends at: the start, then each step's
    (:func:`~stategraph.views.explain.step_positions`: a step may gather several moves)."""
    if not states:
        return [0] * (len(steps) + 1)
    costs = [None, *accumulate(graph.succ[u][v].get("weight", 1) for u, v in zip(states, states[1:]))]
    return step_positions(steps, costs)


# state graphs -------------------------------------------------------------------------------------

def _laid_out(settings: Settings, instance, question, graph, source) -> Layout:
    """The layout the model suggests (groups without places at
    :func:`~stategraph.views.graph_layout.cell_layout`'s places), else ``cell_layout``'s."""
    drawn = list(graph)
    own = cell_layout(graph, source)
    default = [(-own.position[state][1], own.position[state][0]) for state in drawn]
    with answering(lambda: question_name(settings.puzzle, instance, question)):
        found = suggested_layout(settings.puzzle.model(settings.model), instance, drawn,
                                 reach_order(graph, drawn, source), default, model_where(settings, instance, question))
    if found is None:
        return own
    position = {state: (x, -y) for state, x, y in zip(drawn, found["x"], found["y"])}
    group_of = dict(zip(drawn, found["group_of"])) if found["group_of"] is not None else None
    return Layout(position, True, group_of, [(g["label"], (g["x"], -g["y"])) for g in found["groups"]])


def draw_graph(settings: Settings, text, path: str, instance: int | None = None, query: int | None = None,
               max_states: int = MAX_GRAPH_STATES, source: str = "<input>") -> dict:
    """The state graph of one question, its canonical path highlighted and the states
    ``settings.algorithm`` settles shaded (above ``max_states``, the path's neighbourhood only).
    Returns the counts ``states``, ``drawn``, ``edges``, ``settled``, ``path``."""
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
                whole = state_graph.graph
                solution = solve(state_graph, settings.algorithm, dict(settings.options))
                settled = set(solution.search.settled_order() if solution.search is not None else ())
                path_states = solution.states or []
                graph = _part(whole, path_states or [state_graph.source], max_states)
                layout = _laid_out(settings, item, question, graph, state_graph.source)
                title = (f"{puzzle.name} instance {wanted}, model {settings.model}: {plural(len(whole), 'state')}, "
                         f"{len(settled):,} settled by {settings.algorithm}")
                if len(graph) < len(whole):
                    title += f"\n{left_out(len(graph), len(whole))}"
                _plot_graph(plt, graph, layout, state_graph, settled, path_states, path, title)
                return {"states": len(whole), "drawn": len(graph), "edges": whole.number_of_edges(),
                        "settled": len(settled), "path": len(path_states)}
    raise StategraphError(f"the input has no instance {wanted}" + (f" with query {query}" if query else ""))


def left_out(drawn: int, total: int) -> str:
    """What a picture of part of a state graph says of it.

    >>> left_out(380, 181_440)
    'drawn 380 of 181,440 states (the canonical path and its neighbourhood)'
    """
    return f"drawn {drawn:,} of {plural(total, 'state')} (the canonical path and its neighbourhood)"


def _part(graph, core: list, max_states: int):
    """``graph``, or above ``max_states`` states the subgraph of ``core`` (the canonical path) and
    its neighbourhood; a canonical path longer than that is refused."""
    if len(graph) <= max_states:
        return graph
    if len(core) > max_states:
        raise StategraphError(f"the canonical path alone has {plural(len(core), 'state')}, more than the "
                              f"{max_states:,} a picture of the state graph draws; see it on the page of "
                              "`stategraph view`, or write it with `stategraph export --path-only`")
    import networkx as nx

    drawn, _, _ = neighbourhood(graph, core, max_states)
    chosen = set(drawn)
    part: nx.DiGraph = nx.DiGraph()
    part.add_nodes_from((state, dict(graph.nodes[state])) for state in drawn)
    part.add_edges_from((u, v, dict(attrs)) for u in drawn for v, attrs in graph.succ[u].items() if v in chosen)
    return part


def _plot_graph(plt, graph, layout: Layout, state_graph, settled, path_states, path, title) -> None:
    fig, ax = plt.subplots(figsize=(8, 7))
    _draw_states(graph, layout, ax, path_states, settled,
                 [state_graph.source] + [t for t in state_graph.targets if t in graph])
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    with output_name(path, "the picture") as name:
        fig.savefig(name)
    plt.close(fig)


def _graph_to_draw(record, max_states: int = MAX_GRAPH_STATES):
    """The state graph of ``record``'s question to draw, for a model that draws no scene (above
    ``max_states`` states the canonical path and its neighbourhood), and its whole size."""
    graph = record.graph
    if graph is None:
        raise StategraphError(f"instance {record.instance} query {record.query}: only the first question of an "
                              "instance keeps its state graph for drawing")
    return _part(graph, _path_of(record) or [_source(record, graph)], max_states), len(graph)


def _path_of(record) -> list:
    """The canonical path's states of ``record`` (``[]`` without one)."""
    return (record.solution.states if record.solution is not None else None) or []


def _source(record, graph):
    """The start of ``record``'s question: its canonical path's first state, else the graph's first."""
    path = _path_of(record)
    return path[0] if path else next(iter(graph), None)


def _draw_states(graph, layout: Layout, ax, path_states, settled=(), ends=None) -> None:
    """The states (``settled`` shaded), the edges (between copies of the layout: orange, curved),
    the path over them in red edged in white, its ends ringed in green, and the copies' labels."""
    import networkx as nx
    from matplotlib import patheffects

    position, group_of = layout.position, layout.group_of
    shaded = [n for n in graph if n in settled]
    small = 60 if len(graph) <= 60 else 20
    drawn = nx.draw_networkx_nodes(graph, position, node_size=small, node_color="white", edgecolors="#888888", ax=ax)
    drawn.set_gid("states")
    if shaded:
        drawn = nx.draw_networkx_nodes(graph, position, nodelist=shaded, node_size=small, node_color="#9ecae1",
                                       edgecolors="#3182bd", ax=ax)
        drawn.set_gid("settled-states")
    copy = group_of.get if group_of is not None else lambda state: None
    across = [(u, v) for u, v in graph.edges if copy(u) != copy(v)]
    within = [(u, v) for u, v in graph.edges if copy(u) == copy(v)] if across else list(graph.edges)
    heads = {"arrows": True, "arrowsize": 6} if len(within) <= MAX_ARROWS else {"arrows": False}
    nx.draw_networkx_edges(graph, position, edgelist=within, ax=ax, edge_color="#cccccc", width=0.6, node_size=small,
                           **heads)
    if across:
        arrows = nx.draw_networkx_edges(graph, position, edgelist=across, ax=ax, edge_color="#fdae6b", width=1.0,
                                        arrows=True, arrowsize=8, node_size=small, connectionstyle="arc3,rad=0.15")
        for arrow in arrows if isinstance(arrows, list) else [arrows]:
            arrow.set_gid("group-edges")
    on_path = list(zip(path_states, path_states[1:]))
    if on_path:
        arrows = nx.draw_networkx_edges(graph, position, edgelist=on_path, ax=ax, edge_color="tab:red", width=2.6,
                                        arrows=True, arrowsize=11, node_size=small)
        for arrow in arrows if isinstance(arrows, list) else [arrows]:
            arrow.set_gid("canonical-path")
            arrow.set_path_effects([patheffects.withStroke(linewidth=5, foreground="white")])
            arrow.set_zorder(1.5)  # over every other move
    ends = ends if ends is not None else path_states[-1:]
    marks = nx.draw_networkx_nodes(graph, position, nodelist=ends, node_size=small * 2, node_color="none",
                                   edgecolors="tab:green", linewidths=1.5, ax=ax)
    marks.set_gid("source-and-targets")
    for k, (label, (x, y)) in enumerate(layout.labels):
        ax.text(x, y, label, fontsize=8, color="#444444", ha="left", va="bottom", gid=f"group-{k}", parse_math=False)
        ax.update_datalim([(x, y + 0.5)])
    if layout.labels:
        ax.autoscale_view()
    if len(graph) <= 40:
        labels = {n: graph.nodes[n].get("label", str(n)).replace(" ", "\n") for n in graph}
        nx.draw_networkx_labels(graph, position, labels, font_size=5, ax=ax)
    if layout.equal:
        ax.set_aspect("equal", adjustable="datalim")
    ax.set_axis_off()


def __getattr__(name: str) -> object:
    """The layout helpers :mod:`~stategraph.views.graph_layout` holds now, and the other styles of
    :mod:`~stategraph.views.scene_render`: they still import from here in 0.1, with a
    ``DeprecationWarning``."""
    home = "graph_layout" if name in ("COPY_GAP", "group_label", "reached_depths", "spread") else \
        "scene_render" if name in ("OTHER_MARK", "OTHER_TRAIL") else None
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, f"stategraph.views.{home}")
