"""Every model x applicable search routine on the same input: one table per question.

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
* ``compile_ms``: building the state graph (for a board shared by several queries, paid by the
  first); ``search_ms``: the routine alone.
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
from types import MappingProxyType

from ..contract.puzzle import Puzzle
from ..errors import ConfigError, InputError, StategraphError
from ..io.safefile import output_name
from ..plugins.faults import PluginFault
from ..puzzles import get_puzzle
from ..search import get_search
from ..search.routine_check import RoutineFault
from ..settings.resolve import Settings
from ..solving.driver import applicable_algorithms, run

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


def compare(puzzle: Puzzle | str, text, pairs: list[tuple[str, str]] | None = None, source: str = "<input>",
            base: Settings | None = None, models: list[str] | None = None) -> list[dict]:
    """One table per question of ``text``: ``{"instance", "query", "rows"}``, a row per pair, each
    run with the limits and (where its routine takes them) the search options of ``base``.

    ``text`` is a string or bytes, or a function giving each pair's run the input read again from
    its start (a stream read once, kept as far as it was read: see ``stategraph compare``).
    ``models`` limits a routine of your own, run alone, to those models (:func:`with_plugin`)."""
    chosen = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    base = base or Settings.of(chosen)
    tables: dict[tuple[int, int], dict] = {}
    for model, algorithm in with_plugin(chosen, pairs, base, models):
        settings = _pair_settings(base, model, algorithm)
        try:
            _add_rows(tables, chosen, text, settings, source, model, algorithm)
        except (InputError, ConfigError):
            raise
        except StategraphError as exc:  # a naive model refusing a large instance, a broken routine: in its rows
            if not tables:
                raise
            broken = isinstance(exc, (RoutineFault, PluginFault))
            for table in tables.values():
                if not any((row["model"], row["algorithm"]) == (model, algorithm) for row in table["rows"]):
                    table["rows"].append({**dict.fromkeys(COLUMNS), "instance": table["instance"],
                                          "query": table["query"], "model": model, "algorithm": algorithm,
                                          "cost": "broken" if broken else "refused", "agrees": None,
                                          "output": None, "broken" if broken else "refused": str(exc)})
    return list(tables.values())


def _pair_settings(base: Settings, model: str, algorithm: str) -> Settings:
    """``base`` for one (model, routine) pair: its limits, the search options the routine takes,
    and a plain text run (no verify, no export, no JSON report extracting paths)."""
    taken = get_search(algorithm).options
    options = {key: value for key, value in base.options.items() if key in taken}
    return base.replace(model=model, algorithm=algorithm, options=MappingProxyType(options), output_format="text",
                        stats=False, verify=False, export_graphml=None)


def _add_rows(tables, chosen, text, settings, source, model, algorithm) -> None:
    for record in run(chosen, text() if callable(text) else text, settings, source, keep_wrong=True, sizes=True):
        stats = record.stats
        key = (record.instance, record.query)
        table = tables.setdefault(key, {"instance": record.instance, "query": record.query, "rows": []})
        first = next((row["output"] for row in table["rows"] if row["output"] is not None), record.text)
        cost = record.solution.cost if record.solution is not None else None
        wrong = stats.get("wrong")  # a routine of your own whose distances do not hold
        table["rows"].append({
            "instance": record.instance, "query": record.query, "model": model, "algorithm": algorithm,
            "states": stats.get("states"), "edges": stats.get("edges"), "built": stats.get("states_built"),
            "settled": stats.get("settled"),
            "relaxed": stats.get("relaxed"), "queue_pops": stats.get("queue_pops"),
            "compile_ms": round(stats.get("compile_seconds", 0.0) * 1000, 3),
            "search_ms": round(stats.get("search_seconds", 0.0) * 1000, 3),
            "cost": "wrong" if wrong else "-" if cost is None else chosen.describe_cost(cost),
            "agrees": record.text == first and not wrong, "output": None if wrong else record.text,
            **({"wrong": wrong} if wrong else {})})


def verdict(tables: list[dict]) -> int:
    """The exit status of a comparison: 2 when a routine is broken (it raised or returned what no
    routine may), else 3 when a row disagrees with the first (a wrong routine), else 0."""
    rows = [row for table in tables for row in table["rows"]]
    if any(row.get("broken") for row in rows):
        return 2
    return 3 if any(row["agrees"] is False for row in rows) else 0


def as_text(tables: list[dict]) -> str:
    """Aligned tables, one per question, separated by a blank line."""
    blocks = []
    for table in tables:
        rows = [{c: _cell(row[c]) for c in COLUMNS} for row in table["rows"]]
        widths = {c: max(len(c), *(len(row[c]) for row in rows)) for c in COLUMNS}
        lines = [f"instance {table['instance']}, query {table['query']}",
                 "  ".join(c.rjust(widths[c]) for c in COLUMNS)]
        lines += ["  ".join(row[c].rjust(widths[c]) for c in COLUMNS) for row in rows]
        lines += [f"{row['model']} {row['algorithm']}: {row['refused']}" for row in table["rows"] if row.get("refused")]
        lines += [f"{row['model']} {row['algorithm']}: {row['broken']}" for row in table["rows"] if row.get("broken")]
        lines += [f"{row['model']} {row['wrong']}" for row in table["rows"] if row.get("wrong")]
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


def plot(tables: list[dict], path: str, max_tables: int = 6) -> None:
    """Bars of states settled per routine, one colour per model, one panel per question (log scale)."""
    from .draw import pyplot

    plt = pyplot()
    shown = tables[:max_tables]
    fig, axes = plt.subplots(len(shown), 1, figsize=(8, 2.8 * len(shown)), squeeze=False)
    for ax, table in zip(axes[:, 0], shown):
        models = list(dict.fromkeys(row["model"] for row in table["rows"]))
        routines = list(dict.fromkeys(row["algorithm"] for row in table["rows"]))
        width = 0.8 / len(models)
        for i, model in enumerate(models):
            values = {row["algorithm"]: row["settled"] or 0 for row in table["rows"] if row["model"] == model}
            xs = [j + i * width for j, routine in enumerate(routines) if routine in values]
            ys = [max(values[routine], 0.9) for routine in routines if routine in values]
            ax.bar(xs, ys, width, label=model, gid=f"settled-{model}")
        ax.set_yscale("log")
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(routines))], routines, fontsize=8)
        ax.set_ylabel("states settled")
        ax.set_title(f"instance {table['instance']}, query {table['query']}", fontsize=9)
        ax.legend(fontsize=8)
    fig.tight_layout()
    with output_name(path, "the plot") as name:
        fig.savefig(name)
    plt.close(fig)
