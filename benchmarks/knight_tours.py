"""Knight's tour targets (issue 5): prints seconds and failures; not a timed test.

Run: .venv/bin/python benchmarks/knight_tours.py [--quick]
"""

from __future__ import annotations

import resource
import sys
import time

from searchlab.puzzles.knight import Board, solve_tour, tour_verdict


def main() -> None:
    quick = "--quick" in sys.argv
    t = time.perf_counter()
    fails = 0
    for r in range(8):
        for c in range(8):
            for closed in (False, True):
                fails += not solve_tour(Board(8, 8), (r, c), closed=closed).solved
    print(
        f"8x8 from all 64 squares, open and closed: {time.perf_counter() - t:.3f} s, "
        f"{fails} failures"
    )
    t = time.perf_counter()
    res = solve_tour(Board(1000, 1000), (0, 0), closed=True)
    print(f"1000x1000 closed tour (verified): {res.status}, {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    top = 40 if quick else 100
    fails = 0
    count = 0
    for size in range(5, top + 1):
        for closed in (False, True):
            if not tour_verdict(Board(size, size), (0, 0), closed=closed).exists:
                continue
            count += 1
            if not solve_tour(Board(size, size), (0, 0), closed=closed).solved:
                fails += 1
                print(f"  FAILED {size}x{size} closed={closed}")
    print(
        f"square boards 5..{top} from the corner: {count} tours, {fails} failures, "
        f"{time.perf_counter() - t:.2f} s"
    )
    t = time.perf_counter()
    res = solve_tour(Board(1999, 1999), (0, 0))
    print(
        f"1999x1999 open tour (Warnsdorff, odd board): {res.status}, "
        f"{time.perf_counter() - t:.2f} s"
    )
    t = time.perf_counter()
    res = solve_tour(Board(2000, 2000), (0, 0))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"2000x2000 tour: {res.status}, {time.perf_counter() - t:.2f} s, "
        f"peak RSS of the whole run {peak:.0f} MB"
    )


if __name__ == "__main__":
    main()
