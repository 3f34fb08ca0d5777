"""One run of a puzzle over an input: the driver, its workers, and what it writes and judges.

:mod:`~stategraph.run.driver` (parse -> model -> per question: state graph -> solve -> decode ->
format -> verify), :mod:`~stategraph.run.workers` (``--jobs``), :mod:`~stategraph.run.records`
(one answered question), :mod:`~stategraph.run.judge` (``stategraph check``),
:mod:`~stategraph.run.export` (a question's graph as a file) and
:mod:`~stategraph.run.saved_graph` (``stategraph search``).
"""
