"""The teaching commands ``compare``, ``explain``, ``draw`` and ``view``: what they do (their
options are in :data:`stategraph.cli.options.COMMANDS`).
"""

from __future__ import annotations


def _settings(args):
    from ..settings.fields import flag_values
    from ..settings.resolve import resolve

    return resolve(args.command, args.items, ("INPUT",), optional=1, config=args.config, assignments=args.set,
                   flags=flag_values(args))


def _check_picks(args) -> None:
    """``--instance`` and ``--query`` count from 1 (refused before the input is read)."""
    from ..errors import StategraphError

    for flag in ("instance", "query"):
        value = getattr(args, flag)
        if value is not None and value < 1:
            raise StategraphError(f"--{flag} counts from 1, found {value}")


def _check_outputs(args, path, outputs) -> None:
    """Refuse, before the input is read, an output ``(file or None, what, suffixes)`` with another
    suffix, or that cannot be written or names an input (see :func:`stategraph.io.safefile.check_output`)."""
    from ..io.safefile import check_output
    from ..views.draw import check_path

    for target, what, suffixes in outputs:
        if target:
            check_path(target, suffixes)
            check_output(target, what, (path or "-", args.config))


class _Passes:
    """The input stream, read from its start by each call's pass (compare's, draw's).  What a pass
    reads is kept for the next, so the input is read only as far as the passes go (``/dev/zero``
    refused at its first token costs one chunk)."""

    def __init__(self, stream):
        self.stream, self.kept = stream, bytearray()

    def __call__(self) -> _Pass:
        return _Pass(self)


class _Pass:
    """One pass over a :class:`_Passes` input: the bytes kept so far, then the stream's."""

    def __init__(self, passes: _Passes):
        self.passes, self.at = passes, 0

    def read(self, size: int = -1) -> bytes:
        kept = self.passes.kept
        if self.at < len(kept):
            chunk = bytes(kept[self.at:] if size < 0 else kept[self.at:self.at + size])
        else:
            chunk = self.passes.stream.read(size)
            kept += chunk
        self.at += len(chunk)
        return chunk


def compare(args) -> int:
    from ..contract.words import plural
    from ..views import compare as views
    from .streams import open_input, output

    settings, (path,) = _settings(args)
    if args.per_question and args.format != "text":
        from ..errors import StategraphError

        raise StategraphError(f"--per-question adds every question's table to the text summary; --format "
                              f"{args.format} is already one record per question")
    if args.plot:
        from ..views.draw import FORMATS, pyplot

        _check_outputs(args, path, [(args.plot, "the plot", FORMATS)])
        pyplot()  # before the work: no matplotlib, one line and exit 2
    pairs = [(m, a) for m, a in views.combinations(settings.puzzle)
             if (args.model is None or m == settings.model) and (args.algorithm is None or a == settings.algorithm)]
    with open_input(path) as (stream, source):
        tables = views.compare(settings.puzzle, _Passes(stream), pairs, source, base=settings,
                               models=None if args.model is None else [settings.model])
    if args.format == "text":
        ruled = views.ruled_out(settings.puzzle, None if args.model is None else [settings.model],
                                None if args.algorithm is None else [settings.algorithm])
        output(views.summary_text(tables, settings.puzzle.name, ruled))
        if args.per_question and tables:
            output("\n" + views.as_text(tables, listed_once=True))
    else:
        output({"json": views.as_json, "csv": views.as_csv}[args.format](tables))
    if args.plot:
        from ..views.compare_plot import plot

        drawn = plot(tables, args.plot)
        left_out = f"; {len(drawn['left_out'])} that ran on no question left out" if drawn["left_out"] else ""
        shown_pairs = plural(len(drawn["drawn"]), "model x routine pair")
        output(f"stategraph: wrote {args.plot}: the states settled by {shown_pairs} on each of the "
               f"{plural(drawn['questions'], 'question')}{left_out}\n", report=True)
    return views.verdict(tables)


