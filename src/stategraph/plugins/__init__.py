"""Code a user names (``module:Class``, ``module:function``): loading it, and owning its faults.

:mod:`~stategraph.plugins.load` loads a plug-in only where it was named;
:mod:`~stategraph.plugins.names` knows which modules are plug-in code;
:mod:`~stategraph.plugins.faults` reports an exception from that code at its own line.
"""
