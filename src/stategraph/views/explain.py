"""A canonical solution as numbered steps in words: the state before and after, the move, the running cost.

Every step is a plain dict (``explain --format json`` prints them): ``number``, ``text``,
``before``, ``after``, ``move``, ``cost``, ``picture``, plus the model's own fields
(:meth:`~stategraph.contract.puzzle.Model.explain`); a model without its own words gets the
canonical path's moves and states.  The explanation adds a ``summary``, a ``picture`` of the whole
answer and ``start_picture``.

>>> from stategraph.views.explain import explain
>>> [e] = explain("pushing_boxes", "1 4\\nSB.T\\n0 0\\n")
>>> for step in e["steps"]:
...     print(step["text"])
1. box (1,2), player W of it: walk 0, push E -> box (1,3); cost so far (1 push, 0 walks)
2. box (1,3), player W of it: walk 0, push E -> box (1,4); cost so far (2 pushes, 0 walks)
"""

from __future__ import annotations

from ..graph.weights import components
from ..plugins.faults import answering, question_name
from ..settings.resolve import Settings
from ..solving.driver import run


def explain(puzzle, text, settings: Settings | None = None, instance: int | None = None,
            query: int | None = None, source: str = "<input>", every_question: bool = False) -> list[dict]:
    """The explanations of ``text``'s answers: every instance (or instance ``instance``), and of
    each instance the first question (or question ``query``, or all with ``every_question``)."""
    settings = settings or Settings.of(puzzle)
    found = [told for _, told in explained(settings, text, instance, query, source, every_question)]
    if instance is not None and not found:
        from ..errors import StategraphError

        raise StategraphError(f"the input has no instance {instance}" + (f" with query {query}" if query else ""))
    return found


def explained(settings: Settings, text, instance: int | None = None, query: int | None = None,
              source: str = "<input>", every_question: bool = False):
    """``(record, explanation)`` pairs, as :func:`explain` picks them (the record holds the instance)."""
    for record in run(settings.puzzle, text, settings, source, paths=True):
        if instance is not None and record.instance != instance:
            continue
        if not every_question and record.query != (query or 1):
            continue
        yield record, explanation(settings, record)


def render(explanation: dict) -> str:
    """The explanation as text: a heading, the start's picture, the numbered steps, their pictures.

    >>> print(render({"title": "jugs", "start_picture": "A 0/3", "summary": "cost 1",
    ...               "steps": [{"text": "1. fill A", "picture": "A 3/3"}]}), end="")
    jugs
    start:
       A 0/3
    1. fill A
       A 3/3
    cost 1
    """
    lines = [explanation["title"]]
    start = explanation.get("start_picture")
    if start and (explanation["steps"] or start != explanation.get("picture")):
        lines.append("start:")
        lines.extend("   " + row for row in start.splitlines())
    for step in explanation["steps"]:
        lines.append(step["text"])
        if step.get("slides"):
            lines.append("   slides: " + " ".join(f"({r},{c}){d}" for (r, c), d in
                                                  ((s["from"], s["direction"]) for s in step["slides"])))
        if step.get("picture"):
            lines.extend("   " + row for row in step["picture"].splitlines())
    if explanation.get("picture"):
        lines.extend("   " + row for row in explanation["picture"].splitlines())
    lines.append(explanation["summary"])
    return "\n".join(lines) + "\n"


def explanation(settings: Settings, record) -> dict:
    """One answered question explained: the run's facts, then the model's words
    (:meth:`~stategraph.contract.puzzle.Model.explain`), named as the puzzle names its questions."""
    with answering(lambda: question_name(settings.puzzle, record.subject, record.question)):
        told = settings.puzzle.model(settings.model).explain(record) or {}
    return {"puzzle": settings.puzzle.name, "model": settings.model, "algorithm": settings.algorithm,
            "instance": record.instance, "query": record.query, "output": record.text, "answer": record.answer,
            "title": settings.puzzle.label(record.subject, record.question), "picture": None,
            "start_picture": None, "steps": [], "summary": "", **told}


def step_positions(steps: list, costs: list) -> list[int]:
    """The canonical-path position each step ends at (step 0: the start): one move a step where
    the counts agree; else the first position after the previous step's whose running cost is the
    step's ``cost`` (a step may gather several moves: a walk and its push), or, failing that, in
    proportion.

    >>> step_positions([{"cost": {"moves": 2}}, {"cost": {"moves": 3}}], [0, 1, 2, 3])
    [0, 2, 3]
    """
    last = len(costs) - 1
    if len(steps) == last:
        return list(range(last + 1))
    positions, at = [0], 0
    for k, step in enumerate(steps, start=1):
        cost = step.get("cost")
        wanted = tuple(cost.values()) if isinstance(cost, dict) else None
        found = next((i for i in range(at + 1, last + 1) if tuple(components(costs[i]).values()) == wanted), None)
        at = found if found is not None else min(last, max(at, round(k * last / len(steps))))
        positions.append(at)
    if steps:
        positions[-1] = last
    return positions
