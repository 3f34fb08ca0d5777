"""The plot of ``stategraph compare --plot``: the states each (model, routine) settled, over the
whole file and question by question (matplotlib, through :func:`stategraph.views.draw.pyplot`)."""

from __future__ import annotations

import math
import textwrap

from ..contract.words import plural
from ..io.safefile import output_name
from .compare_text import row_failure, summary


def plot(tables: list[dict], path: str) -> dict:
    """One figure of the states settled over the whole file: each pair's total (bars) and each
    question's count (a line per pair), on symmetric-log scales; a count not observed is a gap.
    SVG ids: ``total-MODEL-ROUTINE``, ``total-label-MODEL-ROUTINE``, ``questions-MODEL-ROUTINE``,
    ``questions-axes``, ``left-out``.  Returns ``{"questions", "drawn", "left_out"}``."""
    from .draw import pyplot

    plt = pyplot()
    records = summary(tables)
    drawn = [record for record in records if record["answered"]]
    left_out = [(record["model"], record["algorithm"]) for record in records if not record["answered"]]
    routines = list(dict.fromkeys(record["algorithm"] for record in drawn))
    models = list(dict.fromkeys(record["model"] for record in drawn))
    colour = {routine: f"C{i % 10}" for i, routine in enumerate(routines)}
    dashes = {model: ("-", "--", ":", "-.")[i % 4] for i, model in enumerate(models)}
    with plt.rc_context({"svg.fonttype": "none", "path.simplify": False, "svg.hashsalt": "stategraph"}):
        fig, (totals, strip) = plt.subplots(2, 1, figsize=(9, 4.5 + 0.25 * len(drawn)),
                                            height_ratios=[1 + 0.12 * len(drawn), 2])
        _draw_totals(totals, drawn, colour)
        _draw_questions(strip, tables, drawn, colour, dashes)
        fig.suptitle(f"states settled: every one of the {plural(len(tables), 'question')} drawn, "
                     "the totals cover them all", fontsize=10)
        if left_out:
            fig.text(0.01, 0.005, textwrap.fill("not drawn (ran on no question): " + ", ".join(
                f"{routine} on {model}" for model, routine in left_out), 150), fontsize=7, gid="left-out")
        fig.tight_layout(rect=(0, 0.03 if left_out else 0, 1, 1))
        with output_name(path, "the plot") as name:
            fig.savefig(name)
        plt.close(fig)
    return {"questions": len(tables), "drawn": [(r["model"], r["algorithm"]) for r in drawn], "left_out": left_out}


def _draw_totals(ax, drawn: list[dict], colour: dict) -> None:
    top = max([record["settled"] or 0 for record in drawn] + [1])
    for y, record in enumerate(drawn):
        pair = f"{record['model']}-{record['algorithm']}"
        value = record["settled"]
        if value is not None:
            ax.barh(y, value, 0.7, color=colour[record["algorithm"]], gid=f"total-{pair}")
        answered, questions = record["answered"], record["questions"]
        label = "not observed" if value is None else f"{value:,}" + (
            "" if answered == questions else f" ({answered:,} of {questions:,})")
        ax.text(value or 0, y, f" {label}", va="center", fontsize=7, gid=f"total-label-{pair}")
    ax.set_xscale("symlog", linthresh=1)
    ax.set_xlim(0, top * 8)
    ax.set_yticks(range(len(drawn)), [f"{r['model']} {r['algorithm']}" for r in drawn], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("states settled, totals over the file (0 drawn at 0)", fontsize=8)


def _draw_questions(ax, tables: list[dict], drawn: list[dict], colour: dict, dashes: dict) -> None:
    xs = range(1, len(tables) + 1)
    top = 1.0
    for record in drawn:
        pair = record["model"], record["algorithm"]
        found = [next((row for row in table["rows"] if (row["model"], row["algorithm"]) == pair), None)
                 for table in tables]
        ys = [float("nan") if row is None or row_failure(row) or row["settled"] is None else row["settled"]
              for row in found]
        top = max([top, *(y for y in ys if not math.isnan(y))])
        ax.plot(xs, ys, dashes[pair[0]], marker="o", markersize=3, linewidth=1, color=colour[pair[1]],
                label=f"{pair[0]} {pair[1]}", gid=f"questions-{pair[0]}-{pair[1]}")
    ax.set_yscale("symlog", linthresh=1)
    ax.set_ylim(0, top * 2)
    ax.set_xlim(0.5, max(len(tables), 1) + 0.5)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.patch.set_gid("questions-axes")
    ax.set_xlabel(f"question, in input order (1 to {len(tables):,})", fontsize=8)
    ax.set_ylabel("states settled", fontsize=8)
    if drawn:
        ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.0, 1.0))
