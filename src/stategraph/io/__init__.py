"""Reading and writing: contest input text, graph files, YAML, and every file stategraph writes
(docs/layers.md lists the modules).
"""
