"""``stategraph view``: one self-contained HTML page where a question's puzzle, its state graph and each
routine's search play side by side (docs/cli.md, "view").

The page needs nothing else and opens from ``file://``: script, style and data (JSON, built by
:func:`build`) are inline, and its Content-Security-Policy
(:func:`~stategraph.views.page_html.policy`) lets only that script and style run.  Its data holds
``steps`` (the explanation and each step's picture), ``graph`` (the drawn states, placed as
``draw --graph`` places them), ``replays`` (each applicable routine's reached/settled order),
``models`` (every model on the same question) and ``census``.  Above :data:`MAX_DRAWN_STATES`
states only the canonical path's neighbourhood is drawn; the size is counted before anything
large is made, so a page never exceeds :data:`MAX_PAGE_BYTES`.

>>> p = page("pushing_boxes", "1 4\\nSB.T\\n0 0\\n")
>>> p.data["steps"]["texts"][1], p.data["graph"]["total"], [r["settled"] for r in p.data["replays"]][:2]
('1. box (1,2), player W of it: walk 0, push E -> box (1,3); cost so far (1 push, 0 walks)', 3, [3, 3])
>>> p.html.startswith("<!DOCTYPE html>"), "<iframe srcdoc=" in p._repr_html_()
(True, True)
"""

from __future__ import annotations

import html
import math
import sys
from bisect import bisect_right
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from ..contract.scene import CELL_STYLES, MARK_STYLES, TRAIL_STYLES
from ..errors import SearchNotApplicable, StategraphError
from ..graph.dicts import collector_paused
from ..io.safefile import open_output
from ..plugins.faults import answering, question_name
from ..search.dijkstra import dijkstra
from ..search.spfa import spfa
from ..settings.resolve import Settings
from ..solving.driver import run
from .draw import model_scene, model_where
from .explain import explanation, step_positions
from .graph_layout import neighbourhood, page_positions, reach_order, suggested_layout
from .page_html import page_size, render
from .page_models import every_model
from .page_replays import replay, routines
from .page_scenes import encode_scenes

MAX_PAGE_BYTES = 5_000_000  # the page budget: no page is larger
MAX_DRAWN_STATES = 2_000  # above it, the canonical path and its neighbourhood are drawn
CENSUS_STATES = 20_000  # a whole graph of at most this many states has its census on the page
MAX_DRAWN_EDGES = 20_000  # edges listed for the drawn states (the path's always)
MAX_SCENE_CELLS = 2_000_000  # grid cells x pictures drawn (each picture is a fresh Scene, ~3 us a cell)
MIN_STEP_BYTES = 48  # what one step of the canonical path costs the page at least (text, state, picture)
FORMATS = (".html", ".htm")


@dataclass(repr=False)
class Page:
    """A built page: its :attr:`data` and the whole HTML file (:attr:`html`); in Jupyter it shows
    itself in an isolated frame (:meth:`_repr_html_`)."""

    data: dict
    html: str

    def __repr__(self) -> str:
        return f"<Page: {self.data['title']}, {_bytes(self.size)}>"

    @property
    def size(self) -> int:
        """The page's bytes (UTF-8)."""
        return len(self.html.encode("utf-8"))

    def write(self, path: str) -> int:
        """Write the page to ``path`` (``-``: standard output), whole or not at all; returns its bytes."""
        encoded = self.html.encode("utf-8")
        with open_output(path, "the page") as handle:
            handle.write(encoded)
        return len(encoded)

    def _repr_html_(self) -> str:
        """The page in a sandboxed ``<iframe srcdoc=...>``: its script runs in a frame of its own,
        so two pages in one notebook never share a name or an element id."""
        return (f'<iframe srcdoc="{html.escape(self.html, quote=True)}" sandbox="allow-scripts" '
                f'title="{html.escape(self.data["title"], quote=True)}" '
                'style="width: 100%; height: 980px; border: 1px solid #ccc;"></iframe>')


