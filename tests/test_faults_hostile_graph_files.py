"""`stategraph search GRAPHFILE` on unusual and hostile files (issue 18, parts 4-5).

A file reads back exactly what `export` wrote (every format, every puzzle, a zero-cost Huarong
Dao answer in GEXF included), valid files are read however they are encoded, and every fault is
one line and exit status 2 (5 when memory runs out), read in bounded chunks: never a traceback,
never a silently wrong answer.  Everything runs through the real CLI (`python -m stategraph`);
memory cases run under ``RLIMIT_AS`` set in ``preexec_fn``.  Nothing is timed: the timeouts only
stop a hung run.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

import networkx as nx
import pytest

from cli_runner import run_cli
from stategraph.errors import OutOfMemory
from stategraph.io.graph_read import read_graph
from stategraph.puzzles import sample_text

GUARD = 120  # seconds before a hung run is killed (a failure, never a measurement)
MB = 2**20
BOM = b"\xef\xbb\xbf"
HUARONG_3X3 = "3 3 2\n1 1 1\n1 1 1\n1 1 1\n1 1 2 2 3 3\n1 1 2 2 2 2\n"  # query 2: start is the target
CASES = {  # puzzle, input, instance, query
    "pushing_boxes": ("pushing_boxes", sample_text("pushing_boxes"), 3, 1),
    "huarong": ("huarong", HUARONG_3X3, 1, 1),
    "huarong-zero": ("huarong", HUARONG_3X3, 1, 2),
    "arrow_maze": ("arrow_maze", sample_text("arrow_maze"), 1, 1),
}
GEXF_NS = "{http://www.gexf.net/1.2draft}"
# s -> a -> t costs 3, s -> t 5: the plain graph most cases below start from
NODES = [("s", "start", "S"), ("a", "state", "A"), ("t", "target", "T")]
EDGES = [("s", "a", "1"), ("a", "t", "2"), ("s", "t", "5")]
PATH_LINES = ["cost: 3", "0\t-\tS", "1\tsa\tA", "2\tat\tT"]


def stategraph(*args, limit_mb: int | None = None, shell: str | None = None, cwd=None):
    """``stategraph ARGS``, bytes out: in this process (the shared runner), or, under a memory limit
    or in a shell line in which STATEGRAPH stands for it, ``python -m stategraph ARGS`` of its own."""
    if limit_mb is None and shell is None:
        return run_cli(*args, cwd=cwd, binary=True, env={"STATEGRAPH_DEBUG": None, "PYTHONIOENCODING": "utf-8"})
    command = [sys.executable, "-m", "stategraph", *map(str, args)]
    if shell is not None:
        command = ["sh", "-c", shell.replace("STATEGRAPH", " ".join(map(repr, command)))]
    limit = None if limit_mb is None else limit_mb * MB

    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    env = {k: v for k, v in os.environ.items() if k != "STATEGRAPH_DEBUG"}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=GUARD, env=env,
                          cwd=cwd, preexec_fn=cap_memory if limit else None)


def refused(done, *fragments: str, status: int = 2) -> str:
    """The one stderr line of a refusal with exit ``status``, which holds every fragment."""
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == status, (done.returncode, err)
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("stategraph: error: "), err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    assert done.stdout == b""
    return err


def searched(path, *args) -> list[str]:
    done = stategraph("search", path, *args)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr
    return done.stdout.decode("utf-8").split("\n")[:-1]


# --- files the tests write ----------------------------------------------------------------------

def node_link(nodes=NODES, edges=EDGES, graph=None, weight=lambda w: float(w)) -> dict:
    return {"directed": True, "multigraph": False, "graph": graph or {},
            "nodes": [{"id": n, "kind": kind, "label": label} for n, kind, label in nodes],
            "edges": [{"source": u, "target": v, "weight": weight(w), "label": u + v} for u, v, w in edges]}


def graphml(nodes=NODES, edges=EDGES, *, start_is_target: str | None = None, encoding: str = "utf-8",
            comment: str = "", weight_type: str = "double") -> bytes:
    """A GraphML document as a person or another tool might write it (string-typed graph flag)."""
    lines = [f'<?xml version="1.0" encoding="{encoding}"?>', comment,
             '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
             '<key id="k" for="node" attr.name="kind" attr.type="string"/>',
             '<key id="l" for="node" attr.name="label" attr.type="string"/>',
             f'<key id="w" for="edge" attr.name="weight" attr.type="{weight_type}"/>',
             '<key id="m" for="edge" attr.name="label" attr.type="string"/>',
             '<key id="z" for="graph" attr.name="start_is_target" attr.type="string"/>',
             '<graph edgedefault="directed">']
    if start_is_target is not None:
        lines.append(f'<data key="z">{escape(start_is_target)}</data>')
    lines += [f'<node id={quoteattr(n)}><data key="k">{kind}</data><data key="l">{escape(label)}</data></node>'
              for n, kind, label in nodes]
    lines += [f'<edge source={quoteattr(u)} target={quoteattr(v)}><data key="w">{escape(w)}</data>'
              f'<data key="m">{u + v}</data></edge>' for u, v, w in edges]
    lines += ["</graph>", "</graphml>"]
    return "\n".join(lines).encode(encoding)


def gexf(nodes=NODES, edges=EDGES) -> bytes:
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<gexf xmlns="http://www.gexf.net/1.2draft" version="1.2">',
             '<graph defaultedgetype="directed"><attributes class="node">',
             '<attribute id="0" title="kind" type="string"/></attributes>',
             '<attributes class="edge"><attribute id="1" title="label" type="string"/></attributes><nodes>']
    lines += [f'<node id={quoteattr(n)} label={quoteattr(label)}><attvalues><attvalue for="0" value="{kind}"/>'
              '</attvalues></node>' for n, kind, label in nodes]
    lines.append("</nodes><edges>")
    lines += [f'<edge id="{i}" source={quoteattr(u)} target={quoteattr(v)} weight={quoteattr(w)}><attvalues>'
              f'<attvalue for="1" value="{u + v}"/></attvalues></edge>' for i, (u, v, w) in enumerate(edges)]
    lines.append("</edges></graph></gexf>")
    return "\n".join(lines).encode()


def write(folder, name: str, content) -> str:
    path = folder / name
    if isinstance(content, dict):
        content = json.dumps(content)
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(path)


def export(folder, case: str, fmt: str) -> tuple[str, dict]:
    """The exported file of the case and `solve`'s JSON answer to the same question."""
    puzzle, text, instance, query = CASES[case]
    source = write(folder, f"{case}.txt", text)
    target = folder / f"{case}.{fmt}"
    done = stategraph("export", puzzle, source, "-o", target, "--instance", instance, "--query", query)
    assert done.returncode == 0, done.stderr
    solved = stategraph("solve", puzzle, source, "--format", "json")
    answers = map(json.loads, solved.stdout.splitlines())
    answer = next(o for o in answers if (o["instance"], o["query"]) == (instance, query))
    return str(target), answer


