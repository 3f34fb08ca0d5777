"""Reading exported state graphs back, as state graphs (searched by ``stategraph search GRAPHFILE``:
:func:`~stategraph.io.graph_problem.state_graph` is the search problem a file poses).

A file ``stategraph export`` wrote (GraphML, node-link JSON or GEXF, perhaps edited since) is a
weighted digraph: the ``start`` node is the source, the ``target`` nodes the targets, each edge's
``primary``/``secondary`` pair or else its ``weight`` its cost (docs/cli.md, "search").  At most
``max_bytes`` are read; what cannot be read is a one-line :class:`GraphFileError`, and memory
running out is :class:`~stategraph.errors.OutOfMemory` even where networkx re-raises it as another
exception.
"""

from __future__ import annotations

import codecs
import io
import json
import math
import os
import re
import stat
import xml.etree.ElementTree as ET
from xml.parsers.expat import errors as expat_errors

import networkx as nx
from networkx.readwrite.gexf import GEXFReader
from networkx.readwrite.graphml import GraphMLReader

from ..errors import OutOfMemory, StategraphError, found_in_chain, shorten

DEFAULT_MAX_BYTES = 512 * 1024 * 1024  # --max-bytes: a 39,201-state export is 30-60 MB
CHUNK_BYTES = 1 << 20
LEADING_WHITESPACE = 4096  # bytes of white space allowed before the document starts
XML_WHITESPACE = b" \t\r\n"
GRAPHML_HEADER = b'<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
NO_MEMORY = expat_errors.codes[expat_errors.XML_ERROR_NO_MEMORY]
INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*")  # an integer written as text, in decimal digits
FLOAT_DIGITS = 15  # an integer of at most this many digits is a float exactly
# what networkx's readers raise on a malformed file (RuntimeError: RecursionError, and the bare
# `raise` of its GEXF reader on an unknown attribute class; AttributeError: a GraphML group node
# without a graph)
UNREADABLE = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RuntimeError,
              nx.NetworkXError)


class GraphFileError(StategraphError):
    """A graph file that cannot be read or searched (exit status 2, one line)."""


def read_graph(path: str, max_bytes: int | None = None) -> nx.Graph:
    """The graph in a GraphML, node-link JSON or GEXF file of at most ``max_bytes`` bytes
    (default :data:`DEFAULT_MAX_BYTES`), told apart by their content."""
    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    if limit < 1:
        raise GraphFileError(f"the size limit of a graph file (--max-bytes) must be at least 1 byte, found {limit}")
    try:
        return _read(path, shorten(path, 200, quoted=False), limit)
    except MemoryError:
        pass  # reported below, once the exception and the frames holding the data are gone
    raise OutOfMemory()


def _read(path: str, shown: str, limit: int) -> nx.Graph:
    if os.path.isdir(path):
        raise GraphFileError(f"cannot read the graph file {shown}: Is a directory")
    try:
        with open(path, "rb") as handle:
            try:
                kind, data = _document(handle, limit)
                graph = _READERS[kind](data)
            except GraphFileError as exc:
                raise GraphFileError(f"{shown}: {exc}") from None
            except ET.ParseError as exc:
                if exc.code == NO_MEMORY:
                    raise MemoryError from None
                raise _unreadable(shown, exc) from None
            except UNREADABLE as exc:
                if found_in_chain(exc, MemoryError):  # networkx's conversions re-raise any exception as their own
                    raise MemoryError from None
                raise _unreadable(shown, exc) from None
    except OSError as exc:
        raise GraphFileError(f"cannot read the graph file {shown}: {exc.strerror or exc}") from None
    return graph if graph.is_directed() else graph.to_directed()


def _unreadable(shown: str, exc: Exception) -> GraphFileError:
    return GraphFileError(f"{shown}: not a readable graph file: {type(exc).__name__}: "
                          f"{shorten(str(exc), quoted=False)}")


# the bytes of a file, and which format they hold ---------------------------------------------------

