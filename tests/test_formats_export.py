"""`stategraph export`: every puzzle in every format reads back in networkx (and igraph) as written,
with the counts of `--stats`, typed attributes, and one marked chain whose weights sum to the answer."""

from __future__ import annotations

import io
import json
import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_runner import run_cli
from stategraph import run
from stategraph.errors import StategraphError
from stategraph.puzzles import sample_text
from stategraph.settings.resolve import Settings
from stategraph.solving.export import Capture, format_for

HUARONG_3X3 = "3 3 3\n1 1 1\n1 1 1\n1 1 1\n1 1 2 2 3 3\n3 3 1 1 1 3\n2 2 1 1 3 1\n"
# (puzzle, input, --instance, --query): a case whose path has several steps and, for Huarong Dao,
# a start whose walk to the piece costs something (so leaving the start out would show)
CASES = {
    "pushing_boxes": (sample_text("pushing_boxes"), 3, 1),
    "huarong": (HUARONG_3X3, 1, 2),
    "arrow_maze": (sample_text("arrow_maze"), 1, 1),
}
FORMATS = ("graphml", "gexf", "json", "dot")


stategraph = run_cli  # the shared runner (tests/cli_runner.py), in this process


@cache
def input_file(puzzle: str, tmp: str) -> str:
    path = f"{tmp}/{puzzle}.txt"
    with open(path, "w") as handle:
        handle.write(CASES[puzzle][0])
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("export"))


@cache
def stats(puzzle: str, path: str) -> dict:
    """nodes and edges of the chosen question (the model's size in the solve's JSON report, whatever
    the routine built), and that JSON answer."""
    _, instance, query = CASES[puzzle]
    done = stategraph("solve", puzzle, path, "--format", "json")
    assert done.returncode == 0, done.stderr
    answer = next(o for o in map(json.loads, done.stdout.splitlines())
                  if (o["instance"], o["query"]) == (instance, query))
    return {"nodes": answer["stats"]["states"], "edges": answer["stats"]["edges"], "answer": answer}


@cache
def exported(puzzle: str, fmt: str, path: str, folder: str) -> str:
    _, instance, query = CASES[puzzle]
    target = f"{folder}/{puzzle}.{ 'gv' if fmt == 'dot' else fmt}"
    done = stategraph("export", puzzle, path, "-o", target, "--instance", str(instance), "--query", str(query))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""
    return target


def reference(puzzle: str) -> nx.DiGraph:
    """The flattened graph made in-process, what every file must hold."""
    text, instance, query = CASES[puzzle]
    settings = Settings.of(puzzle)
    capture = Capture(settings, lambda i, q: (i, q) == (instance, query), "graphml")
    for record in run(settings.puzzle, text, settings, capture=capture):
        flat = capture.take(record)
        if flat is not None:
            return flat
    raise AssertionError("the question was not captured")


def read_back(fmt: str, path: str) -> nx.DiGraph:
    if fmt == "graphml":
        graph = nx.read_graphml(path)
        for key in ("node_default", "edge_default"):
            graph.graph.pop(key, None)
        return graph
    if fmt == "json":
        with open(path) as handle:
            return nx.node_link_graph(json.load(handle), edges="edges")
    if fmt == "gexf":
        graph = nx.read_gexf(path)
        description = ET.parse(path).getroot().find("{*}meta/{*}description")
        graph.graph = json.loads(description.text)
        for _, _, attrs in graph.edges(data=True):
            attrs.pop("id")  # GEXF's own edge ids
        return graph
    pydot = pytest.importorskip("pydot")
    dot = pydot.graph_from_dot_file(path)[0]
    graph = nx.DiGraph(**{k: _unquote(v) for k, v in dot.get_attributes().items()})
    for node in dot.get_nodes():
        graph.add_node(_unquote(node.get_name()), **{k: _unquote(v) for k, v in node.get_attributes().items()})
    for edge in dot.get_edges():
        graph.add_edge(_unquote(edge.get_source()), _unquote(edge.get_destination()),
                       **{k: _unquote(v) for k, v in edge.get_attributes().items()})
    return graph


