"""A graded counterexample as one page: the reference's and the student's ``view`` pages side by side.

Each side's page is built in that side's own child process (neither side's code runs here) and
framed in a sandboxed ``<iframe srcdoc>`` of its own.
"""

from __future__ import annotations

import html

from ..settings.resolve import Settings
from ..solving.grade import Case
from ..solving.sandbox import MAX_MEMORY, MAX_SECONDS, Sandbox, Side
from .page import page
from .page_html import asset, source_hash

STYLE = ("body{font-family:sans-serif;margin:1em}.sides{display:flex;gap:1em}.sides section{flex:1;min-width:0}"
         "iframe{width:100%;height:1200px;border:1px solid #ccc}pre{background:#f6f6f6;padding:.5em}")


def side_page(settings: Settings, text: str, instance: int | None = None, query: int | None = None) -> str:
    """The view page of a question of ``text`` (default the first) under ``settings`` (run in the
    side's child)."""
    return page(settings, text, instance, query).html


def case_page(reference: Side, student: Side, case: Case, names: tuple[str, str],
              max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY, isolate: bool = False) -> str:
    """The page of ``case``: both sides' view pages, framed side by side, with why they disagree
    (where a side's page cannot be built, why not)."""
    asked = {} if case.question is None else {key: case.reference.answers[case.question][key]
                                                 for key in ("instance", "query")}  # where they disagree
    frames = ""
    for role, side, name in (("reference", reference, names[0]), ("student", student, names[1])):
        with Sandbox(side, max_seconds, max_memory, isolate) as box:
            built = box.answer(case.text, "page", asked)
        if built.kind == "answer" and isinstance(built.answers, str):
            frames += _section(f"{role}: {name}", built.answers)
        else:  # a path its puzzle's pictures cannot follow, say: the other side still shows the case
            frames += _section(f"{role}: {name}", None, f"its page could not be built: {built.message}")
    policy = (f"default-src 'none'; script-src {source_hash(asset('page.js'))}; "
              f"style-src {source_hash(asset('page.css'))} {source_hash(STYLE)}; img-src data:; form-action 'none'; "
              "base-uri 'none'")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
            f"<title>counterexample: {html.escape(names[1])}</title><style>{STYLE}</style></head><body>"
            f"<h1>{html.escape(names[1])} against {html.escape(names[0])}</h1><p>{html.escape(case.why or '')}</p>"
            f"<pre>{html.escape(case.text)}</pre><div class=\"sides\">{frames}</div></body></html>\n")


def _section(title: str, body: str | None, instead: str = "") -> str:
    """One side: its page in a sandboxed frame, or ``instead`` (a line of text)."""
    if body is None:
        return f"<section><h2>{html.escape(title)}</h2><p>{html.escape(instead)}</p></section>"
    shown = (f'<iframe sandbox="allow-scripts" title="{html.escape(title, quote=True)}" '
             f'srcdoc="{html.escape(body, quote=True)}"></iframe>')
    return f"<section><h2>{html.escape(title)}</h2>{shown}</section>"
