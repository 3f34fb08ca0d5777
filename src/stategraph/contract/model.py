"""The toolkit's :class:`Model`: one way of seeing a puzzle instance as a state graph, and the
hooks the views use to picture and explain its answers (an example: :mod:`stategraph.contract.puzzle`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from typing import Any, ClassVar

from ..graph.state_graph import StateGraph, WeightProfile
from ..graph.weights import components
from .words import plural


class Model(ABC):
    """One way of seeing a puzzle instance as a state graph.

    ``__init__`` builds what every question of the instance shares; :meth:`state_graph` gives one
    question's graph, source and targets as a context manager (a model may attach the question's
    start for the search and detach it afterwards).

    Parameters
    ----------
    instance : object
        One instance, as ``parse`` yields it; kept as ``self.instance``.

    Attributes
    ----------
    name, summary : str
        The model's name (``--model NAME``) and what its state is, in a line.
    profile : WeightProfile
        The weights its graphs carry: routines that cannot search them are refused before any
        input is read.
    has_heuristic : bool
        Its state graphs carry an A* lower bound.
    least_profile : WeightProfile or None
        ``None`` when :attr:`profile` is exact; else the most general weights its graphs may carry.
    decode_needs_path : bool
        :meth:`decode` reads the path; false lets a search stop at the first target settled.
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    profile: ClassVar[WeightProfile]  # the weights its graphs carry: search routines refuse by it
    has_heuristic: ClassVar[bool] = False  # whether its state models carry an A* lower bound
    least_profile: ClassVar[WeightProfile | None] = None  # None: profile is exact, not only a hope
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

    def exported_graph(self) -> Any:
        """:meth:`export_graph` as the runner keeps it (a :class:`~stategraph.graph.dicts.DictGraph`
        may stay one until someone reads it whole)."""
        return self.export_graph()

    @classmethod
    def move_label(cls, graph: Any, u: Any, v: Any, attrs: dict) -> str:
        """The move ``u -> v`` in a few words, for exports and the views: by default its ``label``,
        ``move`` or ``kind`` attribute (the first that is a string), else its rank.

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
        """Whether :meth:`move_label` is the model's own, and so may read the whole state graph."""
        return next(owner for owner in cls.__mro__ if "move_label" in vars(owner)) is not Model

    @classmethod
    def path_labels(cls, record: Any) -> list[str] | None:
        """The canonical path's moves in the exact words of the answer, where they say more than
        :meth:`move_label` (Pushing Boxes' walk letters); ``None`` (the default) keeps those."""
        return None

    @classmethod
    def state_picture(cls, instance: Any, state: Any) -> str | None:
        """A state of ``instance`` as a few lines of text, or ``None`` (the default)."""
        return None

    @classmethod
    def state_position(cls, instance: Any, state: Any) -> tuple | None:
        """Where ``state`` goes in a picture of the state graph, a ``(row, col)`` pair, or ``None``
        (the default: the views lay the graph out themselves)."""
        return None

    @classmethod
    def state_group(cls, instance: Any, state: Any) -> Any:
        """The group of ``state`` (hashable: the keys held), each drawn as its own copy of the
        layout in a picture of the state graph; ``None`` by default."""
        return None

    @classmethod
    def scene(cls, record: Any, steps: list) -> Any:
        """The puzzle of ``record`` after ``steps`` (of its :meth:`explain`) as a
        :class:`~stategraph.contract.scene.Scene`; by default the :meth:`state_picture` reached as
        text, ``None`` without one."""
        states = record.solution.states if record.solution is not None and record.solution.states else None
        state = states[len(steps)] if states else None
        text = None if state is None else cls.state_picture(record.subject, state)
        if text is None:
            return None
        from .scene import Scene  # only `draw` and `view` picture a puzzle; solving never does

        return Scene.of_text(text)

    @classmethod
    def explain(cls, record: Any) -> dict | None:
        """The answer of ``record`` in words: ``{"steps", "picture", "summary"}`` (optionally
        ``"title"``, ``"start_picture"``), each step a dict with at least ``number``, ``text``,
        ``move``, ``before``, ``after``, ``cost`` and ``picture`` (see
        :mod:`stategraph.views.explain`).  By default the canonical path's moves and states."""
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
