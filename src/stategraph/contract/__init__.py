"""The contract a puzzle implements, at both levels.

:mod:`~stategraph.contract.first_level` is the first level (a puzzle written as its rules:
``start``, ``is_goal``, ``moves``); :mod:`~stategraph.contract.puzzle` the second (a
:class:`~stategraph.contract.puzzle.Puzzle` with named state models).  Beside them: the picture as
data (:mod:`~stategraph.contract.scene`), what an answer checker returns
(:mod:`~stategraph.contract.checks`), one answer per line (:mod:`~stategraph.contract.answer_line`)
and the first level's own checker (:mod:`~stategraph.contract.replay`).
"""
