"""``compare``'s tables as text, JSON and CSV, and its summary over a whole file: a row per
(model, routine), the pairs that ran on no question listed once with the reason.
"""

from __future__ import annotations

import csv
import io
import json
import re
import textwrap
from collections.abc import Sequence

from ..contract.words import plural

COLUMNS = ("instance", "query", "model", "algorithm", "states", "edges", "built", "settled", "relaxed", "queue_pops",
           "compile_ms", "search_ms", "cost", "agrees")



def row_failure(row: dict) -> str | None:
    """Why a row's pair did not run on its question (``refused`` or ``broken``), or ``None``."""
    return row.get("refused") or row.get("broken")



# the summary: a row per (model, routine) over the whole file --------------------------------------

SUMMED = ("states", "edges", "settled", "compile_ms", "search_ms")
SUMMARY_COLUMNS = ("answered", "states", "edges", "settled", "agree", "compile", "search")


def summary(tables: list[dict]) -> list[dict]:
    """A record per (model, routine) over the whole file, in the tables' order: ``questions``,
    ``answered``, ``agree``, ``wrong`` (with ``first_wrong`` and ``first_wrong_at``), the sums of
    :data:`SUMMED` (``None``: not observed), and where it stopped, ``refused`` or ``broken`` and
    ``not_run_from`` (``None``: after the last question compared).

    >>> from stategraph.views.compare import compare
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
    """The summary as one table (a header per model, a row per routine, a total row), then each
    reason a pair did not run on every question (``ruled``: not at all) or gave wrong distances, once."""
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
    pairs that ran on no question and the refusals (the summary says each once)."""
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


