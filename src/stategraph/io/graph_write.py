"""Writing a flattened state graph (:func:`stategraph.solving.export.flatten`) to a file: GraphML
(streamed by the small writer here), GEXF and node-link JSON (networkx's writers) or DOT (pydot).

In GraphML and GEXF an attribute has one declared type, the most general of its values'; an
integer outside 64 bits makes its attribute a ``string`` of decimal digits, kept exactly (GEXF's
float ``weight`` too), which :mod:`stategraph.io.graph_read` reads back exactly.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable

import networkx as nx

from ..errors import StategraphError, shorten
from ..graph.dicts import node_attributes, successors
from .safefile import open_output


def write_graph(flat: nx.DiGraph, path: str, fmt: str) -> None:
    """Write ``flat`` to ``path`` (``-``: standard output) in ``fmt``, through
    :func:`stategraph.io.safefile.open_output` (whole or not at all)."""
    writer = {"graphml": _write_graphml, "gexf": _write_gexf, "json": _write_json, "dot": _write_dot}[fmt]
    if fmt == "dot":
        _pydot()
    with open_output(path, "the graph") as handle:
        writer(flat, handle)


_NS = "http://graphml.graphdrawing.org/xmlns"
_HEADER = ("<?xml version='1.0' encoding='utf-8'?>\n"
           f'<graphml xmlns="{_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
           f'xsi:schemaLocation="{_NS} {_NS}/1.0/graphml.xsd">')
_XML_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}  # a subclass: its base's
LONG_RANGE = (-2**63, 2**63 - 1)  # GraphML's and GEXF's long: an integer outside it is written as text
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")  # not even escaped
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                    "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
_CHUNK = 4096  # elements per write


def _write_graphml(flat: nx.DiGraph, handle) -> None:
    """GraphML as networkx's lxml writer writes it with ``infer_numeric_types=True``, but with XML's
    ``true``/``false`` for booleans (networkx's ``True`` is rejected or misread by yEd, igraph and
    the Java reference reader); written in chunks, never held whole."""
    text, attribute = _escaper(_TEXT_ESCAPES), _escaper(_ATTRIBUTE_ESCAPES)
    nodes, succ = node_attributes(flat), successors(flat)
    declared: list = []
    scopes = {scope: _keys(scope, dicts, declared, text) for scope, dicts in
              (("graph", [flat.graph]), ("node", nodes.values()),
               ("edge", [d for nbrs in succ.values() for d in nbrs.values()]))}
    out = [_HEADER]
    out += [f'<key id="{keyid}" for="{scope}" attr.name="{attribute(name)}" attr.type="{kind}"/>'
            for keyid, scope, name, kind in reversed(declared)]
    out.append('<graph edgedefault="directed">')
    for name, value in flat.graph.items():
        keyid, spell = scopes["graph"][str(name)]
        out.append(f'<data key="{keyid}">{spell(value)}</data>')
    ids = {n: attribute(str(n)) for n in nodes}
    node, edge = _templates("node", scopes["node"]), _templates("edge", scopes["edge"])
    flush = _flusher(out, handle)
    for n, attrs in nodes.items():
        template, spells = node(tuple(attrs))
        out.append(template.format(ids[n], *[spell(v) for spell, v in zip(spells, attrs.values())]))
        flush()
    for u, nbrs in succ.items():
        for v, attrs in nbrs.items():
            template, spells = edge(tuple(attrs))
            out.append(template.format(ids[u], ids[v], *[spell(x) for spell, x in zip(spells, attrs.values())]))
            flush()
    out.append("</graph></graphml>")
    flush(0)


def _flusher(out: list, handle) -> Callable[..., None]:
    """``flush(limit)``: ``out`` written to ``handle`` (UTF-8) and emptied once it holds ``limit`` strings."""

    def flush(limit: int = _CHUNK) -> None:
        if len(out) >= limit:
            handle.write("".join(out).encode("utf-8"))
            out.clear()

    return flush


def _escaper(table: dict) -> Callable[[str], str]:
    """``escape(text)``: ``text`` escaped by ``table`` (remembered: labels repeat), or a
    :class:`StategraphError` if it holds a character XML cannot hold."""
    memo: dict = {}

    def escape(value: str) -> str:
        found = memo.get(value)
        if found is None:
            _refuse_non_xml(value, "GraphML")
            found = memo[value] = value.translate(table)
        return found

    return escape


def _refuse_non_xml(value: str, fmt: str) -> None:
    """A :class:`StategraphError` if ``value`` holds a character XML cannot hold, even escaped."""
    bad = _NOT_XML.search(value)
    if bad:
        raise StategraphError(f"cannot write {fmt}: {shorten(value)} holds the character {bad.group()!r}, which XML "
                              "cannot hold")


def _keys(scope: str, dicts, declared: list, text: Callable[[str], str]) -> dict:
    """``{name: (key id, spell)}`` for the attribute names of ``dicts`` (first met first), each
    declared in ``declared``; ``spell(value)`` is a value's escaped text."""
    found = {}
    for name, types in _value_types(dicts).items():
        general = _general(types)
        keyid = f"d{len(declared)}"
        declared.append((keyid, scope, name, _XML_TYPES[general]))
        plain = types <= {int, float, bool}  # numbers print as XML text
        spell = _boolean if general is bool else str if plain else (lambda v: text(str(v)))
        found[name] = (keyid, spell)
    return found


