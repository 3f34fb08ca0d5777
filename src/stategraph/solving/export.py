"""Export of a question's state graph to GraphML, GEXF, node-link JSON or DOT, with the solution marked.

:func:`flatten` turns the live state graph (tuple states, ``Lex`` weights, padded cells) into a
fresh ``networkx.DiGraph`` keyed by the states' labels, with plain ``str``/``int``/``float``/``bool``
attributes; :func:`describe` adds what is known once the answer is decoded; :func:`write_graph`
hands it to :func:`stategraph.io.graph_write.write_graph`.  What a file holds: docs/cli.md,
"What a graph file holds".

>>> import networkx as nx
>>> from stategraph.graph.weights import Lex
>>> g = nx.DiGraph(); g.add_node(("a", 1), label="A", cell=27, cell_row=2, cell_col=3); g.add_node("b", label="B")
>>> g.add_edge(("a", 1), "b", weight=Lex(1, 2), rank=0, move="N")
>>> h = flatten(g, ("a", 1), {"b"}, [("a", 1), "b"])
>>> sorted(h.nodes), h.edges["A", "B"]["weight"], h.graph["weight_base"]
(['A', 'B'], 5, 3)
>>> h.nodes["A"]
{'label': 'A', 'cell_row': 2, 'cell_col': 3, 'kind': 'start', 'on_path': True, 'step': 0, 'dist': 0, \
'dist_primary': 0, 'dist_secondary': 0}
"""

from __future__ import annotations

import networkx as nx

from ..contract.puzzle import Model
from ..errors import SearchNotApplicable, StategraphError, shorten
from ..graph.dicts import collector_paused, graph_writers, node_attributes, successors
from ..graph.weights import Lex, ScalarEncoding
from ..io.safefile import split_suffix
from ..search.dijkstra import dijkstra
from ..search.spfa import spfa
from ..settings.fields import GRAPH_FORMATS as FORMATS
from ..settings.fields import STATE_LIMITS

SCALARS = (str, int, float, bool)
EXTENSIONS = {".graphml": "graphml", ".gexf": "gexf", ".json": "json", ".dot": "dot", ".gv": "dot"}
# file bytes per edge (states and their attributes included) measured on a 100x100 open Pushing Boxes
# maze (39,201 states, 154,436 edges: GraphML 51 MB, JSON 32 MB, GEXF 60 MB, DOT 30 MB)
BYTES_PER_EDGE = {"graphml": 332, "json": 208, "gexf": 391, "dot": 196}


def export_path(template: str, instance: int) -> str:
    """Where instance ``instance`` is written: ``{instance}`` in the template is replaced;
    otherwise instance 1 uses the path as given and later ones get ``-k`` before the suffix.

    >>> export_path("out/g.graphml", 1), export_path("out/g.graphml", 3), export_path("g{instance}.xml", 2)
    ('out/g.graphml', 'out/g-3.graphml', 'g2.xml')
    """
    if "{instance}" in template:
        return template.replace("{instance}", str(instance))
    if instance == 1 or template == "-":
        return template
    stem, suffix = split_suffix(template)
    return f"{stem}-{instance}{suffix}"


def format_for(path: str, chosen: str | None = None, default: str | None = None) -> str:
    """The format to write ``path`` in: ``chosen`` if given, else the extension's, else ``default``.

    >>> format_for("g.gexf"), format_for("-", "json"), format_for("g.xml", default="graphml")
    ('gexf', 'json', 'graphml')
    >>> format_for("g.xml")
    Traceback (most recent call last):
    ...
    stategraph.errors.StategraphError: cannot tell the format of g.xml from its extension \
(.graphml, .gexf, .json, .dot, .gv): give --format graphml|gexf|json|dot
    """
    if chosen is not None:
        if chosen not in FORMATS:
            raise StategraphError(f"unknown graph format {shorten(chosen)} (formats: {', '.join(FORMATS)})")
        return chosen
    found = EXTENSIONS.get(split_suffix(path)[1].lower())
    if found:
        return found
    if default:
        return default
    shown = "standard output" if path == "-" else shorten(path, 200, quoted=False)
    raise StategraphError(f"cannot tell the format of {shown} from its extension "
                          f"({', '.join(EXTENSIONS)}): give --format {'|'.join(FORMATS)}")


