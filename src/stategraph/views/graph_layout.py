"""What of a state graph is drawn, and where: for ``draw --graph`` (:mod:`stategraph.views.draw`)
and the page (:mod:`stategraph.views.page`) alike.

Above a budget, the canonical path and its neighbourhood (:func:`neighbourhood`); the states
placed where the model places them (:func:`suggested_layout`, one copy of the layout per group),
else in layers by moves from the start (:func:`layer_positions`); ``draw --graph`` first near the
cells its states carry (:func:`cell_layout`), the page by them too (:func:`page_positions`).
"""

from __future__ import annotations

import math
from collections import defaultdict

from ..contract.scene import check_position

COPY_GAP = 2  # cells between two copies of a layout the model suggests, one a group: room for a label


def neighbourhood(graph, core: list, limit: int) -> tuple[list, int | None, bool]:
    """The states to draw, the radius drawn whole and whether a further ring is drawn in part: all
    of ``graph`` within ``limit`` (radius ``None``); else ``core`` (the canonical path), every state
    within the largest ``radius`` edges of it that fits, and what still fits of the next ring.

    >>> import networkx as nx
    >>> neighbourhood(nx.path_graph(10, create_using=nx.DiGraph), [4], limit=6)
    ([4, 5, 3, 6, 2, 7], 2, True)
    """
    if len(graph) <= limit:
        return list(graph), None, False
    succ, pred = graph.succ, graph.pred
    chosen = dict.fromkeys(core)
    ring, radius = list(chosen), 0
    while ring:
        following: dict = {}
        for adjacency in (succ, pred):
            for u in ring:
                for v in adjacency[u]:
                    if v not in chosen:
                        following[v] = None
        room = limit - len(chosen)
        if len(following) > room:
            chosen.update(dict.fromkeys(list(following)[:max(room, 0)]))
            return list(chosen), radius, room > 0
        chosen.update(following)
        ring, radius = list(following), radius + 1 if following else radius
    return list(chosen), radius, False


def reached_depths(graph, drawn: list, index: dict, source) -> dict[int, int]:
    """The places in ``drawn`` of the drawn states a breadth-first search from the start reaches
    along the drawn states' moves, in the order it reaches them, each with its depth."""
    succ = graph.succ
    depth = {index[source]: 0} if source in index else {}
    layer = list(depth)
    while layer:
        following = []
        for i in layer:
            for v in succ[drawn[i]]:
                j = index.get(v)
                if j is not None and j not in depth:
                    depth[j] = depth[i] + 1
                    following.append(j)
        layer = following
    return depth


def reach_order(graph, drawn: list, source) -> list[int]:
    """The places in ``drawn`` in the order a breadth-first search from the start (along the drawn
    states' moves) reaches them, then those it never reaches, in their order.

    >>> import networkx as nx
    >>> reach_order(nx.DiGraph([(0, 2), (2, 1)]), [1, 0, 2, 3], 0)
    [1, 2, 0, 3]
    """
    index = {state: i for i, state in enumerate(drawn)}
    reached = reached_depths(graph, drawn, index, source)
    return list(reached) + [i for i in range(len(drawn)) if i not in reached]


