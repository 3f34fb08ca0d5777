"""Search routines of your own (``search.algorithm: module:function``), run and judged through the CLI.

Every case runs the real command line in a scratch folder, as a student does: in this process (the
shared runner forgets the routines a previous run loaded, as a new process does), but for the
trust cases at the end, which hold what a process started from that folder imports and so run the
installed ``stategraph`` script.  The answers of a routine from outside the package are held against
the built-in ``bfs``'s bytes from separate runs (and the contest samples' answers); a wrong
routine's named distances against a breadth-first search written here over the exported graph.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
from collections import deque
from pathlib import Path

import pytest

import random_inputs
from cli_runner import Result, run_cli
from test_trust_boundary import markers, trap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "student_bfs"
SAMPLES = ROOT / "tests" / "samples"

BROKEN = '''
from collections import deque

DEPTH = 3


def _bfs(graph, source, targets, zero):
    dist, queue = {source: zero}, deque([source])
    while queue:
        state = queue.popleft()
        if state in targets:
            break
        for n in graph.successors(state):
            if n not in dist:
                dist[n] = dist[state] + 1
                queue.append(n)
    return dist


def wrong_type(graph, source, targets, *, zero, weight, heuristic, **options):
    return [source]


def no_target(graph, source, targets, *, zero, weight, heuristic, **options):
    return {s: d for s, d in _bfs(graph, source, targets, zero).items() if s not in targets}


def off_by_one(graph, source, targets, *, zero, weight, heuristic, **options):
    return {s: d + (s != source) for s, d in _bfs(graph, source, targets, zero).items()}


def raises(graph, source, targets, *, zero, weight, heuristic, **options):
    return 1 // 0


def no_source(graph, source, targets, *, zero, weight, heuristic, **options):
    dist = _bfs(graph, source, targets, zero)
    del dist[source]
    return dist


def negative(graph, source, targets, *, zero, weight, heuristic, **options):
    dist = _bfs(graph, source, targets, zero)
    dist[next(iter(graph.successors(source)))] = -1
    return dist


def strings(graph, source, targets, *, zero, weight, heuristic, **options):
    return {s: str(d) for s, d in _bfs(graph, source, targets, zero).items()}


def floats(graph, source, targets, *, zero, weight, heuristic, **options):
    return {s: float(d) for s, d in _bfs(graph, source, targets, zero).items()}


def old_signature(graph, source, targets):
    return {source: 0}


def declares_nonsense(graph, source, targets, *, zero, weight, heuristic, **options):
    return _bfs(graph, source, targets, zero)


declares_nonsense.accepts = "positive"


def dfs(graph, source, targets, *, zero, weight, heuristic, **options):
    """A stack where a queue belongs: every reachable state gets the length of the path it was found by."""
    dist, stack = {source: zero}, [source]
    while stack:
        state = stack.pop()
        for n in graph.successors(state):
            if n not in dist:
                dist[n] = dist[state] + 1
                stack.append(n)
    return dist


def undeclared(graph, source, targets, *, zero, weight, heuristic, **options):
    return _bfs(graph, source, targets, zero)
'''

LOAD_FAULT = "key 'search.algorithm': algorithm"
RAISES_LINE = BROKEN.splitlines().index("    return 1 // 0") + 1  # where broken.py's raises divides by zero
# routine, extra options, exit status, what the one line says (the first disagreement of the example input)
BROKEN_CASES = [
    ("broken:wrong_type", [], 2, "broken:wrong_type returned a list: a routine returns a SearchResult or a dict"),
    ("broken:no_target", ["--verify"], 3,
     "maze 'SAMPLE': broken:no_target gave state '(3,3) heading S' no distance, but it lies on an optimal path, "
     "at distance 14 "
     "(by dijkstra)"),
    ("broken:off_by_one", ["--verify"], 3,
     "maze 'SAMPLE': broken:off_by_one gave state '(2,1) heading N' the distance 2, but it lies on an optimal "
     "path, at distance 1"),
    ("broken:off_by_one", [], 3,  # judged without --verify too: no wrong answer is printed
     "maze 'SAMPLE': broken:off_by_one gave state '(2,1) heading N' the distance 2, but it lies on an optimal "
     "path, at distance 1"),
    ("broken:off_by_one", ["--set", "search.check=false"], 2,  # trusted: the canonical step finds it out
     "search distances are inconsistent: the source is on no optimal path (the distances came from "
     "broken:off_by_one; --verify names the first wrong one)"),
    ("broken:raises", [], 2, f"broken.py:{RAISES_LINE}: in raises: ZeroDivisionError: integer division or modulo "
                             "by zero (maze 'SAMPLE')"),
    ("broken:no_source", [], 2, "broken:no_source gave the source, state 'start (3,1) heading N', no distance "
                                "(it must be 0)"),
    ("broken:negative", [], 2, "broken:negative gave state '(2,1) heading N' the distance -1, but every edge "
                               "weight is non-negative"),
    ("broken:strings", [], 2, "gave state 'start (3,1) heading N' the distance '0', not a number"),
    ("broken:floats", [], 2, "the distance 0.0, a float, but every edge weight is an integer"),
    ("broken:DEPTH", [], 2, f"{LOAD_FAULT} 'broken:DEPTH': 'DEPTH' is not a function (it is an int)"),
    ("nosuch:bfs", [], 2, f"{LOAD_FAULT} 'nosuch:bfs': no file nosuch.py in the current folder"),
    ("broken:dfs_routine", [], 2, f"{LOAD_FAULT} 'broken:dfs_routine': module 'broken' has no function 'dfs_routine'"),
    ("broken:old_signature", [], 2, "it must take (graph, source, targets, *, zero, weight, heuristic, **options): "
                                    "got an unexpected keyword argument 'zero'"),
    ("broken:declares_nonsense", [], 2, "accepts must be one of 'unit', 'nonnegative', 'lex', 'any', found 'positive'"),
    ("broken.py:bfs", [], 2, "name the module, not its file (e.g. student_bfs:bfs for ./student_bfs.py)"),
]


def cli(cwd: Path, *args, stdin: str | None = None, env: dict | None = None, script: bool = False) -> Result:
    """``stategraph ARGS`` in ``cwd``, in this process, or (``script``) the installed ``stategraph`` script in a
    child process (the shared runner, tests/cli_runner.py)."""
    done = run_cli(*args, cwd=cwd, stdin=stdin, env=env, script=script, timeout=120)
    if not (env or {}).get("STATEGRAPH_DEBUG"):
        assert "Traceback" not in done.stderr, done.stderr
    return done


def answers(cwd: Path, *args, stdin: str | None = None) -> str:
    done = cli(cwd, "solve", *args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done.stdout


def one_line(done: Result) -> str:
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def course(tmp_path) -> Path:
    """A copy of examples/student_bfs with ``broken.py`` beside it."""
    folder = tmp_path / "course"
    shutil.copytree(EXAMPLE, folder)
    (folder / "broken.py").write_text(BROKEN)
    return folder


def random_arrow_mazes(seed: int, count: int = 25) -> str:
    return random_inputs.arrow_maze_input(random.Random(seed), count)


def random_huarong(seed: int) -> str:
    return random_inputs.huarong_input(random.Random(seed), 40, max_side=5)


# -- the example: the built-in bfs's bytes wherever it applies --------------------------------------------------

def test_the_example_prints_expected_txt_which_is_the_builtin_bfs_output(course):
    expected = (course / "expected.txt").read_text()
    assert answers(course, "--config", "puzzle.yaml", "input.txt") == expected
    assert answers(course, "arrow_maze", "-a", "bfs", "input.txt") == expected  # a separate built-in run
    sample = cli(course, "sample", "arrow_maze").stdout
    assert answers(course, "--config", "puzzle.yaml", stdin=sample) == (SAMPLES / "arrow_maze.out").read_text()
    done = cli(course, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    assert done.stderr == "stategraph: verified 5 answers: 5 confirmed\n"


@pytest.mark.parametrize("puzzle, model, make", [
    ("arrow_maze", "cell_heading", lambda seed: random_arrow_mazes(seed)),
    ("huarong", "piece_blank", lambda seed: random_huarong(seed)),
])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_example_equals_builtin_bfs_on_every_model_where_it_applies(course, puzzle, model, make, seed):
    (course / "in.txt").write_text(make(seed))
    mine = answers(course, puzzle, "-m", model, "-a", "student_bfs:bfs", "in.txt", "--verify")
    assert mine == answers(course, puzzle, "-m", model, "-a", "bfs", "in.txt")
    assert mine.strip()


def test_the_example_on_the_huarong_sample_prints_the_contest_answers(course):
    sample = cli(course, "sample", "huarong").stdout
    assert answers(course, "huarong", "-m", "piece_blank", "-a", "student_bfs:bfs", stdin=sample) == \
        (SAMPLES / "huarong.out").read_text()


@pytest.mark.parametrize("puzzle, model, weights", [
    ("pushing_boxes", "box_side", "lexicographic (primary, secondary) pairs"),
    ("pushing_boxes", "box_player", "lexicographic (primary, secondary) pairs"),
    ("huarong", "piece_side", "non-negative numbers"),
])
def test_declaring_unit_weights_is_refused_politely_elsewhere(course, puzzle, model, weights):
    sample = cli(course, "sample", puzzle).stdout
    done = cli(course, "solve", puzzle, "-m", model, "-a", "student_bfs:bfs", stdin=sample)
    assert (done.returncode, done.stdout) == (2, "")
    assert one_line(done) == (f"stategraph: error: command line: key 'search.algorithm': student_bfs:bfs does not "
                              f"apply to {puzzle}'s model {model}: student_bfs:bfs needs every edge weight to be 1, "
                              f"but this graph has {weights}")


def test_a_routine_that_declares_nothing_is_tried(course):
    sample = cli(course, "sample", "pushing_boxes").stdout  # Lex weights: the unit-weight BFS is simply wrong there
    done = cli(course, "solve", "pushing_boxes", "-a", "broken:undeclared", "--verify", stdin=sample)
    line = one_line(done)  # tried (not refused), it fails on the first Lex distance it adds 1 to
    assert done.returncode == 2 and ": in _bfs: TypeError: " in line and "apply" not in line, line
    assert answers(course, "arrow_maze", "-a", "broken:undeclared", "input.txt") == \
        (course / "expected.txt").read_text()


def test_algorithms_lists_it_with_its_declared_weights(course):
    plain = cli(course, "algorithms").stdout
    listed = cli(course, "algorithms", "--config", "puzzle.yaml").stdout
    assert listed.startswith(plain) and "student_bfs" not in plain
    assert listed[len(plain):].splitlines() == [
        "student_bfs:bfs         Plain breadth-first search: every move costs 1.",
        "                        accepts: unit weights only (it declares accepts = 'unit'); applies to: "
        "huarong/piece_blank, arrow_maze/cell_heading"]
    bfs_line = next(line for line in plain.splitlines() if line.strip().startswith("accepts: unit weights only"))
    assert bfs_line.endswith("applies to: huarong/piece_blank, arrow_maze/cell_heading")  # the built-in's places


# -- broken routines: one line, the documented status ----------------------------------------------------------

@pytest.mark.parametrize("routine, extra, status, words", BROKEN_CASES, ids=lambda v: str(v)[:30])
def test_a_broken_routine_is_one_line_with_its_status(course, routine, extra, status, words):
    done = cli(course, "solve", "arrow_maze", "-a", routine, "input.txt", *extra)
    assert done.returncode == status, done.stderr
    line = one_line(done)
    assert line.startswith("stategraph: error: ") and words in line, line
    if LOAD_FAULT in words:
        assert done.stdout == ""  # refused before any input is read


def test_a_routine_that_raises_shows_its_own_traceback_only_when_asked(course):
    done = cli(course, "solve", "arrow_maze", "-a", "broken:raises", "input.txt", env={"STATEGRAPH_DEBUG": "1"})
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert "broken.py" in lines[1] and "in raises" in lines[1]  # from the routine's own frame
    assert "stategraph" not in "\n".join(lines[:-1])
    assert lines[-1].startswith("stategraph: error: broken.py:")
    assert lines[-1] == f"stategraph: error: {BROKEN_CASES[5][3]}"


# -- a wrong routine caught: --verify and compare ---------------------------------------------------------------

VERDICT = re.compile(r"stategraph: error: maze '(\w+)': broken:dfs gave state '([^']+)' the distance (\d+), "
                     r"but it lies on an optimal path, at distance (\d+) \(by dijkstra\)")


def brute_force_distance(course: Path, instance: int, label: str) -> int:
    """The distance of ``label`` from the start, by a breadth-first search over the exported graph."""
    done = cli(course, "export", "arrow_maze", "input.txt", "--instance", instance, "-o", "-", "--format", "json")
    graph = json.loads(done.stdout)
    succ: dict = {}
    for edge in graph["edges"]:
        assert edge["weight"] == 1
        succ.setdefault(edge["source"], []).append(edge["target"])
    [start] = [node["id"] for node in graph["nodes"] if node["kind"] == "start"]
    depth, queue = {start: 0}, deque([start])
    while queue:
        u = queue.popleft()
        for v in succ.get(u, ()):
            if v not in depth:
                depth[v] = depth[u] + 1
                queue.append(v)
    return depth[label]


def test_a_wrong_routine_is_caught_by_verify_naming_the_state_and_both_distances(course):
    trusted = cli(course, "solve", "arrow_maze", "-a", "broken:dfs", "input.txt", "--set", "search.check=false")
    expected = (course / "expected.txt").read_text()
    assert trusted.returncode == 0 and trusted.stdout != expected  # trusted, its wrong answers print...
    assert trusted.stderr == "stategraph: the answers of broken:dfs are unchecked (search.check is false)\n"
    plain = cli(course, "solve", "arrow_maze", "-a", "broken:dfs", "input.txt")
    assert plain.returncode == 3 and expected.startswith(plain.stdout)  # ...by default they are caught
    done = cli(course, "solve", "arrow_maze", "-a", "broken:dfs", "input.txt", "--verify")
    assert done.returncode == 3 and one_line(done) == one_line(plain)
    match = VERDICT.fullmatch(one_line(done))
    assert match, done.stderr
    maze, label, gave, right = match[1], match[2], int(match[3]), int(match[4])
    names = re.findall(r"^([A-Z]+)$", (course / "input.txt").read_text(), flags=re.M)
    assert right == brute_force_distance(course, names.index(maze) + 1, label) and gave > right
    assert expected.startswith(done.stdout)  # the answers before the wrong one were right, and printed


def test_compare_marks_a_wrong_routine_and_computes_agreement(course):
    done = cli(course, "compare", "arrow_maze", "input.txt", "--set", "search.algorithm=broken:dfs",
               "--format", "json")
    assert done.returncode == 3, done.stderr  # a row disagrees
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    mine = [row for row in rows if row["algorithm"] == "broken:dfs"]
    builtin = [row for row in rows if row["algorithm"] != "broken:dfs"]
    assert len(mine) == 5 and {row["model"] for row in mine} == {"cell_heading"}
    assert all(row["agrees"] for row in builtin)
    wrong = [row for row in mine if not row["agrees"]]
    assert wrong and all(row["cost"] == "wrong" and row["output"] is None for row in wrong)
    verified = one_line(cli(course, "solve", "arrow_maze", "-a", "broken:dfs", "input.txt", "--verify"))
    assert verified.endswith(wrong[0]["wrong"])  # the same line as --verify's first
    alone = cli(course, "compare", "arrow_maze", "input.txt", "-a", "broken:dfs", "--format", "json")
    assert [json.loads(line)["agrees"] for line in alone.stdout.splitlines()] == [row["agrees"] for row in mine]
    text = cli(course, "compare", "arrow_maze", "input.txt", "-a", "broken:dfs", "--per-question").stdout
    assert f"cell_heading {wrong[0]['wrong']}\n" in text and re.search(r" wrong +NO$", text, flags=re.M)


def test_compare_gives_it_a_row_beside_the_builtins_on_every_model_where_it_applies(course):
    (course / "hr.yaml").write_text("puzzle: huarong\nmodel: piece_blank\nsearch:\n  algorithm: student_bfs:bfs\n")
    (course / "board.txt").write_text(random_huarong(3))
    rows = [json.loads(line) for line in cli(course, "compare", "--config", "hr.yaml", "board.txt",
                                              "--format", "json").stdout.splitlines()]
    mine = [row for row in rows if row["algorithm"] == "student_bfs:bfs"]
    assert mine and {row["model"] for row in mine} == {"piece_blank"}  # not piece_side, where it does not apply
    assert len(mine) == len({(row["instance"], row["query"]) for row in rows})
    bfs = {(row["instance"], row["query"]): row for row in rows if row["algorithm"] == "bfs"}
    assert all(row["agrees"] and row["output"] == bfs[row["instance"], row["query"]]["output"] for row in mine)
    searched = [row for row in mine if bfs[row["instance"], row["query"]]["settled"]]  # a start on a goal: none
    assert searched and all(row["settled"] is None and row["relaxed"] is None for row in searched)  # a dict: '-'

    arrow = [json.loads(line) for line in cli(course, "compare", "--config", "puzzle.yaml", "input.txt",
                                               "--format", "json").stdout.splitlines()]
    assert [row["algorithm"] for row in arrow[:7]] == ["astar", "bfs", "dijkstra", "spfa", "bidirectional_dijkstra",
                                                      "networkx", "student_bfs:bfs"]


# -- the guide stays true ---------------------------------------------------------------------------------------

GUIDE = (ROOT / "docs" / "extending" / "routines.md").read_text()
SECTION = GUIDE[GUIDE.index("# Your own search routine\n"):]
ROUTINES = re.findall(r"^```py\n(.*?)^```$", SECTION, flags=re.S | re.M)


def test_the_guide_shows_the_whole_example_routine():
    assert ROUTINES[0] == (EXAMPLE / "student_bfs.py").read_text()


def test_the_guide_s_reporting_routine_fills_settled_and_relaxed(course):
    (course / "counted.py").write_text(ROUTINES[1])
    assert answers(course, "arrow_maze", "-a", "counted:counted_bfs", "input.txt") == \
        (course / "expected.txt").read_text()
    rows = [json.loads(line) for line in cli(course, "compare", "arrow_maze", "input.txt", "-a",
                                              "counted:counted_bfs", "--format", "json").stdout.splitlines()]
    searched = [row for row in rows if row["settled"] != 0]  # the maze without a goal is not searched
    assert searched and all(row["agrees"] and row["relaxed"] >= row["settled"] - 1 > 0 for row in searched)


def test_the_guide_s_messages_are_what_the_tool_says(course):
    slip = course / "student_bfs.py"
    slip.write_text(slip.read_text().replace("queue.popleft()", "queue.pop()"))
    done = cli(course, "solve", "--config", "puzzle.yaml", "--verify", "input.txt")
    assert done.returncode == 3 and one_line(done) in SECTION
    for routine, extra, _, _ in [BROKEN_CASES[i] for i in (0, 5, 6, 7, 8)]:
        line = one_line(cli(course, "solve", "arrow_maze", "-a", routine, "input.txt", *extra))
        assert line.removeprefix("stategraph: error: ").rsplit("maze 'SAMPLE': ", 1)[-1] in SECTION, line


# -- trust: loaded only where named, from the config's folder first, never through sys.path -----------------------

@pytest.fixture
def folders(tmp_path):
    """A course folder (the example, a config naming its routine, traps) and a working folder (traps too)."""
    course, work = tmp_path / "course", tmp_path / "work"
    shutil.copytree(EXAMPLE, course)
    work.mkdir()
    trap(course)
    trap(work)
    (work / "student_bfs.py").write_text("def bfs(graph, source, targets, **options):\n"
                                         "    raise RuntimeError('work')\n")
    (course / "builtin.yaml").write_text("puzzle: arrow_maze\nsearch:\n  algorithm: bfs\n")
    return course, work


def test_the_config_s_folder_comes_first_and_nothing_is_shadowed(folders):
    course, work = folders
    shutil.copy(course / "input.txt", work / "in.txt")
    expected = (course / "expected.txt").read_text()
    for args in (["solve", "--config", course / "puzzle.yaml", "in.txt", "--export-graphml", "g.graphml"],
                 ["solve", "--config", course / "builtin.yaml", "-a", "student_bfs:bfs", "in.txt", "--verify"],
                 ["solve", "--config", course / "puzzle.yaml", "in.txt", "--set", "output.stats=true"]):
        done = cli(work, *args, script=True)
        assert (done.returncode, done.stdout) == (0, expected), done.stderr
    # no config: the current folder's
    done = cli(work, "solve", "arrow_maze", "-a", "student_bfs:bfs", "in.txt", script=True)
    assert done.returncode == 2 and "student_bfs.py:2: in bfs: RuntimeError: work" in one_line(done)
    assert markers(course, work) == []


def test_a_routine_is_loaded_only_where_named(folders):
    course, work = folders
    trap(course, ("student_bfs",))  # a booby-trapped routine beside a config that names only built-ins
    for command in ("solve", "compare", "algorithms"):
        args = [command, "--config", course / "builtin.yaml"] + (["in.txt"] if command != "algorithms" else [])
        (work / "in.txt").write_text((course / "input.txt").read_text())
        assert cli(work, *args, script=True).returncode == 0
    assert markers(course, work) == []


def test_loading_a_routine_leaves_sys_path_and_the_module_names_alone(folders, monkeypatch):
    from stategraph.search import get_search
    from stategraph.settings.resolve import resolve

    course, work = folders
    monkeypatch.chdir(work)
    before = list(sys.path)
    settings, _ = resolve("solve", [], ("INPUT",), optional=1, config=str(course / "puzzle.yaml"))
    assert settings.algorithm == "student_bfs:bfs" and get_search(settings.algorithm).plugin
    assert sys.path == before
    assert "student_bfs" not in sys.modules  # a later `import student_bfs` is not it
    assert [name for name in sys.modules if name.endswith("_student_bfs")][0].startswith("_stategraph_plugin_")
    assert markers(course, work) == []
