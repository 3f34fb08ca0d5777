"""The replays on a page (``replays``): for every routine that applies to the model, the step at
which each drawn state was reached and settled, and the frontier's size, as ``solve --stats -a
ROUTINE`` runs it (:mod:`stategraph.views.page`)."""

from __future__ import annotations

import math

from ..errors import StategraphError
from ..search import get_search
from ..search.solution import solve
from ..settings.resolve import Settings
from ..solving.driver import applicable_algorithms

MAX_REPLAY_FRAMES = 2_000  # frames of one routine's replay (a longer search is sampled evenly)


def routines(settings: Settings) -> list[str]:
    """The settings' routine (a routine of your own too), then the others that apply to the model."""
    names = applicable_algorithms(settings.puzzle, settings.model)
    return [settings.algorithm] + [name for name in names if name != settings.algorithm]


def settle_order(settings: Settings, state_graph, name: str) -> tuple[list, dict, bool, str | None]:
    """The states routine ``name`` settles on ``state_graph``, in order, the distances it found,
    whether it counts them, and the first state breaking the rule (a plug-in routine's), as
    ``solve --stats`` runs it.  Without an ``order``, every state reached, nearest first."""
    options = {key: value for key, value in settings.options.items() if key in get_search(name).options}
    path = settings.puzzle.model(settings.model).decode_needs_path
    result = solve(state_graph, name, options, path=path).search
    assert result is not None  # solve always keeps what the routine returned
    return result.settled_order(), result.dist, result.stats.settled is not None, result.stats.detail.get("wrong")


def replay(settings: Settings, state_graph, name: str, drawn: list) -> dict:
    """One routine's search as frames: the step each drawn state is reached and settled at (``-1``:
    never) and the frontier's size every ``stride`` steps; ``counted`` is false for a plug-in
    routine that reports no count."""
    try:
        order, dist, counted, wrong = settle_order(settings, state_graph, name)
    except StategraphError as exc:  # refused by the graph itself, a negative cycle, a routine of yours failing
        return {"name": name, "refused": str(exc)}
    succ = state_graph.graph.succ
    settled_at = {state: k for k, state in enumerate(order, start=1)}
    reached = {state_graph.source: 0}
    sizes = [1]
    frontier = 1
    for k, u in enumerate(order, start=1):
        if u in reached:
            frontier -= 1
        for v in succ[u]:
            if v not in reached and v in dist:
                reached[v] = k
                if settled_at.get(v, k + 1) > k:
                    frontier += 1
        sizes.append(frontier)
    stride = max(1, math.ceil(len(order) / MAX_REPLAY_FRAMES))
    frames = list(range(0, len(order), stride)) + [len(order)]
    return {"name": name, "settled": len(order), "counted": counted, "stride": stride,
            "frontier": [sizes[k] for k in frames],
            "settled_at": [settled_at.get(s, -1) for s in drawn], "reached_at": [reached.get(s, -1) for s in drawn],
            **({"wrong": wrong} if wrong else {})}
