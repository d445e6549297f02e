"""A solve imports only what it uses (issue 23 item 17): no rich for machine output,
never the experiments package, the runs module or the web stack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAZE = str(ROOT / "examples" / "maze.txt")
NEVER = ("searchlab.experiments", "searchlab.cli.batch", "fastapi", "matplotlib", "searchlab.web")


def loaded_after(argv: list[str]) -> list[str]:
    code = (
        "import json, sys\n"
        "from searchlab.cli.main import main\n"
        f"main({argv!r})\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    return list(json.loads(proc.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "argv",
    [
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8", "--json"],
        ["solve", "maze", MAZE, "--json"],
        ["maze", "solve", MAZE, "--json"],
        ["knight", "tour", "--size", "5x5", "--start", "2,2", "--json"],
        ["peg", "solve", "--board", "triangle5", "--json"],
    ],
)
def test_a_json_solve_loads_no_table_library_nor_experiments(argv: list[str]) -> None:
    modules = loaded_after(argv)
    assert not [m for m in modules if m == "rich" or m.startswith("rich.")]
    assert not [m for m in modules if m.startswith(NEVER)]


def test_a_small_sliding_tile_solve_loads_no_compiler() -> None:
    """A 3x3 board is solved in Python: Numba (half a second to import) stays out."""
    modules = loaded_after(["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8", "--json"])
    assert "numba" not in modules


def test_a_human_solve_loads_no_experiments() -> None:
    modules = loaded_after(["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8"])
    assert "rich.table" in modules  # it draws the statistics table
    assert not [m for m in modules if m.startswith(NEVER)]
