"""Positions whose cluster cannot be a row of the database, proved without searching it.

The enumeration (:mod:`~searchlab.puzzles.rushhour.enumeration`) searches the cluster of
every packed position; most clusters searched to the end yield no row, being
unsolvable or not minimal (M. Fogleman's rules, restated there). This module proves
either from the packed position alone, by bounding where each vehicle can ever be.

**Bounds** (:func:`_bounds`). Vehicle ``i`` stays on its line; call a cell *fixed* when
some piece occupies it in every position of the cluster (a wall, or a vehicle's
*core*: the cells that all of its places within its bounds cover). A vehicle never
crosses a fixed cell of another line (it would have to slide through it), nor passes
a vehicle of its own line. So its place stays within the run of its line's cells
free of fixed cells around it (its *segment*), shortened at each end by the lengths of
the vehicles of its line in that segment before and after it: ``lo <= place <= hi``.
Start with walls as the only fixed cells, compute every vehicle's bounds, add their
cores to the fixed cells, and repeat until nothing changes (the fixed cells only grow,
so it ends). *Invariant*, by induction on the rounds: every position of the cluster
has every vehicle within the bounds of every round (round 0: walls and the order on a
line; round k+1: the cores of round k are occupied in every position, so they bound
the segments as walls do). Removing a piece only frees cells, and the same rounds on
the smaller board (``skip``, ``walls``) bound its cluster the same way.

**Skips** (:func:`verdict`), each a consequence of the invariant:

* *unsolvable*: the red car's ``hi`` is left of the exit place. No position of the
  cluster is solved, so it is no row. (This covers the walk's blocked-column rule
  and more: a core left in the exit row's way by a vehicle whose own line is pinned
  by other cores.)
* *not minimal, a vehicle that meets nothing*: vehicle ``v`` (not the red car) whose
  reachable cells (its line from ``lo`` to ``hi + length - 1``) no other vehicle can
  ever occupy on the board without ``v`` (bounds with ``skip = v``). Then the smaller
  board's optimal solution from the hardest position, minus ``v``, is a solution of the
  whole board (every cell it sweeps lies in a position of the smaller cluster, which
  ``v`` never occupies), and no solution of the whole board is shorter than its
  smaller-board projection: removing ``v`` leaves the optimal moves unchanged, so the
  cluster is not minimal (Fogleman: every vehicle the hardest position's solution does
  not need is a reason to drop the cluster) and is no row.
* *not minimal, a wall nothing reaches*: a wall whose cell no vehicle can ever occupy
  on the board without it. The two boards then have the same positions and the same
  moves (a move of the smaller board sweeps only cells its positions occupy), so the
  same optimal moves: not minimal.

Each skip holds for every position of the cluster, so it is applied at every packed
position: whether or not that position is the cluster's canonical (smallest) one, no
row is lost (``tests/puzzles/rushhour/test_enumeration.py`` checks the rows against a
brute force and every skipped position's claim on whole small boards).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

SEARCH, UNSOLVABLE, NEEDLESS_VEHICLE, NEEDLESS_WALL = range(4)
"""What :func:`verdict` proves of a packed position's cluster: nothing (search it), no
solved position, or not minimal (a vehicle, or a wall, that no optimal solution needs)."""


@njit(cache=True, nogil=True)
def _bounds(
    horiz: Bools,
    line: I64,
    length: I64,
    pos: I64,
    nv: int,
    skip: int,
    walls: int,
    n: int,
    lo: I64,
    hi: I64,
) -> int:
    """Bounds ``lo[i] <= place <= hi[i]`` of every vehicle but ``skip`` (-1: none) over
    the cluster of the position ``pos`` on an ``n`` x ``n`` board with ``walls``
    (row-major bits); returns the cells some vehicle may ever occupy (row-major bits).
    See the module docstring for the rounds and their invariant."""
    core_h = 0  # fixed cells of horizontal vehicles (they bound the vertical ones)
    core_v = 0
    while True:
        new_h = 0
        new_v = 0
        for i in range(nv):
            if i == skip:
                continue
            h = horiz[i]
            fixed = walls | (core_v if h else core_h)
            step = 1 if h else n
            base = line[i] * n if h else line[i]
            p = pos[i]
            a = p
            while a > 0 and not (fixed >> (base + (a - 1) * step)) & 1:
                a -= 1
            b = p + length[i] - 1
            while b < n - 1 and not (fixed >> (base + (b + 1) * step)) & 1:
                b += 1
            before = 0
            after = 0
            for j in range(nv):
                mate = j != i and j != skip and horiz[j] == h and line[j] == line[i]
                if mate and a <= pos[j] <= b:  # on its line, in its segment
                    if pos[j] < p:
                        before += length[j]
                    else:
                        after += length[j]
            lo[i] = a + before
            hi[i] = b - after - length[i] + 1
            for x in range(hi[i], lo[i] + length[i]):
                if h:
                    new_h |= 1 << (base + x * step)
                else:
                    new_v |= 1 << (base + x * step)
        if new_h == core_h and new_v == core_v:
            break
        core_h = new_h
        core_v = new_v
    reach = 0
    for i in range(nv):
        if i != skip:
            reach |= _cells(horiz[i], line[i], lo[i], hi[i] + length[i] - 1, n)
    return reach


@njit(cache=True, nogil=True, inline="always")
def _cells(h: bool, line: int, first: int, last: int, n: int) -> int:
    """The cells ``first .. last`` of a row (``h``) or column, as row-major bits."""
    out = 0
    for x in range(first, last + 1):
        out |= 1 << (line * n + x if h else x * n + line)
    return out


@njit(cache=True, nogil=True)
def verdict(
    horiz: Bools, line: I64, length: I64, pos: I64, nv: int, walls: int, n: int, goal: int
) -> int:
    """:data:`SEARCH`, or what the position's cluster is proved to be
    (:data:`UNSOLVABLE`, :data:`NEEDLESS_VEHICLE`, :data:`NEEDLESS_WALL`), for the first
    ``nv`` vehicles (the red car first) on an ``n`` x ``n`` board with ``walls``
    (row-major bits), the red car solved at place ``goal``. Proofs in the module
    docstring."""
    lo = np.empty(nv, np.int64)
    hi = np.empty(nv, np.int64)
    _bounds(horiz, line, length, pos, nv, -1, walls, n, lo, hi)
    if hi[0] < goal:
        return UNSOLVABLE
    mine = np.empty(nv, np.int64)
    for v in range(nv):
        mine[v] = _cells(horiz[v], line[v], lo[v], hi[v] + length[v] - 1, n)
    for v in range(1, nv):
        # the others reach at least as far without v: try only the v they miss now
        met = False
        for u in range(nv):
            if u != v and mine[u] & mine[v]:
                met = True
                break
        if not met and not _bounds(horiz, line, length, pos, nv, v, walls, n, lo, hi) & mine[v]:
            return NEEDLESS_VEHICLE
    for c in range(n * n):
        if (walls >> c) & 1:
            reach = _bounds(horiz, line, length, pos, nv, -1, walls & ~(1 << c), n, lo, hi)
            if not (reach >> c) & 1:
                return NEEDLESS_WALL
    return SEARCH
