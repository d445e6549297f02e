"""Benchmark: the 40 challenge cards solved optimally by the packed BFS (and the engine's A*).

Targets: all 40 cards in under 1 s in total, card 40 (51 moves) in under 0.2 s.
Run: ``.venv/bin/python benchmarks/rushhour_cards.py [--engine]``
"""

from __future__ import annotations

import sys
import time

from searchlab.puzzles.rushhour import cards, fast_bfs, solve_board


def main() -> None:
    boards = [(c, c.parse()) for c in cards()]
    fast_bfs(boards[0][1])  # warm the cached move tables
    for metric in ("moves", "steps"):
        total, expanded = 0.0, 0
        for c, b in boards:
            t = time.perf_counter()
            r = fast_bfs(b, metric)  # type: ignore[arg-type]
            dt = time.perf_counter() - t
            total += dt
            expanded += r.stats.expanded
            assert r.length == (c.moves if metric == "moves" else c.steps), c.number
            if c.number == 40:
                print(f"card 40 ({metric}): {r.length} in {dt * 1000:.1f} ms")
        print(
            f"40 cards by {metric}: {total:.3f} s, {expanded:,} expanded, "
            f"{expanded / total:,.0f} nodes/s"
        )
    if "--engine" in sys.argv:
        for h in ("blocking", "strong"):
            total, expanded = 0.0, 0
            for c, b in boards:
                r = solve_board(b, algorithm="astar", heuristic=h)
                assert r.length == c.moves
                total += r.stats.seconds
                expanded += r.stats.expanded
            print(f"engine A* ({h}): {total:.2f} s, {expanded:,} expanded")


if __name__ == "__main__":
    main()
