"""Every model x applicable search routine on the same input: one table per question, and a
summary over the whole file.

:func:`compare` gives the tables, a row per (model, routine) in each; :func:`summary` adds each
pair's rows up over the file (what ``stategraph compare`` prints first), and lists once the
pairs that ran on no question, with the reason; :func:`~stategraph.views.compare_plot.plot`
draws every question.

The statistics mean the same thing in every routine:

* ``states``, ``edges``: the model's size, the whole state graph of the question (with a Huarong
  query's start state): the same for every routine, and what ``export`` writes.
* ``built``: the states the search had built: all of them, unless the routine searches the graph as
  it builds it (``bfs``, ``layered_bfs``, ``dijkstra`` and ``astar`` on Pushing Boxes' and Abbott's
  Revenge's models), when only the states whose moves it read and their neighbours.
* ``settled``: the distinct states whose distance the routine took as final (BFS: every state of
  the layers it reached, the target's layer included; Dijkstra, A*, layered BFS: popped for the
  first time; SPFA: popped at least once; networkx: every state it finalised).  Routines that stop
  at the nearest target settle fewer states than routines that run to completion.
* ``relaxed``: the edges the routine examined (one per out-edge scan of a settled state, counted
  again when SPFA pops a state again); ``-`` where the routine cannot observe it (networkx).
* ``queue_pops``: SPFA only, every pop of its queue, a state popped again counting again.
* ``compile_ms``: building the state graph.  Each model is built once per instance and its
  routines share it (:mod:`~stategraph.views.compare_runs`), so the first row of a model on an
  instance pays the build, the rows after it only their own work on the graph (a board shared by
  several queries: paid by the first query).  On a graph built as far as its search reads it
  (the models that ``built`` less than the whole), each routine that builds so builds its own
  and pays for it, in ``search_ms`` as alone; the routines that read the whole graph share one,
  the first of them paying for it.  ``search_ms``: the routine alone.
* ``cost``: the optimum; ``agrees``: whether the answer's bytes equal those of the first row
  (the puzzle's default model and routine when they apply).

A routine of your own (``search.algorithm: module:function`` in the config, or ``-a``) gets a row
beside the built-ins on every model where it applies.  Its distances are held against a built-in
routine's (:mod:`stategraph.search.routine_check`): where they are wrong, its row says ``wrong``,
does not agree, and a line under the table names the state, the distance it gave and the right one.

Every row runs with the limits of the settings given (a config's ``limits``) and with their
search options where its routine takes them (``stop_at_target`` reaches ``dijkstra`` and
``astar``, not ``spfa``, which has no such option).

>>> from stategraph.views.compare import compare
>>> tables = compare("pushing_boxes", "1 3\\nSBT\\n0 0\\n")
>>> [(row["model"], row["algorithm"], row["cost"], row["agrees"]) for row in tables[0]["rows"]][:2]
[('box_side', 'astar', '1 push and 0 walks', True), ('box_side', 'layered_bfs', '1 push and 0 walks', True)]
"""

from __future__ import annotations

import csv
import io
import json
import re
import textwrap
from collections.abc import Sequence
from types import MappingProxyType

from ..contract.puzzle import Puzzle
from ..contract.words import plural
from ..errors import StategraphError
from ..plugins.faults import PluginFault
from ..puzzles import get_puzzle
from ..search import SEARCHES, get_search
from ..search.routine_check import RoutineFault
from ..settings.resolve import Settings
from ..solving.driver import applicable_algorithms
from .compare_runs import answer_all, pair_runs

COLUMNS = ("instance", "query", "model", "algorithm", "states", "edges", "built", "settled", "relaxed", "queue_pops",
           "compile_ms", "search_ms", "cost", "agrees")


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
    """The pairs to run: ``pairs`` (when empty or ``None``, every combination); and when ``base``
    names a routine from outside the package, that routine after the built-ins on each of their
    models where it applies (with ``pairs`` empty, alone, on each of ``models``, default every
    model, where it applies: what ``compare -a module:function [-m MODEL]`` asks for)."""
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
    that a model of ``models`` (default: all) rules out by its declared weights or heuristic, so
    that :func:`compare` runs it on no question: what the summary lists as not applicable.

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
    """One table per question of ``text``: ``{"instance", "query", "rows"}``, a row per pair, each
    run with the limits and (where its routine takes them) the search options of ``base``.
    ``sizes``: the ``(states, edges)`` of a model already counted on a one-question ``text``, for
    its rows (its graph is not counted again).

    ``text`` is a string or bytes, or a function giving the input (called once; the stream of
    ``stategraph compare``), read once for every pair, instance after instance.
    ``models`` limits a routine of your own, run alone, to those models (:func:`with_plugin`).

    A pair whose run stops at an error (a naive model refusing a large instance, a routine the
    graph refuses, a broken routine) has a row saying ``refused`` or ``broken`` in each question
    from there on; one stopped after the last question any pair reached is in the last table's
    ``stopped`` list instead (the questions after it were compared by no pair)."""
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
    """The rows of a pair stopped at ``exc``: one in each table without its row; or, where it
    stopped after the last question any pair reached, in the last table's ``stopped`` list."""
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


