"""Each setting is declared once (stategraph.settings.fields) and reaches the YAML config, ``--set``,
its flag and Settings from there; run.jobs is followed through all four."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from cli_runner import run_cli
from stategraph.cli import commands
from stategraph.cli import main as cli
from stategraph.limits import MAX_LIMIT
from stategraph.settings.config import default_config, load_config_text
from stategraph.settings.fields import DEFAULTS, FIELDS, KEYS, SHARED
from stategraph.settings.resolve import Settings

PB_MAZE = "1 3\nSBT\n0 0\n"


def other_value(key):
    """A legal value of ``key`` that is not its default."""
    if key.kind is bool:
        return not key.default
    if key.kind is int:
        return key.default + 1 if key.default < MAX_LIMIT else key.default - 1
    if key.choices:
        return next(choice for choice in key.choices if choice != key.default)
    return "graph-{instance}.graphml"


SIMPLE = [key for key in KEYS if key.kind is not dict and key.default is not None or key.nullable]


@pytest.mark.parametrize("key", SIMPLE, ids=[key.name for key in SIMPLE])
def test_every_simple_key_reaches_settings_from_yaml_and_from_set(key, tmp_path):
    value = other_value(key)
    section, _, name = key.name.rpartition(".")
    yaml = f"puzzle: arrow_maze\n{section}: {{{name}: {value!r}}}\n".replace("True", "true").replace("False", "false")
    loaded = Settings.from_config(load_config_text(yaml, "c.yaml"))
    assert getattr(loaded, key.field) == value
    overridden, _ = commands.resolve("solve", ["arrow_maze"], ("INPUT",), optional=1,
                                     assignments=[f"{key.name}={value}"])
    assert getattr(overridden, key.field) == value
    assert getattr(Settings.of("arrow_maze"), key.field) == DEFAULTS[key.name]


def test_no_field_hides_an_attribute_of_settings():
    assert not set(FIELDS) & set(dir(Settings)), "a field named like a method or attribute of Settings"
    assert len(FIELDS) == len([k for k in KEYS if k.field]), "two keys share a Settings field"


def test_defaults_are_the_declared_ones():
    config = default_config("huarong")
    assert config["verify"] == {"max_seconds": 60, "max_positions": 200_000}
    assert config["run"] == {"jobs": 1}
    assert config["output"] == {"format": "text", "stats": False, "verify": False}
    settings = Settings.of("huarong")
    assert (settings.verify_seconds, settings.verify_positions, settings.jobs) == (60, 200_000, 1)


def test_jobs_from_yaml_set_flag_and_settings(tmp_path, monkeypatch):
    config = tmp_path / "c.yaml"
    config.write_text("puzzle: pushing_boxes\nrun: {jobs: 3}\n")
    maze = tmp_path / "maze.txt"
    maze.write_text(PB_MAZE)
    seen = []

    def watched(puzzle, stream, settings, *args, **kwargs):  # what jobs does is the runner's (test_runner*)
        seen.append(settings.jobs)
        return iter(())

    monkeypatch.setattr(commands, "run", watched)
    for argv, jobs in [(["solve", "-c", str(config), str(maze)], 3),                       # YAML
                       (["solve", "-c", str(config), str(maze), "--set", "run.jobs=0"], 0),  # --set over YAML
                       (["solve", "-c", str(config), str(maze), "--set", "run.jobs=0", "--jobs", "5"], 5),  # flag
                       (["solve", "pushing_boxes", str(maze)], 1)]:                      # the default
        assert cli.main(argv) == 0
        assert seen.pop() == jobs, argv
    assert Settings.of("pushing_boxes", jobs=4).jobs == 4


def test_check_takes_jobs(tmp_path):
    maze, answers = tmp_path / "maze.txt", tmp_path / "answers.txt"
    maze.write_text(PB_MAZE)
    answers.write_bytes(run_cli("solve", "pushing_boxes", maze, binary=True).stdout)
    done = run_cli("check", "pushing_boxes", maze, answers, "--jobs", "1")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("args, config, message", [
    (("--jobs", "-1"), None,
     "stategraph: error: command line: key 'run.jobs' must be between 0 and 100000000, found -1"),
    (("--jobs", "x"), None, "stategraph solve: error: argument --jobs: invalid int value: 'x' "
                            "(see stategraph solve --help)"),
    ((), "puzzle: pushing_boxes\nrun: {jobs: 1.5}\n", "stategraph: error: c.yaml: key 'run.jobs' must be int, "
                                                      "found a number"),
    (("--set", "run.jobs=true"), None, "stategraph: error: command line: key 'run.jobs' must be int, found a boolean"),
])
def test_a_bad_jobs_is_one_line_and_status_2(args, config, message, tmp_path):
    if config:
        (tmp_path / "c.yaml").write_text(config)
        args = ("-c", "c.yaml", *args)
    else:
        args = ("pushing_boxes", *args)
    done = run_cli("solve", *args, stdin=PB_MAZE, cwd=tmp_path)
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and lines == [message] and done.stdout == "", done.stderr


def test_an_unknown_key_lists_the_declared_sections(tmp_path):
    with pytest.raises(Exception, match=r"\(known: puzzle, model, search, output, export, verify, run, limits\)"):
        load_config_text("puzzle: huarong\nrnu: {jobs: 2}\n", "c.yaml")


def test_every_flag_is_in_its_commands_help(capsys):
    reading = [name for name, command in cli.COMMANDS.items() if command.settings]
    assert {"solve", "check", "export", "compare", "explain", "draw", "view"} <= set(reading)
    helps = {}
    for command in cli.COMMANDS:
        assert cli.main([command, "--help"]) == 0
        helps[command] = capsys.readouterr().out
    for key in KEYS:
        if key.flag is None:
            continue
        assert key.flag.commands == SHARED or set(key.flag.commands) <= set(reading), key.name
        for command in reading if key.flag.commands == SHARED else key.flag.commands:
            flat = " ".join(helps[command].split())  # argparse wraps the help text
            assert key.flag.names[0] in helps[command] and " ".join(key.flag.help.split()) in flat, (key.name, command)
    for command in set(cli.COMMANDS) - set(reading):  # no settings: neither --set nor a key's flag
        assert "--set" not in helps[command] and "--model" not in helps[command], command


HOST = """
import signal, sys
before = signal.getsignal(signal.SIGINT)
import stategraph, stategraph.cli.main, stategraph.settings.config
print(signal.getsignal(signal.SIGINT) is before)
"""


def test_importing_the_package_leaves_a_host_programs_signals_alone(tmp_path):
    host = tmp_path / "host"
    host.mkdir()
    (host / "__init__.py").write_text(HOST)  # imported while python -m locates host.__main__
    (host / "__main__.py").write_text("")
    for command in ([sys.executable, "-c", HOST], [sys.executable, "-m", "host"]):
        done = subprocess.run(command, capture_output=True, cwd=tmp_path, timeout=120)
        assert done.stdout == b"True\n", (command, done.stderr)


def test_the_command_takes_ctrl_c_from_its_start():
    code = ("import signal, sys, runpy; sys.argv = ['-m', '--version']; sys.orig_argv = ['python', '-m', "
            "'stategraph', '--version']; import stategraph; "
            "print(signal.getsignal(signal.SIGINT) is stategraph._interrupted_while_starting)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.stdout == b"True\n", done.stderr
    import stategraph

    assert signal.getsignal(signal.SIGINT) is not stategraph._interrupted_while_starting  # this process: a host
