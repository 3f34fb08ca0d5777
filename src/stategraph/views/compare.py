"""Every model x applicable search routine on the same input: one table per question, and a
summary over the whole file.

:func:`compare` gives the tables, a row per (model, routine); :func:`summary` adds them up over
the file, listing once the pairs that ran on no question and why.  What each statistic counts is
in docs/cli.md ("What the columns of compare count").  A plug-in routine gets a row beside the
built-ins; its distances are held against a built-in's (:mod:`stategraph.search.routine_check`),
and a wrong one says ``wrong`` and does not agree.  Every row runs with the settings' limits and,
where its routine takes them, their search options.

>>> from stategraph.views.compare import compare
>>> tables = compare("pushing_boxes", "1 3\\nSBT\\n0 0\\n")
>>> [(row["model"], row["algorithm"], row["cost"], row["agrees"]) for row in tables[0]["rows"]][:2]
[('box_side', 'astar', '1 push and 0 walks', True), ('box_side', 'layered_bfs', '1 push and 0 walks', True)]
"""

from __future__ import annotations

from types import MappingProxyType

from ..contract.puzzle import Puzzle
from ..errors import StategraphError
from ..plugins.faults import PluginFault
from ..puzzles import get_puzzle
from ..search import SEARCHES, get_search
from ..search.routine_check import RoutineFault
from ..settings.resolve import Settings
from ..solving.driver import applicable_algorithms
from .compare_runs import answer_all, pair_runs
from .compare_text import COLUMNS, as_csv, as_json, as_text, row_failure, summary, summary_text

__all__ = ["COLUMNS", "as_csv", "as_json", "as_text", "combinations", "compare", "row_failure", "ruled_out", "summary",
           "summary_text", "verdict", "with_plugin"]

def combinations(puzzle: Puzzle | str) -> list[tuple[str, str]]:
    """``(model, routine)`` pairs, the puzzle's default model and routine first."""
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    pairs: list[tuple[str, str]] = []
    for model in _models(chosen):
        routines = applicable_algorithms(chosen, model)
        routines.sort(key=lambda name: name != chosen.default_algorithm)
        pairs.extend((model, routine) for routine in routines)
    return pairs


def with_plugin(puzzle: Puzzle, pairs: list[tuple[str, str]] | None, base: Settings,
                models: list[str] | None = None) -> list[tuple[str, str]]:
    """The pairs to run: ``pairs`` (empty or ``None``: every combination), and a plug-in routine
    ``base`` names after the built-ins on each of their models where it applies (with ``pairs``
    empty, alone on each of ``models``: ``compare -a module:function [-m MODEL]``)."""
    routine = get_search(base.algorithm)
    if not routine.plugin:
        return pairs or combinations(puzzle)
    listed = combinations(puzzle) if pairs is None else list(pairs)
    chosen: list[tuple[str, str]] = []
    for model in dict.fromkeys(name for name, _ in listed) or models or _models(puzzle):
        chosen += [pair for pair in listed if pair[0] == model]
        declared = puzzle.models[model]
        if (model, routine.name) not in listed and routine.refusal(declared.profile, declared.has_heuristic) is None:
            chosen.append((model, routine.name))
    return chosen


def _models(puzzle: Puzzle) -> list[str]:
    """The puzzle's model names, its default first."""
    default_model = puzzle.model().name
    return sorted(puzzle.models, key=lambda name: name != default_model)


def ruled_out(puzzle: Puzzle | str, models: list[str] | None = None, routines: list[str] | None = None) -> list[dict]:
    """``{"model", "algorithm", "refused"}`` for each routine of ``routines`` (default: the built-ins)
    that a model of ``models`` (default: all) rules out by its declared weights or heuristic.

    >>> [(r["model"], r["refused"]) for r in ruled_out("pushing_boxes")]  # doctest: +ELLIPSIS
    [('box_side', 'bfs needs every edge weight to be 1, but this graph has lexicographic ...'), ('box_player', ...)]
    """
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    rows = []
    for model in models or _models(chosen):
        declared = chosen.models[model]
        for name in routines or SEARCHES:
            reason = get_search(name).refusal(declared.profile, declared.has_heuristic)
            if reason is not None:
                rows.append({"model": model, "algorithm": name, "refused": reason})
    return rows


