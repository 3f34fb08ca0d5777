"""Export of a question's state graph to GraphML, GEXF, node-link JSON or DOT, with the solution marked.

One flattening step serves every format: :func:`flatten` turns the live state
graph (tuple states, ``Lex`` weights, padded cell indices) into a fresh
``networkx.DiGraph`` whose node ids are the states' readable labels and whose
attributes are plain ``str``/``int``/``float``/``bool`` values; :func:`describe`
adds what is known only once the answer is decoded; :func:`write_graph` hands
the result to networkx's own writer for the format.

What every file holds:

* graph: ``puzzle``, ``model``, ``algorithm``, ``instance``, ``query``,
  ``found``, ``cost`` (for ``Lex`` weights the exact scalar encoding, with
  ``cost_primary``/``cost_secondary`` and ``weight_base``), ``answer`` (the
  contest output), ``instance_text`` (the instance in its contest format, to
  redraw it), ``start`` (the start node's id), ``path_only``;
* nodes: ``label``, ``kind`` (``start``/``state``/``target``), the parts of
  the state in the puzzle's own 1-based coordinates (``box_row``, ``side``,
  ``row``, ``heading``, ...), ``dist`` (the exact distance from the start, for
  every state no farther than the nearest target; absent elsewhere),
  ``on_path`` and ``step`` (its position on the canonical path; absent off it);
* edges: ``weight`` (one number; ``primary * weight_base + secondary`` for
  ``Lex``, with ``primary``/``secondary`` beside it), ``label`` (the move),
  ``rank``, the model's own move attributes, ``on_path`` and ``step``.

>>> import networkx as nx
>>> from stategraph.weights import Lex
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

import gc
import json
import os
import re
import sys
from contextlib import contextmanager

import networkx as nx

from .errors import StategraphError, StreamFault, shorten
from .grid import LETTERS
from .weights import Lex, ScalarEncoding

SCALARS = (str, int, float, bool)
FORMATS = ("graphml", "gexf", "json", "dot")
EXTENSIONS = {".graphml": "graphml", ".gexf": "gexf", ".json": "json", ".dot": "dot", ".gv": "dot"}
STATE_LIMIT = 200_000  # a whole graph above this many states needs --force (or --path-only)
# measured file bytes per state and per edge (100x100 open Pushing Boxes maze), for the size estimate
BYTES_PER = {"graphml": (420, 330), "gexf": (520, 520), "json": (260, 210), "dot": (300, 230)}


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
    stem, suffix = os.path.splitext(template)
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
    found = EXTENSIONS.get(os.path.splitext(path)[1].lower())
    if found:
        return found
    if default:
        return default
    shown = "standard output" if path == "-" else shorten(path, 200, quoted=False)
    raise StategraphError(f"cannot tell the format of {shown} from its extension "
                          f"({', '.join(EXTENSIONS)}): give --format {'|'.join(FORMATS)}")


def check_size(graph, fmt: str, *, force: bool, path_only: bool, limit: int = STATE_LIMIT) -> None:
    """Refuse a whole graph of more than ``limit`` states unless ``force``; the message gives the size."""
    if force or path_only or len(graph) <= limit:
        return
    per_state, per_edge = BYTES_PER.get(fmt, BYTES_PER["graphml"])
    estimate = len(graph) * per_state + graph.number_of_edges() * per_edge
    raise StategraphError(f"the state graph has {len(graph):,} states and {graph.number_of_edges():,} edges, "
                          f"above the export limit of {limit:,} states (a {fmt} file of about "
                          f"{estimate / 1e6:,.0f} MB); use --force to write it anyway, or --path-only")


# flattening -----------------------------------------------------------------------------------------

def flatten(graph: nx.DiGraph, source, targets, states, *, path_only: bool = False, puzzle: str | None = None,
            model: str | None = None) -> nx.DiGraph:
    """A fresh graph with readable ids and scalar attributes, the canonical path ``states`` marked,
    and ``dist`` where it is known exactly (see the module docstring)."""
    collecting = gc.isenabled()
    gc.disable()  # hundreds of thousands of new dicts, none of them garbage
    try:
        labeller = EDGE_LABELS.get((puzzle or graph.graph.get("puzzle"), model), _default_edge_label)
        return _flatten(graph, source, frozenset(targets), list(states or ()), path_only, labeller)
    finally:
        if collecting:
            gc.enable()


def _flatten(graph, source, targets, states, path_only, labeller) -> nx.DiGraph:
    nodes = graph._node
    succ = graph._succ
    chosen = states if path_only else list(nodes)
    ids = {}
    for node in chosen:
        label = nodes[node].get("label", node)
        ids[node] = label if isinstance(label, str) else str(label)
    if len(set(ids.values())) != len(ids):
        raise StategraphError("state labels are not unique; cannot export the graph")
    step_of = {state: i for i, state in enumerate(states)}
    path_step = {(u, v): i for i, (u, v) in enumerate(zip(states, states[1:]))}
    pairs = path_step if path_only else None
    edge_list = list(pairs) if pairs is not None else [(u, v) for u in chosen for v in succ[u]]
    weights = [succ[u][v].get("weight") for u, v in edge_list]
    lex = any(isinstance(w, Lex) for w in weights)
    encoding = ScalarEncoding.for_weights(w for w in weights if isinstance(w, Lex)) if lex else None
    out = nx.DiGraph()
    if encoding is not None:
        out.graph["weight_base"] = encoding.base
    cell_parts: dict = {}
    add_node = out._node
    adj_succ, adj_pred = out._succ, out._pred
    for node in chosen:
        attrs = nodes[node]
        flat = _scalars(attrs, cell_parts)
        flat["label"] = ids[node]
        flat["kind"] = "start" if node == source else "target" if node in targets else "state"
        step = step_of.get(node)
        flat["on_path"] = step is not None
        if step is not None:
            flat["step"] = step
        key = ids[node]
        add_node[key] = flat
        adj_succ[key] = {}
        adj_pred[key] = {}
    for (u, v), weight in zip(edge_list, weights):
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
        flat["label"] = labeller(graph, u, v, attrs)
        step = path_step.get((u, v))
        flat["on_path"] = step is not None
        if step is not None:
            flat["step"] = step
        a, b = ids[u], ids[v]
        adj_succ[a][b] = adj_pred[b][a] = flat
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


def _distances(out: nx.DiGraph, start: str, targets: list, lex: bool) -> None:
    """``dist`` of every state no farther than the nearest target (all reachable ones if none is)."""
    if start not in out:
        return
    dist = nx.single_source_dijkstra_path_length(out, start, weight="weight")  \
        if not targets else _bounded_dijkstra(out, start, set(targets))
    base = out.graph.get("weight_base")
    nodes = out._node
    for node, value in dist.items():
        attrs = nodes[node]
        attrs["dist"] = value
        if lex:
            attrs["dist_primary"], attrs["dist_secondary"] = divmod(value, base)


def _bounded_dijkstra(out: nx.DiGraph, start: str, targets: set) -> dict:
    """Exact distances of the states settled before the nearest target's distance is passed."""
    from heapq import heappop, heappush

    succ = out._succ
    dist: dict = {}
    best = None
    heap = [(0, 0, start)]
    tie = 1
    while heap:
        d, _, u = heappop(heap)
        if u in dist:
            continue
        if best is not None and d > best:
            break
        dist[u] = d
        if best is None and u in targets:
            best = d
        for v, attrs in succ[u].items():
            if v not in dist:
                heappush(heap, (d + attrs["weight"], tie, v))
                tie += 1
    return dist


