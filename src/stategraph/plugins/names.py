"""Which code is a plug-in's: the form of a plug-in's name, and the modules loaded as plug-ins
(:mod:`stategraph.plugins.load` registers them, :mod:`stategraph.plugins.faults` reads them)."""

from __future__ import annotations

import re

PLUGIN_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*", re.ASCII)
PRIVATE_PREFIX = "_stategraph_plugin_"  # plug-in modules loaded from a file live under this name
PACKAGES: set[str] = set()  # the installed packages whose modules were named as plug-ins


def is_plugin_name(name: str) -> bool:
    """Whether ``name`` has the form ``module:Class`` (dotted identifiers, then an identifier).

    >>> is_plugin_name("ice_maze:IceMaze"), is_plugin_name("notes:1.txt"), is_plugin_name("a/b:C")
    (True, False, False)
    """
    return PLUGIN_NAME.fullmatch(name) is not None


def is_plugin_module(module_name: str) -> bool:
    """Whether the module called ``module_name`` is plug-in code: loaded from a plug-in's file, or
    part of an installed package a plug-in was named in.

    >>> is_plugin_module("stategraph.solving.driver"), is_plugin_module(PRIVATE_PREFIX + "1_ice_maze")
    (False, True)
    """
    return module_name.startswith(PRIVATE_PREFIX) or module_name.partition(".")[0] in PACKAGES
