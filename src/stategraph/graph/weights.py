"""Edge weights: plain numbers, or lexicographic pairs compared component by component.

Pushing Boxes minimises pushes first and walks second: its edges carry a :class:`Lex`
``(primary, secondary)``, a pair with a zero, ``+`` and tuple ordering.

>>> a = Lex(1, 4); b = Lex(0, 7)
>>> a + b
Lex(primary=1, secondary=11)
>>> b < a, Lex.ZERO + a == a
(True, True)

Routines that need scalars use :class:`ScalarEncoding`.  :data:`INFINITY` ("no path from here",
"not reached") is the float ``inf`` that also compares with ``Lex`` pairs:

>>> Lex(3, 4) < INFINITY, INFINITY > Lex(3, 4), Lex(10**9, 0) <= INFINITY, INFINITY < Lex(3, 4)
(True, True, True, False)
>>> 10**400 < INFINITY, INFINITY + Lex(1, 2), Lex(1, 2) + INFINITY, INFINITY + 3, 3 + INFINITY
(True, INFINITY, INFINITY, INFINITY, INFINITY)
>>> import math; math.isinf(INFINITY), INFINITY == math.inf, str(INFINITY), INFINITY == Lex(3, 4)
(True, True, 'inf', False)

(A plain ``math.inf`` does not compare with a ``Lex``; a routine of your own gets :class:`RoutineLex`
pairs, which do.)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final, NamedTuple


class Lex(NamedTuple):
    """A lexicographic weight: ``primary`` matters first, ``secondary`` breaks ties.

    Pairs add component by component and compare as tuples; ``Lex.ZERO`` is their zero.

    Parameters
    ----------
    primary : int
        The part minimised first (Pushing Boxes: pushes).
    secondary : int
        The part that breaks ties (Pushing Boxes: walks).

    Examples
    --------
    >>> Lex(1, 9) < Lex(2, 0), Lex(1, 2) + Lex(0, 3), sum([Lex(1, 1), Lex(2, 2)])
    (True, Lex(primary=1, secondary=5), Lex(primary=3, secondary=3))
    >>> str(Lex(2, 7))
    '(2, 7)'
    """

    primary: int
    secondary: int

    def __add__(self, other: Lex) -> Lex:  # type: ignore[override]
        try:
            return Lex(self.primary + other[0], self.secondary + other[1])
        except TypeError:  # not a pair: INFINITY (its __radd__) or a mistake (a TypeError then)
            return NotImplemented

    # Comparisons are tuple's own (C, on every search's hot path); INFINITY answers them reflected.

    def __radd__(self, other):
        if other == 0:  # sum() starts from the int 0
            return self
        return NotImplemented

    def __str__(self) -> str:
        return f"({self.primary}, {self.secondary})"


# a class constant, which a NamedTuple cannot declare in its body
Lex.ZERO = Lex(0, 0)  # type: ignore[attr-defined]


class _Infinity(float):
    """The type of :data:`INFINITY`: the float ``inf``, also above every ``Lex`` (a ``Lex`` on the
    left declines a float, so Python asks the reflected method here).  Pickles as the one ``INFINITY``."""

    __slots__ = ()

    def __new__(cls):
        return super().__new__(cls, "inf")

    def __repr__(self) -> str:
        return "INFINITY"

    __str__ = float.__repr__

    def __reduce__(self) -> str:
        return "INFINITY"

    def __lt__(self, other):
        return False if isinstance(other, tuple) else float.__lt__(self, other)

    def __le__(self, other):
        return False if isinstance(other, tuple) else float.__le__(self, other)

    def __gt__(self, other):
        return True if isinstance(other, tuple) else float.__gt__(self, other)

    def __ge__(self, other):
        return True if isinstance(other, tuple) else float.__ge__(self, other)

    def __eq__(self, other):
        return False if isinstance(other, tuple) else float.__eq__(self, other)

    def __ne__(self, other):
        return True if isinstance(other, tuple) else float.__ne__(self, other)

    __hash__ = float.__hash__

    def __add__(self, other):
        if isinstance(other, Lex) or (isinstance(other, (int, float)) and not other == -self and other == other):
            return self
        return float.__add__(self, other)  # inf + -inf, inf + nan: nan, as floats have it

    __radd__ = __add__


INFINITY: Final[float] = _Infinity()
"""No path from here (a heuristic's value), not reached (a distance): above every number and
every :class:`Lex`; adding a weight to it gives it (see the module docstring)."""


class RoutineLex(Lex):
    """A :class:`Lex` as a routine from outside the package gets it: it also compares and adds with
    ``float("inf")`` and ``-math.inf``, so a textbook Dijkstra or A* runs on ``Lex`` weights.  (A plain
    ``Lex`` keeps tuple's comparisons in C, for the built-in searches.)

    >>> d = RoutineLex(0, 0) + Lex(1, 2)
    >>> d, d < float("inf"), float("inf") > d, d > -float("inf"), min([float("inf"), d]) == (1, 2)
    (Lex(primary=1, secondary=2), True, True, True, True)
    >>> float("inf") + d, Lex(3, 4) + d
    (inf, Lex(primary=4, secondary=6))
    """

    __slots__ = ()

    def __add__(self, other):
        try:
            return RoutineLex(self.primary + other[0], self.secondary + other[1])
        except TypeError:
            return other if _is_infinite(other) else NotImplemented

    def __radd__(self, other):
        if isinstance(other, tuple):  # a Lex on the left: this subclass's method is asked first
            return RoutineLex(other[0] + self.primary, other[1] + self.secondary)
        if other == 0:
            return self
        return other if _is_infinite(other) else NotImplemented

    def __lt__(self, other):
        return tuple.__lt__(self, other) if isinstance(other, tuple) else _infinity_sign(other, 1)

    def __le__(self, other):
        return tuple.__le__(self, other) if isinstance(other, tuple) else _infinity_sign(other, 1)

    def __gt__(self, other):
        return tuple.__gt__(self, other) if isinstance(other, tuple) else _infinity_sign(other, -1)

    def __ge__(self, other):
        return tuple.__ge__(self, other) if isinstance(other, tuple) else _infinity_sign(other, -1)

    def __repr__(self) -> str:
        return f"Lex(primary={self.primary!r}, secondary={self.secondary!r})"

    @classmethod
    def of(cls, value):
        """``value`` as a routine gets it: a ``Lex`` made a ``RoutineLex``, anything else itself."""
        return cls(*value) if type(value) is Lex else value


def _is_infinite(value) -> bool:
    return isinstance(value, float) and value in (math.inf, -math.inf)


def _infinity_sign(other, sign: int):
    """Whether ``other`` is the float infinity of ``sign``; ``NotImplemented`` (a ``TypeError``) if finite or nan."""
    return other == sign * math.inf if _is_infinite(other) else NotImplemented


def components(weight) -> dict:
    """The weight as named scalar fields (for JSON, GraphML, statistics).

    Parameters
    ----------
    weight : Lex or number
        A weight or a distance.

    Returns
    -------
    dict
        ``{"primary": p, "secondary": s}`` for a :class:`Lex`, else ``{"cost": weight}``.

    Examples
    --------
    >>> components(Lex(1, 2)), components(7)
    ({'primary': 1, 'secondary': 2}, {'cost': 7})
    """
    if isinstance(weight, Lex):
        return {"primary": weight.primary, "secondary": weight.secondary}
    return {"cost": weight}


class ScalarEncoding:
    """Exact encoding of ``Lex`` weights as integers ``primary * base + secondary``.

    ``base`` exceeds the largest secondary total of any simple path, so encoded costs compare as
    ``Lex`` costs do.

    Parameters
    ----------
    base : int
        The multiplier of the primary part; at least 1.

    Raises
    ------
    ValueError
        If ``base`` is below 1.

    See Also
    --------
    ScalarEncoding.for_weights : the smallest exact base for a graph's weights.

    Examples
    --------
    >>> enc = ScalarEncoding.for_weights([Lex(1, 3), Lex(1, 5)])
    >>> enc.base
    9
    >>> enc.encode(Lex(2, 7)), enc.decode(25)
    (25, Lex(primary=2, secondary=7))
    """

    def __init__(self, base: int):
        if base < 1:
            raise ValueError("base must be positive")
        self.base = base

    @classmethod
    def for_weights(cls, weights: Iterable[Lex]) -> ScalarEncoding:
        """The encoding whose base is one more than the sum of the secondary parts of ``weights``.

        Parameters
        ----------
        weights : iterable of Lex
            Every edge weight of the graph to be searched.

        Returns
        -------
        ScalarEncoding
            An encoding exact for the cost of every simple path of that graph.

        Raises
        ------
        ValueError
            If a weight has a negative part.

        Examples
        --------
        >>> ScalarEncoding.for_weights([Lex(0, 2), Lex(1, 0)]).base
        3
        """
        total = 0
        for weight in weights:
            if weight.primary < 0 or weight.secondary < 0:
                raise ValueError(f"negative lexicographic weight {weight}")
            total += weight.secondary
        return cls(total + 1)

    def encode(self, weight: Lex) -> int:
        """``weight`` as the integer ``primary * base + secondary``.

        Parameters
        ----------
        weight : Lex
            A weight or a path cost whose secondary part is below ``base``.

        Returns
        -------
        int

        Raises
        ------
        ValueError
            If the secondary part does not fit the base.

        Examples
        --------
        >>> ScalarEncoding(10).encode(Lex(3, 4))
        34
        """
        if not 0 <= weight.secondary < self.base:
            raise ValueError(f"secondary part of {weight} does not fit base {self.base}")
        return weight.primary * self.base + weight.secondary

    def decode(self, value: int) -> Lex:
        """The :class:`Lex` that :meth:`encode` turned into ``value``.

        Parameters
        ----------
        value : int or float
            An encoded cost (networkx may hand back a float).

        Returns
        -------
        Lex

        Examples
        --------
        >>> ScalarEncoding(10).decode(34)
        Lex(primary=3, secondary=4)
        """
        primary, secondary = divmod(int(value), self.base)
        return Lex(primary, secondary)