def _unquote(text: str) -> str:
    if text.startswith('"') and text.endswith('"'):
        text = text[1:-1]
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def as_written(value, fmt: str):
    """What a value of the reference becomes in ``fmt``: DOT keeps only text, GEXF's weight is a double."""
    if fmt == "dot":
        return str(value).lower() if isinstance(value, bool) else str(value)
    return value


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("puzzle", list(CASES))
def test_round_trip(puzzle, fmt, folder):
    path = input_file(puzzle, folder)
    graph = read_back(fmt, exported(puzzle, fmt, path, folder))
    counts = stats(puzzle, path)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (counts["nodes"], counts["edges"])
    want = reference(puzzle)
    assert set(graph.nodes) == set(want.nodes)
    for node, attrs in want.nodes(data=True):
        got = graph.nodes[node]
        assert {k: as_written(v, fmt) for k, v in attrs.items()} == got, node
        if fmt != "dot":
            assert {k: type(v) for k, v in attrs.items()} == {k: type(v) for k, v in got.items()}, node
    for u, v, attrs in want.edges(data=True):
        got = dict(graph.edges[u, v])
        if fmt == "gexf":
            assert type(got["weight"]) is float and got["weight"] == attrs["weight"]
            got["weight"] = attrs["weight"]
        assert {k: as_written(x, fmt) for k, x in attrs.items()} == got, (u, v)
        if fmt != "dot":
            assert {k: type(x) for k, x in attrs.items()} == {k: type(x) for k, x in got.items()}
    assert {k: as_written(v, fmt) for k, v in want.graph.items()} == graph.graph
    check_marked_chain(puzzle, graph if fmt != "dot" else want, counts["answer"])


def check_marked_chain(puzzle: str, graph: nx.DiGraph, answer: dict) -> None:
    """One chain of on_path edges from the start to a target: states of steps 0, 1, ..., the moves
    between them numbered 1, 2, ... (move k leads to state k, as ``search`` numbers moves), weights
    summing to the cost."""
    starts = [n for n, kind in graph.nodes(data="kind") if kind == "start"]
    assert len(starts) == 1
    marked = {u: (v, attrs) for u, v, attrs in graph.edges(data=True) if attrs["on_path"]}
    assert len(marked) == sum(1 for _, _, on in graph.edges(data="on_path") if on)  # one edge out of each
    node, step, total, parts = starts[0], 0, 0, [0, 0]
    assert graph.nodes[node]["step"] == 0 and graph.nodes[node]["dist"] == 0
    while node in marked:
        node, attrs = marked.pop(node)
        step += 1
        assert attrs["step"] == step
        assert graph.nodes[node]["on_path"] and graph.nodes[node]["step"] == step
        total += attrs["weight"]
        if "primary" in attrs:
            parts[0] += attrs["primary"]
            parts[1] += attrs["secondary"]
    assert not marked
    assert graph.nodes[node]["kind"] == "target"
    assert graph.nodes[node]["dist"] == total == graph.graph["cost"]
    assert sum(1 for _, on in graph.nodes(data="on_path") if on) == step + 1
    if puzzle == "pushing_boxes":
        moves = answer["answer"]
        assert parts == [sum(c.isupper() for c in moves), sum(c.islower() for c in moves)]
        assert total == parts[0] * graph.graph["weight_base"] + parts[1]
        assert [graph.graph["cost_primary"], graph.graph["cost_secondary"]] == parts
    elif puzzle == "huarong":
        assert total == answer["answer"] > 0
        assert answer["cost"] == {"cost": total}
    else:
        assert total == len(answer["answer"]) - 1
    assert graph.graph["answer"] == answer["output"]


@pytest.mark.parametrize("puzzle", list(CASES))
def test_igraph_reads_every_export_and_finds_the_same_cost(puzzle, folder):
    igraph = pytest.importorskip("igraph")
    path = exported(puzzle, "graphml", input_file(puzzle, folder), folder)
    graph = igraph.Graph.Read_GraphML(path)
    counts = stats(puzzle, input_file(puzzle, folder))
    assert (graph.vcount(), graph.ecount()) == (counts["nodes"], counts["edges"])
    start = graph.vs.find(kind="start").index
    targets = [v.index for v in graph.vs if v["kind"] == "target"]
    best = min(graph.distances(start, targets, weights="weight", mode="out")[0])
    cost = reference(puzzle).graph["cost"]
    assert best == cost
    assert graph["cost"] == cost and graph["puzzle"] == puzzle
    assert set(graph.vs["on_path"]) == {True, False}  # xsd:boolean that igraph understands


