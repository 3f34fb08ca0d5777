"""``python -m stategraph`` runs the command line.

The package's ``__init__`` takes the current folder off ``sys.path`` first (a ``stategraph.py``
there still shadows the package: Python's rule for ``-m``; ``python -P`` avoids it).

A Ctrl-C landing in code made by ``exec`` (``dataclasses``, ``namedtuple``) leaves CPython's mark
of an unhandled ``KeyboardInterrupt`` set, so a ``-m`` run would end killed by SIGINT: an
interrupted run ends here instead, after the exit functions, with its own status 130.
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

from stategraph.cli.main import INTERRUPTED, end, main  # noqa: E402

_status = main()
end(_status)
