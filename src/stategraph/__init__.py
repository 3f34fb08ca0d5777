"""stategraph: grid puzzles as explicit networkx state graphs, answered by generic shortest paths.

The pipeline is parse -> compile -> search -> canonical path -> decode -> format:

>>> from stategraph import get_puzzle, solve
>>> pb = get_puzzle("pushing_boxes")
>>> maze = next(pb.parse("1 4\\nSB.T\\n0 0\\n"))
>>> model = pb.compile(maze)                  # a networkx.DiGraph inside
>>> model.graph.number_of_nodes(), model.graph.nodes[model.source]["label"]
(3, 'start box=1,2 player=1,1')
>>> pb.decode(maze, solve(model, "layered_bfs"))
'EE'
"""

from .canonical import canonical_path
from .errors import ConfigError, InputError, SearchNotApplicable, StategraphError, VerificationError
from .model import StateModel, WeightProfile
from .pipeline import Solution, solve
from .puzzles import PUZZLES, get_puzzle, sample_text
from .runner import applicable_algorithms, run, settings_for, solve_text
from .search import SEARCHES, get_search
from .weights import Lex, ScalarEncoding

__all__ = [
    "Lex", "ScalarEncoding", "StateModel", "WeightProfile", "Solution", "solve", "canonical_path",
    "PUZZLES", "get_puzzle", "sample_text", "SEARCHES", "get_search", "run", "solve_text",
    "settings_for", "applicable_algorithms", "StategraphError", "InputError", "ConfigError",
    "SearchNotApplicable", "VerificationError",
]
__version__ = "0.1.0"
