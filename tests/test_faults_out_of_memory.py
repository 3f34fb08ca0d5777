"""Memory running out while an input is read is exit status 5 and the out-of-memory line, for every
puzzle's reader: no ``except`` on the way turns the ``MemoryError`` into another message.  Each run
is in-process (``stategraph.cli.main``), with the decoder every reader uses made to fail."""

from __future__ import annotations

import pytest

from stategraph.cli import main as cli
from stategraph.io import decode as textdecode
from stategraph.puzzles import sample_text


@pytest.mark.parametrize("puzzle", ["pushing_boxes", "huarong", "arrow_maze"])
def test_a_memory_error_while_the_input_is_decoded_is_exit_5(puzzle, tmp_path, monkeypatch, capsys):
    path = tmp_path / "input.txt"
    path.write_text(sample_text(puzzle))
    assert cli.main(["solve", puzzle, str(path)]) == 0  # the input itself is fine
    capsys.readouterr()

    def fail(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(textdecode, "_decode", fail)
    assert cli.main(["solve", puzzle, str(path)]) == 5
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("stategraph: error: out of memory"), err
