"""The ``stategraph`` command line: its parser, and the one place where faults become exit statuses.

The parser is built from :data:`~stategraph.cli.options.COMMANDS`.  Exit statuses (docs/cli.md):
every one but 0 and 1 comes with exactly one line on stderr; SIGTERM and SIGHUP are raised where
the program is (:mod:`stategraph.cli.stops`), so a file being written is cleaned up.  The commands
(:mod:`stategraph.cli.commands`) are imported only once the options are read, so ``--help`` stays
quick and an interrupt during start-up is still one line.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import __version__
from ..settings.fields import Key, with_flags
from .options import COMMANDS, FLAGS, SETTINGS, Option
from .stops import Stopped, kept, raised_by_ctrl_c, signals_handled

OUTPUT_FAULT, OUT_OF_MEMORY, INTERNAL_ERROR, INTERRUPTED = 4, 5, 70, 130
_PACKAGE = __package__.rpartition(".")[0]  # stategraph
MOST_USAGE_MESSAGE = 300  # characters of argparse's message kept: the rest is a value quoted whole


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, asking the terminal's width only when it lays text out: argparse makes
    one per option added, and importing ``shutil`` takes longer than a small run's solve."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, width=1 if width is None else width)
        self._width_unknown, self._max_asked = width is None, max_help_position

    def format_help(self):
        if self._width_unknown:  # argparse's own default, now that it is needed
            laid_out = argparse.HelpFormatter(self._prog, self._indent_increment, self._max_asked)
            self._width, self._max_help_position = laid_out._width, laid_out._max_help_position
            self._width_unknown = False
        return super().format_help()


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line, and help whose failed write (a full disk) is seen
    (argparse's own printing drops write errors)."""

    def __init__(self, *args, formatter_class=_Formatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)

    def error(self, message):
        from ..errors import escaped

        if len(message) > MOST_USAGE_MESSAGE:  # a value typed whole (5,000 digits) is quoted whole by argparse
            message = message[:MOST_USAGE_MESSAGE] + "..."
        _say(f"{self.prog}: error: {escaped(message)} (see {self.prog} --help)")  # an argument may hold a newline
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


def main(argv=None) -> int:
    return _decided(_ended(argv))


def command() -> NoReturn:
    """The ``stategraph`` command (its script, and ``python -m stategraph``): :func:`main`, then :func:`end`."""
    end(main())


def end(status: int) -> NoReturn:
    """End the process with ``status``: at once, once the exit functions have run and the standard
    streams are flushed, where no user's code was loaded in it and no thread but daemons is left.
    Python's teardown of the 150 to 550 modules a run loads, and of what they hold, would take 7 to
    35 ms and write nothing; a plug-in's process ends the ordinary way, its files and finalizers seen to."""
    own_process = sys.modules.get(f"{_PACKAGE}.plugins.own_process")
    if (own_process is None or not own_process.plugin_code_here()) and not _threads_left():
        import atexit

        atexit._run_exitfuncs()
        try:
            for stream in dict.fromkeys((sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__)):
                if stream is not None:
                    stream.flush()
        except (OSError, ValueError):
            sys.exit(status)  # Python reports what cannot be flushed, with its own status
        os._exit(status)
    sys.exit(status)


def _threads_left() -> bool:
    """Whether a thread Python would wait for at its end is still running."""
    threading = sys.modules.get("threading")
    return threading is not None and any(thread.is_alive() and not thread.daemon for thread in threading.enumerate()
                                         if thread is not threading.main_thread())


def _decided(status: int) -> int:
    """``status``, told to the process waiting for this one if a plug-in was loaded (it runs in a
    process of its own: :mod:`stategraph.plugins.own_process`)."""
    own_process = sys.modules.get(f"{_PACKAGE}.plugins.own_process")
    if own_process is not None:
        own_process.finished(status)
    return status


def _ended(argv) -> int:
    try:  # a signal landing outside _run's handlers (as the handlers are set or put back) is reported too
        return _main(argv)
    except KeyboardInterrupt:
        return _interrupted()
    except Stopped as stop:
        return _stopped(stop)


