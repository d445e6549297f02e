"""Benchmark: the 40 challenge cards solved optimally by the packed BFS (and the engine's A*).

Targets: all 40 cards in under 1 s in total, card 40 (51 moves) in under 0.2 s.
Run: ``.venv/bin/python benchmarks/rushhour_cards.py [--engine]``

``--cli [--before SRC] [--repeat N]``: what a user pays per card from the command line,
``searchlab rushhour solve --card K -q`` for the 40 cards, one process each (the way
M. Fogleman's Go solver is timed per card in issue 23: 0.48 s for the 40). With
``--before SRC`` (another checkout's ``src``, e.g. ``/work/main/src``), the same 40
calls on those sources too, interleaved card by card so both see the same load, and
the ratio after/before. The best of N rounds (default 3) of each card is kept.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from searchlab.puzzles.rushhour import cards, fast_bfs, solve_board


def cli_seconds(src: str, number: int) -> float:
    """Wall time of one ``searchlab rushhour solve --card NUMBER -q`` run on ``src``."""
    env = {**os.environ, "PYTHONPATH": src}
    argv = [sys.executable, "-m", "searchlab", "rushhour", "solve", "--card", str(number), "-q"]
    t = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def cli(before: str | None, repeat: int) -> None:
    here = str(Path(__file__).resolve().parent.parent / "src")
    trees = {"this tree": here, **({"before": before} if before else {})}
    best = {name: [float("inf")] * 40 for name in trees}
    for _round in range(repeat):
        for k in range(40):
            for name, src in trees.items():
                best[name][k] = min(best[name][k], cli_seconds(src, k + 1))
    for name, times in best.items():
        print(
            f"{name}: 40 cards, one process each: {sum(times):.2f} s "
            f"({sum(times) / 40 * 1000:.0f} ms per card, best of {repeat})"
        )
    if before:
        ratio = sum(best["this tree"]) / sum(best["before"])
        print(f"ratio this tree / before: {ratio:.2f}")


def main() -> None:
    if "--cli" in sys.argv:
        before = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
        cli(before, repeat)
        return
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
