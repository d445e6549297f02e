"""The architecture, enforced: layers import downward only.

``search`` <- ``families``/``puzzles`` <- ``experiments``, ``web`` <- ``cli``,
``notebook``; ``view`` (the view format, its SVG writer and the piece styles) sits
below all of them and imports nothing else from searchlab, so every layer draws
with it. The domain layer (search, families, puzzles) never imports a UI
library; ``web`` and ``experiments`` never import ``cli`` (nor each other); the
notebook glue (``notebook.py``) may use both but neither the CLI nor the server,
and nothing below imports it. Every import counts, including those inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import searchlab

ROOT = Path(searchlab.__file__).parent
UI = ("rich", "click", "fastapi", "starlette", "uvicorn", "pydantic")

LAYERS = ("search", "families", "puzzles", "experiments", "web", "cli", "notebook")

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "view": (*(f"searchlab.{layer}" for layer in LAYERS), "searchlab.i18n", *UI),
    "search": (
        "searchlab.view",
        "searchlab.families",
        "searchlab.puzzles",
        "searchlab.experiments",
        "searchlab.web",
        "searchlab.cli",
        "searchlab.notebook",
        *UI,
    ),
    "families": (
        "searchlab.experiments",
        "searchlab.web",
        "searchlab.cli",
        "searchlab.notebook",
        *UI,
    ),
    "puzzles": (
        "searchlab.experiments",
        "searchlab.web",
        "searchlab.cli",
        "searchlab.notebook",
        *UI,
    ),
    "experiments": ("searchlab.web", "searchlab.cli", "searchlab.notebook", "fastapi", "click"),
    "web": ("searchlab.cli", "searchlab.experiments", "searchlab.notebook", "click"),
    "notebook": ("searchlab.cli", *UI),
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def layer_files(layer: str) -> list[Path]:
    """A layer's files: a package's modules, or a single module ``<layer>.py``."""
    module = ROOT / f"{layer}.py"
    return [module] if module.is_file() else sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_downward(layer: str) -> None:
    bad = []
    for path in layer_files(layer):
        for module in imported_modules(path):
            for prefix in FORBIDDEN[layer]:
                if module == prefix or module.startswith(prefix + "."):
                    bad.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not bad, "\n".join(bad)


def test_every_layer_has_files() -> None:
    for layer in FORBIDDEN:
        assert layer_files(layer), layer


def test_drawing_lives_in_the_view_layer() -> None:
    """The SVG writer has one home: no front end keeps its own copy (``web/svg.py`` was
    the last one)."""
    assert (ROOT / "view" / "svg.py").is_file()
    assert not (ROOT / "web" / "svg.py").exists()


def _code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (docstrings left out: examples may name
    a family)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


@pytest.mark.parametrize("layer", ["search", "families", "web"])
def test_generic_layers_never_name_a_family(layer: str) -> None:
    """A family is its folder: the engine, the contract and the web player hold no
    family's name (they read the registry)."""
    from searchlab import families

    names = set(families.names())
    bad = [
        f"{path.relative_to(ROOT)} names {s!r}"
        for path in layer_files(layer)
        for s in sorted(_code_strings(path) & names)
    ]
    assert not bad, "\n".join(bad)
