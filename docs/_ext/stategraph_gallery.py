"""The gallery of puzzles: a page per puzzle, built by the docs build from runs of the command line.

Every built-in puzzle (on its packaged sample, ``stategraph sample NAME``) and every example of
``examples/*/puzzle.yaml`` (on its ``input.txt``, run from its folder with ``--config
puzzle.yaml``) gets a page ``gallery/NAME.html``: the puzzle's summary and lesson (the first
paragraphs of the example's README, or of the built-in's module docstring that name its default
model), the commands to run it, the pictures ``stategraph draw`` and ``draw --graph`` make of its
first instance, its models' sizes on the whole input (``compare --format json``, every model with
the default routine) and its page (``stategraph view``, first instance) in an ``<iframe>``.
``.. stategraph-gallery::`` (``docs/gallery/index.rst``) is the grid of pictures linking to the
pages.  Nothing is written into the source tree: the pages are generated as ``sphinx.ext.viewcode``
generates its own (``html-collect-pages``), the pictures and pages go to ``gallery/NAME/`` in the
build output, and what a run printed is kept under the doctree folder, keyed by everything it read
(stategraph's own files, the example's, the command, the library versions), so a build reruns only
what changed.

The runs start when the HTML builder starts, ``stategraph_gallery_jobs`` at once (at most one per core,
as ``--jobs``; 0, the default: one per core), each command in a fresh child process (:data:`SERVER`),
and the pages wait for them once every other page is written.  A run that fails is a warning naming the
puzzle and the command (an error under ``sphinx-build -W``), and so is an example without a README
paragraph or an ``input.txt``; ``draw --graph`` refused for a graph above
:data:`stategraph.views.draw.MAX_GRAPH_STATES` states is only noted on the page.  The other settings:
``stategraph_gallery_examples`` (the folder of examples), ``stategraph_gallery_builtins`` (``False``:
the examples alone), ``stategraph_gallery_index`` (the page holding the grid),
``stategraph_gallery_frame`` (the embedded page's height in pixels) and ``stategraph_gallery_timeout``
(seconds a command may run).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
PAGES = "gallery"  # the generated pages' folder in the build output, beside the index
RUNS = ("page", "compare", "graph", "picture")  # the order runs start in: the longest kinds first
FILES = {"page": "page.html", "graph": "graph.svg", "picture": "picture.svg"}  # what a run writes
RECORD_VERSION = "1"  # a kept run of another version is run again


# the puzzles ------------------------------------------------------------------------------------

@dataclass
class Entry:
    """One puzzle of the gallery and how its commands are run."""

    name: str  # the page's name: the example's folder, or the built-in puzzle's name
    puzzle: str  # the puzzle's own name
    summary: str
    model: str  # the default model
    algorithm: str  # the default routine
    models: dict[str, str]  # every model's name and summary, the default first
    lesson: list[str]  # paragraphs, in ``markup``
    markup: str  # "md" (a README) or "rst" (a docstring)
    args: list[str]  # what names the puzzle on the command line
    input: str  # the input file's name, in ``folder``
    folder: Path | None  # the example's folder; None: the built-in's output folder
    sample: str | None = None  # a built-in's sample input, written there
    source: str = ""  # where it comes from, as the page says it

    def commands(self, outputs: dict[str, str] | None = None) -> dict[str, list[str]]:
        """The command line of each run; ``outputs`` names the files they write (default: as shown)."""
        out = outputs or FILES
        given = [*self.args, self.input]
        return {"page": ["view", *given, "-o", out["page"]],
                "compare": ["compare", *given, "--format", "json", "-a", self.algorithm],
                "graph": ["draw", *given, "--graph", "-o", out["graph"]],
                "picture": ["draw", *given, "-o", out["picture"]]}

    def shown_commands(self) -> str:
        """The commands a reader types, one a line: the runs the gallery makes, and ``solve``."""
        lines = [f"cd {self.source}"] if self.folder is not None else \
            [f"stategraph sample {self.puzzle} > {self.input}"]
        lines.append(" ".join(["stategraph", "solve", *self.args, self.input]))
        runs = self.commands()
        lines += [" ".join(["stategraph", *runs[name]]) for name in ("compare", "picture", "graph", "page")]
        return "\n".join(lines)


def _paragraphs(text: str) -> list[str]:
    return [" ".join(line.strip() for line in block.splitlines()) for block in re.split(r"\n\s*\n", text.strip())
            if block.strip()]


_NOT_PROSE = re.compile(r"\s*(```|\||[-*+] |\d+\. |#|>>>|    )")


def readme_lesson(text: str, most: int = 3) -> tuple[str, list[str]]:
    """A README's title and its first paragraphs (up to ``most``): those before its first table,
    list, code block or heading, less a last sentence that ends in a colon (it announces what follows).

    >>> readme_lesson("# Jugs: a state\\n\\nTwo jugs\\nhold water.\\n\\nMore.\\n\\n```sh\\nx\\n```\\n\\nAfter.\\n")
    ('Jugs: a state', ['Two jugs hold water.', 'More.'])
    >>> readme_lesson("# T\\n\\nThe idea.\\n\\nTwo models:\\n\\n| a | b |\\n")
    ('T', ['The idea.'])
    >>> readme_lesson("# T\\n\\nThe idea. From here:\\n\\n```sh\\n")
    ('T', ['The idea.'])
    """
    title, _, body = text.partition("\n") if text.startswith("# ") else ("", "", text)
    lesson = []
    for block in re.split(r"\n\s*\n", body.strip()):
        if not block.strip() or _NOT_PROSE.match(block) or len(lesson) == most:
            break
        lesson.append(" ".join(line.strip() for line in block.splitlines()))
    if lesson and lesson[-1].endswith(":"):
        kept = lesson.pop().rpartition(". ")[0]
        if kept or not lesson:
            lesson.append(kept + "." if kept else "")
    return title.removeprefix("# ").strip(), [paragraph for paragraph in lesson if paragraph]


def docstring_lesson(doc: str, model: str) -> list[str]:
    """The paragraphs of a built-in's module docstring that name its default model (``model``), or
    the one after its summary line."""
    paragraphs = [p for p in _paragraphs(doc) if not p.startswith(">>>")]
    named = [p for p in paragraphs[1:] if f"``{model}``" in p]
    return named or paragraphs[1:2]


def _puzzle_entry(name: str, settings, **where) -> Entry:
    puzzle = settings.puzzle
    order = [settings.model] + [m for m in puzzle.models if m != settings.model]
    return Entry(name=name, puzzle=puzzle.name, summary=puzzle.summary, model=settings.model,
                 algorithm=settings.algorithm, models={m: puzzle.models[m].summary for m in order}, **where)


def builtin_entries() -> list[Entry]:
    """The built-in puzzles, each on its packaged sample."""
    from stategraph import Settings
    from stategraph.puzzles import PUZZLES

    entries = []
    for name, puzzle in PUZZLES.items():
        settings = Settings.of(name)
        lesson = docstring_lesson(sys.modules[type(puzzle).__module__].__doc__ or "", settings.model)
        entries.append(_puzzle_entry(name, settings, lesson=lesson, markup="rst", args=[name], input="sample.txt",
                                     folder=None, sample=puzzle.sample_text(),
                                     source=f"its packaged sample, stategraph sample {name}"))
    return entries


def example_entry(config: Path) -> Entry:
    """The example whose config is ``config`` (its puzzle loaded from its folder, as the CLI loads it)."""
    from stategraph.settings.resolve import resolve

    folder = config.parent
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # nothing written into the source tree
    try:
        settings, _ = resolve("gallery", [], ("INPUT",), optional=1, config=str(config))
    finally:
        sys.dont_write_bytecode = saved
    readme = folder / "README.md"
    title, lesson = readme_lesson(readme.read_text(encoding="utf-8")) if readme.is_file() else ("", [])
    if title:
        lesson.insert(0, f"**{title}**")
    return _puzzle_entry(folder.name, settings, lesson=lesson, markup="md", args=["--config", config.name],
                         input="input.txt", folder=folder, source=f"examples/{folder.name}")


def gallery_entries(examples: Path, builtins: bool = True) -> tuple[list[Entry], list[str]]:
    """Every puzzle of the gallery, the built-ins first (unless not ``builtins``), and what is wrong
    with the others (one line each)."""
    from stategraph.errors import StategraphError

    entries, problems = builtin_entries() if builtins else [], []
    for config in sorted(examples.glob("*/puzzle.yaml")):
        where = f"examples/{config.parent.name}"
        try:
            entry = example_entry(config)
        except StategraphError as exc:
            problems.append(f"{where}: its puzzle does not load: {exc}")
            continue
        if not entry.lesson:
            problems.append(f"{where}: no README.md with a paragraph to show as its lesson")
        if not (config.parent / "input.txt").is_file():
            problems.append(f"{where}: no input.txt to run it on")
            continue
        if entry.name in {e.name for e in entries} | {"index"}:
            problems.append(f"{where}: its page would be gallery/{entry.name}.html, which is taken")
            continue
        entries.append(entry)
    return entries, problems


# the runs ---------------------------------------------------------------------------------------

@dataclass
class Run:
    """What one command printed (``status``, ``out``, ``err``), or a fault of the run itself (``status`` None)."""

    status: int | None
    out: str = ""
    err: str = ""
    seconds: float = 0.0  # how long it ran (0: kept from an earlier build)


@dataclass
class Built:
    """An entry's runs: what each will do (``plans``), then each as it finishes (``runs``)."""

    entry: Entry
    folder: Path  # its files in the build output
    plans: dict[str, tuple] = field(default_factory=dict)
    runs: dict[str, Future] = field(default_factory=dict)


