"""The knight's tour section of ``searchlab demo``."""

from __future__ import annotations

import time

from rich.console import Console

from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.existence import tour_verdict
from searchlab.puzzles.knight.render import render_numbered
from searchlab.puzzles.knight.solver import solve_tour


def demo(out: Console) -> None:
    """Seed 003's search on 8×8, a closed tour, a big board and an impossible start."""
    r = solve_tour(Board(8, 8), (0, 0), algorithm="backtrack")
    out.print(
        f"Warnsdorff backtracking on the engine (seed 003): {r.stats['expanded']} expansions",
        markup=False,
    )
    out.print(render_numbered(Board(8, 8), r.squares()), markup=False)
    t = time.perf_counter()
    big = solve_tour(Board(300, 300), (150, 7), closed=True)
    out.print(
        f"closed tour of 300x300 from 150,7 by block construction: {big.status}, "
        f"verified, {time.perf_counter() - t:.2f} s",
        markup=False,
    )
    out.print("5x5 from 0,1: " + tour_verdict(Board(5, 5), (0, 1)).reason, markup=False)
