"""Benchmark: ``generate --min-moves N`` seconds per puzzle (target: under 60 s at N = 40).

Run: ``.venv/bin/python benchmarks/rushhour_generate.py [N] [COUNT] [SEED] [TIME_LIMIT]``
"""

from __future__ import annotations

import sys
import time

from searchlab.puzzles.rushhour.generate import generate


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    limit = float(sys.argv[4]) if len(sys.argv) > 4 else 600.0
    t0 = time.perf_counter()
    found = generate(n, count, seed=seed, time_limit=limit)
    total = time.perf_counter() - t0
    for g in found:
        print(
            f"{g.board.to_database()}  {g.moves} moves  cluster {g.cluster_size:,}  "
            f"{g.attempts:,} boards  {g.seconds:.1f} s"
        )
    per = total / len(found) if found else float("inf")
    print(f"min-moves {n}: {len(found)}/{count} puzzles in {total:.1f} s ({per:.1f} s per puzzle)")


if __name__ == "__main__":
    main()