def census(args) -> int:
    from ..errors import StategraphError
    from ..views import census as views
    from .streams import open_input, output

    settings, (path,) = _settings(args)
    _check_picks(args)
    if args.examples < 0:
        raise StategraphError(f"--examples counts states, found {args.examples}")
    if args.plot:
        from ..views.draw import FORMATS, pyplot

        _check_outputs(args, path, [(args.plot, "the plot", FORMATS)])
        pyplot()  # before the work: no matplotlib, one line and exit 2
    if args.export:
        from ..io.compact_write import format_of
        from ..io.safefile import check_output

        format_of(args.export)
        check_output(args.export, "the graph", (path or "-", args.config))
    found = []
    with open_input(path) as (stream, source):
        for one in views.census(settings.puzzle, stream, settings, source, args.instance, args.query,
                                args.examples, args.export):
            found.append(one)
            if args.format == "text":
                output(("\n" if len(found) > 1 else "") + views.as_text(one))
            elif args.format == "json":
                output(views.as_json(one))
    if args.instance is not None and not found:
        asked = f"instance {args.instance}" + (f" with a question {args.query}" if args.query else "")
        raise StategraphError(f"{source} has no {asked}")
    if args.format == "csv":
        output(views.as_csv(found))
    if args.plot:
        views.plot(found, args.plot)
        from ..contract.words import plural

        output(f"stategraph: wrote {args.plot}: the census of {plural(len(found), 'question')}\n", report=True)
    return 0


def explain(args) -> int:
    import json  # here, not at the top: the parser imports this module for every command

    from ..views.explain import explain as explain_all
    from ..views.explain import render
    from .streams import open_input, output

    settings, (path,) = _settings(args)
    _check_picks(args)
    with open_input(path) as (stream, source):
        for explanation in explain_all(settings.puzzle, stream, settings, args.instance, args.query, source):
            output(json.dumps(explanation) + "\n" if args.format == "json" else render(explanation) + "\n")
    return 0


def draw(args) -> int:
    from ..contract.words import plural
    from ..errors import StategraphError
    from ..views import draw as views
    from .streams import open_input, output

    if not args.output and not args.animate:
        raise StategraphError("draw needs -o FILE (.svg or .png) or --animate FILE.gif")
    settings, (path,) = _settings(args)
    _check_picks(args)
    _check_outputs(args, path, [(args.output, "the picture", views.FORMATS),
                                (args.animate, "the animation", (".gif",))])
    views.pyplot()  # no matplotlib: one line, exit 2
    with open_input(path) as (stream, source):
        passes = _Passes(stream)
        picked = None  # the question, picked once for the picture and the animation
        if args.output and not args.graph:
            picked = views.pick(settings, passes(), args.instance, args.query, source)
        pictured = picked and views.draw_solution(settings, None, args.output, picked=picked)
        if pictured:
            output(f"stategraph: wrote {args.output}\n", report=True)
        elif args.output:  # --graph, or a model that pictures no grid: its state graph
            picked = None  # one question's graph held at a time, as before
            drawn = views.draw_graph(settings, passes(), args.output, args.instance, args.query, source=source)
            shown = plural(drawn["states"], "state") if drawn["drawn"] == drawn["states"] else \
                views.left_out(drawn["drawn"], drawn["states"])
            output(f"stategraph: wrote {args.output}: {shown}, {drawn['settled']:,} settled by "
                   f"{settings.algorithm}\n", report=True)
        if args.animate:
            frames = views.animate(settings, passes(), args.animate, args.instance, args.query, source, picked=picked)
            output(f"stategraph: wrote {args.animate}: {plural(frames, 'frame')}\n", report=True)
    return 0


def view(args) -> int:
    from ..contract.words import plural
    from ..errors import StategraphError, shorten
    from ..io.safefile import check_output
    from ..views.page import FORMATS, page
    from .streams import open_input, output

    if not args.output:
        raise StategraphError("view needs -o FILE.html (or -o - for standard output)")
    settings, (path,) = _settings(args)
    _check_picks(args)
    if args.output != "-":
        if not args.output.lower().endswith(FORMATS):
            raise StategraphError(f"the page is an HTML file: name it FILE.html, not {shorten(args.output)}")
        check_output(args.output, "the page", (path or "-", args.config))
    with open_input(path) as (stream, source):
        built = page(settings, stream, args.instance, args.query, source)
    size = built.write(args.output)
    if args.output != "-":
        drawn = built.data["graph"]
        output(f"stategraph: wrote {args.output}: {plural(drawn['total'], 'state')} ({drawn['drawn']:,} drawn), "
               f"{plural(len(built.data['steps']['texts']) - 1, 'step')}, {size / 1000:,.0f} kB\n", report=True)
    if built.data.get("wrong"):  # the page marks it; so does the status, as compare's
        output(f"stategraph: {built.data['label']}: {built.data['wrong']}\n", report=True)
        return 3
    return 0
