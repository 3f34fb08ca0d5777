"""The Content-Security-Policy of ``stategraph view``'s page, read from the written file: it lets
run only the page's own inline script and style, by hashes recomputed here from their elements'
text, and nothing in the markup needs more (no ``on*=`` handler, no ``style=`` attribute).  That
a browser enforces it, and that the page works under it: tests/test_views_page_browser.py."""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
from html.parser import HTMLParser

import pytest

from stategraph import get_puzzle
from stategraph.cli.main import main

PAGE = importlib.import_module("stategraph.views.page")
PUZZLES = ("pushing_boxes", "huarong", "arrow_maze")


class Markup(HTMLParser):
    """Every start tag with its attributes, and the text of each ``<script>`` and ``<style>``."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.texts: list[tuple[str, dict, str]] = []
        self._open: tuple[str, dict] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag in ("script", "style"):
            self._open = (tag, attributes)
            self.texts.append((tag, attributes, ""))

    def handle_data(self, data):
        if self._open is not None:
            tag, attributes, text = self.texts[-1]
            self.texts[-1] = (tag, attributes, text + data)

    def handle_endtag(self, tag):
        if self._open is not None and tag == self._open[0]:
            self._open = None

    def policy(self) -> dict[str, list[str]]:
        [meta] = [a for t, a in self.tags
                  if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
        directives: dict[str, list[str]] = {}
        for part in meta["content"].split(";"):
            name, *values = part.split()
            assert name not in directives, f"{name} given twice"
            directives[name] = values
        return directives


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def written(tmp_path, capsys, puzzle: str) -> str:
    source = tmp_path / "in.txt"
    source.write_text(get_puzzle(puzzle).sample_text())
    out = tmp_path / "page.html"
    capsys.readouterr()
    assert main(["view", puzzle, str(source), "-o", str(out)]) == 0, capsys.readouterr().err
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_policy_hashes_the_pages_own_script_and_style(puzzle, tmp_path, capsys):
    markup = Markup(written(tmp_path, capsys, puzzle))
    policy = markup.policy()
    scripts = [text for tag, attrs, text in markup.texts if tag == "script" and attrs.get("type") != "application/json"]
    styles = [text for tag, _, text in markup.texts if tag == "style"]
    assert len(scripts) == 1 and len(styles) == 1 and all(s.strip() for s in scripts + styles)
    assert sorted(policy["script-src"]) == sorted(map(sha256, scripts))
    assert sorted(policy["style-src"]) == sorted(map(sha256, styles))
    everything = " ".join(value for values in policy.values() for value in values)
    assert "unsafe" not in everything and "*" not in everything and "http" not in everything
    assert policy["default-src"] == ["'none'"]
    assert policy["form-action"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    images = [a["href"] for t, a in markup.tags if t == "link" and a.get("rel") == "icon"] + \
        [a["src"] for t, a in markup.tags if t == "img"]
    assert all(image.startswith("data:") for image in images)  # images only from data: URLs, if any
    assert policy.get("img-src", []) == (["data:"] if images else [])
    assert set(policy) == {"default-src", "script-src", "style-src", "form-action", "base-uri"} | \
        ({"img-src"} if images else set())
    data = [(attrs, text) for tag, attrs, text in markup.texts if attrs.get("type") == "application/json"]
    assert len(data) == 1 and json.loads(data[0][1])["puzzle"] == puzzle  # data, never run: no hash needed


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_markup_needs_no_inline_handler_or_style_attribute(puzzle, tmp_path, capsys):
    markup = Markup(written(tmp_path, capsys, puzzle))
    handlers = [(t, name) for t, a in markup.tags for name in a if name.lower().startswith("on")]
    styled = [t for t, a in markup.tags if "style" in a]
    assert handlers == [] and styled == []
    assert not [t for t, a in markup.tags if t in ("base", "form", "iframe", "object", "embed")]
    assert not [a for t, a in markup.tags if t == "meta" and a.get("http-equiv", "").lower() == "refresh"]
    assert not [a for t, a in markup.tags for v in a.values() if v and v.strip().lower().startswith("javascript:")]


def test_hostile_text_in_the_data_adds_no_markup(tmp_path, capsys):
    """Markup in a title or a label stays text: the same tags, the same hashes, still valid."""
    markup = Markup(written(tmp_path, capsys, "arrow_maze"))
    built = PAGE.page("arrow_maze", get_puzzle("arrow_maze").sample_text())
    hostile = '"><script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://example.com"><b onclick=x>'
    built.data["title"] = built.data["graph"]["labels"][0] = hostile
    again = Markup(PAGE.render(built.data))
    assert [t for t, _ in again.tags] == [t for t, _ in markup.tags]
    assert again.policy() == markup.policy()
    data = [text for tag, attrs, text in again.texts if attrs.get("type") == "application/json"]
    assert json.loads(data[0])["graph"]["labels"][0] == hostile
