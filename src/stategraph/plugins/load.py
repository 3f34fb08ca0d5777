"""Loading code named ``module:member`` (a puzzle class, a search routine) from outside the package.

Code runs only where the user named it: a module without dots only from ``module.py`` in the
config's folder, else the current one (never through ``sys.path``, and under a private name, so
no later import is shadowed); a dotted one from the installed packages, outside the standard
library.  So a plug-in is one file, or an installed package.

>>> load_member("no_such_module_here:f", None, "algorithm 'no_such_module_here:f'", Kind("function", "function", ""))
Traceback (most recent call last):
...
stategraph.plugins.load.PluginError: algorithm 'no_such_module_here:f': no file no_such_module_here.py in ...
>>> load_member("os.path:join", None, "algorithm 'os.path:join'", Kind("function", "function", ""))
Traceback (most recent call last):
...
stategraph.plugins.load.PluginError: algorithm 'os.path:join': 'os' is part of Python's standard library, not a plug-in
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, NamedTuple

from ..errors import StategraphError, shorten
from .faults import describe_exception, plugin_fault
from .names import PACKAGES, PRIVATE_PREFIX, is_plugin_name
from .own_process import plugin_loaded, supervise

_SERIAL = itertools.count(1)


class PluginError(StategraphError):
    """Code named ``module:member`` that cannot be loaded."""


class Kind(NamedTuple):
    """How messages name one kind of plug-in: ``module:{member}``, ``module 'm' has no {noun} 'x'``,
    and an example of the name of ``module.py``'s member; ``error`` is the exception raised."""

    member: str
    noun: str
    example: str
    error: type[PluginError] = PluginError


class Loaded:
    """What was loaded under each name: by ``(spec, folder)``, and by ``spec`` alone for the one
    loaded last (the one the run's config named).

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

    def load(self, spec: str, folder: str | None, where: str, kind: Kind, made: Callable[[Any], Any]):
        """What ``made`` makes of the member ``spec`` names (:func:`load_member`), loaded and made
        once for each ``(spec, folder)``."""
        known = self.get(spec, folder)
        return known if known is not None else self.put(spec, folder, made(load_member(spec, folder, where, kind)))


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
    supervise()  # the command's plug-in code runs in a process of its own
    plugin_loaded()
    try:
        module = _import(module_name, folder)
    except StategraphError as exc:  # what stategraph refuses: a contract broken by a class definition
        raise kind.error(f"{where}: {exc}") from None
    except Exception as exc:  # the plug-in's own code failed on import
        raise kind.error(f"{where}: importing {shorten(module_name)} failed: {_import_fault(exc, folder)}") from exc
    found = getattr(module, member, None)
    if found is None:
        raise kind.error(f"{where}: module {shorten(module_name)} has no {kind.noun} {shorten(member)}")
    return found


def plugin_files(spec: str, folder: str | None = None) -> list[str]:
    """The files a ``module:member`` spec may load its module from: ``module.py`` in ``folder`` (a
    config's) or the current folder (none for an installed package's dotted module).

    >>> plugin_files("keys:Keys", "/course") == ["/course/keys.py", os.path.join(os.getcwd(), "keys.py")]
    True
    >>> plugin_files("mypackage.keys:Keys"), plugin_files("huarong")
    ([], [])
    """
    module_name, colon, _ = spec.partition(":")
    if not colon or not module_name or "." in module_name:
        return []
    return [os.path.join(place, module_name + ".py") for place in dict.fromkeys((folder, os.getcwd()))
            if place is not None]


def _import(module_name: str, folder: str | None) -> ModuleType:
    """The plug-in module: from its file in ``folder`` or the current directory (a name without
    dots), else from the installed packages (a dotted name, outside the standard library)."""
    if "." not in module_name:
        candidates = plugin_files(f"{module_name}:", folder)
        for path in candidates:
            if os.path.isfile(path):
                return _from_file(module_name, path)
        folders = " or ".join(["the config's folder", "the current folder"][-len(candidates):])
        raise PluginError(f"no file {shorten(module_name + '.py', quoted=False)} in {folders} (a module "
                          "without dots is loaded only from its file; name an installed package's "
                          f"module with its package, e.g. mypackage.{shorten(module_name, quoted=False)})")
    package = module_name.partition(".")[0]
    if package in sys.stdlib_module_names:
        raise PluginError(f"{shorten(package)} is part of Python's standard library, not a plug-in")
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise PluginError(f"no installed package named {shorten(package)}")
    PACKAGES.add(package)
    try:
        return import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise PluginError(f"no module named {shorten(module_name)}") from None
        raise


def _import_fault(exc: Exception, folder: str | None) -> str:
    """What went wrong importing a plug-in: at its line, and for a missing module that lies beside
    it, that a plug-in is one file."""
    if isinstance(exc, ModuleNotFoundError) and exc.name and "." not in exc.name and any(
            os.path.isfile(os.path.join(place, exc.name + ".py")) for place in (folder, os.getcwd()) if place):
        return (f"{describe_exception(exc)}: a plug-in is one file; {exc.name}.py beside it is not on the "
                "Python path (stategraph never adds a folder to it): put what it needs in the plug-in's "
                "own file, or install it as a package")
    fault = plugin_fault(exc)
    return str(fault) if fault is not None else describe_exception(exc)


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