def check_size(graph, fmt: str, *, force: bool, path_only: bool, limit: int | None = None) -> None:
    """Refuse a whole graph of more than ``limit`` states (default: the format's) unless ``force``;
    the message gives the estimated file size."""
    limit = STATE_LIMITS[fmt] if limit is None else limit
    if force or path_only or len(graph) <= limit:
        return
    estimate = max(graph.number_of_edges(), len(graph)) * BYTES_PER_EDGE[fmt]
    raise StategraphError(f"the state graph has {len(graph):,} states and {graph.number_of_edges():,} edges, "
                          f"above the export limit of {limit:,} states (a {fmt} file of about "
                          f"{estimate / 1e6:,.0f} MB); use --force (or --set export.force=true) to write "
                          "it anyway, or --path-only")


# flattening -----------------------------------------------------------------------------------------

def flatten(graph: nx.DiGraph, source, targets, states, *, path_only: bool = False,
            move_label=Model.move_label) -> nx.DiGraph:
    """A fresh graph with readable ids and scalar attributes, the canonical path ``states`` marked,
    and ``dist`` where it is known exactly (see the module docstring); ``move_label(graph, u, v,
    attrs)`` names each edge's move (the model's :meth:`~stategraph.contract.puzzle.Model.move_label`)."""
    with collector_paused():  # hundreds of thousands of new dicts, none of them garbage
        return _flatten(graph, source, frozenset(targets), list(states or ()), path_only, move_label)


def _flatten(graph, source, targets, states, path_only, move_label) -> nx.DiGraph:
    nodes, succ = node_attributes(graph), successors(graph)
    chosen = (states or [source]) if path_only else list(nodes)
    ids = {}
    for node in chosen:
        label = nodes[node].get("label", node)
        ids[node] = label if isinstance(label, str) else str(label)
    if len(set(ids.values())) != len(ids):
        raise StategraphError("state labels are not unique; cannot export the graph")
    step_of = {state: i for i, state in enumerate(states)}
    path_step = {(u, v): i for i, (u, v) in enumerate(zip(states, states[1:]), start=1)}  # move 1 leads to state 1
    pairs = path_step if path_only else None
    edge_list = list(pairs) if pairs is not None else [(u, v) for u in chosen for v in succ[u]]
    weights = [succ[u][v].get("weight") for u, v in edge_list]
    lex = any(isinstance(w, Lex) for w in weights)
    try:
        encoding = ScalarEncoding.for_weights(w for w in weights if isinstance(w, Lex)) if lex else None
    except ValueError as exc:
        raise StategraphError(f"cannot export the graph: {exc}") from None
    out: nx.DiGraph = nx.DiGraph()
    if encoding is not None:
        out.graph["weight_base"] = encoding.base
    if source in targets:
        out.graph["start_is_target"] = True  # the start is already a target (cost 0)
    cell_parts: dict = {}
    add_node, add_edge = graph_writers(out)  # add_nodes_from / add_edges_from copy each dict: 15% slower
    for node in chosen:
        flat = _scalars(nodes[node], cell_parts)
        flat["label"] = ids[node]
        flat["kind"] = "start" if node == source else "target" if node in targets else "state"
        step = step_of.get(node)
        flat["on_path"] = step is not None
        if step is not None:
            flat["step"] = step
        add_node(ids[node], flat)
    for u, v in edge_list:
        attrs = succ[u][v]
        flat = {}
        for k, value in attrs.items():
            if k == "weight":
                if isinstance(value, Lex):
                    flat["weight"] = encoding.encode(value)  # type: ignore[union-attr]
                    flat["primary"], flat["secondary"] = value.primary, value.secondary
                else:
                    flat["weight"] = value
            elif isinstance(value, SCALARS):
                flat[k] = value
            elif value is not None:
                flat[k] = str(value)
        flat["label"] = move_label(graph, u, v, attrs)
        step = path_step.get((u, v))
        flat["on_path"] = step is not None
        if step is not None:
            flat["step"] = step
        add_edge(ids[u], ids[v], flat)
    _distances(out, ids[source], [ids[t] for t in targets if t in ids], lex)
    return out


