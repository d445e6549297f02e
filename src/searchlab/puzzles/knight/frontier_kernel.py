"""The compiled step of the frontier count (:mod:`~searchlab.puzzles.knight.frontier`).

One call of :func:`advance` takes a slice of the frontier before a cell is added
(keys and multi-limb counts), applies every way of joining the new cell to its
earlier neighbours, and adds each surviving successor's count into an
open-addressing hash table of any size (linear probing; Fibonacci hashing mapped
onto the size by Lemire's multiply-shift range reduction, so that a table is sized
to its budget, not rounded up to a power of two). It stops early when the table is
too full, so that the driver can grow it (or split the part) and go on. The table's
counts may have more limbs than the frontier's (a step redone wider after an
overflow): the carry runs into the extra limbs.

Key layout (exact, below 2**61 for up to 17 frontier cells): ``apex_degree +
3 * sum(code[k] * 11**k)`` with, per frontier cell in board order, ``0`` no edge
yet, ``1`` two edges (finished), ``2`` a path end whose other end is the apex,
``3 + j`` a path end of the ``j``-th path (numbered by first appearance).
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)
"""A free slot of the hash table (never a key: keys stay below 2**61)."""

BASE = 11
APEX = 31
"""Index of the apex (the extra vertex joined to every cell for open tours) in the
work arrays."""

WORK = 32


@njit(cache=True, nogil=True, inline="always")
def _slot(key: np.uint64, size: np.uint64) -> int:
    """The home slot of ``key`` in a table of ``size`` < 2**32 slots."""
    h = (key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)
    return np.int64((h * size) >> np.uint64(32))  # type: ignore[return-value]


@njit(cache=True, nogil=True, inline="always")
def part_of(key: np.uint64, parts: int) -> int:
    """The part (of ``parts``) a key belongs to when a frontier is built in parts
    (a hash independent of the table's slot bits)."""
    return np.int64(((key * np.uint64(0xC2B2AE3D27D4EB4F)) >> np.uint64(20)) % np.uint64(parts))  # type: ignore[return-value]


@njit(cache=True, nogil=True)
def _add_into(
    tkeys: np.ndarray,
    tcounts: np.ndarray,
    key: np.uint64,
    counts: np.ndarray,
    row: int,
) -> tuple[int, bool]:
    """Adds ``counts[row]`` into the entry ``key``; returns (1 if new else 0, overflow)."""
    size = tkeys.shape[0]
    h = _slot(key, np.uint64(size))
    new = np.int64(0)
    while True:
        k = tkeys[h]
        if k == key:
            break
        if k == EMPTY:
            tkeys[h] = key
            new = np.int64(1)
            break
        h += 1
        if h == size:
            h = 0
    carry = np.uint64(0)
    limbs = counts.shape[1]
    for j in range(tcounts.shape[1]):
        a = tcounts[h, j]
        b = counts[row, j] if j < limbs else np.uint64(0)
        s = a + b
        c1 = s < a
        s2 = s + carry
        c2 = s2 < s
        tcounts[h, j] = s2
        carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
    return int(new), bool(carry != 0)


@njit(cache=True, nogil=True)
def rehash(tkeys: np.ndarray, tcounts: np.ndarray, nkeys: np.ndarray, ncounts: np.ndarray) -> None:
    """Moves every entry of one table into a larger empty one."""
    size = nkeys.shape[0]
    for i in range(tkeys.shape[0]):
        key = tkeys[i]
        if key == EMPTY:
            continue
        h = _slot(key, np.uint64(size))
        while nkeys[h] != EMPTY:
            h += 1
            if h == size:
                h = 0
        nkeys[h] = key
        for j in range(tcounts.shape[1]):
            ncounts[h, j] = tcounts[i, j]


@njit(cache=True, nogil=True)
def compact(tkeys: np.ndarray, tcounts: np.ndarray) -> int:
    """Moves a table's entries to its front, in place (no second copy in memory);
    returns how many there are: ``tkeys[:n]``, ``tcounts[:n]`` are then the states."""
    m = 0
    for i in range(tkeys.shape[0]):
        if tkeys[i] != EMPTY:
            if m != i:
                tkeys[m] = tkeys[i]
                for j in range(tcounts.shape[1]):
                    tcounts[m, j] = tcounts[i, j]
            m += 1
    return m


@njit(cache=True, nogil=True, inline="always")
def _key_in_order(
    keep: np.ndarray, order: np.ndarray, d2: np.ndarray, m2: np.ndarray, label: np.ndarray
) -> np.uint64:
    """The base-11 code of the staying cells, the ``k``-th digit from cell
    ``keep[order[k]]``: 0 no edge, 1 finished, 2 an end joined to the apex, ``3 + j``
    an end of the ``j``-th path met in this order (``label``: scratch)."""
    nkeep = keep.shape[0]
    for k in range(nkeep):
        label[keep[k]] = -1
    nlab = 0
    code_key = np.uint64(0)
    mul = np.uint64(1)
    for k in range(nkeep):
        i = keep[order[k]]
        if d2[i] == 0:
            code = 0
        elif d2[i] == 2:
            code = 1
        elif m2[i] == APEX:
            code = 2
        else:
            pi = m2[i]
            if label[pi] >= 0:
                code = label[pi]
            else:
                code = 3 + nlab
                nlab += 1
                label[i] = code
        code_key += np.uint64(code) * mul
        mul *= np.uint64(BASE)
    return code_key


@njit(cache=True, nogil=True)
def advance(
    keys: np.ndarray,
    counts: np.ndarray,
    start: int,
    stop: int,
    m: int,
    back: np.ndarray,
    keep: np.ndarray,
    rest: np.ndarray,
    mirror: np.ndarray,
    final: bool,
    use_apex: bool,
    tkeys: np.ndarray,
    tcounts: np.ndarray,
    filled: int,
    max_filled: int,
    result: np.ndarray,
    part: int,
    parts: int,
) -> tuple[int, int, bool]:
    """Adds cell ``m`` (the new one, after the ``m`` frontier cells) for the states
    ``keys[start:stop]``; returns (next state to do, entries in the table, overflow).

    ``back``: positions of the new cell's earlier neighbours (``-1`` padded);
    ``keep``: positions (in ``0..m``) that stay on the frontier, in order, each
    with ``rest`` edges still to come; all other positions leave and need degree 2.
    ``mirror`` (empty: none): position ``k`` of the next frontier holds, in the
    mirrored state, what position ``mirror[k]`` holds in this one; the successor is
    stored under the smaller of its key and its mirror's (the symmetry trick of
    :func:`~searchlab.puzzles.knight.frontier.plan`).
    ``final``: the last cell; complete cycles add into ``result`` (limbs).
    ``part`` of ``parts``: only successors in this part (by :func:`part_of`) are stored.
    """
    deg = np.zeros(WORK, dtype=np.int64)
    mate = np.zeros(WORK, dtype=np.int64)
    first = np.zeros(16, dtype=np.int64)
    d2 = np.zeros(WORK, dtype=np.int64)
    m2 = np.zeros(WORK, dtype=np.int64)
    label = np.zeros(WORK, dtype=np.int64)
    nb = np.zeros(5, dtype=np.int64)
    pick = np.zeros(5, dtype=np.int64)
    nkeep = keep.shape[0]
    identity = np.arange(nkeep)
    overflow = False
    for s in range(start, stop):
        if filled > max_filled:
            return s, filled, overflow
        key = keys[s]
        deg[APEX] = np.int64(key % np.uint64(3))
        mate[APEX] = -1
        rem = key // np.uint64(3)
        for j in range(16):
            first[j] = -1
        for p in range(m):
            digit = np.int64(rem % np.uint64(BASE))
            rem = rem // np.uint64(BASE)
            mate[p] = -1
            if digit == 0:
                deg[p] = 0
            elif digit == 1:
                deg[p] = 2
            elif digit == 2:
                deg[p] = 1
                mate[p] = APEX
                mate[APEX] = p
            else:
                deg[p] = 1
                lab = digit - 3
                if first[lab] < 0:
                    first[lab] = p
                else:
                    mate[p] = first[lab]
                    mate[first[lab]] = p
        deg[m] = 0
        mate[m] = -1
        # Candidate partners of the new cell: earlier neighbours with a free end, the apex.
        nn = 0
        for b in range(back.shape[0]):
            p = back[b]
            if p >= 0 and deg[p] < 2:
                nb[nn] = p
                nn += 1
        if use_apex and deg[APEX] < 2:
            nb[nn] = APEX
            nn += 1
        # Every subset of at most two partners.
        for sub in range(1 << nn):
            ne = 0
            for e in range(nn):
                if (sub >> e) & 1:
                    pick[ne] = nb[e]
                    ne += 1
                    if ne > 2:
                        break
            if ne > 2:
                continue
            for i in range(m + 1):
                d2[i] = deg[i]
                m2[i] = mate[i]
            d2[APEX] = deg[APEX]
            m2[APEX] = mate[APEX]
            ok = True
            closed = False
            for e in range(ne):
                v = pick[e]
                u = m
                if d2[u] == 0 and d2[v] == 0:
                    m2[u] = v
                    m2[v] = u
                elif d2[u] == 1 and d2[v] == 0:
                    pu = m2[u]
                    m2[pu] = v
                    m2[v] = pu
                    m2[u] = -1
                elif d2[u] == 0 and d2[v] == 1:
                    pv = m2[v]
                    m2[pv] = u
                    m2[u] = pv
                    m2[v] = -1
                else:
                    if m2[u] == v:
                        if not final:
                            ok = False
                            break
                        closed = True
                        m2[u] = -1
                        m2[v] = -1
                    else:
                        pu = m2[u]
                        pv = m2[v]
                        m2[pu] = pv
                        m2[pv] = pu
                        m2[u] = -1
                        m2[v] = -1
                d2[u] += 1
                d2[v] += 1
            if not ok:
                continue
            if final:
                if not closed:
                    continue
                good = True
                for i in range(m + 1):
                    if d2[i] != 2:
                        good = False
                        break
                if use_apex and d2[APEX] != 2:
                    good = False
                if good:
                    carry = np.uint64(0)
                    for j in range(result.shape[0]):
                        x = result[j]
                        y = counts[s, j] if j < counts.shape[1] else np.uint64(0)
                        t = x + y
                        c1 = t < x
                        t2 = t + carry
                        c2 = t2 < t
                        result[j] = t2
                        carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
                    if carry != 0:
                        overflow = True
                continue
            # Leaving cells must be finished; staying cells must still be finishable.
            kk = 0
            for i in range(m + 1):
                if kk < nkeep and keep[kk] == i:
                    kk += 1
                    continue
                if d2[i] != 2:
                    ok = False
                    break
            if not ok:
                continue
            need = 0
            for k in range(nkeep):
                i = keep[k]
                short = 2 - d2[i] - rest[k]
                if short > 1:
                    ok = False
                    break
                if short == 1:
                    need += 1
            if not ok:
                continue
            if need > 0 and (not use_apex or need > 2 - d2[APEX]):
                continue
            code_key = _key_in_order(keep, identity, d2, m2, label)
            newkey = np.uint64(d2[APEX]) + np.uint64(3) * code_key
            if mirror.shape[0] > 0:
                mirrored = _key_in_order(keep, mirror, d2, m2, label)
                mirrored = np.uint64(d2[APEX]) + np.uint64(3) * mirrored
                if mirrored < newkey:
                    newkey = mirrored
            if parts > 1 and part_of(newkey, parts) != part:
                continue
            new, ov = _add_into(tkeys, tcounts, newkey, counts, s)
            filled += new
            if ov:
                overflow = True
    return stop, filled, overflow