class _Digits(str):
    """What :func:`_value_types` counts an integer outside :data:`LONG_RANGE` as: text."""


def _value_types(dicts) -> dict[str, set[type]]:
    """``{name: the types of its values}`` of the attributes of ``dicts``, first met first."""
    low, high = LONG_RANGE
    kinds: dict = {}
    for d in dicts:
        for k, v in d.items():
            kind = type(v)
            if kind is int and not low <= v <= high:
                kind = _Digits
            seen = kinds.get(k)
            if seen is None:  # (no setdefault: a new set a value costs a third of the time)
                seen = kinds[k] = set()
            seen.add(kind)
    named: dict = {}
    for k, types in kinds.items():
        named.setdefault(str(k), set()).update(types)
    return named


def _general(types: set[type]) -> type:
    """The type that holds every value of an attribute: theirs if they share one, else ``str`` if
    one is text, else ``float`` if one is a float, else ``int``."""
    bases = {_base(t) for t in types}
    return bases.pop() if len(bases) == 1 else str if str in bases else float if float in bases else int


def _base(kind: type) -> type:
    base = next((t for t in kind.__mro__ if t in _XML_TYPES), None)
    if base is None:
        raise StategraphError(f"cannot write GraphML: it has no type for {kind.__name__} values")
    return base


def _boolean(value) -> str:
    return "true" if value else "false"


def _templates(tag: str, scope_keys: dict) -> Callable[[tuple], tuple]:
    """``template(names)``: a format string for a ``tag`` element with data named ``names`` (its
    id or source and target first, then the values), and the values' spell functions."""
    opening = '<node id="{}"' if tag == "node" else '<edge source="{}" target="{}"'
    cache: dict = {}

    def template(names: tuple) -> tuple:
        found = cache.get(names)
        if found is None:
            keys = [scope_keys[str(name)] for name in names]
            body = "".join(f'<data key="{keyid}">{{}}</data>' for keyid, _ in keys)
            found = cache[names] = (f"{opening}>{body}</{tag}>" if keys else f"{opening}/>",
                                    [spell for _, spell in keys])
        return found

    return template


def _write_gexf(flat: nx.DiGraph, handle) -> None:
    """GEXF keeps no graph attributes of its own: they go, as JSON, into its ``meta/description``."""
    from xml.etree.ElementTree import SubElement

    from networkx.readwrite import gexf

    for value in _strings(flat):  # what networkx's writer would write into a file no XML reader takes
        _refuse_non_xml(value, "GEXF")
    writer = gexf.GEXFWriter(encoding="utf-8", prettyprint=False, version="1.2draft")
    meta = writer.xml.find("meta")
    if meta is not None:
        SubElement(meta, "description").text = json.dumps(flat.graph)
    writer.add_graph(_one_type_each(flat))
    writer.write(handle)


def _strings(flat: nx.DiGraph):
    """Every string of ``flat``'s nodes, edges and their attributes (names and values)."""
    for node, attrs in flat.nodes(data=True):
        yield from (x for x in (node, *attrs, *attrs.values()) if isinstance(x, str))
    for *_, attrs in flat.edges(data=True):
        yield from (x for x in (*attrs, *attrs.values()) if isinstance(x, str))


# what networkx's GEXF writer writes as the <node> or <edge> element's own XML attributes, not as attvalues
_GEXF_OWN = {"node": frozenset({"id", "label", "pid", "start", "end"}),
             "edge": frozenset({"id", "label", "weight", "type", "start", "end"})}


def _one_type_each(flat: nx.DiGraph) -> nx.DiGraph:
    """``flat``, or a copy whose attributes each hold values of one XML type (networkx's GEXF writer
    declares an attribute's type by its first value): see :func:`_general`; an integer outside
    :data:`LONG_RANGE` becomes its digits."""
    nodes, succ = node_attributes(flat), successors(flat)
    node_types = _retyped(_value_types(nodes.values()), _GEXF_OWN["node"])
    edge_types = _retyped(_value_types(d for nbrs in succ.values() for d in nbrs.values()), _GEXF_OWN["edge"])
    if not node_types and not edge_types:
        return flat
    typed: nx.DiGraph = nx.DiGraph(**flat.graph)
    typed.add_nodes_from((n, _converted(d, node_types)) for n, d in nodes.items())
    typed.add_edges_from((u, v, _converted(d, edge_types)) for u, nbrs in succ.items() for v, d in nbrs.items())
    return typed


def _retyped(kinds: dict[str, set[type]], own: frozenset) -> dict[str, type]:
    """``{name: the type its values become}`` of the attributes (but ``own``) not all of one XML type."""
    return {name: _general(types) for name, types in kinds.items()
            if name not in own and (len(types) > 1 or not types <= _XML_TYPES.keys())}


def _converted(attrs: dict, types: dict[str, type]) -> dict:
    return {k: types[k](v) if k in types else v for k, v in attrs.items()}


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
    included (DOT has no types; :func:`stategraph.io.graph_read.read_graph` does not read DOT)."""
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
    text = _boolean(value) if isinstance(value, bool) else str(value)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _pydot():
    try:
        import pydot
    except ImportError:
        raise StategraphError("the dot format needs pydot (pip install pydot)") from None
    return pydot
