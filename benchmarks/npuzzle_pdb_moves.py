"""Benchmark (a measurement, no timing): how much one move changes a ranked pattern
database's value, over every placement and every move of one of its tiles.

For each placement of the pattern tiles (every rank) and each move of one tile into an
adjacent cell no pattern tile holds (a real move: the blank may be there), it counts
the change of ``q = (value - md) / 2`` (the packed entry, ``md`` the tiles' Manhattan
distance) by the move's change of ``md`` (+1 or -1); the value changes by
``dmd + 2 dq``. Values mod 3 in two bits (Breyer & Korf, "1.6-bit pattern databases",
AAAI 2010) recover a child's value from its parent's only if every move changes it by
-1, 0 or +1, here by exactly one (``dq`` 0 or ``-dmd``): the counts say whether the
cached tables allow it (:func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked` explains the
format chosen instead). Also prints the largest entry. One core, compiled; the 8-tile
pattern of the 15-puzzle (3.3·10⁹ moves each way) takes minutes.

Usage: python benchmarks/npuzzle_pdb_moves.py PATTERN [--size 4] [--anywhere]

``PATTERN`` is the goal cells, comma-separated (``1,2,3,4,5,6,7``); the table is read
from the cache (``$SEARCHLAB_CACHE_DIR`` or the user cache), the blank-goal one
(``-goal0``, what the solvers use) unless ``--anywhere``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np
import numpy.typing as npt
from numba import njit

from searchlab.puzzles.npuzzle.kernel import _next_digits, _place, _rank
from searchlab.puzzles.npuzzle.pdb import cache_dir, pdb_path

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]


@njit(cache=True)
def _histogram(nib: U8, goal: I64, n: int, nbr: I64, counts: I64) -> None:
    """``counts[(dmd + 1) // 2, dq + 8]`` += 1 for every placement and tile move."""
    cells = n * n
    k = goal.shape[0]
    total = 1
    for i in range(k):
        total *= cells - i
    digit = np.zeros(k, np.int64)
    pos = np.zeros(k, np.int64)
    first = 0
    for r in range(total):
        occ = _place(digit, pos, first, k)
        q = (np.int64(nib[r >> 1]) >> ((r & 1) * 4)) & 15
        for i in range(k):
            c = pos[i]
            g = goal[i]
            for j in range(4):
                b = nbr[c, j]
                if b < 0 or (occ >> b) & 1:
                    continue
                pos[i] = b
                r2 = _rank(pos, k, cells)
                pos[i] = c
                dm = abs(b // n - g // n) + abs(b % n - g % n) - abs(c // n - g // n)
                dm -= abs(c % n - g % n)
                q2 = (np.int64(nib[r2 >> 1]) >> ((r2 & 1) * 4)) & 15
                counts[(dm + 1) // 2, q2 - q + 8] += 1
        first = _next_digits(digit, k, cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pattern")
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--anywhere", action="store_true")
    args = parser.parse_args()
    pattern = tuple(int(c) for c in args.pattern.split(","))
    n = args.size
    blank = None if args.anywhere else 0
    path = pdb_path(n, pattern, cache_dir(), ranked=True, packed=True, blank=blank)
    if not path.exists():
        sys.exit(f"{path} is not cached")
    nib = np.load(path, mmap_mode="r")
    nbr = np.full((n * n, 4), -1, dtype=np.int64)
    for c in range(n * n):
        r, q = divmod(c, n)
        cs = [(r + dr) * n + q + dq for dr, dq in ((-1, 0), (1, 0), (0, -1), (0, 1))
              if 0 <= r + dr < n and 0 <= q + dq < n]  # fmt: skip
        nbr[c, : len(cs)] = cs
    counts = np.zeros((2, 17), dtype=np.int64)
    t0 = time.process_time()
    _histogram(np.asarray(nib), np.array(pattern, dtype=np.int64), n, nbr, counts)
    total = math.perm(n * n, len(pattern))
    low = np.concatenate([np.asarray(nib) & 15, np.asarray(nib) >> 4])[:total]
    print(f"{path.name}: {total:,} placements, largest entry {int(low.max())}")
    for m in (0, 1):
        row = {dq - 8: int(counts[m, dq]) for dq in range(17) if counts[m, dq]}
        print(f"  md {2 * m - 1:+d}: moves by change of q {row}")
    one = int(counts[0, 8] + counts[0, 9] + counts[1, 8] + counts[1, 7])
    moves = int(counts.sum())
    print(
        f"  {moves:,} moves, {moves - one:,} ({(moves - one) / moves:.2%}) change the value "
        f"by more than one (by up to {_largest(counts)}); {time.process_time() - t0:.0f} s CPU"
    )


def _largest(counts: I64) -> int:
    """The largest change of the value among the counted moves."""
    best = 0
    for m in (0, 1):
        for dq in range(17):
            if counts[m, dq]:
                best = max(best, abs((2 * m - 1) + 2 * (dq - 8)))
    return best


if __name__ == "__main__":
    main()
