"""A read-only view of a directed graph, for code that must not change it (a search routine of your own).

:func:`read_only` shares the graph's dicts (no copy: it costs nothing to make) and wraps them so
that every write, to the structure, to a node's, an edge's or the graph's attribute dict, through
the public API or networkx's private dicts, raises :class:`GraphWriteError` saying what was
written.  Everything that only reads (networkx's algorithms included) sees what it would see in
the graph itself; ``view.copy()`` is an ordinary, writable ``networkx.DiGraph``.

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge((1, 2), (1, 3), weight=4)
>>> view = read_only(g)
>>> view[(1, 2)][(1, 3)]["weight"], nx.shortest_path_length(view, (1, 2), (1, 3), weight="weight")
(4, 4)
>>> view.nodes[(1, 2)]["visited"] = True
Traceback (most recent call last):
...
stategraph.graph.read_only.GraphWriteError: graph.nodes[(1, 2)]['visited'] = True: the graph is read-only \
(graph.copy() gives a writable copy)
>>> dict(g.nodes[(1, 2)]), view.copy().add_node("x")
({}, None)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, ItemsView, Iterator, Mapping, ValuesView
from typing import Any, NoReturn

import networkx as nx

from ..errors import shorten
from .dicts import view_of

__all__ = ["GraphWriteError", "ReadOnlyDiGraph", "read_only"]


class GraphWriteError(TypeError):
    """A write through a :func:`read_only` view of a graph.

    A ``TypeError``, as from any immutable mapping.  ``what`` is the write as it was made, e.g.
    ``graph.nodes[(1, 2)]['visited'] = True`` (values shortened).
    """

    def __init__(self, what: str):
        self.what = what
        super().__init__(f"{what}: the graph is read-only (graph.copy() gives a writable copy)")


def read_only(graph: nx.DiGraph) -> nx.DiGraph:
    """A view of ``graph`` through which nothing can be changed, sharing its data.

    Reads go through to ``graph`` (later changes to it show); every write raises
    :class:`GraphWriteError`.  ``view.copy()``, ``view.reverse()``, ``nx.relabel_nodes(view, ...)``
    and the like make ordinary writable graphs; ``view.subgraph(nodes)`` is read-only too; a
    pickled view comes back as a view of the unpickled graph.

    Parameters
    ----------
    graph : networkx.DiGraph
        The graph to protect (not a multigraph).

    Returns
    -------
    networkx.DiGraph
        The view: an instance of a ``networkx.DiGraph`` subclass.

    Examples
    --------
    >>> g = nx.DiGraph([("a", "b")])
    >>> view = read_only(g)
    >>> list(view.successors("a")), view.has_edge("a", "b")
    (['b'], True)
    >>> view.add_edge("b", "a", weight=0)
    Traceback (most recent call last):
    ...
    stategraph.graph.read_only.GraphWriteError: graph.add_edge('b', 'a', weight=0): the graph is read-only \
(graph.copy() gives a writable copy)
    """
    if isinstance(graph, ReadOnlyDiGraph):
        return graph
    if graph.is_multigraph() or not graph.is_directed():
        raise TypeError(f"read_only takes a networkx.DiGraph, not a {type(graph).__name__}")
    return view_of(graph, ReadOnlyDiGraph, _wrapped)


def _wrapped(name: str, data: dict) -> _ReadOnlyMapping:
    """One of the graph's dicts, read only (``name`` as :func:`~stategraph.graph.dicts.view_of` gives it)."""
    where = f"graph.{name}"  # the dict, named as a writer reached it
    if name == "graph":
        return _Attrs(data, where)
    if name == "_node":
        return _Nodes(data, where)
    return _Adjacency(data, "graph.pred" if name == "_pred" else "graph", where)


# -- the messages ------------------------------------------------------------------------------------------------