def _scalars(attrs: dict, cell_parts: dict) -> dict:
    """The node's own attributes as scalars, without ``kind`` (recomputed) and without internal
    padded cell indices (an attribute ``x`` beside ``x_row`` and ``x_col``)."""
    flat = {}
    for k, value in attrs.items():
        if k == "kind":
            continue
        internal = cell_parts.get(k)
        if internal is None:
            internal = cell_parts[k] = isinstance(value, int) and f"{k}_row" in attrs and f"{k}_col" in attrs
        if internal:
            continue
        if isinstance(value, SCALARS):
            flat[k] = value
        elif value is not None:
            flat[k] = str(value)
    return flat


def _distances(out, start: str, targets: list, lex: bool) -> None:
    """``dist`` of every state no farther than the nearest target (all reachable ones if none is)."""
    if start not in out:
        return
    if any(w < 0 for _, _, w in out.edges(data="weight")):  # a plug-in's negative weights
        try:
            found = spfa(out, start, set(targets)).dist
        except SearchNotApplicable:  # a negative cycle: no state has a distance
            return
        best = min((found[t] for t in targets if t in found), default=None)
        dist = {n: d for n, d in found.items() if best is None or d <= best}
    else:  # the routine stops once past the nearest target's distance: its settled states are exact
        search = dijkstra(out, start, set(targets))
        dist = {node: search.dist[node] for node in search.order}
    base = out.graph.get("weight_base")
    nodes = out.nodes
    for node, value in dist.items():
        attrs = nodes[node]
        attrs["dist"] = value
        if lex:
            attrs["dist_primary"], attrs["dist_secondary"] = divmod(value, base)


class Capture:
    """Flattens the graphs of the questions ``wanted(instance, query)`` picks while they are live:
    pass it to :func:`stategraph.run` as ``capture`` and :meth:`take` each record's export
    (``fmt``: for the size estimate)."""

    def __init__(self, settings, wanted, fmt: str, *, path_only: bool = False, force: bool = False,
                 limit: int | None = None):
        self.settings, self.wanted, self.fmt = settings, wanted, fmt
        self.path_only, self.force, self.limit = path_only, force, limit
        self.graphs: dict = {}

    def __call__(self, number, query, state_graph, graph, solution) -> None:
        if not self.wanted(number, query):
            return
        check_size(graph, self.fmt, force=self.force, path_only=self.path_only, limit=self.limit)
        states = solution.states if solution is not None else None
        self.graphs[number, query] = flatten(graph, state_graph.source, state_graph.targets, states,
                                             path_only=self.path_only,
                                             move_label=self.settings.puzzle.model(self.settings.model).move_label)

    def take(self, record) -> nx.DiGraph | None:
        """The finished export of ``record``'s question, if it was wanted (and forget it)."""
        flat = self.graphs.pop((record.instance, record.query), None)
        if flat is None:
            return None
        flat.graph["path_only"] = self.path_only
        return describe(flat, puzzle=self.settings.puzzle, model=self.settings.model,
                        algorithm=self.settings.algorithm, record=record)


# what is known after decoding -----------------------------------------------------------------------

def describe(flat: nx.DiGraph, *, puzzle, model: str, algorithm: str, record) -> nx.DiGraph:
    """Add the run's graph attributes (and the exact move letters of the path, where a model has them)."""
    solution = record.solution
    cost = solution.cost if solution is not None and solution.found else None
    found = cost is not None
    info: dict = {"puzzle": puzzle.name, "model": model, "algorithm": algorithm, "instance": record.instance,
                  "query": record.query, "found": found}
    if isinstance(cost, Lex):
        base = flat.graph.get("weight_base") or ScalarEncoding.for_weights([cost]).base
        info.update(cost=cost.primary * base + cost.secondary, cost_primary=cost.primary,
                    cost_secondary=cost.secondary, weight_base=base)
    elif found:
        info["cost"] = cost
    info["answer"] = record.text
    written = puzzle.instance_text(record.subject, record.question)
    if isinstance(written, str):
        info["instance_text"] = written
    starts = [n for n, kind in flat.nodes(data="kind") if kind == "start"]
    if starts:
        info["start"] = starts[0]
    flat.graph.update(info)
    exact = puzzle.model(model).path_labels(record)
    if exact:
        for _, _, attrs in flat.edges(data=True):
            step = attrs.get("step")
            if step is not None and step <= len(exact):
                attrs["label"] = exact[step - 1]
    return flat