def row_failure(row: dict) -> str | None:
    """Why a row's pair did not run on its question (``refused`` or ``broken``), or ``None``."""
    return row.get("refused") or row.get("broken")


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


# the summary: a row per (model, routine) over the whole file --------------------------------------

SUMMED = ("states", "edges", "settled", "compile_ms", "search_ms")
SUMMARY_COLUMNS = ("answered", "states", "edges", "settled", "agree", "compile", "search")


def summary(tables: list[dict]) -> list[dict]:
    """A record per (model, routine) over the whole file, in the tables' order: ``questions`` (the
    file's), ``answered`` (those it ran on, a wrong answer included), ``agree`` (answers with the
    bytes of the first row's), ``wrong`` (distances that do not hold; the first one's message in
    ``first_wrong``, its question in ``first_wrong_at``), the sums of :data:`SUMMED` over the
    questions answered (``None`` where a row has none: not observed); and where it did not run,
    ``refused`` or ``broken`` (the message, once) and ``not_run_from`` (the first such question,
    ``(instance, query)``; ``None``: after the last question compared).

    >>> [(r["algorithm"], r["answered"], r["agree"], r["states"]) for r in summary(compare(
    ...     "pushing_boxes", "1 3\\nSBT\\n1 4\\nSB.T\\n0 0\\n"))][:2]
    [('astar', 2, 2, 5), ('layered_bfs', 2, 2, 5)]
    """
    records: dict[tuple[str, str], dict] = {}
    asked = [(row, (table["instance"], table["query"])) for table in tables for row in table["rows"]]
    stopped = [(row, None) for table in tables[-1:] for row in table.get("stopped", [])]
    for row, question in asked + stopped:
        record = records.setdefault((row["model"], row["algorithm"]), {
            "model": row["model"], "algorithm": row["algorithm"], "questions": len(tables), "answered": 0,
            "agree": 0, "wrong": 0, **dict.fromkeys(SUMMED, 0)})
        failure = row_failure(row)
        if failure:
            kind = "broken" if row.get("broken") else "refused"
            if kind not in record:
                record.update({kind: failure, "not_run_from": question})
            continue
        record["answered"] += 1
        record["agree"] += row["agrees"] is True
        if row.get("wrong"):
            record["wrong"] += 1
            record.setdefault("first_wrong", row["wrong"])
            record.setdefault("first_wrong_at", question)
        for column in SUMMED:
            total, value = record[column], row[column]
            record[column] = None if total is None or value is None else total + value
    for record in records.values():
        for column in ("compile_ms", "search_ms"):
            record[column] = None if record[column] is None else round(record[column], 3)
    return list(records.values())


def summary_text(tables: list[dict], puzzle: str = "", ruled: Sequence[dict] = ()) -> str:
    """The summary as one table: for each model a header and a row per routine, then a total row
    adding up the numbers above it (``-``: observed in none); then a line for each reason a (model,
    routine) did not run on every question (``ruled``: those not run at all, :func:`ruled_out`),
    and for each that gave wrong distances: each said once."""
    head = f"{puzzle}: " if puzzle else ""
    if not tables:
        return f"{head}no questions in the input\n"
    records = summary(tables)
    shown = [record for record in records if record["answered"]]
    total = {"answered": sum(r["answered"] for r in shown), "questions": sum(r["questions"] for r in shown),
             "agree": sum(r["agree"] for r in shown)}
    total.update({c: sum(r[c] for r in shown if r[c] is not None) if any(r[c] is not None for r in shown)
                  else None for c in SUMMED})
    body: list[tuple[str, list[str]]] = []
    for i, record in enumerate(shown):
        if i == 0 or shown[i - 1]["model"] != record["model"]:
            body.append((f"model {record['model']}", list(SUMMARY_COLUMNS)))
        body.append((record["algorithm"], _summary_cells(record)))
    body.append(("total", _summary_cells(total)))
    width = max(len(label) for label, _ in body)
    widths = [max(len(cells[i]) for _, cells in body) for i in range(len(SUMMARY_COLUMNS))]
    instances = len({table["instance"] for table in tables})
    lines = [f"{head}{plural(len(tables), 'question')} in {plural(instances, 'instance')}, totals over the file "
             "(times in ms)"]
    lines += [label.ljust(width) + " " + "  ".join(cell.rjust(w) for cell, w in zip(cells, widths))
              for label, cells in body]
    notes = _notes(records, ruled, any(table["query"] > 1 for table in tables))
    notes.append("agree: answers with the first row's bytes; --per-question: each question's table")
    return "".join(line + "\n" for line in lines) + "".join(_wrapped(note) for note in notes)


