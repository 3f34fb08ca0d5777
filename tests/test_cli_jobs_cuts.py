"""``--jobs`` workers that read their own instances: the built-ins cut their input into pieces
(:mod:`stategraph.contract.cuts`), and whatever the input, the run gives one job's answers, error
and exit status, the cuts right or wrong.

One job is the reference.  The inputs: valid ones; broken ones (a fault in the middle, in the last
instance, a truncated last instance, text after the terminator, no terminator, a byte that is not
UTF-8); and inputs that hold the same tokens laid out otherwise (lines joined, split, blank lines
added, CRLF line ends, a byte-order mark), where the cuts fall in the wrong places and the reader
must read on from there.
"""

from __future__ import annotations

import io
import os
import random
import subprocess

import pytest

from cli_runner import run_cli
from random_inputs import arrow_maze_input, huarong_input, pushing_boxes_input
from stategraph import Settings, run
from stategraph.contract.cuts import QUESTION, STOP, Piece
from stategraph.errors import InputError, StategraphError, StreamFault
from stategraph.io.tokens import Tokens
from stategraph.puzzles import PUZZLES, get_puzzle, sample_text
from stategraph.solving.cutting import InFile, Span, cut_input, read_more, unpacked
from stategraph.solving.workers import worker_count

pytestmark = pytest.mark.skipif(worker_count(2) < 2, reason="one core: --jobs 2 runs in this process")

INPUTS = {
    "pushing_boxes": lambda rng: pushing_boxes_input(rng, 30),
    "huarong": lambda rng: huarong_input(rng, 60),
    "arrow_maze": lambda rng: arrow_maze_input(rng, 30),
}


