"""Writing a flattened state graph (see :func:`stategraph.export.flatten`) to a file: GraphML,
GEXF, node-link JSON or DOT, through networkx's writers (GraphML streamed with lxml).

Files are written through :mod:`stategraph.safefile`: a path that cannot be opened is a
:class:`~stategraph.errors.StategraphError`; a write that fails once started is a
:class:`~stategraph.errors.StreamFault`, and an existing file is left as it was.
"""

from __future__ import annotations

import errno
import io
import json
from copy import copy
from importlib import import_module
from typing import Any

import networkx as nx

from .errors import StategraphError
from .safefile import open_output


def write_graph(flat: nx.DiGraph, path: str, fmt: str) -> None:
    """Write ``flat`` to ``path`` (``-``: standard output) in ``fmt`` with networkx's own writers,
    through :func:`stategraph.safefile.open_output` (an existing file is replaced only once the
    new one is complete).

    A path that cannot be opened is a :class:`StategraphError` (exit 2); a write that fails
    once started (a full disk) is a :class:`StreamFault` (exit 4); a closed pipe is a
    :class:`BrokenPipeError` (exit 1).
    """
    writer = {"graphml": _write_graphml, "gexf": _write_gexf, "json": _write_json, "dot": _write_dot}[fmt]
    if fmt == "dot":
        _pydot()
    with open_output(path, "the graph") as handle:
        try:
            writer(flat, handle)
        except Exception as exc:  # lxml reports a failed write as its own error: make it an OSError
            if not type(exc).__module__.startswith("lxml"):
                raise
            if "Broken pipe" in str(exc):
                raise BrokenPipeError(errno.EPIPE, "Broken pipe") from None
            raise OSError(str(exc)) from None


class _BooleanSpelling:
    """GraphML's xsd:boolean is ``true``/``false``; networkx writes Python's ``True``, which readers
    other than networkx (yEd, igraph, the Java reference reader) reject or misread."""

    def add_data(self, name, element_type, value, scope="all", default=None):
        if element_type is bool:
            value = str(value).lower()
        return super().add_data(name, element_type, value, scope, default)


def _write_graphml(flat: nx.DiGraph, handle) -> None:
    from networkx.readwrite import graphml

    try:
        etree = import_module("lxml.etree")
    except ImportError:  # networkx's plain writer: the same file, several times slower
        class Plain(_BooleanSpelling, graphml.GraphMLWriter):
            pass

        writer = Plain(encoding="utf-8", prettyprint=False)
        writer.add_graph_element(flat)
        writer.dump(handle)
        return

    Element, SubElement = etree.Element, etree.SubElement

    class Streaming(_BooleanSpelling, graphml.GraphMLWriterLxml):
        """networkx's lxml GraphML writer (its keys, types and incremental file), with the per-value
        work of ``add_graph_element`` done once per attribute name and each node or edge element
        copied from a template of its attribute names: several times faster on big graphs."""

        def add_graph_element(self, G) -> None:
            succ = G._succ
            scopes = {"graph": [G.graph], "node": G._node.values(),
                      "edge": [d for nbrs in succ.values() for d in nbrs.values()]}
            keys: dict = {}
            for scope, dicts in scopes.items():
                seen: set = set()
                add = seen.add
                for d in dicts:
                    for k, v in d.items():
                        add((k, type(v)))
                for k, t in seen:
                    self.attribute_types[(str(k), scope)].add(t)
                keys[scope] = {}
                for k, _ in seen:
                    if k in keys[scope]:
                        continue
                    kinds = self.attribute_types[(str(k), scope)]
                    general = next(iter(kinds))
                    if len(kinds) > 1:  # as networkx infers: the most general of the types found
                        found = {self.get_xml_type(t) for t in kinds if t in self.xml_type}
                        general = str if "string" in found else float if found & {"float", "double"} else int
                    if general not in self.xml_type:
                        raise nx.NetworkXError(f"GraphML writer does not support {general} as data values.")
                    keyid = self.get_key(str(k), self.get_xml_type(general), scope, None)
                    keys[scope][k] = (keyid, general is bool)
            stream: Any = self.__dict__["_xml"]  # the lxml incremental file networkx opened
            write = stream.write
            for key in self.xml:
                write(key)
            with stream.element("graph", edgedefault="directed"):
                holder = Element("graph")
                for k, v in G.graph.items():
                    keyid, boolean = keys["graph"][k]
                    SubElement(holder, "data", key=keyid).text = ("true" if v else "false") if boolean else str(v)
                for data in holder:
                    write(data)
                node = _template_of("node", keys["node"])
                for n, d in G._node.items():
                    template, flags = node(tuple(d))
                    element = copy(template)
                    element.set("id", str(n))
                    for child, boolean, v in zip(element, flags, d.values()):
                        child.text = ("true" if v else "false") if boolean else str(v)
                    write(element)
                edge = _template_of("edge", keys["edge"])
                for u, nbrs in succ.items():
                    source = str(u)
                    for v, d in nbrs.items():
                        template, flags = edge(tuple(d))
                        element = copy(template)
                        element.set("source", source)
                        element.set("target", str(v))
                        for child, boolean, value in zip(element, flags, d.values()):
                            child.text = ("true" if value else "false") if boolean else str(value)
                        write(element)

    def _template_of(tag: str, scope_keys: dict) -> Any:
        cache: dict = {}

        def template(names):
            found = cache.get(names)
            if found is None:
                element = Element(tag)
                flags = []
                for name in names:
                    keyid, boolean = scope_keys[name]
                    SubElement(element, "data", key=keyid)
                    flags.append(boolean)
                found = cache[names] = (element, flags)
            return found

        return template

    Streaming(handle, graph=flat, encoding="utf-8", prettyprint=False).dump()


def _write_gexf(flat: nx.DiGraph, handle) -> None:
    """GEXF keeps no graph attributes of its own: they go, as JSON, into its ``meta/description``."""
    from xml.etree.ElementTree import SubElement

    from networkx.readwrite import gexf

    writer = gexf.GEXFWriter(encoding="utf-8", prettyprint=False, version="1.2draft")
    meta = writer.xml.find("meta")
    if meta is not None:
        SubElement(meta, "description").text = json.dumps(flat.graph)
    writer.add_graph(flat)
    writer.write(handle)


def _write_json(flat: nx.DiGraph, handle) -> None:
    data = nx.node_link_data(flat, edges="edges")
    text = io.TextIOWrapper(handle, encoding="utf-8", write_through=False)
    try:
        json.dump(data, text, separators=(",", ":"))  # written in chunks, not one big string
        text.write("\n")
        text.flush()
    finally:
        text.detach()  # the caller closes (or keeps, for stdout) the binary handle


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
