"""The census of a whole state space: how many states lie at each distance from the start.

Every state reachable from a question's start is found breadth first, as integer arrays
(:class:`~stategraph.graph.compact.CompactGraph`, so millions of states fit), then its distance
(BFS for unit costs, else Dijkstra); ``Lex`` costs are counted by their first part, with the
least and greatest second part beside it.  The census also gives the farthest states, the goals
met, and whether every state can still reach a goal.

>>> from stategraph import SuccessorPuzzle, Settings
>>> class Line(SuccessorPuzzle):
...     name, summary, sample = "line", "0 to n by +1 and +2", "4\\n"
...     def read(self, tokens, limits): return tokens.integer("n", 0, 100)
...     def start(self, n): return 0
...     def is_goal(self, n, x): return x == n
...     def moves(self, n, x):
...         if x + 1 <= n: yield "+1", x + 1, 1
...         if x + 2 <= n: yield "+2", x + 2, 1
>>> (found,) = census(Line(), "4\\n", Settings.of(Line()))
>>> found.counts, found.states, found.farthest, found.goals, found.all_reach_goal
([(0, 1, None, None), (1, 2, None, None), (2, 2, None, None)], 5, 2, 1, True)
"""

from __future__ import annotations

import csv
import functools
import heapq
import io
import json
import os
from collections import deque
from dataclasses import asdict, dataclass, field
from time import perf_counter

from ..contract.words import plural
from ..errors import StategraphError
from ..graph.compact import CompactGraph, compact_from, explore_compact
from ..graph.weights import Lex
from ..limits import MAX_MOVES, MAX_STATES
from ..plugins.faults import question_name
from ..solving.driver import instances_of, owned

EXAMPLES = 3  # the farthest states shown


@dataclass
class Census:
    """One question's census: ``counts`` holds ``(distance, states, least second part, greatest
    second part)`` rows (the latter two ``None`` but for ``Lex`` costs), by distance."""

    puzzle: str
    model: str
    instance: int
    question: int
    counts: list = field(default_factory=list)
    states: int = 0
    moves: int = 0
    farthest: object = None
    examples: list = field(default_factory=list)  # {"label", "picture"} of a few farthest states
    goals: int = 0
    all_reach_goal: bool = False
    seconds: float = 0.0
    move_bytes: int = 0  # the bytes of the compact graph's move arrays


def census(puzzle, data, settings, source: str = "<input>", instance: int | None = None,
           query: int | None = None, examples: int = EXAMPLES, export: str | None = None):
    """Yield the :class:`Census` of each question of ``data`` (or of ``instance``/``query`` only)
    under ``settings``' model.  With ``export``, only the first question, its whole graph written
    there (:mod:`stategraph.io.compact_write`)."""
    model_class = puzzle.model(settings.model)
    for number, subject in enumerate(instances_of(puzzle, data, settings, source), start=1):
        if instance is not None and number != instance:
            continue
        model = None if hasattr(model_class, "rules") else model_class(subject)
        for question in puzzle.questions(subject):
            if query is not None and puzzle.number(subject, question)[1] != query:
                continue
            with owned(puzzle, model_class, functools.partial(question_name, puzzle, subject, question)):
                found, graph, label = _question_census(puzzle, model_class, model, subject, question, examples,
                                                       settings.jobs or os.cpu_count() or 1)
                if export is not None:
                    from ..io.compact_write import write_compact

                    write_compact(graph, export, label)
            yield found
            if export is not None:
                return
        if instance is not None:
            return


def _question_census(puzzle, model_class, model, subject, question, examples: int, jobs: int = 1) -> tuple:
    """``(census, compact graph, label of a state)`` of one question."""
    watch = perf_counter()
    if model is None:  # first-level rules: explored here, never as a networkx graph
        rules, value = model_class.rules(subject), model_class.asked(subject, question)
        limits = getattr(subject, "limits", {}) or {}
        where = f"{puzzle.name} model {model_class.name}: instance {getattr(subject, 'number', 1)}: "
        graph = explore_compact(rules, value, max_states=limits.get("max_states", MAX_STATES),
                                max_moves=limits.get("max_moves", MAX_MOVES),
                                negative=getattr(model_class, "negative_costs", False), where=where, jobs=jobs)
    else:
        with model.state_graph(question) as state_graph:
            graph = compact_from(state_graph.graph, state_graph.source, state_graph.targets)
    label = graph.label_of
    number, query = puzzle.number(subject, question)
    found = Census(puzzle.name, model_class.name, number, query, states=len(graph), moves=graph.moves,
                   goals=len(graph.goals), move_bytes=graph.nbytes())
    distance = distances(graph)
    found.counts = counted(distance)
    found.farthest = found.counts[-1][0]
    farthest = [u for u, d in enumerate(distance) if _primary(d) == found.farthest][:examples]
    found.examples = [{"label": label(graph.states[u]),
                       "picture": model_class.state_picture(subject, graph.states[u])} for u in farthest]
    found.all_reach_goal = reaching_a_goal(graph) == len(graph)
    found.seconds = perf_counter() - watch
    return found, graph, label


def census_of_graph(graph, source, targets) -> dict:
    """The census of a whole networkx state graph (what the interactive page shows): ``rows`` of
    ``[distance, states]``, the ``states``, the ``farthest`` distance and ``all_reach_goal``."""
    compact = compact_from(graph, source, targets)
    rows = counted(distances(compact))
    return {"rows": [[str(row[0]), row[1]] for row in rows], "states": len(compact), "farthest": str(rows[-1][0]),
            "goals": len(compact.goals), "all_reach_goal": reaching_a_goal(compact) == len(compact)}


