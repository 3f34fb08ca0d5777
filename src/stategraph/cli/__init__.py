"""The ``stategraph`` command line: its parser, its commands, its streams.

:mod:`~stategraph.cli.main` reads the options and turns faults into exit statuses;
:mod:`~stategraph.cli.commands` and :mod:`~stategraph.cli.view_commands` do the commands;
:mod:`~stategraph.cli.streams` reads the input and writes the output.
"""
