"""Malformed input: one line on stderr naming file, line and problem; exit status 2; earlier answers kept."""

from __future__ import annotations

import pytest

F = "input.txt"

# puzzle, input bytes, exact stdout (answers before the bad instance), exact error line
CASES = [
    # Pushing Boxes
    ("pushing_boxes", b"", "", f"{F}:1: empty input: expected a maze header 'r c'"),
    ("pushing_boxes", b"1 3\nSBT\n", "Maze #1\nE\n\n",
     f"{F}:3: instance 2: missing the '0 0' line that ends the input"),
    ("pushing_boxes", b"a 3\nSBT\n0 0\n", "", f"{F}:1:1: instance 1: expected the row count (an integer), found 'a'"),
    ("pushing_boxes", b"-1 3\nSBT\n0 0\n", "", f"{F}:1:1: instance 1: the row count must be at least 0, found -1"),
    ("pushing_boxes", b"2 3\nSBT\n..\n0 0\n", "", f"{F}:3:1: instance 1: row 2 has 2 characters, expected 3"),
    ("pushing_boxes", b"2 3\nSBT\n....\n0 0\n", "", f"{F}:3:1: instance 1: row 2 has 4 characters, expected 3"),
    ("pushing_boxes", b"1 3\nSBX\n0 0\n", "",
     f"{F}:2:1: instance 1: unknown character 'X' in row 1 (expected one of #.SBT)"),
    ("pushing_boxes", b"1 4\nSB.S\n0 0\n", "",
     f"{F}:2:1: instance 1: a second S at row 1, column 4 (the first is at row 1, column 1)"),
    ("pushing_boxes", b"1 3\nS.T\n0 0\n", "", f"{F}:3:1: instance 1: the maze has no B (box)"),
    ("pushing_boxes", b"1 3\nSB.\n0 0\n", "", f"{F}:3:1: instance 1: the maze has no T (target)"),
    ("pushing_boxes", b"0 3\n0 0\n", "",
     f"{F}:1:1: instance 1: a maze needs at least one row and one column, found 0 x 3"),
    ("pushing_boxes", b"100000 100000\n", "",
     f"{F}:1:1: instance 1: maze of 100000 x 100000 exceeds the limit of 300 x 300 (max_rows, max_cols)"),
    ("pushing_boxes", b"1 3\nSBT\n1 3\nSB\n0 0\n", "Maze #1\nE\n\n",
     f"{F}:4:1: instance 2: row 1 has 2 characters, expected 3"),
    ("pushing_boxes", b"1 3\nS\xff\xfeT\n0 0\n", "", f"{F}:2:2: byte 0xff is not valid UTF-8"),
    ("pushing_boxes", b"1 3\nSBT\n0 0\nextra\n", "Maze #1\nE\n\n", f"{F}:4:1: unexpected 'extra' after the '0 0' line"),
    # Huarong Dao
    ("huarong", b"", "", f"{F}:1: empty input: expected 'n m q'"),
    ("huarong", b"0 2 1\n", "", f"{F}:1:1: the row count n must be at least 1, found 0"),
    ("huarong", b"2 x 1\n", "", f"{F}:1:3: expected the column count m (an integer), found 'x'"),
    ("huarong", b"200 200 1\n", "", f"{F}:1:1: board of 200 x 200 exceeds the limit of 100 x 100 (max_rows, max_cols)"),
    ("huarong", b"2 2 1\n1 1\n1 2\n1 1 1 2 2 2\n", "", f"{F}:3:3: cell (2, 2) must be 0 or 1, found 2"),
    ("huarong", b"2 2 1\n1 1\n1\n", "", f"{F}:4: unexpected end of input: expected cell (2, 2) of the board"),
    ("huarong", b"2 2 2\n1 1\n1 1\n1 1 1 2 2 2\n", "3\n",
     f"{F}:5: unexpected end of input: expected the blank row of query 2"),
    ("huarong", b"2 2 1\n1 1\n1 1\n3 1 1 2 2 2\n", "", f"{F}:4:1: query 1: blank (3, 1) is off the 2 x 2 board"),
    ("huarong", b"2 2 1\n1 1\n1 1\n1 1 1 2 2 0\n", "",
     f"{F}:4:1: query 1: piece target (2, 0) is off the 2 x 2 board"),
    ("huarong", b"2 2 1\n0 1\n1 1\n1 1 1 2 2 2\n", "", f"{F}:4:1: query 1: the blank (1, 1) is on a fixed cell"),
    ("huarong", b"2 2 1\n1 1\n1 1\n1 2 1 2 2 2\n", "",
     f"{F}:4:1: query 1: the blank and the designated piece are both at (1, 2)"),
    ("huarong", b"2 2 1\n1 1\n1 1\n1 1 1 2 2 2 7\n", "3\n", f"{F}:4:13: unexpected '7' after the 1 queries"),
    # Abbott's Revenge
    ("arrow_maze", b"", "", f"{F}:1: empty input: expected a maze name"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NX *\n0\nEND\n", "",
     f"{F}:3:5: instance 1: bad sign 'NX' at intersection (1,1): expected a direction N, S, E or W "
     "followed by 1 to 3 distinct letters from L, F, R"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NLL *\n0\nEND\n", "",
     f"{F}:3:5: instance 1: bad sign 'NLL' at intersection (1,1): expected a direction N, S, E or W "
     "followed by 1 to 3 distinct letters from L, F, R"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NL\n2 2 NL *\n0\nEND\n", "",
     f"{F}:4:1: instance 1: missing '*' after the signs of intersection (1,1)"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NL *\n0\n", "A\n  No Solution Possible\n",
     f"{F}:5: instance 2: missing the END line that ends the input"),
    ("arrow_maze", b"ABCDEFGHIJKLMNOPQRSTU\n1 1 N 1 2\n0\nEND\n", "",
     f"{F}:1:1: instance 1: maze name 'ABCDEFGHIJKLMNOPQRSTU' must be alphanumeric and at most 20 characters "
     "(max_name_length)"),
    ("arrow_maze", b"A-B\n1 1 N 1 2\n0\nEND\n", "",
     f"{F}:1:1: instance 1: maze name 'A-B' must be alphanumeric and at most 20 characters (max_name_length)"),
    ("arrow_maze", b"A\n1 1 Q 1 2\n0\nEND\n", "",
     f"{F}:2:5: instance 1: the first direction must be N, S, E or W, found 'Q'"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NL *\nEND\n", "",
     f"{F}:4:1: instance 1: maze 'A': missing the '0' line that ends its intersections"),
    ("arrow_maze", b"A\n1 1 N 1 2\n1 1 NL *\n1 1 SL NX *\n0\nEND\n", "",
     f"{F}:4:8: instance 1: bad sign 'NX' at intersection (1,1): expected a direction N, S, E or W followed "
     "by 1 to 3 distinct letters from L, F, R"),
    ("arrow_maze", b"A\n1 x N 1 2\n0\nEND\n", "",
     f"{F}:2:3: instance 1: expected the entrance column (an integer), found 'x'"),
    ("arrow_maze", b"A\n1 2 N 1 2\n0\nEND\nB\n", "A\n  No Solution Possible\n",
     f"{F}:5:1: unexpected 'B' after END"),
]


