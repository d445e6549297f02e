"""Counting knight's tours exactly: the frontier count against exhaustive search and
against Peter Luschny's C++ backtracking (issue 33; not timed tests).

Run: .venv/bin/python benchmarks/knight_count.py [--exhaustive] [--luschny DIR]

For every k x n board of Luschny's table (3 <= k, n <= 12, k*n <= 40; OEIS A390833
undirected Hamiltonian paths, A392000 undirected Hamiltonian cycles) it prints the
frontier count's undirected paths and cycles, its CPU seconds for each, and the
published value with whether they match. ``--exhaustive`` also times the exhaustive
count (boards up to 30 squares; 5x6 takes about a minute) and checks it agrees.
``--luschny DIR`` reads ``paths.out`` and ``cycles.out``, the output of Luschny's
``knightspaths`` and ``knightscycles`` built with g++ -O3 (docs/knight.md says how),
and prints his seconds next to ours with the ratio.
CPU seconds are the fair figure on a shared machine (wall time is also printed).
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.exhaustive import count_closed_tours, count_tours
from searchlab.puzzles.knight.frontier import count

# Luschny's table (README of PeterLuschny/Hamiltonian_Paths_On_Knight_Graphs; the
# values are OEIS A390833 and A392000): (k, n) -> (undirected paths, undirected cycles).
PUBLISHED = {
    (3, 3): (0, 0),
    (3, 4): (8, 0),
    (3, 5): (0, 0),
    (3, 6): (0, 0),
    (3, 7): (52, 0),
    (3, 8): (396, 0),
    (3, 9): (560, 0),
    (3, 10): (3048, 16),
    (3, 11): (10672, 0),
    (3, 12): (57248, 176),
    (4, 4): (0, 0),
    (4, 5): (82, 0),
    (4, 6): (744, 0),
    (4, 7): (6378, 0),
    (4, 8): (31088, 0),
    (4, 9): (189688, 0),
    (4, 10): (1213112, 0),
    (5, 5): (864, 0),
    (5, 6): (18784, 8),
    (5, 7): (622868, 0),
    (5, 8): (18061054, 44202),
    (6, 6): (3318960, 9862),
}


def boards() -> list[tuple[int, int]]:
    return [(k, n) for k in range(3, 13) for n in range(3, 13) if k * n <= 40]


def timed(board: Board, closed: bool) -> tuple[int, float, float]:
    w, c = time.perf_counter(), time.process_time()
    got = count(board, closed).undirected
    return got, time.process_time() - c, time.perf_counter() - w


def luschny_times(folder: Path) -> dict[tuple[int, int, str], float]:
    """(k, n, 'paths'|'cycles') -> seconds, from the programs' output lines
    ``A(k,n) = value  Time: seconds s``."""
    out: dict[tuple[int, int, str], float] = {}
    pattern = re.compile(r"A\((\d+),(\d+)\) = (\d+)\s+Time: ([0-9.e+-]+)s")
    for kind in ("paths", "cycles"):
        path = folder / f"{kind}.out"
        if path.exists():
            for m in pattern.finditer(path.read_text()):
                out[(int(m[1]), int(m[2]), kind)] = float(m[4])
    return out


def main(argv: list[str]) -> int:
    exhaustive = "--exhaustive" in argv
    theirs: dict[tuple[int, int, str], float] = {}
    if "--luschny" in argv:
        theirs = luschny_times(Path(argv[argv.index("--luschny") + 1]))
    warm = count(Board(4, 5), False)  # compile the kernel before timing
    assert warm.directed == 164
    total = {"paths": 0.0, "cycles": 0.0, "lpaths": 0.0, "lcycles": 0.0}
    print(
        f"{'board':>6} {'paths':>10} {'cpu s':>7} {'cycles':>7} {'cpu s':>7}  published"
        + ("   Luschny paths s / cycles s" if theirs else "")
    )
    ok = True
    for k, n in boards():
        board = Board(k, n)
        paths, pc, _pw = timed(board, False)
        cycles, cc, _cw = timed(board, True)
        total["paths"] += pc
        total["cycles"] += cc
        pub = PUBLISHED.get((min(k, n), max(k, n)))
        match = pub is None or pub == (paths, cycles)
        ok = ok and match
        line = (
            f"{k}x{n:<3} {paths:>10,} {pc:>7.3f} {cycles:>7,} {cc:>7.3f}  "
            f"{'match' if pub and match else 'DIFFER' if pub else '-'}"
        )
        if theirs:
            lp, lc = theirs.get((k, n, "paths")), theirs.get((k, n, "cycles"))
            if lp is not None and lc is not None:
                total["lpaths"] += lp
                total["lcycles"] += lc
                line += f"   {lp:.4f} / {lc:.4f}"
        if exhaustive and board.size <= 30:
            c = time.process_time()
            directed = count_tours(board)
            closed = count_closed_tours(board)
            ec = time.process_time() - c
            agree = directed == 2 * paths and closed == cycles
            ok = ok and agree
            line += f"   exhaustive {ec:.2f} s ({'agrees' if agree else 'DIFFERS'})"
        print(line, flush=True)
    print(f"total CPU: frontier paths {total['paths']:.2f} s, cycles {total['cycles']:.2f} s")
    if theirs:
        ours = total["paths"] + total["cycles"]
        lus = total["lpaths"] + total["lcycles"]
        print(
            f"Luschny (C++, 1 thread): paths {total['lpaths']:.2f} s, cycles "
            f"{total['lcycles']:.2f} s; ratio Luschny/frontier {lus / ours:.1f}x"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
