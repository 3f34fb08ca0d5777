"""The contract: a puzzle written as its rules; stategraph builds the graph, the output and the checks.

A :class:`SuccessorPuzzle` reads one instance (``read``), gives its ``start(instance)``,
``is_goal(instance, state)`` and ``moves(instance, state)`` (``(label, next state, cost)`` in
tie-break order), and prints answers with ``output`` (an
:class:`~stategraph.contract.answer_line.AnswerLine`).  The optional hooks (``heuristic``,
``picture``, ...) are in the contract's table, ``docs/extending/contract.md``.

>>> class Corridor(SuccessorPuzzle):
...     name, summary, sample = "corridor", "walk from S to E", "S..E\\n"
...     def read(self, tokens, limits):
...         return str(tokens.next("a corridor"))
...     def start(self, row):
...         return row.index("S")
...     def is_goal(self, row, cell):
...         return row[cell] == "E"
...     def moves(self, row, cell):
...         for label, step in (("L", -1), ("R", 1)):
...             if 0 <= cell + step < len(row) and row[cell + step] != "#":
...                 yield label, cell + step, 1
>>> print(Corridor().solve_text("S..E\\nS#E\\n"), end="")
3 R R R
-1

It is a :class:`~stategraph.contract.puzzle.Puzzle` whose models are generated from its rules
(:class:`~stategraph.contract.rules_model.RulesModel`), so every command and the Python API work on
it.  Several models are ``models = {name: rules}``, each rules a class or an object.  The rules
that run are those of the puzzle object that read the instance (under ``--jobs``, a pickled copy):

>>> class Steps(SuccessorPuzzle):
...     name, summary, sample = "steps", "reach n from 0 in steps", "10\\n"
...     def __init__(self, step=1):
...         self.step = step
...     def read(self, tokens, limits):
...         return tokens.integer("n", 0, 100)
...     def start(self, n):
...         return 0
...     def is_goal(self, n, x):
...         return x == n
...     def moves(self, n, x):
...         if x + self.step <= n:
...             yield f"+{self.step}", x + self.step, 1
>>> Steps(step=5).solve_text("10\\n"), Steps().solve_text("3\\n")
('2 +5 +5\\n', '3 +1 +1 +1\\n')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, cast

from ..errors import ContractError, VerificationError, shorten
from ..graph.state_graph import WeightProfile
from ..io.tokens import Tokens
from ..limits import MAX_MOVES, MAX_STATES
from .answer_line import COST_AND_MOVES, AnswerLine
from .puzzle import Model, Puzzle
from .rules_model import ANY_WEIGHTS, KEPT_GRAPHS, KEPT_RULES, Numbered, RulesModel, path_labels

RULE_HOOKS = ("start", "is_goal", "moves")


class SuccessorPuzzle(Puzzle):
    """A puzzle written as rules: subclasses set ``name``, ``summary`` and ``sample``, define
    ``read`` and either the rules (``start``, ``is_goal``, ``moves``) or ``models``.

    Every hook and attribute is in the contract's table (``docs/extending/contract.md``).  A
    puzzle whose input is read faster whole overrides ``parse`` instead of ``read`` (yielding
    numbered instances) and may give ``cuts`` for ``--jobs``.

    Attributes
    ----------
    name, summary, sample : str
        The puzzle's name (``stategraph solve NAME``), a line about it, a small input.
    output : AnswerLine
        How answers are printed and read back (default :data:`~stategraph.contract.answer_line.COST_AND_MOVES`).
    header : str
        What begins an instance, for the message about an empty input.
    terminator : str or None
        The line that ends the input (``read`` returns ``None`` on it); ``None``: the file's end.
    counted : bool
        The input begins with the number of instances.
    model_name : str
        The model's name when the puzzle holds the rules itself (``"states"``).
    models : dict, optional
        ``{name: rules}`` for several models, each rules a class or an object.
    negative_costs : bool
        A move may cost less than nothing (then only ``spfa`` applies).
    limits : dict
        Size limits a config may change; ``max_states`` and ``max_moves`` are always two of them
        (unless ``parse`` is overridden).
    checker : module or None
        A module with ``verify`` and ``read_answers`` that checks answers instead of the replay
        through the rules.

    Raises
    ------
    ContractError
        When the class is defined: ``models`` that is not a non-empty mapping, rules without
        ``start``, ``is_goal`` or ``moves``, an ``output`` that is not an :class:`AnswerLine`,
        neither ``read`` nor ``parse``.

    Examples
    --------
    >>> from stategraph import COST
    >>> class Halving(SuccessorPuzzle):               # from n down to 1 by -1 and /2
    ...     name, summary, sample, output = "halving", "n to 1", "7\\n", COST
    ...     def read(self, tokens, limits): return tokens.integer("n", 1, 100)
    ...     def start(self, n): return n
    ...     def is_goal(self, n, x): return x == 1
    ...     def moves(self, n, x):
    ...         if x % 2 == 0: yield "/2", x // 2, 1
    ...         if x > 1: yield "-1", x - 1, 1
    >>> Halving().solve_text("7\\n8\\n"), list(Halving.models)
    ('4\\n3\\n', ['states'])
    """

    header: ClassVar[str] = "an instance"  # what begins an instance, for "empty input: expected ..."
    terminator: ClassVar[str | None] = None  # the line that ends the input ("'0 0' line"); None: the file's end
    counted: ClassVar[bool] = False  # whether the input begins with the number of instances
    output: ClassVar[AnswerLine] = COST_AND_MOVES
    model_name: ClassVar[str] = "states"  # the model's name when the puzzle holds the rules itself
    models: ClassVar[dict[str, Any]]  # {name: rules} as a subclass writes it, its Model classes once defined
    negative_costs: ClassVar[bool] = False  # whether a move may cost less than nothing (then only spfa applies)
    limits: ClassVar[dict[str, int]] = {"max_states": MAX_STATES, "max_moves": MAX_MOVES}
    _sources: ClassVar[dict] = {}
    _explicit: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.parse is SuccessorPuzzle.parse:  # the explorer's bounds reach it with the instances parse numbers
            cls.limits = {**cls.limits, "max_states": cls.limits.get("max_states", MAX_STATES),
                          "max_moves": cls.limits.get("max_moves", MAX_MOVES)}
        own = cls.__dict__.get("models")
        if own is not None:
            sources, cls._explicit = own, True
        elif cls._explicit:
            sources = cls._sources
        elif callable(getattr(cls, "moves", None)):
            sources = {cls.model_name: cls}
        else:
            return  # no rules yet: a base for other puzzles
        unset = [member for member in ("name", "summary", "sample") if not _text_or_loaded(cls, member)]
        if unset:
            raise ContractError(f"{cls.__name__}: the class does not set {', '.join(unset)} (a puzzle's "
                                "name, a line about it and a small input, each a str)")
        if not isinstance(sources, dict) or not sources:
            raise ContractError(f"{cls.__name__}: 'models' must map model names to rules "
                                "(classes or objects with start, is_goal and moves)")
        if cls.read is SuccessorPuzzle.read and cls.parse is SuccessorPuzzle.parse:
            raise ContractError(f"{cls.__name__}: the class does not define read(tokens, limits), which reads one "
                                "instance")
        if not isinstance(cls.output, AnswerLine):
            raise ContractError(f"{cls.__name__}: 'output' must be an AnswerLine (COST, COST_AND_MOVES or your own)")
        cls._sources = dict(sources)
        cls.models = {name: rules if isinstance(rules, type) and issubclass(rules, Model) else
                      _model_class(cls, name, rules) for name, rules in sources.items()}

    def __getstate__(self):
        """The attributes, without the rules objects and graphs kept on it (a copy makes its own)."""
        state = super().__getstate__()
        attributes = state[0] if isinstance(state, tuple) else state
        if isinstance(attributes, dict) and (KEPT_RULES in attributes or KEPT_GRAPHS in attributes):
            attributes = {key: value for key, value in attributes.items() if key not in (KEPT_RULES, KEPT_GRAPHS)}
            state = (attributes, state[1]) if isinstance(state, tuple) else attributes
        return state

    # text ---------------------------------------------------------------------------------------

    def read(self, tokens: Tokens, limits: dict) -> Any:
        """One instance from ``tokens`` (errors: ``raise tokens.error(message, token)``), or
        ``None`` on the terminator.

        Parameters
        ----------
        tokens : Tokens
            The positioned token reader (:class:`~stategraph.io.tokens.Tokens`).
        limits : dict
            The puzzle's ``limits`` with a config's changes.

        Returns
        -------
        object
            The instance as the rules see it.
        """
        raise ContractError(f"{self.name}: read() is not defined")  # (a class without it defines parse)

    def parse(self, data, source: str = "<input>", limits: dict | None = None) -> Iterator[Numbered]:
        """The instances of ``data``; what instances of one ``graph_key`` share is let go at the end."""
        self.__dict__.pop(KEPT_GRAPHS, None)
        try:
            yield from self._instances(data, source, limits)
        finally:
            self.__dict__.pop(KEPT_GRAPHS, None)

    def _instances(self, data, source: str, limits: dict | None) -> Iterator[Numbered]:
        merged = {**self.limits, **(limits or {})}
        tokens = Tokens(data, source)
        count = tokens.integer("the number of instances", 0) if self.counted else None
        for number in itertools.count(1):
            if count is not None and number > count:
                tokens.expect_end(f"the last of the {count} instances")
                return
            if self.terminator is not None:
                tokens.begin_instance(number, self.header, self.terminator)
            else:
                tokens.instance = number
                if count is None and tokens.at_end():
                    if number == 1:
                        tokens.instance = None
                        raise tokens.error(f"empty input: expected {self.header}")
                    return
            first = tokens.peek()
            value = self.read(tokens, merged)
            if value is None:
                tokens.expect_end(f"the {self.terminator}" if self.terminator else "the end of the last instance")
                return
            if tokens.peek() is first:
                raise ContractError(f"{self.name}: read() returned an instance without reading a token")
            yield Numbered(number, value, MappingProxyType(merged), self)

    def format_answer(self, instance, question, answer) -> str:
        return self.output.render(instance.number, answer) + "\n"

    def solve_text(self, text, *, model: str | None = None, algorithm: str | None = None) -> str:
        """What ``stategraph solve`` prints for the input ``text`` (see :func:`stategraph.solve_text`).

        Parameters
        ----------
        text : str
            The whole input.
        model, algorithm : str, optional
            A model of :attr:`models` and a routine of :data:`~stategraph.SEARCHES`.

        Returns
        -------
        str
        """
        from ..solving.driver import solve_text

        return solve_text(self, text, algorithm, model=model)

    # checks: the answers replayed through the rules ---------------------------------------------

    def reference_rules(self, instance: Any = None) -> Any:
        """The rules answers are replayed through: the default (else first generated) model's, of the
        puzzle object that read ``instance``."""
        chosen = self.model()
        if not issubclass(chosen, RulesModel):
            chosen = next((m for m in self.models.values() if issubclass(m, RulesModel)), chosen)
        if not issubclass(chosen, RulesModel):
            raise VerificationError(f"{self.name} has no rules to check answers with")
        puzzle = getattr(instance, "puzzle", None)
        return chosen.rules_of(self if puzzle is None else puzzle)

    def verify(self, instance, record, *, deadline=None, limit=None) -> str:
        if self.checker is not None:
            return super().verify(instance, record, deadline=deadline, limit=limit)
        from .replay import confirm  # the checks' replay: loaded when a check runs, solving needs none

        labels: Sequence[str] | None = self.output.moves(record.answer)
        if labels is None and record.answer is not None and record.solution is not None \
                and record.solution.states is not None:
            labels = path_labels(record.solution)
        try:
            return confirm(self.reference_rules(instance), instance.value, labels, self.output.cost(record.answer),
                           limit=limit, deadline=deadline, negative=self.negative_costs)
        except VerificationError as exc:
            raise VerificationError(f"{self.label(instance, record.question)}: {exc}") from None

    def read_answers(self, text, source):
        if self.checker is not None:
            return super().read_answers(text, source)
        return self.output.read(text, source)

    def judge_answer(self, instance, question, submitted, reference):
        from .replay import replay, same_cost

        value = submitted.value
        if value is None:
            return None, reference is None
        claimed, labels = self.output.cost(value), self.output.moves(value)
        if labels is None:
            return claimed, value == reference
        try:
            cost = replay(self.reference_rules(instance), instance.value, labels)
            if claimed is not None and not same_cost(cost, claimed):
                raise VerificationError(f"the answer says it costs {claimed}, but its moves cost {cost}")
        except VerificationError as exc:
            raise VerificationError(f"{self.label(instance, question)}: {exc}") from None
        optimum = self.output.cost(reference)
        return (optimum if optimum is not None and same_cost(cost, optimum) else cost), \
            tuple(labels) == self.output.moves(reference)

    def answer_cost(self, instance, question, answer):
        return self.output.cost(answer)


def _model_class(puzzle: type[SuccessorPuzzle], name: str, rules: Any) -> type[RulesModel]:
    """A :class:`RulesModel` subclass for model ``name`` of ``puzzle`` with ``rules``."""
    missing = [hook for hook in RULE_HOOKS if not callable(getattr(rules, hook, None))]
    if missing:
        raise ContractError(f"{puzzle.__name__}: the rules of model {name!r} do not define {', '.join(missing)}")
    summary = getattr(rules, "summary", None) or (getattr(rules, "__doc__", None) or "").strip().split("\n")[0]
    title = "".join(part.capitalize() for part in name.split("_")) + "Model"
    declared = getattr(rules, "profile", None) or getattr(puzzle, "profile", None)  # the rules', else the puzzle's
    if declared is not None and not isinstance(declared, WeightProfile):
        raise ContractError(f"{puzzle.__name__}: the profile of model {name!r} must be a "
                            f"stategraph.graph.state_graph.WeightProfile, found {shorten(declared)}")
    least = None if declared is not None else WeightProfile(unit=False, primary_01=False,
                                                           nonnegative=not puzzle.negative_costs)
    return cast(type[RulesModel], type(title, (RulesModel,), {
        "name": name, "summary": summary or "states from start() and moves()",
        "profile": declared or ANY_WEIGHTS, "least_profile": least,
        "has_heuristic": callable(getattr(rules, "heuristic", None)),
        "decode_needs_path": puzzle.output.has_moves or (callable(getattr(rules, "answer", None))
                                                         and getattr(rules, "answer_needs_path", True)),
        "source": rules, "output": puzzle.output, "puzzle_name": getattr(puzzle, "name", puzzle.__name__),
        "negative_costs": puzzle.negative_costs, "__module__": puzzle.__module__,
        "__doc__": f"Model {name!r} of {puzzle.__name__}, generated from its rules.", **_move_words(rules),
    }))


def _move_words(rules: Any) -> dict:
    """``move_label`` and ``path_labels`` of the rules' own (else the model's defaults, which need no
    whole graph)."""
    words = {}
    if callable(getattr(rules, "move_label", None)):
        words["move_label"] = vars(RulesModel)["_rules_move_label"]
    if callable(getattr(rules, "path_labels", None)):
        words["path_labels"] = vars(RulesModel)["_rules_path_labels"]
    return words


def _text_or_loaded(cls: type, member: str) -> bool:
    """Whether the class sets ``member`` to a str or to a descriptor loading one (not loaded here)."""
    value = next((kind.__dict__[member] for kind in cls.__mro__ if member in kind.__dict__), None)
    return isinstance(value, str) or (hasattr(type(value), "__get__") and not callable(value))
