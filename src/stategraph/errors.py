"""The project's own exceptions; the CLI turns them into one-line messages."""

from __future__ import annotations

SHOWN_LENGTH = 60
OUT_OF_MEMORY = ("out of memory (the instance is too large for the memory available; "
                 "lower the limits or solve it on a larger machine)")


def shorten(value: object, limit: int = SHOWN_LENGTH, *, quoted: bool = True) -> str:
    """``repr`` of ``value`` for an error message, cut to about ``limit`` characters (only those
    of a long string are looked at); ``quoted=False`` leaves a string (a path) unquoted.

    >>> shorten("abc"), shorten("x" * 100)[-6:], len(shorten("x" * 10**6)), shorten(10**100)
    ("'abc'", 'xxx...', 64, '<an integer of about 101 digits>')
    """
    if isinstance(value, str) and not quoted:
        value = " ".join(value[:limit + 1].split("\n"))
        return value if len(value) <= limit else value[:limit] + "..."
    if isinstance(value, str):
        text = repr(value[:limit + 1])  # escapes (\x00) may make it longer than the value
        return text if len(text) <= limit + 2 and len(value) <= limit else text[:limit + 1] + "..."
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    if isinstance(value, (list, dict, tuple, set)) and len(value) > 8:
        return f"<a {type(value).__name__} of {len(value)} items>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def described(value: object) -> str:
    """A user's value in a message: its kind for containers and nothing, else :func:`shorten`.

    >>> described([1, 2]), described(None), described("abc")
    ('a list', 'nothing', "'abc'")
    """
    return kind_of(value) if isinstance(value, (dict, list, tuple, set, type(None))) else shorten(value)


def kind_of(value: object) -> str:
    """The kind of ``value`` in words: ``a mapping``, ``a string``, ``an integer``, ..."""
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)


def escaped(text: str) -> str:
    r"""``text`` with the unprintable characters (newlines and tabs too) and the backslash shown as
    ``repr``'s escapes, so a printed value stays on one line and cannot move the cursor.

    >>> escaped("box=3,5 side=N") == "box=3,5 side=N"
    True
    >>> print(escaped("a\tb\ncost: 0\x1b[2J\\"))
    a\tb\ncost: 0\x1b[2J\\
    """
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(ch if ch.isprintable() and ch != "\\" else repr(ch)[1:-1] for ch in text)


def found_in_chain(exc: BaseException, kind: type[BaseException] | tuple[type[BaseException], ...]
                   ) -> BaseException | None:
    """The first exception of type ``kind`` among ``exc`` and its causes and contexts (a library
    re-raises a ``MemoryError`` as its own), or ``None``.

    >>> try:
    ...     try:
    ...         raise MemoryError
    ...     except MemoryError as exc:
    ...         raise ValueError("converted") from exc
    ... except ValueError as outer:
    ...     type(found_in_chain(outer, MemoryError)).__name__, found_in_chain(outer, KeyError)
    ('MemoryError', None)
    """
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, kind):
            return link
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return None


class StategraphError(Exception):
    """Base class of every error stategraph reports to a user: the command line prints
    ``stategraph: error: MESSAGE`` and exits with its :attr:`exit_status`.

    Attributes
    ----------
    exit_status : int
        The command's exit status: 2 here and in the subclasses that do not set their own.

    Examples
    --------
    >>> StategraphError("no such model").exit_status, VerificationError("wrong").exit_status
    (2, 3)
    """

    exit_status = 2


class InputError(StategraphError):
    """Malformed puzzle input, located by file, line and (optionally) column.

    Parameters
    ----------
    message : str
        What is wrong, in a few words.
    source : str, optional
        The file name (``"<input>"`` by default, or ``"<stdin>"``).
    line, column : int, optional
        Where, counted from 1.
    instance : int, optional
        The number of the instance being read, counted from 1.

    Examples
    --------
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
    """A bad configuration file or command-line override (exit status 2).

    Examples
    --------
    >>> from stategraph import Settings
    >>> Settings.of("huarong", model="nope")
    Traceback (most recent call last):
    ...
    stategraph.errors.ConfigError: settings: key 'model': huarong has no model 'nope' (models: piece_side, piece_blank)
    """


class ContractError(StategraphError):
    """A puzzle or model (typically a plug-in) that breaks the contract (exit status 2).

    Examples
    --------
    >>> import networkx as nx
    >>> from stategraph import StateGraph
    >>> StateGraph(nx.DiGraph([("s", "t")]), "s", frozenset({"x"}))
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: the target 'x' is not a node of the state graph
    """


class SearchNotApplicable(StategraphError):
    """A search routine was asked to run on a graph it does not handle, or does not exist (exit status 2).

    Examples
    --------
    >>> from stategraph.search import get_search
    >>> get_search("dfs")
    Traceback (most recent call last):
    ...
    stategraph.errors.SearchNotApplicable: unknown algorithm 'dfs' (known: ...)
    """


class StreamFault(StategraphError):
    """Reading the input or writing the output failed (a closed stream, a full disk; exit status 4)."""

    exit_status = 4


class OutOfMemory(StategraphError):
    """An instance needed more memory than there is; raised once its graph has been let go (exit status 5).

    Parameters
    ----------
    message : str, optional
        The line to print; by default it says what to do (lower the limits, a larger machine).
    """

    exit_status = 5

    def __init__(self, message: str = OUT_OF_MEMORY):
        super().__init__(message)


class VerificationError(StategraphError):
    """An answer failed independent verification, or an answers file cannot be read (exit status 3).

    Examples
    --------
    >>> from stategraph import COST
    >>> next(COST.read("seven\\n", "answers.txt"))
    Traceback (most recent call last):
    ...
    stategraph.errors.VerificationError: answers.txt:1: expected a cost (a number) or -1, found 'seven'
    """

    exit_status = 3
