"""The ``stategraph`` command line: its options, and the one place where faults become exit statuses.

Exit statuses: 0 success; 1 the output pipe was closed by its reader (no
message); 2 bad input, config, option or path, or an exception in a plug-in's own code (one
line at its file and line: :mod:`stategraph.plugins.faults`); 3 an answer that does not hold
(``--verify``, ``check``); 4 a read or write failed while running; 5 out of
memory; 70 an internal error (in stategraph's own code); 130 interrupted (Ctrl-C); 129 and 143 stopped by
SIGHUP and SIGTERM (128 + the signal's number).  Every one but 0 and 1 comes
with exactly one line on stderr.  SIGTERM and SIGHUP are raised as
:class:`Stopped` where the program is, as Ctrl-C is, so a file being written
is cleaned up (:mod:`stategraph.io.safefile`) before the process ends.  The
commands themselves live in :mod:`stategraph.cli.commands`, imported only once the
options are read, so ``--help`` and ``--version`` stay quick and an interrupt
during start-up is still one line.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys

from .. import __version__
from ..settings.fields import with_flags

OUTPUT_FAULT, OUT_OF_MEMORY, INTERNAL_ERROR, INTERRUPTED = 4, 5, 70, 130
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)  # exit status 128 + the signal's number


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: raised where the program is, like ``KeyboardInterrupt`` for Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_stops: list[Stopped] = []  # the signal received, kept: where it lands, a library's bare except may swallow it


def _stop(signum, frame) -> None:
    for other in STOP_SIGNALS:  # the run is ending: a second signal must not cut its clean-up short
        signal.signal(other, signal.SIG_IGN)
    stop = Stopped(signum)
    _stops.append(stop)
    # even if this exception is swallowed, no file is replaced from now on; nothing is imported here
    # (the signal may land inside an import), and a file is written only once safefile is loaded
    stop_replacing = getattr(sys.modules.get(f"{__package__}.safefile"), "stop_replacing", None)
    if stop_replacing is not None:
        stop_replacing(stop)
    raise stop


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line, and help whose failed write (a full disk) is seen
    (argparse's own printing drops write errors)."""

    def error(self, message):
        _say(f"{self.prog}: error: {message} (see {self.prog} --help)")
        sys.exit(2)

    def print_help(self, file=None):
        _print(self.format_help(), file)


