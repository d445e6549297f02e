"""Benchmark: the two hardest 8-puzzle states (31 moves), A* + Manhattan.

Usage: python benchmarks/npuzzle_8puzzle.py [--repeat N]

Prints, per state, the optimal length, nodes expanded/generated, the best wall
time and the best CPU time of N runs (CPU: the fairer figure on a shared machine) and
nodes per CPU second, for the dedicated packed-int A* (the default of
``searchlab npuzzle solve``) and for the generic engine with NPuzzleProblem.
Target: under 50 ms each for the dedicated solver.
"""

from __future__ import annotations

import argparse
import time

from searchlab.puzzles.npuzzle import NPuzzleProblem, goal_board, parse_tiles
from searchlab.puzzles.npuzzle.pure_search import astar
from searchlab.search import solve

HARDEST = ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    goal = goal_board(3)
    print(
        f"{'state':<20} {'solver':<16} {'len':>4} {'expanded':>9} {'generated':>9} "
        f"{'best ms':>8} {'CPU ms':>8} {'nodes/s':>10}"
    )
    for text in HARDEST:
        board = parse_tiles(text)
        runs = {
            "packed A*": lambda b=board: astar(b, goal),
            "engine astar": lambda b=board: solve(NPuzzleProblem(b, goal, "manhattan"), "astar"),
        }
        for name, run in runs.items():
            best = cpu = float("inf")
            for _ in range(args.repeat):
                t0, c0 = time.perf_counter(), time.process_time()
                result = run()
                best = min(best, time.perf_counter() - t0)
                cpu = min(cpu, time.process_time() - c0)
            s = result.stats
            print(
                f"{text:<20} {name:<16} {result.length:>4} {s.expanded:>9,} {s.generated:>9,} "
                f"{best * 1000:>8.1f} {cpu * 1000:>8.1f} {s.generated / cpu:>10,.0f}"
            )


if __name__ == "__main__":
    main()
