"""Start-up (issue 44): a command line that starts with a command's name is parsed by a parser of that
command alone; every such command line must parse, fail and print help exactly as with the parser of
every command."""

from __future__ import annotations

import argparse

import pytest

from stategraph.cli import main as cli

TAILS = ([], ["--help"], ["-h"], ["--version"], ["--bogus"], ["in.txt", "--set", "limits.max_rows=5", "-q"],
         ["huarong", "in.txt", "--jobs", "x"], ["--config"], ["--format", "zzz", "x"], ["--format", "json", "x"],
         ["--algorithm", "bfs", "-a", "spfa", "a", "b", "c"], ["--instance", "2", "--query", "3", "a"],
         ["-o", "", "a"], ["--reference", "r", "s1", "s2", "--max-seconds", "1.5"], ["--", "-x"])


def outcome(parser, argv, capsys):
    """What ``parser`` makes of ``argv``: its namespace and leftovers, or its exit status; and what it printed."""
    try:
        result = parser.parse_known_args(argv)
    except SystemExit as done:
        result = ("exit", done.code)
    return result, capsys.readouterr()


@pytest.mark.parametrize("command", list(cli.COMMANDS))
def test_one_command_parses_as_every_command_does(command, capsys):
    for tail in TAILS:
        argv = [command, *tail]
        assert cli._named_command(argv) == command
        alone, every = outcome(cli._parser(command), argv, capsys), outcome(cli._parser(), argv, capsys)
        assert alone == every, argv
        assert alone[1].out or alone[1].err or alone[0][0] != "exit", argv  # a failure always says something


@pytest.mark.parametrize("argv", [[], ["--help"], ["--version"], ["solv"], ["Solve"], ["-q", "solve"], ["--", "solve"]])
def test_a_line_not_starting_with_a_command_gets_the_parser_of_every_command(argv):
    assert cli._named_command(argv) is None


def test_each_command_s_usage_starts_with_its_name():
    subparsers = cli._parser()._subparsers._group_actions[0].choices
    assert [each.prog for each in subparsers.values()] == [f"stategraph {name}" for name in cli.COMMANDS]



@pytest.mark.parametrize("command", [None, "solve", "grade"])
def test_help_is_laid_out_at_the_terminal_s_width_as_argparse_lays_it_out(command, monkeypatch):
    """The parser's formatter asks for the width only when it lays text out: the same text as argparse's own."""
    layouts = set()
    for columns in ("40", "100", "250"):
        monkeypatch.setenv("COLUMNS", columns)
        parser = cli._parser(command)
        if command is not None:
            parser = parser._subparsers._group_actions[0].choices[command]
        ours = (parser.format_help(), parser.format_usage())
        parser.formatter_class = argparse.HelpFormatter
        assert ours == (parser.format_help(), parser.format_usage()), columns
        layouts.add(ours[0])
    assert len(layouts) == 3  # each width lays the help out its own way
