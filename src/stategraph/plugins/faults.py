"""Whose fault a fault is: an exception from a plug-in's own code is one line at the plug-in's line.

An exception a plug-in raises is reported as its author's: exit status 2 and one line::

    keys.py:23: in is_goal: AttributeError: 'tuple' object has no attribute 'cell' (grid 3, state ((1, 5), 'a'))

Walking the traceback outwards past libraries (and ``SERVES_PLUGINS``), the first frame left
is the plug-in's (its fault) or stategraph's own (an internal error).

>>> describe_exception(ValueError("bad"))
'ValueError: bad'
>>> class Odd(Exception):
...     def __str__(self): raise RuntimeError("no")
>>> describe_exception(Odd())
'Odd: <a message that cannot be printed>'
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from types import FrameType, TracebackType

from ..errors import StategraphError, shorten
from .names import is_plugin_module

# stategraph's modules that a plug-in calls as a library: a fault raised in them by the plug-in's call is the plug-in's
SERVES_PLUGINS = frozenset({"stategraph.io.tokens", "stategraph.graph.weights", "stategraph.graph.dicts"})
# the hooks of the first-level contract whose third argument (after self and the instance) is a state
STATE_HOOKS = frozenset({"is_goal", "moves", "heuristic", "picture", "state_label", "position", "group"})


class PluginFault(StategraphError):
    """An exception raised by a plug-in's own code, located at its line (exit status 2): ``what``
    is ``file:line: in function: Type: message``, ``context`` the question and state worked on.

    >>> fault = PluginFault("keys.py:23: in is_goal: KeyError: 'a'", ["state (1, 5)"])
    >>> print(fault.within("grid 3"))
    keys.py:23: in is_goal: KeyError: 'a' (grid 3, state (1, 5))
    """

    def __init__(self, what: str, context: list[str] | tuple[str, ...] = ()):
        self.what, self.context = what, tuple(context)
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.what} ({', '.join(self.context)})" if self.context else self.what

    def __reduce__(self):  # pickled by --jobs workers
        return type(self), (self.what, self.context)

    def within(self, question: str) -> PluginFault:
        """This fault with ``question`` named first (unless it is already named)."""
        if question in self.context:
            return self
        located = type(self)(self.what, (question, *self.context))
        located.__cause__ = self.__cause__
        return located


def describe_exception(exc: BaseException) -> str:
    """``Type: message`` of ``exc`` on one line, even when its ``str()`` raises."""
    try:
        text = str(exc)
    except Exception:
        text = "<a message that cannot be printed>"
    name = type(exc).__name__
    return f"{name}: {shorten(text, quoted=False)}" if text else name


def plugin_fault(exc: BaseException, question: str | None = None) -> PluginFault | None:
    """The :class:`PluginFault` that ``exc`` is, if a plug-in's code raised it (``None`` if stategraph's
    own code did); ``question`` names what was being answered (``maze 3``)."""
    import traceback  # only once something went wrong: not part of every start-up

    fault = _located(list(traceback.walk_tb(exc.__traceback__)), describe_exception(exc), question)
    if fault is not None:
        fault.__cause__ = exc
    return fault


def frame_fault(frame: FrameType | None, what: str) -> str:
    """``what`` happened where ``frame`` (a running one) is: at the plug-in's line, where a plug-in's
    code called what is running there; else ``what`` alone."""
    frames = []
    while frame is not None:
        frames.append((frame, frame.f_lineno))
        frame = frame.f_back
    fault = _located(frames[::-1], what, None)
    return what if fault is None else str(fault)


def _located(frames: list, what: str, question: str | None) -> PluginFault | None:
    """``what`` at the innermost frame of ``frames`` (``(frame, line)`` pairs, outermost first) that
    is a plug-in's; ``None`` where stategraph's own code comes first, walking outwards."""
    innermost = None
    for depth in range(len(frames) - 1, -1, -1):
        owner = _owner(frames[depth][0])
        if owner == "stategraph":
            return None
        if owner == "plugin":
            innermost = depth
            break
    if innermost is None:
        return None
    frame, line = frames[innermost]
    entry = innermost
    while entry > 0 and _owner(frames[entry - 1][0]) != "stategraph":
        entry -= 1
    context = [question] if question else []
    state = _state_of(frames[entry][0])
    if state is not None:
        context.append(f"state {state}")
    return PluginFault(f"{_shown_path(frame.f_code.co_filename)}:{line}: in {frame.f_code.co_name}: {what}", context)


# what ends a program rather than reports a fault: raised by a plug-in's code, each is a fault of it all
# the same (a Ctrl-C is raised by stategraph's own signal handler, whose frame is the innermost)
EXITS = (SystemExit, KeyboardInterrupt, GeneratorExit)


class answering:  # (named as the function it was: ``with answering(question):``)
    """Work on the question ``question()`` names: an exception a plug-in's code raises in the block,
    ``SystemExit`` included, is a :class:`PluginFault` at its line, naming the question; stategraph's
    own faults and signals pass as they are.  (A class: entered for every question, it costs a
    quarter of a generator's context manager.)"""

    __slots__ = ("question",)

    def __init__(self, question: Callable[[], str]):
        self.question = question

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, traceback) -> None:
        if kind is None:
            return
        if issubclass(kind, PluginFault):
            raise exc.within(self.question()) from exc.__cause__
        if issubclass(kind, (StategraphError, MemoryError)) or not issubclass(kind, (Exception, *EXITS)):
            return
        fault = plugin_fault(exc, self.question())
        if fault is None:
            return
        raise fault from exc


def question_name(puzzle, instance, question) -> str:
    """How messages name a question: the puzzle's own ``label`` (``maze 3``), unless it fails (a plug-in's)."""
    try:
        label = puzzle.label(instance, question)
    except Exception:
        label = None
    return label if isinstance(label, str) else f"instance {getattr(instance, 'number', '?')}"


def plugin_frames(exc: BaseException) -> TracebackType | None:
    """``exc``'s traceback from the plug-in's outermost frame on (what ``STATEGRAPH_DEBUG=1`` prints of
    a plug-in's fault), or the whole traceback if no frame in it is a plug-in's."""
    tb = exc.__traceback__
    while tb is not None and _owner(tb.tb_frame) != "plugin":
        tb = tb.tb_next
    return tb or exc.__traceback__


def _owner(frame: FrameType) -> str:
    """``"plugin"``, ``"stategraph"`` or ``"library"``: whose code ``frame`` runs."""
    module = frame.f_globals.get("__name__") or ""
    if is_plugin_module(module):
        return "plugin"
    if module == "stategraph" or module.startswith("stategraph."):
        return "library" if module in SERVES_PLUGINS else "stategraph"
    return "library"


def _state_of(frame: FrameType) -> str | None:
    """The state a hook of the first-level contract was called with, shortened; ``None`` for other code."""
    if frame.f_code.co_name not in STATE_HOOKS:
        return None
    arguments = inspect.getargvalues(frame)
    if len(arguments.args) < 3:
        return None
    try:
        return shorten(arguments.locals[arguments.args[2]])
    except Exception:  # a state whose repr raises
        return "<a state that cannot be printed>"


def _shown_path(path: str) -> str:
    """``path`` relative to the current folder when it lies inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if relative.startswith(os.pardir) else relative
