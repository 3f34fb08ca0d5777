"""The page's HTML: its template filled with its style, script and data inline (:func:`render`),
its Content-Security-Policy (:func:`policy`), and its size counted before anything is written
(:func:`page_size`, :func:`json_size`), for :mod:`stategraph.views.page` and the grading page."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
from functools import cache
from importlib.resources import files


@cache
def asset(name: str) -> str:
    return files("stategraph.views").joinpath("page_assets", name).read_text(encoding="utf-8")


# what the data's strings become in the page, besides JSON's own escapes: nothing in them can
# close the script element or end a JavaScript line
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_GROWTH = {char: len(escaped) - len(char.encode("utf-8")) for char, escaped in _ESCAPES.items()}


def render(data: dict) -> str:
    """The whole page: the template with its style, script and data inline."""
    encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    for char, escaped in _ESCAPES.items():
        encoded = encoded.replace(char, escaped)
    return _framed(data["title"], encoded)


def _framed(title: str, encoded: str) -> str:
    """The template filled: ``title``, the style, the script, their hashes and the data ``encoded``."""
    style, script = asset("page.css"), asset("page.js")
    parts = {"title": html.escape(title), "policy": policy(style, script), "style": style, "script": script,
             "data": encoded}
    return re.sub(r"\{\{(\w+)\}\}", lambda found: parts[found.group(1)], asset("page.html"))


def policy(style: str, script: str) -> str:
    """The page's Content-Security-Policy: only the inline ``style`` and ``script`` given (by the
    SHA-256 of their exact text as UTF-8), the ``data:`` icon, no request, form or ``<base>``."""
    return (f"default-src 'none'; script-src {source_hash(script)}; style-src {source_hash(style)}; img-src data:; "
            "form-action 'none'; base-uri 'none'")


def source_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page_size(data: dict) -> int:
    """The bytes of the page of ``data`` (every key the page would hold, or some: then those
    keys' part of it), counted without writing it: the frame and :func:`json_size` of the data."""
    return len(_framed(data.get("title", ""), "").encode("utf-8")) + json_size(data)


def json_size(value) -> int:
    """The bytes (UTF-8) of ``value`` as :func:`render` writes it: ``json.dumps`` without spaces, a
    string's characters that :data:`_ESCAPES` names escaped again, anything else as its ``str``.

    >>> value = {"a": [1, 2.5, None, True], "b": "<\u00e9\\n>"}
    >>> written = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    >>> json_size(value) == len(written.encode()) + 2 * 5  # < and > escaped again: 5 bytes more each
    True
    """
    if isinstance(value, str):
        return _string_size(value)
    if value is None or value is True:
        return 4
    if value is False:
        return 5
    if isinstance(value, int):
        return len(int.__repr__(value))
    if isinstance(value, float):
        return len(float.__repr__(value) if math.isfinite(value) else json.dumps(value))
    if isinstance(value, dict):
        return 1 + sum(_string_size(key if isinstance(key, str) else json.dumps(key).strip('"')) + 2 + json_size(item)
                       for key, item in value.items()) + (not value)
    if isinstance(value, list | tuple):
        return 1 + sum(json_size(item) + 1 for item in value) + (not value)
    return _string_size(str(value))  # render's default=str


def _string_size(text: str) -> int:
    """The bytes of one string in the page, quoted and escaped: counted, not copied, when it is
    printable ASCII (only ``"``, backslash and :data:`_ESCAPES`' ``<>&`` grow); else quoted by
    JSON itself (a copy of this string alone)."""
    if text.isascii() and text.isprintable():
        grown = sum(text.count(char) * _GROWTH[char] for char in "<>&")
        return len(text) + 2 + text.count('"') + text.count("\\") + grown
    grown = sum(text.count(char) * growth for char, growth in _GROWTH.items())
    return len(json.dumps(text, ensure_ascii=False).encode("utf-8", "surrogatepass")) + grown