def _document(handle, limit: int) -> tuple[str, bytes]:
    """The format (``json``, ``graphml``, ``gexf``) and the bytes of an open file; a file that
    cannot start a graph document is refused after its first chunk."""
    status = os.fstat(handle.fileno())
    if stat.S_ISREG(status.st_mode) and status.st_size > limit:
        raise _too_large(limit)
    chunks = _chunks(handle, limit)
    first = next(chunks, b"")
    buffer = io.BytesIO()
    buffer.write(first)
    if _first_byte(first) == b"{":
        codecs.getincrementaldecoder("utf-8")().decode(first)  # not UTF-8 text: refused at once
        kind = "json"
    else:
        kind = _xml_kind(_root_tag(first, chunks, buffer))
    for chunk in chunks:
        buffer.write(chunk)
    return kind, buffer.getvalue()


def _chunks(handle, limit: int):
    """The file's bytes, a chunk at a time; more than ``limit`` of them is an error, found after
    reading ``limit + 1`` (a pipe or ``/dev/zero`` has no size to look at first)."""
    size = 0
    while True:
        chunk = handle.read(min(CHUNK_BYTES, limit + 1 - size))
        if not chunk:
            return
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        yield chunk


def _too_large(limit: int) -> GraphFileError:
    return GraphFileError(f"larger than {limit:,} bytes, the limit (--max-bytes N raises it)")


def _first_byte(first: bytes) -> bytes:
    """``<`` or ``{``: the first byte after a byte-order mark and a little white space."""
    body = first.removeprefix(codecs.BOM_UTF8)
    rest = body[:LEADING_WHITESPACE + 1].lstrip(XML_WHITESPACE)
    if rest[:1] in (b"<", b"{"):
        return rest[:1]
    if rest:
        found = f"it starts with {shorten(rest[:8])}"
    elif len(body) > LEADING_WHITESPACE:
        found = f"more than {LEADING_WHITESPACE:,} bytes of white space come first"
    else:
        found = "it holds nothing but white space" if body else "it is empty"
    raise GraphFileError(f"not a GraphML, GEXF or node-link JSON file ({found})")


def _root_tag(first: bytes, chunks, buffer: io.BytesIO) -> str:
    """The tag of the XML document's root element, from an incremental parse of its opening
    chunks (added to ``buffer`` as they are read)."""
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    chunk: bytes | None = first
    while chunk is not None:
        parser.feed(chunk)
        for event in parser.read_events():
            element = event[-1]  # a "start" event's element
            if isinstance(element, ET.Element):
                return element.tag
        chunk = next(chunks, None)
        if chunk is not None:
            buffer.write(chunk)
    parser.close()  # raises: the document has no element
    raise GraphFileError("an XML document without elements")


def _xml_kind(tag: str) -> str:
    name = tag.rpartition("}")[2]
    if name in ("graphml", "gexf"):
        return name
    raise GraphFileError(f"not a GraphML or GEXF file (its root element is {shorten(name)})")


# readers ---------------------------------------------------------------------------------------

class _DeclaredNodes:
    """Refuses a node id declared twice (networkx's readers would merge the two silently)."""

    def __init__(self) -> None:
        self.ids: set = set()

    def declare(self, node_id) -> None:
        if node_id is None:
            raise GraphFileError("a node has no id")
        if node_id in self.ids:
            raise GraphFileError(f"the node id {shorten(node_id)} is declared twice")
        self.ids.add(node_id)


class _GraphML(GraphMLReader):
    def __init__(self) -> None:
        super().__init__()
        self.declared = _DeclaredNodes()

    def add_node(self, G, node_xml, graphml_keys, defaults):
        self.declared.declare(node_xml.get("id"))
        super().add_node(G, node_xml, graphml_keys, defaults)


class _GEXF(GEXFReader):
    """networkx's GEXF reader, with the graph attributes ``export`` keeps in ``meta/description``."""

    def __init__(self) -> None:
        super().__init__()
        self.declared = _DeclaredNodes()

    def __call__(self, stream):
        graph = super().__call__(stream)
        ns = self.NS_GEXF
        graph.graph.update(_description_attributes(self.xml.find(f"{{{ns}}}meta/{{{ns}}}description")))
        return graph

    def add_node(self, G, node_xml, node_attr, node_pid=None):
        self.declared.declare(node_xml.get("id"))
        super().add_node(G, node_xml, node_attr, node_pid)

    def add_edge(self, G, edge_element, edge_attr):
        """networkx's, but a weight in more digits than a float holds exactly is read as the integer."""
        text = edge_element.get("weight")
        exact = integer_text(text) if text is not None and len(text) > FLOAT_DIGITS else None
        super().add_edge(G if exact is None else _WithWeight(G, exact), edge_element, edge_attr)


