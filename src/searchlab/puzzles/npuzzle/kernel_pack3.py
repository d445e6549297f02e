"""Compiled reading and writing of three-bit ranked pattern databases
(:func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked`; the format:
:func:`~searchlab.puzzles.npuzzle.pdb_index.read3`).

Kept apart from :mod:`.kernel` so that module imports this one and not the reverse:
:func:`read3` is inlined into the search's lookups.

:func:`read3` is written twice on purpose: here for Numba, and in
:func:`~searchlab.puzzles.npuzzle.pdb_index.read3` for the pure-Python search, which
must not import Numba (the solvers try easy boards with it first, sparing the half
second Numba takes to load: :func:`~searchlab.puzzles.npuzzle.solvers.solve_board`),
while Numba compiles only what it sees as its own functions (the pure one uses
``bytes`` and ``int.from_bytes``). ``tests/puzzles/npuzzle/test_npuzzle_pack3.py``
reads every entry, escapes included, with both and checks they agree.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

U8 = npt.NDArray[np.uint8]


@njit(cache=True, inline="always")
def _word(tab: U8, o: int, nbytes: int) -> int:
    """The little-endian number in ``nbytes`` bytes of ``tab`` from ``o``."""
    x = 0
    for b in range(nbytes):
        x |= int(np.int64(tab[o + b])) << (8 * b)  # signed: no unsigned mixing in Numba
    return x


@njit(cache=True)
def _exception(tab: U8, r: int) -> int:
    """The entry of placement ``r`` in the exception list of a three-bit table (binary
    search over its sorted five-byte records: rank in four little-endian bytes, entry)."""
    length = tab.shape[0]
    count = _word(tab, length - 4, 4)
    start = length - 4 - 5 * count
    lo = 0
    hi = count
    while lo < hi:
        mid = (lo + hi) >> 1
        if _word(tab, start + 5 * mid, 4) < r:
            lo = mid + 1
        else:
            hi = mid
    return int(np.int64(tab[start + 5 * lo + 4]))


@njit(cache=True, inline="always")
def read3(tab: U8, r: int) -> int:
    """The entry of placement ``r`` in a three-bit table: bits ``3r .. 3r+2`` (two byte
    reads, the same cache line but for one placement in eight), or the exception list's
    entry for the escape code 7 (about one placement in 19,000 of the 15-puzzle's 8-tile
    table)."""
    p = 3 * r
    code = (_word(tab, p >> 3, 2) >> (p & 7)) & 7
    if code == 7:
        return _exception(tab, r)
    return code


@njit(cache=True)
def _pack3(nib: U8, total: int, out: U8, base: int) -> int:
    """Write the ``total`` nibbles of the packed table ``nib`` as three-bit codes into
    ``out`` (zero on entry; its first ``base`` bytes), entries of 7 or more as the
    escape code and a record after the codes, and the records' number in the last four
    bytes; returns that number. ``out`` must have room for all the records."""
    j = 0
    for r in range(total):
        q = (int(nib[r >> 1]) >> ((r & 1) * 4)) & 15
        p = 3 * r
        o = p >> 3
        w = min(q, 7) << (p & 7)
        out[o] |= np.uint8(w & 255)
        out[o + 1] |= np.uint8(w >> 8)
        if q >= 7:
            o2 = base + 5 * j
            for b in range(4):
                out[o2 + b] = np.uint8((r >> (8 * b)) & 255)
            out[o2 + 4] = np.uint8(q)
            j += 1
    length = out.shape[0]
    for b in range(4):
        out[length - 4 + b] = np.uint8((j >> (8 * b)) & 255)
    return j


@njit(cache=True)
def _count_escapes(nib: U8) -> int:
    """The nibbles of ``nib`` that are 7 or more (each byte holds two)."""
    count = 0
    for i in range(nib.shape[0]):
        x = int(nib[i])
        count += ((x & 15) >= 7) + ((x >> 4) >= 7)
    return count


def pack3(nib: U8, total: int, base: int, out_of: object) -> U8:
    """The three-bit table of the packed table ``nib`` (``total`` placements, ``base``
    bytes of codes, :func:`~searchlab.puzzles.npuzzle.pdb_index.pack3_base`), written into
    the zeroed array ``out_of(length)`` returns (a memory-mapped file, so the
    conversion does not hold both tables in memory). A last nibble past ``total`` (odd
    ``total``) is padding, never 7 or more."""
    escapes = _count_escapes(nib)
    out: U8 = out_of(base + 5 * escapes + 4)  # type: ignore[operator]
    _pack3(nib, total, out, base)
    return out
