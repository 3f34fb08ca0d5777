"""Every puzzle's generator, ``random_instance(rng, size)``: the built-ins and the examples ice_maze,
water_jug and sliding_tile.

Each text is read here on its own (the header, the rows, the coordinates) to check its size, and judged
solvable or not by checks written here or in the reference brute forces (tests/ref_*.py), which share
nothing with stategraph; the built-ins' answers on random instances are compared with those brute forces.
"""

from __future__ import annotations

import math
import random
from collections import deque

import pytest

import ref_arrow_maze
import ref_huarong
import ref_pushing_boxes
from example_folders import copy_of
from stategraph import get_puzzle
from stategraph.solving.driver import solve_text

BUILT_INS = ("pushing_boxes", "huarong", "arrow_maze")
EXAMPLES = {"ice_maze": ("ice_maze", "ice_maze:IceMaze"),  # name: (its folder, the puzzle named there)
            "water_jug": ("water_jug", "water_jug:WaterJug"),
            "sliding_tile": ("sliding_tile", "sliding_tile:SlidingTile")}
EVERY = (*BUILT_INS, *EXAMPLES)
SIZES = range(1, 9)

# every 8-puzzle board is a graph of 181,440 states, built whole: seconds a solve
SLOW_CASES = {"test_solve_exits_0_and_finds_a_way_exactly_when_one_exists[sliding_tile]"}


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """A copy of each example's folder (loading a plug-in from it leaves its compiled files there)."""
    return {folder: copy_of(tmp_path_factory, folder) for folder in {folder for folder, _ in EXAMPLES.values()}}


@pytest.fixture(scope="module")
def puzzles(folders):
    found = {name: get_puzzle(name) for name in BUILT_INS}
    found.update({name: get_puzzle(spec, str(folders[folder])) for name, (folder, spec) in EXAMPLES.items()})
    return found


def draws(puzzle, seed: int, count: int, sizes=SIZES) -> list[tuple[int, str]]:
    """``count`` ``(size, text)`` pairs from one seeded generator, the sizes taken in turn."""
    rng = random.Random(seed)
    return [(size, puzzle.random_instance(rng, size)) for size in (sizes[k % len(sizes)] for k in range(count))]


# -- reading the texts here ------------------------------------------------------------------------------------

def pushing_boxes_rows(text: str) -> list[str]:
    lines = text.split("\n")
    rows, cols = map(int, lines[0].split())
    assert lines[1 + rows:] == ["0 0", ""], text
    grid = lines[1:1 + rows]
    assert all(len(row) == cols and set(row) <= set("#.SBT") for row in grid), text
    assert [sum(row.count(mark) for row in grid) for mark in "SBT"] == [1, 1, 1], text
    return grid


def huarong_board(text: str) -> tuple[list, list]:
    board, queries = ref_huarong.parse_input(text)
    assert ref_huarong.format_input(board, queries) == text
    return board, queries


def arrow_maze_of(text: str) -> ref_arrow_maze.Maze:
    """The one maze of ``text``; signs listed twice for a heading add up."""
    words = text.split()
    assert words[-2:] == ["0", "END"], text
    name, r0, c0, heading, r1, c1 = words[:6]
    signs: dict = {}
    rest = words[6:-2]
    while rest:
        star = rest.index("*")
        r, c, *written = rest[:star]
        for sign in written:
            at = signs.setdefault((int(r), int(c)), {})
            at[sign[0]] = at.get(sign[0], "") + sign[1:]
        rest = rest[star + 1:]
    return ref_arrow_maze.Maze(name, (int(r0), int(c0)), heading, (int(r1), int(c1)), signs)


def arrow_maze_coordinates(text: str) -> list[int]:
    maze = arrow_maze_of(text)
    return [x for cell in (maze.start, maze.goal, *maze.signs) for x in cell]


def ice_maze_rows(text: str) -> list[str]:
    lines = text.split("\n")
    rows, cols = map(int, lines[0].split())
    assert lines[1 + rows:] == ["0 0", ""], text
    grid = lines[1:1 + rows]
    assert all(len(row) == cols and set(row) <= set("#.SE") for row in grid), text
    assert [sum(row.count(mark) for row in grid) for mark in "SE"] == [1, 1], text
    return grid


def water_jugs(text: str) -> tuple[int, int, int]:
    count, a, b, c = map(int, text.split())
    assert count == 1 and text == f"1\n{a} {b} {c}\n", text
    return a, b, c


def tile_board(text: str) -> str:
    rows = [line.split() for line in text.splitlines()]
    assert len(rows) == 3 and all(len(row) == 3 for row in rows) and text.endswith("\n"), text
    board = "".join(tile for row in rows for tile in row)
    assert sorted(board) == sorted("012345678"), text
    return board


# -- solvable or not, decided here -----------------------------------------------------------------------------