def test_node_attributes_are_the_puzzles_own_coordinates(folder):
    graph = reference("pushing_boxes")
    rows, cols = map(int, graph.graph["instance_text"].split("\n")[0].split())
    for _, attrs in graph.nodes(data=True):
        assert "box" not in attrs  # the internal padded cell index is not exported
        assert 1 <= attrs["box_row"] <= rows and 1 <= attrs["box_col"] <= cols
    assert {a.get("side") for _, a in graph.nodes(data=True)} <= {"N", "S", "W", "E", None}
    labels = [attrs["label"] for _, _, attrs in sorted(graph.edges(data=True), key=lambda e: e[2].get("step", -1))
              if attrs["on_path"]]
    assert "".join(labels) == "eennwwWWWWeeeeeesswwwwwwwnNN"
    huarong = reference("huarong")
    assert all("piece" not in attrs and attrs["piece_row"] >= 1 for _, attrs in huarong.nodes(data=True))
    assert huarong.graph["instance_text"].endswith("3 3 1 1 1 3\n")  # the chosen query (--query 2)
    arrow = reference("arrow_maze")
    assert {attrs["label"] for _, _, attrs in arrow.edges(data=True)} <= {"start", "F", "L", "R"}
    assert arrow.graph["instance_text"].startswith("SAMPLE\n3 1 N 3 3\n")


def test_dist_only_where_settled():
    graph = reference("pushing_boxes")
    cost = graph.graph["cost"]
    exact = nx.single_source_dijkstra_path_length(graph, graph.graph["start"], weight="weight")
    for node, attrs in graph.nodes(data=True):
        if "dist" in attrs:
            assert attrs["dist"] == exact[node] <= cost
            assert divmod(attrs["dist"], graph.graph["weight_base"]) == (attrs["dist_primary"],
                                                                       attrs["dist_secondary"])
        else:
            assert node not in exact or exact[node] > cost


def test_stdout_path_only_and_format_flag(folder):
    path = input_file("arrow_maze", folder)
    done = stategraph("export", "arrow_maze", path, "-o", "-", "--format", "json", "--path-only")
    assert done.returncode == 0, done.stderr
    graph = nx.node_link_graph(json.loads(done.stdout), edges="edges")
    assert graph.number_of_nodes() == 15 and graph.number_of_edges() == 14
    assert all(graph.nodes(data="on_path")) and graph.graph["path_only"] is True
    done = stategraph("export", "arrow_maze", path, "-o", "-")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--format" in done.stderr


def test_extension_chooses_the_format_and_unknown_is_an_error(folder):
    path = input_file("arrow_maze", folder)
    done = stategraph("solve", "arrow_maze", path, "--export-graphml", f"{folder}/viaslv.gexf")
    assert done.returncode == 0, done.stderr
    assert open(f"{folder}/viaslv.gexf").read().count("<gexf") == 1
    done = stategraph("export", "arrow_maze", path, "-o", f"{folder}/x.xml")
    assert done.returncode == 2 and "cannot tell the format" in done.stderr
    assert format_for("a.GV") == "dot"


def test_config_export_path_is_the_default_output(folder):
    target = f"{folder}/from-config.graphml"
    done = stategraph("export", "huarong", input_file("huarong", folder), "--set", f"export.graphml={target}")
    assert done.returncode == 0, done.stderr
    assert nx.read_graphml(target).graph["query"] == 1


