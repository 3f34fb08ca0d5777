"""A graded counterexample as one page: the reference's and the student's ``view`` pages side by side.

Each side is the page ``stategraph view`` writes for the question where they disagree, the
student's built in the student's child process (:class:`~stategraph.solving.sandbox.Sandbox`: its
code never runs here).  The two are framed in one file, each in a sandboxed ``<iframe srcdoc>`` whose scripts run
apart; the file's Content-Security-Policy allows only the pages' own style and script (the same
for both) and the frame's style.
"""

from __future__ import annotations

import html
from functools import partial

from ..io.safefile import open_output
from ..settings.resolve import Settings
from ..solving.grade import Case
from ..solving.sandbox import MAX_MEMORY, MAX_SECONDS, Sandbox, Side
from .page import _asset, _hash, page

STYLE = ("body{font-family:sans-serif;margin:1em}.sides{display:flex;gap:1em}.sides section{flex:1;min-width:0}"
         "iframe{width:100%;height:1200px;border:1px solid #ccc}pre{background:#f6f6f6;padding:.5em}")


def side_page(settings: Settings, text: str, instance: int | None = None, query: int | None = None) -> str:
    """The view page of a question of ``text`` (default the first) under ``settings`` (run in the
    student's child)."""
    return page(settings, text, instance, query).html


def case_page(reference: Side, student: Side, case: Case, names: tuple[str, str],
              max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY) -> str:
    """The page of ``case``: both sides' view pages, framed side by side, with why they disagree
    (where the student's page cannot be built, why not)."""
    asked = {} if case.question is None else {key: case.reference.answers[case.question][key]
                                                 for key in ("instance", "query")}  # where they disagree
    ours = side_page(reference.settings(), case.text, **asked)
    with Sandbox(student, max_seconds, max_memory) as box:
        theirs = box.answer(case.text, partial(side_page, **asked))
    if theirs.kind == "answer" and isinstance(theirs.answers, str):
        student_side = _section(f"student: {names[1]}", theirs.answers)
    else:  # a path its puzzle's pictures cannot follow, say: the reference's side still shows the case
        student_side = _section(f"student: {names[1]}", None, f"its page could not be built: {theirs.message}")
    frames = _section(f"reference: {names[0]}", ours) + student_side
    policy = (f"default-src 'none'; script-src {_hash(_asset('page.js'))}; style-src {_hash(_asset('page.css'))} "
              f"{_hash(STYLE)}; img-src data:; form-action 'none'; base-uri 'none'")
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


def write_case_page(reference: Side, student: Side, case: Case, path: str, names: tuple[str, str],
                    max_seconds: float = MAX_SECONDS, max_memory: int = MAX_MEMORY) -> int:
    """Write :func:`case_page` to ``path``, whole or not at all; returns its bytes."""
    encoded = case_page(reference, student, case, names, max_seconds, max_memory).encode("utf-8")
    with open_output(path, "the page") as handle:
        handle.write(encoded)
    return len(encoded)