def _shown(value: object) -> str:
    """An argument in a message: short, and the same in every run (no object addresses)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, tuple, list, dict, set, frozenset)):
        return shorten(value)
    return "..."


def _call(base: str, method: str, args: tuple, kwargs: Mapping[str, Any]) -> str:
    shown = [*map(_shown, args), *(f"{key}={_shown(value)}" for key, value in kwargs.items())]
    return f"{base}.{method}({', '.join(shown)})"


def _keyed(base: str, *keys: Hashable) -> str:
    return base + "".join(f"[{shorten(key)}]" for key in keys)


# -- the dicts ---------------------------------------------------------------------------------------------------

class _ReadOnlyMapping(Mapping):
    """What a dict does to change itself, refused; ``_base()`` names the dict as its writer reached it."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # as a dict's
    _data: dict  # the dict read (each subclass's slot)

    def _base(self) -> str:
        raise NotImplementedError

    def __contains__(self, key) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def keys(self):
        return self._data.keys()

    def _refuse(self, what: str) -> NoReturn:
        raise GraphWriteError(what)

    def __setitem__(self, key, value) -> NoReturn:
        self._refuse(f"{_keyed(self._base(), key)} = {_shown(value)}")

    def __delitem__(self, key) -> NoReturn:
        self._refuse(f"del {_keyed(self._base(), key)}")

    def __ior__(self, other) -> NoReturn:
        self._refuse(f"{self._base()} |= {_shown(other)}")

    def update(self, *args, **kwargs) -> NoReturn:
        self._refuse(_call(self._base(), "update", args, kwargs))

    def setdefault(self, *args) -> NoReturn:
        self._refuse(_call(self._base(), "setdefault", args, {}))

    def pop(self, *args) -> NoReturn:
        self._refuse(_call(self._base(), "pop", args, {}))

    def popitem(self) -> NoReturn:
        self._refuse(_call(self._base(), "popitem", (), {}))

    def clear(self) -> NoReturn:
        self._refuse(_call(self._base(), "clear", (), {}))


class _Attrs(_ReadOnlyMapping):
    """An attribute dict (a node's, an edge's, the graph's), read only.  ``where`` names it: a string,
    or the mapping it was read from (which names it with the key)."""

    __slots__ = ("_data", "_where", "_key")

    def __init__(self, data: dict, where: Any, key: Hashable = None):
        self._data = data
        self._where = where
        self._key = key

    def _base(self) -> str:
        where = self._where
        return where if isinstance(where, str) else where._entry(self._key)

    def __getitem__(self, key):
        return self._data[key]

    def get(self, key, default=None):
        return self._data.get(key, default)

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self) -> dict:
        """A writable copy, as ``dict.copy`` (shallow)."""
        return self._data.copy()

    def __eq__(self, other) -> bool:
        return self._data == (other._data if isinstance(other, _Attrs) else other)

    def __or__(self, other) -> dict:
        return self._data | (other._data if isinstance(other, _Attrs) else other)

    def __ror__(self, other) -> dict:
        return other | self._data

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self):
        return dict, (self._data.copy(),)  # pickled, copied: a plain dict


class _Wrapping(_ReadOnlyMapping):
    """A dict of dicts (node -> attributes, node -> {neighbour: edge attributes}), read only: its values
    come wrapped.  ``_wrap(key, value)`` wraps one."""

    __slots__ = ("_data",)
    _data: dict

    def _wrap(self, key, value):
        raise NotImplementedError

    def __getitem__(self, key):
        return self._wrap(key, self._data[key])

    def get(self, key, default=None):
        value = self._data.get(key, _MISSING)
        return default if value is _MISSING else self._wrap(key, value)

    def values(self):
        return _Values(self)

    def items(self):
        return _Items(self)

    def copy(self) -> dict:
        """A writable copy, two levels deep (as networkx's ``AdjacencyView.copy``)."""
        return {key: value.copy() for key, value in self._data.items()}

    def __repr__(self) -> str:
        return repr(self._data)  # as the dict itself shows

    def __reduce__(self):
        return dict, (self.copy(),)


