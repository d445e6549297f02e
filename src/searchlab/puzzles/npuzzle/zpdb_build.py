"""The compiled builder of zero-aware pattern databases (:mod:`.zpdb_index` says what an
entry is and where it lives): a breadth-first search over (placement, blank region)
entries, a byte an entry, level by level, on two threads.

Every edge of the abstract space costs one (a pattern tile moved into the blank's region;
the blank's moves inside its region are folded into the region), so a plain
breadth-first search by levels gives each entry its distance (Clausecker & Reinefeld
2019 build theirs the same way, level by level over the whole table). Level ``L`` scans
the table for entries holding ``L`` (a set's ``k! * R`` entries are skipped in one pass
when none does), decodes each one's placement from its order's rank, and gives every
child still unseen ``L + 1``. The sets are dealt to two threads in alternate blocks
(the compiled level releases the GIL); two threads may write the same child's byte,
with the same value, so no lock is needed.

Memory: a byte an entry (1.43 GB for the 15-puzzle's 8-tile pattern, 140 MB for a
7-tile one) and the region tables, indexed by the set of occupied cells (1.2 MB on 4x4,
2.9 GB while made on 5x5, :data:`MAX_CELLS`); :func:`pack_nibbles` then halves the table.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from .bitcount import popcount
from .pdb_build import _regions
from .zpdb_index import VALUE_UNSEEN

MAX_CELLS = 25
"""The largest board: the region tables have an entry for every set of cells, ``2**25``
on 5x5 (2.9 GB while they are made, 1.1 GB kept: each set's regions, first entry and
each cell's region)."""
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
I8 = npt.NDArray[np.int8]
Progress = Callable[[int, int], None]
_u: Any = np.uint64  # an index known not negative
_int: Any = np.int64  # an array item as a signed word


@lru_cache(maxsize=1)
def region_tables(size: int, k: int) -> tuple[U8, I8, I64, I64, int]:
    """``(regions, label, base, sets, entries)`` for ``k``-tile tables on an
    ``size x size`` board: each occupied set's number of regions and each free cell's
    region (numbered by lowest cell, ``label[occ * cells + c]``), each set's first entry,
    the sets in increasing order, and the number of entries. The last one asked for is
    kept (a catalogue's tables of one size share it: a minute's work on 5x5); read only."""
    cells = size * size
    space = 1 << cells
    nreg = np.zeros(space, np.uint8)
    label = np.zeros(space * cells, np.int8)
    _regions(size, nreg, label, np.zeros(space * 8, np.int32), np.zeros(space, np.uint32),
             np.zeros(space, np.uint64), np.zeros(space, np.uint64))  # fmt: skip
    pc = popcounts(cells)
    sets = np.flatnonzero(pc == k).astype(np.int64)
    sizes = nreg[sets].astype(np.int64) * math.factorial(k)
    base = np.zeros(space, np.int64)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    base[sets] = starts
    return nreg, label, base, sets, int(sizes.sum())


def popcounts(cells: int) -> U8:
    """The number of cells in each set of ``cells`` cells (``2**cells`` bytes)."""
    byte = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint8)
    sets = np.arange(1 << cells, dtype=np.uint32)
    out: U8 = byte[sets & 255]
    for shift in range(8, cells, 8):
        out += byte[(sets >> shift) & 255]
    return out


def neighbour_table(size: int) -> I64:
    """``nbr[4c + d]``: the cell next to ``c`` up, down, left, right (-1: none)."""
    cells = size * size
    nbr = np.full(4 * cells, -1, np.int64)
    for c in range(cells):
        r, q = divmod(c, size)
        for d, (dr, dq) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < size and 0 <= q + dq < size:
                nbr[4 * c + d] = (r + dr) * size + q + dq
    return nbr


@njit(cache=True, inline="always")
def _decode(rel: int, r: int, k: int, occ: int, cells: int, pos: I64, used: I64) -> int:
    """Fill ``pos`` with the cells of the tiles of entry ``rel`` of set ``occ`` (``r``
    regions); return its region."""
    order = rel // r
    s = rel - order * r
    for i in range(k - 1, -1, -1):
        used[i] = order % (k - i)  # the digit of tile i, radix k - i
        order //= k - i
    taken = 0
    for i in range(k):
        d = used[i]
        j = -1
        for t in range(k):  # the d-th index not taken
            if not (taken >> t) & 1:
                if d == 0:
                    j = t
                    break
                d -= 1
        taken |= 1 << j
        # the j-th cell of occ
        seen = -1
        for c in range(cells):
            if (occ >> c) & 1:
                seen += 1
                if seen == j:
                    pos[i] = c
                    break
    return s


@njit(cache=True, inline="always")
def _rank(pos: I64, k: int, occ: int, used: I64) -> int:
    """The rank of the order of the tiles on cells ``pos`` among the sorted cells of ``occ``
    (a tile's index among them counted by the processor's popcount, :mod:`.bitcount`, as
    every rank of the kernels; a table of the ``2**cells`` sets' counts, 32 MB on 5x5,
    before: a 5x5 6-tile build took 79.4 and 87.3 CPU s against 82.1 and 83.1, the same
    bytes)."""
    r = 0
    for i in range(k):
        d = popcount(occ & ((1 << pos[i]) - 1))
        used[i] = d
        less = 0
        for j in range(i):
            if used[j] < d:
                less += 1
        r = r * (k - i) + d - less
    return r


