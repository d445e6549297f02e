"""Benchmark: ``generate --min-moves N`` seconds per puzzle (target: under 60 s at N = 40).

Run: ``.venv/bin/python benchmarks/rushhour_generate.py [N] [COUNT] [SEEDS] [TIME_LIMIT]``

``SEEDS`` is one seed or a comma-separated list (``1,2,3,4``): one run of ``COUNT``
puzzles per seed, each with ``TIME_LIMIT`` seconds; the last line is the average
over all runs (total seconds / puzzles found).
"""

from __future__ import annotations

import sys
import time

from searchlab.puzzles.rushhour.generate import generate


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seeds = [int(s) for s in (sys.argv[3] if len(sys.argv) > 3 else "1").split(",")]
    limit = float(sys.argv[4]) if len(sys.argv) > 4 else 600.0
    generate(8, 1, seed=0)  # compile (or load) the Numba kernel outside the timings
    grand_total, grand_found = 0.0, 0
    for seed in seeds:
        t0 = time.perf_counter()
        found = generate(n, count, seed=seed, time_limit=limit)
        total = time.perf_counter() - t0
        for g in found:
            print(
                f"{g.board.to_database()}  {g.moves} moves  cluster {g.cluster_size:,}  "
                f"{g.attempts:,} boards  {g.seconds:.1f} s"
            )
        per = total / len(found) if found else float("inf")
        print(
            f"seed {seed}, min-moves {n}: {len(found)}/{count} puzzles in {total:.1f} s "
            f"({per:.1f} s per puzzle)"
        )
        grand_total += total
        grand_found += len(found)
    per = grand_total / grand_found if grand_found else float("inf")
    print(
        f"all {len(seeds)} seeds: {grand_found}/{count * len(seeds)} puzzles in "
        f"{grand_total:.1f} s ({per:.1f} s per puzzle)"
    )


if __name__ == "__main__":
    main()