_MISSING = object()


class _Items(ItemsView):
    __slots__ = ()
    _mapping: _Wrapping

    def __iter__(self) -> Iterator:
        mapping = self._mapping
        wrap = mapping._wrap
        for key, value in mapping._data.items():
            yield key, wrap(key, value)


class _Values(ValuesView):
    __slots__ = ()
    _mapping: _Wrapping

    def __iter__(self) -> Iterator:
        return (value for _, value in _Items(self._mapping))


class _Nodes(_Wrapping):
    """node -> attribute dict (networkx's ``_node``), ``name`` the dict itself."""

    __slots__ = ("_name",)

    def __init__(self, data: dict, name: str):
        self._data = data
        self._name = name

    def _base(self) -> str:
        return self._name

    def _entry(self, node) -> str:
        return _keyed("graph.nodes", node)

    def _wrap(self, key, value) -> _Attrs:
        return _Attrs(value, self, key)


class _Adjacency(_Wrapping):
    """node -> {neighbour: edge attributes} (networkx's ``_succ`` or ``_pred``).  ``edges`` names an
    edge's attribute dict as users reach it (``graph`` for ``graph[u][v]``), ``name`` the dict itself."""

    __slots__ = ("_edges", "_name")

    def __init__(self, data: dict, edges: str, name: str):
        self._data = data
        self._edges = edges
        self._name = name

    def _base(self) -> str:
        return self._name

    def _wrap(self, key, value) -> _Neighbours:
        return _Neighbours(value, self, key)


class _Neighbours(_Wrapping):
    """One node's {neighbour: edge attributes}."""

    __slots__ = ("_parent", "_key")

    def __init__(self, data: dict, parent: _Adjacency, node: Hashable):
        self._data = data
        self._parent = parent
        self._key = node

    def _base(self) -> str:
        return _keyed(self._parent._name, self._key)

    def _entry(self, neighbour) -> str:
        return _keyed(self._parent._edges, self._key, neighbour)

    def _wrap(self, key, value) -> _Attrs:
        return _Attrs(value, self, key)


# -- the graph ---------------------------------------------------------------------------------------------------

def _refused(method: str) -> Callable[..., NoReturn]:
    def refused(self, *args, **kwargs) -> NoReturn:
        raise GraphWriteError(_call("graph", method, args, kwargs))

    refused.__name__ = refused.__qualname__ = method
    refused.__doc__ = f"Refused: the graph is read-only (``{method}`` would change it)."
    return refused


class ReadOnlyDiGraph(nx.DiGraph):
    """The class of :func:`read_only`'s views.  networkx makes a new graph as one of its graph's own
    class (``copy``, ``reverse``, ``subgraph``, ``relabel_nodes``, ...): made so, it is an ordinary
    ``networkx.DiGraph``, to be filled."""

    frozen = True  # nx.is_frozen

    def __new__(cls, *args, **kwargs) -> Any:
        return nx.DiGraph(*args, **kwargs)

    add_node = _refused("add_node")
    add_nodes_from = _refused("add_nodes_from")
    remove_node = _refused("remove_node")
    remove_nodes_from = _refused("remove_nodes_from")
    add_edge = _refused("add_edge")
    add_edges_from = _refused("add_edges_from")
    add_weighted_edges_from = _refused("add_weighted_edges_from")
    remove_edge = _refused("remove_edge")
    remove_edges_from = _refused("remove_edges_from")
    update = _refused("update")
    clear = _refused("clear")
    clear_edges = _refused("clear_edges")

    @property
    def name(self):
        return self.graph.get("name", "")

    @name.setter
    def name(self, value) -> NoReturn:
        raise GraphWriteError(f"graph.name = {_shown(value)}")

    def __reduce__(self):
        return read_only, (self._graph,)  # the graph viewed (set by view_of)
