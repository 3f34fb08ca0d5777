"""Every value of ``grade``'s budgets out of range is one line and exit status 2, before any grading:
``--max-seconds`` above 0 and at most a day (``nan``, ``inf`` and ``1e300`` refused), ``--max-memory``
from 256 MiB to 1 TiB (a number of a thousand digits shown shortened)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("option, value, told", [
    ("--max-seconds", "nan", "--max-seconds must be above 0 and at most 86400 (a day), not nan"),
    ("--max-seconds", "inf", "--max-seconds must be above 0 and at most 86400 (a day), not inf"),
    ("--max-seconds", "1e300", "--max-seconds must be above 0 and at most 86400 (a day), not 1e+300"),
    ("--max-seconds", "0", "--max-seconds must be above 0 and at most 86400 (a day), not 0"),
    ("--max-seconds", "-1", "--max-seconds must be above 0 and at most 86400 (a day), not -1"),
    ("--max-memory", str(2**44), f"--max-memory must be at least 256 and at most 1048576 (MiB), not {2**44}"),
    ("--max-memory", "255", "--max-memory must be at least 256 and at most 1048576 (MiB), not 255"),
], ids=["nan", "inf", "1e300", "zero", "negative", "2^44-MiB", "too-little-memory"])
def test_a_budget_out_of_range_is_one_line(option, value, told, stategraph_cli, tmp_path):
    done = stategraph_cli("grade", "pushing_boxes", "--reference", "pushing_boxes", option, value, cwd=tmp_path)
    assert (done.status, done.out, done.err) == (2, "", f"stategraph: error: grade: {told}\n")


def test_a_memory_of_a_thousand_digits_is_shown_shortened(stategraph_cli, tmp_path):
    done = stategraph_cli("grade", "pushing_boxes", "--reference", "pushing_boxes", "--max-memory", "9" * 1000,
                          cwd=tmp_path)
    assert done.status == 2 and done.err.count("\n") == 1 and len(done.err) < 300, done.err[:300]
    assert done.err.startswith("stategraph: error: grade: --max-memory must be at least 256 and at most 1048576")


@pytest.mark.parametrize("option, value", [("--instances", "0"), ("--max-size", "0"), ("--jobs", "-1")])
def test_counts_out_of_range_are_one_line(option, value, stategraph_cli, tmp_path):
    done = stategraph_cli("grade", "pushing_boxes", "--reference", "pushing_boxes", option, value, cwd=tmp_path)
    assert (done.status, done.out) == (2, "")
    assert done.err == "stategraph: error: grade: --instances and --max-size must be positive, --jobs at least 0\n"
