"""The toolkit's own classes under every puzzle: a :class:`Puzzle` and its named state :class:`Model` s.

A puzzle knows its text formats, its answers and how to check them; a model sees one instance as
a state graph.  The runner drives parse -> model -> (per question) state graph -> solve -> decode
-> format -> verify the same way for every puzzle.  A puzzle of your own is a
:class:`~stategraph.contract.first_level.SuccessorPuzzle`, which generates its models from its
rules; a whole puzzle on these classes (a corridor walked to its exit):

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
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import StategraphError
from .checks import CONFIRMED, OPTIMALITY_UNCONFIRMED, Answer  # noqa: F401  (what a checker returns)
from .model import Model

if TYPE_CHECKING:
    import random

    from .cuts import Cuts


class Puzzle(ABC):
    """A puzzle: its formats, its models, its answers and their independent checks.

    Subclasses set the class attributes and implement :meth:`parse`, :meth:`format_answer` and
    (for ``--verify`` and ``check``) the checker methods.

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
        and ``check`` are refused.
    random_instance : method, optional
        ``random_instance(rng, size)``, what ``grade`` draws instances from: the text of an input
        of one instance (as :meth:`parse` reads it), the same for the same ``rng`` state, growing
        with ``size`` (small at 1), solvable and unsolvable both where the puzzle has both.
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
        """Where the instances of input ``source`` stand, so ``--jobs`` workers read their own
        (:mod:`stategraph.contract.cuts`); ``None``: one process reads them all."""
        return None

    def instance_text(self, instance: Any, question: Any) -> str | None:
        """One instance (and question) in the input format, so an exported graph can be drawn again;
        ``None`` when the puzzle cannot write its input back."""
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
        """Check one of stategraph's own answers without the models: legal, of the reported cost,
        optimal by a naive search within ``limit`` positions and ``deadline``; ``checks.CONFIRMED``
        or ``checks.OPTIMALITY_UNCONFIRMED``.  By default, :attr:`checker`'s ``verify``.

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
        """The :class:`~stategraph.contract.checks.Answer` items of an answers file; by default,
        :attr:`checker`'s ``read_answers``.

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
