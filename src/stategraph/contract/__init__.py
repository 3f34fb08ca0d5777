"""The one contract a puzzle implements (:mod:`~stategraph.contract.first_level`: a puzzle written
as its rules), and the toolkit's own classes under it (:mod:`~stategraph.contract.puzzle`).
"""
