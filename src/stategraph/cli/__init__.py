"""The ``stategraph`` command line: its parser, its commands, its streams.

:mod:`~stategraph.cli.options` declares every command's options, :mod:`~stategraph.cli.main` reads
them and turns faults into exit statuses;
:mod:`~stategraph.cli.commands` and :mod:`~stategraph.cli.view_commands` do the commands;
:mod:`~stategraph.cli.streams` reads the input and writes the output.
"""
