"""The plain YAML reader (start-up, issue 44): whatever it reads, PyYAML's hardened loader reads alike;
whatever it leaves, PyYAML reads or refuses as before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from stategraph.io import plain_yaml, safe_yaml

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = sorted(ROOT.glob("configs/*.yaml")) + sorted(ROOT.glob("examples/*/*.yaml"))
REFUSED = "refused"

KEYS = ["puzzle", "search", "algorithm", "max_rows", "a", "_x", "on_error", "key-dash", "yes", "No", "null", "NULL",
        "y", "n", "True", "off", "x1", "a.b", "1", "-a", "'q'", "a b", "~"]
VALUES = ["bfs", "water_jug:WaterJug", "a:b", "a:", "a::b", "out/q.graphml", "x.", "_", "0", "-0", "+0", "+16", "-5",
          "007", "012", "0x1F", "1_000", "12:30", "1.5", ".inf", ".nan", "1e3", "9" * 18, "9" * 19, "-" + "9" * 18,
          "true", "True", "TRUE", "tRue", "yes", "Yes", "YES", "on", "On", "ON", "no", "No", "NO", "false", "off",
          "Off", "OFF", "y", "n", "Y", "N", "null", "Null", "NULL", "nULL", "~", "{}", "[]", "{a: 1}", "'q'", '"q"',
          "a#b", "2001-12-14", "<<", "=", "-", "?", "!!int 5", "&a x", "*a", "|", ">", "%x", "@x", "`x", "é", "a\tb",
          "x" * 40]
COMMENTS = ["", " # c", "  #", "#c", " #: x", "   "]
PLAIN_KEYS = KEYS[:8]  # (most of the time, a document of these: plain)
PLAIN_VALUES = ["bfs", "water_jug:WaterJug", "a:b", "x.", "0", "-0", "+16", "-5", "9" * 18, "true", "No", "OFF",
                "null", "y", "{}", "out/q.graphml"]


def pyyaml(text: str):
    try:
        return safe_yaml.load_with_pyyaml(text, "t")
    except safe_yaml.YAMLRefusal:
        return REFUSED


def assert_read_alike(text: str) -> bool:
    """Whether the plain reader read ``text``; when it did, PyYAML read the same values, types and order."""
    plain = plain_yaml.read(text)
    if plain is plain_yaml.NOT_PLAIN:
        return False
    assert repr(plain) == repr(pyyaml(text)), text
    return True


def random_document(rng: random.Random) -> str:
    """A few lines, mostly of the plain form, some a little off it."""
    lines, indent, odd = [], 0, rng.random() < 0.3
    keys, values = (KEYS, VALUES) if odd else (PLAIN_KEYS, PLAIN_VALUES)
    for _ in range(rng.randint(1, 8)):
        kind = rng.random()
        pad = " " * (indent if rng.random() < (0.8 if odd else 0.97) else rng.choice([0, 1, 2, 3, 4, 6]))
        if kind < 0.45:
            lines.append(f"{pad}{rng.choice(keys)}:{rng.choice([' ', ' ', '  ', ''])}{rng.choice(values)}"
                         f"{rng.choice(COMMENTS)}")
        elif kind < 0.7:
            lines.append(f"{pad}{rng.choice(keys)}:{rng.choice(COMMENTS)}")
            indent = len(pad) + rng.choice([1, 2, 2, 4])
        elif kind < 0.8:
            indent = max(0, indent - rng.choice([1, 2, 4]))
        elif kind < 0.9:
            lines.append(rng.choice(["", "# comment", "   # indented comment", "  "] + ["---", "...", "- x"] * odd))
        elif odd or len(lines) == 0:
            lines.append(f"{pad}{rng.choice(values)}{rng.choice(COMMENTS)}")
    return "\n".join(lines) + rng.choice(["\n", "", "\n\n"] + ["\r\n"] * odd)


@pytest.mark.parametrize("path", CONFIGS, ids=[f"{p.parent.name}/{p.name}" for p in CONFIGS])
def test_every_shipped_config_is_plain_and_read_alike(path):
    assert assert_read_alike(path.read_text())


def test_random_documents_are_read_alike_or_left_to_pyyaml():
    rng = random.Random(44)
    read = sum(assert_read_alike(random_document(rng)) for _ in range(3000))
    assert read >= 300  # the plain form is met often enough for this to test it


@pytest.mark.parametrize("value", VALUES + KEYS)
def test_every_lone_value_is_read_alike_or_left_to_pyyaml(value):
    for text in (value, f"{value}\n", f"  {value}  # c\n", f"key: {value}\n", f"{value}: 1\n"):
        assert_read_alike(text)


@pytest.mark.parametrize("levels", [18, 19, 20, 21])
def test_nesting_up_to_the_bound_is_plain_and_past_it_refused_by_pyyaml(levels):
    text = "".join(f"{' ' * level}k{level}:\n" for level in range(levels - 1)) + f"{' ' * (levels - 1)}leaf: 1\n"
    assert assert_read_alike(text) == (levels < safe_yaml.MAX_DEPTH)
    assert (pyyaml(text) == REFUSED) == (levels >= safe_yaml.MAX_DEPTH)


def test_what_pyyaml_refuses_is_never_plain():
    for text in ("a: 1\na: 2\n", "a: " + "9" * (safe_yaml.MAX_INT_DIGITS + 1) + "\n", "a: 012\n", "a:\n",
                 "a: " + "x" * (safe_yaml.MAX_SCALAR_LENGTH + 1) + "\n",
                 "".join(f"k{i}: {i}\n" for i in range(safe_yaml.MAX_NODES // 2))):
        assert plain_yaml.read(text) is plain_yaml.NOT_PLAIN and pyyaml(text) in (REFUSED, {"a": None}), text[:40]
