"""Teaching views: they observe runs of the solver and never change them.

* :mod:`stategraph.views.compare` -- every model x applicable routine on the same input, as a table.
* :mod:`stategraph.views.explain` -- a canonical solution as numbered steps in words, with pictures.
* :mod:`stategraph.views.draw` -- grids, paths and state graphs as SVG/PNG/GIF (needs matplotlib,
  ``pip install 'stategraph[draw]'``), imported only when a drawing is asked for.

Puzzle modules import nothing from here.
"""

from __future__ import annotations
