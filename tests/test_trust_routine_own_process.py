"""A routine of your own cannot change what judges it: it runs in a process of its own.

Each cheat here gets past the frozen graph it is given (by the class's method, ``__dict__``, the
garbage collector, networkx's private dicts), adds a move from the start straight to a goal, and
returns the distances of the graph it changed.  Run in the judging
process, its answer held: the built-in check searched the changed graph too.  Each is held here
against what the command gives with the built-in ``bfs`` in a separate run (and the sample's
answer file): a cheat's answer is never printed, and every command says what it got wrong.
"""

from __future__ import annotations

import copy
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest

from cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_IN = ROOT / "src" / "stategraph" / "samples" / "arrow_maze.txt"
SAMPLE_OUT = ROOT / "tests" / "samples" / "arrow_maze.out"

CHEATS = '''
from collections import deque


def _bfs(graph, source, targets, zero):
    dist, queue = {source: zero}, deque([source])
    while queue:
        state = queue.popleft()
        for n in graph.successors(state):
            if n not in dist:
                dist[n] = dist[state] + 1
                queue.append(n)
    return dist


def _shortcut(succ, pred, source, targets):
    """A move from the source straight to a target, in the writable graph's own dicts."""
    target = next(t for t in targets if t != source)
    attrs = dict(next(iter(succ[source].values()), {}))
    succ[source][target] = attrs
    pred[target][source] = attrs


def by_attribute(graph, source, targets, *, zero, weight, heuristic, **options):
    type(graph).add_edge(graph, source, next(t for t in targets if t != source),
                         **dict(next(iter(graph[source].values()))))
    return _bfs(graph, source, targets, zero)


def by_dict(graph, source, targets, *, zero, weight, heuristic, **options):
    for name in ("add_edge", "frozen"):
        vars(graph).pop(name, None)
    graph.add_edge(source, next(t for t in targets if t != source), **dict(next(iter(graph[source].values()))))
    return _bfs(graph, source, targets, zero)


def by_collector(graph, source, targets, *, zero, weight, heuristic, **options):
    import gc
    import networkx as nx
    real = next(o for o in gc.get_objects() if isinstance(o, nx.DiGraph) and o._succ is graph._succ)
    _shortcut(real._succ, real._pred, source, targets)
    return _bfs(real, source, targets, zero)


def by_private_dicts(graph, source, targets, *, zero, weight, heuristic, **options):
    _shortcut(graph._succ, graph._pred, source, targets)
    return _bfs(graph, source, targets, zero)
'''
KINDS = ["by_attribute", "by_dict", "by_collector", "by_private_dicts"]
CAUGHT = re.compile(r"maze 'SAMPLE': (?:cell_heading )?cheat:\w+ gave state '\(3,3\) heading S' the distance 1, "
                    r"but it lies on an optimal path, at distance (\d+) \(by dijkstra\)")


@pytest.fixture
def course(tmp_path) -> Path:
    (tmp_path / "cheat.py").write_text(CHEATS)
    (tmp_path / "input.txt").write_text(SAMPLE_IN.read_text())
    return tmp_path


def cli(course: Path, *args, **kwargs):
    return run_cli(*args, cwd=course, env={"STATEGRAPH_DEBUG": None}, **kwargs)


def sample_cost(course: Path) -> int:
    """The first sample question's optimal cost, as the contest's answer file spells its path."""
    first = SAMPLE_OUT.read_text().split("NOSOLUTION")[0]
    return len(re.findall(r"\(\d+,\d+\)", first)) - 1


