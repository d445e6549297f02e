"""The Rush Hour section of ``searchlab demo`` (about a second; a few more the first time,
while the generator's kernel is compiled)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.puzzles.rushhour.cards import cards
from searchlab.puzzles.rushhour.generate import generate
from searchlab.puzzles.rushhour.render import render_text
from searchlab.puzzles.rushhour.solver import fast_bfs, solve_board


def demo() -> Iterator[DemoBlock]:
    """The hardest challenge card solved by the packed BFS; the seed's heuristic vs the
    stronger; a generated puzzle."""
    card = cards()[39]
    board = card.parse()
    yield f"Challenge card {card.number} ({card.level}), red car X:"
    yield render_text(board)
    t = time.perf_counter()
    best = fast_bfs(board)
    ms = (time.perf_counter() - t) * 1000
    yield (
        f"packed BFS: {best.length} moves in {ms:.0f} ms "
        f"({best.stats.expanded:,} positions expanded)"
    )
    yield "moves: " + " ".join(str(m) for m in best.actions)
    small = cards()[11]
    rows = []
    for h in ("zero", "blocking", "strong"):
        r = solve_board(small.parse(), algorithm="astar", heuristic=h)
        rows.append((h, str(r.length), f"{r.stats.expanded:,}", f"{r.stats.seconds * 1000:.0f}"))
    yield Table(
        f"Card {small.number}: A* heuristics (engine)",
        ("heuristic", "moves", "expanded", "ms"),
        rows,
    )
    found = generate(25, 1, seed=1, time_limit=20)
    if found:
        g = found[0]
        yield (
            f"Generated (seed 1, at least 25 moves): {g.moves} moves, every vehicle needed, "
            f"found in {g.seconds:.1f} s among {g.attempts:,} boards"
        )
        yield render_text(g.board)