def test_a_config_export_section_sets_every_export_option(folder):
    config = f"{folder}/export.yaml"
    with open(config, "w") as handle:
        handle.write("puzzle: huarong\nexport: {format: json, query: 2, path_only: true}\n")
    text = "3 4 2\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 2 1 4\n3 4 2 2 3 3\n"
    done = stategraph("export", "-c", config, "-o", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    graph = nx.node_link_graph(json.loads(done.stdout), edges="edges")
    answers = stategraph("solve", "huarong", stdin=text).stdout.split()
    assert graph.graph["query"] == 2 and graph.graph["path_only"] is True
    assert sum(w for _, _, w in graph.edges(data="weight")) == int(answers[1])
    assert all(graph.nodes(data="on_path"))
    done = stategraph("export", "-c", config, "-o", "-", "--query", "1", "--format", "graphml", stdin=text)
    assert done.returncode == 0 and "<graphml" in done.stdout  # flags override the config


def test_missing_instance_or_query_is_one_line(folder):
    done = stategraph("export", "huarong", input_file("huarong", folder), "-o", "-", "--format", "json",
                      "--query", "9")
    assert done.returncode == 2 and done.stderr == f"stategraph: error: {folder}/huarong.txt: instance 1 has no " \
                                                   "query 9\n"
    done = stategraph("export", "pushing_boxes", input_file("pushing_boxes", folder), "-o", "-", "--format",
                      "json", "--instance", "7")
    assert done.returncode == 2 and "has no instance 7" in done.stderr


@pytest.mark.parametrize("where, status", [("DIR", 2), ("DIR/no/such/g.graphml", 2), ("/dev/full", 4)])
def test_bad_output_paths(where, status, folder):
    target = where.replace("DIR", folder)
    done = stategraph("export", "arrow_maze", input_file("arrow_maze", folder), "-o", target, "--format",
                      "graphml")
    assert done.returncode == status, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("stategraph: error: cannot write")


def test_solve_export_to_stdout_is_refused():
    done = stategraph("solve", "arrow_maze", "--export-graphml", "-", stdin=sample_text("arrow_maze"))
    assert done.returncode == 2 and "stategraph export" in done.stderr and done.stdout == ""


def test_a_graph_over_the_limit_asks_for_force_or_path_only():
    settings = Settings.of("pushing_boxes")
    capture = Capture(settings, lambda i, q: True, "graphml", limit=10)
    with pytest.raises(StategraphError, match=r"above the export limit of 10 states .* MB\); use --force"):
        list(run(settings.puzzle, sample_text("pushing_boxes"), settings, capture=capture))
    for flags in ({"force": True}, {"path_only": True}):
        capture = Capture(settings, lambda i, q: True, "graphml", limit=10, **flags)
        assert len(list(run(settings.puzzle, sample_text("pushing_boxes"), settings, capture=capture))) == 4


def test_the_size_limit_on_the_command_line(tmp_path):
    rows = ["." * 120 for _ in range(120)]
    rows[60] = "." * 10 + "SB" + "." * 100 + "T" + "." * 7
    maze = tmp_path / "open120.txt"
    maze.write_text("120 120\n" + "\n".join(rows) + "\n0 0\n")
    done = stategraph("export", "pushing_boxes", str(maze), "-o", str(tmp_path / "g.gexf"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "above the export limit of 50,000 states (a gexf file of about" in done.stderr
    assert "--force" in done.stderr and "--path-only" in done.stderr
    assert not (tmp_path / "g.gexf").exists()


def test_solve_export_is_the_same_code_path_with_the_start_attached(tmp_path):
    source = tmp_path / "board.txt"
    source.write_text(HUARONG_3X3)
    target = tmp_path / "board.graphml"
    done = stategraph("solve", "huarong", str(source), "--export-graphml", str(target), "--stats")
    assert done.returncode == 0, done.stderr
    header, first, *_ = done.stderr.splitlines()
    row = dict(zip(header.split(), first.split()))
    graph = nx.read_graphml(target)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (int(row["states_built"]), int(row["edges_built"]))
    marked = [w for _, _, (w, on) in ((u, v, (d["weight"], d["on_path"])) for u, v, d in graph.edges(data=True))
              if on]
    assert sum(marked) == int(done.stdout.splitlines()[0]) == graph.graph["cost"]


def graphml_document(data: bytes) -> tuple:
    """A GraphML document as data: the root's attributes, its keys ``(id, for, name, type)`` in
    order, the graph's data, then each node and edge in order with its XML attributes and data
    (``(key, text)``, line ends read as XML reads them unescaped, booleans as ``bool``)."""
    root = ET.fromstring(data)
    keys = [(k.get("id"), k.get("for"), k.get("attr.name"), k.get("attr.type")) for k in root.findall("{*}key")]
    boolean = {key for key, _, _, kind in keys if kind == "boolean"}

    def data_of(element) -> list:
        found = []
        for d in element.findall("{*}data"):
            text = (d.text or "").replace("\r\n", "\n").replace("\r", "\n")
            found.append((d.get("key"), text.lower() == "true" if d.get("key") in boolean else text))
        return found

    graph = root.find("{*}graph")
    return (root.attrib, keys, graph.attrib, data_of(graph),
            [(e.tag, e.attrib, data_of(e)) for e in graph if not e.tag.endswith("}data")])


def written_graphml(flat: nx.DiGraph) -> bytes:
    """What ``stategraph.io.graph_write`` writes for ``flat``."""
    from stategraph.io import graph_write as graphwrite

    buffer = io.BytesIO()
    graphwrite._write_graphml(flat, buffer)
    return buffer.getvalue()


def networkx_graphml(flat: nx.DiGraph) -> bytes:
    """networkx's own (ElementTree) writer, typing each key by the most general of its values."""
    buffer = io.BytesIO()
    nx.write_graphml_xml(flat.copy(), buffer, prettyprint=False, infer_numeric_types=True)
    return buffer.getvalue()


def typed(attrs: dict) -> dict:
    return {k: (type(v), v) for k, v in attrs.items()}


def assert_read_back_exactly(written: bytes, flat: nx.DiGraph) -> None:
    """networkx reads the graph, every node and every edge back in order, each value of its type."""
    back = nx.read_graphml(io.BytesIO(written))
    for key in ("node_default", "edge_default"):
        back.graph.pop(key, None)
    assert typed(back.graph) == typed(flat.graph)
    assert [(n, typed(d)) for n, d in back.nodes(data=True)] == [(n, typed(d)) for n, d in flat.nodes(data=True)]
    assert [(u, v, typed(d)) for u, v, d in back.edges(data=True)] == \
        [(u, v, typed(d)) for u, v, d in flat.edges(data=True)]


@pytest.mark.parametrize("puzzle", list(CASES))
def test_graphml_is_networkx_s_document_with_xml_booleans(puzzle):
    flat = reference(puzzle)
    written = written_graphml(flat)
    assert graphml_document(written) == graphml_document(networkx_graphml(flat))
    assert b">True<" not in written and b">true<" in written  # xsd:boolean, not Python's spelling
    assert_read_back_exactly(written, flat)
    # byte for byte, what networkx's lxml writer writes, but for the booleans' spelling (without lxml,
    # networkx would quietly use its other writer: the test extra installs lxml, and this fails without it)
    import lxml.etree  # noqa: F401

    buffer = io.BytesIO()
    nx.write_graphml_lxml(flat.copy(), buffer, prettyprint=False, infer_numeric_types=True)
    boolean = set(re.findall(rb'<key id="(d[0-9]+)" for="[a-z]+" attr.name="[^"]*" attr.type="boolean"/>',
                             buffer.getvalue()))
    assert written == re.sub(rb'<data key="(d[0-9]+)">(True|False)</data>',
                             lambda m: m[0].lower() if m[1] in boolean else m[0], buffer.getvalue())


def xml_char(c: str) -> bool:
    """XML 1.0's Char production."""
    return c in "\t\n\r" or " " <= c <= "\ud7ff" or "\ue000" <= c <= "\ufffd" or c >= "\U00010000"


TEXT = st.text(st.characters().filter(xml_char), max_size=6) | st.sampled_from(["a&b<c>", '"q"', "x\r\ny", " \t"])
SCALAR = st.booleans() | st.integers(-10**15, 10**15) | st.floats(allow_nan=False) | TEXT
ATTRS = st.dictionaries(st.sampled_from(["label", "w", "a&b", 'q"<>', "line\nbreak", "tab\tx", "cr\r"]), SCALAR,
                        max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(TEXT, ATTRS), max_size=6, unique_by=lambda node: node[0]),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), ATTRS), max_size=10), ATTRS)