def ice_maze_stops_on_exit(grid: list[str]) -> bool:
    """Whether the ball, rolling from S until a rock or the edge stops it, can come to rest on E."""
    rows, cols = len(grid), len(grid[0])
    start = next((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "S")
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        if grid[r][c] == "E":
            return True
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            x, y = r, c
            while 0 <= x + dr < rows and 0 <= y + dc < cols and grid[x + dr][y + dc] != "#":
                x, y = x + dr, y + dc
            if (x, y) not in seen:
                seen.add((x, y))
                queue.append((x, y))
    return False


def jugs_can_measure(a: int, b: int, c: int) -> bool:
    """Bezout: the jugs measure exactly the multiples of gcd(a, b) that fit in the larger one."""
    return c <= max(a, b) and c % math.gcd(a, b) == 0


def tiles_in_order_parity(board: str) -> bool:
    """An 8-puzzle board reaches 1-8 exactly when its tiles (blank left out) have an even number of inversions."""
    tiles = [tile for tile in board if tile != "0"]
    return sum(tiles[i] > tiles[j] for i in range(8) for j in range(i + 1, 8)) % 2 == 0


def slides_to_order(board: str, most: int) -> int | None:
    """The fewest slides from ``board`` to 1-8, if at most ``most`` (a search bounded by depth)."""
    depth, queue = {board: 0}, deque([board])
    while queue:
        here = queue.popleft()
        if here == "123456780":
            return depth[here]
        if depth[here] == most:
            continue
        blank = here.index("0")
        for step in (-3, 3, -1, 1):
            there = blank + step
            if 0 <= there < 9 and (step in (-3, 3) or there // 3 == blank // 3):
                cells = list(here)
                cells[blank], cells[there] = cells[there], cells[blank]
                after = "".join(cells)
                if after not in depth:
                    depth[after] = depth[here] + 1
                    queue.append(after)
    return None


def question_verdicts(name: str, text: str) -> list[bool]:
    """For each question of ``text``: whether it has a solution, as the checks of this file decide."""
    if name == "pushing_boxes":
        return [ref_pushing_boxes.brute_force(pushing_boxes_rows(text)) is not None]
    if name == "huarong":
        board, queries = huarong_board(text)
        return [ref_huarong.brute_force(board, query) != -1 for query in queries]
    if name == "arrow_maze":
        return [ref_arrow_maze.bfs_route(arrow_maze_of(text)) is not None]
    if name.startswith("ice_maze"):
        return [ice_maze_stops_on_exit(ice_maze_rows(text))]
    if name == "water_jug":
        return [jugs_can_measure(*water_jugs(text))]
    return [tiles_in_order_parity(tile_board(text))]


NO_WAY = {"pushing_boxes": "Impossible.", "huarong": "-1", "arrow_maze": "  No Solution Possible",
          "ice_maze": "impossible", "water_jug": "-1", "sliding_tile": "-1"}


def answered_with_a_way(name: str, output: str) -> list[bool]:
    """For each answer of ``output``: whether it gives a way (not the puzzle's 'no solution')."""
    if name == "huarong":
        return [line != NO_WAY[name] for line in output.splitlines()]
    return [NO_WAY[name] not in output]


# -- the tests -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", EVERY)
def test_each_text_is_one_instance_the_puzzle_reads(puzzles, name):
    puzzle = puzzles[name]
    for _, text in draws(puzzle, 31, 24):
        instances = list(puzzle.parse(text))
        assert len(instances) == 1, text
        assert list(puzzle.questions(instances[0])), text  # every question read, up to the input's end


@pytest.mark.parametrize("name", EVERY)
def test_the_same_seed_gives_the_same_texts_and_another_seed_others(puzzles, name):
    puzzle = puzzles[name]
    assert draws(puzzle, 7, 16) == draws(puzzle, 7, 16)
    assert draws(puzzle, 7, 16) != draws(puzzle, 8, 16)


def test_a_puzzle_without_a_generator_has_no_such_method():
    from stategraph.contract.puzzle import Puzzle

    assert not hasattr(Puzzle, "random_instance")
    assert "random_instance" in Puzzle.__annotations__  # declared, for the contract's table and for mypy


def longer_side(name: str, text: str) -> int:
    if name == "pushing_boxes":
        grid = pushing_boxes_rows(text)
    elif name == "huarong":
        grid = huarong_board(text)[0]
    else:
        grid = ice_maze_rows(text)
    return max(len(grid), len(grid[0]))


@pytest.mark.parametrize("name, grows", [("pushing_boxes", 2), ("huarong", 1), ("ice_maze", 1)])
def test_a_grid_s_longer_side_grows_with_the_size(puzzles, name, grows):
    for size, text in draws(puzzles[name], 5, 40):
        assert longer_side(name, text) == size + grows, (size, text)


def test_huarong_asks_at_most_size_queries_of_a_board_with_two_movable_cells(puzzles):
    counts = set()
    for size, text in draws(puzzles["huarong"], 6, 40):
        board, queries = huarong_board(text)
        assert 1 <= len(queries) <= size and sum(map(sum, board)) >= 2, text
        counts.add(len(queries))
    assert len(counts) > 1


def test_arrow_mazes_lie_on_an_area_of_side_size_plus_1(puzzles):
    reaching = set()  # the sizes where a maze reaches its area's far edge
    for size, text in draws(puzzles["arrow_maze"], 5, 40):
        coordinates = arrow_maze_coordinates(text)
        assert 1 <= min(coordinates) and max(coordinates) <= size + 1, text
        reaching |= {size} if max(coordinates) == size + 1 else set()
    assert reaching == set(SIZES)


def test_water_jugs_hold_at_most_size_plus_1_litres(puzzles):
    for size, text in draws(puzzles["water_jug"], 5, 40):
        a, b, c = water_jugs(text)
        assert 1 <= min(a, b) and max(a, b) <= size + 1 and 0 <= c <= a + b, text


def test_an_8_puzzle_of_size_n_is_at_most_n_slides_from_order_or_has_no_way_there(puzzles):
    unsolvable = 0
    for size, text in draws(puzzles["sliding_tile"], 5, 40):
        board = tile_board(text)
        if tiles_in_order_parity(board):
            assert slides_to_order(board, size) is not None, (size, text)
        else:
            unsolvable += 1
    assert unsolvable


@pytest.mark.parametrize("name", EVERY)
def test_size_1_is_small(puzzles, name):
    for _, text in draws(puzzles[name], 9, 10, sizes=[1]):
        if name == "arrow_maze":
            assert max(arrow_maze_coordinates(text)) <= 2 and len(arrow_maze_of(text).signs) <= 4
        elif name == "water_jug":
            assert max(water_jugs(text)[:2]) <= 2
        elif name == "sliding_tile":
            assert not tiles_in_order_parity(tile_board(text)) or slides_to_order(tile_board(text), 1) == 1
        else:
            assert longer_side(name, text) <= 3
            assert len(text.split("\n")) <= 6


@pytest.mark.parametrize("name", EVERY)
def test_solvable_and_unsolvable_both_occur_in_50_draws(puzzles, name):
    verdicts = [verdict for _, text in draws(puzzles[name], 50, 50) for verdict in question_verdicts(name, text)]
    assert sum(verdicts) >= 5 and len(verdicts) - sum(verdicts) >= 5, (sum(verdicts), len(verdicts))


def pushing_boxes_answer_holds(rows: list[str], answer: str) -> bool:
    """The answer line against the brute force: impossible alike, else of the optimal cost, and the
    canonical string where the optimal strings are few enough to list."""
    best = ref_pushing_boxes.brute_force(rows)
    if best is None or answer == "Impossible.":
        return best is None and answer == "Impossible."
    if ref_pushing_boxes.replay(rows, answer) != best:
        return False
    if ref_pushing_boxes.count_optimal_strings(rows) <= 2000:
        return answer == ref_pushing_boxes.canonical_by_rule(ref_pushing_boxes.all_optimal_strings(rows))
    return True


@pytest.mark.parametrize("name", BUILT_INS)
def test_built_in_answers_on_30_instances_of_sizes_1_to_5_equal_the_brute_force(puzzles, name):
    for _, text in draws(puzzles[name], 1997, 30, sizes=range(1, 6)):
        output = solve_text(name, text)
        if name == "pushing_boxes":
            assert output.startswith("Maze #1\n") and output.endswith("\n\n"), output
            assert pushing_boxes_answer_holds(pushing_boxes_rows(text), output.split("\n")[1]), (text, output)
        elif name == "huarong":
            board, queries = huarong_board(text)
            assert output == ref_huarong.brute_force_output(board, queries), text
        else:
            assert output == ref_arrow_maze.expected_output([arrow_maze_of(text)]), text


@pytest.mark.parametrize("name", EVERY)
def test_solve_exits_0_and_finds_a_way_exactly_when_one_exists(stategraph_cli, puzzles, folders, name, tmp_path):
    folder, spec = EXAMPLES.get(name, (None, name))
    sizes = [1, 8] if name == "sliding_tile" else SIZES
    for _, text in draws(puzzles[name], 816, len(sizes), sizes=sizes):
        (tmp_path / "in.txt").write_text(text)
        verify = () if name == "sliding_tile" else ("--verify",)  # its check searches 181,440 states again
        done = stategraph_cli("solve", spec, tmp_path / "in.txt", *verify, cwd=folders[folder] if folder else tmp_path)
        assert done.status == 0, (text, done.err)
        assert answered_with_a_way(name, done.out) == question_verdicts(name, text), (text, done.out)
