"""The teaching commands ``compare``, ``explain`` and ``draw``: their options and what they do.

:func:`add_commands` is called by :mod:`stategraph.cli` while it builds its parser (it imports
nothing heavy); the handlers are reached through :mod:`stategraph.commands`.
"""

from __future__ import annotations

import json
import sys

COMPARE_HELP = ("run every model x applicable search routine on an input: one table per question with "
                "nodes, edges, states settled (distinct states whose distance the routine took as final), "
                "edges relaxed (out-edges examined; '-' where unobservable), SPFA's queue pops, compile and search ms, "
                "the cost, and whether the answer bytes agree")


def add_commands(commands, settings) -> None:
    """Add the ``compare``, ``explain`` and ``draw`` subparsers (``settings``: the shared options)."""
    compare = commands.add_parser("compare", parents=[settings], help=COMPARE_HELP, description=COMPARE_HELP)
    compare.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                         help="puzzle name and input file (stdin when absent or -)")
    compare.add_argument("--format", choices=("text", "json", "csv"), default="text",
                         help="text tables (default), json (one object per row) or csv, for plotting")
    compare.add_argument("--plot", metavar="FILE.svg", help="also draw states settled per routine and model "
                                                           "(log scale; needs matplotlib)")

    explain = commands.add_parser("explain", parents=[settings],
                                  help="the canonical solution as numbered steps in words, with ASCII pictures")
    explain.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                         help="puzzle name and input file (stdin when absent or -)")
    explain.add_argument("--format", choices=("text", "json"), default="text",
                         help="text (default) or json (one explanation object per line)")
    _pickers(explain, "default: every instance")

    draw = commands.add_parser("draw", parents=[settings],
                               help="draw the grid with the solution path (SVG or PNG), the state graph "
                                    "(--graph) or an animation (--animate); needs matplotlib")
    draw.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                      help="puzzle name and input file (stdin when absent or -)")
    draw.add_argument("--output", "-o", metavar="FILE", help="the picture: .svg or .png")
    draw.add_argument("--graph", action="store_true",
                      help="draw the state graph instead of the grid: canonical path in red, states settled "
                           "by the routine shaded; refused above 400 states (use --export-graphml)")
    draw.add_argument("--animate", metavar="FILE.gif", help="also write the solution played step by step")
    _pickers(draw, "default: instance 1")


def _pickers(parser, default: str) -> None:
    parser.add_argument("--instance", type=int, metavar="K", help=f"only instance K ({default})")
    parser.add_argument("--query", type=int, metavar="K", help="question K of the instance (Huarong Dao "
                                                                "queries; default: the first)")


def _settings(args):
    from ..settings import resolve

    return resolve(args.command, args.items, ("INPUT",), optional=1, config=args.config, assignments=args.set,
                   flags={"search.algorithm": args.algorithm, "model": args.model})


def _read(path) -> tuple[bytes, str]:
    from ..errors import StategraphError, StreamFault

    if path is None or path == "-":
        if sys.stdin is None:
            raise StreamFault("cannot read the input: standard input is closed")
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        with open(path, "rb") as handle:
            return handle.read(), path
    except OSError as exc:
        raise StategraphError(f"cannot read input {path}: {exc.strerror}") from None


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def compare(args) -> int:
    from . import compare as views

    settings, (path,) = _settings(args)
    data, source = _read(path)
    if args.plot:
        from .draw import check_path, pyplot

        check_path(args.plot)
        pyplot()  # before the work: no matplotlib, one line and exit 2
    pairs = [(m, a) for m, a in views.combinations(settings.puzzle.name)
             if (args.model is None or m == settings.model) and (args.algorithm is None or a == settings.algorithm)]
    tables = views.compare(settings.puzzle.name, data, pairs, source, base=settings)
    _write({"text": views.as_text, "json": views.as_json, "csv": views.as_csv}[args.format](tables))
    if args.plot:
        views.plot(tables, args.plot)
    return 0


def explain(args) -> int:
    from .explain import explain as explain_all
    from .explain import render

    settings, (path,) = _settings(args)
    data, source = _read(path)
    for explanation in explain_all(settings.puzzle.name, data, settings, args.instance, args.query, source):
        _write(json.dumps(explanation) + "\n" if args.format == "json" else render(explanation) + "\n")
    return 0


def draw(args) -> int:
    from ..errors import StategraphError
    from . import draw as views

    if not args.output and not args.animate:
        raise StategraphError("draw needs -o FILE (.svg or .png) or --animate FILE.gif")
    views.pyplot()  # no matplotlib: one line, exit 2
    if args.output:
        views.check_path(args.output)
    if args.animate:
        views.check_path(args.animate, (".gif",))
    settings, (path,) = _settings(args)
    data, source = _read(path)
    if args.output and args.graph:
        drawn = views.draw_graph(settings, data, args.output, args.instance, args.query, source=source)
        print(f"stategraph: wrote {args.output}: {drawn['states']} states, {drawn['settled']} settled by "
              f"{settings.algorithm}", file=sys.stderr)
    elif args.output:
        views.draw_solution(settings, data, args.output, args.instance, args.query, source)
        print(f"stategraph: wrote {args.output}", file=sys.stderr)
    if args.animate:
        frames = views.animate(settings, data, args.animate, args.instance, args.query, source)
        print(f"stategraph: wrote {args.animate}: {frames} frames", file=sys.stderr)
    return 0
