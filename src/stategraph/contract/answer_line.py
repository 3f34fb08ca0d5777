"""One answer per line, printed from a template and read back by ``stategraph check``.

Templates may name the instance's ``{number}``, the ``{cost}`` and, at the end of ``found``, the
``{moves}``: the canonical path's labels joined by ``sep`` (with ``sep=""``, one character each).

>>> line = AnswerLine("Maze #{number}: {cost} {moves}", none="Maze #{number}: impossible", sep="")
>>> line.render(3, (4, ("S", "E"))), line.render(4, None), line.render(5, (0, ()))
('Maze #3: 4 SE', 'Maze #4: impossible', 'Maze #5: 0')
>>> [(a.number, a.value, a.line) for a in line.read("Maze #1: 4 SE\\n\\nMaze #2: impossible\\n")]
[(1, (4, ('S', 'E')), 1), (2, None, 3)]
>>> [a.problem for a in COST.read("3\\nseven\\n-1\\n", "answers.txt").each]
[None, "answers.txt:2: expected a cost (a number) or -1, found 'seven'", None]

The answer (what ``decode`` returns) is ``None`` for no solution, ``(cost, moves)`` when ``found``
names the ``{moves}``, else the cost alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from string import Formatter
from typing import Any

from ..errors import ContractError, shorten
from ..graph.weights import Lex
from .checks import Answer, Answers, in_order, lines_of

FIELDS = ("number", "cost", "moves")
_DIGITS = "[0-9]{1,1000}"  # longer is no cost (and past int()'s limit on digits)
_COST = rf"-?{_DIGITS}(?:\.{_DIGITS})?(?:[eE][-+]?[0-9]+)?|\(-?{_DIGITS}, -?{_DIGITS}\)"
_INTEGER = re.compile(r"-?[0-9]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")  # control characters and line breaks
_COST_WORDS = "a cost (a number)"


@dataclass(frozen=True)
class AnswerLine:
    """How one answer is printed: ``found`` for a solution, ``none`` when there is none.

    Parameters
    ----------
    found : str, optional
        The template of a solution's line: ``{number}``, ``{cost}`` and, last, ``{moves}``.
    none : str, optional
        The line when there is no solution; it may name ``{number}``.
    sep : str, optional
        What joins the move labels (``""``: every label is one character).

    Raises
    ------
    ContractError
        If a template names another field, names one twice, puts ``{moves}`` anywhere but last,
        or holds a line break.

    Examples
    --------
    >>> AnswerLine("{cost}: {moves}", sep="-").render(1, (2, ("up", "left")))
    '2: up-left'
    >>> AnswerLine("{moves} {cost}")
    Traceback (most recent call last):
    ...
    stategraph.errors.ContractError: answer template '{moves} {cost}': {moves} must come last
    """

    found: str = "{cost} {moves}"
    none: str = "-1"
    sep: str = " "

    def __post_init__(self):
        for template, allowed in ((self.found, FIELDS), (self.none, ("number",))):
            names = [(name, spec or conversion) for _, name, spec, conversion in Formatter().parse(template)
                     if name is not None]
            for name, extra in names:
                if name not in allowed or extra:
                    raise ContractError(f"answer template {template!r}: {{{name}}} is not one of "
                                        + ", ".join(f"{{{a}}}" for a in allowed))
            if len(names) != len(set(names)):
                raise ContractError(f"answer template {template!r} names a field twice")
        if "{moves}" in self.found and not self.found.endswith("{moves}"):
            raise ContractError(f"answer template {self.found!r}: {{moves}} must come last")
        if "\n" in self.found + self.none + self.sep or "\r" in self.found + self.none + self.sep:
            raise ContractError("an answer is one line: no line break in its templates or sep")

    @cached_property
    def _patterns(self) -> tuple[re.Pattern, re.Pattern]:
        """``none`` and ``found`` as regular expressions, compiled when answers are first read."""
        return _pattern(self.none), _pattern(self.found)

    @property
    def has_moves(self) -> bool:
        """Whether the answer lists the moves (else it is the cost alone, and no path is needed)."""
        return self.found.endswith("{moves}")

    def answer(self, cost, labels) -> Any:
        """What the template prints for a solution of ``cost`` along moves ``labels``."""
        return (cost, tuple(labels)) if self.has_moves else cost

    def cost(self, answer) -> Any:
        """The cost of an answer (``None`` for no solution)."""
        return answer[0] if self.has_moves and answer is not None else answer

    def moves(self, answer) -> tuple | None:
        """The move labels of an answer (``None`` when there are none to show)."""
        return answer[1] if self.has_moves and answer is not None else None

    def render(self, number: int, answer) -> str:
        """The line (without its newline) of instance ``number``'s ``answer``.

        Raises
        ------
        ContractError
            If a move label could not be read back (it holds the separator, whitespace at its
            ends, a control character or a line break; with ``sep=""``, more than one character).
        """
        if answer is None:
            return self.none.format(number=number)
        head = self.found.removesuffix("{moves}").format(number=number, cost=self.cost(answer))
        labels = self.moves(answer)
        if not labels:
            return head.rstrip(" ") if self.has_moves else head
        for label in dict.fromkeys(labels):  # each label once, however often it is taken
            rule = (f"may not hold the separator {self.sep!r}" if self.sep and self.sep in label
                    else "must be one character (sep='')" if not self.sep and len(label) != 1
                    else "may not start or end with whitespace" if label != label.strip()
                    else "may not hold a control character or line break" if _CONTROL.search(label) else None)
            if rule is not None:
                raise ContractError(f"the move label {shorten(label)} cannot be printed: a label {rule} (it is "
                                    "a token of the answer line: no whitespace at its ends, no control "
                                    "character, no line break)")
        return head + self.sep.join(labels)

    def read(self, text: str, source: str = "<answers>") -> Answers:
        """The :class:`~stategraph.contract.checks.Answers` of the non-blank lines, numbered as
        :func:`~stategraph.contract.checks.in_order` says; a line that fits neither template, or
        names another instance, is an answer with a problem."""
        return Answers(self._each(text, source))

    def _each(self, text: str, source: str) -> Iterator[Answer]:
        none, found = self._patterns

        def lines():
            for line_number, line in lines_of(text):
                content = line.strip()
                if not content:
                    continue
                match, value = none.fullmatch(content), None
                if match is None:
                    match = found.fullmatch(content)
                    value = None if match is None else self._value(match)
                claimed = None if match is None else match.groupdict().get("number")
                yield (None if claimed is None else int(claimed)), (line_number, line, match, value)

        for number, claimed, (line_number, line, match, value) in in_order(lines()):
            if match is None or claimed not in (None, number):
                yield Answer(number, None, line_number, f"{source}:{line_number}: expected "
                                                        f"{self._in_words(number)}, found {shorten(line)}")
            else:
                yield Answer(number, value, line_number)

    def _in_words(self, number: int) -> str:
        """What the line of instance ``number`` holds, in words."""
        found, none = (self._template_in_words(template, number) for template in (self.found, self.none))
        return f"{found}{',' if ' then ' in found else ''} or {none}"

    def _template_in_words(self, template: str, number: int) -> str:
        parts, text = [], ""
        for literal, name, _, _ in Formatter().parse(template):
            text += literal
            if name == "number":
                text += str(number)
            elif name is not None:
                parts += [_quoted(text.strip())] if text.strip() else []
                text = ""
                moves = ("the moves, one character each" if not self.sep
                         else "the moves separated by spaces" if self.sep == " "
                         else f"the moves separated by {self.sep!r}")
                parts.append(_COST_WORDS if name == "cost" else moves)
        parts += [_quoted(text.strip())] if text.strip() else []
        return " then ".join(parts) or "an empty line"

    def _value(self, match: re.Match) -> Any:
        cost = _read_cost(match["cost"]) if "cost" in match.groupdict() else None
        if not self.has_moves:
            return cost
        written = match["moves"] or ""
        return cost, (tuple(written.split(self.sep) if self.sep else written) if written else ())


def _pattern(template: str) -> re.Pattern:
    """A regular expression matching what ``template`` prints (the spaces before ``{moves}`` go
    with the moves: an empty list prints none)."""
    parts = []
    for literal, name, _, _ in Formatter().parse(template):
        if name == "moves":
            head = literal.rstrip(" ")
            gap = literal[len(head):]
            parts.append(re.escape(head) + (f"(?:{re.escape(gap)}(?P<moves>.+))?" if gap else "(?P<moves>.*)"))
            continue
        parts.append(re.escape(literal))
        if name == "number":
            parts.append("(?P<number>[0-9]{1,18})")
        elif name == "cost":
            parts.append(f"(?P<cost>{_COST})")
    return re.compile("".join(parts))


def _quoted(text: str) -> str:
    """A template's literal text in a message: a number as it is, other text quoted."""
    return text if _INTEGER.fullmatch(text) else shorten(text)


def _read_cost(text: str):
    """``"4"`` -> 4, ``"2.5"`` -> 2.5, ``"(1, 3)"`` -> ``Lex(1, 3)``."""
    if text.startswith("("):
        primary, secondary = text[1:-1].split(", ")
        return Lex(int(primary), int(secondary))
    return int(text) if _INTEGER.fullmatch(text) else float(text)


COST = AnswerLine("{cost}", none="-1")
"""The cost alone, ``-1`` when there is no solution: count puzzles."""
COST_AND_MOVES = AnswerLine("{cost} {moves}", none="-1", sep=" ")
"""The cost, then the canonical path's move labels separated by spaces; ``-1`` for none."""
