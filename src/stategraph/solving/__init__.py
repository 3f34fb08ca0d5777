"""One run of a puzzle over an input: the driver (:mod:`~stategraph.solving.driver`), its workers,
and what it writes and judges (docs/layers.md lists the modules).
"""
