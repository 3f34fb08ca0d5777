"""Reading and writing: contest input text, graph files, YAML, and every file stategraph writes.

Input text (:mod:`~stategraph.io.decode`, :mod:`~stategraph.io.tokens`), graph files
(:mod:`~stategraph.io.graph_write`, :mod:`~stategraph.io.graph_read`), the bounded YAML loader
(:mod:`~stategraph.io.safe_yaml`) and the safe writer (:mod:`~stategraph.io.safefile`).
"""
