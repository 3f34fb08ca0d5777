"""The rules' words for moves: ``move_label(graph, u, v, attrs)`` names a move in exported graphs
and on the page, ``path_labels(instance, answer)`` the answer's path's moves in its own words.

The plug-in here is a ladder climbed by 2 or 1 rungs at a time, not a built-in; what it names
each move is worked out by hand in the tests.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from cli_runner import run_cli
from stategraph import Settings, run
from stategraph.contract.first_level import SuccessorPuzzle

PLUGIN = '''
from stategraph import COST_AND_MOVES, SuccessorPuzzle


class Ladder(SuccessorPuzzle):
    """Climb from rung 0 to rung n, 2 or 1 rungs a step."""

    name, summary, sample = "ladder", "climb a ladder", "3\\n"

    def read(self, tokens, limits):
        return tokens.integer("the ladder's height", 1)

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        for k in (2, 1):
            if x + k <= n:
                yield str(k), x + k, 1

    def move_label(self, graph, u, v, attrs):
        return f"climb {attrs['move']} from {u} (of {len(graph)})"

    def path_labels(self, n, answer):
        return [f"{k} rungs of {n}" for k in COST_AND_MOVES.moves(answer)]
'''


@pytest.fixture()
def folder(tmp_path, monkeypatch):
    (tmp_path / "plug.py").write_text(textwrap.dedent(PLUGIN))
    (tmp_path / "in.txt").write_text("3\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_the_rules_move_label_names_the_exported_moves(folder):
    done = run_cli("export", "plug:Ladder", "in.txt", "--format", "json", "-o", "out.json", cwd=folder,
                   env={"STATEGRAPH_DEBUG": None})
    assert done.status == 0, done.err
    exported = json.loads((folder / "out.json").read_text())
    edges = exported.get("edges", exported.get("links"))
    # rungs 0..3: from 0 up 2 and 1, from 1 up 2 and 1, from 2 up 1: five moves in a graph of 4 states;
    # the answer's path 0 -> 2 -> 3 in the answer's words (path_labels), the others by move_label
    assert sorted((edge["source"], edge["target"], edge["label"]) for edge in edges) == [
        ("0", "1", "climb 1 from 0 (of 4)"), ("0", "2", "2 rungs of 3"), ("1", "2", "climb 1 from 1 (of 4)"),
        ("1", "3", "climb 2 from 1 (of 4)"), ("2", "3", "1 rungs of 3")]


def test_the_rules_path_labels_are_the_models(folder):
    from plug import Ladder

    ladder = Ladder()
    record = next(run(ladder, "3\n", Settings.of(ladder)))
    model = ladder.model()
    # the tie-break is the move order: up 2 first, then 1 (0 -> 2 -> 3)
    assert model.path_labels(record) == ["2 rungs of 3", "1 rungs of 3"]
    assert model.labels_read_graph()
    assert model.move_label(record.graph, 0, 2, {"move": "2", "weight": 1}) == "climb 2 from 0 (of 4)"


def test_rules_without_words_keep_the_models_defaults():
    class Plain(SuccessorPuzzle):
        name, summary, sample = "plain", "climb a ladder, no words", "3\n"

        def read(self, tokens, limits):
            return tokens.integer("the ladder's height", 1)

        def start(self, n):
            return 0

        def is_goal(self, n, x):
            return x == n

        def moves(self, n, x):
            if x < n:
                yield "1", x + 1, 1

    record = next(run(Plain(), "2\n", Settings.of(Plain())))
    model = Plain().model()
    assert model.path_labels(record) is None
    assert not model.labels_read_graph()  # the views then build no whole graph to name moves
    assert model.move_label(None, 0, 1, {"move": "1", "rank": 0}) == "1"
