"""The benchmark scripts still name what exists in searchlab.

Benchmarks are run by hand, so a rename in ``src/`` can break one silently.
This reads each script's ``from searchlab... import ...`` statements (also the
ones inside functions) without running the script, and checks that every
module imports and has every imported name.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


def _searchlab_imports(path: Path) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("searchlab"):
            found.extend((node.module or "", alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((a.name, None) for a in node.names if a.name.startswith("searchlab"))
    return found


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_benchmark_imports_resolve(path: Path) -> None:
    for module_name, name in _searchlab_imports(path):
        module = importlib.import_module(module_name)
        if name is not None and not hasattr(module, name):
            importlib.import_module(f"{module_name}.{name}")  # a submodule imported by name