# edge labels, per (puzzle, model) -----------------------------------------------------------------

def _default_edge_label(graph, u, v, attrs) -> str:
    for key in ("move", "turn", "kind"):
        if isinstance(attrs.get(key), str):
            return attrs[key]
    return str(attrs.get("rank", ""))


def _box_side_label(graph, u, v, attrs) -> str:
    """Off the path: the walk's length and the push (the exact letters are set on the path)."""
    return f"walk {attrs['weight'].secondary}, push {attrs['move']}"


def _piece_side_label(graph, u, v, attrs) -> str:
    nodes = graph._node
    kind = attrs.get("kind")
    if kind == "rotate":
        return f"blank {nodes[u].get('side')}->{nodes[v].get('side')} ({attrs['weight']} moves)"
    if kind == "swap":
        return f"slide {nodes[u].get('side')}"
    return f"blank to {nodes[v].get('side')} ({attrs['weight']} moves)"


def _piece_blank_label(graph, u, v, attrs) -> str:
    mover = "piece" if attrs.get("kind") == "piece" else "blank"
    return f"{mover} {LETTERS[attrs['rank']]}"


EDGE_LABELS = {
    ("pushing_boxes", "box_side"): _box_side_label,
    ("huarong", "piece_side"): _piece_side_label,
    ("huarong", "piece_blank"): _piece_blank_label,
}


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
    info["instance_text"] = instance_text(puzzle.name, record.subject, record.question)
    starts = [n for n, kind in flat.nodes(data="kind") if kind == "start"]
    if starts:
        info["start"] = starts[0]
    flat.graph.update(info)
    if puzzle.name == "pushing_boxes" and model == "box_side" and isinstance(record.answer, str):
        pushes = re.findall("[nswe]*[NSWE]", record.answer)
        for u, v, attrs in flat.edges(data=True):
            step = attrs.get("step")
            if step is not None and step < len(pushes):
                attrs["label"] = pushes[step]
    return flat