# --- a file reads back what export wrote --------------------------------------------------------

# big files read in a memory limit (deselected unless --slow: tests/conftest.py)
SLOW_CASES = {
    "test_memory_running_out_while_reading_is_exit_5",
    "test_files_with_a_byte_order_mark_are_read",
    "test_a_node_id_declared_twice_is_refused",
}


def test_a_zero_cost_huarong_answer_round_trips_through_gexf(tmp_path):
    path, answer = export(tmp_path, "huarong-zero", "gexf")
    assert answer["answer"] == 0
    assert searched(path) == ["cost: 0", "0\t-\tstart blank=1,1 piece=2,2"]


def networkx_cost(path: str, fmt: str):
    """The optimum of an exported file by networkx alone: its own reader and Dijkstra on the scalar
    ``weight`` (for ``Lex``: ``primary * weight_base + secondary``), and the graph attributes (GEXF:
    the JSON of ``meta/description``, read here with ElementTree)."""
    if fmt == "json":
        with open(path, encoding="utf-8") as handle:
            graph = nx.node_link_graph(json.load(handle), edges="edges")
        attrs = graph.graph
    elif fmt == "graphml":
        graph = nx.read_graphml(path)
        attrs = graph.graph
    else:
        graph = nx.read_gexf(path)
        attrs = json.loads(ET.parse(path).getroot().find(f"{GEXF_NS}meta/{GEXF_NS}description").text)
    start = next(n for n, kind in graph.nodes(data="kind") if kind == "start")
    if attrs.get("start_is_target") is True:
        return 0, attrs
    lengths = nx.single_source_dijkstra_path_length(graph, start, weight="weight")
    return min(lengths[n] for n, kind in graph.nodes(data="kind") if kind == "target" and n in lengths), attrs


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
@pytest.mark.parametrize("case", list(CASES))
def test_export_then_search_gives_the_cost_of_solve(case, fmt, tmp_path):
    path, answer = export(tmp_path, case, fmt)
    first, *steps = searched(path)
    cost = answer["cost"]
    independent, attrs = networkx_cost(path, fmt)
    if "primary" in cost:
        assert first == f"cost: ({cost['primary']}, {cost['secondary']})"
        assert cost["primary"] * attrs["weight_base"] + cost["secondary"] == independent
    else:
        assert first == f"cost: {cost['cost']}"
        assert cost["cost"] == independent
    assert [line.split("\t")[2] for line in steps] == answer["path"]


