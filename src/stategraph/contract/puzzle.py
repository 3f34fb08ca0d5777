"""The toolkit's own classes under every puzzle: a :class:`Puzzle` and its named state :class:`Model` s.

A puzzle knows its text formats, its answers and how to check them; a model
knows how to see one instance as a state graph.  Neither knows anything of
search routines, records, configs or the command line: the runner drives

    parse -> model -> (per question) state graph -> solve -> decode -> format -> verify

the same way for every puzzle.  The built-in puzzles are written against these classes, and a
:class:`~stategraph.contract.first_level.SuccessorPuzzle` generates its models from its rules (a
puzzle of your own is one of those).  A whole puzzle on these classes, small enough to read in one
go (a maze where you walk to the exit; the answer is the number of steps):

>>> from contextlib import contextmanager
>>> import networkx as nx
>>> from stategraph.graph.state_graph import StateGraph, WeightProfile
>>> from stategraph.contract.puzzle import Model, Puzzle
>>> class Cells(Model):
...     name, summary = "cells", "a state is the walker's cell"
...     profile = WeightProfile(unit=True)
...     def __init__(self, row):
...         super().__init__(row)
...         self.graph = nx.DiGraph()
...         self.graph.add_nodes_from(i for i, ch in enumerate(row) if ch != "#")
...         for i in self.graph:
...             for j, rank in ((i - 1, 0), (i + 1, 1)):
...                 if j in self.graph:
...                     self.graph.add_edge(i, j, weight=1, rank=rank)
...     @contextmanager
...     def state_graph(self, question):
...         yield StateGraph(self.graph, self.instance.index("S"), frozenset({self.instance.index("E")}))
...     def decode(self, question, solution):
...         return -1 if not solution.found else solution.cost
>>> class Corridor(Puzzle):
...     name, summary, sample = "corridor", "steps along a corridor", "S..E\\n"
...     models = {"cells": Cells}
...     def parse(self, data, source="<input>", limits=None):
...         yield data.strip()
...     def format_answer(self, instance, question, answer):
...         return f"{answer}\\n"
>>> from stategraph.search.solution import solve
>>> corridor = Corridor()
>>> row = next(corridor.parse(corridor.sample_text()))
>>> model = corridor.model()(row)
>>> for question in corridor.questions(row):
...     with model.state_graph(question) as graph:
...         print(corridor.format_answer(row, question, model.decode(question, solve(graph, "bfs"))), end="")
3
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import StategraphError
from ..graph.state_graph import StateGraph, WeightProfile
from ..graph.weights import components
from .checks import CONFIRMED, OPTIMALITY_UNCONFIRMED, Answer  # noqa: F401  (what a checker returns)
from .words import plural

if TYPE_CHECKING:
    import random

    from .cuts import Cuts


class Model(ABC):
    """One way of seeing a puzzle instance as a state graph.

    ``__init__`` builds what every question of the instance shares (Huarong
    Dao's board graph); :meth:`state_graph` gives the graph, source and
    targets of one question, as a context manager so a model may attach a
    question's start state for the search and detach it afterwards.

    Parameters
    ----------
    instance : object
        One instance, as the puzzle's ``parse`` yields it; kept as ``self.instance`` (a
        subclass's ``__init__`` must call ``super().__init__(instance)``).

    Attributes
    ----------
    name, summary : str
        The model's name (``--model NAME``) and what its state is, in a line.
    profile : WeightProfile
        The weights its graphs carry, declared so routines that cannot search them are refused
        before any input is read.
    has_heuristic : bool
        Its state graphs carry an A* lower bound (``StateGraph.heuristic``).
    least_profile : WeightProfile or None
        ``None`` when :attr:`profile` is exact; else the most general weights its graphs may carry
        (a first-level model whose rules declare none): a routine that refuses these is known to
        apply only once a graph is built.
    decode_needs_path : bool
        :meth:`decode` reads the path, not only ``solution.cost``.
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    profile: ClassVar[WeightProfile]  # the weights its graphs carry: search routines refuse by it
    has_heuristic: ClassVar[bool] = False  # whether its state models carry an A* lower bound
    least_profile: ClassVar[WeightProfile | None] = None  # None: profile is exact, not only a hope
    # False when decode() reads only ``solution.cost``: the search may then stop at the first target
    # settled and no path is extracted (unless an export, --verify or a JSON report asks for one).
    decode_needs_path: ClassVar[bool] = True

    def __init__(self, instance: Any):
        self.instance = instance

    @abstractmethod
    def state_graph(self, question: Any) -> AbstractContextManager[StateGraph]:
        """The state graph of one ``question`` of the instance, with its source and targets.

        Parameters
        ----------
        question : object
            One of :meth:`Puzzle.questions` of the instance.

        Returns
        -------
        context manager of StateGraph
            Entered for the search (and the export), left before :meth:`decode`.
        """

    @abstractmethod
    def decode(self, question: Any, solution: Any) -> Any:
        """The puzzle's answer (what :meth:`Puzzle.format_answer` prints) from a solution in this model.

        Parameters
        ----------
        question : object
            The question answered.
        solution : Solution
            The search's outcome; ``solution.found`` is false when no target is reachable.

        Returns
        -------
        object
            The answer, in whatever form the puzzle formats and checks.
        """

    def export_graph(self) -> Any:
        """The graph to export for the instance (``None``: the first question's state graph)."""
        return None

    @classmethod
    def move_label(cls, graph: Any, u: Any, v: Any, attrs: dict) -> str:
        """The move ``u -> v`` of ``graph`` in a few words, for exports and the views: by default its
        ``label``, ``move`` or ``kind`` attribute (the first that is a string), else its rank.  The
        toolkit builds the whole ``graph`` for a model that defines its own (:meth:`labels_read_graph`).

        Parameters
        ----------
        graph : networkx.DiGraph
            The state graph.
        u, v : hashable
            The move's ends.
        attrs : dict
            The edge's attributes.

        Returns
        -------
        str

        Examples
        --------
        >>> Model.move_label(None, "a", "b", {"move": "push N", "rank": 0})
        'push N'
        >>> Model.move_label(None, "a", "b", {"rank": 2})
        '2'
        """
        for key in ("label", "move", "kind"):
            if isinstance(attrs.get(key), str):
                return attrs[key]
        return str(attrs.get("rank", ""))

    @classmethod
    def labels_read_graph(cls) -> bool:
        """Whether :meth:`move_label` is the model's own, and so may read the whole state graph
        (the default reads the move's attributes alone: no graph is built for it)."""
        return next(owner for owner in cls.__mro__ if "move_label" in vars(owner)) is not Model

    @classmethod
    def path_labels(cls, record: Any) -> list[str] | None:
        """The canonical path's moves in the exact words of the answer, where they say more than
        :meth:`move_label` (Pushing Boxes' walk letters); ``None`` (the default) keeps those."""
        return None

    @classmethod
    def state_picture(cls, instance: Any, state: Any) -> str | None:
        """A state of ``instance`` as a few lines of text (a grid, a row of jugs), or ``None`` (the
        default): what :meth:`explain` and :meth:`scene` show when a model has no words of its own."""
        return None

    @classmethod
    def state_position(cls, instance: Any, state: Any) -> tuple | None:
        """Where ``state`` of ``instance`` goes in a picture of the state graph, a ``(row, col)``
        pair of numbers (row downwards, as on a grid), or ``None`` (the default): the views lay
        the graph out themselves.  A grid puzzle's is the cell the state stands on."""
        return None

    @classmethod
    def state_group(cls, instance: Any, state: Any) -> Any:
        """The group ``state`` belongs to in a picture of the state graph (hashable: the keys
        held), or ``None`` (the default): each group is drawn as its own copy of the layout."""
        return None

    @classmethod
    def scene(cls, record: Any, steps: list) -> Any:
        """The puzzle of ``record`` after ``steps`` (the first steps of its :meth:`explain`) as a
        :class:`~stategraph.contract.scene.Scene` for ``stategraph draw``; by default the
        :meth:`state_picture` of the state reached, as lines of text (``Scene.of_text``); ``None``
        when there is no picture: draw shows the state graph."""
        states = record.solution.states if record.solution is not None and record.solution.states else None
        state = states[len(steps)] if states else None
        text = None if state is None else cls.state_picture(record.subject, state)
        if text is None:
            return None
        from .scene import Scene  # only `draw` and `view` picture a puzzle; solving never does

        return Scene.of_text(text)

    @classmethod
    def explain(cls, record: Any) -> dict | None:
        """The answer of ``record`` (an answered question: ``subject``, ``question``, ``answer``,
        ``solution``) in words: ``{"steps", "picture", "summary"}`` (and ``"title"``, else the
        views name the question; ``"start_picture"``, the start state's picture, shown before step
        1), each step a dict with at least ``number``, ``text``, ``move``,
        ``before``, ``after``, ``cost`` and ``picture`` (see :mod:`stategraph.views.explain`).  By
        default the canonical path's moves and states, read from the state graph, each state
        with its :meth:`state_picture`."""
        solution = record.solution
        if solution is None or not solution.found:
            return {"steps": [], "picture": None, "summary": "no solution: no target state is reachable"}
        steps, total = [], None
        labels, states = solution.labels, solution.states or []
        graph = record.graph if cls.labels_read_graph() else None
        for number, (u, v, attrs) in enumerate(solution.edges, start=1):
            weight = attrs.get("weight", 1)
            total = weight if total is None else total + weight
            move = cls.move_label(graph, u, v, attrs)
            steps.append({"number": number, "text": f"{number}. {labels[number - 1]}: {move} -> {labels[number]}; "
                                                   f"cost so far {total}",
                          "move": move, "before": labels[number - 1], "after": labels[number],
                          "cost": components(total), "picture": cls.state_picture(record.subject, v)})
        start = cls.state_picture(record.subject, states[0]) if states else None
        return {"steps": steps, "summary": f"cost {solution.cost}: {plural(len(steps), 'move')}" if steps else
                f"cost {solution.cost}: the start is a goal",
                "picture": start if not steps else None, "start_picture": start}


class Puzzle(ABC):
    """A puzzle: its formats, its models, its answers and their independent checks.

    Subclasses set the class attributes and implement :meth:`parse`,
    :meth:`format_answer` and (for ``--verify`` and ``stategraph check``)
    the checker methods.  ``default_model`` is the first of ``models`` unless set.

    Attributes
    ----------
    name, summary, sample : str
        The puzzle's name, a line about it, and a small input in its contest format.
    aliases : tuple of str
        Other names it answers to (``poj1475``).
    models : dict
        Model name -> :class:`Model` subclass.
    default_model : str or None
        The model used when none is named (else the first of ``models``).
    default_algorithm : str
        The routine used when none is named.
    limits : dict
        Size limits, changeable in a config's ``limits`` section.
    checker : module or None
        Where :meth:`verify` and :meth:`read_answers` go by default; without one, ``--verify``
        and ``check`` are refused (a :class:`~stategraph.errors.StategraphError`, exit status 2).
    random_instance : method, optional
        A generator a puzzle may offer, ``random_instance(rng, size)``: ``rng`` a
        :class:`random.Random`, ``size`` a small positive int; it returns the text of an input
        holding one random instance, exactly as :meth:`parse` reads it (header and terminator
        included): the same text for the same state of ``rng``, an instance that grows with
        ``size`` (a grid's side, the number of discs) and is small and quick to solve at size 1,
        solvable and unsolvable ones both drawn where the puzzle has both.  It is what instances
        are drawn from to grade a puzzle against; not defined here, so a puzzle without a
        generator has no such method.
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    sample: ClassVar[str]  # a small input in the contest format
    aliases: ClassVar[tuple[str, ...]] = ()
    models: ClassVar[dict[str, type[Model]]]
    default_model: ClassVar[str | None] = None
    default_algorithm: ClassVar[str] = "dijkstra"
    limits: ClassVar[dict[str, int]] = {}  # size limits, changeable in a config's ``limits``
    checker: ClassVar[Any] = None  # a module with verify(instance, record, ...) and read_answers(text, source)
    random_instance: Callable[[random.Random, int], str]  # optional, declared only: see the class docstring

    # text ---------------------------------------------------------------------------------------

    @abstractmethod
    def parse(self, data: Any, source: str = "<input>", limits: dict | None = None) -> Iterator[Any]:
        """Yield the instances of an input (a str, bytes or binary stream), reading as it goes.

        Parameters
        ----------
        data : str, bytes or binary stream
            The input in the contest format.
        source : str, optional
            The input's name in error messages.
        limits : dict, optional
            The size limits, :attr:`limits` with a config's changes.

        Yields
        ------
        object
            One instance at a time, each before the next is read.

        Raises
        ------
        InputError
            At the first malformed instance, located by line and column.
        """

    def questions(self, instance: Any) -> Iterator[Any]:
        """The questions asked of an instance, in order; by default the instance is its one question."""
        yield instance

    def number(self, instance: Any, question: Any) -> tuple[int, int]:
        """``(instance number, question number)``, both counted from 1, for reports."""
        return getattr(instance, "number", 1), getattr(question, "number", 1) if question is not instance else 1

    @abstractmethod
    def format_answer(self, instance: Any, question: Any, answer: Any) -> str:
        """The exact contest output for one answer.

        Parameters
        ----------
        instance, question : object
            What was asked.
        answer : object
            What the model's :meth:`Model.decode` returned.

        Returns
        -------
        str
            The answer's text, with its line ends.
        """

    def sample_text(self) -> str:
        """The packaged sample input (``stategraph sample NAME``); by default :attr:`sample`."""
        return self.sample

    def cuts(self, source: str, limits: dict) -> Cuts | None:
        """Where the instances of an input named ``source`` stand, found without reading them, so
        that ``--jobs`` workers read their own (:mod:`stategraph.contract.cuts`); ``None`` (the
        default): a process reads the input as one job does and sends the workers its instances."""
        return None

    def instance_text(self, instance: Any, question: Any) -> str | None:
        """One instance (and question) in the input format, so an exported graph can be drawn again;
        ``None`` (the default) when the puzzle cannot write its input back."""
        return None

    # models -------------------------------------------------------------------------------------

    def model(self, name: str | None = None) -> type[Model]:
        """The model class called ``name`` (default: :attr:`default_model`).

        Raises
        ------
        StategraphError
            If the puzzle has no model of that name.

        Examples
        --------
        >>> from stategraph import get_puzzle
        >>> get_puzzle("huarong").model().name, get_puzzle("huarong").model("piece_blank").name
        ('piece_side', 'piece_blank')
        """
        chosen = name or self.default_model or next(iter(self.models))
        if chosen not in self.models:
            raise StategraphError(f"{self.name} has no model {chosen!r} (models: {', '.join(self.models)})")
        return self.models[chosen]

    # checks (independent of every model) --------------------------------------------------------

    def label(self, instance: Any, question: Any) -> str:
        """How messages name a question (``maze 3``, ``query 2``)."""
        number, query = self.number(instance, question)
        return f"instance {number}" if question is instance else f"instance {number} question {query}"

    def verify(self, instance: Any, record: Any, *, deadline: float | None = None, limit: int | None = None) -> str:
        """Check one of stategraph's own answers (``record.question``, ``.answer``, ``.solution``)
        without the models: legal, of the reported cost, and optimal by a naive search within
        ``limit`` positions and ``deadline``; return ``checks.CONFIRMED`` or
        ``checks.OPTIMALITY_UNCONFIRMED``, or raise ``VerificationError``.  By default, the
        ``verify`` of :attr:`checker`.

        Raises
        ------
        VerificationError
            If the answer does not hold (exit status 3).
        StategraphError
            If the puzzle has no :attr:`checker` (exit status 2).
        """
        if self.checker is None:
            raise StategraphError(f"{self.name} has no independent checker, so --verify cannot check its "
                                  "answers (give the puzzle a checker, or write it on the first level)")
        return self.checker.verify(instance, record, deadline=deadline, limit=limit)

    def read_answers(self, text: str, source: str) -> Iterator[Any]:
        """The :class:`~stategraph.contract.checks.Answer` items of an answers file (``stategraph check``);
        by default, the ``read_answers`` of :attr:`checker`.

        Raises
        ------
        VerificationError
            If a line is not an answer.
        StategraphError
            If the puzzle has no :attr:`checker`.
        """
        if self.checker is None:
            raise StategraphError(f"{self.name} has no checker, so check cannot read its answer files")
        return self.checker.read_answers(text, source)

    def judge_answer(self, instance: Any, question: Any, submitted: Any, reference: Any) -> tuple:
        """``(cost, canonical)`` of a submitted :class:`~stategraph.contract.checks.Answer` (``cost`` ``None``
        for a claim of no solution), given stategraph's ``reference`` answer; an illegal one raises."""
        raise StategraphError(f"{self.name} has no checker, so check cannot judge its answers")

    def answer_cost(self, instance: Any, question: Any, answer: Any) -> Any:
        """The cost of one of stategraph's own answers (``None`` for no solution)."""
        raise StategraphError(f"{self.name} has no checker, so check cannot judge its answers")

    def describe_cost(self, cost: Any) -> str:
        """A cost in words, for ``check``'s messages (``14 moves``); by default ``str(cost)``."""
        return str(cost)