def page(puzzle, text, instance: int | None = None, query: int | None = None, source: str = "<input>") -> Page:
    """The page of one question of ``text`` (instance ``instance``, query ``query``; default the
    first): ``puzzle`` is a puzzle's name, a :class:`~stategraph.contract.puzzle.Puzzle` or
    :class:`~stategraph.settings.resolve.Settings` (its model, routine, options and limits); ``text`` is a
    string, bytes or a binary stream, read only as far as the question."""
    settings = puzzle if isinstance(puzzle, Settings) else Settings.of(puzzle)
    data = build(settings, text, instance, query, source)
    _check_budget(data["label"], page_size(data))
    written = render(data)
    _check_budget(data["label"], len(written.encode("utf-8")))  # should the count ever fall short
    return Page(data, written)


def _check_budget(label: str, size: int, partial: bool = False) -> None:
    """Refuse a page of ``size`` bytes (``partial``: at least that many) above the budget."""
    if size > MAX_PAGE_BYTES:
        raise StategraphError(f"the page of {label} would be {'over ' if partial else ''}{_bytes(size)}, above the "
                              f"page budget of {_bytes(MAX_PAGE_BYTES)}; export its state graph with "
                              "`stategraph export` instead")


def _bytes(size: int) -> str:
    """``size`` bytes in words: ``4.2 MB``, ``35 kB``.

    >>> _bytes(5_000_000), _bytes(4_250_000), _bytes(35_012)
    ('5 MB', '4.2 MB', '35 kB')
    """
    if size >= 1_000_000:
        return f"{size / 1e6:.1f}".removesuffix(".0") + " MB"
    return f"{size / 1000:,.0f} kB"


# the data -----------------------------------------------------------------------------------------

def build(settings: Settings, text, instance: int | None = None, query: int | None = None,
          source: str = "<input>") -> dict:
    """The page's data (see the module docstring) for one question of ``text``."""
    wanted = (instance or 1, query or 1)
    seen = _Capture(settings, wanted)
    record = None
    for found in run(settings.puzzle, text, settings, source, seen, paths=True, keep_wrong=True):
        if (found.instance, found.query) == wanted:
            record = found
            break
        if found.instance > wanted[0]:
            break
    if record is None or seen.graph is None:
        raise StategraphError(f"the input has no instance {wanted[0]}" + (f" with query {query}" if query else ""))
    label = settings.puzzle.label(record.subject, record.question)
    _check_budget(label, seen.counted, partial=True)  # before the explanation and the pictures
    record = replace(record, graph=None)  # the state graph goes before compare builds the other models'
    told = explanation(settings, record)
    model = settings.puzzle.model(settings.model)
    own = list(zip(seen.graph["y"], seen.graph["x"]))  # the page's own layout: where groups without places go
    with answering(lambda: question_name(settings.puzzle, record.subject, record.question)):
        suggested = suggested_layout(model, record.subject, seen.drawn, seen.order, own,
                                     model_where(settings, record.subject, record.question))
    if suggested is not None:
        seen.graph.update(suggested)
    exact = model.path_labels(record)
    if exact:
        seen.relabel_path(exact)
    steps = _steps(settings, record, told, seen)
    wrong = record.stats.get("wrong")  # a routine of your own whose distances break the rule
    return {"title": f"{told['title']}: {settings.puzzle.name}, model {settings.model}",
            "label": label,
            "puzzle": settings.puzzle.name, "model": settings.model, "algorithm": settings.algorithm,
            "instance": record.instance, "query": record.query, "answer": record.text, "summary": told["summary"],
            "styles": {"cell": CELL_STYLES, "trail": TRAIL_STYLES, "mark": MARK_STYLES},
            "steps": steps, "graph": seen.graph, "replays": seen.replays,
            "models": every_model(settings, record, source, seen.size), "census": seen.census,
            **({"wrong": f"{settings.model} {wrong}"} if wrong else {})}


