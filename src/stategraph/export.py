"""GraphML export of a state graph, with the solution path marked.

networkx's GraphML writer takes only str/int/float/bool attribute values and
writes node ids with ``str()``, so nodes get their readable ``label`` as id,
``Lex`` weights become two integer attributes, and ``on_path`` marks the
canonical solution for a viewer to highlight.
"""

from __future__ import annotations

import os
import re

import networkx as nx

from .errors import StategraphError
from .weights import components

SCALARS = (str, int, float, bool)


def export_path(template: str, instance: int) -> str:
    """Where instance ``instance`` is written: ``{instance}`` in the template is replaced;
    otherwise instance 1 uses the path as given and later ones get ``-k`` before the suffix.

    >>> export_path("out/g.graphml", 1), export_path("out/g.graphml", 3), export_path("g{instance}.xml", 2)
    ('out/g.graphml', 'out/g-3.graphml', 'g2.xml')
    """
    if "{instance}" in template:
        return template.replace("{instance}", str(instance))
    if instance == 1:
        return template
    stem, suffix = os.path.splitext(template)
    return f"{stem}-{instance}{suffix}"


def graphml_ready(graph: nx.DiGraph, path_states=None) -> nx.DiGraph:
    """A copy of ``graph`` whose ids and attributes GraphML can hold, with ``on_path`` marks.

    >>> from stategraph.weights import Lex
    >>> g = nx.DiGraph(); g.add_node(("a", 1), label="A"); g.add_node("b", label="B")
    >>> g.add_edge(("a", 1), "b", weight=Lex(1, 2))
    >>> h = graphml_ready(g, [("a", 1), "b"])
    >>> sorted(h.nodes), h.edges["A", "B"]
    (['A', 'B'], {'primary': 1, 'secondary': 2, 'on_path': True})
    """
    on_path = set(path_states or ())
    path_edges = set(zip(path_states or (), (path_states or ())[1:]))
    ids = {node: str(attrs.get("label", node)) for node, attrs in graph.nodes(data=True)}
    if len(set(ids.values())) != len(ids):
        raise StategraphError("state labels are not unique; cannot export GraphML")
    out: nx.DiGraph = nx.DiGraph()
    out.graph.update({k: v for k, v in graph.graph.items() if isinstance(v, SCALARS)})
    for node, attrs in graph.nodes(data=True):
        out.add_node(ids[node], **_flat(attrs), on_path=node in on_path)
    for u, v, attrs in graph.edges(data=True):
        out.add_edge(ids[u], ids[v], **_flat(attrs), on_path=(u, v) in path_edges)
    return out


def write_graphml(graph: nx.DiGraph, path: str, path_states=None) -> None:
    """Write ``graph`` to ``path``; an unwritable path is a :class:`StategraphError`."""
    text = graphml_text(graphml_ready(graph, path_states))
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise StategraphError(f"cannot write GraphML to {path}: {exc.strerror or exc}") from None


def graphml_text(graph: nx.DiGraph) -> str:
    """networkx's GraphML, with booleans spelled ``true``/``false`` as xsd:boolean requires.

    networkx writes Python's ``True``/``False``, which readers other than
    networkx (yEd, the Java reference reader) reject or misread.

    >>> g = nx.DiGraph(); g.add_node("a", on_path=True)
    >>> [line.strip() for line in graphml_text(g).splitlines() if "<data" in line]
    ['<data key="d0">true</data>']
    """
    lines = list(nx.generate_graphml(graph))
    flags = set(_BOOLEAN_KEY.findall("\n".join(line for line in lines if "<key " in line)))
    fixed = [_BOOLEAN_DATA.sub(lambda m: f'<data key="{m.group(1)}">{m.group(2).lower()}</data>'
                               if m.group(1) in flags else m.group(0), line) for line in lines]
    return "\n".join(fixed) + "\n"


_BOOLEAN_KEY = re.compile(r'<key id="([^"]+)"[^>]*attr\.type="boolean"')
_BOOLEAN_DATA = re.compile(r'<data key="([^"]+)">(True|False)</data>')


def _flat(attrs: dict) -> dict:
    flat = {}
    for key, value in attrs.items():
        if key == "weight" and not isinstance(value, SCALARS):
            flat.update(components(value))
        elif isinstance(value, SCALARS):
            flat[key] = value
        elif value is not None:
            flat[key] = str(value)
    return flat