def _digest(paths, base: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _versions() -> str:
    """What else a run's output depends on: Python and the libraries that draw and search."""
    from importlib.metadata import PackageNotFoundError, version

    found = [sys.version]
    for name in ("networkx", "matplotlib"):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} none")
    return "; ".join(found)


# A child that runs the commands it is sent, one JSON line each ({"args", "cwd", "timeout"}), each in a
# fork of itself: a fresh process per command, as a user's is, without importing stategraph, networkx
# and matplotlib again each time.  It answers one JSON line per command: {"status", "out", "err"}.
SERVER = r"""
import json, os, sys, tempfile, time, traceback
from stategraph.cli import main as cli, view_commands
from stategraph.views import compare, draw, page
draw.pyplot()
replies = sys.stdout
for line in sys.stdin:
    asked = json.loads(line)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            status = 70
            try:
                os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                os.chdir(asked["cwd"])
                status = cli.main(asked["args"])
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(status)
        ends = time.monotonic() + asked["timeout"]
        while not (done := os.waitpid(pid, os.WNOHANG))[0] and time.monotonic() < ends:
            time.sleep(0.02)
        if not done[0]:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            reply = {"status": None, "out": "", "err": "still running after %g s: stopped" % asked["timeout"]}
        else:
            out.seek(0)
            err.seek(0)
            status = os.waitstatus_to_exitcode(done[1])
            said = err.read().decode("utf-8", "replace") + ("killed by signal %d" % -status if status < 0 else "")
            reply = {"status": status if status >= 0 else None, "out": out.read().decode("utf-8", "replace"),
                     "err": said}
    replies.write(json.dumps(reply) + "\n")
    replies.flush()
"""


