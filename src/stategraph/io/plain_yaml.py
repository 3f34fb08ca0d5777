"""The bounds a config's YAML is held to (:mod:`stategraph.io.safe_yaml` refuses what goes beyond them)."""

from __future__ import annotations

import re

MAX_DEPTH = 20
MAX_NODES = 10_000
MAX_SCALAR_LENGTH = 10_000
MAX_INT_DIGITS = 18

DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)", re.ASCII)
