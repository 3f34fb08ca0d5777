"""A small first-level puzzle and the command line, for the tests of plug-ins' faults and trust.

``CORRIDOR`` is a whole plug-in file (``corridor(step)`` the same with another cost a move);
``run`` runs the installed ``stategraph`` command (or ``python -m stategraph``) in a folder, through
the shared runner of ``tests/cli_runner.py`` (the ``stategraph_cli`` fixture).
"""

from __future__ import annotations

from pathlib import Path

from cli_runner import Result, run_cli

# A corridor of n cells, walked to the right; every hook a case may break is a method.
CORRIDOR = '''\
from stategraph import COST, SuccessorPuzzle


def helper(state):
    return state + 1


class Corridor(SuccessorPuzzle):
    name, summary = "corridor", "walk right to the end"
    sample = "2\\n3\\n4\\n"
    counted = True
    output = COST

    def read(self, tokens, limits):
        return tokens.integer("length", 1, 100)

    def start(self, n):
        return 0

    def is_goal(self, n, state):
        return state == n

    def moves(self, n, state):
        if state < n:
            yield "R", helper(state), 1

    def heuristic(self, n, state):
        return n - state

    def picture(self, n, state):
        return "." * state + "@"

    def state_label(self, n, state):
        return f"cell {state}"
'''
INPUT = "2\n3\n4\n"  # two corridors, of 3 and 4 cells: COST answers 3 and 4


def corridor(step: int = 1) -> str:
    """:data:`CORRIDOR` with every move costing ``step``."""
    assert 'helper(state), 1\n' in CORRIDOR
    return CORRIDOR.replace('helper(state), 1\n', f'helper(state), {step}\n')


def run(folder: Path, *args, env: dict | None = None, stdin: str = INPUT, module: bool = False,
        separate: bool = True) -> Result:
    """``stategraph ARGS`` (``python -m stategraph ARGS`` with ``module``) in ``folder``, through the
    shared runner (:func:`cli_runner.run_cli`): a child process unless ``separate=False``."""
    return run_cli(*args, cwd=folder, env=env, stdin=stdin, separate=separate, script=separate and not module,
                   timeout=120)


def one_line(done: Result) -> str:
    """The one line ``done`` wrote on stderr (no traceback)."""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]