class Runner:
    """Runs the commands of every entry, at most ``jobs`` at once (a :data:`SERVER` child each), and
    keeps what each printed under ``kept`` (reused while nothing it read has changed)."""

    def __init__(self, jobs: int, kept: Path, timeout: float):
        import stategraph

        self.pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="gallery")
        self.kept, self.timeout = kept, timeout
        package = Path(stategraph.__file__).parent
        self.src = package.parent
        self.base_key = f"{RECORD_VERSION}\n{_digest(package.rglob('*'), package)}\n{_versions()}"
        self.servers: set[subprocess.Popen] = set()
        self.local = threading.local()
        self.lock = threading.Lock()
        self.stopped = False

    def start(self, entry: Entry, out: Path) -> Built:
        """The runs of ``entry`` (writing into ``out``), queued: ``submit`` starts them."""
        out.mkdir(parents=True, exist_ok=True)
        built = Built(entry, out)
        if entry.sample is not None:
            _write(out / entry.input, entry.sample)
            inputs = entry.sample
        else:
            inputs = _digest(entry.folder.rglob("*"), entry.folder)
        commands = entry.commands({name: str(out / file) for name, file in FILES.items()})
        for name in RUNS:
            key = hashlib.sha256(f"{self.base_key}\n{inputs}\n{entry.commands()[name]}".encode()).hexdigest()
            built.plans[name] = (commands[name], entry.folder or out, out / FILES[name] if name in FILES else None,
                                 self.kept / entry.name / f"{name}.json", key)
        return built

    def submit(self, built: list[Built]) -> None:
        """Start every run: each kind in :data:`RUNS`' order across the entries, the longest kinds first."""
        for name in RUNS:
            for one in built:
                one.runs[name] = self.pool.submit(self._run, *one.plans[name])

    def _run(self, args: list[str], cwd: Path, output: Path | None, record: Path, key: str) -> Run:
        try:
            kept = json.loads(record.read_text(encoding="utf-8"))
            if kept["key"] == key and (output is None or kept["status"] != 0 or output.is_file()):
                return Run(kept["status"], kept["out"], kept["err"])
        except (OSError, ValueError, KeyError):
            pass
        done = self._ask(args, cwd)
        if done.status is not None:
            record.parent.mkdir(parents=True, exist_ok=True)
            _write(record, json.dumps({"key": key, "status": done.status, "out": done.out, "err": done.err,
                                       "seconds": round(done.seconds, 2)}))
        return done

    def _server(self) -> subprocess.Popen:
        """This thread's :data:`SERVER` (started on first use, or again after it died)."""
        server = getattr(self.local, "server", None)
        if server is None or server.poll() is not None:
            env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8",
                       PYTHONPATH=os.pathsep.join(filter(None, [str(self.src), os.environ.get("PYTHONPATH")])))
            with self.lock:
                if self.stopped:
                    raise OSError("the build stopped first")
                log = tempfile.TemporaryFile()  # what the server itself says: read if it dies
                server = self.local.server = subprocess.Popen(  # -P: nothing imported from the folder it runs in
                    [sys.executable, "-P", "-c", SERVER], env=env, text=True, encoding="utf-8",
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, start_new_session=True)
                server.log = log
                self.servers.add(server)
        return server

    def _ask(self, args: list[str], cwd: Path) -> Run:
        """``stategraph ARGS`` run in ``cwd`` by this thread's server."""
        started = time.monotonic()
        try:
            server = self._server()
            server.stdin.write(json.dumps({"args": args, "cwd": str(cwd), "timeout": self.timeout}) + "\n")
            server.stdin.flush()
            reply = server.stdout.readline()
        except OSError as exc:
            return Run(None, err=f"cannot run it: {exc}")
        if not reply:  # the server died: say why, and the next run starts another
            server.kill()
            server.wait()
            server.log.seek(0)
            said = server.log.read().decode("utf-8", "replace").strip()[-400:]
            return Run(None, err=f"the process running it died: {said or f'exit status {server.returncode}'}")
        answer = json.loads(reply)
        return Run(answer["status"], answer["out"], answer["err"], time.monotonic() - started)

    def close(self) -> None:
        """Wait for the runs, then end the servers (their input closed, they stop)."""
        self.pool.shutdown(wait=True)
        for server in self.servers:
            server.stdin.close()
            server.wait()
            server.log.close()

    def stop(self) -> None:
        """End the runs not yet done, and their processes (the build failed or was interrupted)."""
        with self.lock:
            self.stopped = True
            for server in self.servers:
                try:
                    os.killpg(server.pid, 9)
                except ProcessLookupError:
                    pass
        self.pool.shutdown(wait=False, cancel_futures=True)