def test_graphml_of_any_scalars_is_networkx_s_document(nodes, edges, graph_attrs):
    flat = nx.DiGraph(**graph_attrs)
    flat.add_nodes_from(nodes)
    ids = list(flat)
    flat.add_edges_from((ids[u], ids[v], d) for u, v, d in edges if max(u, v) < len(ids))
    written = written_graphml(flat)
    assert graphml_document(written) == graphml_document(networkx_graphml(flat))
    scopes = ([flat.graph], [d for _, d in flat.nodes(data=True)], [d for _, _, d in flat.edges(data=True)])
    types = [{(k, type(v)) for d in dicts for k, v in d.items()} for dicts in scopes]
    if all(len(pairs) == len(dict(pairs)) for pairs in types):  # (a key of mixed types is read as one type)
        assert_read_back_exactly(written, flat)


@pytest.mark.parametrize("text", ["a\x00b", "bell\x07", "\ud800", "\uffff"])
def test_graphml_refuses_what_xml_cannot_hold_in_one_line(text):
    flat = nx.DiGraph()
    flat.add_node("s", label=text)
    with pytest.raises(StategraphError, match="^cannot write GraphML: .* which XML cannot hold$"):
        written_graphml(flat)


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_an_xml_export_is_refused_in_one_line_or_reads_back(tmp_path, fmt):
    """A label XML cannot hold is refused before the file is made; one it can hold (a tab, a newline,
    markup) reads back as written, by stategraph's reader and by networkx's."""
    from stategraph.io.graph_read import read_graph
    from stategraph.io.graph_write import write_graph

    path = tmp_path / f"g.{fmt}"
    for bad in ("bell\x07", "a\x00b", "\x1b[2Jagrees"):
        flat = nx.DiGraph()
        flat.add_edge("s", "t", label="ok")
        flat.nodes["t"]["label"] = bad
        with pytest.raises(StategraphError, match=f"^cannot write {'GraphML' if fmt == 'graphml' else 'GEXF'}: "
                                                  ".* which XML cannot hold$"):
            write_graph(flat, str(path), fmt)
        assert not path.exists()
    flat = nx.DiGraph()
    flat.add_edge("s", "t", label="a\tb\nc <&> \"d\"")
    flat.nodes["t"]["label"] = "x\ny"
    write_graph(flat, str(path), fmt)
    for read in (read_graph, getattr(nx, f"read_{fmt}")):
        back = read(str(path))
        assert back.nodes["t"]["label"] == "x\ny"
        assert back.edges["s", "t"]["label"] == "a\tb\nc <&> \"d\""