def compare(puzzle: Puzzle | str, text, pairs: list[tuple[str, str]] | None = None, source: str = "<input>",
            base: Settings | None = None, models: list[str] | None = None,
            sizes: dict[str, tuple[int, int]] | None = None) -> list[dict]:
    """One table per question of ``text``: ``{"instance", "query", "rows"}``, a row per pair, run
    with ``base``'s limits and search options.  ``text`` is a string, bytes or a function giving the
    input, read once for every pair; ``sizes``: ``(states, edges)`` already counted per model;
    ``models``: see :func:`with_plugin`.  A pair stopped at an error has a ``refused`` or ``broken``
    row in each question from there on, or, past the last question, in the last table's ``stopped``."""
    import networkx  # noqa: F401  (now, not in the compile time of the first routine that reads a whole graph)

    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    base = base or Settings.of(chosen)
    chosen_pairs = with_plugin(chosen, pairs, base, models)
    runs = pair_runs(chosen, chosen_pairs, lambda model, algorithm: _pair_settings(base, model, algorithm))
    tables: dict[tuple[int, int], dict] = {}

    def take(run, record) -> None:
        key = (record.instance, record.query)
        table = tables.setdefault(key, {"instance": record.instance, "query": record.query, "rows": []})
        table["rows"].append(_row(chosen, run.model, run.algorithm, record))

    answer_all(chosen, text, runs, source, sizes, take)
    order = {pair: place for place, pair in enumerate(chosen_pairs)}
    for table in tables.values():
        table["rows"].sort(key=lambda row: order[row["model"], row["algorithm"]])
        _agreement(table["rows"])
    for run in runs:
        if run.failure is not None:
            _add_failure(tables, (run.model, run.algorithm), run.failure)
    for table in tables.values():
        table["rows"].sort(key=lambda row: order[row["model"], row["algorithm"]])
    return list(tables.values())


def _add_failure(tables: dict, pair: tuple[str, str], exc: StategraphError) -> None:
    """The rows of a pair stopped at ``exc``: one in each table without its row, else in the last
    table's ``stopped`` list."""
    model, algorithm = pair
    broken = isinstance(exc, (RoutineFault, PluginFault))
    failure = {"model": model, "algorithm": algorithm, "cost": "broken" if broken else "refused",
               "broken" if broken else "refused": str(exc)}
    for table in tables.values():
        if not any((row["model"], row["algorithm"]) == pair for row in table["rows"]):
            table["rows"].append({**dict.fromkeys(COLUMNS), "output": None, **failure,
                                  "instance": table["instance"], "query": table["query"]})
    if not any(row_failure(row) for table in tables.values() for row in table["rows"]
               if (row["model"], row["algorithm"]) == pair):
        list(tables.values())[-1].setdefault("stopped", []).append(failure)


def _pair_settings(base: Settings, model: str, algorithm: str) -> Settings:
    """``base`` for one (model, routine) pair: its limits, the search options the routine takes,
    and a plain text run (no verify, no export, no JSON report extracting paths)."""
    taken = get_search(algorithm).options
    options = {key: value for key, value in base.options.items() if key in taken}
    return base.replace(model=model, algorithm=algorithm, options=MappingProxyType(options), output_format="text",
                        stats=False, verify=False, export_graphml=None)


def _row(chosen, model: str, algorithm: str, record) -> dict:
    """The row of one answer (``agrees`` is set with the table's other rows: :func:`_agreement`)."""
    stats = record.stats
    cost = record.solution.cost if record.solution is not None else None
    wrong = stats.get("wrong")  # a routine of your own whose distances do not hold
    return {
        "instance": record.instance, "query": record.query, "model": model, "algorithm": algorithm,
        "states": stats.get("states"), "edges": stats.get("edges"), "built": stats.get("states_built"),
        "settled": stats.get("settled"),
        "relaxed": stats.get("relaxed"), "queue_pops": stats.get("queue_pops"),
        "compile_ms": round(stats.get("compile_seconds", 0.0) * 1000, 3),
        "search_ms": round(stats.get("search_seconds", 0.0) * 1000, 3),
        "cost": "wrong" if wrong else "-" if cost is None else chosen.describe_cost(cost),
        "agrees": None, "output": None if wrong else record.text,
        **({"wrong": wrong} if wrong else {})}


def _agreement(rows: list[dict]) -> None:
    """Each row's ``agrees``: whether its answer's bytes are the first answer's (rows in the pairs' order)."""
    first = next((row["output"] for row in rows if row["output"] is not None), None)
    for row in rows:
        row["agrees"] = row["output"] is not None and row["output"] == first


def verdict(tables: list[dict]) -> int:
    """The exit status of a comparison: 2 when a routine is broken (it raised or returned what no
    routine may), else 3 when a row disagrees with the first (a wrong routine), else 0."""
    rows = [row for table in tables for row in table["rows"] + table.get("stopped", [])]
    if any(row.get("broken") for row in rows):
        return 2
    return 3 if any(row.get("agrees") is False for row in rows) else 0


def __getattr__(name: str) -> object:
    """``plot`` is :func:`stategraph.views.compare_plot.plot` now: it still imports from here in
    0.1, with a ``DeprecationWarning``."""
    if name != "plot":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, "stategraph.views.compare_plot")