@pytest.mark.parametrize("puzzle,data,stdout,message", CASES)
def test_malformed_input_is_one_clear_line_and_status_2(puzzle, data, stdout, message, tmp_path, stategraph_cli):
    (tmp_path / F).write_bytes(data)
    done = stategraph_cli("solve", puzzle, F, cwd=tmp_path, binary=True)
    assert done.returncode == 2
    assert done.stdout.decode() == stdout
    assert done.stderr.decode() == f"stategraph: error: {message}\n"


def test_there_are_at_least_30_cases():
    assert len(CASES) >= 30


ACCEPTED = [  # CRLF, trailing whitespace and a byte-order mark are fine; repeated arrow-maze signs add up
    ("arrow_maze", b"A 2 1 N 1 2\n1 1 NL NR *\n0\nEND\n", "A\n  (2,1) (1,1) (1,2)\n"),
    ("arrow_maze", b"A 2 2 N 1 1\n1 2 NR *\n1 2 NL *\n0\nEND\n", "A\n  (2,2) (1,2) (1,1)\n"),
    ("arrow_maze", b"A 2 1 N 1 2\n1 1 NL NL *\n0\nEND\n", "A\n  No Solution Possible\n"),
    ("pushing_boxes", b"1 3\r\nSBT  \r\n0 0\r\n", "Maze #1\nE\n\n"),
    ("pushing_boxes", b"\xef\xbb\xbf1 3\nSBT\n0 0", "Maze #1\nE\n\n"),
    ("huarong", b"\xef\xbb\xbf3 4 2\r\n0 1 1 1 \r\n0 1 1 0\t\r\n0 1 0 0\r\n3 2 1 2 2 2\r\n1 2 2 2 3 2", "2\n-1\n"),
    ("arrow_maze", b"A 1 1 E\r\n1 2 \r\n 0\r\nEND   \r\n", "A\n  (1,1) (1,2)\n"),
]


@pytest.mark.parametrize("puzzle,data,stdout", ACCEPTED)
def test_crlf_bom_and_trailing_whitespace_are_accepted(puzzle, data, stdout, stategraph_cli):
    done = stategraph_cli("solve", puzzle, stdin=data, binary=True)
    assert (done.returncode, done.stderr, done.stdout.decode()) == (0, b"", stdout)


def test_unreadable_input_file_is_a_clear_error(tmp_path, stategraph_cli):
    done = stategraph_cli("solve", "huarong", tmp_path / "missing.txt")
    assert done.returncode == 2
    missing = tmp_path / "missing.txt"
    assert done.stderr == f"stategraph: error: cannot read input {missing}: No such file or directory\n"


def test_unwritable_export_path_is_a_clear_error(tmp_path, stategraph_cli):
    target = tmp_path / "no" / "such" / "dir" / "g.graphml"
    done = stategraph_cli("solve", "huarong", "--export-graphml", target,
                          stdin="3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n")
    assert done.returncode == 2
    assert done.stderr == f"stategraph: error: cannot write the graph to {target}: No such file or directory\n"
    assert "Traceback" not in done.stderr
