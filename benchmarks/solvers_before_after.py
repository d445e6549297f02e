"""Benchmark: the dedicated solvers and the engine's A*, CPU seconds before and after a change.

Usage: python benchmarks/solvers_before_after.py [--before SRC] [--rounds N] [ITEM ...]

Each item runs in its own process and is timed in CPU seconds (``time.process_time``,
steady on a loaded machine where wall time is not), after its warm-up:

- ``engine_astar``: the engine's A* (``best_first_search``) on the two hardest
  8-puzzles, six times each;
- ``rushhour``: :func:`~searchlab.puzzles.rushhour.solver.fast_bfs` in Python on the 40
  cards, by moves and by steps; ``rushhour_limits``: ``solve_board`` on the 40 cards with
  a time limit and an expansion limit never reached (the checks paid, nothing stopped);
- ``peg``: :func:`~searchlab.puzzles.peg.solver.solve_fast` in Python on four English
  problems; ``peg_minmoves``: the IDA* of ``solve_min_moves`` on triangle5;
- ``knight``: ``solve_tour``'s backtracking from every square of 6x6, 7x7 and 8x8, open
  and closed, and its fast tours of 5x6 to 29x30;
- ``npuzzle``: ``solve_board`` with A* and IDA* (Manhattan) on the two hardest 8-puzzles;
  ``npuzzle15``: ``solve_board`` with IDA* on five of Korf's 15-puzzles (linear conflict
  compiled; Manhattan pure Python first, then compiled).

With ``--before SRC`` (another source tree's ``src`` folder, e.g. from ``git archive``),
the two trees run alternately, ``--rounds`` times (default 5, the order swapped every
round); the best and the median CPU seconds of each side, the nodes per second and the
ratio after/before are printed. Target (issue 36): no ratio above 1.05.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def engine_astar() -> tuple[float, int]:
    from searchlab.puzzles.npuzzle import NPuzzleProblem, goal_board, parse_tiles
    from searchlab.search import solve

    problems = [
        NPuzzleProblem(parse_tiles(t), goal_board(3), "manhattan")
        for t in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1")
    ]
    solve(problems[0], "astar")
    t0, n = time.process_time(), 0
    for p in problems:
        for _ in range(6):
            n += solve(p, "astar").stats.expanded
    return time.process_time() - t0, n


def rushhour() -> tuple[float, int]:
    from searchlab.puzzles.rushhour import cards, fast_bfs

    boards = [c.parse() for c in cards()]
    fast_bfs(boards[0], compiled=False)
    t0, n = time.process_time(), 0
    for b in boards:
        for metric in ("moves", "steps"):
            n += fast_bfs(b, metric, compiled=False).stats.expanded  # type: ignore[arg-type]
    return time.process_time() - t0, n


def rushhour_limits() -> tuple[float, int]:
    from searchlab.puzzles.rushhour import cards, fast_bfs, solve_board

    boards = [c.parse() for c in cards()]
    fast_bfs(boards[0], compiled=False)
    t0, n = time.process_time(), 0
    for b in boards:
        n += solve_board(b, time_limit=100.0, max_expansions=10**9).stats.expanded
    return time.process_time() - t0, n


def peg() -> tuple[float, int]:
    from searchlab.puzzles.peg import get_board, solve_fast

    b = get_board("english")
    solve_fast(b, b.start(), compiled=False)
    t0, n = time.process_time(), 0
    for vacate, finish in (("d4", "d4"), ("c1", "c4"), ("d3", "a3"), ("c2", "f5")):
        start = b.full & ~(1 << b.hole(vacate))
        r = solve_fast(b, start, 1 << b.hole(finish), compiled=False, time_limit=100.0)
        n += r.stats.expanded
    return time.process_time() - t0, n


def peg_minmoves() -> tuple[float, int]:
    from searchlab.puzzles.peg import get_board, solve_min_moves

    b = get_board("triangle5")
    t0 = time.process_time()
    r = solve_min_moves(b, b.start(), method="ida", time_limit=100.0)
    return time.process_time() - t0, r.stats.expanded


def knight() -> tuple[float, int]:
    from searchlab.puzzles.knight import Board, solve_tour

    solve_tour(Board(5, 5), (0, 0), algorithm="backtrack")
    t0, n = time.process_time(), 0
    for size in (6, 7, 8):
        for square in [(r, c) for r in range(size) for c in range(size)]:
            for closed in (False, True):
                res = solve_tour(Board(size, size), square, closed=closed, algorithm="backtrack")
                n += res.stats.expanded
    for size in range(5, 30):
        solve_tour(Board(size, size + 1), (0, 0))
    return time.process_time() - t0, n


def npuzzle() -> tuple[float, int]:
    from searchlab.puzzles.npuzzle.board import parse_tiles
    from searchlab.puzzles.npuzzle.solvers import solve_board

    boards = [parse_tiles(t) for t in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1")]
    solve_board(boards[0], algorithm="astar", heuristic="manhattan")
    t0, n = time.process_time(), 0
    for b in boards:
        for algorithm in ("astar", "idastar") * 5:
            n += solve_board(b, algorithm=algorithm, heuristic="manhattan").stats.expanded
    return time.process_time() - t0, n


def npuzzle15() -> tuple[float, int]:
    from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
    from searchlab.puzzles.npuzzle.solvers import solve_board

    korf = {k.id: k for k in korf_instances()}
    solve_board(korf[9].board, KORF_GOAL, algorithm="idastar", heuristic="linear_conflict")
    t0, n = time.process_time(), 0
    for i in (9, 12, 79, 85, 94):
        for h in ("linear_conflict", "manhattan"):
            r = solve_board(korf[i].board, KORF_GOAL, algorithm="idastar", heuristic=h)
            n += r.stats.generated
    return time.process_time() - t0, n


ITEMS: dict[str, Callable[[], tuple[float, int]]] = {
    f.__name__: f
    for f in (
        engine_astar,
        rushhour,
        rushhour_limits,
        peg,
        peg_minmoves,
        knight,
        npuzzle,
        npuzzle15,
    )
}


def run(item: str, src: str | None) -> tuple[float, int]:
    """CPU seconds and nodes of ``item`` in a fresh process on the sources ``src``."""
    env = {**os.environ, "PYTHONPATH": src} if src is not None else None
    cmd = [sys.executable, __file__, "--child", item]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    seconds, nodes = out.stdout.split()[-2:]
    return float(seconds), int(nodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("items", nargs="*", help=f"some of {', '.join(ITEMS)} (default: all)")
    parser.add_argument("--before", help="another source tree's src folder")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        seconds, nodes = ITEMS[args.child]()
        print(f"{seconds:.6f} {nodes}")
        return
    unknown = [i for i in args.items if i not in ITEMS]
    if unknown:
        parser.error(f"unknown item {unknown[0]!r}; choose from {', '.join(ITEMS)}")
    items = args.items or list(ITEMS)
    here = str(Path(__file__).resolve().parents[1] / "src")
    sides = {"after": here, "before": args.before} if args.before else {"this tree": here}
    print(f"{'item':16} {'side':9} {'best s':>8} {'median s':>9} {'nodes/s':>11}  ratio")
    worst = 0.0
    for item in items:
        times: dict[str, list[float]] = {side: [] for side in sides}
        nodes = 0
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for side in order:
                seconds, nodes = run(item, sides[side])
                times[side].append(seconds)
        for side, ts in times.items():
            ratio = ""
            if side == "after":
                after, before = min(ts), min(times["before"])
                ratio = f"{after / before:.3f}"
                worst = max(worst, after / before)
            print(
                f"{item:16} {side:9} {min(ts):8.3f} {statistics.median(ts):9.3f} "
                f"{nodes / min(ts):11,.0f}  {ratio}"
            )
    if args.before:
        print(f"largest ratio after/before (best CPU seconds): {worst:.3f} (target <= 1.05)")


if __name__ == "__main__":
    main()