def _write(path: Path, text: str) -> None:
    """``text`` into ``path``, replacing it only once written whole."""
    from stategraph.io.safefile import open_output

    with open_output(str(path), "a gallery file") as handle:
        handle.write(text.encode("utf-8"))


# what the runs found ----------------------------------------------------------------------------

def model_sizes(rows: list[dict]) -> list[dict]:
    """Per model of ``compare --format json``'s rows (one routine: ``-a``), in their order, the
    record of :func:`stategraph.views.compare_text.summary`: the questions it answered, its states,
    edges and states settled summed over them (``settled`` None where a row could not observe it),
    how many agree with the first row of their question, and why it did not run, if so.

    >>> rows = [{"instance": 1, "query": q, "model": m, "algorithm": "bfs", "states": s, "edges": s,
    ...          "settled": 2 if m == "a" else None, "agrees": m == "a", "compile_ms": 0, "search_ms": 0}
    ...         for q in (1, 2) for m, s in (("a", 3), ("b", 9))]
    >>> [(m["model"], m["answered"], m["states"], m["settled"], m["agree"]) for m in model_sizes(rows)]
    [('a', 2, 6, 4, 2), ('b', 2, 18, None, 0)]
    """
    from stategraph.views.compare_text import summary

    questions = groupby(rows, key=lambda row: (row["instance"], row["query"]))
    return summary([{"instance": instance, "query": query, "rows": list(asked)}
                    for (instance, query), asked in questions])


