"""Benchmark of the two seed programs (seeds 001 and 002) on hard and random 8-puzzle starts.

1. ``puzzle8`` (A*): the two hardest states (31 moves) with each heuristic
   z, d, m, b: moves, states opened, A* milliseconds.
2. ``puzzle3x3heuristics`` (stack search): ``--samples`` random solvable
   starts (uniform over the 181,440 boards that reach 0 1 2 / 3 4 5 / 6 7 8),
   plus the two boards farthest from that goal, for each ordering PIEZAS,
   SUMAS, REGRESOS: mean and worst number of boards popped, worst seconds.
   The seed allows one minute per test case.

Usage: python benchmarks/npuzzle_assignments.py [--samples N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from searchlab.puzzles.npuzzle import Board, instances_at_depth, is_solvable, parse_tiles
from searchlab.puzzles.npuzzle.assignments import GOAL, solve_puzzle8, stack_search
from searchlab.puzzles.npuzzle.assignments.puzzle3x3 import Kind

HARDEST = ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1")
KINDS: tuple[Kind, ...] = ("PIEZAS", "SUMAS", "REGRESOS")


def bench_puzzle8() -> None:
    print("puzzle8 (A*), the two 31-move states")
    print(f"{'start':<20}{'h':>3}{'moves':>7}{'opened':>9}{'ms':>8}")
    for tiles in HARDEST:
        for h in "mdbz":
            a = solve_puzzle8(parse_tiles(tiles), h)
            print(f"{tiles:<20}{h:>3}{a.moves:>7}{a.opened:>9}{a.millis:>8}")


def random_solvable(rng: random.Random) -> Board:
    """A uniform random board that reaches GOAL: shuffle; if odd, swap two tiles (not the blank)."""
    tiles = list(range(9))
    rng.shuffle(tiles)
    if not is_solvable(Board(3, tuple(tiles)), GOAL):
        i, j = [k for k, t in enumerate(tiles) if t][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board(3, tuple(tiles))


def bench_stack(samples: int, seed: int) -> None:
    rng = random.Random(seed)
    starts = instances_at_depth(31, 2, goal=GOAL)  # the two boards farthest from GOAL
    starts += [random_solvable(rng) for _ in range(samples)]
    print(f"\npuzzle3x3heuristics (stack search), {samples} random starts + the 2 farthest")
    print(f"{'ordering':<10}{'mean pops':>11}{'max pops':>10}{'max s':>8}  worst start")
    for kind in KINDS:
        pops: list[int] = []
        worst = (0, 0.0, "")
        for board in starts:
            t0 = time.perf_counter()
            run = stack_search(board, kind)
            dt = time.perf_counter() - t0
            pops.append(len(run.popped))
            if len(run.popped) > worst[0]:
                worst = (len(run.popped), dt, " ".join(map(str, board.tiles)))
        print(f"{kind:<10}{statistics.mean(pops):>11.0f}{worst[0]:>10}{worst[1]:>8.2f}  {worst[2]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="random starts (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_puzzle8()
    bench_stack(args.samples, args.seed)


if __name__ == "__main__":
    main()
