"""A search routine with what it accepts (:class:`SearchRoutine`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class SearchRoutine:
    """A search routine with what it accepts: an entry of :data:`SEARCHES` (or a plug-in's).

    Attributes
    ----------
    name : str
        Its name (``-a NAME``).
    run : callable
        ``run(graph, source, targets, *, zero, weight, heuristic, **options)`` returning a
        :class:`SearchResult`.
    summary, accepts : str
        What it is and what weights it accepts, in a few words (``stategraph algorithms``).
    needs_unit, needs_lex_01, needs_nonnegative, needs_heuristic : bool
        The graphs it refuses (see :meth:`refusal`).
    options : tuple of str
        The boolean options it takes (``stop_at_target``).
    cost_only : bool
        It takes ``cost_only=True``: stop once the optimal cost is known.
    tree : bool
        It takes ``tree=True``: return its breadth-first tree (:attr:`SearchResult.tree
        <stategraph.search.result.SearchResult.tree>`).
    canonical : bool
        It takes ``canonical=True``: return the canonical path where it can vouch for it
        (:attr:`SearchResult.path <stategraph.search.result.SearchResult.path>`).
    plugin : bool
        It comes from outside the package, so its distances are judged.
    grows : bool
        It may search a graph still being built (a :class:`~stategraph.graph.dicts.LazyGraph`):
        it reads only :func:`~stategraph.graph.dicts.successors` of states it has reached (never
        the node count or predecessors), including every state on an optimal path, so the
        canonical walk back from the goals finds every optimal move built.
    """

    name: str
    run: Callable
    summary: str
    accepts: str
    needs_unit: bool = False
    needs_lex_01: bool = False
    needs_nonnegative: bool = True
    needs_heuristic: bool = False
    options: tuple = ()
    cost_only: bool = False
    tree: bool = False
    canonical: bool = False
    plugin: bool = False
    grows: bool = False

    def refusal(self, profile, has_heuristic: bool = False) -> str | None:
        """Why this routine cannot search graphs with weights ``profile`` (and a heuristic or not),
        or ``None`` if it can."""
        if self.needs_unit and not profile.unit:
            return f"{self.name} needs every edge weight to be 1, but this graph has {profile.describe()}"
        if self.needs_lex_01 and not (profile.lex and profile.primary_01):
            return (f"{self.name} needs lexicographic weights whose first component is 0 or 1 "
                    f"on every edge, but this graph has {profile.describe()}")
        if self.needs_nonnegative and not profile.nonnegative:
            return f"{self.name} needs non-negative weights"
        if self.needs_heuristic and not has_heuristic:
            return f"{self.name} needs a heuristic, and this model provides none"
        return None

    def applies_to(self, model_class) -> bool | None:
        """Whether this routine searches the graphs of ``model_class`` (a
        :class:`~stategraph.contract.puzzle.Model` class); ``None``: known only once a graph is built."""
        if self.refusal(model_class.profile, model_class.has_heuristic) is not None:
            return False
        least = getattr(model_class, "least_profile", None)
        return None if least is not None and self.refusal(least, model_class.has_heuristic) else True