class _Capture:
    """Reads the wanted question's state graph while it is live (a ``capture`` for
    :func:`stategraph.run`): the drawn states, the distances, the replays."""

    def __init__(self, settings: Settings, wanted: tuple[int, int]):
        self.settings, self.wanted = settings, wanted
        self.graph: dict | None = None
        self.replays: list = []
        self.path: list = []
        self.costs: list = []
        self.drawn: list = []  # the drawn states, and their places in the order a search from the start reaches them
        self.order: list[int] = []
        self.census: dict | None = None  # the whole space's census, when it is small enough
        self.size: tuple[int, int] | None = None  # the whole graph's (states, edges), counted once it is built
        self.counted = 0  # the page's bytes counted so far: its frame and its graph part
        self._edge_at: dict = {}  # (u, v) of the canonical path -> the edge's place in graph["edges"]
        self._moves: dict[str, int] = {}  # move label -> its place in graph["moves"]

    def __call__(self, number, query, state_graph, export_graph, solution) -> None:
        if (number, query) != self.wanted:
            return
        graph = state_graph.graph  # the graph searched (the export's may differ)
        self.size = state_graph.size()  # (the whole graph is built: not counted again by every_model)
        path = (solution.states if solution is not None else None) or [state_graph.source]
        if len(path) * MIN_STEP_BYTES > MAX_PAGE_BYTES:
            raise StategraphError(f"the canonical path has {len(path) - 1:,} moves: its page would be over "
                                  f"{_bytes(len(path) * MIN_STEP_BYTES)}, above the page budget of "
                                  f"{_bytes(MAX_PAGE_BYTES)}")
        self.path = path
        self.costs = _running_costs(graph, path, state_graph.zero)
        drawn, radius, partly = neighbourhood(graph, path, MAX_DRAWN_STATES)
        index = {state: i for i, state in enumerate(drawn)}
        self.drawn, self.order = drawn, reach_order(graph, drawn, state_graph.source)
        self.graph = self._graph(state_graph, drawn, index, radius)
        self.graph["ring_in_part"] = partly
        if len(graph) <= CENSUS_STATES:
            from .census import census_of_graph

            self.census = census_of_graph(graph, state_graph.source, state_graph.targets)
        self.counted = page_size({"graph": self.graph})
        if self.counted > MAX_PAGE_BYTES:
            return  # refused by build, which knows the question's name: no replay is run
        self.replays = [replay(self.settings, state_graph, name, drawn)
                        for name in routines(self.settings)]

    def _graph(self, state_graph, drawn: list, index: dict, radius: int | None) -> dict:
        graph = state_graph.graph
        nodes, succ = graph.nodes, graph.succ
        model = self.settings.puzzle.model(self.settings.model)
        distances = exact_distances(state_graph)
        labels = [_label(nodes, state) for state in drawn]
        moves = self._moves
        edges: list[int] = []
        on_path = set(zip(self.path, self.path[1:]))
        ghosts: dict = {}  # states reached by a drawn state's move but not drawn: named, not drawn
        left_out = 0
        for u in drawn:
            for v, attrs in succ[u].items():
                if len(edges) >= 3 * MAX_DRAWN_EDGES and (u, v) not in on_path:
                    left_out += 1
                    continue
                j = index.get(v)
                if j is None:
                    j = ghosts.setdefault(v, len(drawn) + len(ghosts))
                if (u, v) in on_path:
                    self._edge_at[u, v] = len(edges)
                edges += [index[u], j, moves.setdefault(model.move_label(graph, u, v, attrs), len(moves))]
        x, y, layout, pitch = page_positions(graph, drawn, index, state_graph.source)
        describe = self.settings.puzzle.describe_cost
        return {"total": len(graph), "edges_total": graph.number_of_edges(), "drawn": len(drawn), "radius": radius,
                "layout": layout, "pitch": pitch, "x": x, "y": y, "groups": [], "group_of": None,
                "labels": labels + [_label(nodes, s) for s in ghosts],
                "dist": [distances.get(s) for s in drawn],
                "dist_text": [describe(distances[s]) if s in distances else None for s in drawn],
                "start": index[state_graph.source],
                "targets": [index[t] for t in state_graph.targets if t in index],
                "path": [index[s] for s in self.path], "edges": edges, "moves": list(moves),
                "edges_left_out": left_out}

    def relabel_path(self, exact: list) -> None:
        """The canonical path's moves in the answer's own words
        (:meth:`~stategraph.contract.puzzle.Model.path_labels`)."""
        if self.graph is None:
            return
        edges, names = self.graph["edges"], self.graph["moves"]
        for (u, v), word in zip(zip(self.path, self.path[1:]), exact):
            at = self._edge_at.get((u, v))
            if at is None:
                continue
            if word not in self._moves:
                self._moves[word] = len(names)
                names.append(word)
            edges[at + 2] = self._moves[word]


