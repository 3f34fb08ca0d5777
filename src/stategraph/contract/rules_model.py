"""The model of a puzzle written as rules (:class:`RulesModel`): the state graph compiled from
them, the answer decoded from a solution, and what the rules say of pictures.

Rules may define ``accelerator(instance)``: the same state graph (same states, labels, weights,
move order, source, targets and heuristic), built faster.  It is trusted, not checked here;
``tests/test_contract_builders_equal_rules.py`` holds the built-ins' to their rules.
``use_accelerator=False`` explores the rules plainly:

>>> from stategraph import get_puzzle
>>> boxes = get_puzzle("pushing_boxes")
>>> maze = next(boxes.parse(boxes.sample_text()))
>>> fast, plain = boxes.model()(maze), boxes.model()(maze, use_accelerator=False)
>>> fast.accelerated, plain.accelerated, len(fast.graph) == len(plain.graph)
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

from ..errors import ContractError, SearchNotApplicable, shorten
from ..graph.dicts import as_networkx
from ..graph.state_graph import StateGraph, WeightProfile
from ..limits import MAX_MOVES, MAX_STATES
from .answer_line import AnswerLine
from .puzzle import Model, Puzzle

KEPT_RULES = "_stategraph_rules"  # where a puzzle object keeps its objects of rules classes (not pickled)
KEPT_GRAPHS = "_stategraph_graphs"  # where it keeps the states its instances of one graph share (not pickled)

ANY_WEIGHTS = WeightProfile(lex=True, unit=True, nonnegative=True, primary_01=True)
"""A generated model's profile when its rules declare none: a routine that does not apply is
refused once the graph is built, not by the config."""


@dataclass(frozen=True)
class Numbered:
    """One instance: ``value`` is what ``read`` returned, ``number`` counts from 1, ``puzzle`` is
    the puzzle object that read it, whose rules run (``None``: one made with no arguments)."""

    number: int
    value: Any
    limits: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    puzzle: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return str(self.value)


class RulesModel(Model):
    """A model of rules: ``RulesModel(instance, use_accelerator=None)`` (a :class:`Numbered` or the
    rules' value) compiles the state graph (with the rules' ``accelerator`` unless told not to;
    ``accelerated`` says which), ``decode`` gives the answer ``output`` prints.  Generated for a
    :class:`~stategraph.contract.first_level.SuccessorPuzzle`; a built-in subclasses it by hand
    (setting ``name``, ``summary``, ``source`` and ``puzzle_name``).
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
        """The rules this model runs on ``instance``: :meth:`rules_of` the puzzle object that read it."""
        return cls.rules_of(getattr(instance, "puzzle", None))

    @classmethod
    def rules_of(cls, puzzle: Any) -> Any:
        """The rules for the puzzle object ``puzzle``: the object itself when it holds them, else one
        rules object kept on it (on this class when ``puzzle`` is ``None``), or ``models``' object."""
        source = cls.source
        if not isinstance(source, type):
            return source
        if puzzle is None:
            if cls.__dict__.get("_rules") is None:
                cls._rules = source()
            return cls._rules
        if issubclass(source, Puzzle) and isinstance(puzzle, source):  # a puzzle class holding the rules
            return puzzle
        kept = puzzle.__dict__.setdefault(KEPT_RULES, {})
        if source not in kept:
            kept[source] = source()
        return kept[source]

    def __init__(self, instance: Numbered | Any, *, use_accelerator: bool | None = None):
        super().__init__(instance)
        rules = self.rules(instance)
        self.where = self._where(instance)
        self._accelerator = getattr(rules, "accelerator", None) if (
            self.use_accelerator if use_accelerator is None else use_accelerator) else None
        self.accelerated = self._accelerator is not None
        self._asks = callable(getattr(rules, "ask", None))  # a question is an instance of the rules of its own
        self._seen = _value(instance)
        if not self._asks:
            self._state_model = self._compiled(rules, instance, self._seen)

    def _compiled(self, rules, instance, value) -> StateGraph:
        """The state graph of ``value`` (the instance's or one question's), with the rules' ``canonical``."""
        compiled = self._built(rules, instance, value)
        canonical = getattr(rules, "canonical", None)
        if canonical is not None:
            from .tie_break import own_tie_break

            compiled.canonical, compiled.own_rule = own_tie_break(canonical, value, self.where, compiled), True
        return compiled

    def _built(self, rules, instance, value) -> StateGraph:
        accelerator = self._accelerator
        if accelerator is not None:
            built = accelerator(value)
            if not isinstance(built, StateGraph):
                raise ContractError(f"{self.where}accelerator() must return a StateGraph, it returned "
                                    f"{shorten(built)}")
            return built
        from ..graph.explore import expanding, explore  # (a model its accelerator builds needs neither)

        limits = instance.limits if isinstance(instance, Numbered) else {}
        bounds: dict[str, Any] = {"max_states": limits.get("max_states", MAX_STATES),
                                  "max_moves": limits.get("max_moves", MAX_MOVES),
                                  "negative": self.negative_costs, "where": self.where}
        heuristic = getattr(rules, "heuristic", None)
        heuristic = None if heuristic is None else partial(heuristic, value)  # a function of the state
        if self.least_profile is None and self.profile is not ANY_WEIGHTS:  # declared: search as it is built
            shared = self._shared(rules, instance)
            self._keyed = None if shared is None else (rules, value, shared.key)
            return expanding(rules, value, profile=self.profile, heuristic=heuristic,
                             shared=shared, size=partial(_counted, rules, value, bounds), **bounds)
        found = explore(rules, value, **bounds)
        return StateGraph(found.graph, found.source, found.targets, profile=found.profile, heuristic=heuristic,
                          lexicographic=self.least_profile is None and self.profile.lex)

    def _shared(self, rules, instance):
        """The states kept on the puzzle object for the earlier instances of ``instance``'s
        ``graph_key`` (``None`` without a key)."""
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
        """The state graph of ``question``: the instance's, or one compiled for it when the rules
        ``ask`` (handed to their ``release`` afterwards)."""
        rules = self.rules(self.instance)
        if self._asks:
            self._seen = _asked(rules, self.instance, question)
            self._state_model = self._compiled(rules, self.instance, self._seen)
        try:
            yield self._state_model
        except SearchNotApplicable as exc:  # the routine's refusal, now that the weights are known
            raise SearchNotApplicable(f"{self.where}{exc}") from None
        finally:
            release = getattr(rules, "release", None)
            if release is not None and self.accelerated:
                release(self._seen, self._state_model)

    def export_graph(self):
        """The rules' ``export_graph`` of the question searched last (``None`` without one)."""
        return as_networkx(self.exported_graph())

    def exported_graph(self):
        """:meth:`export_graph` as the rules give it: a :class:`~stategraph.graph.dicts.DictGraph`
        is not made networkx's here."""
        rules = self.rules(self.instance)
        export = getattr(rules, "export_graph", None)
        return None if export is None else export(self._seen)

    _keyed: tuple | None = None  # (rules, instance, key) of an instance searched in a store its graph_key shares

    def decode(self, question, solution):
        """The rules' ``answer(instance, solution)``; else ``None``, or the cost (and the path's labels)."""
        if self._keyed is not None and solution.found and solution.states is not None:
            self._hold_to_the_key(solution.states, *self._keyed)
        rules = self.rules(self.instance)
        answer = getattr(rules, "answer", None)
        if answer is not None:
            return answer(_asked(rules, self.instance, question), solution)
        if not solution.found:
            return None
        labels = None if solution.states is None else path_labels(solution)
        return self.output.answer(solution.cost, labels)

    def _hold_to_the_key(self, states, rules, value, key) -> None:
        """Each move of a path found in shared states must be one the instance's rules offer."""
        for u, v in zip(states, states[1:]):
            if not any(nxt == v for _, nxt, _ in rules.moves(value, u)):
                raise ContractError(
                    f"{self.where}graph_key() gave this instance the key of an earlier one ({shorten(key)}), but the "
                    f"path found in their shared states is not its own: its move from state {shorten(u)} to "
                    f"{shorten(v)} is not one of this instance's (a key promises the same moves at every state)")

    @classmethod
    def asked(cls, instance, question):
        """What the rules see of ``question`` of ``instance`` (:func:`_asked`)."""
        return _asked(cls.rules(instance), instance, question)

    @classmethod
    def state_position(cls, instance, state) -> tuple | None:
        """The rules' ``position(instance, state)``, checked (``None`` when they define none)."""
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
        """The rules' ``scene(instance, states)`` of the path's states up to the step reached (the
        start alone without a solution); else the text :meth:`state_picture`."""
        rules = cls.rules(record.subject)
        draw = getattr(rules, "scene", None)
        if draw is None:
            return super().scene(record, steps)
        solution, value = record.solution, _asked(rules, record.subject, record.question)
        states = solution.states[:_steps_end(solution, steps) + 1] if solution is not None and solution.states \
            else [rules.start(value)]
        for state in states:  # the places a scene draws its route through, checked before it draws them
            cls.state_position(record.subject, state)
        return draw(value, list(states))  # checked by the views, which draw it (views.draw.model_scene)

    @classmethod
    def explain(cls, record):
        """The rules' ``explain(instance, solution, answer)``; else :meth:`Model.explain
        <stategraph.contract.model.Model.explain>`'s."""
        rules = cls.rules(record.subject)
        told = getattr(rules, "explain", None)
        if told is None:
            return super().explain(record)
        return told(_asked(rules, record.subject, record.question), record.solution, record.answer)

    @classmethod
    def _rules_move_label(cls, graph, u, v, attrs) -> str:
        """The rules' ``move_label``, a generated model's when they define one."""
        return cls.rules().move_label(graph, u, v, attrs)

    @classmethod
    def _rules_path_labels(cls, record) -> list[str] | None:
        """The rules' ``path_labels``, a generated model's when they define one."""
        rules = cls.rules(record.subject)
        return rules.path_labels(_asked(rules, record.subject, record.question), record.answer)

    @classmethod
    def _hook(cls, instance, hook: str, state):
        """What the rules' optional ``hook(instance, state)`` returns (``None`` without one)."""
        method = getattr(cls.rules(instance), hook, None)
        return None if method is None else method(_value(instance), state)

    @classmethod
    def _where(cls, instance) -> str:
        """How messages begin: ``PUZZLE model NAME: instance N: ``."""
        return f"{cls.puzzle_name} model {cls.name}: instance {getattr(instance, 'number', 1)}: "

    @classmethod
    def state_picture(cls, instance, state) -> str | None:
        """The rules' ``picture`` of ``state``, checked (``None`` when they draw none)."""
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


