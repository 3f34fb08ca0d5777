"""Everything a run is told: every setting declared once, YAML configs, and the frozen
:class:`~stategraph.settings.resolve.Settings` (defaults < config < ``--set`` < flags).

This ``__init__`` imports nothing, so the command line builds its parser without loading networkx.
"""


def __getattr__(name: str) -> object:
    """The names of :mod:`~stategraph.settings.resolve` (once this module), with a ``DeprecationWarning``."""
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, f"{__name__}.resolve")
