"""Issue 24, item 6: no solve of a solvable board fails for memory. ``auto`` never builds a
database; a solve asked to build one past the process's memory cap (a web job's) says
how to build it instead of failing with an out-of-memory error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPPED = """
import sys
from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import random_instance
from searchlab.puzzles.npuzzle.board import goal_board
from searchlab.puzzles.npuzzle.solvers import solve_board
from searchlab.web.worker import limit_memory

limit_memory(int(sys.argv[1]))
goal = goal_board(5)
board = random_instance(5, 20, seed=1, goal=goal)
print(solve_board(board, goal).length)  # auto: linear conflict, nothing built
try:
    solve_board(board, goal, heuristic="pdb")  # 6-6-6-6: more than the cap to build
except InputError as e:
    print(e)
"""


def test_a_build_past_the_memory_cap_says_how_to_build(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", CAPPED, "400"],  # 400 MB: a 6-tile 5x5 table needs more
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "SEARCHLAB_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )
    length, message = out.stdout.strip().splitlines()
    assert int(length) == 20
    assert "searchlab npuzzle pdb --build 6-6-6-6" in message
    assert not list((tmp_path / "npuzzle").glob("*.npy"))
