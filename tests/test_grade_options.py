"""Every value of ``grade``'s budgets out of range is one line and exit status 2, before any grading:
``--max-seconds`` above 0 and at most a day (``nan``, ``inf`` and ``1e300`` refused), ``--max-memory``
from 256 MiB to 1 TiB (a number of a thousand digits shown shortened).  ``-o`` and ``--page`` are refused
before any grading where they would replace what a side loads: a config, or a module a spec or a config
names."""

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


SOURCE = "from stategraph.puzzles.huarong import Huarong as {name}\n"


@pytest.mark.parametrize("option, target", [("-o", "gref.py"), ("-o", "gstud.py"), ("--page", "gstud.py"),
                                            ("-o", "course/gcfg.py"), ("-o", "course/ref.yaml")])
def test_a_written_case_never_replaces_a_module_a_side_loads(option, target, stategraph_cli, tmp_path):
    (tmp_path / "course").mkdir()
    for name, where in (("gref", "gref.py"), ("gstud", "gstud.py"), ("gcfg", "course/gcfg.py")):
        (tmp_path / where).write_text(SOURCE.format(name=name.title()))
    (tmp_path / "course" / "ref.yaml").write_text("puzzle: gcfg:Gcfg\n")
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    reference = "course/ref.yaml" if target.startswith("course/") else "gref:Gref"
    done = stategraph_cli("grade", "gstud:Gstud", "--reference", reference, option, target, cwd=tmp_path)
    assert (done.status, done.out) == (2, "")
    assert done.err.startswith(f"stategraph: error: cannot write the case to {target}: it is the input file ")
    assert done.err.endswith(", which is never replaced\n") and done.err.count("\n") == 1
    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before