def lines_changed(change):
    """A change of the input's lines, at the line two thirds of the way down (``change(lines, i)``)."""
    def changed(text: str) -> str:
        lines = text.split("\n")
        change(lines, len(lines) * 2 // 3)
        return "\n".join(lines)
    return changed


def joined(lines, i):
    lines[i:i + 2] = [lines[i] + " " + lines[i + 1]]


def split(lines, i):
    lines[i] = lines[i].replace(" ", "\n", 1) if " " in lines[i] else lines[i]
    lines[i - 1] += "\n"  # and a blank line


def bad_token(lines, i):
    lines[i] = "x " + lines[i]


def bad_byte(lines, i):
    lines[i] += " \udcff"  # (written as the byte 0xff)


def last_instance_broken(text: str) -> str:
    lines = text.rstrip("\n").split("\n")
    lines[-2] = lines[-2] + " 7"
    return "\n".join(lines) + "\n"


BROKEN = {  # the same tokens laid out otherwise, or broken
    "lines joined": lines_changed(joined),
    "a line split, a blank line": lines_changed(split),
    "CRLF line ends": lambda text: text.replace("\n", "\r\n"),
    "CRLF from the middle": lambda text: text[:len(text) // 2] + text[len(text) // 2:].replace("\n", "\r\n"),
    "a byte-order mark": lambda text: "\ufeff" + text,
    "a bad token in the middle": lines_changed(bad_token),
    "a bad byte in the middle": lines_changed(bad_byte),
    "the last instance broken": last_instance_broken,
    "truncated in the last instance": lambda text: text[:len(text) - 9],
    "no terminator": lambda text: text.rstrip("\n").rsplit("\n", 1)[0] + "\n",
    "text after the terminator": lambda text: text + "more\n",
}


def outcome(puzzle: str, data, jobs: int) -> tuple:
    """The answers' texts, and the error that stopped the run (its class and message), as the API gives them."""
    texts, how = [], []
    try:
        for record in run(puzzle, data, Settings.of(puzzle, jobs=jobs)):
            texts.append(record.text)
            how.append(type(getattr(record, "_unit", record).instance).__name__)  # _Cut: read by a worker
    except StategraphError as exc:
        return texts, type(exc).__name__, str(exc), how
    return texts, None, None, how


def encoded(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def pieces(puzzle: str, data: bytes) -> list:
    """What the puzzle's cuts read, piece by piece, as a worker reads them (numbers and lines counted here)."""
    cuts, read, start, line, numbers, instance = get_puzzle(puzzle).cuts("<input>", {}), [], 0, 1, [0, 0], None
    while (found := cuts.cut(data, start)) not in (None, STOP):
        kind, end = found
        numbers = [numbers[0], numbers[1] + 1] if kind == QUESTION else [numbers[0] + 1, 0]
        piece = Piece(kind, line, numbers[kind == QUESTION], data[start:end])
        value = cuts.read(piece, instance if kind == QUESTION else None)
        instance = value if kind != QUESTION else instance
        read.append(value)
        line, start = line + data.count(b"\n", start, end), end
    return read


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_the_pieces_read_as_the_instances_the_reader_reads(puzzle):
    text = INPUTS[puzzle](random.Random(12))
    chosen = get_puzzle(puzzle)
    expected = [item for instance in chosen.parse(text) for item in
                ([instance] if puzzle != "huarong" else [instance.grid.open, *chosen.questions(instance)])]
    read = pieces(puzzle, encoded(text))
    if puzzle == "huarong":
        read[0] = read[0].grid.open
    assert read == expected and len(read) >= 30


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_every_piece_of_a_valid_input_is_read_in_a_worker(puzzle):
    text = INPUTS[puzzle](random.Random(31))
    one = outcome(puzzle, encoded(text), 1)
    for data in (encoded(text), io.BytesIO(encoded(text)), text):
        many = outcome(puzzle, data, 2)
        assert many[:3] == one[:3] and one[1] is None
        assert set(many[3]) == {"_Cut"}  # no instance came from the reading process


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("change", list(BROKEN))
def test_any_input_gives_one_jobs_answers_and_error(puzzle, change):
    text = BROKEN[change](INPUTS[puzzle](random.Random(hash(change) % 1000)))
    assert text != INPUTS[puzzle](random.Random(hash(change) % 1000))
    one = outcome(puzzle, encoded(text), 1)
    many = outcome(puzzle, encoded(text), 2)
    assert many[:3] == one[:3]
    assert len(one[0]) > 5  # the answers before the fault came first


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_a_wrong_cut_is_read_on_from_by_the_reader(puzzle):
    """The same tokens, a line joined to the next two thirds down: the piece there is not one
    instance, and from it the reader reads as one job does (the same answers, all of them)."""
    text = INPUTS[puzzle](random.Random(5))
    lines = text.split("\n")
    middle = len(lines) * 2 // 3  # (an Abbott's Revenge maze's line 0 joined to the next maze's name)
    joined(lines, next((i for i in range(middle, len(lines)) if lines[i] == "0"), middle))
    changed = "\n".join(lines)
    one = outcome(puzzle, encoded(text), 1)
    many = outcome(puzzle, encoded(changed), 2)
    assert many[:3] == one[:3] and one[1] is None
    assert many[3][0] == "_Cut" and many[3][-1] == "_Pickled"  # cut, then read by the reader


SMALL = {  # inputs at the edges: empty, ends cut off, a board whose queries are missing, ...
    "arrow_maze": [b"END\n", b"END", b"M\n1 1 N 1 2\n0\nEND\nx\n", b"M\n1 1 N 1 2\n0", b"M\n1 1 N 1 2\n0\n"],
    "pushing_boxes": [b"0 0\n", b"0 0", b"1 3\nSBT\n0 0", b"1 3\nSBT\n", b"2 3\nSBT\n0 0\n"],
    "huarong": [b"3 4 0\n0 1 1 1\n0 1 1 0\n0 1 0 0\n", b"3 4 0\n0 1 1 1\n0 1 1 0\n0 1 0 0\n1 2",
                b"3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n", b"3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n"],
}


def small_inputs(puzzle: str) -> list[bytes]:
    sample = sample_text(puzzle).encode()
    return [b"", b"\n", b"   \n\n", sample, sample.rstrip(b"\n"), sample + b"\n\n\n", sample.replace(b"\n", b"\r"),
            sample[:len(sample) // 2], sample + b"\xff", b"\xff" + sample, sample.replace(b"\n", b"\n\n"),
            sample.replace(b" ", b"\n"), sample.replace(b"\n", b" "), *SMALL[puzzle]]


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_small_inputs_at_the_edges_give_one_jobs_answers_and_error(puzzle):
    for data in small_inputs(puzzle):
        assert outcome(puzzle, data, 2)[:3] == outcome(puzzle, data, 1)[:3], data


def test_a_subclass_of_a_built_in_is_not_cut():
    class Mine(type(get_puzzle("pushing_boxes"))):
        pass

    assert get_puzzle("pushing_boxes").cuts("<input>", {}) is not None
    assert Mine().cuts("<input>", {}) is None


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("change", ["a bad token in the middle", "lines joined", "text after the terminator"])
def test_the_command_line_prints_one_jobs_bytes_on_broken_input(puzzle, change, tmp_path):
    text = BROKEN[change](INPUTS[puzzle](random.Random(17)))
    path = tmp_path / "input.txt"
    path.write_bytes(encoded(text))
    for args, stdin in (((path,), None), ((), encoded(text))):  # a file, and stdin
        one = run_cli("solve", puzzle, *args, stdin=stdin)  # one job, the reference: in this process
        many = run_cli("solve", puzzle, *args, "--jobs", "2", stdin=stdin, separate=True, timeout=120)
        assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
        assert one.returncode == (0 if change == "lines joined" else 2)


def pieces_sent(puzzle: str, stream) -> tuple:
    """The answers' texts, the error that stopped the run, and the kinds of the pieces the reading
    process sent for the questions answered in workers (``Span``: where they stand in the file)."""
    texts, sent = [], set()
    try:
        for record in run(puzzle, stream, Settings.of(puzzle, jobs=2)):
            texts.append(record.text)
            instance = getattr(record, "_unit", record).instance
            sent.add(type(getattr(instance, "data", instance)).__name__)
    except StategraphError as exc:
        return texts, type(exc).__name__, str(exc), sent
    return texts, None, None, sent


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("change", [None, "lines joined", "a bad token in the middle", "CRLF from the middle"])
def test_a_files_pieces_are_read_by_the_workers_where_they_stand(puzzle, change, tmp_path):
    """Of a regular file, the reading process sends only where each piece stands, and the workers
    read its bytes from the file (the file starting a line in, as stdin may): one job's answers
    (after a wrong cut, the reader reads on and sends what it read: ``bytes``)."""
    text = INPUTS[puzzle](random.Random(23))
    text = text if change is None else BROKEN[change](text)
    path = tmp_path / "input.txt"
    path.write_bytes(b"a line read before the run\n" + encoded(text))
    one = outcome(puzzle, encoded(text), 1)
    with open(path, "rb") as stream:
        stream.readline()
        many = pieces_sent(puzzle, stream)
    assert many[:3] == one[:3] and len(one[0]) > 5
    assert many[3] == {"Span"} if change is None else "Span" in many[3]


@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_a_pipes_pieces_are_sent_with_their_bytes(puzzle, tmp_path):
    """A pipe cannot be read again: its pieces go to the workers with their bytes."""
    text = INPUTS[puzzle](random.Random(29))
    path = tmp_path / "input.txt"
    path.write_bytes(encoded(text))
    with subprocess.Popen(["cat", path], stdout=subprocess.PIPE) as writer:  # (the write end not ours)
        many = pieces_sent(puzzle, writer.stdout)
    assert many[:3] == outcome(puzzle, encoded(text), 1)[:3]
    assert many[3] == {"Piece"}


def test_a_file_cut_short_after_it_was_cut_is_a_stream_fault(tmp_path):
    path = tmp_path / "input.txt"
    path.write_bytes(b"1 3\nSBT\n0 0\n")
    with open(path, "rb") as stream:
        cuts = InFile(get_puzzle("pushing_boxes").cuts("in.txt", {}), stream.fileno(), 0)
        assert cuts.read(Span("instance", 1, 1, 0, 8)).rows == ("SBT",)
        os.truncate(path, 6)
        with pytest.raises(StreamFault, match="^cannot read the input in.txt: it was cut short while being read$"):
            cuts.read(Span("instance", 1, 1, 0, 8))


def test_a_token_reader_started_at_a_line_gives_the_whole_inputs_positions():
    tokens = Tokens(b"a\n  b\n", "in.txt", line=7)
    assert [(str(t), t.line, t.column) for t in (tokens.next("x"), tokens.next("y"))] == [("a", 7, 1), ("b", 8, 3)]
    with pytest.raises(InputError, match="^in.txt:9: unexpected end of input"):  # (one job: 3 from line 1)
        tokens.next("z")
    assert str(Tokens(b"\xef\xbb\xbfx").next("x")) == "x"  # a byte-order mark at the input's start only
    assert str(Tokens(b"\xef\xbb\xbfx", line=2).next("x")) == "\ufeffx"


def test_the_first_pieces_are_sent_at_once_then_twice_as_many_each_time():
    """The reading process sends the first piece it cuts alone, so that a worker starts on it while the
    rest is cut (a chunk of the input may hold thousands of questions), and the pieces all in order."""
    text = encoded(INPUTS["arrow_maze"](random.Random(31)))
    cuts = get_puzzle("arrow_maze").cuts("<input>", {})
    here, there = os.pipe()
    cut_input(cuts, io.BytesIO(text), there)
    os.close(there)
    buffer = bytearray()
    while read_more(here, buffer):
        pass
    os.close(here)
    sent = [message[1] for message in unpacked(buffer) if message[0] == "pieces"]
    assert [len(batch) for batch in sent][:4] == [1, 2, 4, 8]
    assert [cuts.read(piece) for batch in sent for piece in batch] == pieces("arrow_maze", text)
