"""What kind of weights a graph carries (:class:`WeightProfile`, imported by most users from
:mod:`stategraph.graph.state_graph`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ContractError, shorten
from .weights import Lex


@dataclass(frozen=True)
class WeightProfile:
    """What kind of weights a graph carries; search routines check it to refuse politely.

    A model class declares it (``Model.profile``), so a config is refused before any input is read.

    Parameters
    ----------
    lex : bool
        The weights are :class:`~stategraph.graph.weights.Lex` pairs (else numbers).
    unit : bool
        Every weight is 1 (what ``bfs`` needs).
    nonnegative : bool
        No weight (no part of a pair) is negative.
    primary_01 : bool
        Every pair's primary part is 0 or 1 (what ``layered_bfs`` needs).
    count : int
        How many edges were profiled.
    floats : bool
        Some weight is a float.

    See Also
    --------
    WeightProfile.of : the profile of a graph's weights.
    """

    lex: bool = False
    unit: bool = True
    nonnegative: bool = True
    primary_01: bool = True
    count: int = 0  # how many edges were profiled: the graph's edge count
    floats: bool = False  # some weight is a float: distances are then floats whatever the routine

    @classmethod
    def of(cls, weights: Iterable) -> WeightProfile:
        """The profile of ``weights``, one for each edge.

        Parameters
        ----------
        weights : iterable
            Every edge's ``weight``: numbers (``bool`` excluded) or ``Lex`` pairs.

        Returns
        -------
        WeightProfile

        Raises
        ------
        ContractError
            If a weight is neither a number nor a ``Lex``, or numbers and pairs are mixed.

        Examples
        --------
        >>> WeightProfile.of([1, 2]).describe(), WeightProfile.of([Lex(1, 0), Lex(0, 3)]).primary_01
        ('non-negative numbers', True)
        """
        kinds = set()
        unit = nonnegative = primary_01 = True
        floats = False
        count = 0
        for w in weights:
            count += 1
            if isinstance(w, Lex):
                kinds.add("lex")
                unit = False
                nonnegative = nonnegative and w.primary >= 0 and w.secondary >= 0
                primary_01 = primary_01 and w.primary in (0, 1)
            elif isinstance(w, (int, float)) and not isinstance(w, bool):
                kinds.add("number")
                floats = floats or isinstance(w, float)
                unit = unit and w == 1
                nonnegative = nonnegative and w >= 0
            else:
                raise ContractError(f"an edge has weight {shorten(w)}: every edge needs a 'weight' "
                                    "that is a number or a Lex pair")
        if len(kinds) > 1:
            raise ContractError("a graph mixes Lex and numeric edge weights")
        lex = kinds == {"lex"}
        return cls(lex=lex, unit=unit, nonnegative=nonnegative,
                   primary_01=primary_01 and lex, count=count, floats=floats)

    def merge(self, other: WeightProfile) -> WeightProfile:
        """The profile of both graphs' edges together.

        Raises
        ------
        ContractError
            If one holds numbers and the other ``Lex`` pairs.

        Examples
        --------
        >>> WeightProfile.of([1]).merge(WeightProfile.of([-2])).describe()
        'numbers, some negative'
        """
        if self.count and other.count and self.lex != other.lex:
            raise ContractError("a graph mixes Lex and numeric edge weights")
        if not self.count:
            return other
        if not other.count:
            return self
        return WeightProfile(lex=self.lex, unit=self.unit and other.unit,
                             nonnegative=self.nonnegative and other.nonnegative,
                             primary_01=self.primary_01 and other.primary_01,
                             count=self.count + other.count, floats=self.floats or other.floats)

    def describe(self) -> str:
        """The weights in a few words, for the messages of a routine that refuses them."""
        if self.lex:
            return "lexicographic (primary, secondary) pairs"
        if self.unit:
            return "unit weights"
        return "non-negative numbers" if self.nonnegative else "numbers, some negative"
