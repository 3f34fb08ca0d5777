"""Code a user names (``module:Class``, ``module:function``): loading it, and owning its faults
(the modules: docs/layers.md)."""
