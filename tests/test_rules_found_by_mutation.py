"""Rules no other test held, found by mutation testing (``benchmarks/mutation.py``).

Each test names the mutant of ``src/`` it kills (``mutmut show NAME`` shows it).  The rules:

* ``INFINITY`` is above every ``Lex``: ``INFINITY <= Lex(...)`` is false, as ``INFINITY < Lex(...)`` is.
* Two float costs that differ by rounding alone are the same cost, near zero too (an absolute
  tolerance, not only a relative one: ``0.1 + 0.2 - 0.3`` is the cost ``0``).
* A* on float weights, and BFS, count the edges they relax: every edge out of every state settled, once.
* What a routine from outside the package returned (``routine_check.accepted``):
  a source given a distance other than zero is a ``RoutineFault`` naming the source and the distance;
  a negative distance is accepted where some edge weight is negative;
  a routine that gives the order it settled the states in, and no count, has settled that many;
  a class returned where a result is due is called "a class".
* Reading a grid: the error for an open border names the wall character (the legend's first
  ``wall``); the error for a too-wide first row of an unsized grid is placed at that row.
* An unknown model is an error naming the puzzle, the model asked for and the models there are.
* Answers are replayed through the rules of the puzzle object that read the instance (else this one's).
* A model's rules for no puzzle (an instance made by hand) are one object of its rules class, made
  on first use and kept.
* Answers read without a source name are ``<answers>`` in their errors (``<answers>:LINE: ...``).
* More messages that say what is wrong and where: a routine's order that is not a collection, a
  distance given to a state not in the graph, the least distance below the shortest (the state with
  the least such distance is named), a negative ``Lex`` weight, a heuristic value that is not a
  ``Lex`` where moves cost ``Lex`` pairs (the state named by its label).
* A routine's ``options`` attribute names its options, and one that cannot be called as routines are
  is told the call; a scene's cell has no name unless given one.
* A legend's run of characters is shown first to last (``a-d``); unit weights are "unit weights".
* A model made for a puzzle's rules class is of the puzzle's module, and its summary is the first
  line of the rules' docstring.
* The scene of an instance with no solution (or no path) is the start alone: its mark, and "here", on the start.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import networkx as nx
import pytest

from stategraph import GridPuzzle, GridRules, InputError, StateGraph
from stategraph.contract.answer_line import AnswerLine
from stategraph.contract.grid_puzzle import _listed, read_grid
from stategraph.contract.replay import same_cost
from stategraph.contract.scene import Scene
from stategraph.errors import ContractError, StategraphError, VerificationError
from stategraph.graph.weights import INFINITY, Lex, ScalarEncoding
from stategraph.io.tokens import Tokens
from stategraph.search.astar import astar
from stategraph.search.bfs import bfs
from stategraph.search.plugin import RoutineError, load_routine
from stategraph.search.result import SearchResult, SearchStats
from stategraph.search.routine_check import RoutineFault, accepted, first_wrong_distance


def test_infinity_is_not_at_or_below_a_lex():
    # kills stategraph.graph.weights.xǁ_Infinityǁ__le____mutmut_3 (False -> True for a Lex)
    for lex in (Lex(0, 0), Lex(5, 7), Lex(10**9, -3)):
        assert not INFINITY <= lex
        assert not lex >= INFINITY  # the reflected comparison asks INFINITY.__le__
        assert not INFINITY < lex


def test_float_costs_equal_up_to_rounding_near_zero():
    # kills stategraph.contract.replay.x_same_cost__mutmut_27 (abs_tol dropped)
    assert 0.1 + 0.2 - 0.3 != 0.0  # rounding leaves about 5.6e-17
    assert same_cost(0.1 + 0.2 - 0.3, 0.0)
    assert same_cost(0.0, 1e-13)
    assert not same_cost(0.0, 1e-6)  # a real difference stays one


def test_astar_on_float_weights_counts_every_edge_relaxed():
    # kills stategraph.search.astar.x__tolerant__mutmut_54 (relaxed = ...) and _55 (relaxed -= ...)
    g = nx.DiGraph()
    g.add_weighted_edges_from([("s", "a", 0.5), ("s", "b", 0.25), ("a", "t", 0.5), ("b", "t", 1.0),
                               ("t", "c", 0.75)])
    result = astar(g, "s", {"t"}, zero=0.0, heuristic=lambda state: 0.0, stop_at_target=False)
    assert result.stats.settled == 5  # every state, once
    assert result.stats.relaxed == 5  # every edge leaves a settled state: each relaxed once
    assert result.dist == {"s": 0.0, "a": 0.5, "b": 0.25, "t": 1.0, "c": 1.75}


def _graph():
    g = nx.DiGraph()
    g.add_weighted_edges_from([("s", "t", 2), ("t", "u", 3)])
    return g


def test_a_source_at_a_distance_other_than_zero_is_named():
    # kills stategraph.search.routine_check.x_accepted__mutmut_69 (_named(source): a TypeError instead)
    with pytest.raises(RoutineFault) as fault:
        accepted({"s": 1, "t": 3}, "mine:bfs", _graph(), "s", 0)
    # a state in a message is its repr (stategraph.errors.shorten)
    assert str(fault.value) == "mine:bfs gave the source, state 's', the distance 1 (it must be 0)"


def test_a_negative_distance_is_accepted_where_an_edge_is_negative():
    # kills stategraph.search.routine_check.x_accepted__mutmut_82 (the weights read as data=None)
    g = nx.DiGraph()
    g.add_weighted_edges_from([("s", "t", -2), ("t", "u", 3)])
    assert accepted({"s": 0, "t": -2, "u": 1}, "mine:spfa", g, "s", 0).dist == {"s": 0, "t": -2, "u": 1}
    with pytest.raises(RoutineFault, match="but every edge weight is non-negative"):
        accepted({"s": 0, "t": -2}, "mine:spfa", _graph(), "s", 0)


def test_the_order_settled_is_the_count_settled_when_none_is_given():
    # kills stategraph.search.routine_check.x_accepted__mutmut_93 (``not`` dropped) and _94 (stats = None)
    raw = SearchResult({"s": 0, "t": 2, "u": 5}, SearchStats(None, None), ["s", "t", "u"])
    assert accepted(raw, "mine:dijkstra", _graph(), "s", 0).stats.settled == 3
    counted = SearchResult({"s": 0, "t": 2}, SearchStats(7, None), ["s", "t"])
    assert accepted(counted, "mine:dijkstra", _graph(), "s", 0).stats.settled == 7  # its own count stands


def test_a_class_returned_is_called_a_class():
    # kills stategraph.search.routine_check.x_kind_of__mutmut_5 ("class" -> "CLASS")
    with pytest.raises(RoutineFault) as fault:
        accepted(dict, "mine:bfs", _graph(), "s", 0)
    assert str(fault.value) == ("mine:bfs returned a class: a routine returns a SearchResult or a dict "
                                "{state: distance}")


LEGEND = {"#": "wall", ".": "floor", "S": "start", "G": "goal"}


def test_an_open_border_names_the_wall_character():
    # kills stategraph.contract.grid_puzzle.x_read_grid__mutmut_12 (the first non-wall character taken)
    with pytest.raises(InputError) as error:
        read_grid(Tokens("3 3\n###\n#.S\n###\n"), LEGEND, walled=True)
    assert str(error.value).endswith("row 2, column 3 is 'S': the grid's border must be walls ('#')")


def test_a_too_wide_first_row_of_an_unsized_grid_is_where_the_error_is():
    # kills stategraph.contract.grid_puzzle.x_read_grid__mutmut_83 (the error placed at the next token)
    with pytest.raises(InputError) as error:
        read_grid(Tokens("S.....\n.....G\n"), LEGEND, sized=False, max_cols=4)
    assert str(error.value) == "<input>:1:1: row 1 has 6 characters, above the limit of 4 (max_cols)"


class Walk(GridPuzzle):
    name, summary, sample = "walk", "from S to G", "1 3\nS.G\n0 0\n"
    legend, once = LEGEND, "SG"

    def start(self, grid):
        return grid.find("S")

    def is_goal(self, grid, cell):
        return grid[cell] == "G"

    def moves(self, grid, cell):
        for letter, step in grid.steps(cell):
            yield letter, step, 1


def test_the_scene_of_an_unsolved_instance_is_the_start_alone():
    # kills stategraph.contract.first_level.xǁRulesModelǁscene__mutmut_23 (``and`` -> ``or``: None.states)
    from stategraph import Settings
    from stategraph.views.draw import pick

    puzzle = Walk()
    record, explanation = pick(Settings.of(puzzle), "2 3\nS#G\n.#.\n0 0\n", 1, None)
    assert record.solution.states is None  # G is walled off: no path
    model = puzzle.model()
    for unsolved in (record, replace(record, solution=None)):  # no path, and no solution at all
        scene = model.scene(unsolved, [])
        assert [(m.name, m.position) for m in scene.marks] == [("start", (1, 1)), ("here", (1, 1))]


class Plain(GridRules):  # rules that are not the puzzle: the model of a puzzle's ``models``
    def start(self, grid):
        return grid.find("S")

    def is_goal(self, grid, cell):
        return grid[cell] == "G"

    def moves(self, grid, cell):
        for letter, step in grid.steps(cell):
            yield letter, step, 1


def test_the_rules_of_no_puzzle_are_one_object_of_the_rules_class_kept():
    # kills stategraph.contract.first_level.xǁRulesModelǁrules_of__mutmut_7 (``is None`` -> ``is not None``)
    class Two(Walk):
        models = {"plain": Plain}

    model = Two().model("plain")
    rules = model.rules_of(None)
    assert type(rules) is Plain
    assert model.rules_of(None) is rules


def test_answers_read_without_a_source_are_named_answers_in_an_error():
    # kills stategraph.contract.answer_line.xǁAnswerLineǁread__mutmut_2 (the default "<answers>" changed)
    answers = AnswerLine("{cost} {moves}", none="-1").read("oops\n")
    with pytest.raises(VerificationError) as error:
        next(iter(answers))
    assert str(error.value).startswith("<answers>:1: expected ")


def test_an_unknown_model_is_named_with_the_models_there_are():
    # kills stategraph.contract.puzzle.xǁPuzzleǁmodel__mutmut_7 (the message dropped)
    class Two(Walk):
        models = {"plain": Plain}

    with pytest.raises(StategraphError) as error:
        Two().model("nope")
    message = str(error.value)
    assert message.startswith("walk has no model 'nope' (models: ") and "plain" in message


def test_answers_are_replayed_through_the_rules_of_the_puzzle_that_read_the_instance():
    # kills stategraph.contract.first_level.xǁSuccessorPuzzleǁreference_rules__mutmut_32 (always this puzzle)
    this, reader = Walk(), Walk()
    assert this.reference_rules(SimpleNamespace(puzzle=reader)) is reader
    assert this.reference_rules(SimpleNamespace()) is this  # no puzzle read it: this one's


def test_an_order_that_is_not_a_collection_is_named():
    # kills stategraph.search.routine_check.x_accepted__mutmut_35 (the message dropped)
    raw = SearchResult({"s": 0}, SearchStats(1, 0), 5)
    with pytest.raises(RoutineFault) as fault:
        accepted(raw, "mine:bfs", _graph(), "s", 0)
    assert str(fault.value) == "mine:bfs returned a SearchResult whose order is an int, not the states in order"


def test_a_distance_given_to_a_state_not_in_the_graph_is_refused():
    # kills stategraph.search.routine_check.x_accepted__mutmut_47 (``is None`` -> ``is not None``)
    with pytest.raises(RoutineFault) as fault:
        accepted({"s": 0, "t": 2, "elsewhere": 4}, "mine:bfs", _graph(), "s", 0)
    assert str(fault.value) == "mine:bfs gave state 'elsewhere' the distance 4, but it is not a state of the graph"


def test_of_the_distances_below_the_shortest_the_least_is_named():
    # kills stategraph.search.routine_check.x_first_wrong_distance__mutmut_70 (the least state, not distance)
    g = nx.DiGraph()
    g.add_weighted_edges_from([("s", "t", 1), ("s", "a", 5), ("s", "b", 3)])
    model = StateGraph(g, "s", {"t"})
    # both a (5) and b (3) are given less than their shortest distance; b's 1 is the least
    wrong = first_wrong_distance("mine:bfs", model, {"s": 0, "t": 1, "a": 2, "b": 1})
    assert wrong == "mine:bfs gave state 'b' the distance 1, below its shortest distance, 3 (by dijkstra)"


def test_a_negative_lexicographic_weight_is_named():
    # kills stategraph.graph.weights.xǁScalarEncodingǁfor_weights__mutmut_8 (the message dropped)
    with pytest.raises(ValueError) as error:
        ScalarEncoding.for_weights([Lex(1, 0), Lex(0, -2)])
    assert "negative" in str(error.value) and str(Lex(0, -2)) in str(error.value)


@pytest.mark.parametrize("value", [0.5, 1, "one"])
def test_a_heuristic_that_is_not_a_lex_on_lex_weights_names_the_state(value):
    # kills stategraph.search.heuristic_check.xǁHeuristicCheckǁvalue__mutmut_38 (the state dropped from the message)
    g = nx.DiGraph()
    g.add_edges_from([("s", "m"), ("m", "t")], weight=Lex(1, 0))
    g.nodes["m"]["label"] = "the middle"
    with pytest.raises(ContractError) as error:
        astar(g, "s", {"t"}, zero=Lex(0, 0), heuristic=lambda state: value if state == "m" else Lex(0, 0))
    assert "the middle" in str(error.value)  # a state in a message is named by its label


def test_a_scene_cell_has_no_name_unless_given_one():
    # kills stategraph.contract.scene.xǁSceneǁcell__mutmut_3 (the default name "" changed)
    scene = Scene(1, 1, 1, 2)
    scene.cell(1, 1, "floor")
    scene.cell(1, 2, "floor", name="start")
    assert [cell.name for cell in scene.cells] == ["", "start"]


def test_a_routines_options_are_read_from_its_options_attribute(tmp_path):
    # kills stategraph.search.plugin.x_load_routine__mutmut_69 and _70 (another attribute read)
    (tmp_path / "routine_with_options.py").write_text(
        "def search(graph, source, targets, *, zero, weight, heuristic, depth):\n"
        "    return {source: zero}\n"
        "search.options = ('depth',)\n")
    routine = load_routine("routine_with_options:search", str(tmp_path))
    assert tuple(routine.options) == ("depth",)


def test_a_routine_that_cannot_be_called_as_routines_are_is_told_how(tmp_path):
    # kills stategraph.search.plugin.x__check_signature__mutmut_20 (the message dropped)
    (tmp_path / "routine_two_arguments.py").write_text("def search(graph, source):\n    return {source: 0}\n")
    with pytest.raises(RoutineError) as error:
        load_routine("routine_two_arguments:search", str(tmp_path))
    assert "it must take (graph, source, targets, *, zero, weight, heuristic, **options)" in str(error.value)


def test_a_run_of_legend_characters_is_shown_first_to_last():
    # kills stategraph.contract.grid_puzzle.x__listed__mutmut_20 (a-c for abcd)
    assert _listed("abcd") == "a-d"
    assert _listed("SE") == "S E"


def test_unit_weights_are_described_as_such():
    # kills stategraph.graph.state_graph.xǁWeightProfileǁdescribe__mutmut_4 (the words changed)
    g = nx.DiGraph()
    g.add_weighted_edges_from([("s", "a", 1), ("a", "t", 1)])
    assert StateGraph(g, "s", {"t"}).profile.describe() == "unit weights"


class Documented(GridRules):
    """Walks from S to G.

    The rest of the docstring is not the summary.
    """

    start, is_goal, moves = Plain.start, Plain.is_goal, Plain.moves


def test_a_generated_model_is_of_the_puzzles_module_and_summed_up_by_its_rules_docstring():
    # kills stategraph.contract.first_level.x__model_class__mutmut_127 ("__module__" misspelt) and
    # x__model_class__mutmut_29 ("__doc__" misspelt)
    class Two(Walk):
        models = {"documented": Documented}

    model = Two().model("documented")
    assert model.__module__ == __name__
    assert model.summary == "Walks from S to G."


def test_bfs_counts_every_edge_relaxed():
    # kills stategraph.search.bfs.x_bfs__mutmut_40 (the seconds passed as the edges relaxed)
    g = nx.DiGraph([("s", "a"), ("s", "b"), ("a", "t"), ("b", "t"), ("t", "c")])
    result = bfs(g, "s", {"t"}, stop_at_target=False)
    assert result.stats.settled == 5
    assert result.stats.relaxed == 5  # every edge leaves a settled state: each relaxed once
    assert result.dist == {"s": 0, "a": 1, "b": 1, "t": 2, "c": 3}
