"""Shrinking a counterexample: what the generator chose first, then the text it printed.

Instance ``k`` is ``random_instance(random.Random(f"{seed}/{k}"), size)``; made again with a
:class:`Choices` (a ``random.Random`` that records each choice), it is a size and a sequence of
choices, and a replayed sequence makes it again (choices past its end are ``0``).  :func:`shrink`
tries smaller sizes, fresh instances, then runs of choices deleted, zeroed or lowered, keeping a
change while the case still disagrees (:func:`still`) and comes first in the order (size, number
of choices, choices); last, :func:`~stategraph.solving.simpler_texts.simpler` edits the text.
Budgets count judge calls (``SHRINK_CALLS``, ``TEXT_CALLS``), so a seed gives the same case on
every machine; ``SHRINK_SECONDS`` only guards against a very slow judge.

>>> rng = Choices("0/14")
>>> drawn = [rng.randint(1, 6), rng.choice("#..."), rng.random()]
>>> again = random.Random("0/14")
>>> drawn == [again.randint(1, 6), again.choice("#..."), again.random()], len(rng.made)
(True, 3)
>>> replayed = Choices(replay=[9, 1])
>>> [replayed.randint(1, 6), replayed.choice("#..."), replayed.random()], replayed.made
([6, '.', 0.0], [5, 1, 0])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from time import perf_counter
from typing import Generic, Protocol, TypeVar

from ..errors import StategraphError
from .sandbox import Outcome
from .simpler_texts import simpler

SIZE_TRIES = 100  # fresh instances tried at each smaller size
SHRINK_CALLS = 2000  # judge calls the choices' pass may make
TEXT_CALLS = 1000  # and the text pass after it
SHRINK_SECONDS = 60.0  # the time both may take: shrinking stops then, with the smallest case so far
CHUNKS = (8, 4, 2, 1)  # the widths of the runs of choices deleted or zeroed at once
FLOAT_BITS = 53  # random() returns a whole number of 2**-53: that number is the choice
NEAR = 24  # a sequence of choices up to this long is also tried at a smaller size with one choice moved
PAST_END = 1000  # choices a replay may ask past its end before it is given up (a loop on the lowest)


class Choices(random.Random):
    """A ``random.Random`` that records in ``made`` each choice it makes (an index below ``n``, a
    ``random()``'s whole number of 2**-53, a ``getrandbits(k)``).  Without ``replay`` it draws as
    ``random.Random(seed)``; with it, it makes those choices (cut to range), then ``0``, and raises
    :class:`Overrun` after ``PAST_END`` more."""

    def __init__(self, seed=None, replay: list[int] | None = None):
        self.replay = replay
        self.made: list[int] = []
        self._drawing = False  # inside _randbelow: its getrandbits calls are not choices of their own
        super().__init__(seed)

    def _randbelow(self, n: int) -> int:
        if self.replay is None:
            self._drawing = True
            try:
                value = random.Random._randbelow(self, n)  # type: ignore[attr-defined]  # as Random(seed) draws
            finally:
                self._drawing = False
        else:
            value = min(self._next(), max(n - 1, 0))
        self.made.append(value)
        return value

    def getrandbits(self, k: int) -> int:
        if self._drawing:
            return super().getrandbits(k)
        value = super().getrandbits(k) if self.replay is None else self._next() & ((1 << k) - 1)
        self.made.append(value)
        return value

    def random(self) -> float:
        value = int(super().random() * (1 << FLOAT_BITS)) if self.replay is None else \
            self._next() & ((1 << FLOAT_BITS) - 1)
        self.made.append(value)
        return value / (1 << FLOAT_BITS)

    def _next(self) -> int:
        assert self.replay is not None
        at = len(self.made)
        if at >= len(self.replay) + PAST_END:
            raise Overrun(f"the generator asked for more than {at} choices")
        return self.replay[at] if at < len(self.replay) else 0


class Overrun(Exception):
    """A replay asked for far more choices than it was given: not an instance."""


class Judged(Protocol):
    """What shrinking reads of a case (:class:`~stategraph.solving.grade.Case`)."""

    text: str
    size: int
    number: int
    why: str | None
    reference: Outcome
    student: Outcome

    def states(self, side: Outcome) -> int: ...


C = TypeVar("C", bound=Judged)
C_co = TypeVar("C_co", bound=Judged, covariant=True)


class Judging(Protocol[C_co]):
    """What shrinking calls (grade's judge): both sides on a text, and the reference's side alone."""

    calls: int

    def __call__(self, text: str, size: int, number: int = 0, reference: Outcome | None = None) -> C_co: ...

    def reference(self, text: str) -> Outcome: ...


def still(case: Judged) -> bool:
    """Whether ``case`` disagrees the way a shrunk case must: both answered, differently."""
    return case.why is not None and case.student.kind == "answer"


class _Spent(Exception):
    """The budget is spent."""


def shrink(case: C, judge: Judging[C], make: Callable[[random.Random, int], str], seed: int) -> tuple[C, int]:
    """The smallest case found from ``case`` (see the module docstring) and the steps that got there."""
    shrinking = _Shrinking(case, judge, make, seed)
    for work, calls in ((shrinking.choices_pass, SHRINK_CALLS), (shrinking.text_pass, TEXT_CALLS)):
        shrinking.calls = judge.calls + calls
        try:
            work()
        except _Spent:
            pass
    return shrinking.case, shrinking.steps


class _Shrinking(Generic[C]):
    """One shrinking: the best case so far, its size and choices, and what was tried."""

    def __init__(self, case: C, judge: Judging[C], make: Callable[[random.Random, int], str], seed: int):
        self.case, self.judge, self.make, self.seed, self.steps = case, judge, make, seed, 0
        self.calls, self.deadline = judge.calls + SHRINK_CALLS, perf_counter() + SHRINK_SECONDS  # the budget left
        self.tried: dict[tuple[str, int], C | None] = {}  # (text, size): the case it made, if it still disagreed
        remade = Choices(f"{seed}/{case.number}")
        self.replays = case.number > 0 and make(remade, case.size) == case.text  # else the generator is not seeded
        self.choices = remade.made if self.replays else []
        self.fresh: set[int] = set()  # the sizes fresh instances were tried at

    def choices_pass(self) -> None:
        """Smaller sizes, fresh instances and smaller choices, over again while one is taken."""
        while True:
            before = self.steps, self.choices
            if self.replays:
                self.smaller_size()
            if (self.steps, self.choices) == before and not self.fresh_instance() and self.replays:
                self.smaller_choices()
            if (self.steps, self.choices) == before:
                return

    def smaller_size(self) -> bool:
        """The choices at a smaller size, the smallest first; at the size just below, a short
        sequence also with one of them left out or a little lower (a choice drawn from fewer
        values may need its neighbours moved)."""
        for size in range(1, self.case.size):
            if any(self.consider(size, choices) for choices in
                   [self.choices, *(self.near() if size == self.case.size - 1 else ())]):
                return True
        return False

    def near(self) -> Iterator[list[int]]:
        if len(self.choices) <= NEAR:
            for at, value in enumerate(self.choices):
                yield self.choices[:at] + self.choices[at + 1:]
                yield from ([*self.choices[:at], value - less, *self.choices[at + 1:]] for less in (1, 2)
                            if value >= less)

    def smaller_choices(self) -> bool:
        return any([self.delete(), self.zero(), self.lower_equal(), self.lower_each()])

    def fresh_instance(self) -> bool:
        """Fresh instances at each size below the case's not tried yet, smallest first, until one still
        disagrees (then it is the case)."""
        for size in range(1, self.case.size):
            if size in self.fresh:
                continue
            self.fresh.add(size)
            for k in range(SIZE_TRIES):
                if self.consider(size, None, f"{self.seed}/shrink/{size}/{k}"):
                    return True
        return False

    def delete(self) -> bool:
        return self.each_run(lambda at, width: self.choices[:at] + self.choices[at + width:])

    def zero(self) -> bool:
        return self.each_run(lambda at, width: self.choices[:at] + [0] * width + self.choices[at + width:]
                             if any(self.choices[at:at + width]) else None)

    def each_run(self, edited: Callable[[int, int], list[int] | None]) -> bool:
        """Each run of choices, of each width of ``CHUNKS`` from the end, made ``edited(at, width)``
        (``None``: left as it is) and kept where the instance still disagrees; whether one was."""
        improved = False
        for width in CHUNKS:
            at = len(self.choices) - width
            while at >= 0:
                choices = edited(at, width)
                if choices is not None and self.consider(self.case.size, choices):
                    improved = True
                else:
                    at -= 1
                at = min(at, len(self.choices) - width)
        return improved

    def lower_equal(self) -> bool:
        """Each value two choices or more hold, lowered in all of them at once."""
        improved = False
        for value in sorted(v for v, n in Counter(self.choices).items() if n > 1 and v):
            improved |= self.lowest([at for at, v in enumerate(self.choices) if v == value])
        return improved

    def lower_each(self) -> bool:
        improved, at = False, 0
        while at < len(self.choices):
            improved |= self.lowest([at])
            at += 1
        return improved

    def lowest(self, spots: list[int]) -> bool:
        """The choices at ``spots`` (of one value) made as low as halving the gap finds, each
        lower value taken where the instance still disagrees; whether one was taken."""
        value = self.choices[spots[0]]
        low, high = -1, value  # high: taken, or the value itself; low: not taken

        def lowered(lower: int) -> list[int]:
            return [lower if at in spots else v for at, v in enumerate(self.choices)]

        while high - low > 1:
            middle = 0 if low < 0 else (low + high) // 2  # the lowest first
            if self.consider(self.case.size, lowered(middle)):
                high = middle
            else:
                low = middle
            if any(at >= len(self.choices) or self.choices[at] != high for at in spots):
                break  # the choices moved under the spots: another pass finds them
        return high < value

    def consider(self, size: int, replay: list[int] | None, seed: str | None = None) -> bool:
        """Whether the instance made at ``size`` from the choices ``replay`` (or drawn from
        ``seed``) still disagrees and comes before the case: then it is the case."""
        rng = Choices(seed, replay)
        try:
            text = self.make(rng, size)
        except Overrun:
            return False
        except Exception:  # the generator's own fault on choices no seed is likely to draw (a random() of 0.0
            if replay is None:  # divided by): not an instance; on a seed's, as in the run, its fault
                raise
            return False
        made = rng.made
        if (size, len(made), made) >= (self.case.size, len(self.choices), self.choices):
            return False
        if text == self.case.text and size == self.case.size:  # the same instance, from simpler choices
            self.choices = made
            return True
        found = self.judged(text, size)
        if found is None:
            return False
        self.case, self.choices, self.steps = found, made, self.steps + 1
        return True

    def judged(self, text: str, size: int, reference: Outcome | None = None) -> C | None:
        """The case ``text`` makes at ``size`` if it still disagrees (``None``: it does not, or the
        reference does not answer it)."""
        if (text, size) in self.tried:
            return self.tried[text, size]
        if self.judge.calls >= self.calls or perf_counter() >= self.deadline:
            raise _Spent
        try:
            found = self.judge(text, size, reference=reference)
        except StategraphError:  # not an instance the reference answers
            found = None
        self.tried[text, size] = found if found is not None and still(found) else None
        return self.tried[text, size]

    def text_pass(self) -> None:
        """The text made simpler, an edit at a time (:func:`~stategraph.solving.simpler_texts.simpler`), until
        none is taken."""
        improved = True
        while improved:
            improved = False
            for text in simpler(self.case.text):
                if (text, self.case.size) in self.tried:
                    continue
                try:
                    reference = self.judge.reference(text)
                except StategraphError:
                    self.tried[text, self.case.size] = None  # not an instance the reference takes
                    continue
                if self.case.states(reference) > self.case.states(self.case.reference):
                    continue
                found = self.judged(text, self.case.size, reference)
                if found is not None:
                    self.case, self.steps, improved = found, self.steps + 1, True
                    break