class _WithWeight:
    """``graph``, whose ``add_edge`` gives every edge ``weight`` (for :meth:`_GEXF.add_edge`)."""

    def __init__(self, graph: nx.Graph, weight: int) -> None:
        self.graph, self.weight = graph, weight

    def __getattr__(self, name: str):
        return getattr(self.graph, name)

    def add_edge(self, u, v, **attrs) -> None:
        self.graph.add_edge(u, v, **{**attrs, "weight": self.weight})


def _description_attributes(description) -> dict:
    """The graph attributes in a GEXF description written by ``export`` (a JSON object); a
    description in words (no ``{`` first) holds none."""
    text = description.text if description is not None else None
    if not text or not text.lstrip().startswith("{"):
        return {}
    return json.loads(text)


def _read_graphml(data: bytes) -> nx.Graph:
    graphs = list(_GraphML()(string=data))
    if not graphs and b"<graphml>" in data:  # no namespace: as networkx's read_graphml does
        graphs = list(_GraphML()(string=data.replace(b"<graphml>", GRAPHML_HEADER, 1)))
    if not graphs:
        raise GraphFileError("the GraphML file has no <graph>")
    return graphs[0]


def _read_gexf(data: bytes) -> nx.Graph:
    return _GEXF()(io.BytesIO(data))


def _read_node_link(data: bytes) -> nx.Graph:
    document = json.loads(data.decode("utf-8-sig"))
    edges = _check_node_link(document)
    return nx.node_link_graph(document, edges=edges)


_READERS = {"graphml": _read_graphml, "gexf": _read_gexf, "json": _read_node_link}


def _check_node_link(document) -> str:
    """Refuse JSON that is not a node-link graph, which networkx would misread or fail on;
    return the name of its edge list (``edges``, or networkx's older ``links``)."""
    if not isinstance(document, dict) or not isinstance(document.get("nodes"), list):
        raise GraphFileError("not a node-link JSON graph (no 'nodes' list)")
    edges = "edges" if "edges" in document else "links"
    if not isinstance(document.get(edges), list):
        raise GraphFileError("not a node-link JSON graph (no 'edges' list)")
    if not isinstance(document.get("graph", {}), dict):
        raise GraphFileError(f"'graph' must be an object, found {shorten(document['graph'])}")
    for flag in ("directed", "multigraph"):
        if flag in document:
            file_boolean(document[flag], f"'{flag}'")
    declared = _DeclaredNodes()
    for i, node in enumerate(document["nodes"], 1):
        declared.declare(_node_id(_member(node, "id", f"node {i}"), f"node {i}"))
    for i, edge in enumerate(document[edges], 1):
        for end in ("source", "target"):
            _node_id(_member(edge, end, f"edge {i}"), f"edge {i}")
    return edges


def _member(item, name: str, where: str):
    if not isinstance(item, dict):
        raise GraphFileError(f"{where} is not an object (found {shorten(item)})")
    if name not in item:
        raise GraphFileError(f"{where} has no {name!r}")
    return item[name]


def _node_id(value, where: str):
    """The node id ``value`` as networkx makes it (lists become tuples): a string, a finite
    number, or a list of them."""
    if isinstance(value, list):
        return tuple(_node_id(item, where) for item in value)
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and math.isfinite(value)):
        return value
    raise GraphFileError(f"{where} has the id {shorten(value)}: an id must be a string or a finite number")


def file_boolean(value, what: str) -> bool:
    """A boolean as files carry them: ``true``/``false``, or those words as text (GraphML, GEXF
    and DOT attributes typed as strings); anything else is an error."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise GraphFileError(f"{what} must be true or false, found {shorten(value)}")


def integer_text(text: str) -> int | None:
    """The integer ``text`` spells in decimal digits, exactly (``None``: it spells none, or more
    digits than Python converts)."""
    if not INTEGER.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:  # past sys.get_int_max_str_digits()
        return None

def __getattr__(name: str) -> object:
    """``state_graph`` is :func:`stategraph.io.graph_problem.state_graph` now: it still imports
    from here in 0.1, with a ``DeprecationWarning``."""
    if name != "state_graph":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, "stategraph.io.graph_problem")
