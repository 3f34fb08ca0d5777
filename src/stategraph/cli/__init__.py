"""The ``stategraph`` command line: its parser (:mod:`~stategraph.cli.main`), its commands, its streams."""
