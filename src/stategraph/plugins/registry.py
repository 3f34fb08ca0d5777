"""A registry of built-ins by name (the puzzles, the search routines), each made on first look-up,
so a run loads only the built-ins it names."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeVar

T = TypeVar("T")


class LazyRegistry(Mapping[str, T]):
    """The values of ``names``, each ``make(name)`` when first looked up (then kept); a name not in
    ``names`` is a ``KeyError``, and ``in``, ``len`` and iteration (in the order of ``names``) make nothing."""

    def __init__(self, names: Iterable[str], make: Callable[[str], T]) -> None:
        self._names = dict.fromkeys(names)
        self._make = make
        self._made: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        if name not in self._made:
            if name not in self._names:
                raise KeyError(name)
            self._made.setdefault(name, self._make(name))
        return self._made[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
