# %% [markdown]
# # State graphs for grid puzzles: a lecture in cells
#
# Run it as a script (`python examples/lecture.py [FOLDER]`) or open it as a notebook (Jupyter with
# jupytext, or VS Code: every `# %%` line starts a cell).  Pictures go into FOLDER, or into a fresh
# temporary folder; never into the repository.  Drawing needs matplotlib
# (`pip install 'stategraph[draw]'`).
#
# The one idea: *what is a state?*  Each puzzle below is solved twice, with the obvious (naive) state
# and with the compact state of the contest solutions, and every search routine that applies is run
# on both.  The answers are the same bytes; the graphs are not the same size.

# %%
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")  # headless: the pictures are files

from stategraph import get_puzzle, solve_text
from stategraph.settings.resolve import Settings
from stategraph.views import compare, compare_plot, draw, explain, page

FOLDER = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else tempfile.mkdtemp(
    prefix="stategraph-lecture-")
os.makedirs(FOLDER, exist_ok=True)
print("pictures go to", FOLDER)


def picture(name):
    return os.path.join(FOLDER, name)


def sizes(puzzle, text, instance=1):
    """States and edges of each model, on one question (from the comparison table)."""
    table = next(t for t in compare.compare(puzzle, text) if t["instance"] == instance)
    seen = {}
    for row in table["rows"]:
        seen.setdefault(row["model"], (row["states"], row["edges"]))
    for model, (nodes, edges) in seen.items():
        print(f"  {model:12s} {nodes:6d} states {edges:6d} edges")
    return table


# %% [markdown]
# ## 1. Pushing Boxes (POJ 1475)
#
# Naive state: (box cell, player cell); a walk costs (0, 1), a push (1, 0).
# Compact state: (box cell, side of the box the player stands on); a push costs (1, walks to get
# behind the box), the walk found by an inner BFS while the graph is built.

# %%
PB = get_puzzle("pushing_boxes").sample_text()
print(solve_text("pushing_boxes", PB), end="")
table = sizes("pushing_boxes", PB, instance=3)

# %% [markdown]
# The answer in words, step by step (maze 3):

# %%
[maze3] = explain.explain("pushing_boxes", PB, instance=3)
print(explain.render(maze3))

# %%
for model in ("box_side", "box_player"):
    settings = Settings.of("pushing_boxes", model=model)
    drawn = draw.draw_graph(settings, PB, picture(f"pushing_boxes-{model}-graph.png"), instance=3)
    print(model, drawn)
draw.draw_solution(Settings.of("pushing_boxes"), PB, picture("pushing_boxes-maze3.svg"), instance=3)
draw.animate(Settings.of("pushing_boxes"), PB, picture("pushing_boxes-maze3.gif"), instance=3)

# %% [markdown]
# The routines compared: states settled, per routine and model (0 drawn at 0).

# %%
tables = compare.compare("pushing_boxes", PB)
print(compare.as_text([t for t in tables if t["instance"] == 3]))
compare_plot.plot(tables, picture("pushing_boxes-compare.svg"))

# %% [markdown]
# The same maze as one interactive page (`stategraph view`): the puzzle at each step, the state graph
# with the canonical path, each routine's search replayed state by state, and the two models side by
# side.  In a notebook it appears right here, in a frame of its own; it is also written to FOLDER
# (open it in any browser, offline).

# %%
maze3_page = page("pushing_boxes", PB, instance=3)
maze3_page.write(picture("pushing_boxes-maze3.html"))
maze3_page  # noqa: B018  (a notebook shows a cell's last expression)

# %% [markdown]
# ## 2. Huarong Dao (NOIP 2013)
#
# Naive state: (piece cell, blank cell), every slide costs 1.  Compact state: (piece cell, side of
# the piece where the blank is); the blank's detours round the piece are precomputed once per board.
# The contest answer is only a number; `explain` rebuilds the actual moves.

# %%
HR = get_puzzle("huarong").sample_text()
print(solve_text("huarong", HR), end="")
sizes("huarong", HR)
[query1] = explain.explain("huarong", HR)
print(explain.render(query1))
for model in ("piece_side", "piece_blank"):
    print(model, draw.draw_graph(Settings.of("huarong", model=model), HR, picture(f"huarong-{model}-graph.png")))
draw.draw_solution(Settings.of("huarong"), HR, picture("huarong-query1.png"))
compare_plot.plot(compare.compare("huarong", HR), picture("huarong-compare.svg"))

# %% [markdown]
# Query 1's page, with A* replayed against SPFA: A* settles 3 states where SPFA settles them all.

# %%
query1_page = page(Settings.of("huarong", algorithm="astar"), HR, query=1)
query1_page.write(picture("huarong-query1.html"))
query1_page  # noqa: B018  (a notebook shows a cell's last expression)

# %% [markdown]
# ## 3. Abbott's Revenge (UVa 816)
#
# One model: (intersection, heading on arrival), since the signs depend on the heading; the sample
# route passes (1,2) three times, so a cell alone cannot be a state.  Every move costs 1: BFS applies.

# %%
AM = get_puzzle("arrow_maze").sample_text()
print(solve_text("arrow_maze", AM), end="")
sizes("arrow_maze", AM)
[route, _] = explain.explain("arrow_maze", AM)
print(explain.render(route))
draw.draw_solution(Settings.of("arrow_maze"), AM, picture("arrow_maze-sample.svg"))
draw.draw_graph(Settings.of("arrow_maze"), AM, picture("arrow_maze-graph.png"))
arrow_tables = compare.compare("arrow_maze", AM)
print(compare.as_text(arrow_tables[:1]))
compare_plot.plot(arrow_tables, picture("arrow_maze-compare.svg"))

# %% [markdown]
# ## What to take away
#
# * The same answer bytes from every model and routine (the `agrees` column).
# * The compact models are several times smaller, and the gap grows with the grid (docs/models.md).
# * Routines that stop at the nearest target (BFS, Dijkstra, A*) settle fewer states than those that
#   run to completion (SPFA, networkx); A*'s lower bound prunes most.

# %%
print("done:", len(os.listdir(FOLDER)), "pictures in", FOLDER)
