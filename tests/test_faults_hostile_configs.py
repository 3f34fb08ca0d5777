"""Hostile configs and ``--set`` values: each is one short error line with status 2, in bounded memory.

Every case runs in-process through ``load_config`` or ``parse_assignment`` + ``apply_overrides``;
the cases marked ``CLI`` also run ``python -m stategraph solve`` in a subprocess whose address space
is capped at 512 MB, so an alias bomb or a huge integer that were expanded would fail the test (by a
MemoryError traceback) instead of taking minutes and gigabytes.  Each subprocess runs in its case's
own test (so under xdist only on the worker that runs that test), from the main thread
(``preexec_fn`` is not safe with threads).
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from stategraph.errors import StategraphError
from stategraph.io import safe_yaml
from stategraph.settings.config import (
    MAX_CONFIG_BYTES,
    apply_overrides,
    default_config,
    load_config,
    load_config_text,
    parse_assignment,
)

INPUT = b"1 3\nSBT\n0 0\n"  # a small valid Pushing Boxes input
MEMORY = 512 * 2**20
MESSAGE_LENGTH = 300

# nine levels of `&x [*w, *w, ...]` (about 420 bytes): 9**9 strings once expanded, as a repr() did
ALIAS_BOMB_FLOW = "[&a [lol, lol, lol, lol, lol, lol, lol, lol, lol], " + ", ".join(
    f"&{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi")) + "]"
ALIAS_BOMB = "puzzle: pushing_boxes\nlimits:\n  max_rows: " + ALIAS_BOMB_FLOW + "\n"


def _cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_solve(args: list, folder: Path) -> tuple:
    """``(returncode, stdout, stderr)`` of ``stategraph solve ARGS`` run in ``folder``, in 512 MB."""
    (folder / "input.txt").write_bytes(INPUT)
    with open(folder / "input.txt", "rb") as stdin, open(folder / "out", "wb") as out, \
            open(folder / "err", "wb") as err:
        status = subprocess.run([sys.executable, "-m", "stategraph", "solve", *args], stdin=stdin, stdout=out,
                                stderr=err, cwd=folder, preexec_fn=_cap_memory, timeout=120).returncode
    return status, (folder / "out").read_bytes(), (folder / "err").read_bytes()


def assert_one_short_error(result, fragment: str):
    status, stdout, stderr_bytes = result
    stderr = stderr_bytes.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr[-2000:]
    assert status == 2, stderr[:2000]
    assert stdout == b""
    assert len(stderr) < MESSAGE_LENGTH, stderr[:2000]
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert stderr.startswith("stategraph: error: "), stderr
    assert fragment in stderr, stderr
    assert "hacked" not in stderr and b"hacked" not in stdout


def assert_short_config_error(call, fragment: str):
    with pytest.raises(StategraphError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message and len(message) < MESSAGE_LENGTH - len("stategraph: error: "), message[:2000]
    assert fragment in message, message


def _nested_block_sequences(depth: int) -> str:
    return "puzzle: pushing_boxes\nlimits:\n  max_rows:\n" + "".join(
        "  " * (level + 2) + "-\n" for level in range(depth))


def _nested_block_mappings(depth: int) -> str:
    return "puzzle: pushing_boxes\n" + "".join(" " * level + "a:\n" for level in range(depth))


HOSTILE_FILES = [
    ("alias-bomb", ALIAS_BOMB, "c.yaml:3: not valid YAML for stategraph: anchors and aliases are not "
                               "allowed, found the anchor '&a'"),
    ("alias-in-options", "puzzle: pushing_boxes\nsearch:\n  options: &o {stop_at_target: true}\n",
     "c.yaml:3: not valid YAML for stategraph: anchors and aliases are not allowed"),
    ("undefined-alias", "puzzle: pushing_boxes\nlimits: {max_rows: *nowhere}\n", "found the alias '*nowhere'"),
    ("5000-digit-integer", "puzzle: pushing_boxes\nlimits: {max_rows: " + "9" * 5000 + "}\n",
     "c.yaml:2: not valid YAML for stategraph: an integer of 5000 digits is too long (at most 18)"),
    ("5000-digit-negative", "puzzle: pushing_boxes\nlimits: {max_rows: -" + "10" * 2500 + "}\n",
     "an integer of 5000 digits is too long"),
    ("underscored-integer", "puzzle: pushing_boxes\nlimits: {max_rows: -" + "1_0" * 2500 + "}\n",
     "is not a decimal integer"),
    ("1000-deep-flow", "puzzle: pushing_boxes\nlimits: {max_rows: " + "[" * 1000 + "]" * 1000 + "}\n",
     "c.yaml:2: not valid YAML for stategraph: nesting deeper than 20 levels"),
    ("1000-deep-flow-mappings", "puzzle: pushing_boxes\nsearch: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n",
     "nesting deeper than 20 levels"),
    ("1000-deep-block-sequences", _nested_block_sequences(1000), "nesting deeper than 20 levels"),
    ("1000-deep-block-mappings", _nested_block_mappings(1000), "c.yaml:21: not valid YAML for stategraph: "
                                                              "nesting deeper than 20 levels"),
    ("duplicate-puzzle", "puzzle: pushing_boxes\nlimits: {}\npuzzle: huarong\n",
     "c.yaml:3: not valid YAML for stategraph: duplicate key 'puzzle' (lines 1 and 3)"),
    ("duplicate-nested-key", "puzzle: pushing_boxes\nlimits:\n  max_rows: 3\n  max_rows: 4\n",
     "c.yaml:4: not valid YAML for stategraph: duplicate key 'max_rows' (lines 3 and 4)"),
    ("duplicate-flow-key", "puzzle: pushing_boxes\nsearch: {options: {stop_at_target: true, stop_at_target: 0}}\n",
     "duplicate key 'stop_at_target' (lines 2 and 2)"),
    ("2MB-file", "puzzle: pushing_boxes\n" + "# padding\n" * 200_000,
     f"c.yaml: the config file is larger than {MAX_CONFIG_BYTES} bytes"),
    ("1MB-scalar", "puzzle: pushing_boxes\nexport: {graphml: " + "x" * (MAX_CONFIG_BYTES - 100) + "}\n",
     "c.yaml:2: not valid YAML for stategraph: a value of 1048476 characters is too long (at most 10000)"),
    ("many-values", "puzzle: pushing_boxes\n" + "".join(f"k{i}: {i}\n" for i in range(60_000)),
     "more than 10000 values in one document"),
    ("binary", b"puzzle: pushing_boxes\n\xff\xfe\x00\x80 binary\n", "c.yaml:2: the config file is not UTF-8 text"),
    ("nul-character", "puzzle: pushing_boxes\x00\n", "unacceptable character #x0000"),
    ("empty", "", "c.yaml: a config must be a mapping of keys, found nothing"),
    ("top-level-list", "- puzzle: pushing_boxes\n", "c.yaml: a config must be a mapping of keys, found a list"),
    ("top-level-scalar", "pushing_boxes\n", "c.yaml: a config must be a mapping of keys, found a string"),
    ("python-object-tag", "puzzle: !!python/object/apply:os.system ['echo hacked']\n",
     "tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    ("500KB-tag", "puzzle: !<" + "t" * 500_000 + "> pushing_boxes\n", "is not allowed"),
    ("500KB-tag-handle", "puzzle: !" + "h" * 500_000 + "!x pushing_boxes\n", "found undefined tag handle"),
    ("bad-explicit-int", "puzzle: pushing_boxes\nlimits: {max_rows: !!int ''}\n",
     "c.yaml:2: not valid YAML for stategraph: '' is not a decimal integer"),
    ("bad-explicit-timestamp", "puzzle: pushing_boxes\nlimits: {max_rows: !!timestamp never}\n",
     "cannot read 'never' as 'tag:yaml.org,2002:timestamp'"),
    ("merge-key", "puzzle: pushing_boxes\n<<: {puzzle: huarong}\n", "merge keys (<<) are not allowed"),
    ("two-documents", "puzzle: pushing_boxes\n---\npuzzle: huarong\n",
     "c.yaml:2: not valid YAML for stategraph: expected a single document in the stream, but found another"),
    ("list-under-limits", "puzzle: pushing_boxes\nlimits: {max_rows: [1, 2]}\n",
     "c.yaml: key 'limits.max_rows' must be a positive integer of at most 100000000, found a list"),
    ("mapping-under-limits", "puzzle: pushing_boxes\nlimits: {max_rows: {a: 1}}\n",
     "key 'limits.max_rows' must be a positive integer of at most 100000000, found a mapping"),
    ("huge-limit", "puzzle: pushing_boxes\nlimits: {max_rows: 999999999999}\n",
     "key 'limits.max_rows' must be a positive integer of at most 100000000, found 999999999999"),
    ("float-limit", "puzzle: pushing_boxes\nlimits: {max_cols: -1.0e+999}\n",
     "key 'limits.max_cols' must be a positive integer of at most 100000000, found -inf"),
    ("list-under-options", "puzzle: pushing_boxes\nsearch: {options: {stop_at_target: [true]}}\n",
     "c.yaml: key 'search.options': option 'stop_at_target' of astar must be true or false, found a list"),
    ("long-puzzle-name", "puzzle: " + "p" * 9_000 + "\n", "c.yaml: key 'puzzle': unknown puzzle 'ppppp"),
    ("long-unknown-key", "puzzle: pushing_boxes\n? " + "k" * 9_000 + "\n: 1\n", "c.yaml: unknown key 'kkkk"),
    ("long-option-name", "puzzle: pushing_boxes\nsearch:\n  options:\n    ? " + "o" * 9_000 + "\n    : true\n",
     "astar has no option 'ooooo"),
    ("long-format", "puzzle: pushing_boxes\noutput: {format: " + "f" * 9_000 + "}\n",
     "key 'output.format': must be one of text, json, found 'fffff"),
    ("unhashable-key", "puzzle: pushing_boxes\n? [a, b]\n: 1\n", "a mapping key must be a plain value"),
]


CLI_FILES = ["alias-bomb", "alias-in-options", "5000-digit-integer", "1000-deep-flow", "1000-deep-block-sequences",
             "1000-deep-block-mappings", "duplicate-puzzle", "duplicate-nested-key", "2MB-file", "1MB-scalar",
             "binary", "empty", "top-level-list", "python-object-tag", "list-under-limits", "list-under-options"]


def _as_bytes(text) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


@pytest.mark.parametrize("text,fragment", [case[1:] for case in HOSTILE_FILES],
                         ids=[case[0] for case in HOSTILE_FILES])
def test_hostile_config_file_is_one_short_config_error(text, fragment, tmp_path, monkeypatch):
    (tmp_path / "c.yaml").write_bytes(_as_bytes(text))
    monkeypatch.chdir(tmp_path)
    assert_short_config_error(lambda: load_config("c.yaml"), fragment)


HOSTILE_SETS = [
    ("anchor", "limits.max_rows=&a [1]", "--set 'limits.max_rows=&a [1]': the value is not valid YAML for "
                                         "stategraph: anchors and aliases are not allowed, found the anchor '&a'"),
    ("alias", "search.options.stop_at_target=*a", "found the alias '*a'"),
    ("alias-bomb", "limits.max_rows=" + ALIAS_BOMB_FLOW, "anchors and aliases are not allowed"),
    ("5000-digits", "limits.max_rows=" + "7" * 5000, "an integer of 5000 digits is too long (at most 18)"),
    ("1000-deep-flow", "limits.max_rows=" + "[" * 1000 + "]" * 1000, "nesting deeper than 20 levels"),
    ("300-deep-block", "limits.max_rows=\n" + "".join(" " * level + "a:\n" for level in range(300)),
     "nesting deeper than 20 levels (line 21 of the value)"),
    ("duplicate-key", "search.options={stop_at_target: true, stop_at_target: false}",
     "duplicate key 'stop_at_target'"),
    ("long-scalar", "export.graphml=" + "g" * 100_000, "a value of 100000 characters is too long"),
    ("list-under-limits", "limits.max_rows=[1]",
     "key 'limits.max_rows' must be a positive integer of at most 100000000, found a list"),
    ("mapping-under-options", "search.options.stop_at_target={a: 1}",
     "key 'search.options': option 'stop_at_target' of astar must be true or false, found a mapping"),
    ("mapping-of-lists-under-options", "search.options={stop_at_target: [[true]]}",
     "must be true or false, found a list"),
    ("python-tag", "limits.max_rows=!!python/object/apply:os.system ['echo hacked']", "is not allowed"),
    ("control-character", "limits.max_rows=\x01", "unacceptable character #x0001"),
    ("long-key", "k" * 10_000 + "=1", "the key is 10000 characters long (at most 50)"),
    ("deep-key", "a.b.c.d.e.f=1", "--set 'a.b.c.d.e.f=1': the key has 6 dotted parts (at most 3"),
    ("long-key-no-value", "k" * 100_000, "expected KEY=VALUE"),
]


CLI_SETS = ["anchor", "alias-bomb", "5000-digits", "1000-deep-flow", "300-deep-block", "duplicate-key",
            "list-under-limits", "long-key"]


@pytest.mark.parametrize("assignment,fragment", [case[1:] for case in HOSTILE_SETS],
                         ids=[case[0] for case in HOSTILE_SETS])
def test_hostile_set_value_is_one_short_config_error(assignment, fragment):
    base = default_config("pushing_boxes")
    assert_short_config_error(lambda: apply_overrides(base, dict([parse_assignment(assignment)]), "command line"),
                              fragment)


CLI_CASES = ([("file", name, dict((c[0], c[2]) for c in HOSTILE_FILES)[name]) for name in CLI_FILES]
             + [("set", name, dict((c[0], c[2]) for c in HOSTILE_SETS)[name]) for name in CLI_SETS])


@pytest.mark.parametrize("kind,name,fragment", CLI_CASES, ids=[f"{k}-{n}" for k, n, _ in CLI_CASES])
def test_hostile_case_through_the_cli_is_one_short_line_with_status_2_in_512MB(kind, name, fragment, tmp_path):
    if kind == "file":
        (tmp_path / "c.yaml").write_bytes(_as_bytes(dict((c[0], c[1]) for c in HOSTILE_FILES)[name]))
        args = ["--config", "c.yaml"]
    else:
        args = ["pushing_boxes", "--set", dict((c[0], c[1]) for c in HOSTILE_SETS)[name]]
    assert_one_short_error(run_solve(args, tmp_path), fragment)


def test_the_cli_table_is_large_enough():
    assert len(CLI_FILES) >= 15 and len(CLI_SETS) >= 8
    assert set(CLI_FILES) <= {c[0] for c in HOSTILE_FILES} and set(CLI_SETS) <= {c[0] for c in HOSTILE_SETS}


def test_the_bounds_leave_ordinary_configs_alone():
    text = ("puzzle: pushing_boxes  # comment\nsearch:\n  algorithm: dijkstra\n  options: {stop_at_target: no}\n"
            "output: {format: json, stats: true}\nlimits: {max_rows: 1000000, max_cols: +16}\n")
    config = load_config_text(text, "c.yaml")
    assert config["search"]["options"] == {"stop_at_target": False}
    assert config["limits"] == {"max_rows": 10**6, "max_cols": 16}
    assert safe_yaml.load("a: " + "9" * 18 + "\nb: '" + "x" * safe_yaml.MAX_SCALAR_LENGTH + "'\n", "t") == {
        "a": int("9" * 18), "b": "x" * safe_yaml.MAX_SCALAR_LENGTH}
    deep = "[" * (safe_yaml.MAX_DEPTH - 1) + "]" * (safe_yaml.MAX_DEPTH - 1)
    assert safe_yaml.load(f"a: {deep}", "t")["a"] is not None
    with pytest.raises(safe_yaml.YAMLRefusal, match="nesting deeper than 20 levels"):
        safe_yaml.load(f"a: [{deep}]", "t")
    assert parse_assignment("limits.max_rows= 1000") == ("limits.max_rows", 1000)


@pytest.mark.parametrize("written", ["12:30", "0x12C", "012", "1_000", "0b101", "-0x1"])
def test_integers_are_read_as_decimal_digits_only(written):
    """YAML 1.1 reads these as 750, 300, 10, 1000, 5 and -1: a config never means that."""
    for call in (lambda: load_config_text(f"puzzle: pushing_boxes\nlimits: {{max_rows: {written}}}\n", "c.yaml"),
                 lambda: parse_assignment(f"limits.max_rows={written}")):
        assert_short_config_error(call, "is not a decimal integer")


@pytest.mark.parametrize("empty", ["", "~", "null", "Null"])
@pytest.mark.parametrize("key", ["limits.max_rows", "output.stats", "search.algorithm", "verify.max_seconds",
                                 "export.instance", "search.options.stop_at_target", "model"])
def test_an_empty_value_is_refused_where_a_key_needs_one(key, empty):
    config = load_config_text("puzzle: pushing_boxes\n", "c.yaml")
    assert_short_config_error(lambda: apply_overrides(config, dict([parse_assignment(f"{key}={empty}")])),
                              key.rpartition(".")[2])


# --- fuzzing: whatever the text, only a StategraphError of one short line may come out ---

PIECES = [":", ": ", " ", "  ", "\n", "\n  ", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "&b ", "*b", "!!str ",
          "!!int ", "!!float ", "!!map ", "!!seq ", "!!set ", "!!binary ", "!!timestamp ", "!!python/object ",
          "!x ", "!<tag:x> ", "<<", "? ", "'", '"', "#", "|", ">", "---", "...", "%YAML 1.1\n", "%TAG ! !x\n", "\t",
          "\\", "=", ".", "-", "~", "null", "true", "no", ".inf", ".nan", "0x", "0b", "0o", "1:30", "_",
          "2001-12-14", "puzzle", "pushing_boxes", "huarong", "arrow_maze", "poj1475", "search", "algorithm",
          "options", "stop_at_target", "limits", "max_rows", "max_cols", "max_queries", "max_intersections",
          "max_name_length", "output", "format", "json", "text", "stats", "verify", "export", "graphml", "model",
          "bfs", "dijkstra", "spfa", "astar", "layered_bfs"]
NUMBERS = st.integers(min_value=-10**25, max_value=10**25).map(str)
DOCUMENTS = st.lists(st.one_of(st.sampled_from(PIECES), NUMBERS, st.text(max_size=4)), max_size=60).map("".join)
KEYS = st.sampled_from(["puzzle", "model", "search", "search.algorithm", "search.options",
                        "search.options.stop_at_target", "output", "output.format", "output.stats",
                        "output.verify", "export.graphml", "limits", "limits.max_rows", "limits.max_cols",
                        "limits.max_queries", "nosuch", "search..x", "limits.max_rows.deeper"])


def _only_short_stategraph_errors(call):
    try:
        call()
    except StategraphError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < MESSAGE_LENGTH, message[:2000]
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS)
def test_fuzzed_documents_raise_only_short_stategraph_errors(text):
    _only_short_stategraph_errors(lambda: load_config_text(text, "fuzz.yaml"))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["pushing_boxes", "huarong", "arrow_maze"]),
       st.dictionaries(st.sampled_from(["search", "output", "export", "limits", "model", "options"]),
                       st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                                              st.floats(), st.text(max_size=8)),
                                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                            st.dictionaries(st.sampled_from(PIECES), inner,
                                                                            max_size=3)),
                                    max_leaves=8), max_size=4))
def test_fuzzed_config_shapes_raise_only_short_stategraph_errors(puzzle, sections):
    text = yaml.safe_dump({"puzzle": puzzle, **sections})
    ok = _only_short_stategraph_errors(lambda: load_config_text(text, "fuzz.yaml"))
    if ok:  # what was accepted is well formed
        config = load_config_text(text, "fuzz.yaml")
        assert all(isinstance(v, bool) for v in config["search"]["options"].values())
        assert all(type(v) is int and 1 <= v <= 10**6 for v in config["limits"].values())


@settings(max_examples=300, deadline=None)
@given(st.one_of(KEYS, st.text(max_size=12)),
       st.one_of(DOCUMENTS, NUMBERS, st.sampled_from(PIECES)),
       st.sampled_from(["=", "= ", "", " ="]))
def test_fuzzed_set_values_raise_only_short_stategraph_errors(key, value, sep):
    base = default_config("arrow_maze")

    def apply():
        dotted, parsed = parse_assignment(f"{key}{sep}{value}")
        apply_overrides(base, {dotted: parsed})

    _only_short_stategraph_errors(apply)
    assert base == default_config("arrow_maze")  # the overrides never change the config they are given
