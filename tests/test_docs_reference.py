"""The API reference covers the public names: each one of ``stategraph.__all__`` has its entry in a page of
``docs/api``, and its docstring the numpydoc sections a reader looks for (what ``sphinx-build -W`` in CI
renders; the examples run in tests/test_docs_doctests.py)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import stategraph
from stategraph import SEARCHES
from stategraph.search.solution import solve

PAGES = "".join(path.read_text() for path in (Path(__file__).resolve().parents[1] / "docs" / "api").glob("*.rst"))
SECTION = re.compile(r"^(Parameters|Returns|Yields|Raises|Attributes|Examples)\n-+$", flags=re.M)


def sections(obj) -> set[str]:
    return set(SECTION.findall(inspect.getdoc(obj) or ""))


@pytest.mark.parametrize("name", stategraph.__all__)
def test_every_public_name_has_an_entry_in_the_reference(name):
    home = stategraph._HOME_OF[name]
    assert re.search(rf"^\.\. (auto\w+|py:data):: stategraph\.({home}\.)?{name}$", PAGES, flags=re.M), name


@pytest.mark.parametrize("name", [n for n in stategraph.__all__ if inspect.isfunction(getattr(stategraph, n))])
def test_every_public_function_says_what_it_takes_gives_and_shows(name):
    assert {"Parameters", "Examples"} <= sections(getattr(stategraph, name)), name
    assert sections(getattr(stategraph, name)) & {"Returns", "Yields"}, name


@pytest.mark.parametrize("name", [n for n in stategraph.__all__ if inspect.isclass(getattr(stategraph, n))])
def test_every_public_class_has_numpydoc_sections(name):
    assert sections(getattr(stategraph, name)), name


@pytest.mark.parametrize("name", list(SEARCHES))
def test_every_routine_documents_its_parameters_result_and_an_example(name):
    assert {"Parameters", "Returns", "Examples"} <= sections(SEARCHES[name].run), name


def test_the_sections_are_found_where_they_are():
    assert sections(solve) >= {"Parameters", "Returns", "Raises", "Examples"}
    assert not sections(lambda: None)
