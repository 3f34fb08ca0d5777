"""The independent references of the examples of ``examples/``: one module a puzzle, for ``tests/test_examples.py``.

A module here answers its puzzle by a brute force written there, sharing nothing with the example or with
stategraph (none imports either), and holds what ``tests/test_examples.py`` needs to know of that example alone.
Every module has:

``instances(text)``
    the questions of an input text, as the brute force reads them;
``solution(question)``
    ``(cost, moves)``: the fewest moves (``None``: no way) and the canonical moves (``None`` where the example
    prints the cost alone), found by the brute force;
``line(cost, moves)``
    the answer line the example must print for that solution;
``join(texts)``
    one input holding the questions of several inputs (``counted``, ``terminated`` or ``concatenated``);
``MODELS``
    each of the example's models, the default one first: ``RIGHT``, ``WASTEFUL`` (the right answers, from more
    states) or ``WRONG`` (wrong answers: the mistake the example shows);
``ROUTINES`` and ``REFUSED``
    for each model, the search routines that must print the brute force's answers; the ``(model, routine)``
    pairs refused, with words of the one-line refusal;
``SAMPLE_ANSWERS``
    answer lines ``expected.txt`` must hold: the cases that matter (no way, nothing to do);
``edited(lines)``
    ``expected.txt``'s lines with some answers spoilt, and what ``check`` must say of them (see ``says``);
``BAD_INPUTS``
    inputs with a mistake, each a :class:`BadInput`;
``RANDOM``
    how the example's ``random_instance`` is tried: a :class:`RandomRun`;
``VIEWS``
    the questions ``explain``, ``draw`` and ``export`` show: a :class:`Views`.

and may have ``census(question, model)`` (what ``compare`` must count of a model's graph on that question:
its states, edges, or the cost a wrong model finds; ``{}`` by default), ``routine_input(model, text)`` (the
input each routine solves with that model, where input.txt is too costly for some; input.txt by default) and
``EXPECTED_FILES`` (input and expected answers beside ``input.txt``/``expected.txt``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

NAMES = ("hanoi", "keys_doors", "knight", "lights_out", "pocket_cube", "river_crossing", "rush_hour", "sliding_tile",
         "sokoban", "water_jug")

RIGHT, WASTEFUL, WRONG = "right", "wasteful", "wrong"
NO_ASTAR = ("bfs", "dijkstra", "spfa", "bidirectional_dijkstra", "networkx")  # the routines that need no heuristic
WITH_ASTAR = (*NO_ASTAR, "astar")
NO_HEURISTIC = "astar needs a heuristic"


@dataclass(frozen=True)
class BadInput:
    """An input with a mistake: the answers before it are printed (those of the valid input ``before``), then
    one line ``stategraph: error: FILE:message`` (``message`` starts with the line and column)."""

    name: str
    text: str
    before: str
    message: str


@dataclass(frozen=True)
class RandomRun:
    """``random_instance(rng, size)`` for each size, from ``random.Random(seed)``, all in one file, compared by
    ``algorithm``: at least ``distinct`` different answers (some of them no way, if ``no_way``), each wrong model
    wrong on at least ``caught`` questions, each wasteful one with more states on at least ``more`` (and fewer on
    none); with ``verify``, ``solve --verify`` prints and confirms them too.  Without ``compare`` (which builds
    every question's whole graph for each model), ``solve`` alone answers them, with the default model."""

    seed: int
    sizes: tuple
    algorithm: str
    distinct: int
    caught: int = 0
    more: int = 0
    no_way: bool = True
    verify: bool = False
    compare: bool = True


@dataclass(frozen=True)
class Views:
    """``explain``, ``draw`` and ``--animate`` show question ``instance``; ``draw --graph`` and ``export`` (with
    ``export`` options), then ``search``, question ``graph_instance`` (of ``text``, input.txt if ``None``); an
    example not ``drawn`` is not drawn here."""

    instance: int
    graph_instance: int
    text: str | None = None
    drawn_ids: frozenset = field(default_factory=frozenset)  # element ids the route's SVG holds
    absent_ids: frozenset = field(default_factory=frozenset)  # and those it does not
    first_step: str | None = None  # explain's first step in words
    last_picture: str | None = None  # explain's last picture
    export: tuple = ()
    path_states: tuple = ()  # the first states of the path ``search`` finds in the exported graph
    drawn: bool = True


def counted(texts: list[str]) -> str:
    """Inputs that start with their number of questions, joined: the sum, then every question."""
    return f"{sum(int(text.split()[0]) for text in texts)}\n" + "".join(text.split("\n", 1)[1] for text in texts)


def terminated(texts: list[str], end: str = "0 0\n") -> str:
    """Inputs that end with the line ``end``, joined: every question, then ``end`` once."""
    return "".join(text.removesuffix(end) for text in texts) + end


def concatenated(texts: list[str]) -> str:
    return "".join(texts)


def says(told: str, wanted: str) -> bool:
    """Whether a line ``check`` printed is the line wanted (or starts with it, where it ends with ``...``)."""
    return told.startswith(wanted[:-3]) if wanted.endswith("...") else told == wanted


def reference(name: str) -> ModuleType:
    return importlib.import_module(f"example_references.{name}")


def expected_output(ref: ModuleType, text: str) -> str:
    """What the example must print for ``text``: the brute force's answer line for each question."""
    return "".join(ref.line(*ref.solution(question)) + "\n" for question in ref.instances(text))
