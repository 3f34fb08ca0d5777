"""Which stategraph modules a file imports, read from its source (``tests/test_design_layers.py`` and the
checkers' own test use it)."""

from __future__ import annotations

import ast
from pathlib import Path

import stategraph

PACKAGE = Path(stategraph.__file__).parent
def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports(path: Path, modules=MODULES, name: str | None = None) -> set[str]:
    """The stategraph modules the file at ``path`` (the module ``name``) imports, anywhere in it."""
    name = name or module_name(path)
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1] + [node.module or ""]).rstrip(".") if node.level \
                else node.module or ""
            targets = [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    return found - {name}