def suggested_layout(model, instance, drawn: list, order: list[int], default: list | None = None,
                     where: str = "") -> dict | None:
    """The layout ``model`` suggests for the states ``drawn``, or ``None`` unless its
    :meth:`~stategraph.contract.puzzle.Model.state_position` places every one (each place checked;
    ``where`` begins the message) or it groups them: ``x``, ``y`` (downwards) of each, with one
    copy of the layout per :meth:`~stategraph.contract.puzzle.Model.state_group` in the order
    ``order`` reaches them, a grouping without places laid at ``default``'s; also ``groups``
    (labels), ``group_of`` and ``placed``.

    >>> class Keys:
    ...     def state_position(instance, state): return state[0]
    ...     def state_group(instance, state): return state[1]
    >>> found = suggested_layout(Keys, None, [((1, 1), ""), ((1, 2), "a"), ((1, 2), "")], [0, 2, 1])
    >>> found["x"], found["y"], found["group_of"], [g["label"] for g in found["groups"]]
    ([1, 5, 2], [1, 1, 1], [0, 1, 0], ['group (none)', 'group a'])
    """
    places = _places(model, instance, drawn, where) if drawn else None
    if places is None and default is None:
        return None
    found = [model.state_group(instance, state) for state in drawn]
    placed = places is not None
    if places is None:
        if default is None or all(group is None for group in found):
            return None  # neither placed nor grouped: the views' own layout
        places = default
    groups = list(dict.fromkeys(found[i] for i in order))
    copy_of = {group: k for k, group in enumerate(groups)}
    across = math.ceil(math.sqrt(len(groups)))
    rows, cols = [r for r, _ in places], [c for _, c in places]
    top, left = min(rows), min(cols)
    width, height = max(cols) - left + COPY_GAP, max(rows) - top + COPY_GAP
    offsets = [((k % across) * width, (k // across) * height) for k in range(len(groups))]
    group_of = [copy_of[group] for group in found]
    points = [(c + offsets[k][0], r + offsets[k][1]) for (r, c), k in zip(places, group_of)]
    x, y, crowd = spread(points, 0.3)
    labelled = groups != [None]
    return {"layout": "grid", "placed": placed, "x": x, "y": y, "pitch": min(0.6, 2 * math.pi * 0.3 / crowd),
            "groups": [{"label": group_label(group), "x": left + dx - 0.5, "y": top + dy - 0.8}
                       for group, (dx, dy) in zip(groups, offsets)] if labelled else [],
            "group_of": group_of if labelled else None}


def _places(model, instance, drawn: list, where: str) -> list | None:
    """Where ``model`` places each state of ``drawn`` (checked), or ``None`` unless it places every one."""
    places = []
    for state in drawn:
        place = check_position(model.state_position(instance, state), f"{where}state_position()", state)
        if place is None:
            return None
        places.append(place)
    return places


def group_label(group) -> str:
    """What a copy of the layout is called: ``group`` and its value, its items (a set's sorted) or
    ``(none)``.

    >>> group_label("ab"), group_label(frozenset("ba")), group_label(""), group_label((2, 1))
    ('group ab', 'group a, b', 'group (none)', 'group 2, 1')
    """
    if isinstance(group, set | frozenset):
        items = sorted(map(str, group))
    elif isinstance(group, tuple | list):
        items = list(map(str, group))
    else:
        items = [str(group)] if group not in ("", None) else []
    return "group " + (", ".join(items) or "(none)")


def spread(points: list, radius: float) -> tuple[list, list, int]:
    """``x``, ``y`` of ``points`` (``(x, y)`` pairs), those sharing a point spread evenly on a circle
    of ``radius`` round it (in their order, from 0.4 radians); and the most sharing one point.

    >>> spread([(1, 1), (2, 1), (2, 1)], 0.5)[0]
    [1, 2.461, 1.539]
    """
    shared = defaultdict(list)
    for i, point in enumerate(points):
        shared[point].append(i)
    x, y = [p[0] for p in points], [p[1] for p in points]
    for (px, py), members in shared.items():
        if len(members) > 1:
            for n, i in enumerate(members):
                angle = 2 * math.pi * n / len(members) + 0.4
                x[i], y[i] = round(px + radius * math.cos(angle), 3), round(py + radius * math.sin(angle), 3)
    return x, y, max(map(len, shared.values()), default=1)


def layer_positions(graph, drawn: list, index: dict, source) -> tuple[list, list]:
    """``x``, ``y`` (downwards) of the states ``drawn`` (``index``: their places) in layers by edges
    from the start, the unreached in a last layer, each layer ordered by where its states are led
    from and folded into columns when tall: the layout of states that carry no place.

    >>> import networkx as nx
    >>> layer_positions(nx.DiGraph([(0, 1), (0, 2), (2, 3)]), [0, 1, 2, 3], {0: 0, 1: 1, 2: 2, 3: 3}, 0)
    ([0.0, 1.5, 1.5, 3.0], [0.0, -0.5, 0.5, 0.0])
    """
    succ = graph.succ
    depth = reached_depths(graph, drawn, index, source)
    last = max(depth.values()) + 1
    layers = defaultdict(list)
    for i in range(len(drawn)):
        layers[depth.get(i, last)].append(i)
    tallest = max(8, math.ceil(math.sqrt(len(drawn))))
    place: dict[int, float] = {}
    x, y = [0.0] * len(drawn), [0.0] * len(drawn)
    column = 0.0
    for level in sorted(layers):
        members = layers[level]
        lead: dict[int, list] = defaultdict(list)
        for i in layers.get(level - 1, ()):
            for v in succ[drawn[i]]:
                j = index.get(v)
                if j is not None and depth.get(j, last) == level:
                    lead[j].append(place[i])
        members.sort(key=lambda j: sum(lead[j]) / len(lead[j]) if lead.get(j) else math.inf)
        rows = min(len(members), tallest)
        for n, i in enumerate(members):
            place[i] = n
            x[i], y[i] = column + n // rows, n % rows - (rows - 1) / 2
        column += math.ceil(len(members) / rows) + 0.5
    return x, y


class Layout:
    """Where each state is drawn (``position``, matplotlib's ``(x, y)``, y upwards), whether the
    picture keeps the grid's proportions (``equal``), each state's copy of the layout (``group_of``,
    or ``None``) and the copies' labels (``(label, (x, y))``)."""

    def __init__(self, position: dict, equal: bool = False, group_of: dict | None = None, labels=()):
        self.position, self.equal, self.group_of, self.labels = position, equal, group_of, list(labels)


def cell_layout(graph, source) -> Layout:
    """Each state near its cell on the grid (piece, box or intersection), states sharing a cell on a
    small circle round it; in layers by moves from ``source`` (:func:`layer_positions`, as on the
    page) when the states carry no position."""
    base = {}
    for node, attrs in graph.nodes(data=True):
        for r, c in (("box_row", "box_col"), ("piece_row", "piece_col"), ("row", "col")):
            if r in attrs and c in attrs:
                base[node] = (attrs[c], -attrs[r])
                break
    if len(base) != len(graph):
        drawn = list(graph)
        x, y = layer_positions(graph, drawn, {state: i for i, state in enumerate(drawn)}, source)
        return Layout({state: (x[i], -y[i]) for i, state in enumerate(drawn)})
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
    return Layout(position, equal=True)


def cell_of(attrs: dict) -> list[tuple[int, int]]:
    """The grid cells a state names, in its attributes' order: each ``X_row`` with its ``X_col``
    (and ``row`` with ``col``), as ``(row, col)``.

    >>> cell_of({"label": "s", "box_row": 2, "box_col": 3, "player_row": 2, "player_col": 4})
    [(2, 3), (2, 4)]
    """
    found = []
    for key, value in attrs.items():
        if key == "row" or key.endswith("_row"):
            col = attrs.get(key[:-3] + "col")
            if isinstance(value, int) and isinstance(col, int):
                found.append((value, col))
    return found


def page_positions(graph, drawn: list, index: dict, source) -> tuple[list, list, str, float]:
    """The page's layout: ``x``, ``y`` of every drawn state, the layout's name (``grid`` or
    ``layers``) and its pitch: how far apart (in grid cells, or layers) neighbouring states may be
    drawn."""
    nodes = graph.nodes
    cells = [cell_of(nodes[state]) for state in drawn]
    if cells and all(cells):
        x, y, pitch = _grid_positions(cells)
        return x, y, "grid", pitch
    x, y = layer_positions(graph, drawn, index, source)
    return x, y, "layers", 1.0


def _grid_positions(cells: list) -> tuple[list, list, float]:
    """Each state in its first cell, moved toward its second cell where every state has one (the
    player beside the box, the blank beside the piece: a small map of the second cell round the
    first); states that still share a point are spread on a small circle."""
    second = all(len(c) > 1 for c in cells)
    reach = (_typical([abs(c[1][0] - c[0][0]) for c in cells]), _typical([abs(c[1][1] - c[0][1]) for c in cells])) \
        if second else (1, 1)
    points = []
    for c in cells:
        (r, k) = c[0]
        if second:
            r += 0.38 * max(-1.0, min(1.0, (c[1][0] - r) / reach[0]))
            k += 0.38 * max(-1.0, min(1.0, (c[1][1] - k) / reach[1]))
        points.append((round(k, 3), round(r, 3)))
    radius = 0.05 if second else 0.3
    x, y, crowd = spread(points, radius)
    pitch = 0.38 / max(reach) if second else 0.6
    if crowd > 1:
        pitch = min(pitch, 2 * math.pi * radius / crowd)
    return x, y, pitch


def _typical(values: list) -> int:
    """The 90th percentile of ``values``, at least 1 (one far state, a start, does not squeeze the rest)."""
    ordered = sorted(values)
    return max(1, ordered[int(0.9 * (len(ordered) - 1))]) if ordered else 1
