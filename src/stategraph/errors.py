"""The project's own exceptions; the CLI turns them into one-line messages."""

from __future__ import annotations


class StategraphError(Exception):
    """Base class of every error stategraph reports to a user."""

    exit_status = 2


class InputError(StategraphError):
    """Malformed puzzle input, located by file, line and (optionally) column.

    >>> str(InputError("rows differ in length", source="maze.txt", line=3, column=5))
    'maze.txt:3:5: rows differ in length'
    """

    def __init__(self, message: str, *, source: str = "<input>", line: int | None = None,
                 column: int | None = None, instance: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.instance = instance
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        what = self.message
        if self.instance is not None:
            what = f"instance {self.instance}: {what}"
        return f"{where}: {what}"


class ConfigError(StategraphError):
    """A bad configuration file or command-line override."""


class SearchNotApplicable(StategraphError):
    """A search routine was asked to run on a graph it does not handle."""


class VerificationError(StategraphError):
    """An answer failed independent verification (``--verify``)."""

    exit_status = 3
