"""Everything a run is told: every setting declared once, YAML configs, and the frozen settings.

:mod:`~stategraph.settings.fields` declares each key; :mod:`~stategraph.settings.config` reads
and checks YAML configs; :mod:`~stategraph.settings.resolve` builds the
:class:`~stategraph.settings.resolve.Settings` of a run (defaults < config < ``--set`` < flags);
:mod:`~stategraph.settings.packaged` finds the configs shipped in the package.

This ``__init__`` imports nothing, so the command line builds its parser without loading networkx.
"""


def __getattr__(name: str) -> object:
    """``stategraph.settings`` was the module :mod:`~stategraph.settings.resolve` is now: its names
    still import from here in 0.1, with a ``DeprecationWarning``."""
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, f"{__name__}.resolve")
