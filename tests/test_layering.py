"""The architecture, enforced: layers import downward only.

``search`` <- ``families`` (the contract and the registry) <- ``records`` (what an
experiment is made of) <- ``puzzles`` (the families' folders) <- ``experiments``,
``web`` <- ``cli``, ``notebook``; ``view`` (the view format, its SVG writer and the
piece styles) sits below all of them and imports nothing else from searchlab, so every
layer draws with it. The registry finds the families' folders without importing
``puzzles``, and the contract never imports the records. The domain layer (search,
families, records, puzzles) never imports a UI library; ``web`` and ``experiments``
never import ``cli`` (nor each other); the notebook glue (``notebook.py``) may use both
but neither the CLI nor the server, and nothing below imports it. Every import counts,
including those inside functions.

Every module of a family's folder is held to the ``puzzles`` rules, its
``experiments.py`` (its built-in experiments) included: it declares them with the
experiment records of :mod:`searchlab.records` (:mod:`~searchlab.records.experiment`)
and is handed the runner when it must run one, so no module under ``puzzles/`` imports
the experiments layer.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import searchlab

ROOT = Path(searchlab.__file__).parent
UI = ("rich", "click", "fastapi", "starlette", "uvicorn", "pydantic")

LAYERS = (
    "search",
    "families",
    "records",
    "puzzles",
    "experiments",
    "teaching",
    "web",
    "cli",
    "notebook",
)

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "view": (*(f"searchlab.{layer}" for layer in LAYERS), "searchlab.i18n", *UI),
    "search": (
        "searchlab.view",
        "searchlab.families",
        "searchlab.records",
        "searchlab.puzzles",
        "searchlab.experiments",
        "searchlab.web",
        "searchlab.cli",
        "searchlab.notebook",
        *UI,
    ),
    "families": (
        "searchlab.records",
        "searchlab.puzzles",
        "searchlab.experiments",
        "searchlab.teaching",
        "searchlab.web",
        "searchlab.cli",
        "searchlab.notebook",
        *UI,
    ),
    "records": (
        "searchlab.puzzles",
        "searchlab.experiments",
        "searchlab.teaching",
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
    # teaching (exercises, sheets, grading) sits beside experiments: the web imports it
    "teaching": (
        "searchlab.web",
        "searchlab.cli",
        "searchlab.experiments",
        "searchlab.notebook",
        *UI,
    ),
    "web": ("searchlab.cli", "searchlab.experiments", "searchlab.notebook", "click"),
    "notebook": ("searchlab.cli", *UI),
}


def imported_modules(path: Path) -> set[str]:
    """The modules ``path`` imports, by absolute name (a relative import resolved
    against its package: a family's folder imports itself relatively)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            out.add(f"{base}.{node.module}" if node.module else base)
    return out


DECLARED_EXPERIMENTS = "experiments.py"
"""A family folder's module declaring its built-in experiments."""


def family_experiments() -> list[Path]:
    """The families' ``experiments.py`` modules."""
    return sorted((ROOT / "puzzles").glob(f"*/{DECLARED_EXPERIMENTS}"))


def layer_files(layer: str) -> list[Path]:
    """A layer's files: a package's modules, or a single module ``<layer>.py``."""
    module = ROOT / f"{layer}.py"
    if module.is_file():
        return [module]
    return sorted((ROOT / layer).rglob("*.py"))


def test_family_experiments_are_held_to_the_puzzles_rules() -> None:
    """No exemption: the families' experiment modules are ``puzzles`` files, so the
    layer test above checks that none imports the experiments layer (or cli, web)."""
    assert family_experiments()
    assert set(family_experiments()) <= set(layer_files("puzzles"))


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


def test_families_write_no_svg_of_their_own() -> None:
    """A family draws through its views: no family module writes SVG markup (its
    pictures, ``--svg`` and ``_repr_svg_`` are :mod:`searchlab.view`'s)."""
    tags = ("<svg", "<rect", "<circle", "<polyline", "<path", "<text")
    bad = [
        f"{path.relative_to(ROOT)} writes {tag}"
        for path in sorted((ROOT / "puzzles").rglob("*.py"))
        for text in _code_strings(path)
        for tag in tags
        if tag in text
    ]
    assert not bad, "\n".join(bad)


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


def test_nothing_imports_a_family_experiments_module() -> None:
    """The experiments layer finds a family's experiments by name
    (:func:`searchlab.families.declared.declared_by`); no module imports one, so
    importing a family never loads its experiment declarations."""
    from searchlab import families

    declared = {f"searchlab.puzzles.{name}.experiments" for name in families.names()}
    bad = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in ROOT.rglob("*.py")
        for module in _family_imports(path, _module_name(path))
        if module in declared
    ]
    assert family_experiments() and not bad, "\n".join(bad)