def instance_text(puzzle: str, instance, question) -> str:
    """The instance in its contest format (one board and the chosen query for Huarong Dao)."""
    try:
        if puzzle == "pushing_boxes":
            return f"{len(instance.rows)} {len(instance.rows[0])}\n" + "\n".join(instance.rows) + "\n"
        if puzzle == "huarong":
            grid = instance.grid
            width = grid.cols + 2
            rows = [" ".join("1" if grid.open[r * width + c] else "0" for c in range(1, grid.cols + 1))
                    for r in range(1, grid.rows + 1)]
            query = "" if question is None or question is instance else " ".join(
                f"{a} {b}" for a, b in (grid.position(question.blank), grid.position(question.piece),
                                        grid.position(question.target))) + "\n"
            return f"{grid.rows} {grid.cols} 1\n" + "\n".join(rows) + "\n" + query
        if puzzle == "arrow_maze":
            lines = [instance.name, f"{instance.entrance[0]} {instance.entrance[1]} {LETTERS[instance.heading]} "
                                    f"{instance.goal[0]} {instance.goal[1]}"]
            for (r, c), signs in instance.signs.items():
                lines.append(f"{r} {c} " + " ".join(LETTERS[h] + t for h, t in sorted(signs.items())) + " *")
            return "\n".join(lines) + "\n0\n"
    except (AttributeError, TypeError, IndexError):
        pass
    rows = getattr(instance, "rows", None)
    if isinstance(rows, (list, tuple)) and all(isinstance(r, str) for r in rows):
        return "\n".join(rows) + "\n"
    return str(instance)


# writing ------------------------------------------------------------------------------------------

def write_graph(flat: nx.DiGraph, path: str, fmt: str) -> None:
    """Write ``flat`` to ``path`` (``-``: standard output) in ``fmt`` with networkx's own writers.

    A path that cannot be opened is a :class:`StategraphError` (exit 2); a write that fails
    once started (a full disk) is a :class:`StreamFault` (exit 4).
    """
    shown = "standard output" if path == "-" else shorten(path, 200, quoted=False)
    writer = {"graphml": _write_graphml, "gexf": _write_gexf, "json": _write_json, "dot": _write_dot}[fmt]
    if fmt == "dot":
        _pydot()
    with _opened(path, shown) as handle:
        try:
            writer(flat, handle)
            handle.flush()
        except OSError as exc:
            raise StreamFault(f"cannot write the graph to {shown}: {exc.strerror or exc}") from None
        except Exception as exc:  # lxml reports a failed write as its own error
            if type(exc).__module__.startswith("lxml"):
                raise StreamFault(f"cannot write the graph to {shown}: {exc}") from None
            raise


