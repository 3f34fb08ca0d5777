"""What every test here shares: the command-line runner, and the ``slow`` mark.

``stategraph_cli`` runs ``stategraph ARGS`` and returns ``Result(status, out, err)``; see
``tests/cli_runner.py`` for its options (``stdin``, ``cwd``, ``env``, ``separate``, ``binary``).

Tests marked ``@pytest.mark.slow`` (the long ones: large graphs, many child processes, the
browser's long walks) are deselected unless ``--slow`` is given: ``python -m pytest -n 2`` is
the quick run, ``python -m pytest -n 2 --slow`` the whole suite (what CI runs).  Mark a whole test
with the decorator; mark some cases of a parametrized one by naming them in the module's
``SLOW_CASES`` (a set of item names, ``"test_name[case-id]"``, or a test's name for all its
cases); or list its node id in ``tests/slow.txt`` (the tests measured slow in the quick run).
Keep a fast test for each area.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cli_runner import run_cli

SLOW_LIST = Path(__file__).with_name("slow.txt")
_COUNTED = pytest.StashKey[set]()  # the slow tests the summary has counted as deselected (xdist)


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (the whole suite, as CI runs it)")


def listed_slow() -> set[str]:
    """The node ids of ``tests/slow.txt``."""
    lines = (line.strip() for line in SLOW_LIST.read_text().splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    listed = listed_slow()
    collected = {item.nodeid for item in items}
    files = {nodeid.split("::")[0] for nodeid in collected}
    stale = sorted(nodeid for nodeid in listed if nodeid.split("::")[0] in files and nodeid not in collected)
    whole_files = not any("::" in arg for arg in config.args) and not config.getoption("keyword")
    if stale and whole_files:
        raise pytest.UsageError(f"tests/slow.txt names tests that are not there: {', '.join(stale[:5])}")
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)
    for item in items:  # a module's SLOW_CASES: the slow cases of parametrized tests ("test[id]", or "test": all)
        named = getattr(getattr(item, "module", None), "SLOW_CASES", ())
        if item.name in named or getattr(item, "originalname", None) in named:
            item.add_marker(pytest.mark.slow)
    if config.getoption("--slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
        if hasattr(config, "workeroutput"):  # an xdist worker: tell the controller, whose summary counts them
            config.workeroutput["slow_deselected"] = [item.nodeid for item in slow]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """Under xdist the workers deselect; the controller's summary line counts them once."""
    counted = node.config.stash.setdefault(_COUNTED, set())
    new = [nodeid for nodeid in getattr(node, "workeroutput", {}).get("slow_deselected", ()) if nodeid not in counted]
    counted.update(new)
    if new:
        node.config.hook.pytest_deselected(items=[SimpleNamespace(nodeid=nodeid) for nodeid in new])


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole run (a worker's, under xdist): each test opens its own tabs and
    closes them.  Skipped, with the reason, where there is none (``tests/headless_chromium.py``)."""
    from headless_chromium import launched

    yield from launched()


@pytest.fixture
def stategraph_cli():
    """The command line: ``stategraph_cli(*args, stdin=None, cwd=None, env=None, separate=False)``."""
    return run_cli