def test_the_cheats_cheat_a_graph_of_their_own(course):
    """The cheats do what they say on a graph of their own: the start is then one move from the goal."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cheats_here", course / "cheat.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for kind in KINDS:
        g = nx.DiGraph([("s", "a"), ("a", "b"), ("b", "t")])
        nx.set_edge_attributes(g, 1, "weight")
        assert getattr(module, kind)(nx.freeze(g), "s", frozenset({"t"}), zero=0, weight="weight",
                                     heuristic=None)["t"] == 1, kind
        assert g.has_edge("s", "t"), kind


@pytest.mark.parametrize("kind", KINDS)
def test_the_judge_s_graph_is_untouched(kind, course, monkeypatch):
    """From Python: after the routine, the state graph is what it was, and the answer is the truth."""
    from stategraph.graph.state_graph import StateGraph
    from stategraph.search.solution import solve

    monkeypatch.chdir(course)
    g = nx.DiGraph()
    for rank, (u, v) in enumerate([("s", "a"), ("a", "b"), ("b", "t"), ("s", "c")]):
        g.add_edge(u, v, weight=1, rank=rank)
    before = copy.deepcopy((g._succ, g._pred, g._node))  # type: ignore[attr-defined]
    solution = solve(StateGraph(g, "s", frozenset({"t"})), f"cheat:{kind}")
    assert (g._succ, g._pred, g._node) == before  # type: ignore[attr-defined]
    assert solution.cost is None and "distance 1, but it lies on an optimal path, at distance 3" in \
        solution.stats["wrong"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_solve_never_prints_a_cheat_s_answer(kind, jobs, course):
    honest = cli(course, "solve", "arrow_maze", "input.txt", "-a", "bfs")
    assert (honest.status, honest.out) == (0, SAMPLE_OUT.read_text())
    done = cli(course, "solve", "arrow_maze", "input.txt", "-a", f"cheat:{kind}", *jobs, separate=bool(jobs))
    assert done.status == 3
    assert "(3,1) (3,3)" not in done.out and done.out == ""  # the first question's answer is the cheat's
    (caught,) = done.err.splitlines()
    found = CAUGHT.search(caught)
    assert found and int(found.group(1)) == sample_cost(course), caught


@pytest.mark.parametrize("command", [["explain"], ["draw", "-o", "out.svg"], ["view", "-o", "out.html"]])
def test_the_views_never_show_a_cheat_s_answer(command, course):
    done = cli(course, command[0], "arrow_maze", "input.txt", "-a", "cheat:by_attribute", *command[1:])
    assert done.status == 3
    assert CAUGHT.search(done.err), done.err
    assert "(3,3) heading S; cost so far 1" not in done.out
    if command[0] == "view":  # the page is written, with no step of the cheat's path
        assert "0 steps" in done.err and "1 step," not in done.err


def test_compare_counts_a_cheat_wrong(course):
    done = cli(course, "compare", "arrow_maze", "input.txt", "-a", "cheat:by_attribute")
    assert done.status == 3
    assert "wrong on 1 of 2 questions: cheat:by_attribute" in done.out
    row = next(line for line in done.out.splitlines() if line.startswith("cheat:by_attribute"))
    assert row.split()[1:2] == ["2/2"] and row.split()[5] == "1"  # one answer agrees: the question with none


def test_search_of_a_graph_file_never_prints_a_cheat_s_answer(course):
    exported = cli(course, "export", "arrow_maze", "input.txt", "-o", "graph.graphml")
    assert exported.status == 0
    honest = cli(course, "search", "graph.graphml", "-a", "bfs")
    assert honest.status == 0 and honest.out.startswith(f"cost: {sample_cost(course)}\n")
    done = cli(course, "search", "graph.graphml", "-a", "cheat:by_attribute")
    assert done.status == 3 and done.out == ""
    assert "cheat:by_attribute gave state" in done.err and "but it lies on an optimal path" in done.err


def test_what_a_routine_prints_comes_out_in_order(course):
    """Its own process's prints are the command's, where they were made: between the answers."""
    (course / "talk.py").write_text(
        "import sys\n"
        "def bfs(graph, source, targets, *, zero, weight, heuristic, **options):\n"
        "    print('out', source)\n"
        "    print('err', source, file=sys.stderr)\n"
        "    return {source: zero}\n")
    done = cli(course, "solve", "arrow_maze", "input.txt", "-a", "talk:bfs", separate=True)
    assert done.status == 3  # (its distances are wrong: the first question has a path)
    assert done.out == "out start\n"
    assert done.err.splitlines()[0] == "err start"


# -- however its process ends, one line at its line, exit status 2; a stop stops the run -------------------------

ENDS = '''import os
import signal


def quits(graph, source, targets, *, zero, weight, heuristic, **options):
    os._exit(0)


def crashes(graph, source, targets, *, zero, weight, heuristic, **options):
    os.kill(os.getpid(), signal.SIGSEGV)


def loops(graph, source, targets, *, zero, weight, heuristic, **options):
    while True:
        pass
'''


@pytest.mark.parametrize(("kind", "said"), [
    ("quits", "stategraph: error: ends.py:6: in quits: os._exit(0) ended the process before stategraph had finished "
              "(maze 'SAMPLE')"),
    ("crashes", "stategraph: error: the process running the plug-in's code was killed by SIGSEGV (maze 'SAMPLE')")])
def test_a_routine_that_ends_its_process_is_one_line(kind, said, course):
    (course / "ends.py").write_text(ENDS)
    done = cli(course, "solve", "arrow_maze", "input.txt", "-a", f"ends:{kind}", separate=True)
    assert (done.status, done.out, done.err.splitlines()) == (2, "", [said])


def _routine_running(pid: int) -> set[int]:
    """The processes under ``pid`` once one of them (the routine's) has spent 0.2 s of CPU."""
    from process_table import cpu_seconds, descendants

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        under = descendants(pid)
        if any(cpu_seconds(child) >= 0.2 for child in under):
            return under
        time.sleep(0.02)
    raise AssertionError("the routine never ran")


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM", "SIGKILL"])
def test_a_stop_ends_a_routine_that_never_returns(stop, course):
    from process_table import kill_all, left_alive

    (course / "ends.py").write_text(ENDS)
    process = subprocess.Popen([sys.executable, "-m", "stategraph", "solve", "arrow_maze", "input.txt", "-a",
                                "ends:loops"], cwd=course, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    under: set[int] = set()
    try:
        under = _routine_running(process.pid)
        assert len(under) == 2  # the run's process, and the routine's under it
        if stop == "SIGKILL":  # the command killed: what it started ends with it
            process.kill()
        else:  # a Ctrl-C at the terminal, a stop to the group: every process gets it
            os.killpg(process.pid, getattr(signal, stop))
        out, err = process.communicate(timeout=60)
        assert left_alive(under, within=5) == []
    finally:
        process.kill()
        kill_all(under)
    said = {"SIGINT": ["stategraph: interrupted"], "SIGTERM": ["stategraph: stopped by SIGTERM"], "SIGKILL": []}
    assert (process.returncode, out, err.decode().splitlines()) == (
        128 + getattr(signal, stop) if stop != "SIGKILL" else -9, b"", said[stop])


# -- what crosses: every kind of distance, and nothing but a search result ---------------------------------------

@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_a_routine_s_answers_cross_whole(puzzle, course):
    """Lex pairs (Pushing Boxes), numbers: the textbook A* of examples/ prints the contest's answers."""
    import shutil

    shutil.copy(ROOT / "examples" / "student_bfs" / "student_astar.py", course)
    sample = cli(course, "sample", puzzle).out
    done = cli(course, "solve", puzzle, "-a", "student_astar:astar", stdin=sample)
    assert (done.status, done.err) == (0, "")
    assert done.out == (ROOT / "tests" / "samples" / f"{puzzle}.out").read_text()


@pytest.mark.parametrize("sent", [
    {"dist": [[99, 0]], "order": None, "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"dist": [[-1, 0]], "order": None, "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"dist": [[True, 0]], "order": None, "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"dist": [[0, 0]], "order": [5], "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"dist": [[0, 0]], "order": None, "settled": "1", "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"dist": [[0, 0]], "order": None, "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": []},
    {"dist": [0], "order": None, "settled": 1, "relaxed": 0, "seconds": 0.0, "detail": {}},
    {"order": None},
    [1, 2],
])
def test_what_is_not_a_search_result_is_the_routine_s_fault(sent):
    """Only a routine's own code could send it (it can reach its process's pipe): refused, never read as states."""
    from stategraph.search.routine_check import RoutineFault, received

    g = nx.DiGraph([("s", "t")])
    with pytest.raises(RoutineFault, match=r"^mine:bfs: its process sent what is not a search result$"):
        received(sent, "mine:bfs", g, 0)
    ok = {"dist": [[0, 0], [1, 1]], "order": [0, 1], "settled": 2, "relaxed": 1, "seconds": 0.0, "detail": {}}
    assert received(ok, "mine:bfs", g, 0).dist == {"s": 0, "t": 1}