@contextmanager
def _opened(path: str, shown: str):
    if path == "-":
        if sys.stdout is None:
            raise StreamFault("cannot write the output: standard output is closed")
        sys.stdout.flush()
        yield sys.stdout.buffer
        return
    if os.path.isdir(path):
        raise StategraphError(f"cannot write the graph to {shown}: Is a directory")
    try:
        handle = open(path, "wb")
    except OSError as exc:
        raise StategraphError(f"cannot write the graph to {shown}: {exc.strerror or exc}") from None
    try:
        yield handle
    finally:
        try:
            handle.close()
        except OSError as exc:
            raise StreamFault(f"cannot write the graph to {shown}: {exc.strerror or exc}") from None


class _BooleanSpelling:
    """GraphML's xsd:boolean is ``true``/``false``; networkx writes Python's ``True``, which readers
    other than networkx (yEd, igraph, the Java reference reader) reject or misread."""

    def add_data(self, name, element_type, value, scope="all", default=None):
        if element_type is bool:
            value = str(value).lower()
        return super().add_data(name, element_type, value, scope, default)  # type: ignore[misc]


def _write_graphml(flat: nx.DiGraph, handle) -> None:
    from networkx.readwrite import graphml

    try:
        import lxml.etree  # noqa: F401
    except ImportError:
        class Plain(_BooleanSpelling, graphml.GraphMLWriter):
            pass

        writer = Plain(encoding="utf-8", prettyprint=False)
        writer.add_graph_element(flat)
        writer.dump(handle)
        return

    class Streaming(_BooleanSpelling, graphml.GraphMLWriterLxml):
        pass

    Streaming(handle, graph=flat, encoding="utf-8", prettyprint=False).dump()


def _write_gexf(flat: nx.DiGraph, handle) -> None:
    """GEXF keeps no graph attributes of its own: they go, as JSON, into its ``meta/description``."""
    from xml.etree.ElementTree import SubElement

    from networkx.readwrite import gexf

    class Writer(gexf.GEXFWriter):
        def add_meta(self, G, graph_element):
            super().add_meta(G, graph_element)
            meta = self.xml.find("meta")
            if meta is not None:
                SubElement(meta, "description").text = json.dumps(G.graph)

    writer = Writer(encoding="utf-8", prettyprint=False, version="1.2draft")
    writer.add_graph(flat)
    writer.write(handle)


def _write_json(flat: nx.DiGraph, handle) -> None:
    data = nx.node_link_data(flat, edges="edges")
    handle.write(json.dumps(data, separators=(",", ":")).encode("utf-8"))
    handle.write(b"\n")


def _write_dot(flat: nx.DiGraph, handle) -> None:
    """DOT through pydot: every attribute value becomes a quoted string, the graph's attributes
    included (DOT has no types; :func:`stategraph.graphfile.read_graph` does not read DOT)."""
    pydot = _pydot()
    dot = pydot.Dot("stategraph", graph_type="digraph", strict=True)
    for key, value in flat.graph.items():
        dot.set(key, _dot_quoted(value))
    for node, attrs in flat.nodes(data=True):
        dot.add_node(pydot.Node(_dot_quoted(node), **{k: _dot_quoted(v) for k, v in attrs.items()}))
    for u, v, attrs in flat.edges(data=True):
        dot.add_edge(pydot.Edge(_dot_quoted(u), _dot_quoted(v), **{k: _dot_quoted(v) for k, v in attrs.items()}))
    handle.write(dot.to_string().encode("utf-8"))


def _dot_quoted(value) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _pydot():
    try:
        import pydot
    except ImportError:
        raise StategraphError("the dot format needs pydot (pip install pydot)") from None
    return pydot
