"""The import budget: each command loads only what it uses (issue 23 item 17, issue 34
item 1). A quick solve starts about as fast as Python importing Click only if it
leaves out the table library (rich: more than Click itself), the experiments, the web
stack, the compilers, and its family's modules it never runs (demo, benchmark sets,
pattern databases, the puzzle database, the generator). Each row names modules that
must NOT be loaded after the command has run; a regression that imports one again
fails here, with the module's name. Measured in a fresh process (``sys.modules`` at
exit), so a lazy import anywhere counts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAZE = str(ROOT / "examples" / "maze.txt")

EVERYWHERE = (
    "searchlab.experiments",
    "searchlab.cli.batch",
    "searchlab.web",
    "fastapi",
    "uvicorn",
    "matplotlib",
    "dask",
)
"""Never loaded by a solve or a help screen."""
COMPILED = ("numba", "numpy")
"""The compiled solvers: not for a board the Python search answers at once."""
TABLES = ("rich",)
"""The table and progress library: only where a table, a bar or a rule is drawn."""
ENGINE = (
    "searchlab.search.audit",
    "searchlab.search.bfs",
    "searchlab.search.bibfs",
    "searchlab.search.backtrack",
    "searchlab.search.dfs",
    "searchlab.search.dls",
    "searchlab.search.greedy",
    "searchlab.search.iddfs",
    "searchlab.search.ucs",
    "searchlab.search.wastar",
    "searchlab.search.events",
)
"""Engine algorithms (and the heuristic audit) a sliding-tile or Rush Hour solve never runs:
the registry names them, each is imported when first run; the events only an observer
receives."""
STARTUP = ("secrets", "hashlib", "sqlite3", "html", "importlib.resources", "zipfile", "tempfile")
"""Standard modules a quick command does not need (temporary names, checksums, the
puzzle database, HTML escapes for pictures, package data through
``importlib.resources``: the module's own loader reads it for less; ``shutil`` and
``lzma`` come with Click)."""
DRAWS = ("random",)
"""Random draws: not for solving a given board."""
PICTURES = ("searchlab.view.svg", "searchlab.view.styles", "json", "shlex")
"""The SVG writer and its style table (``--svg``, ``--html``, the web page), JSON
(``--json``) and shell quoting (the generic solve command's usage example): not for a
human answer (the view type and ``merge`` come from ``searchlab.view.format`` alone)."""

BUDGET: list[tuple[list[str], tuple[str, ...]]] = [
    (
        ["--help"],
        # the registry's package lists the folders (light); the contract is not loaded
        (
            *EVERYWHERE,
            *COMPILED,
            *TABLES,
            *STARTUP,
            "searchlab.families.contract",
            "searchlab.view",
            "searchlab.search",
        ),
    ),
    (
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8"],
        (
            *EVERYWHERE,
            *COMPILED,
            *TABLES,
            *STARTUP,
            *ENGINE,
            *DRAWS,
            *PICTURES,
            "pathlib",  # files: the pattern databases, a FILE argument
            "searchlab.puzzles.npuzzle.pdb",
            "searchlab.durable",
            "searchlab.puzzles.npuzzle.demo",
            "searchlab.puzzles.npuzzle.korf",
            "searchlab.puzzles.npuzzle.assignments",
            "searchlab.puzzles.npuzzle.pdb_cache",
            "searchlab.puzzles.npuzzle.kernel",
        ),
    ),
    (
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8", "--json"],
        (*EVERYWHERE, *COMPILED, *TABLES, *STARTUP, "searchlab.puzzles.npuzzle.demo"),
    ),
    (
        # a 5x5 board one move from the goal, no table cached: auto looks for the
        # zero-aware catalogue's files without loading NumPy or Numba (session 16)
        ["npuzzle", "solve", "--tiles", " ".join(map(str, [*range(1, 24), 0, 24])), "--json"],
        (*EVERYWHERE, *COMPILED, *TABLES, "searchlab.puzzles.npuzzle.demo"),
    ),
    (
        ["rushhour", "solve", "--card", "1"],
        (
            *EVERYWHERE,
            *COMPILED,
            *TABLES,
            *STARTUP,
            *ENGINE,
            *DRAWS,
            *PICTURES,
            "pathlib",  # files: only a FILE argument or a database needs it
            "searchlab.puzzles.rushhour.demo",
            "searchlab.puzzles.rushhour.bundled",
            "searchlab.puzzles.rushhour.database",
            "searchlab.puzzles.rushhour.sources",
            "searchlab.puzzles.rushhour.generate",
            "searchlab.puzzles.rushhour.tasks",  # rate, hint, generate...: imported when run
            "searchlab.puzzles.rushhour.rating",
            "searchlab.families.parallel",
            "pkgutil",  # the cards file is read through the package's loader
        ),
    ),
    (["solve", "maze", MAZE, "--json"], (*EVERYWHERE, *COMPILED, *TABLES)),
    (["maze", "solve", MAZE], (*EVERYWHERE, *COMPILED, *TABLES, *STARTUP)),
    (["knight", "tour", "--size", "5x5", "--start", "2,2", "--json"], (*EVERYWHERE, *TABLES)),
    (["peg", "solve", "--board", "triangle5", "--json"], (*EVERYWHERE, *TABLES)),
]


def loaded_after(argv: list[str]) -> list[str]:
    code = (
        "import sys\n"
        "from searchlab.cli.main import main\n"
        f"main({argv!r})\n"
        "loaded = sorted(sys.modules)\n"
        "import json\n"  # after the command: whether it loaded json counts
        "print(json.dumps(loaded), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    return list(json.loads(proc.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize(("argv", "banned"), BUDGET, ids=lambda v: " ".join(v)[:60])
def test_a_command_imports_only_what_it_uses(argv: list[str], banned: tuple[str, ...]) -> None:
    loaded = loaded_after(argv)
    over = sorted(m for m in loaded if any(m == b or m.startswith(b + ".") for b in banned))
    assert not over, f"searchlab {' '.join(argv)} imported {over[:8]}"


def test_the_budget_sees_an_import() -> None:
    """The check itself: a command that draws a table does load rich."""
    assert "rich" in loaded_after(["peg", "boards"])


@pytest.mark.parametrize("family", ["npuzzle", "rushhour", "peg", "knight", "maze"])
def test_a_lazy_package_exports_what_its_modules_define(family: str) -> None:
    """Each name of a family package's API is its home module's object, before and after
    that module is imported (a module named like its export, ``rushhour.cards``, does not
    replace the function ``cards``). In a fresh process: the import order matters."""
    code = (
        "import importlib, pkgutil, sys, types\n"
        f"pkg = importlib.import_module('searchlab.puzzles.{family}')\n"
        "if sys.argv[1] == 'modules first':\n"
        "    for info in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(f'{pkg.__name__}.{info.name}')\n"
        "for n in pkg.__all__:\n"
        "    assert not isinstance(getattr(pkg, n), types.ModuleType), n\n"
        "for info in pkgutil.iter_modules(pkg.__path__):\n"
        "    importlib.import_module(f'{pkg.__name__}.{info.name}')\n"
        "for n in pkg.__all__:\n"
        "    assert not isinstance(getattr(pkg, n), types.ModuleType), n\n"
        "print('ok')\n"
    )
    for order in ("modules first", "names first"):
        proc = subprocess.run(
            [sys.executable, "-c", code, order], capture_output=True, text=True, check=False
        )
        assert proc.stdout.strip() == "ok", (order, proc.stderr[-600:])


def test_the_program_loads_with_the_collector_paused_then_frozen() -> None:
    """The ``searchlab`` program (:func:`searchlab.cli.run`) freezes what its start-up
    loaded (the collections of the command's work do not walk it) and leaves the
    collector on; importing the CLI as a library changes neither."""
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print(gc.get_freeze_count(), gc.isenabled(), file=sys.stderr))\n"
        "if sys.argv[1] == 'program':\n"
        "    from searchlab.cli import run\n"
        "    sys.argv[1:] = ['--version']\n"
        "    run()\n"
        "import searchlab.cli.main\n"
    )
    found = {}
    for how in ("program", "library"):
        proc = subprocess.run(
            [sys.executable, "-c", code, how], capture_output=True, text=True, check=False
        )
        frozen, enabled = proc.stderr.strip().splitlines()[-1].split()
        found[how] = (int(frozen) > 0, enabled)
    assert found == {"program": (True, "True"), "library": (False, "True")}
