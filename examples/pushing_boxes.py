"""Pushing Boxes through the Python API: parse, compile, look at the graph, solve, decode.

Run: python examples/pushing_boxes.py
"""

from stategraph import get_puzzle, solve

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
model = pushing_boxes.compile(maze)          # an explicit networkx.DiGraph of states
graph = model.graph
print(f"{graph.number_of_nodes()} states, {graph.number_of_edges()} push edges, "
      f"{len(model.targets)} target states")
for u, v, attrs in list(graph.out_edges(model.source, data=True)):
    print(f"  {graph.nodes[u]['label']} --{attrs['move']} {attrs['weight']}--> {graph.nodes[v]['label']}")

for algorithm in ("dijkstra", "layered_bfs", "astar"):
    solution = solve(model, algorithm)
    moves = pushing_boxes.decode(maze, solution)
    print(f"{algorithm:12} cost {solution.cost} settled {solution.stats['settled']:3}  {moves}")

print(pushing_boxes.format_answer(maze, moves), end="")
