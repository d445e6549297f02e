"""Randomised check of the fast default: many board shapes, many start squares (issue 5).

Not a timed test. For each class of boards it draws shapes and start squares,
runs ``solve_tour`` (open and closed), and counts: solved, impossible (the exact
verdict), failures (status "limit" or a wrong verdict). Every tour is verified
by ``tour_error`` here (the family checks every tour it reports the same way).

Run: .venv/bin/python benchmarks/knight_random_check.py [--seed S] [--per-class N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from searchlab.puzzles.knight import Board, solve_tour, tour_array, tour_error, tour_verdict

Shape = Callable[[random.Random], tuple[int, int]]

CLASSES: dict[str, Shape] = {
    "3xn, n<=2000": lambda g: (3, g.randint(1, 2000)),
    "4xn, n<=2000": lambda g: (4, g.randint(1, 2000)),
    "nx3 / nx4": lambda g: (g.randint(1, 300), g.choice((3, 4))),
    "5xn / 6xn, n<=60": lambda g: (g.choice((5, 6)), g.randint(5, 60)),
    "odd x odd, 5..41": lambda g: (g.randrange(5, 42, 2), g.randrange(5, 42, 2)),
    "odd x odd, 43..301": lambda g: (g.randrange(43, 302, 2), g.randrange(43, 302, 2)),
    "any, 5..120": lambda g: (g.randint(5, 120), g.randint(5, 120)),
    "small, 1..12": lambda g: (g.randint(1, 12), g.randint(1, 12)),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-class", type=int, default=150)
    ap.add_argument("--time-limit", type=float, default=20.0)
    args = ap.parse_args()
    g = random.Random(args.seed)
    total_fail = 0
    for name, shape in CLASSES.items():
        t0 = time.perf_counter()
        solved = impossible = fails = 0
        worst = 0.0
        methods: dict[str, int] = {}
        for _ in range(args.per_class):
            m, n = shape(g)
            board = Board(m, n)
            start = (g.randrange(m), g.randrange(n))
            for closed in (False, True):
                t = time.perf_counter()
                res = solve_tour(board, start, closed=closed, time_limit=args.time_limit)
                worst = max(worst, time.perf_counter() - t)
                exists = tour_verdict(board, start, closed=closed).exists
                if res.solved:
                    solved += 1
                    methods[res.algorithm] = methods.get(res.algorithm, 0) + 1
                    ok = (
                        tour_error(board, tour_array(res.states), start=start, closed=closed)
                        is None
                    )
                    if not ok or not exists:
                        fails += 1
                        print(f"  BAD TOUR {m}x{n} from {start} closed={closed}")
                elif res.status == "impossible" and not exists:
                    impossible += 1
                else:
                    fails += 1
                    print(f"  FAILED {m}x{n} from {start} closed={closed}: {res.status}")
        total_fail += fails
        print(
            f"{name:22} solved {solved:4}  impossible {impossible:4}  failures {fails}  "
            f"worst {worst:.2f} s  total {time.perf_counter() - t0:.1f} s  {methods}"
        )
    print(f"failures: {total_fail}")


if __name__ == "__main__":
    main()
