"""The search problem a graph file poses (``stategraph search GRAPHFILE``): its start, its targets
and what each move costs, as :mod:`stategraph.io.graph_read` (which reads the file) describes them."""

from __future__ import annotations

import math

import networkx as nx

from ..errors import shorten
from ..graph.state_graph import StateGraph
from ..graph.weights import Lex
from .graph_read import GraphFileError, file_boolean, integer_text


def state_graph(graph: nx.Graph) -> StateGraph:
    """The search problem a graph file poses: its start, its targets, its weights."""
    starts = [n for n, kind in graph.nodes(data="kind") if kind == "start"]
    if len(starts) != 1:
        raise GraphFileError("the graph has no node of kind 'start'" if not starts else
                             f"the graph has {len(starts)} nodes of kind 'start'; exactly one is needed")
    start = starts[0]
    targets = {n for n, kind in graph.nodes(data="kind") if kind == "target"}
    if file_boolean(graph.graph.get("start_is_target", False), "the graph attribute 'start_is_target'"):
        targets.add(start)
    work: nx.DiGraph = nx.DiGraph()
    work.add_nodes_from((n, {"label": _text(attrs.get("label"), n)}) for n, attrs in graph.nodes(data=True))
    kinds = set()
    for u, v, attrs in graph.edges(data=True):
        weight = _weight(u, v, attrs)
        kinds.add(type(weight) is Lex)
        if len(kinds) > 1:
            raise GraphFileError("some edges have primary/secondary weights and others only a weight")
        old = work.get_edge_data(u, v)
        if old is not None and not weight < old["weight"]:
            continue  # parallel edges (a multigraph): the cheapest
        work.add_edge(u, v, weight=weight, rank=(_rank(attrs), str(v)), label=_text(attrs.get("label"), ""))
    return StateGraph(work, start, frozenset(targets), lexicographic=kinds == {True})


def _text(value, default) -> str:
    return str(default if value is None else value)


def _rank(attrs) -> float:
    rank = attrs.get("rank")
    return rank if isinstance(rank, (int, float)) and not isinstance(rank, bool) and rank == rank else 0


def _weight(u, v, attrs):
    edge = f"the edge {shorten(u)} -> {shorten(v)}"
    if "primary" in attrs or "secondary" in attrs:
        raw = [attrs.get("primary"), attrs.get("secondary")]
        parts = [integer_text(p) if isinstance(p, str) else p for p in raw]
        if all(_integral(p) for p in parts):
            return Lex(int(parts[0]), int(parts[1]))
        raise GraphFileError(f"{edge} needs integer primary and secondary weights, "
                             f"found {shorten(raw[0])} and {shorten(raw[1])}")
    weight = attrs.get("weight")
    if isinstance(weight, str):
        exact = integer_text(weight)
        try:
            weight = float(weight) if exact is None else exact
        except ValueError:
            pass
    if isinstance(weight, bool) or not isinstance(weight, (int, float)):
        raise GraphFileError(f"{edge} has no numeric weight (found {shorten(weight)})")
    if isinstance(weight, float) and not math.isfinite(weight):
        raise GraphFileError(f"{edge} has a weight that is not a finite number ({shorten(weight)})")
    return int(weight) if _integral(weight) else weight


def _integral(value) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and value.is_integer())
