"""stategraph: grid puzzles as explicit networkx state graphs, answered by generic shortest paths.

Every puzzle parses its input into instances, offers named state models, and formats and checks
its answers (:mod:`stategraph.contract.puzzle`): parse -> model -> state graph -> search ->
canonical path -> decode -> format:

>>> from stategraph import get_puzzle
>>> from stategraph.search.solution import solve
>>> pb = get_puzzle("pushing_boxes")
>>> maze = next(pb.parse("1 4\\nSB.T\\n0 0\\n"))
>>> model = pb.model("box_side")(maze)           # the default model, named
>>> with model.state_graph(maze) as graph:        # a networkx.DiGraph inside
...     solution = solve(graph, "layered_bfs")
>>> graph.graph.number_of_nodes(), graph.graph.nodes[graph.source]["label"]
(3, 'start box=1,2 player=1,1')
>>> print(pb.format_answer(maze, maze, model.decode(maze, solution)), end="")
Maze #1
EE
<BLANKLINE>

Names are imported on first use, so ``stategraph --help`` does not load networkx.
"""

import os
import sys

__version__ = "0.1.0"


def _is_the_command() -> bool:
    """Whether this process is the ``stategraph`` command starting up (``python -m stategraph``,
    while ``sys.argv[0]`` is ``-m``, or the script); imported by another program, the package
    leaves its signals alone."""
    if sys.argv[:1] == ["-m"]:
        named = sys.orig_argv[-len(sys.argv):][:1]  # the module after -m, as typed
        return [name.removeprefix("-m") for name in named] in (["stategraph"], ["stategraph.__main__"])
    return bool(sys.argv) and os.path.basename(sys.argv[0]) == "stategraph"


def _interrupted_while_starting(signum, frame):  # pragma: no cover - exercised through a signal
    os.write(2, b"stategraph: interrupted\n")
    os._exit(130)


def _leave_the_current_folder() -> None:
    """Under ``python -m``, take the current folder off ``sys.path`` before anything is imported,
    so a ``signal.py`` or ``yaml.py`` lying there is never run."""
    if sys.argv[:1] == ["-m"] and sys.path and sys.path[0] in ("", os.getcwd()):
        del sys.path[0]


_COMMAND_PID = os.getpid() if _is_the_command() else None  # it forks as a plug-in loads (plugins.own_process)

if _COMMAND_PID is not None:
    import _signal  # type: ignore[import-not-found]  # built in (``signal`` imports enum: milliseconds)

    _signal.signal(_signal.SIGINT, _interrupted_while_starting)  # a Ctrl-C before cli.main(): one line, status 130
    _leave_the_current_folder()

from importlib import import_module  # noqa: E402  (after the path is made safe)
from typing import TYPE_CHECKING  # noqa: E402

from . import moved  # noqa: E402

moved.install()

_HOMES = {  # the names a user needs: writing a puzzle, running it, its errors (each in docs/api)
    "contract.first_level": ("SuccessorPuzzle",),
    "contract.grid_puzzle": ("CharGrid", "GridPuzzle", "GridRules"),
    "contract.scene": ("Scene",),
    "contract.answer_line": ("AnswerLine", "COST", "COST_AND_MOVES"),
    "graph.weights": ("INFINITY", "Lex"),
    "graph.state_graph": ("StateGraph",),
    "puzzles": ("get_puzzle",),
    "search": ("SEARCHES",),
    "settings.resolve": ("Settings",),
    "solving.driver": ("run", "solve_text"),
    "views.grade_report": ("grade_model",),
    "errors": ("ContractError", "InputError", "StategraphError", "VerificationError"),
}
_LEAVING = {  # names the top level offered in 0.1, reachable by their modules (a DeprecationWarning here)
    "contract.puzzle": ("Model", "Puzzle"),
    "graph.canonical": ("canonical_path",),
    "graph.state_graph": ("WeightProfile",),
    "graph.weights": ("ScalarEncoding",),
    "search": ("get_search",),
    "search.solution": ("Solution", "solve"),
    "puzzles": ("PUZZLES", "sample_text"),
    "solving.driver": ("applicable_algorithms",),
    "errors": ("ConfigError", "SearchNotApplicable"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
_LEAVING_FROM = {name: module for module, names in _LEAVING.items() for name in names}

if TYPE_CHECKING:  # what mypy reads for ``from stategraph import X`` (at run time: __getattr__ below)
    from .contract.answer_line import COST, COST_AND_MOVES, AnswerLine
    from .contract.first_level import SuccessorPuzzle
    from .contract.grid_puzzle import CharGrid, GridPuzzle, GridRules
    from .contract.scene import Scene
    from .errors import ContractError, InputError, StategraphError, VerificationError
    from .graph.state_graph import StateGraph
    from .graph.weights import INFINITY, Lex
    from .puzzles import get_puzzle
    from .search import SEARCHES
    from .settings.resolve import Settings
    from .solving.driver import run, solve_text
    from .views.grade_report import grade_model

__all__ = sorted(_HOME_OF)


def __getattr__(name: str):
    if name in _HOME_OF:
        value = getattr(import_module(f".{_HOME_OF[name]}", __name__), name)
        globals()[name] = value
        return value
    if name in _LEAVING_FROM:
        return moved.name_from(__name__, name, f"{__name__}.{_LEAVING_FROM[name]}")
    raise AttributeError(f"module 'stategraph' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
