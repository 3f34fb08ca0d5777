"""Every setting declared once: a typed field of :class:`Declared`, whose metadata holds its dotted
config key, default, help, allowed values and command-line flag.

:data:`KEYS`, the defaults, the config checks, :class:`~stategraph.settings.resolve.Settings` and
the command line's options are derived from these fields.  A new setting is one field made by
:func:`setting`; its annotation is its type (``X | None``: an empty value means "none").  Nothing
heavy is imported, so the command line builds its parser without loading networkx.

>>> DEFAULTS["verify.max_seconds"], DEFAULTS["verify.max_positions"], FIELDS["jobs"]
(60, 200000, 'run.jobs')
>>> [(key.name, key.kind.__name__, key.nullable) for key in KEYS if key.field in ("export_format", "jobs", "limits")]
[('export.format', 'str', True), ('run.jobs', 'int', False), ('limits', 'dict', False)]
>>> nest({"a": 1, "b.c": 2, "b.d": 3})
{'a': 1, 'b': {'c': 2, 'd': 3}}
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, get_args, get_origin, get_type_hints

from ..limits import MAX_POSITIONS

if TYPE_CHECKING:
    from argparse import Namespace

OUTPUT_FORMATS = ("text", "json")
GRAPH_FORMATS = ("graphml", "gexf", "json", "dot")  # what stategraph.io.graph_write writes
# a whole graph above this many states needs export's --force (or --path-only); GEXF and DOT are
# built whole in memory by their writers (networkx's GEXF writer, pydot): a lower limit
STATE_LIMITS = {"graphml": 200_000, "json": 200_000, "gexf": 50_000, "dot": 50_000}
SHARED = ("*",)  # Flag.commands: every command that reads settings (the options beside --config)
SETTING = "stategraph.setting"  # the key of a field's metadata that declares its setting


class Flag(NamedTuple):
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


class Key(NamedTuple):
    """One setting, as the checks and the command line read it; ``default`` ``None`` is "none" for a
    ``nullable`` key, else "the puzzle's" (:func:`stategraph.settings.config.default_config`)."""

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


def setting(name: str, *, help: str, default: Any = None, flag: Flag | None = None,
            choices: tuple[str, ...] = (), low: int | None = None, path: bool = False) -> Any:
    """A field of :class:`Declared`: the setting at the dotted config key ``name`` (the arguments as
    in :class:`Key`), kept in the field's metadata; no dataclass default (a
    :class:`~stategraph.settings.resolve.Settings` is always built whole from a config)."""
    return dataclasses.field(metadata={SETTING: {"key": name, "help": help, "default": default, "flag": flag,
                                                 "choices": choices, "low": low, "path": path}})


@dataclass(frozen=True, kw_only=True, init=False, repr=False, eq=False)
class Declared:
    """A typed field for each setting, in the config's order; :class:`~stategraph.settings.resolve.Settings`
    adds the puzzle and the methods (none made here: nothing calls them, and they cost start-up time)."""

    model: str = setting("model", help="the state model (the puzzle's default first)",
                         flag=Flag(("--model", "-m"), SHARED, "state model (see `stategraph puzzles`; overrides the "
                                                              "config)"))
    algorithm: str = setting("search.algorithm", help="the search routine: a name or module:function",
                             flag=Flag(("--algorithm", "-a"), SHARED, "search routine (overrides the config)"))
    options: Mapping[str, bool] = setting("search.options", default={},
                                          help="the routine's boolean options, e.g. stop_at_target")
    check_routine: bool = setting("search.check", default=True,
                                  help="hold a routine of your own to the built-ins' rule by one built-in search "
                                       "(false: trust it; its answers are then unchecked)")
    output_format: str = setting("output.format", default="text", choices=OUTPUT_FORMATS,
                                 help="text (contest output) or json (one object per answer)",
                                 flag=Flag(("--format",), ("solve",), "text (contest output, the default) or json "
                                                                      "(one object per answer)"))
    stats: bool = setting("output.stats", default=False, help="search statistics on stderr",
                          flag=Flag(("--stats",), ("solve",), "print search statistics to stderr"))
    verify: bool = setting("output.verify", default=False, help="check every answer independently",
                           flag=Flag(("--verify",), ("solve",), "check every answer with an independent checker: "
                                                                "legal, and optimal by a naive search within the "
                                                                "verify budget"))
    export_graphml: str | None = setting("export.graphml", path=True,
                                         help="write each instance's state graph to this path ({instance} replaced)",
                                         flag=Flag(("--export-graphml",), ("solve",),
                                                   "write each instance's state graph as GraphML", metavar="PATH"))
    export_format: str | None = setting("export.format", choices=GRAPH_FORMATS,
                                        help="the graph file format (default: from the extension)",
                                        flag=Flag(("--format",), ("export",), "the file format (default: from the "
                                                                             "extension of PATH)",
                                                  dest="graph_format", choices=True))
    export_instance: int = setting("export.instance", default=1, low=1, help="the instance export writes",
                                   flag=Flag(("--instance",), ("export",), "the K-th maze or board (default 1)",
                                             metavar="K"))
    export_query: int = setting("export.query", default=1, low=1, help="the question of the instance export writes",
                                flag=Flag(("--query",), ("export",), "the K-th Huarong Dao query (default 1)",
                                          metavar="K"))
    export_path_only: bool = setting("export.path_only", default=False,
                                     help="export only the solution's states and edges",
                                     flag=Flag(("--path-only",), ("export",), "only the solution's states and edges"))
    export_force: bool = setting("export.force", default=False, help="export a whole graph above the size limit",
                                 flag=Flag(("--force",), ("export",),
                                           f"write a whole graph above the size limit ({STATE_LIMITS['graphml']:,} "
                                           f"states; {STATE_LIMITS['gexf']:,} for gexf, dot)"))
    verify_seconds: int = setting("verify.max_seconds", default=60, low=0,
                                  help="--verify's naive searches in all, in seconds")
    verify_positions: int = setting("verify.max_positions", default=MAX_POSITIONS, low=0,
                                    help="positions a naive search may visit per answer")
    jobs: int = setting("run.jobs", default=1, low=0, help="worker processes; 0 = every core",
                        flag=Flag(("--jobs",), ("solve", "check", "census"), "worker processes; 0 = every core",
                                  metavar="N"))
    limits: Mapping[str, int] = setting("limits", default={}, help="the puzzle's size limits (max_rows, ...)")


_KINDS: dict[Any, type] = {str: str, int: int, bool: bool, Mapping: dict}  # a field's type -> its key's kind


def _key(field: dataclasses.Field[Any], hint: Any) -> Key:
    """The :class:`Key` a field of :class:`Declared` declares."""
    declared = field.metadata[SETTING]
    nullable = get_origin(hint) is types.UnionType and type(None) in get_args(hint)
    if nullable:
        (hint,) = (arg for arg in get_args(hint) if arg is not type(None))
    kind = _KINDS.get(get_origin(hint) or hint)
    if kind is None:
        raise TypeError(f"setting {declared['key']}: a field of type {hint} (str, int, bool or a Mapping)")
    return Key(declared["key"], kind, declared["default"], declared["help"], field.name, declared["flag"],
               declared["choices"], declared["low"], nullable, declared["path"])


def keys_of(declared: type[Declared]) -> tuple[Key, ...]:
    """The :class:`Key` of each field of ``declared`` (:class:`Declared`, or a class that adds fields
    to it) made by :func:`setting`, in order."""
    hints = get_type_hints(declared)
    return tuple(_key(field, hints[field.name]) for field in dataclasses.fields(declared) if SETTING in field.metadata)


PUZZLE = Key("puzzle", str, None, "the puzzle: a name, an alias or module:Class")  # Settings.puzzle: the Puzzle
KEYS: tuple[Key, ...] = (PUZZLE, *keys_of(Declared))
DEFAULTS: dict[str, Any] = {key.name: key.default for key in KEYS}
FIELDS: dict[str, str] = {key.field: key.name for key in KEYS if key.field}  # Settings attribute -> dotted key


def nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Dotted keys to nested mappings, in the order given."""
    result: dict[str, Any] = {}
    for dotted, value in flat.items():
        *sections, last = dotted.split(".")
        inner = result
        for section in sections:
            inner = inner.setdefault(section, {})
        inner[last] = value
    return result


def value_at(config: Mapping[str, Any], dotted: str) -> Any:
    """The value of the dotted key in a nested config."""
    value: Any = config
    for part in dotted.split("."):
        value = value[part]
    return value


def flag_values(args: Namespace) -> dict[str, Any]:
    """The dedicated flags of ``args.command`` in an argparse namespace, by dotted key (``None``: not given)."""
    return {key.name: getattr(args, key.flag.attribute) for key in (*with_flags(None), *with_flags(args.command))
            if key.flag}


def with_flags(command: str | None) -> list[Key]:
    """The keys whose flag ``command`` takes, by name (``None``: the flags every command that reads
    settings takes, beside ``--config``)."""
    return [key for key in KEYS if key.flag and (key.flag.commands == SHARED if command is None
                                                 else command in key.flag.commands)]
