"""``python -m stategraph`` runs the command line.

For ``-m`` Python puts the current folder first on ``sys.path``; the package's ``__init__``
takes it off before it imports anything, so a ``signal.py``, ``yaml.py`` or ``lxml.py`` lying in
that folder is never run.  A ``stategraph.py`` there would still run instead of this package
(Python's own rule for ``-m``): the ``stategraph`` command, or ``python -P -m stategraph``, does
not look there at all.

A Ctrl-C that lands while code made by ``exec`` runs (``dataclasses`` and ``namedtuple`` make
their methods so) leaves CPython's mark of an unhandled ``KeyboardInterrupt`` set, though the
command handled it; a ``-m`` run then ends killed by SIGINT whatever its status (the
``stategraph`` script does not).  So an interrupted run ends here, once the exit functions have
run, with its own status 130.
"""

import atexit
import sys
from os import _exit  # the process's own end (a plug-in's process wraps os._exit)

_status = None


def _end_as_decided() -> None:
    if _status is not None and _status == INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        _exit(_status)


atexit.register(_end_as_decided)  # the first registered: it runs after every other exit function

from stategraph.cli.main import INTERRUPTED, main  # noqa: E402

_status = main()
sys.exit(_status)