def path_labels(solution) -> list[str]:
    """The labels of a solution's moves, unlabelled ones (continuing the move before) left out."""
    from .replay import SILENT

    return [attrs["move"] for _, _, attrs in solution.edges if attrs.get("move", SILENT) != SILENT]


def _value(instance):
    """What the rules see of ``instance``: a :class:`Numbered`'s ``value``, else the instance."""
    return instance.value if isinstance(instance, Numbered) else instance


def _asked(rules, instance, question):
    """What the rules see of ``question``: their ``ask(instance, question)``, else the instance."""
    ask = getattr(rules, "ask", None)
    return _value(instance) if ask is None else ask(_value(instance), question)


def _steps_end(solution, steps: list) -> int:
    """Where on the path the explanation's ``steps`` end: after ``len(steps)`` moves, or later where
    the running cost is the last step's (a step may gather several moves)."""
    from itertools import accumulate

    from ..graph.weights import components

    if not steps or not isinstance(steps[-1].get("cost"), dict):
        return len(steps)
    wanted = tuple(steps[-1]["cost"].values())
    costs = list(accumulate(attrs["weight"] for _, _, attrs in solution.edges))
    return next((place for place in range(len(steps), len(costs) + 1)
                 if tuple(components(costs[place - 1]).values()) == wanted), len(steps))


def _counted(rules, value, bounds: dict) -> tuple[int, int]:
    """The states and moves of the whole graph, counted by the compact explorer (no networkx graph)."""
    from ..graph.compact import explore_compact

    counted = explore_compact(rules, value, **bounds)
    return len(counted), counted.moves