def comparison_line(sizes: list[dict]) -> str:
    """What the models' sizes show, in a sentence: each other model against the default (the first).

    >>> comparison_line([{"model": "a", "answered": 2, "states": 6, "settled": 4, "agree": 2},
    ...                  {"model": "b", "answered": 2, "states": 18, "settled": 5, "agree": 1}])
    'b answers 1 of the 2 questions differently from the default a: it is wrong there.'
    """
    from stategraph.views.compare_text import row_failure

    first, *others = [s for s in sizes if not row_failure(s)] or [None]
    if first is None:
        return "No model ran with the default routine."
    if not others:
        return (f"One model: {first['states']:,} states and {first['edges']:,} edges over the "
                f"{first['answered']} questions of the input.")
    said = []
    for other in others:
        wrong = other["answered"] - other["agree"]
        if wrong:
            said.append(f"{other['model']} answers {wrong} of the {other['answered']} questions differently from "
                        f"the default {first['model']}: it is wrong there.")
        elif other["states"] != first["states"]:
            ratio = other["states"] / first["states"] if first["states"] else float("inf")
            said.append(f"{other['model']} gives the same answers with {ratio:,.1f} times the states of "
                        f"{first['model']} ({other['states']:,} against {first['states']:,}).")
        elif None not in (other["settled"], first["settled"]) and other["settled"] != first["settled"]:
            said.append(f"{other['model']} has the same {first['states']:,} states and answers as {first['model']}, "
                        f"and its search settles {other['settled']:,} of them against {first['settled']:,}.")
        else:
            said.append(f"{other['model']} has the same states and answers as {first['model']}.")
    return " ".join(said)


def graph_refused(run: Run, rows: list[dict]) -> bool:
    """Whether ``draw --graph`` was refused as documented: status 2 on a first question above the
    picture's limit of states."""
    from stategraph.views.draw import MAX_GRAPH_STATES

    first = rows[0]["states"] if rows and rows[0].get("states") is not None else 0
    return run.status == 2 and first > MAX_GRAPH_STATES


def _fault(run: Run) -> str:
    last = next((line for line in reversed(run.err.splitlines()) if line.strip()), "no message")
    return (f"exit status {run.status}: {last}" if run.status is not None else last)[:400]


def outcome(built: Built) -> tuple[dict, list[str]]:
    """What an entry's finished runs give the page (``rows``, ``sizes``, ``graph_note`` and the files
    there are), and its problems, one line each, naming the puzzle and the command."""
    entry, runs = built.entry, {name: future.result() for name, future in built.runs.items()}
    commands, problems = entry.commands(), []
    found: dict = {"rows": [], "files": {}, "graph_note": None, "runs": runs}

    def failed(name: str, why: str) -> None:
        problems.append(f"{entry.name} ({entry.source}): stategraph {' '.join(commands[name])}: {why}")

    compare = runs["compare"]
    if compare.status in (0, 3):  # 3: a model disagrees, which the table shows
        try:
            found["rows"] = [json.loads(line) for line in compare.out.splitlines() if line.strip()]
        except ValueError as exc:
            failed("compare", f"not JSON lines: {exc}")
        if not found["rows"]:
            failed("compare", "no row")
    else:
        failed("compare", _fault(compare))
    found["sizes"] = model_sizes(found["rows"])
    for name in FILES:
        run, path = runs[name], built.folder / FILES[name]
        if run.status == 0 and path.is_file() and path.stat().st_size:
            found["files"][name] = path
        elif name == "graph" and graph_refused(run, found["rows"]):
            found["graph_note"] = _fault(run).partition(": ")[2]  # the refusal's own line
        else:
            failed(name, _fault(run) if run.status != 0 else f"wrote no {FILES[name]}")
    return found, problems


# the pages --------------------------------------------------------------------------------------

