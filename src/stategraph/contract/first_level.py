"""The contract: a puzzle written as its rules; stategraph builds the graph, the output and the checks.

A :class:`SuccessorPuzzle` says how to read one instance (``read(tokens, limits)``, with a
:class:`~stategraph.io.tokens.Tokens`), where it starts (``start(instance)``), when it is solved
(``is_goal(instance, state)``), which moves a state has (``moves(instance, state)`` yields
``(label, next state, cost)`` in tie-break order) and how an answer is printed (``output``, an
:class:`~stategraph.contract.answer_line.AnswerLine`; by default the cost and the moves' labels, ``-1`` for
none).  Optional: ``heuristic(instance, state)``, an admissible lower bound that enables
``astar``; ``picture(instance, state)``, the state as text; ``state_label(instance, state)``, its
one-line name (default ``str(state)``).

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

It is a :class:`~stategraph.contract.puzzle.Puzzle` like any other, whose models are generated
(:class:`RulesModel`; here one, named ``states``), so ``stategraph solve``, ``--verify``,
``check``, ``export`` and the Python API work on it.  Several models are a mapping
``models = {name: rules}``, each rules a class (or an object) with its own ``start``, ``is_goal``
and ``moves``.  ``--verify`` and ``check`` replay answers through the default model's rules
(:mod:`stategraph.contract.replay`).

The rules that run are those of the puzzle object in use: the object itself when it holds the
rules (its attributes reach ``start``, ``is_goal`` and ``moves``, and what ``read`` keeps on it
too), one object of a rules class per puzzle object, or the rules object given.  Each instance
carries the puzzle object that read it, so under ``--jobs`` the workers get it, pickled.

An accelerator: rules may also define ``accelerator(instance)``, the state graph exploring them
gives (a :class:`~stategraph.graph.state_graph.StateGraph`, perhaps built only as far as a search
reads it, :meth:`~stategraph.graph.state_graph.StateGraph.expanding`), built faster.  The model
uses it when the rules have one, and explores the rules plainly when told not to
(``use_accelerator=False``, to the model or on its class).  The graph it gives is trusted, not
checked: the same states with the same ``label``, the same moves with the same ``weight`` and
each state's moves ranked in the same order, the same source and targets, a ``heuristic`` equal
to the rules' on every state.  It may carry more attributes (exports show them), rank by other
numbers in that order, and name a move in an attribute of its own when the model's ``decode``
spells the answer from it.  A test holds it to that (the built-ins':
``tests/test_contract_builders_equal_rules.py``); a puzzle that needs none leaves it out.  Pushing Boxes'
default model is one (:mod:`stategraph.puzzles.pushing_boxes.model`):

>>> from stategraph import get_puzzle
>>> boxes = get_puzzle("pushing_boxes")
>>> maze = next(boxes.parse(boxes.sample_text()))
>>> fast, plain = boxes.model()(maze), boxes.model()(maze, use_accelerator=False)
>>> fast.accelerated, plain.accelerated, len(fast.graph) == len(plain.graph)
(True, False, True)

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
from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, cast

from ..errors import ContractError, SearchNotApplicable, VerificationError, shorten
from ..graph.state_graph import StateGraph, WeightProfile
from ..io.tokens import Tokens
from ..limits import MAX_MOVES, MAX_STATES
from .answer_line import COST_AND_MOVES, AnswerLine
from .puzzle import Model, Puzzle

RULE_HOOKS = ("start", "is_goal", "moves")
KEPT_RULES = "_stategraph_rules"  # where a puzzle object keeps its objects of rules classes (not pickled)
KEPT_GRAPHS = "_stategraph_graphs"  # where it keeps the states its instances of one graph share (not pickled)

ANY_WEIGHTS = WeightProfile(lex=True, unit=True, nonnegative=True, primary_01=True)
"""The profile a generated model declares when its rules declare none: its weights are known
only once a graph is compiled, so configs refuse no routine; one that does not apply is refused
when the graph is searched."""


@dataclass(frozen=True)
class Numbered:
    """One instance of a first-level puzzle: ``value`` is what ``read`` returned (what the rules
    see), ``number`` counts from 1, ``limits`` are the run's and ``puzzle`` is the puzzle object
    that read it, whose rules the models run (``None``: one made with no arguments)."""

    number: int
    value: Any
    limits: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    puzzle: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return str(self.value)


class RulesModel(Model):
    """A model of first-level rules: ``__init__`` compiles the instance's state graph (the rules'
    ``accelerator``, else :func:`~stategraph.graph.explore.explore`), ``decode`` gives the answer
    ``output`` prints.

    Generated for a :class:`SuccessorPuzzle`; a built-in puzzle subclasses it by hand,
    setting ``name``, ``summary``, ``source`` (the rules) and ``puzzle_name`` and overriding
    ``decode``: its instances are then the values the rules see.

    Parameters
    ----------
    instance : Numbered or object
        The instance (a :class:`Numbered`, or the rules' value itself).
    use_accelerator : bool, optional
        Build the graph with the rules' ``accelerator`` when they have one (default: the class's
        :attr:`use_accelerator`); false explores the rules plainly.

    Attributes
    ----------
    use_accelerator : bool
        The class's default for ``use_accelerator`` (true).
    accelerated : bool
        The graph was built by the rules' ``accelerator``.
    """

    source: ClassVar[Any]  # the rules: the puzzle class, a rules class or a rules object
    output: ClassVar[AnswerLine]
    puzzle_name: ClassVar[str]
    negative_costs: ClassVar[bool] = False
    use_accelerator: ClassVar[bool] = True  # build with the rules' accelerator when they have one
    profile = ANY_WEIGHTS
    _rules: ClassVar[Any] = None  # the rules of an instance without a puzzle object

    @classmethod
    def rules(cls, instance: Any = None) -> Any:
        """The rules this model runs on ``instance``: those of the puzzle object that read it
        (:meth:`rules_of`)."""
        return cls.rules_of(getattr(instance, "puzzle", None))

    @classmethod
    def rules_of(cls, puzzle: Any) -> Any:
        """The rules of this model for the puzzle object ``puzzle``: the object itself when it
        holds the rules, its one object of a rules class (made with no arguments on first use
        and kept on it), or the rules object of ``models``.  ``None`` (an instance made by hand):
        one object of the rules made with no arguments, kept on this class."""
        source = cls.source
        if not isinstance(source, type):
            return source
        if puzzle is None:
            if cls.__dict__.get("_rules") is None:
                cls._rules = source()
            return cls._rules
        if issubclass(source, SuccessorPuzzle) and isinstance(puzzle, source):
            return puzzle
        kept = puzzle.__dict__.setdefault(KEPT_RULES, {})
        if source not in kept:
            kept[source] = source()
        return kept[source]

    def __init__(self, instance: Numbered | Any, *, use_accelerator: bool | None = None):
        super().__init__(instance)
        rules = self.rules(instance)
        value = _value(instance)
        self.where = f"{self.puzzle_name} model {self.name}: instance {getattr(instance, 'number', 1)}: "
        accelerator = getattr(rules, "accelerator", None) if (
            self.use_accelerator if use_accelerator is None else use_accelerator) else None
        self.accelerated = accelerator is not None
        if accelerator is not None:
            built = accelerator(value)
            if not isinstance(built, StateGraph):
                raise ContractError(f"{self.where}accelerator() must return a StateGraph, it returned "
                                    f"{shorten(built)}")
            self._state_model = built
            return
        from ..graph.explore import expanding, explore  # (a model its accelerator builds needs neither)

        limits = instance.limits if isinstance(instance, Numbered) else {}
        bounds: dict[str, Any] = {"max_states": limits.get("max_states", MAX_STATES),
                                  "max_moves": limits.get("max_moves", MAX_MOVES),
                                  "negative": self.negative_costs, "where": self.where}
        heuristic = _bound(getattr(rules, "heuristic", None), value)
        if self.least_profile is None and self.profile is not ANY_WEIGHTS:  # declared: search as it is built
            shared = self._shared(rules, instance)
            self._keyed = None if shared is None else (rules, value, shared.key)
            self._state_model = expanding(rules, value, profile=self.profile, heuristic=heuristic,
                                          shared=shared, **bounds)
            return
        found = explore(rules, value, **bounds)
        self._state_model = StateGraph(found.graph, found.source, found.targets, profile=found.profile,
                                       heuristic=heuristic,
                                       lexicographic=self.least_profile is None and self.profile.lex)

    def _shared(self, rules, instance):
        """The states and moves built for the instances before ``instance`` of the same graph (the
        rules' ``graph_key``), kept on the puzzle object that read them; ``None`` without a key."""
        from ..graph.explore import SharedStates
        from ..graph.state_graph import require_hashable

        key_of, puzzle = getattr(rules, "graph_key", None), getattr(instance, "puzzle", None)
        if key_of is None or puzzle is None:
            return None
        key = key_of(_value(instance))
        require_hashable(key, f"{self.where}graph_key() returned")
        kept = puzzle.__dict__.setdefault(KEPT_GRAPHS, {})
        shared = kept.get(self.name)
        if shared is None or shared.key != key:
            shared = kept[self.name] = SharedStates(key)
        return shared

    @property
    def graph(self):
        """The instance's whole state graph (``networkx.DiGraph``)."""
        return self._state_model.graph

    @contextmanager
    def state_graph(self, question):
        try:
            yield self._state_model
        except SearchNotApplicable as exc:  # the routine's refusal, now that the weights are known
            raise SearchNotApplicable(f"{self.where}{exc}") from None

    _keyed: tuple | None = None  # (rules, instance, key) of an instance searched in a store its graph_key shares

    def decode(self, question, solution):
        """``None``, or the cost (and the labels of the canonical path's moves, unlabelled ones left out)."""
        if not solution.found:
            return None
        if self._keyed is not None and solution.states is not None:
            self._hold_to_the_key(solution.states, *self._keyed)
        labels = None if solution.states is None else path_labels(solution)
        return self.output.answer(solution.cost, labels)

    def _hold_to_the_key(self, states, rules, value, key) -> None:
        """A path found in a shared store must be this instance's own: each move one its rules
        offer (else its graph_key lied: a ContractError)."""
        for u, v in zip(states, states[1:]):
            if not any(nxt == v for _, nxt, _ in rules.moves(value, u)):
                raise ContractError(
                    f"{self.where}graph_key() gave this instance the key of an earlier one ({shorten(key)}), but the "
                    f"path found in their shared states is not its own: its move from state {shorten(u)} to "
                    f"{shorten(v)} is not one of this instance's (a key promises the same moves at every state)")

    @classmethod
    def state_position(cls, instance, state) -> tuple | None:
        """The rules' ``position(instance, state)``, a ``(row, col)`` pair of finite numbers
        (``None`` when they define none), checked (:func:`~stategraph.contract.scene.check_position`)."""
        from .scene import check_position

        return check_position(cls._hook(instance, "position", state), f"{cls._where(instance)}position()", state)

    @classmethod
    def state_group(cls, instance, state):
        """The rules' ``group(instance, state)`` (``None`` when they define none)."""
        group = cls._hook(instance, "group", state)
        try:
            hash(group)
        except TypeError:
            raise ContractError(f"{cls._where(instance)}group() must return a hashable value, it returned "
                                f"{shorten(group)} for state {shorten(state)}") from None
        return group

    @classmethod
    def scene(cls, record, steps):
        """The rules' ``scene(instance, states)`` of the canonical path's states up to the step
        reached (the start first; the start alone without a solution), when they define one; else
        the text :meth:`state_picture`."""
        rules = cls.rules(record.subject)
        draw = getattr(rules, "scene", None)
        if draw is None:
            return super().scene(record, steps)
        solution, value = record.solution, _value(record.subject)
        states = solution.states[:len(steps) + 1] if solution is not None and solution.states else [rules.start(value)]
        for state in states:  # the places a scene draws its route through, checked before it draws them
            cls.state_position(record.subject, state)
        return draw(value, list(states))  # checked by the views, which draw it (views.draw.model_scene)

    @classmethod
    def _hook(cls, instance, hook: str, state):
        """What the rules' optional ``hook(instance, state)`` returns (``None`` without one)."""
        method = getattr(cls.rules(instance), hook, None)
        return None if method is None else method(_value(instance), state)

    @classmethod
    def _where(cls, instance) -> str:
        return f"{cls.puzzle_name} model {cls.name}: instance {getattr(instance, 'number', 1)}: "

    @classmethod
    def state_picture(cls, instance, state) -> str | None:
        """The rules' picture of ``state`` (``None`` when they draw none): what ``explain`` shows
        at each step and ``draw`` draws."""
        draw = getattr(cls.rules(instance), "picture", None)
        if draw is None:
            return None
        cls.state_position(instance, state)  # a picture may show where the state stands: checked first
        picture = draw(_value(instance), state)
        if picture is not None and not isinstance(picture, str):
            raise ContractError(f"{cls._where(instance)}picture() must "
                                f"return the state as text (a str) or None, it returned {shorten(picture)} "
                                f"for state {shorten(state)}")
        return picture


class SuccessorPuzzle(Puzzle):
    """A puzzle written as rules (see the module docstring); subclasses set ``name``, ``summary``
    and ``sample``, define ``read`` and either the rules themselves or ``models``.

    The rules a subclass writes (each also a method of a rules class in ``models``):

    - ``start(instance)``: the start state (hashable);
    - ``is_goal(instance, state)``: whether ``state`` solves the instance;
    - ``moves(instance, state)``: yields ``(label, next state, cost)``, in tie-break order;
    - optional ``heuristic(instance, state)`` (enables ``astar``), ``picture(instance, state)``
      and ``state_label(instance, state)``;
    - optional, for pictures: ``position(instance, state)``, the ``(row, col)`` where the state
      goes in the state graph's picture (on a grid: its cell; the route's trail), ``group(instance,
      state)``, a hashable: one copy of the layout per group (the keys held), and
      ``scene(instance, states)``, a :class:`~stategraph.contract.scene.Scene` of the route
      ``states`` (the start first; :class:`~stategraph.contract.grid_puzzle.GridPuzzle` draws one);
    - optional ``accelerator(instance)``: the same state graph, built faster (see the module
      docstring);
    - optional ``graph_key(instance)``: a hashable; instances with equal keys one after another
      have the same moves at every state (their start, goals and heuristic are each their own:
      the questions asked of one board), so the states and moves one search built are reused by
      the next (with a declared ``profile``).

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
        Size limits a config may change; ``max_states`` (the explored states) and ``max_moves``
        (the moves one state may have) are always two of them.

    Raises
    ------
    ContractError
        When the class is defined: ``models`` that is not a non-empty mapping, rules without
        ``start``, ``is_goal`` or ``moves``, an ``output`` that is not an :class:`AnswerLine`.

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
    negative_costs: ClassVar[bool] = False  # whether a move may cost less than nothing (then only spfa applies)
    limits: ClassVar[dict[str, int]] = {"max_states": MAX_STATES, "max_moves": MAX_MOVES}
    _sources: ClassVar[dict] = {}
    _explicit: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
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
        unset = [member for member in ("name", "summary", "sample") if not isinstance(getattr(cls, member, None), str)]
        if unset:
            raise ContractError(f"{cls.__name__}: the class does not set {', '.join(unset)} (a puzzle's "
                                "name, a line about it and a small input, each a str)")
        if not isinstance(sources, dict) or not sources:
            raise ContractError(f"{cls.__name__}: 'models' must map model names to rules "
                                "(classes or objects with start, is_goal and moves)")
        if not isinstance(cls.output, AnswerLine):
            raise ContractError(f"{cls.__name__}: 'output' must be an AnswerLine (COST, COST_AND_MOVES or your own)")
        cls._sources = dict(sources)
        cls.models = {name: rules if isinstance(rules, type) and issubclass(rules, Model) else
                      _model_class(cls, name, rules) for name, rules in sources.items()}

    def __getstate__(self):
        """What pickles the puzzle object (for a worker process): its attributes, without the
        objects of rules classes it made (a copy makes its own)."""
        state = super().__getstate__()
        attributes = state[0] if isinstance(state, tuple) else state
        if isinstance(attributes, dict) and (KEPT_RULES in attributes or KEPT_GRAPHS in attributes):
            attributes = {key: value for key, value in attributes.items() if key not in (KEPT_RULES, KEPT_GRAPHS)}
            state = (attributes, state[1]) if isinstance(state, tuple) else attributes
        return state

    # text ---------------------------------------------------------------------------------------

    @abstractmethod
    def read(self, tokens: Tokens, limits: dict) -> Any:
        """One instance from ``tokens`` (errors: ``raise tokens.error(message, token)``), or
        ``None`` when what was read is the terminator (nothing may follow it).

        Parameters
        ----------
        tokens : Tokens
            The positioned token reader over the input (:class:`~stategraph.io.tokens.Tokens`).
        limits : dict
            The puzzle's ``limits`` with a config's changes.

        Returns
        -------
        object
            The instance as the rules see it (``start``, ``is_goal`` and ``moves`` get it).
        """

    def parse(self, data, source: str = "<input>", limits: dict | None = None) -> Iterator[Numbered]:
        """The instances of ``data``, each with this object; what instances of one graph share
        (``graph_key``) is kept on it while they are read, and let go once the reading ends."""
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
        """The output for the input ``text`` (default model and routine unless named).

        Parameters
        ----------
        text : str
            The whole input.
        model, algorithm : str, optional
            A model of :attr:`models` and a routine of :data:`~stategraph.SEARCHES`.

        Returns
        -------
        str
            What ``stategraph solve`` prints (see :func:`stategraph.solve_text`).
        """
        from ..solving.driver import solve_text

        return solve_text(self, text, algorithm, model=model)

    # checks: the answers replayed through the rules ---------------------------------------------

    def reference_rules(self, instance: Any = None) -> Any:
        """The rules answers are replayed through: the default model's (else the first
        generated), of the puzzle object that read ``instance`` (else of this one)."""
        chosen = self.model()
        if not issubclass(chosen, RulesModel):
            chosen = next((m for m in self.models.values() if issubclass(m, RulesModel)), chosen)
        if not issubclass(chosen, RulesModel):
            raise VerificationError(f"{self.name} has no rules to check answers with")
        puzzle = getattr(instance, "puzzle", None)
        return chosen.rules_of(self if puzzle is None else puzzle)

    def verify(self, instance, record, *, deadline=None, limit=None) -> str:
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


def path_labels(solution) -> list[str]:
    """The labels of a solution's moves, unlabelled ones (continuing the move before) left out."""
    from .replay import SILENT

    return [attrs["move"] for _, _, attrs in solution.edges if attrs.get("move", SILENT) != SILENT]


def _value(instance):
    """What the rules see of ``instance``: a :class:`Numbered`'s ``value``, else the instance."""
    return instance.value if isinstance(instance, Numbered) else instance


def _bound(heuristic, value):
    """``heuristic(value, state)`` as a function of the state alone (``None`` stays ``None``)."""
    if heuristic is None:
        return None

    def estimate(state):
        return heuristic(value, state)

    return estimate


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
        "decode_needs_path": puzzle.output.has_moves,
        "source": rules, "output": puzzle.output, "puzzle_name": getattr(puzzle, "name", puzzle.__name__),
        "negative_costs": puzzle.negative_costs, "__module__": puzzle.__module__,
        "__doc__": f"Model {name!r} of {puzzle.__name__}, generated from its rules.",
    }))
