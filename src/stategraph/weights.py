"""Edge weights: plain numbers, or lexicographic pairs compared component by component.

Pushing Boxes minimises pushes first and walks second, so its edges carry a
:class:`Lex` ``(primary, secondary)``.  ``Lex`` is an immutable pair with a
zero, ``+`` and tuple ordering; search routines take the zero of the weight
type from the model, so they never start from the int ``0``.

>>> a = Lex(1, 4); b = Lex(0, 7)
>>> a + b
Lex(primary=1, secondary=11)
>>> b < a, Lex.ZERO + a == a
(True, True)

Routines that need scalars (networkx's own Dijkstra) use :class:`ScalarEncoding`,
the one place where a ``Lex`` becomes ``primary * base + secondary`` and back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Lex(NamedTuple):
    """A lexicographic weight: ``primary`` matters first, ``secondary`` breaks ties."""

    primary: int
    secondary: int

    def __add__(self, other: Lex) -> Lex:  # type: ignore[override]
        return Lex(self.primary + other[0], self.secondary + other[1])

    def __radd__(self, other):
        if other == 0:  # sum() starts from the int 0
            return self
        return NotImplemented

    def __str__(self) -> str:
        return f"({self.primary}, {self.secondary})"


# a class constant, which a NamedTuple cannot declare in its body
Lex.ZERO = Lex(0, 0)  # type: ignore[attr-defined]


def components(weight) -> dict:
    """The weight as named scalar fields (for JSON, GraphML, statistics).

    >>> components(Lex(1, 2)), components(7)
    ({'primary': 1, 'secondary': 2}, {'cost': 7})
    """
    if isinstance(weight, Lex):
        return {"primary": weight.primary, "secondary": weight.secondary}
    return {"cost": weight}


class ScalarEncoding:
    """Exact encoding of ``Lex`` weights as integers ``primary * base + secondary``.

    ``base`` exceeds the largest secondary total any simple path can reach
    (the sum of every edge's secondary part, plus one), so comparing encoded
    path costs is the same as comparing ``Lex`` costs.

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
        total = 0
        for weight in weights:
            if weight.primary < 0 or weight.secondary < 0:
                raise ValueError(f"negative lexicographic weight {weight}")
            total += weight.secondary
        return cls(total + 1)

    def encode(self, weight: Lex) -> int:
        if not 0 <= weight.secondary < self.base:
            raise ValueError(f"secondary part of {weight} does not fit base {self.base}")
        return weight.primary * self.base + weight.secondary

    def decode(self, value: int) -> Lex:
        primary, secondary = divmod(int(value), self.base)
        return Lex(primary, secondary)