class _Version(argparse.Action):
    """``--version``: the version on stdout, printed as help is."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, help="show program's version number and exit"):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        _print(f"stategraph {__version__}\n")
        parser.exit()


def _print(text: str, file=None) -> None:
    file = sys.stdout if file is None else file
    if file is None:  # stdout is closed
        raise OSError(0, "standard output is closed")
    file.write(text)


class _Commands:
    """The subcommands, each parser kept by name as it is added (argparse offers no public lookup)."""

    def __init__(self, action):
        self.action, self.parsers = action, {}

    def add_parser(self, name: str, **kwargs) -> argparse.ArgumentParser:
        self.parsers[name] = self.action.add_parser(name, **kwargs)
        return self.parsers[name]


def main(argv=None) -> int:
    try:  # a signal landing outside _run's handlers (as the handlers are set or put back) is reported too
        return _main(argv)
    except KeyboardInterrupt:
        return _interrupted()
    except Stopped as stop:
        return _stopped(stop)


def _main(argv) -> int:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # from here on, Ctrl-C is KeyboardInterrupt
    previous = {signum: signal.signal(signum, _stop) for signum in STOP_SIGNALS}  # and SIGTERM is Stopped
    sys.unraisablehook = _quiet_unraisable
    try:
        return _guarded(argv)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if _stops:  # called again in the same process (a test): start afresh
            from ..io import safefile

            _stops.clear()
            safefile.stop_replacing(None)


def _guarded(argv) -> int:
    try:
        return _run(argv)
    except MemoryError:
        pass  # reported below, once the exception and the frames that hold the graph are gone
    from ..errors import OUT_OF_MEMORY as message

    gc.collect()
    _say(f"stategraph: error: {message}")
    return OUT_OF_MEMORY


def _run(argv) -> int:
    try:
        parser = _parser()
        try:
            args, extras = parser.parse_known_args(argv)
        except SystemExit as done:  # --help, --version, or a usage error already reported
            return _finish_output(done.code if isinstance(done.code, int) else 2)
        except OSError as exc:  # --help or --version to a full disk or a closed stdout
            _silence_stdout()
            _say(f"stategraph: error: cannot write the output: {exc.strerror or exc}")
            return OUTPUT_FAULT
        _take_positionals(parser, args, extras)
        from ..errors import StategraphError
        from . import commands, view_commands

        try:
            handler = getattr(commands, args.command, None) or getattr(view_commands, args.command)
            status = handler(args)
            if _stops:  # received, but swallowed where it landed
                raise _stops[0]
            return _finish_output(status)
        except StategraphError as exc:
            _flush_quietly()
            if os.environ.get("STATEGRAPH_DEBUG") and exc.__cause__ is not None:
                _print_traceback(exc.__cause__)  # a plug-in's fault: its own traceback
            _say(f"stategraph: error: {exc}")
            return exc.exit_status
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return _interrupted()
    except Stopped as stop:
        return _stopped(stop)
    except MemoryError:
        raise
    except Exception as exc:  # a plug-in's fault is its author's; stategraph's own is a bug
        from ..errors import found_in_chain
        from ..plugins.faults import describe_exception, plugin_fault

        signalled = found_in_chain(exc, (KeyboardInterrupt, Stopped))  # wrapped by Python (__set_name__)
        if signalled is not None:
            return _stopped(signalled) if isinstance(signalled, Stopped) else _interrupted()
        _flush_quietly()
        if os.environ.get("STATEGRAPH_DEBUG"):
            _print_traceback(exc)
        fault = plugin_fault(exc)
        if fault is not None:
            _say(f"stategraph: error: {fault}")
            return fault.exit_status
        if not os.environ.get("STATEGRAPH_DEBUG"):
            _say(f"stategraph: internal error: {describe_exception(exc)} "
                 "(set STATEGRAPH_DEBUG=1 for the traceback, and please report it)")
        return INTERNAL_ERROR


def _interrupted() -> int:
    _flush_quietly()
    _say("stategraph: interrupted")
    return INTERRUPTED


def _stopped(stop: Stopped) -> int:
    _flush_quietly()
    _say(f"stategraph: stopped by {signal.Signals(stop.signum).name}")
    return 128 + stop.signum


def _print_traceback(exc: BaseException) -> None:
    """The traceback of ``exc`` (from its first frame in a plug-in, if it has one) on stderr."""
    import traceback  # only on request: --help and --version do not load it

    from ..plugins.faults import plugin_frames

    try:
        traceback.print_exception(type(exc), exc, plugin_frames(exc))
    except Exception:  # stderr closed, say
        pass


def _finish_output(status: int) -> int:
    """Flush stdout: output that cannot be written (a full disk) is a fault, not a success."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as exc:
        _silence_stdout()
        _say(f"stategraph: error: cannot write the output: {exc.strerror or exc}")
        return OUTPUT_FAULT
    return status


def _quiet_unraisable(unraisable) -> None:
    """Out of memory or interrupted, generators closed on the way out may fail again: not news."""
    if not isinstance(unraisable.exc_value, (MemoryError, KeyboardInterrupt, Stopped, BrokenPipeError)):
        sys.__unraisablehook__(unraisable)