def distances(graph: CompactGraph) -> list:
    """Each state's least cost from the start (number 0), by number: breadth first when every move
    costs 1, else Dijkstra."""
    costs = graph.costs.values
    offsets, heads = graph.offsets, graph.heads
    if all(type(cost) is int and cost == 1 for cost in costs):
        distance = [-1] * len(graph)
        distance[0] = 0
        queue = deque([0])
        while queue:
            u = queue.popleft()
            further = distance[u] + 1
            for at in range(offsets[u], offsets[u + 1]):
                v = heads[at]
                if distance[v] < 0:
                    distance[v] = further
                    queue.append(v)
        return distance
    if any((min(cost) if isinstance(cost, Lex) else cost) < 0 for cost in costs):
        raise StategraphError("census needs costs that are not negative (a move here costs less than nothing)")
    weights = graph.cost_numbers
    best: list = [None] * len(graph)
    best[0] = Lex(0, 0) if isinstance(costs[0], Lex) else 0
    heap = [(best[0], 0)]
    done = bytearray(len(graph))
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = 1
        for at in range(offsets[u], offsets[u + 1]):
            v, through = heads[at], d + costs[weights[at]]
            if not done[v] and (best[v] is None or through < best[v]):
                best[v] = through
                heapq.heappush(heap, (through, v))
    return best


def counted(distance: list) -> list:
    """The rows ``(distance, states, least second part, greatest second part)`` of the census."""
    rows: dict = {}
    for d in distance:
        primary = _primary(d)
        row = rows.get(primary)
        second = d[1] if isinstance(d, Lex) else None
        if row is None:
            rows[primary] = [primary, 1, second, second]
        else:
            row[1] += 1
            if second is not None:
                row[2], row[3] = min(row[2], second), max(row[3], second)
    return [tuple(rows[key]) for key in sorted(rows)]


def _primary(d):
    return d[0] if isinstance(d, Lex) else d


def reaching_a_goal(graph: CompactGraph) -> int:
    """How many states can reach a goal: a breadth-first search backwards from the goals."""
    offsets, tails = graph.reverse_offsets()
    seen = bytearray(len(graph))
    queue = deque(graph.goals)
    for goal in graph.goals:
        seen[goal] = 1
    reached = len(graph.goals)
    while queue:
        v = queue.popleft()
        for at in range(offsets[v], offsets[v + 1]):
            u = tails[at]
            if not seen[u]:
                seen[u] = 1
                reached += 1
                queue.append(u)
    return reached


def as_text(found: Census) -> str:
    """One census as a table that fits a screen, then the farthest states."""
    lexical = any(row[2] is not None for row in found.counts)
    header = f"{found.puzzle} instance {found.instance}" + (f" question {found.question}" if found.question > 1 else "")
    lines = [f"{header}, model {found.model}: {found.states:,} states, {found.moves:,} moves, from the start",
             f"{'distance':>10} {'states':>14}" + ("   second part" if lexical else "")]
    for distance, states, least, most in found.counts:
        second = f"   {least}..{most}" if lexical else ""
        lines.append(f"{distance:>10} {states:>14,}{second}")
    last = found.counts[-1][1]
    lines.append(f"farthest: {found.farthest} ({plural(last, 'state')}); goals met: {found.goals:,}; every state "
                 f"reaches a goal: {'yes' if found.all_reach_goal else 'no'}")
    for example in found.examples:
        lines.append(f"  {example['label']}")
        if example["picture"]:
            lines.extend("    " + line for line in example["picture"].splitlines())
    return "\n".join(lines) + "\n"


def as_json(found: Census) -> str:
    record = asdict(found)
    record["counts"] = [dict(zip(("distance", "states", "second_least", "second_most"), row)) for row in found.counts]
    return json.dumps(record, default=str) + "\n"


def as_csv(censuses: list[Census]) -> str:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["instance", "question", "distance", "states", "second_least", "second_most"])
    for found in censuses:
        for row in found.counts:
            writer.writerow([found.instance, found.question, *("" if v is None else v for v in row)])
    return text.getvalue()


def plot(censuses: list[Census], path: str) -> None:
    """A bar chart of each census (states by distance), log scale where the counts span more than
    two orders of magnitude."""
    from ..io.safefile import output_name
    from .draw import pyplot

    plt = pyplot()
    with plt.rc_context({"svg.fonttype": "none", "path.simplify": False, "svg.hashsalt": "stategraph"}):
        fig, axes = plt.subplots(len(censuses), 1, figsize=(8, 2.8 * len(censuses)), squeeze=False)
        for ax, found in zip(axes[:, 0], censuses):
            xs = [row[0] for row in found.counts]
            ys = [row[1] for row in found.counts]
            ax.set_gid(f"census-{found.instance}-{found.question}")
            ax.bar([str(x) for x in xs], ys, color="C0")
            if max(ys) > 100 * min(ys):
                ax.set_yscale("log")
            ax.set_xlabel("distance from the start")
            ax.set_ylabel("states")
            ax.set_title(f"{found.puzzle} instance {found.instance}, model {found.model}: {found.states:,} states",
                         fontsize=10)
        fig.tight_layout()
        with output_name(path, "the plot") as name:
            fig.savefig(name)
        plt.close(fig)
