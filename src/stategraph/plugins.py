"""Loading code named ``module:member`` (a puzzle class, a search routine) from outside the package.

The one trust rule for both: code runs only where the user named it.  A module without dots is
loaded from its file, ``module.py``, in the config file's folder if there is one, else in the
current directory; a dotted one is imported from the installed packages.  No folder is ever
added to ``sys.path``, and a module loaded from a file is registered under a private name, so
later imports (``yaml``, ``lxml``, ...) are never shadowed by a file beside a config.

>>> load_member("no_such_module_here:f", None, "algorithm 'no_such_module_here:f'", Kind("function", "function", ""))
Traceback (most recent call last):
...
stategraph.plugins.PluginError: algorithm 'no_such_module_here:f': no module named 'no_such_module_here'
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from .errors import StategraphError, shorten

PLUGIN_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*", re.ASCII)
PRIVATE_PREFIX = "_stategraph_plugin_"  # plug-in modules loaded from a file live under this name
_SERIAL = itertools.count(1)


class PluginError(StategraphError):
    """Code named ``module:member`` that cannot be loaded."""


@dataclass(frozen=True)
class Kind:
    """How messages name one kind of plug-in: ``module:{member}``, ``module 'm' has no {noun} 'x'``,
    and an example of the name of ``module.py``'s member; ``error`` is the exception raised."""

    member: str
    noun: str
    example: str
    error: type[PluginError] = PluginError


class Loaded:
    """What was loaded under each name: by ``(spec, folder)``, and by ``spec`` alone for the one
    loaded last (a lookup without a folder gets the one the run's config named).

    >>> loaded = Loaded()
    >>> loaded.put("m:f", "/course", 1), loaded.get("m:f", None), loaded.get("m:f", "/elsewhere")
    (1, 1, None)
    """

    def __init__(self) -> None:
        self._by: dict = {}

    def get(self, spec: str, folder: str | None):
        return self._by.get((spec, folder)) or (self._by.get(spec) if folder is None else None)

    def put(self, spec: str, folder: str | None, value):
        self._by[(spec, folder)] = self._by[spec] = value
        return value


def is_plugin_name(name: str) -> bool:
    """Whether ``name`` has the form ``module:Class`` (dotted identifiers, then an identifier).

    >>> is_plugin_name("ice_maze:IceMaze"), is_plugin_name("notes:1.txt"), is_plugin_name("a/b:C")
    (True, False, False)
    """
    return PLUGIN_NAME.fullmatch(name) is not None


def load_member(spec: str, folder: str | None, where: str, kind: Kind):
    """The object ``spec`` (``module:member``) names, or ``None`` if the module has no such
    member; any fault is a ``kind.error`` starting with ``where``."""
    module_name, _, member = spec.partition(":")
    if not module_name or not member:
        raise kind.error(f"{where}: expected module:{kind.member}")
    if module_name.endswith(".py") or os.sep in module_name:
        raise kind.error(f"{where}: name the module, not its file (e.g. {kind.example})")
    if not is_plugin_name(spec):
        raise kind.error(f"{where}: expected module:{kind.member}, where both are Python names")
    try:
        module = _import(module_name, folder)
    except PluginError as exc:
        raise kind.error(f"{where}: {exc}") from None
    except Exception as exc:  # the plug-in's own code failed on import
        raise kind.error(f"{where}: importing {shorten(module_name)} failed: {type(exc).__name__}: "
                         f"{shorten(str(exc), quoted=False)}") from None
    found = getattr(module, member, None)
    if found is None:
        raise kind.error(f"{where}: module {shorten(module_name)} has no {kind.noun} {shorten(member)}")
    return found


def _import(module_name: str, folder: str | None) -> ModuleType:
    """The plug-in module: from its file in ``folder`` or the current directory, else the Python path."""
    if "." not in module_name:
        for place in (folder, os.getcwd()):
            if place is not None and os.path.isfile(os.path.join(place, module_name + ".py")):
                return _from_file(module_name, os.path.join(place, module_name + ".py"))
    try:
        return import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise PluginError(f"no module named {shorten(module_name)}") from None
        raise


def _from_file(module_name: str, path: str) -> ModuleType:
    private = f"{PRIVATE_PREFIX}{next(_SERIAL)}_{module_name}"
    spec = importlib.util.spec_from_file_location(private, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"cannot load {shorten(path, 200, quoted=False)}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[private] = module  # dataclasses and typing look their module up by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[private]
        raise
    return module