def _take_positionals(parser, args, extras) -> None:
    """Options may stand anywhere: positionals met after an option join ``args.items``."""
    if not extras:
        return
    unknown = [item for item in extras if item.startswith("-") and item != "-"]
    if unknown or not isinstance(args.items, list):
        shown = " ".join(item if len(item) <= 60 else item[:60] + "..." for item in unknown or extras)
        parser.error(f"unrecognized arguments: {shown}")
    args.items = args.items + extras


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stategraph", description="Grid puzzles as explicit state graphs, answered by "
                                                    "generic shortest-path routines.")
    parser.add_argument("--version", action=_Version)
    parser.set_defaults(items=())  # for the commands without positionals
    commands = _Commands(parser.add_subparsers(dest="command", required=True))

    settings = _Parser(add_help=False)
    settings.add_argument("--config", "-c", metavar="FILE|NAME",
                          help="YAML config: a file, or the name of a packaged config (see `stategraph configs`)")
    _add_flags(settings, with_flags(None))
    settings.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help="override any config key, e.g. limits.max_rows=500 or "
                               "search.options.stop_at_target=false (repeatable)")
    settings.add_argument("--quiet", "-q", action="store_true", help="no progress bar on a terminal")

    solve = commands.add_parser("solve", parents=[settings],
                                help="solve a contest input and print the exact contest output")
    solve.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                       help="puzzle name (unless --config names it) and input file (stdin when absent or -)")

    check = commands.add_parser("check", parents=[settings],
                                help="judge an answers file written by any program: legal, optimal, canonical")
    check.add_argument("items", nargs="*", metavar="[PUZZLE] INPUT ANSWERS",
                       help="puzzle name (unless --config names it), the contest input and the answers to judge")
    check.add_argument("--strict", action="store_true",
                       help="also require the exact canonical bytes (the contest's own judge)")

    export = commands.add_parser("export", parents=[settings],
                                 help="write one question's state graph for Gephi, yEd, igraph or Graphviz")
    export.add_argument("items", nargs="*", metavar="[PUZZLE] [INPUT]",
                        help="puzzle name (unless --config names it) and input file (stdin when absent or -)")
    export.add_argument("--output", "-o", metavar="PATH", help="the file to write (- for stdout)")

    graph_search = commands.add_parser("search", help="search a graph file written by `export` (edited or not)")
    graph_search.add_argument("items", nargs="*", metavar="GRAPHFILE", help="a GraphML, GEXF or node-link JSON file")
    graph_search.add_argument("--algorithm", "-a", help="search routine (default dijkstra)")
    graph_search.add_argument("--max-bytes", type=int, metavar="N",
                              help="refuse a graph file larger than N bytes (default 536870912, 512 MiB)")
    graph_search.add_argument("--quiet", "-q", action="store_true", help=argparse.SUPPRESS)

    demo = commands.add_parser("demo", help="solve the packaged sample of every puzzle")
    demo.add_argument("--algorithm", "-a", help="search routine (where it applies)")

    sample = commands.add_parser("sample", help="print a puzzle's packaged sample input")
    sample.add_argument("items", nargs=1, metavar="PUZZLE")

    commands.add_parser("configs", help="list the packaged configs (usable as --config NAME)")
    commands.add_parser("algorithms", help="list the search routines").add_argument(
        "--config", "-c", metavar="FILE|NAME", help="also list the routine of your own (module:function) it names")
    commands.add_parser("puzzles", help="list the puzzles")
    from .view_commands import add_commands as add_teaching_commands

    add_teaching_commands(commands, settings)  # compare, explain, draw, view
    for name, subparser in commands.parsers.items():
        _add_flags(subparser, with_flags(name))
    return parser


def _add_flags(parser: argparse.ArgumentParser, keys) -> None:
    """The dedicated options of ``keys`` (see :mod:`stategraph.settings.fields`): each overrides its
    key, and is ``None`` when absent."""
    for key in keys:
        flag = key.flag
        options: dict = {"dest": flag.attribute, "help": flag.help}
        if key.kind is bool:
            options.update(action="store_true", default=None)
        else:
            options.update(type=int if key.kind is int else None, metavar=flag.metavar,
                           choices=key.choices if flag.choices else None)
        parser.add_argument(*flag.names, **options)


def _say(line: str) -> None:
    if sys.stderr is not None:
        try:
            print(" ".join(line.splitlines()), file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass


def _flush_quietly() -> None:
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit cannot fail again (a closed pipe, a full disk)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