# --- what is printed ----------------------------------------------------------------------------

def test_labels_are_printed_escaped_one_line_per_step(tmp_path):
    nodes = [("s", "start", "s\ncost: 0\n9\tforged\tline"), ("a", "state", "\x1b[2J\x1b[31mred café"),
             ("t", "target", "t\\back\r\u2028")]
    document = node_link(nodes)
    document["edges"][0]["label"] = "go\nnow"
    document["edges"][1]["label"] = "\x07bell"
    lines = searched(write(tmp_path, "labels.json", document))
    assert lines == ["cost: 3", "0\t-\ts\\ncost: 0\\n9\\tforged\\tline", "1\tgo\\nnow\t\\x1b[2J\\x1b[31mred café",
                     "2\t\\x07bell\tt\\\\back\\r\\u2028"]


# --- booleans, weights --------------------------------------------------------------------------

@pytest.mark.parametrize("value, cost", [("false", 3), ("False", 3), ("FALSE", 3), ("true", 0), ("True", 0)])
def test_booleans_written_as_text_are_booleans(value, cost, tmp_path):
    for path in (write(tmp_path, "flag.graphml", graphml(start_is_target=value)),
                 write(tmp_path, "flag.json", node_link(graph={"start_is_target": value}))):
        assert searched(path)[0] == f"cost: {cost}", path


@pytest.mark.parametrize("value", ["yes", "0", "", "nope"])
def test_other_values_where_a_boolean_is_needed_are_refused(value, tmp_path):
    refused(stategraph("search", write(tmp_path, "flag.graphml", graphml(start_is_target=value))),
            "'start_is_target' must be true or false")
    refused(stategraph("search", write(tmp_path, "flag.json", node_link(graph={"start_is_target": 1}))),
            "'start_is_target' must be true or false, found 1")
    refused(stategraph("search", write(tmp_path, "directed.json", {**node_link(), "directed": value})),
            "'directed' must be true or false")


JSON_SPELLINGS = {"INF": '"INF"', "Infinity": "Infinity", "1e999": "1e999", "-INF": "-Infinity", "inf": '"inf"',
                  "NaN": "NaN"}


@pytest.mark.parametrize("weight", list(JSON_SPELLINGS))
def test_non_finite_weights_are_refused_naming_the_edge(weight, tmp_path):
    edges = [("s", "a", weight), ("a", "t", "2"), ("s", "t", "5")]
    refused(stategraph("search", write(tmp_path, "w.graphml", graphml(edges=edges))), "'s' -> 'a'", "finite")
    refused(stategraph("search", write(tmp_path, "w.gexf", gexf(edges=edges))), "'s' -> 'a'", "finite")
    document = node_link()
    document["edges"][0]["weight"] = "@"
    raw = json.dumps(document).replace('"@"', JSON_SPELLINGS[weight])
    refused(stategraph("search", write(tmp_path, "w.json", raw)), "'s' -> 'a'", "finite")


# --- valid files: byte-order marks, encodings, comments -------------------------------------------