def _summary_cells(record: dict) -> list[str]:
    def number(value, digits=0):
        return "-" if value is None else f"{value:,.{digits}f}"

    return [f"{record['answered']:,}/{record['questions']:,}", *(number(record[c]) for c in SUMMED[:3]),
            f"{record['agree']:,}", number(record["compile_ms"], 1),
            number(record["search_ms"], 1)]


def _notes(records: list[dict], ruled, queried: bool) -> list[str]:
    """The lines under the summary: one per reason some (model, routine) pairs did not run on
    every question (those that ran on none first: not applicable), then one per wrong routine."""
    def where(question):
        return "after the last question compared" if question is None else \
            f"from instance {question[0]}" + (f" query {question[1]}" if queried else "") + " on"

    stopped = [(row, True, None) for row in ruled]  # (record, whether it ran on no question, where it stopped)
    stopped += [(record, record["answered"] == 0, record["not_run_from"]) for record in records if row_failure(record)]
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for record, whole, first in stopped:
        kind = "broken" if record.get("broken") else "refused"
        status = ("not applicable" if kind == "refused" else "broken") if whole else f"{kind} {where(first)}"
        reason = _reason(row_failure(record) or "", record["model"], first if whole else None)
        grouped.setdefault((status, reason), []).append((record["algorithm"], record["model"]))
    lines = [f"{status}: {_pairs(grouped[status, reason])}: {reason}"
             for status, reason in sorted(grouped, key=lambda key: not key[0].startswith("not applicable"))]
    for record in records:
        if record["wrong"]:
            at = record["first_wrong_at"]
            lines.append(f"wrong on {record['wrong']:,} of {record['answered']:,} questions: {record['algorithm']} on "
                         f"{record['model']}; the first, instance {at[0]}" + (f" query {at[1]}" if queried else "")
                         + f": {record['first_wrong']}")
    return lines


def _pairs(pairs: list[tuple[str, str]]) -> str:
    """``(routine, model)`` pairs in words: ``bfs, spfa on M``, ``bfs on M, N``, or ``bfs on M, spfa on N``.

    >>> _pairs([("bfs", "m"), ("spfa", "m")]), _pairs([("bfs", "m"), ("bfs", "n")])
    ('bfs, spfa on m', 'bfs on m, n')
    """
    routines, models = list(dict.fromkeys(r for r, _ in pairs)), list(dict.fromkeys(m for _, m in pairs))
    if len(models) == 1 or len(routines) == 1:
        return f"{', '.join(routines)} on {', '.join(models)}"
    return ", ".join(f"{routine} on {model}" for routine, model in pairs)


def _reason(message: str, model: str, first: tuple[int, int] | None = None) -> str:
    """``message`` without the ``PUZZLE model MODEL:`` it may start with (the line names the model),
    nor the ``instance N:`` of question ``first``, where the line says the routine ran on none."""
    message = re.sub(rf"^(\S+ )?model {re.escape(model)}: ", "", message)
    return message.removeprefix(f"instance {first[0]}: ") if first else message


def _wrapped(note: str, width: int = 80) -> str:
    """``note`` and a newline, folded at ``width`` columns, its next lines indented."""
    return textwrap.fill(note, width, subsequent_indent="    ", break_long_words=False,
                         break_on_hyphens=False) + "\n"


# every question's table ----------------------------------------------------------------------------

def as_text(tables: list[dict], listed_once: bool = False) -> str:
    """Aligned tables, one per question, separated by a blank line.  ``listed_once``: without the
    rows of the (model, routine) pairs that ran on no question, and without the lines saying why a
    pair was refused or broken (the summary says each once)."""
    idle = {(r["model"], r["algorithm"]) for r in summary(tables) if not r["answered"]} if listed_once else set()
    blocks = []
    for table in tables:
        kept = [row for row in table["rows"] if (row["model"], row["algorithm"]) not in idle]
        rows = [{c: _cell(row[c]) for c in COLUMNS} for row in kept]
        widths = {c: max(len(c), *(len(row[c]) for row in rows)) for c in COLUMNS}
        lines = [f"instance {table['instance']}, query {table['query']}",
                 "  ".join(c.rjust(widths[c]) for c in COLUMNS)]
        lines += ["  ".join(row[c].rjust(widths[c]) for c in COLUMNS) for row in rows]
        if not listed_once:
            lines += [f"{row['model']} {row['algorithm']}: {row_failure(row)}" for row in kept if row_failure(row)]
        lines += [f"{row['model']} {row['wrong']}" for row in kept if row.get("wrong")]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _cell(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    return str(value)


def as_json(tables: list[dict]) -> str:
    """One JSON object per row, one per line (``output`` holds the answer's exact bytes)."""
    return "".join(json.dumps(row) + "\n" for table in tables for row in table["rows"])


def as_csv(tables: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for table in tables:
        writer.writerows(table["rows"])
    return buffer.getvalue()


def __getattr__(name: str) -> object:
    """``plot`` is :func:`stategraph.views.compare_plot.plot` now: it still imports from here in
    0.1, with a ``DeprecationWarning``."""
    if name != "plot":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, "stategraph.views.compare_plot")