def _module_name(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package's ``__init__`` as the package)."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _family_imports(path: Path, module: str) -> set[str]:
    """The modules ``path`` (the module ``module``) imports, by absolute name, with
    each ``from X import y`` counted as both ``X`` and ``X.y``; imports in a Jupyter
    display hook (``_repr_svg_``…: the notebook's drawing protocol, run on demand) and
    under ``if TYPE_CHECKING:`` (for the type checker only) left out."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skipped: set[int] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        hook = isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_")
        typing_only = (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
        )
        if hook or typing_only:
            skipped.update(id(inner) for inner in ast.walk(node))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def import_cycles(package: Path, root: Path = ROOT.parent) -> list[list[str]]:
    """The strongly connected components of more than one module in ``package``'s
    import graph (Tarjan's algorithm), i.e. its import cycles; module names are
    their paths from ``root`` (the folder on ``sys.path``)."""
    modules: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    # A package's __init__ re-exports its modules: an edge into it is not a cycle.
    edges = {
        name: sorted(
            target
            for target in _family_imports(path, name) & modules.keys()
            if target != name and modules[target].name != "__init__.py"
        )
        for name, path in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return cycles


def test_import_cycles_are_found(tmp_path: Path) -> None:
    """The cycle finder itself, on a package it builds: a -> b -> a (b's import inside
    a function) is one cycle, c -> a none, and an import in a display hook is skipped."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from pkg.a import x\n")
    (pkg / "d.py").write_text("import pkg.c\n")
    (pkg / "e.py").write_text("from pkg import d\n")
    (pkg / "f.py").write_text("class F:\n    def _repr_svg_(self):\n        from pkg import e\n")
    assert import_cycles(pkg, tmp_path) == [["pkg.a", "pkg.b"]]
    (pkg / "c.py").write_text("from pkg.a import x\nfrom pkg.f import F\n")
    assert import_cycles(pkg, tmp_path) == [["pkg.a", "pkg.b"]]
    (pkg / "c.py").write_text("from pkg.a import x\nfrom pkg.e import y\n")
    assert sorted(map(tuple, import_cycles(pkg, tmp_path))) == [
        ("pkg.a", "pkg.b"),
        ("pkg.c", "pkg.d", "pkg.e"),
    ]


@pytest.mark.parametrize(
    "family", sorted(p.name for p in (ROOT / "puzzles").iterdir() if (p / "__init__.py").is_file())
)
def test_no_import_cycles_inside_a_family(family: str) -> None:
    """A family's modules import one another in one direction (Rush Hour's problem and
    solver, the sliding tiles' solvers and database builder each imported the other);
    imports inside functions count too."""
    assert not import_cycles(ROOT / "puzzles" / family)


def _names_a_family(text: str, names: set[str]) -> set[str]:
    """The families ``text`` names as a family: the name itself, a command path
    (``"knight tour"``), a family's command (``searchlab peg count``), a module
    (``searchlab.cli.peg:peg``) or a name in brackets (``sizes (maze)``). Not a family's
    name used as a word ("one peg left") nor a usage example of a generic command on a
    family (``searchlab solve maze FILE``, as the docs show them)."""
    found = set()
    for n in names:
        name = re.escape(n)
        if (
            text == n
            or text.startswith(n + " ")
            or re.search(rf"\bsearchlab {name}\b|\.{name}[.:]|\({name}\)", text)
        ):
            found.add(n)
    return found


def offenders() -> list[str]:
    """The modules outside a family's folder that name the family: import one of its
    modules (``searchlab.puzzles.<f>...``), or hold its name in a string of their code
    (docstrings left out), in every layer and in every other family's folder. The view
    format's piece kinds (:data:`searchlab.view.styles.PIECES`: a ``knight``, a ``peg``)
    are pieces, drawn alike for any family, not the families of those names."""
    from searchlab import families
    from searchlab.view.styles import PIECES

    names = set(families.names())
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT)
        home = where.parts[1] if where.parts[0] == "puzzles" and len(where.parts) > 2 else None
        for module in sorted(imported_modules(path)):
            parts = [*module.split("."), ""]
            if parts[:2] == ["searchlab", "puzzles"] and parts[2] in names - {home}:
                bad.append(f"{where} imports {module}")
        allowed = {home, *(PIECES if where.parts[0] == "view" else ())}
        for s in sorted(_code_strings(path)):
            for name in sorted(_names_a_family(s, names) - allowed):
                bad.append(f"{where} names {name!r} in {s[:60]!r}")
    return bad


def test_no_module_outside_a_family_folder_names_it() -> None:
    """A family is one folder behind one contract; code outside its folder never names
    it (issue 36), so a copy of the folder is a family with no edit elsewhere. What a
    surface needs from a family the folder declares, and the surface finds it through
    the registry: its commands are built from its contract by the one builder
    (``cli/family_commands.py``), its programs from their records (``cli/programs.py``),
    its assignments collected by ``teaching/grading.py``, its experiments by
    ``experiments/builtin.py``. The engine, the contract, the web player, the CLI (its
    examples included: they live in the folder) and the other families hold no
    family's name."""
    bad = offenders()
    assert not bad, "\n".join(bad)


def page_offenders() -> list[str]:
    """The web pages' scripts (``web/static``, ``.js`` and ``.html``) that hold a
    family's name as a whole string literal (``"maze"``): a page finds families
    through the API, by what they declare, never by name."""
    from searchlab import families

    names = set(families.names())
    static = ROOT / "web" / "static"
    bad = []
    for path in sorted([*static.rglob("*.js"), *static.rglob("*.html")]):
        text = path.read_text(encoding="utf-8")
        for name in sorted(names):
            for hit in re.finditer(rf"""["'`]{re.escape(name)}["'`]""", text):
                line = text.count("\n", 0, hit.start()) + 1
                bad.append(f"{path.relative_to(ROOT)}:{line} names {name!r}")
    return bad


def test_no_page_names_a_family() -> None:
    """The watch page chose the grid maze by name as its opening family; it now opens
    on the first family whose boards can be painted (what the family declares)."""
    bad = page_offenders()
    assert not bad, "\n".join(bad)
