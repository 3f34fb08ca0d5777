"""Deprecated (goes in 0.2): a routine of your own gets the state graph itself, in a process of its own.

What a routine changes stays in its process (docs/trust.md), so no read-only view is needed.  For
code written against this module, ``read_only(graph)`` gives a frozen copy (``networkx.freeze``)
and ``GraphWriteError`` is what writing to a frozen graph raises, each with a ``DeprecationWarning``.
"""

from __future__ import annotations

import networkx as nx

from ..moved import warn


def _read_only(graph: nx.DiGraph) -> nx.DiGraph:
    """A frozen copy of ``graph``: its own dicts, no state or move to add or remove."""
    return nx.freeze(graph.copy())


_NOW = {"read_only": (_read_only, "networkx: nx.freeze(graph.copy())"),
        "GraphWriteError": (nx.NetworkXError, "networkx: NetworkXError")}


def __getattr__(name: str):
    if name not in _NOW:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value, instead = _NOW[name]
    warn(f"{__name__}.{name}", instead)
    return value
