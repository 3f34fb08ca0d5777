"""``python -m stategraph`` runs the command line.

For ``-m`` Python puts the current folder first on ``sys.path``; the package's ``__init__``
takes it off before it imports anything, so a ``signal.py``, ``yaml.py`` or ``lxml.py`` lying in
that folder is never run.  A ``stategraph.py`` there would still run instead of this package
(Python's own rule for ``-m``): the ``stategraph`` command, or ``python -P -m stategraph``, does
not look there at all.
"""

import sys

from stategraph.cli.main import main

sys.exit(main())