def _main(argv) -> int:
    with signals_handled():
        return _guarded(argv)


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
        parser = _parser(_named_command(sys.argv[1:] if argv is None else argv))
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
            if kept:  # received, but swallowed where it landed
                raise kept[0]
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
    except Stopped as stop:
        return _stopped(stop)
    except MemoryError:
        raise
    except (Exception, SystemExit, KeyboardInterrupt, GeneratorExit) as exc:
        # a plug-in's fault is its author's, its exits included; a Ctrl-C is the interrupt; stategraph's own is a bug
        if isinstance(exc, KeyboardInterrupt) and raised_by_ctrl_c(exc):
            return _interrupted()  # before any import: a second Ctrl-C may follow
        from ..errors import found_in_chain
        from ..plugins.faults import describe_exception, plugin_fault

        if not isinstance(exc, KeyboardInterrupt):
            signalled = found_in_chain(exc, (KeyboardInterrupt, Stopped))  # wrapped by Python (__set_name__)
            if signalled is not None:
                return _stopped(signalled) if isinstance(signalled, Stopped) else _interrupted()
        fault = plugin_fault(exc)
        if fault is None and isinstance(exc, KeyboardInterrupt):
            return _interrupted()  # Python's own handler's, before ours was set
        if fault is None and not isinstance(exc, Exception):
            raise
        _flush_quietly()
        if os.environ.get("STATEGRAPH_DEBUG"):
            _print_traceback(exc)
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
    return _decided(INTERRUPTED)  # told now: the same signal, sent again, may end the process before main returns


def _stopped(stop: Stopped) -> int:
    _flush_quietly()
    _say(f"stategraph: stopped by {signal.Signals(stop.signum).name}")
    return _decided(128 + stop.signum)


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


def _take_positionals(parser, args, extras) -> None:
    """Options may stand anywhere: positionals met after an option join ``args.items``."""
    if not extras:
        return
    unknown = [item for item in extras if item.startswith("-") and item != "-"]
    if unknown or not isinstance(args.items, list):
        shown = " ".join(item if len(item) <= 60 else item[:60] + "..." for item in unknown or extras)
        parser.error(f"unrecognized arguments: {shown}")
    args.items = args.items + extras


def _named_command(argv: Sequence[str]) -> str | None:
    """The command the arguments start with, or ``None`` (an option first, an unknown word, nothing)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command in :data:`COMMANDS`, with the flags of the settings; with ``only``,
    of that command alone (it parses alike, and building every command costs more than the run)."""
    parser = _Parser(prog="stategraph", description="Grid puzzles as explicit state graphs, answered by "
                                                    "generic shortest-path routines.")
    parser.add_argument("--version", action=_Version)
    parser.set_defaults(items=())  # for the commands without positionals
    # prog: what argparse would lay out (a formatter) to start each command's usage with
    commands = parser.add_subparsers(dest="command", required=True, prog=parser.prog)
    settings = _Parser(add_help=False)
    _add_options(settings, SETTINGS, with_flags(None))
    for name, command in COMMANDS.items() if only is None else [(only, COMMANDS[only])]:
        subparser = commands.add_parser(name, parents=[settings] if command.settings else [], help=command.help,
                                        description=command.description)
        _add_options(subparser, command.options, with_flags(name))
    return parser


def _add_options(parser: argparse.ArgumentParser, options: tuple[Option, ...], keys: list[Key]) -> None:
    """``options``, with the dedicated flags of ``keys`` where :data:`FLAGS` stands (or last)."""
    for entry in options if FLAGS in options else (*options, FLAGS):
        if entry is FLAGS:
            _add_flags(parser, keys)
        else:
            parser.add_argument(*entry.names, **entry.spec)


def _add_flags(parser: argparse.ArgumentParser, keys: list[Key]) -> None:
    """The dedicated options of ``keys`` (see :mod:`stategraph.settings.fields`): each overrides its
    key, and is ``None`` when absent."""
    for key in keys:
        flag = key.flag
        assert flag is not None
        options: dict[str, Any] = {"dest": flag.attribute, "help": flag.help}
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
