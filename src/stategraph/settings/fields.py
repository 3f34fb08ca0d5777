"""Every setting declared once: its dotted config key, type, default, help and command-line flag.

The rest is derived from :data:`KEYS`: the built-in defaults and the YAML and ``--set`` checks
(:mod:`stategraph.settings.config`), the fields of :class:`~stategraph.settings.resolve.Settings` and the
dedicated options of the command line (:mod:`stategraph.cli.main`).  A new setting is one
:class:`Key` here plus the code that uses it.  This module imports nothing of the package, so
the command line builds its parser without loading networkx.

>>> DEFAULTS["verify.max_seconds"], DEFAULTS["verify.max_positions"], FIELDS["jobs"]
(60, 200000, 'run.jobs')
>>> nest({"a": 1, "b.c": 2, "b.d": 3})
{'a': 1, 'b': {'c': 2, 'd': 3}}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..limits import MAX_POSITIONS

OUTPUT_FORMATS = ("text", "json")
GRAPH_FORMATS = ("graphml", "gexf", "json", "dot")  # what stategraph.io.graph_write writes
# a whole graph above this many states needs export's --force (or --path-only); GEXF and DOT are
# built whole in memory by their writers (networkx's GEXF writer, pydot): a lower limit
STATE_LIMITS = {"graphml": 200_000, "json": 200_000, "gexf": 50_000, "dot": 50_000}
SHARED = ("*",)  # Flag.commands: every command that reads settings (the options beside --config)


@dataclass(frozen=True)
class Flag:
    """A setting's dedicated command-line option (it overrides the config and ``--set``)."""

    names: tuple[str, ...]  # "--jobs", or "--algorithm", "-a"
    commands: tuple[str, ...]  # the commands that take it, or SHARED
    help: str
    dest: str | None = None  # the argparse attribute, when not the long name's
    metavar: str | None = None
    choices: bool = False  # argparse itself refuses a value outside the key's choices

    @property
    def attribute(self) -> str:
        return self.dest or self.names[0].lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Key:
    """One setting.  ``default`` ``None`` is "none" for a ``nullable`` key and "the puzzle's" for
    ``puzzle``, ``model``, ``search.algorithm`` (see :func:`stategraph.settings.config.default_config`)."""

    name: str  # the dotted config key
    kind: type  # str, int, bool, or dict for a mapping
    default: Any
    help: str
    field: str | None = None  # the Settings attribute
    flag: Flag | None = None
    choices: tuple[str, ...] = ()
    low: int | None = None  # an integer's range, low..MAX_LIMIT; low 1 reads "counts from 1"
    nullable: bool = False  # an empty value (``~``, ``--set KEY=``) means "none"
    path: bool = False  # a file path: the empty string is refused


KEYS: tuple[Key, ...] = (
    Key("puzzle", str, None, "the puzzle: a name, an alias or module:Class"),
    Key("model", str, None, "the state model (the puzzle's default first)", "model",
        Flag(("--model", "-m"), SHARED, "state model (see `stategraph puzzles`; overrides the config)")),
    Key("search.algorithm", str, None, "the search routine: a name or module:function", "algorithm",
        Flag(("--algorithm", "-a"), SHARED, "search routine (overrides the config)")),
    Key("search.options", dict, {}, "the routine's boolean options, e.g. stop_at_target", "options"),
    Key("search.check", bool, True, "hold a routine of your own to the built-ins' rule by one built-in search "
        "(false: trust it; its answers are then unchecked)", "check_routine"),
    Key("output.format", str, "text", "text (contest output) or json (one object per answer)", "output_format",
        Flag(("--format",), ("solve",), "text (contest output, the default) or json (one object per answer)"),
        choices=OUTPUT_FORMATS),
    Key("output.stats", bool, False, "search statistics on stderr", "stats",
        Flag(("--stats",), ("solve",), "print search statistics to stderr")),
    Key("output.verify", bool, False, "check every answer independently", "verify",
        Flag(("--verify",), ("solve",), "check every answer with an independent checker: legal, and optimal by a "
                                        "naive search within the verify budget")),
    Key("export.graphml", str, None, "write each instance's state graph to this path ({instance} replaced)",
        "export_graphml", Flag(("--export-graphml",), ("solve",), "write each instance's state graph as GraphML",
                               metavar="PATH"), nullable=True, path=True),
    Key("export.format", str, None, "the graph file format (default: from the extension)", "export_format",
        Flag(("--format",), ("export",), "the file format (default: from the extension of PATH)",
             dest="graph_format", choices=True), choices=GRAPH_FORMATS, nullable=True),
    Key("export.instance", int, 1, "the instance export writes", "export_instance",
        Flag(("--instance",), ("export",), "the K-th maze or board (default 1)", metavar="K"), low=1),
    Key("export.query", int, 1, "the question of the instance export writes", "export_query",
        Flag(("--query",), ("export",), "the K-th Huarong Dao query (default 1)", metavar="K"), low=1),
    Key("export.path_only", bool, False, "export only the solution's states and edges", "export_path_only",
        Flag(("--path-only",), ("export",), "only the solution's states and edges")),
    Key("export.force", bool, False, "export a whole graph above the size limit", "export_force",
        Flag(("--force",), ("export",), f"write a whole graph above the size limit ({STATE_LIMITS['graphml']:,} "
                                        f"states; {STATE_LIMITS['gexf']:,} for gexf, dot)")),
    Key("verify.max_seconds", int, 60, "--verify's naive searches in all, in seconds", "verify_seconds", low=0),
    Key("verify.max_positions", int, MAX_POSITIONS, "positions a naive search may visit per answer",
        "verify_positions", low=0),
    Key("run.jobs", int, 1, "worker processes; 0 = every core", "jobs",
        Flag(("--jobs",), ("solve", "check"), "worker processes; 0 = every core", metavar="N"), low=0),
    Key("limits", dict, {}, "the puzzle's size limits (max_rows, ...)", "limits"),
)

DEFAULTS: dict[str, Any] = {key.name: key.default for key in KEYS}
FIELDS = {key.field: key.name for key in KEYS if key.field}  # Settings attribute -> dotted key


def nest(flat: dict) -> dict:
    """Dotted keys to nested mappings, in the order given."""
    result: dict = {}
    for dotted, value in flat.items():
        *sections, last = dotted.split(".")
        inner = result
        for section in sections:
            inner = inner.setdefault(section, {})
        inner[last] = value
    return result


def value_at(config: dict, dotted: str):
    """The value of the dotted key in a nested config."""
    for part in dotted.split("."):
        config = config[part]
    return config


def flag_values(args) -> dict:
    """The dedicated flags of ``args.command`` in an argparse namespace, by dotted key (``None``:
    not given)."""
    return {key.name: getattr(args, key.flag.attribute) for key in (*with_flags(None), *with_flags(args.command))
            if key.flag}


def with_flags(command: str | None) -> list[Key]:
    """The keys whose flag ``command`` takes, by name (``None``: the flags every command that reads
    settings takes, beside ``--config``)."""
    return [key for key in KEYS if key.flag and (key.flag.commands == SHARED if command is None
                                                 else command in key.flag.commands)]