def test_distances_with_negative_weights_are_bellman_ford_s():
    """A plug-in's negative weights: each state as near as the nearest target gets networkx's
    Bellman-Ford distance; a reachable negative cycle leaves every state without one."""
    from stategraph.solving.export import _distances

    rng = random.Random(5)
    for _ in range(200):
        g = nx.gnp_random_graph(8, 0.3, seed=rng.randrange(10**6), directed=True)
        out = nx.DiGraph()
        out.add_nodes_from(str(n) for n in g)
        out.add_weighted_edges_from((str(u), str(v), rng.randint(-2, 6)) for u, v in g.edges)
        out.add_edge("0", "1", weight=-1)
        targets = [str(n) for n in rng.sample(range(8), 2)]
        _distances(out, "0", targets, lex=False)
        got = {n: d["dist"] for n, d in out.nodes(data=True) if "dist" in d}
        try:
            found = nx.single_source_bellman_ford_path_length(out, "0")
        except nx.NetworkXUnbounded:
            assert got == {}
            continue
        best = min((found[t] for t in targets if t in found), default=None)
        assert got == {n: d for n, d in found.items() if best is None or d <= best}


def test_an_exported_moves_step_is_the_number_search_gives_it(stategraph_cli, tmp_path):
    """One numbering: ``search`` prints ``k <tab> move <tab> state`` for move k; the exported edge of
    that move carries ``step`` k (and its head state ``step`` k too)."""
    done = stategraph_cli("export", "pushing_boxes", "-", "-o", str(tmp_path / "g.graphml"),
                          stdin=sample_text("pushing_boxes"))
    assert done.status == 0, done.err
    searched = stategraph_cli("search", str(tmp_path / "g.graphml"))
    assert searched.status == 0, searched.err
    graph = nx.read_graphml(tmp_path / "g.graphml")
    rows = [line.split("\t") for line in searched.out.splitlines() if line[:1].isdigit()]
    assert len(rows) > 2
    for (step, move, state), (_, _, before) in zip(rows[1:], rows):
        edge = next(attrs for u, v, attrs in graph.edges(data=True)
                    if attrs.get("on_path") and graph.nodes[v]["label"] == state and graph.nodes[u]["label"] == before)
        assert (edge["step"], edge["label"], graph.nodes[[n for n, a in graph.nodes(data=True)
                                                             if a["label"] == state][0]]["step"]) == \
               (int(step), move, int(step))
