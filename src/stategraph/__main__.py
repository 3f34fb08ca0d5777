"""``python -m stategraph`` runs the command line.

For ``-m`` Python puts the current folder first on ``sys.path``; it is taken off here, before
anything else is imported, so a ``yaml.py`` or ``lxml.py`` lying in that folder is never run.
A ``stategraph.py`` there would still run instead of this package (Python's own rule for
``-m``): the ``stategraph`` command, or ``python -P -m stategraph``, does not look there at all.
"""

import os
import sys

if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from stategraph.cli import main  # noqa: E402  (after the path is made safe)

sys.exit(main())
