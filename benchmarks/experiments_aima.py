"""AIMA Figure 3.29 end to end: seconds, and the A* columns against the book.

Runs ``experiment aima-3.29`` (100 instances per depth by default) into a fresh
temporary database and prints the wall-clock time, the CPU time, and the
largest ratio between an A* column and the book's figure. Targets (issue 8):
under 10 minutes on this 2-core machine, every ratio within 2.

Usage: python benchmarks/experiments_aima.py [--instances 100] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from searchlab.experiments import ResultStore, run_experiment
from searchlab.puzzles.npuzzle import experiments as aima


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    exp = aima.aima_experiment(instances=args.instances)
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")
    with tempfile.TemporaryDirectory() as tmp, ResultStore(Path(tmp) / "aima.sqlite") as store:
        before = os.times()
        start = time.perf_counter()
        summary = run_experiment(exp, store, workers=args.workers)
        seconds = time.perf_counter() - start
        cpu = sum(os.times()[:4]) - sum(before[:4])
    rows = aima.aima_rows(summary.records, [c.label for c in exp.configurations])
    print(
        f"{len(summary.instances)} instances, {len(summary.records)} runs, "
        f"workers={args.workers}: {seconds:.1f} s wall, {cpu:.1f} s CPU (target < 600 s)"
    )
    for r in rows:
        book = aima.BOOK.get(int(r.group))
        if r.algorithm == "astar" and book is not None and r.mean_generated is not None:
            published = book[1] if r.heuristic == "misplaced" else book[2]
            print(
                f"  d={r.group:2} {r.heuristic:9} {r.mean_generated:9,.0f} "
                f"book {published:7,} ratio {r.mean_generated / published:.2f}"
            )
    worst = aima.worst_astar_ratio(rows)
    if worst is not None:
        print(
            f"largest A* ratio to the book: {worst[0]:.2f}x at d={worst[1]} ({worst[2]}); "
            "target <= 2"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
