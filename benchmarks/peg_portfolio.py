"""Benchmark: the fast peg solver on 42 problems, best of three runs (for before/after ratios).

Usage: python benchmarks/peg_portfolio.py [--repeat N]

The first 40 English single-vacancy -> single-peg problems the position classes
allow (in hole order), the Wiegleb standard game and the French board from c1.
Prints the total nodes expanded (identical before and after a refactor that keeps
the search) and the best total wall time. Measured for the solver split of issue
12 (same machine, interleaved): 8.82 / 9.30 s before, 8.91 / 9.04 s after.
"""

from __future__ import annotations

import argparse
import time

from searchlab.puzzles.peg import get_board, impossibility_reason, solve_fast


def problems() -> list[tuple[object, int, int | None]]:
    english = get_board("english")
    out: list[tuple[object, int, int | None]] = []
    for v in range(english.size):
        for f in range(english.size):
            start = english.full & ~(1 << v)
            if impossibility_reason(english, start, 1 << f) is None:
                out.append((english, start, 1 << f))
    out = out[:40]
    wiegleb, french = get_board("wiegleb"), get_board("french")
    out.append((wiegleb, wiegleb.start(["e5"]), 1 << wiegleb.hole("e5")))
    out.append((french, french.start(["c1"]), None))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    todo = problems()
    best = float("inf")
    expanded = 0
    for _ in range(args.repeat):
        t = time.perf_counter()
        expanded = 0
        for board, start, target in todo:
            expanded += solve_fast(board, start, target).stats.expanded  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - t)
    print(f"{len(todo)} problems, {expanded:,} expanded, best of {args.repeat}: {best:.2f} s")


if __name__ == "__main__":
    main()
