"""Pushing Boxes through the Python API: parse, build a named model, look at the graph, solve, decode.

Run: python examples/pushing_boxes.py
"""

from stategraph import get_puzzle
from stategraph.search.solution import solve

pushing_boxes = get_puzzle("pushing_boxes")

text = """\
7 11
###########
#T##......#
#.#.#..####
#....B....#
#.######..#
#.....S...#
###########
0 0
"""

maze = next(pushing_boxes.parse(text, "example"))
model = pushing_boxes.model("box_side")(maze)    # the seeds' model: box cell x side of the player
with model.state_graph(maze) as state:           # an explicit networkx.DiGraph of states
    graph = state.graph
    print(f"{graph.number_of_nodes()} states, {graph.number_of_edges()} push edges, "
          f"{len(state.targets)} target states")
    for u, v, attrs in list(graph.out_edges(state.source, data=True)):
        print(f"  {graph.nodes[u]['label']} --{attrs['move']} {attrs['weight']}--> {graph.nodes[v]['label']}")

    for algorithm in ("dijkstra", "layered_bfs", "astar"):
        solution = solve(state, algorithm)
        moves = model.decode(maze, solution)
        print(f"{algorithm:12} cost {solution.cost} settled {solution.stats['settled']:3}  {moves}")

print(pushing_boxes.format_answer(maze, maze, moves), end="")