@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
def test_files_with_a_byte_order_mark_are_read(fmt, tmp_path):
    path, _ = export(tmp_path, "huarong", fmt)
    with open(path, "rb") as handle:
        marked = write(tmp_path, f"marked.{fmt}", BOM + handle.read())
    assert searched(marked) == searched(path)
    assert searched(marked)[0] == "cost: 7"


def test_a_declared_encoding_is_honoured(tmp_path):
    nodes = [("s", "start", "départ ñ"), ("a", "state", "A"), ("t", "target", "arrivée")]
    content = graphml(nodes, encoding="iso-8859-1")
    assert "é".encode("latin-1") in content and "é".encode() not in content
    assert searched(write(tmp_path, "latin.graphml", content)) == \
        ["cost: 3", "0\t-\tdépart ñ", "1\tsa\tA", "2\tat\tarrivée"]


def test_the_format_comes_from_the_root_element_not_from_a_comment(tmp_path):
    commented = graphml(comment="<!-- converted from <gexf version='1.2'> by hand -->")
    assert searched(write(tmp_path, "commented.graphml", commented)) == PATH_LINES
    content = gexf().replace(b"<gexf ", b"<!-- not <graphml> --><gexf ", 1)
    assert searched(write(tmp_path, "commented.gexf", content)) == PATH_LINES


# --- malformed files ------------------------------------------------------------------------------

def test_a_node_id_declared_twice_is_refused(tmp_path):
    twice = NODES + [("s", "target", "again")]
    refused(stategraph("search", write(tmp_path, "twice.graphml", graphml(twice))), "twice.graphml",
            "the node id 's' is declared twice")
    refused(stategraph("search", write(tmp_path, "twice.gexf", gexf(twice))), "'s' is declared twice")
    refused(stategraph("search", write(tmp_path, "twice.json", node_link(twice))), "'s' is declared twice")
    numbers = {"nodes": [{"id": 1, "kind": "start"}, {"id": 1.0, "kind": "target"}], "edges": []}
    refused(stategraph("search", write(tmp_path, "numbers.json", numbers)), "declared twice")


DEEP = 100_000
NOT_NODE_LINK = {
    "nodes as an object": '{"nodes": {"s": {"kind": "start"}}, "edges": []}',
    "nodes as numbers": '{"nodes": [1, 2], "edges": []}',
    "nodes as a string": '{"nodes": "s", "edges": []}',
    "a null node": '{"nodes": [null], "edges": []}',
    "a node without id": '{"nodes": [{"kind": "start"}], "edges": []}',
    "an object as id": '{"nodes": [{"id": {"a": 1}}], "edges": []}',
    "a null id": '{"nodes": [{"id": null}], "edges": []}',
    "an edge as a number": '{"nodes": [{"id": "s"}], "edges": [7]}',
    "an edge without target": '{"nodes": [{"id": "s"}], "edges": [{"source": "s"}]}',
    "edges as an object": '{"nodes": [], "edges": {}}',
    "no edges": '{"nodes": []}',
    "graph as a list": '{"nodes": [], "edges": [], "graph": [1]}',
    "a list, not an object": '[{"nodes": []}]',
    "deeply nested nodes": '{"nodes": ' + "[" * DEEP + "]" * DEEP + ', "edges": []}',
    "a deeply nested array": "[" * DEEP + "]" * DEEP,
    "a deeply nested label": '{"nodes": [{"id": "s", "label": ' + "[" * DEEP + "]" * DEEP + "}], \"edges\": []}",
    "not JSON after all": '{"nodes": [}',
    "not UTF-8": b'{"nodes": [{"id": "\xff\xfe"}], "edges": []}',
}


@pytest.mark.parametrize("case", list(NOT_NODE_LINK))
def test_json_that_is_not_a_node_link_graph_is_one_line(case, tmp_path):
    refused(stategraph("search", write(tmp_path, "odd.json", NOT_NODE_LINK[case])), "odd.json: ")


@pytest.mark.parametrize("content, message", [
    (b"", "it is empty"),
    (b" \n\t" * 100, "nothing but white space"),
    (b" " * 5000 + b"{}", "more than 4,096 bytes of white space"),
    (BOM + b"hello", "it starts with b'hello'"),
    (b"<html><body/></html>", "its root element is 'html'"),
    (b"<?xml version='1.0'?><!-- nothing else -->", "not a readable graph file"),
    (b"<graphml><graph><node", "not a readable graph file"),
    (b'<gexf xmlns="http://www.gexf.net/1.2draft"><graph><attributes class="odd"/></graph></gexf>',
     "not a readable graph file"),
])
def test_what_cannot_start_a_graph_document_is_one_line(content, message, tmp_path):
    refused(stategraph("search", write(tmp_path, "odd.graphml", content)), message)


