"""What a state of a long route costs: the plain port's BFS against stategraph's graph and searches.

The 1000 snake mazes of ``benchmarks/run.py``'s shapes table (every route 81 cells, seed 817), read
once; then, process time, the best of ``--repeat`` runs over all of them:

- the port's BFS (``baselines/arrow_maze.py``'s ``solve``), on the mazes it read;
- building stategraph's state graph of each maze along its route, with no search;
- building it as ``bfs`` and as ``astar`` (the default) search it;
- a BFS over the maze's signs that builds nothing, reading the model's move table: about what a
  search costs that never writes the graph a user can ask for.

Prints one line a row, in milliseconds and microseconds a state (81,000 states in all). Run it as
``python benchmarks/long_route_floor.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import deque
from pathlib import Path
from time import process_time

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "baselines"))

import arrow_maze as port  # noqa: E402
import gen_shapes  # noqa: E402

from stategraph import get_puzzle  # noqa: E402
from stategraph.graph.dicts import successors  # noqa: E402
from stategraph.grid.cells import DELTAS  # noqa: E402
from stategraph.puzzles.arrow_maze.build import _MOVES, cell_heading_graph  # noqa: E402
from stategraph.puzzles.arrow_maze.maze import START  # noqa: E402
from stategraph.search import get_search  # noqa: E402

MAZES, SEED = 1000, 817


def rows(text: str) -> list:
    """The states on the mazes' routes, and the rows: ``(label, work)``, each work a function of no
    arguments that goes over every maze."""
    mazes = list(get_puzzle("arrow_maze").parse(text))
    read = list(port.mazes(text.split()))
    states = sum(len(port.solve(start, heading, goal, exits)) for _, start, heading, goal, exits in read)

    def port_bfs():
        for _, start, heading, goal, exits in read:
            port.solve(start, heading, goal, exits)

    def build_only():
        for maze in mazes:
            graph, _ = cell_heading_graph(maze).searched(grows=True)
            succ, todo = successors(graph), [START]
            for state in todo:
                todo.extend(succ[state])

    def searched(name):
        routine = get_search(name)

        def work():
            for maze in mazes:
                state_graph = cell_heading_graph(maze)
                graph, targets = state_graph.searched(grows=True)
                routine.run(graph, START, targets, heuristic=state_graph.heuristic)
        return work

    def bfs_building_nothing():
        for maze in mazes:
            (row, col), heading = maze.entrance, maze.heading
            first = (row + DELTAS[heading][0], col + DELTAS[heading][1], heading)
            parent, queue, goal, signs = {first: START}, deque([first]), maze.goal, maze.signs
            while queue:
                state = queue.popleft()
                row, col, heading = state
                if (row, col) == goal:
                    break
                cell = signs.get((row, col))
                allowed = cell.get(heading) if cell else None
                for after_heading, dr, dc, _ in _MOVES[heading][allowed] if allowed else ():
                    after = (row + dr, col + dc, after_heading)
                    if after not in parent:
                        parent[after] = state
                        queue.append(after)

    return states, [("the port's BFS", port_bfs), ("stategraph: the graph built, no search", build_only),
                    ("stategraph: built and searched by bfs", searched("bfs")),
                    ("stategraph: built and searched by astar (default)", searched("astar")),
                    ("a BFS over the signs, building nothing", bfs_building_nothing)]


def best(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = process_time()
        work()
        times.append(process_time() - start)
    return min(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each row; the best is shown (default 7)")
    args = parser.parse_args(argv)
    states, table = rows(gen_shapes.snake_input(MAZES, SEED))
    print(f"{MAZES} snake mazes, {states} states on their routes; process time, best of {args.repeat}")
    for label, work in table:
        seconds = best(work, args.repeat)
        print(f"{label:52} {seconds * 1000:7.1f} ms {seconds / states * 1e6:6.2f} us a state")


if __name__ == "__main__":
    main()
