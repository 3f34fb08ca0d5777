"""The top level offers the few names a user needs, each documented; every import path the docs
and examples have shown still works for one release, with a ``DeprecationWarning`` at the user's
line that names where the name lives now."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import stategraph
from stategraph import moved

API = Path(__file__).resolve().parent.parent / "docs" / "api"

SHOWN = [  # the imports of docs/, examples/ and the README in the project's history that no longer hold as written
    ("stategraph.answer_line", "AnswerLine"), ("stategraph.answer_line", "COST"),
    ("stategraph.checks", "CONFIRMED"), ("stategraph.checks", "OPTIMALITY_UNCONFIRMED"),
    ("stategraph.checks", "Answer"), ("stategraph.model", "WeightProfile"), ("stategraph.puzzle", "Model"),
    ("stategraph.puzzle", "Puzzle"), ("stategraph.settings", "Settings"), ("stategraph.state_graph", "StateGraph"),
    ("stategraph.state_graph", "WeightProfile"), ("stategraph.successor", "SuccessorPuzzle"),
    ("stategraph.textinput", "Tokens"), ("stategraph", "solve"), ("stategraph", "sample_text"),
    ("stategraph", "WeightProfile"), ("stategraph", "applicable_algorithms"), ("stategraph", "PUZZLES"),
    ("stategraph.views.compare", "plot"),
]
MOVED_NAMES = {"stategraph.settings": "stategraph.settings.resolve",  # a module's names that moved, to their home
               "stategraph.views.compare": "stategraph.views.compare_plot"}
MOVED_HELPERS = {  # names that moved when a module was split, to their home
    **{("stategraph.views.draw", name): "stategraph.views.graph_layout"
       for name in ("COPY_GAP", "group_label", "reached_depths", "spread")},
    **{("stategraph.views.draw", name): "stategraph.views.scene_render" for name in ("OTHER_MARK", "OTHER_TRAIL")},
    ("stategraph.io.graph_read", "state_graph"): "stategraph.io.graph_problem",
    ("stategraph.views.page", "json_size"): "stategraph.views.page_html",
    ("stategraph.views.page", "policy"): "stategraph.views.page_html",
    ("stategraph.views.page", "cell_of"): "stategraph.views.graph_layout",
    ("stategraph.views.page", "settle_order"): "stategraph.views.page_replays",
    ("stategraph.views.page", "MAX_REPLAY_FRAMES"): "stategraph.views.page_replays",
    ("stategraph.solving.workers", "RemoteTraceback"): "stategraph.solving.carried",
}


def test_the_top_level_offers_about_fifteen_names_and_star_gives_just_those():
    names: dict = {}
    exec("from stategraph import *", names)
    assert set(names) - {"__builtins__"} == set(stategraph.__all__)
    assert 15 <= len(stategraph.__all__) <= 21


@pytest.mark.parametrize("name", stategraph.__all__)
def test_each_public_name_has_a_reference_entry(name):
    value = getattr(stategraph, name)
    home = getattr(value, "__module__", None) or next(m for m, ns in stategraph._HOMES.items() if name in ns)
    written = "\n".join(path.read_text() for path in API.glob("*.rst"))
    assert re.search(rf"\b(stategraph|{re.escape(home)})\.{name}\b", written), name


def new_home(module: str, name: str) -> str:
    """Where an old path's name lives now, by the tables."""
    if module == "stategraph":
        return f"stategraph.{stategraph._LEAVING_FROM[name]}"
    if (module, name) in MOVED_HELPERS:
        return MOVED_HELPERS[module, name]
    if module in MOVED_NAMES:
        return MOVED_NAMES[module]
    return f"stategraph.{moved.MODULES[module.removeprefix('stategraph.')]}"


@pytest.mark.parametrize("module, name", SHOWN + list(MOVED_HELPERS))
def test_an_import_the_docs_once_showed_works_and_says_where_the_name_lives(module, name, tmp_path):
    """In a fresh interpreter: the name is the very object of its new home, and the one warning
    points at the user's own line and names that home."""
    home = new_home(module, name)
    script = tmp_path / "plugin.py"
    script.write_text(f"import importlib, warnings\nwarnings.simplefilter('always')\nfrom {module} import {name}\n"
                      f"assert {name} is getattr(importlib.import_module({home!r}), {name!r})\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    told = re.findall(r"^(.*):(\d+): DeprecationWarning: (\S+) is deprecated: import from (\S+) ", done.stderr, re.M)
    assert [(Path(where), line, new) for where, line, _, new in told] == [(script, "3", home)]
    assert told[0][2] in (module, f"{module}.{name}")  # the old module, or the old package's name


@pytest.mark.parametrize("old", sorted(moved.MODULES))
def test_every_moved_module_forwards_to_its_new_home(old):
    new = importlib.import_module(f"stategraph.{moved.MODULES[old]}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sys.modules.pop(f"stategraph.{old}", None)
        forwarded = importlib.import_module(f"stategraph.{old}")
    assert [w.category for w in caught] == [DeprecationWarning]
    assert f"import from {new.__name__} " in str(caught[0].message)
    public = [n for n in vars(new) if not n.startswith("_")]
    assert public and all(getattr(forwarded, n) is getattr(new, n) for n in public)


def test_a_name_that_never_was_is_still_an_error():
    with pytest.raises(ImportError):
        importlib.import_module("stategraph.no_such_module")
    with pytest.raises(AttributeError, match="no_such_name"):
        stategraph.no_such_name  # noqa: B018
    with pytest.raises(ImportError, match="Nope"):
        exec("from stategraph.settings import Nope", {})


def test_the_current_names_do_not_warn():
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c",
                           f"from stategraph import {', '.join(stategraph.__all__)}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