@njit(cache=True, nogil=True)
def _expand_level(
    sets: I64, first: int, stride: int, chunk: int, level: int, k: int, size: int,
    val: U8, base: I64, nreg: U8, label: I8, nbr: I64, kf: int, stat: I64,
) -> None:  # fmt: skip
    """Expand the entries holding ``level`` of the sets ``sets[first + m * stride ...]``
    (blocks of ``chunk`` sets, every ``stride``-th block from ``first``): every child
    unseen gets ``level + 1``. ``stat[0]`` gets the children newly valued."""
    cells = size * size
    pos = np.empty(k, np.int64)
    used = np.empty(k, np.int64)
    added = 0
    n = len(sets)
    for start in range(first * chunk, n, stride * chunk):
        for j in range(start, min(start + chunk, n)):
            occ = sets[j]
            b0 = base[occ]
            r = _int(nreg[occ])
            end = b0 + kf * r
            e = b0
            while e < end:
                if val[_u(e)] != level:
                    e += 1
                    continue
                s = _decode(e - b0, r, k, occ, cells, pos, used)
                region = 0
                for c in range(cells):
                    if label[_u(occ * cells + c)] == s:
                        region |= 1 << c
                for i in range(k):
                    c = pos[i]
                    for d in range(4):
                        b = nbr[4 * c + d]
                        if b < 0 or not (region >> b) & 1:
                            continue
                        occ2 = occ ^ (1 << c) ^ (1 << b)
                        pos[i] = b
                        r2 = _rank(pos, k, occ2, used)
                        pos[i] = c
                        child = base[occ2] + r2 * _int(nreg[occ2])
                        child += _int(label[_u(occ2 * cells + c)])
                        if val[_u(child)] == VALUE_UNSEEN:
                            val[_u(child)] = level + 1
                            added += 1
                e += 1
    stat[0] += added


def build_zpdb(
    size: int, pattern: Sequence[int], blank_goal: int, progress: Progress | None = None
) -> U8:
    """The zero-aware table of ``pattern`` (goal cells) on an ``size x size`` board whose
    goal has the blank on ``blank_goal``: a byte an entry (:data:`.zpdb_index.VALUE_UNSEEN`
    where no move sequence reaches it). ``progress(entries valued, entries)`` after each
    level (may raise to cancel). Boards of up to :data:`MAX_CELLS` cells."""
    cells = size * size
    k = len(pattern)
    if cells > MAX_CELLS or not 1 <= k < cells - 1 or blank_goal in pattern:
        raise ValueError("a zero-aware table takes 1 to cells-2 tiles on at most 25 cells")
    nreg, label, base, sets, total = region_tables(size, k)
    nbr = neighbour_table(size)
    kf = math.factorial(k)
    val = np.full(total, VALUE_UNSEEN, np.uint8)
    goal = np.array(pattern, np.int64)
    occ = int(sum(1 << c for c in pattern))
    used = np.empty(k, np.int64)
    start = int(base[occ]) + int(_rank(goal, k, occ, used)) * int(nreg[occ])
    val[start + int(label[occ * cells + blank_goal])] = 0
    workers = min(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)
    chunk = 64
    valued = 1
    level = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        while level < VALUE_UNSEEN - 1:
            stats = np.zeros((workers, 1), np.int64)

            def run(w: int, lvl: int = level, st: I64 = stats) -> None:
                _expand_level(sets, w, workers, chunk, lvl, k, size, val, base, nreg, label,
                              nbr, kf, st[w])  # fmt: skip

            list(pool.map(run, range(workers)))
            added = int(stats.sum())
            if added == 0:
                break
            valued += added
            if progress is not None:
                progress(min(valued, total), total)
            level += 1
    return val


@njit(cache=True)
def _pack(
    val: U8, out: U8, sets: I64, base: I64, nreg: U8, k: int, size: int, kf: int, mdt: I64
) -> bool:
    """Write ``(value - md) / 2`` of every entry into ``out``, four bits an entry (low half
    first); False if an entry is unseen, odd or out of range."""
    cells = size * size
    pos = np.empty(k, np.int64)
    used = np.empty(k, np.int64)
    for j in range(len(sets)):
        occ = sets[j]
        b0 = base[occ]
        r = _int(nreg[occ])
        for e in range(b0, b0 + kf * r):
            _decode(e - b0, r, k, occ, cells, pos, used)
            md = 0
            for i in range(k):
                md += mdt[i * cells + pos[i]]
            diff = _int(val[e]) - md
            if val[e] == VALUE_UNSEEN or diff < 0 or diff > 30 or diff & 1:
                return False
            out[e >> 1] |= (diff >> 1) << ((e & 1) << 2)
    return True


def pack_nibbles(size: int, pattern: Sequence[int], val: U8) -> U8 | None:
    """The table ``val`` in four bits an entry: ``q = (value - md) / 2``, ``md`` the pattern
    tiles' Manhattan distance (a pattern tile's moves have its distance's parity and are
    never fewer, so ``q`` is a whole number; ``value = md + 2q``), or None if an entry does
    not fit (unseen, or ``q > 15``)."""
    cells = size * size
    k = len(pattern)
    nreg, _label, base, sets, total = region_tables(size, k)
    mdt = np.array([abs(c // size - g // size) + abs(c % size - g % size)
                    for g in pattern for c in range(cells)], dtype=np.int64)  # fmt: skip
    out = np.zeros((total + 1) // 2, np.uint8)
    ok = _pack(val, out, sets, base, nreg, k, size, math.factorial(k), mdt)
    return out if ok else None
