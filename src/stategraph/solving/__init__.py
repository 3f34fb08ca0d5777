"""One run of a puzzle over an input: the driver, its workers, and what it writes and judges.

:mod:`~stategraph.solving.driver` (parse -> model -> per question: state graph -> solve -> decode ->
format -> verify), :mod:`~stategraph.solving.workers` (``--jobs``), :mod:`~stategraph.solving.records`
(one answered question), :mod:`~stategraph.solving.judge` (``stategraph check``),
:mod:`~stategraph.solving.export` (a question's graph as a file) and
:mod:`~stategraph.solving.saved_graph` (``stategraph search``).
"""