# --- bounded reads, memory ------------------------------------------------------------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_at_once(device):
    refused(stategraph("search", device, limit_mb=400), device, "not a")


def test_a_file_over_max_bytes_is_refused(tmp_path):
    path = write(tmp_path, "g.graphml", graphml())
    size = os.path.getsize(path)
    refused(stategraph("search", path, "--max-bytes", size - 1), f"larger than {size - 1:,} bytes", "--max-bytes")
    assert searched(path, "--max-bytes", size) == PATH_LINES
    refused(stategraph("search", path, "--max-bytes", 0), "at least 1 byte")
    usage = stategraph("search", path, "--max-bytes", "lots")  # a usage error, as argparse words it
    assert usage.returncode == 2 and usage.stderr.count(b"\n") == 1 and b"--max-bytes: invalid int" in usage.stderr


def test_an_endless_pipe_is_read_no_further_than_the_limit():
    """A stream has no size to look at: the read itself stops one byte past the limit."""
    done = stategraph(limit_mb=400, shell="{ printf '{\"nodes\": ['; yes ' '; } | STATEGRAPH search /dev/stdin "
                      "--max-bytes 100000")
    refused(done, "/dev/stdin: larger than 100,000 bytes")


def huge(fmt: str, nodes: int = 1_500_000) -> str:
    """A valid graph whose parse needs far more memory than 400 MB (and than its 40-80 MB)."""
    if fmt == "json":
        return '{"nodes":[' + ",".join('{"id":%d}' % i for i in range(nodes)) + '],"edges":[]}'
    head = graphml(nodes=[], edges=[]).decode().removesuffix("</graph>\n</graphml>")
    return head + "".join(f'<node id="n{i}"><data key="k">state</data></node>' for i in range(nodes)) + \
        "</graph></graphml>"


@pytest.mark.parametrize("fmt", ["json", "graphml"])
def test_memory_running_out_while_reading_is_exit_5(fmt, tmp_path):
    """Out of memory in networkx's reader (for GraphML, expat's own "out of memory" error)."""
    path = write(tmp_path, f"huge.{fmt}", huge(fmt))
    refused(stategraph("search", path, limit_mb=400), "out of memory", status=5)


@pytest.mark.parametrize("failure", ["MemoryError", "expat out of memory"])
def test_a_memory_error_in_the_reader_is_out_of_memory(failure, tmp_path, monkeypatch):
    from networkx.readwrite.graphml import GraphMLReader

    def fail(*args, **kwargs):
        if failure == "MemoryError":
            raise MemoryError
        error = ET.ParseError("out of memory: line 1, column 0")
        error.code = 1  # expat's XML_ERROR_NO_MEMORY
        raise error

    monkeypatch.setattr(GraphMLReader, "make_graph", fail)
    with pytest.raises(OutOfMemory) as caught:
        read_graph(write(tmp_path, "g.graphml", graphml()))
    assert caught.value.exit_status == 5
    assert caught.value.__context__ is None and caught.value.__cause__ is None  # the data let go


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_a_memory_error_that_networkx_re_raises_is_still_exit_5(fmt, tmp_path, monkeypatch, capsys):
    """networkx's readers end with ``nx.DiGraph(G)``, whose conversion re-raises any exception (a
    ``MemoryError`` too) as a NetworkXError: still out of memory, not "not a readable graph file"."""
    import networkx.convert

    from stategraph.cli import main as cli

    def fail(*args, **kwargs):
        raise MemoryError

    path = write(tmp_path, f"g.{fmt}", graphml() if fmt == "graphml" else gexf())
    assert cli.main(["search", path]) == 0  # the file itself is fine
    capsys.readouterr()
    monkeypatch.setattr(networkx.convert, "from_dict_of_dicts", fail)
    assert cli.main(["search", path]) == 5
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("stategraph: error: out of memory"), err
