"""Run every docstring example of the installed package (the runnable API examples)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import stategraph

MODULES = sorted({stategraph.__name__} | {m.name for m in pkgutil.walk_packages(stategraph.__path__, "stategraph.")}
                 - {"stategraph.__main__"})


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_examples_are_really_there():
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for name in MODULES for t in finder.find(importlib.import_module(name)))
    assert examples >= 60
