"""The Rush Hour section of ``searchlab demo`` (about a second; a few more the first time,
while the generator's kernel is compiled)."""

from __future__ import annotations

import time

from rich.console import Console
from rich.table import Table

from searchlab.puzzles.rushhour.cards import cards
from searchlab.puzzles.rushhour.generate import generate
from searchlab.puzzles.rushhour.render import render_text
from searchlab.puzzles.rushhour.solver import fast_bfs, solve_board


def demo(out: Console) -> None:
    """The hardest challenge card solved by the packed BFS; the seed's heuristic vs the
    stronger; a generated puzzle."""
    card = cards()[39]
    board = card.parse()
    out.print(f"Challenge card {card.number} ({card.level}), red car X:", markup=False)
    out.print(render_text(board), markup=False)
    t = time.perf_counter()
    best = fast_bfs(board)
    ms = (time.perf_counter() - t) * 1000
    out.print(
        f"packed BFS: {best.length} moves in {ms:.0f} ms "
        f"({best.stats.expanded:,} positions expanded)",
        markup=False,
    )
    out.print("moves: " + " ".join(str(m) for m in best.actions), markup=False)
    small = cards()[11]
    table = Table(title=f"Card {small.number}: A* heuristics (engine)", title_justify="left")
    for col in ("heuristic", "moves", "expanded", "ms"):
        table.add_column(col, justify="left" if col == "heuristic" else "right")
    for h in ("zero", "blocking", "strong"):
        r = solve_board(small.parse(), algorithm="astar", heuristic=h)
        table.add_row(h, str(r.length), f"{r.stats.expanded:,}", f"{r.stats.seconds * 1000:.0f}")
    out.print(table)
    found = generate(25, 1, seed=1, time_limit=20)
    if found:
        g = found[0]
        out.print(
            f"Generated (seed 1, at least 25 moves): {g.moves} moves, every vehicle needed, "
            f"found in {g.seconds:.1f} s among {g.attempts:,} boards",
            markup=False,
        )
        out.print(render_text(g.board), markup=False)