def _label(nodes, state) -> str:
    label = nodes[state].get("label", state)
    return label if isinstance(label, str) else str(label)


def _running_costs(graph, path: list, zero) -> list:
    """The cost of the canonical path's first k moves, for every k."""
    costs = [zero]
    succ = graph.succ
    for u, v in zip(path, path[1:]):
        costs.append(costs[-1] + succ[u][v].get("weight", 1))
    return costs


def exact_distances(state_graph) -> dict:
    """The exact distance from the start of every reachable state (Dijkstra without a target, or
    SPFA where weights may be negative); ``{}`` when a negative cycle makes them meaningless."""
    search = dijkstra if state_graph.profile.nonnegative else spfa
    try:
        with collector_paused():
            return search(state_graph.graph, state_graph.source, frozenset(), zero=state_graph.zero).dist
    except SearchNotApplicable:
        return {}


# steps and pictures -------------------------------------------------------------------------------

def _steps(settings: Settings, record, told: dict, seen: _Capture) -> dict:
    """Step 0 (the start) and the explanation's steps: their texts, the path state each ends on,
    and their pictures."""
    graph = seen.graph
    assert graph is not None
    steps = told["steps"]
    labels = graph["labels"]
    positions = step_positions(steps, seen.costs)
    texts = [f"start: {labels[graph['path'][0]]}"] + [step["text"] for step in steps]
    shown: dict[str, Any] = {"texts": texts, "states": positions, "scenes": None, "scene_of": None,
                             "pictures": None}
    scenes = _scenes(settings, record, steps)
    if scenes is not None:
        picked, drawn = scenes
        shown["scenes"] = encode_scenes(drawn)
        shown["scene_of"] = [bisect_right(picked, step) - 1 for step in range(len(steps) + 1)]
        shown["scene_steps"] = picked
    else:
        shown["pictures"] = [labels[graph["path"][positions[0]]]] + [
            step.get("picture") or labels[graph["path"][positions[k]]] for k, step in enumerate(steps, start=1)]
    return shown


def _scenes(settings: Settings, record, steps: list) -> tuple[list, list] | None:
    """The steps pictured and their scenes (``None``: the model has no scene;
    :func:`~stategraph.views.draw.model_scene`): every step while steps x grid cells (a text
    picture's characters) stays within :data:`MAX_SCENE_CELLS`, else evenly spaced ones and the last."""
    first = model_scene(settings, record, [])
    if first is None:
        return None
    cells = max(len(first.cells), len(first.text or ""), 1)
    count = len(steps) + 1
    every = max(1, math.ceil(count * cells / MAX_SCENE_CELLS))
    picked = sorted(set(range(0, count, every)) | {count - 1})
    return picked, [first if k == 0 else model_scene(settings, record, steps[:k]) for k in picked]


def __getattr__(name: str) -> object:
    """What the modules split from this one hold now: it still imports from here in 0.1, with a
    ``DeprecationWarning``."""
    home = {"json_size": "page_html", "policy": "page_html", "cell_of": "graph_layout", "settle_order": "page_replays",
            "MAX_REPLAY_FRAMES": "page_replays"}.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, f"stategraph.views.{home}")


class _CallableModule(ModuleType):
    """This module, callable as :func:`page`: ``from stategraph.views import page`` gives this module
    where it was imported first, and ``page(...)`` must build a page either way."""

    def __call__(self, *args, **kwargs) -> Page:
        return page(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
