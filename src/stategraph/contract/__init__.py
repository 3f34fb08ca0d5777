"""The one contract a puzzle implements, and the toolkit's own classes under it.

:mod:`~stategraph.contract.first_level` is the contract (a puzzle written as its rules:
``start``, ``is_goal``, ``moves``; :mod:`~stategraph.contract.rules_model` is the model made of
the rules); :mod:`~stategraph.contract.puzzle` holds the toolkit's own
:class:`~stategraph.contract.puzzle.Puzzle` and :class:`~stategraph.contract.puzzle.Model`, which
the built-in puzzles and the models generated from rules are.  Beside them: the picture as
data (:mod:`~stategraph.contract.scene`), what an answer checker returns
(:mod:`~stategraph.contract.checks`), one answer per line (:mod:`~stategraph.contract.answer_line`)
and the rules' own checker (:mod:`~stategraph.contract.replay`).
"""
