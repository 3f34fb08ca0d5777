"""The models on a page (``models``): every model of the puzzle on the page's question, counted as
``stategraph compare`` counts it (:mod:`stategraph.views.page`)."""

from __future__ import annotations

from collections import defaultdict
from typing import cast

from ..contract.puzzle import Puzzle
from ..errors import ConfigError, InputError, SearchNotApplicable, StategraphError
from ..settings.resolve import Settings


def every_model(settings: Settings, record, source: str, size: tuple[int, int] | None = None) -> list[dict]:
    """Every model of the puzzle on the same question (the default first), as ``compare`` counts it
    with the page's routine (else the model's first): size, work, cost, and whether its answer is
    the shown model's; ``size``: the shown model's, already counted."""
    from .compare import combinations

    puzzle = settings.puzzle
    counted = _Counted(settings, record, source, {} if size is None else {settings.model: size})
    routines: dict[str, list[str]] = defaultdict(list)
    for model, routine in combinations(puzzle):
        routines[model].append(routine)
    rows = []
    for model, names in routines.items():
        names.sort(key=lambda name: name != settings.algorithm)  # the page's own routine, where it applies
        row: dict = {"name": model, "summary": puzzle.models[model].summary, "shown": model == settings.model}
        for name in names:
            try:
                found = counted(model, name)
            except SearchNotApplicable as exc:  # refused by the graph itself: the model's next routine
                row["refused"] = str(exc)
                continue
            except (InputError, StategraphError) as exc:
                if isinstance(exc, ConfigError):
                    raise
                row["refused"] = str(exc)
                break
            if found is not None:
                row.pop("refused", None)
                row.update({key: found[key] for key in ("states", "edges", "built", "algorithm", "settled", "cost",
                                                        "output")})
            break
        rows.append(row)
    shown = next((row.get("output") for row in rows if row["shown"]), None)
    for row in rows:
        if "output" in row:
            row["agrees"] = shown is not None and row.pop("output") == shown
    return rows


class _Counted:
    """``compare``'s row for one (model, routine) on the page's question, run on that question alone
    (the instance already read, asked only that question), so no other instance is read or solved."""

    def __init__(self, settings: Settings, record, source: str, sizes: dict[str, tuple[int, int]]):
        self.settings, self.source, self.sizes = settings, source, sizes
        self.alone = _QuestionAlone(settings.puzzle, record.subject, record.question)

    def __call__(self, model: str, routine: str) -> dict | None:
        from .compare import compare

        alone = cast(Puzzle, self.alone)  # a Puzzle in all that compare asks of one
        tables = compare(alone, b"", [(model, routine)], self.source, base=self.settings, sizes=self.sizes)
        return tables[0]["rows"][0] if tables else None


class _QuestionAlone:
    """A puzzle whose whole input is one instance already parsed, asking one of its questions; in
    everything else it is ``puzzle``."""

    def __init__(self, puzzle, instance, question):
        self.puzzle, self.instance, self.question = puzzle, instance, question

    def parse(self, data, source: str = "<input>", limits: dict | None = None):
        return iter([self.instance])

    def questions(self, instance):
        return iter([self.question])

    def __getattr__(self, name: str):
        return getattr(self.puzzle, name)
