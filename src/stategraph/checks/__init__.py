"""Independent answer checkers for ``--verify``: replays on the raw puzzle, never the state graph.

Each module offers ``verify(instance, record)``, raising
:class:`~stategraph.errors.VerificationError` when an answer does not hold
and otherwise returning :data:`CONFIRMED` or :data:`UNCONFIRMED`.
A claim that no solution exists is confirmed by a plain reachability search
over the naive positions when the instance is small enough (``NAIVE_LIMIT``).
"""

NAIVE_LIMIT = 200_000  # naive positions a reachability check may visit

CONFIRMED = "confirmed"
UNCONFIRMED = "unconfirmed: too large for the naive reachability check"