_MARKUP = {
    "md": re.compile(r"`(?P<code>[^`]+)`|\*\*(?P<strong>.+?)\*\*|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*"
                     r"|\[(?P<text>[^\]]+)\]\((?P<url>[^)\s]+)\)"),
    "rst": re.compile(r":[\w:.+-]+:`(?P<role>[^`]+)`|``(?P<code>.+?)``|\*\*(?P<strong>.+?)\*\*"
                      r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*|`(?P<title>[^`]+)`_?"),
}


def inline(text: str, markup: str, link=lambda url: None) -> list[nodes.Node]:
    """``text``'s inline markup (``markup`` "md" or "rst") as docutils nodes: code, strong, emphasis,
    and links where ``link(url)`` gives an address (their text alone elsewhere); a role shows its
    target's last name.

    >>> [n.astext() for n in inline("See :class:`~a.B` and [the guide](g.md).", "rst")]
    ['See ', 'B', ' and [the guide](g.md).']
    """
    out: list[nodes.Node] = []
    at = 0
    for found in _MARKUP[markup].finditer(text):
        out.append(nodes.Text(text[at:found.start()]))
        at = found.end()
        part = found.groupdict()
        if part.get("role"):
            shown = re.sub(r"^(.*?)\s*<.*>$", r"\1", part["role"])
            shown = shown[1:].rpartition(".")[2] if shown.startswith("~") else shown
            out.append(nodes.literal(shown, shown))
        elif part.get("code") or part.get("title"):
            shown = part.get("code") or part["title"]
            out.append(nodes.literal(shown, shown))
        elif part.get("strong"):
            out.append(nodes.strong("", "", *inline(part["strong"], markup, link)))
        elif part.get("em"):
            out.append(nodes.emphasis("", "", *inline(part["em"], markup, link)))
        else:
            address = link(part["url"])
            shown = inline(part["text"], markup, link)
            out.append(nodes.reference("", "", *shown, refuri=address) if address else nodes.inline("", "", *shown))
    out.append(nodes.Text(text[at:]))
    return [node for node in out if not isinstance(node, nodes.Text) or str(node)]


def docs_page(url: str, folder: Path, docs: Path, suffixes) -> tuple[str, str] | None:
    """The page of these docs (docname, anchor) a README's relative link ``url`` in ``folder`` names,
    or None where it names something else.

    >>> docs_page("../../docs/cli.md#solve", Path("/r/examples/x"), Path("/r/docs"), (".md",))
    ('cli', 'solve')
    >>> docs_page("../../tests/t.py", Path("/r/examples/x"), Path("/r/docs"), (".md",)) is None
    True
    """
    target, _, anchor = url.partition("#")
    path = Path(os.path.normpath(folder / target))
    if not path.is_relative_to(docs) or path.suffix not in suffixes:
        return None
    return path.relative_to(docs).with_suffix("").as_posix(), anchor


def _linker(app, entry: Entry, page: str):
    """How a README's link is written on ``page``: a web address as it is, a page of these docs
    as a link to it, anything else as its text alone."""
    builder = app.builder

    def link(url: str) -> str | None:
        if re.match(r"https?://", url):
            return url
        found = entry.folder and docs_page(url, entry.folder.resolve(), Path(app.srcdir).resolve(),
                                           tuple(app.config.source_suffix))
        if not found or found[0] not in app.env.found_docs:
            return None
        address = relative_uri(builder.get_target_uri(page), builder.get_target_uri(found[0]))
        return address + (f"#{found[1]}" if found[1] else "")

    return link


def _section(title: str, *children: nodes.Node, name: str = "") -> nodes.section:
    section = nodes.section("", nodes.title(title, title), *children, ids=[nodes.make_id(name or title)])
    return section


def _paragraph(*parts: nodes.Node | str) -> nodes.paragraph:
    return nodes.paragraph("", "", *(nodes.Text(p) if isinstance(p, str) else p for p in parts))


def _code(text: str) -> nodes.literal:
    return nodes.literal(text, text)


SIZE_COLUMNS = ("model", "state", "questions", "states", "edges", "settled", "agree")


def sizes_table(entry: Entry, sizes: list[dict]) -> nodes.table:
    """The models' sizes: a row per model, its numbers in cells of their own (the tests read them)."""
    from stategraph.views.compare_text import row_failure

    table = nodes.table("", classes=["gallery-sizes"])
    group = nodes.tgroup("", cols=len(SIZE_COLUMNS))
    table += group
    for width in (14, 40, 9, 10, 10, 10, 7):
        group += nodes.colspec("", colwidth=width)
    group += nodes.thead("", nodes.row("", *(nodes.entry("", _paragraph(c)) for c in SIZE_COLUMNS)))
    body = nodes.tbody()
    group += body
    for size in sizes:
        name = size["model"] + (" (default)" if size["model"] == entry.model else "")
        if row_failure(size):
            cells = [name, entry.models.get(size["model"], ""), f"not run: {row_failure(size)}", "", "", "", ""]
        else:
            settled = "-" if size["settled"] is None else f"{size['settled']:,}"
            cells = [name, entry.models.get(size["model"], ""), str(size["answered"]), f"{size['states']:,}",
                     f"{size['edges']:,}", settled, f"{size['agree']}/{size['answered']}"]
        body += nodes.row("", *(nodes.entry("", _paragraph(c), classes=[f"gallery-{col}"])
                                for col, c in zip(SIZE_COLUMNS, cells)))
    return table


STYLE = """<style>
.gallery-pictures { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.gallery-pictures figure { margin: 0; flex: 1 1 320px; max-width: 100%; }
.gallery-pictures img { width: 100%; height: auto; border: 1px solid #ddd; }
.gallery-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 1em; }
.gallery-grid a { display: block; border: 1px solid #ddd; padding: 0.5em; text-decoration: none; color: inherit; }
.gallery-grid img { width: 100%; height: 170px; object-fit: contain; }
.gallery-frame { width: 100%; border: 1px solid #ccc; }
</style>"""


def _figure(src: str, caption: str) -> str:
    return (f'<figure><a href="{html.escape(src)}"><img src="{html.escape(src)}" alt="{html.escape(caption)}"></a>'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def page_body(app, entry: Entry, found: dict, page: str, height: int) -> nodes.section:
    """The doctree of an entry's page ``page``."""
    here = app.builder.get_target_uri(page)

    def uri(name: str) -> str:
        return relative_uri(here, f"{PAGES}/{entry.name}/{FILES[name]}")

    rows, sizes, files = found["rows"], found["sizes"], found["files"]
    questions = len({(r["instance"], r["query"]) for r in rows})
    first = [r for r in rows if (r["instance"], r["query"]) == (rows[0]["instance"], rows[0]["query"])] if rows else []
    link = _linker(app, entry, page)
    told = [_paragraph(nodes.strong(entry.summary, entry.summary)),
            _paragraph("Puzzle ", _code(entry.puzzle), f" ({entry.source}) on ", _code(entry.input),
                       f", {questions} questions: default model ", _code(entry.model), ", routine ",
                       _code(entry.algorithm), ".")]
    lesson = [nodes.paragraph("", "", *inline(text, entry.markup, link)) for text in entry.lesson]
    if entry.folder is None and "models" in app.env.found_docs:
        lesson.append(_paragraph("Every model of the built-in puzzles, and how big it gets: ",
                                 nodes.reference("", "State models",
                                                 refuri=relative_uri(here, app.builder.get_target_uri("models")))))
    run = nodes.literal_block(entry.shown_commands(), entry.shown_commands(), language="sh")
    pictures = [_figure(uri(name), caption) for name, caption in
                (("picture", "stategraph draw: the first instance"), ("graph", "stategraph draw --graph"))
                if name in files]
    if found["graph_note"]:
        pictures.append(f"<p>No picture of the state graph: {html.escape(found['graph_note'])}.</p>")
    instance = nodes.raw("", f'{STYLE}<div class="gallery-pictures">{"".join(pictures)}</div>', format="html")
    states = ", ".join(f"{r['model']} {r['states']:,}" for r in first if r.get("states") is not None)
    sized = [_paragraph(f"Every model with the default routine {entry.algorithm}, summed over the {questions} "
                        f"questions of {entry.input} (stategraph compare --format json). States of the first "
                        f"question: {states}."),
             sizes_table(entry, sizes), _paragraph(comparison_line(sizes))]
    frame = []
    if "page" in files:
        src = html.escape(uri("page"))
        frame = [_paragraph("The page stategraph view writes for the first instance, as it is (",
                            nodes.reference("", "open it alone", refuri=uri("page")), "):"),
                 nodes.raw("", f'<iframe class="gallery-frame" src="{src}" sandbox="allow-scripts" '
                               f'title="stategraph view of {html.escape(entry.name)}" loading="lazy" '
                               f'style="height: {height}px"></iframe>', format="html")]
    return _section(entry.name, *told, _section("The lesson", *lesson, name="lesson"),
                    _section("Run it", run, name="run-it"),
                    _section("The first instance", instance, name="the-first-instance"),
                    _section(f"The models on {entry.input}", *sized, name="the-models"),
                    _section("The page", *frame, name="the-page"), name=entry.name)


def _state(app) -> dict:
    """The gallery of this build: its entries, their runs and their problems."""
    state = getattr(app, "_stategraph_gallery", None)
    if state is None:
        entries, problems = gallery_entries(Path(app.config.stategraph_gallery_examples),
                                            app.config.stategraph_gallery_builtins)
        state = app._stategraph_gallery = {"entries": entries, "problems": problems, "built": {}, "runner": None}
    return state


def start_runs(app) -> None:
    """``builder-inited``: the entries, and (for HTML) their runs started."""
    state = _state(app)
    if app.builder.format != "html":
        return
    from stategraph.solving.workers import worker_count

    runner = state["runner"] = Runner(worker_count(app.config.stategraph_gallery_jobs),
                                      Path(app.doctreedir) / "stategraph_gallery",
                                      app.config.stategraph_gallery_timeout)
    for entry in state["entries"]:
        state["built"][entry.name] = runner.start(entry, Path(app.outdir) / PAGES / entry.name)
    runner.submit(list(state["built"].values()))


def reread_index(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: the index is read again every build (an example may have come or gone)."""
    index = app.config.stategraph_gallery_index
    return [index] if index in env.found_docs and index not in added | changed else []


def write_pages(app):
    """``html-collect-pages``: wait for the runs, report their problems, and yield each entry's page."""
    state = _state(app)
    for problem in state["problems"]:
        logger.warning("stategraph gallery: %s", problem, type="stategraph", subtype="gallery")
    entries = state["entries"]
    index = app.config.stategraph_gallery_index
    pages = [f"{PAGES}/{entry.name}" for entry in entries]
    runs = []
    for k, entry in enumerate(entries):
        found, problems = outcome(state["built"][entry.name])
        runs += [(run.seconds, f"{entry.name} {name}") for name, run in found["runs"].items()]
        for problem in problems:
            logger.warning("stategraph gallery: %s", problem, type="stategraph", subtype="gallery")
        body = app.builder.render_partial(page_body(app, entry, found, pages[k], app.config.stategraph_gallery_frame))
        here = app.builder.get_target_uri(pages[k])
        context = {"title": f"{entry.name}: {entry.summary}", "body": body["fragment"],
                   "parents": [{"link": relative_uri(here, app.builder.get_target_uri(index)),
                                "title": "Gallery of puzzles"}]}
        for side, j in (("prev", k - 1), ("next", k + 1)):
            if 0 <= j < len(entries):
                context[side] = {"link": relative_uri(here, app.builder.get_target_uri(pages[j])),
                                 "title": entries[j].name}
        yield pages[k], context, "page.html"
    ran = sorted((run for run in runs if run[0]), reverse=True)  # 0 s: kept from an earlier build
    logger.info("stategraph gallery: %d pages, %d commands run for %.1f s%s", len(entries), len(ran),
                sum(seconds for seconds, _ in ran),
                f" (the longest: {', '.join(f'{what} {seconds:.1f} s' for seconds, what in ran[:4])})" if ran else "")


def stop_runs(app, exception) -> None:
    """``build-finished``: a failed build ends the runs still going."""
    runner = getattr(app, "_stategraph_gallery", {}).get("runner")
    if runner is not None:
        runner.stop() if exception is not None else runner.close()


class gallery_grid(nodes.General, nodes.Element):
    """Where ``.. stategraph-gallery::`` goes; replaced once the builder writes the page."""


class GalleryDirective(SphinxDirective):
    """``.. stategraph-gallery::``: every puzzle's picture, name and summary, linking to its page."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        return [gallery_grid("")]


def fill_grid(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the grid of every entry (for HTML; a list of names and summaries elsewhere)."""
    entries = _state(app)["entries"]
    for node in list(doctree.findall(gallery_grid)):
        if app.builder.format != "html":
            node.replace_self(nodes.bullet_list("", *(nodes.list_item("", _paragraph(_code(e.name), f": {e.summary}"))
                                                     for e in entries)))
            continue
        here = app.builder.get_target_uri(docname)
        cards = []
        for entry in entries:
            page = relative_uri(here, app.builder.get_target_uri(f"{PAGES}/{entry.name}"))
            picture = relative_uri(here, f"{PAGES}/{entry.name}/{FILES['picture']}")
            cards.append(f'<a href="{html.escape(page)}"><img src="{html.escape(picture)}" '
                         f'alt="{html.escape(entry.name)}: the first instance" loading="lazy">'
                         f"<strong>{html.escape(entry.name)}</strong><br>{html.escape(entry.summary)}</a>")
        listed = _paragraph(f"{len(entries)} puzzles: " + ", ".join(entry.name for entry in entries) + ".")
        node.replace_self([listed, nodes.raw("", f'{STYLE}<div class="gallery-grid">{"".join(cards)}</div>',
                                             format="html")])


def setup(app):
    app.add_config_value("stategraph_gallery_examples", str(ROOT / "examples"), "env", types=(str,))
    app.add_config_value("stategraph_gallery_builtins", True, "env", types=(bool,))
    app.add_config_value("stategraph_gallery_index", "gallery/index", "env", types=(str,))
    app.add_config_value("stategraph_gallery_jobs", 0, "", types=(int,))
    app.add_config_value("stategraph_gallery_timeout", 600.0, "", types=(float, int))
    app.add_config_value("stategraph_gallery_frame", 1000, "html", types=(int,))
    app.add_node(gallery_grid)
    app.add_directive("stategraph-gallery", GalleryDirective)
    app.connect("doctree-resolved", fill_grid)
    app.connect("builder-inited", start_runs)
    app.connect("env-get-outdated", reread_index)
    app.connect("html-collect-pages", write_pages)
    app.connect("build-finished", stop_runs)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
