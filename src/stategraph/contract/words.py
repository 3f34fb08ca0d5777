"""Small wording helpers shared by the puzzles' explanations and the views.

>>> plural(1, "push"), plural(2, "push"), plural(181_440, "state"), rc((2, 5))
('1 push', '2 pushes', '181,440 states', '(2,5)')
"""

from __future__ import annotations


def plural(count: int, noun: str) -> str:
    """``count`` (with thousands separators) and ``noun``, in the plural unless ``count`` is 1."""
    return f"{count:,} {noun}{'' if count == 1 else ('es' if noun.endswith('sh') else 's')}"


def rc(position) -> str:
    """A 1-based ``(row, column)`` as printed in explanations."""
    return f"({position[0]},{position[1]})"
