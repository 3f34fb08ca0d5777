"""One answered question: its contest text, its answer, and how it was found."""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from .pipeline import Solution, solve


@dataclass
class Record:
    """An answer ready to print: ``text`` is its exact contest output.

    ``instance`` counts from 1 over a file; ``query`` counts the questions
    asked of one instance (Huarong Dao has many per board); ``graph`` is
    the state graph to export, on the first record of an instance.
    """

    instance: int
    text: str
    answer: Any
    solution: Solution | None
    stats: dict = field(default_factory=dict)
    query: int = 1
    graph: object = None
    subject: Any = None  # the parsed instance answered (set by the runner)
    question: Any = None  # the question within it, where an instance asks several (a Huarong query)


def solve_and_decode(model, settings: dict, decode, compile_seconds: float = 0.0):
    """``solve`` with ``settings["algorithm"]`` and its ``options``, then ``decode(solution)``;
    compile and decode times join the statistics."""
    solution = solve(model, settings["algorithm"], settings.get("options"))
    started = perf_counter()
    answer = decode(solution)
    solution.stats["compile_seconds"] = compile_seconds
    solution.stats["decode_seconds"] = perf_counter() - started
    return solution, answer


class Stopwatch:
    """Seconds since creation or the last ``lap``.

    >>> watch = Stopwatch(); watch.lap() >= 0
    True
    """

    def __init__(self):
        self.started = perf_counter()

    def lap(self) -> float:
        now = perf_counter()
        seconds, self.started = now - self.started, now
        return seconds
