"""Reading exported state graphs back, and searching them: ``stategraph search GRAPHFILE``.

A file written by ``stategraph export`` (GraphML, node-link JSON, or GEXF),
perhaps edited since in yEd, Gephi or by a script, is a plain weighted
digraph: the node of ``kind`` ``start`` is the source, those of kind
``target`` the targets, and each edge's ``primary``/``secondary`` pair (a
lexicographic weight) or else its ``weight`` (a number) is what a move costs.
Any routine of :data:`stategraph.search.SEARCHES` that accepts those weights
runs on it.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_node("s", kind="start", label="S"); g.add_node("a", kind="state"); g.add_node("t", kind="target")
>>> g.add_edge("s", "a", weight=1, label="x"); g.add_edge("a", "t", weight=2, label="y")
>>> g.add_edge("s", "t", weight=5, label="z")
>>> search_graph(g, "dijkstra").splitlines()
['cost: 3', '0\\t-\\tS', '1\\tx\\ta', '2\\ty\\tt']
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import networkx as nx

from .errors import StategraphError, shorten
from .model import StateModel
from .pipeline import solve
from .weights import Lex


class GraphFileError(StategraphError):
    """A graph file that cannot be read or searched (exit status 2, one line)."""


def read_graph(path: str) -> nx.Graph:
    """The graph in a GraphML, node-link JSON or GEXF file (told apart by their content)."""
    shown = shorten(path, 200, quoted=False)
    if os.path.isdir(path):
        raise GraphFileError(f"cannot read the graph file {shown}: Is a directory")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise GraphFileError(f"cannot read the graph file {shown}: {exc.strerror or exc}") from None
    head = data.lstrip()[:4096]
    try:
        if head.startswith(b"{"):
            graph = _node_link(json.loads(data.decode("utf-8-sig")))
        elif head.startswith(b"<") and b"<gexf" in head:
            graph = nx.read_gexf(path)
        elif head.startswith(b"<"):
            graph = nx.parse_graphml(data.decode("utf-8-sig"))
        else:
            raise GraphFileError(f"{shown}: not a GraphML, GEXF or node-link JSON file")
    except GraphFileError:
        raise
    except (ValueError, KeyError, TypeError, ET.ParseError, nx.NetworkXError, UnicodeDecodeError) as exc:
        raise GraphFileError(f"{shown}: not a readable graph file: {type(exc).__name__}: "
                             f"{shorten(str(exc), quoted=False)}") from None
    if not graph.is_directed():
        graph = graph.to_directed()
    return graph


def _node_link(data) -> nx.Graph:
    if not isinstance(data, dict) or "nodes" not in data:
        raise GraphFileError("not a node-link JSON graph (no 'nodes')")
    edges = "edges" if "edges" in data else "links"
    return nx.node_link_graph(data, edges=edges)


def state_model(graph: nx.Graph) -> StateModel:
    """The search problem a graph file poses: its start, its targets, its weights."""
    starts = [n for n, kind in graph.nodes(data="kind") if kind == "start"]
    if len(starts) != 1:
        raise GraphFileError("the graph has no node of kind 'start'" if not starts else
                             f"the graph has {len(starts)} nodes of kind 'start'; exactly one is needed")
    start = starts[0]
    targets = {n for n, kind in graph.nodes(data="kind") if kind == "target"}
    if graph.graph.get("start_is_target"):
        targets.add(start)
    work: nx.DiGraph = nx.DiGraph()
    work.add_nodes_from((n, {"label": str(attrs.get("label", n))}) for n, attrs in graph.nodes(data=True))
    kinds = set()
    for u, v, attrs in graph.edges(data=True):
        weight = _weight(u, v, attrs)
        kinds.add(type(weight) is Lex)
        if len(kinds) > 1:
            raise GraphFileError("some edges have primary/secondary weights and others only a weight")
        old = work.get_edge_data(u, v)
        if old is not None and not weight < old["weight"]:
            continue  # parallel edges (a multigraph): the cheapest
        rank = attrs.get("rank")
        rank = rank if isinstance(rank, (int, float)) and not isinstance(rank, bool) else 0
        work.add_edge(u, v, weight=weight, rank=(rank, str(v)), label=str(attrs.get("label", "")))
    return StateModel(work, start, frozenset(targets), lexicographic=kinds == {True})


def _weight(u, v, attrs):
    if "primary" in attrs or "secondary" in attrs:
        parts = [attrs.get("primary"), attrs.get("secondary")]
        if all(_integral(p) for p in parts):
            return Lex(int(parts[0]), int(parts[1]))
        raise GraphFileError(f"the edge {shorten(u)} -> {shorten(v)} needs integer primary and secondary "
                             f"weights, found {shorten(parts[0])} and {shorten(parts[1])}")
    weight = attrs.get("weight")
    if isinstance(weight, str):
        try:
            weight = float(weight)
        except ValueError:
            pass
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight != weight:
        raise GraphFileError(f"the edge {shorten(u)} -> {shorten(v)} has no numeric weight "
                             f"(found {shorten(weight)})")
    return int(weight) if _integral(weight) else weight


def _integral(value) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and value.is_integer())


def search_graph(graph: nx.Graph, algorithm: str) -> str:
    """The optimal cost from the start to a target and the path: ``cost: C``, then one line per
    state, ``step <tab> move label <tab> state label``."""
    model = state_model(graph)
    solution = solve(model, algorithm)
    if not solution.found:
        return "cost: none (no target is reachable from the start)\n"
    states = solution.states or []
    lines = [f"cost: {solution.cost}"]
    nodes = model.graph.nodes
    for step, state in enumerate(states):
        move = "-" if step == 0 else model.graph.edges[states[step - 1], state]["label"]
        lines.append(f"{step}\t{move}\t{nodes[state]['label']}")
    return "\n".join(lines) + "\n"
