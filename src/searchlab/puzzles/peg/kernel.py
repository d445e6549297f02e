"""Compiled depth-first pass of the fast peg solver (Numba): :func:`run_pass`.

The same search as :meth:`~searchlab.puzzles.peg.solver.DepthFirst.run_pass` (the
recursive Python pass), node for node: the jumps of the table in its order, the
memo of dead positions by canonical form, pagoda pruning with the same
floating-point values, the stop at the endgame table's deepest level, the restart
after ``restart_at`` expansions and a pause at every limit check. So its counts
(expanded, generated, duplicates, pruned, deepest level) and its path are the
Python pass's; ``tests/puzzles/peg/test_peg_kernel.py`` checks it.

Performance tricks: the recursion is an explicit stack of frames held in arrays,
resumable (it returns to Python at each limit check, which may stop the search, and
resumes where it stopped); canonical forms from the same 12-bit chunk tables as
:mod:`.symmetry`, read in one 3-D array; the memo an open-addressing hash table of
``int64`` (linear probing, Fibonacci hashing, doubled at half load) that persists
across the passes of one solve; the endgame level a sorted array searched by halves.
Boards of at most 63 holes (a position is a non-negative ``int64``).
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
from numba import njit

from .symmetry import chunk_tables

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

MAX_HOLES = 63
"""Holes a board may have for the compiled pass (positions are non-negative int64)."""

# regs: the pass's counters and state, kept in an array so a paused pass resumes
(
    EXPANDED,
    GENERATED,
    DUPLICATES,
    MAX_DEPTH,
    PRUNED,
    MEMO_FULL,
    MEMO_COUNT,
    NEXT_CHECK,
    SP,
    RESUME,
    CHILD,
) = range(11)
REGS = 11
PAUSED, RESTART, MAX_NODES, FOUND, DEAD = range(5)
_FIB = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit int


@njit(cache=True, inline="always")
def _canonical(pos: int, tabs: I64) -> int:
    best = pos
    for p in range(tabs.shape[0]):
        img = 0
        for k in range(tabs.shape[1]):
            img |= tabs[p, k, (pos >> (12 * k)) & 4095]
        if img < best:
            best = img
    return best


@njit(cache=True, inline="always")
def _slot(key: int, mask: int) -> int:
    # multiplicative (Fibonacci) hashing: bits from the middle of key times 2**64 / phi
    return ((key * _FIB) >> 24) & mask


@njit(cache=True)
def _memo_has(memo: I64, key: int) -> bool:
    mask = memo.shape[0] - 1
    h = _slot(key, mask)
    while memo[h] != -1:
        if memo[h] == key:
            return True
        h = (h + 1) & mask
    return False


@njit(cache=True)
def _memo_add(memo: I64, key: int, count: int) -> I64:
    """``memo`` with ``key`` added (``count`` keys before it), doubled at half load."""
    if 2 * (count + 1) > memo.shape[0]:
        grown = np.full(2 * memo.shape[0], -1, np.int64)
        for old in memo:
            if old != -1:
                grown = _insert(grown, old)
        memo = grown
    return _insert(memo, key)


@njit(cache=True, inline="always")
def _insert(memo: I64, key: int) -> I64:
    mask = memo.shape[0] - 1
    h = _slot(key, mask)
    while memo[h] != -1:
        h = (h + 1) & mask
    memo[h] = key
    return memo


@njit(cache=True, inline="always")
def _in_sorted(values: I64, key: int) -> bool:
    lo = 0
    hi = values.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    found: bool = lo < values.shape[0] and values[lo] == key
    return found


@njit(cache=True)
def _pass(
    regs: I64,
    memo: I64,
    spos: I64,
    spval: F64,
    srow: I64,
    need: I64,
    dst: I64,
    flip: I64,
    delta: F64,
    tabs: I64,
    top: I64,
    top_pegs: int,
    start_pegs: int,
    threshold: float,
    restart_at: int,
    max_memo: int,
    node_limit: bool,
) -> tuple[int, I64]:
    """Run (or resume) the pass from the frames of ``spos``/``spval``/``srow`` (frame
    ``d`` a position ``start_pegs - d`` pegs, its pagoda value, the next row of the table
    to try, or -1 when not yet entered). Returns the status and the memo (reallocated
    when it grew): ``FOUND`` (``srow[:regs[SP] + 1]`` the rows of the path, and
    ``regs[CHILD]`` the position it reaches, in the endgame table), ``DEAD`` (the start
    is dead), ``RESTART``, ``MAX_NODES`` or ``PAUSED`` (a limit check is due: call again).
    """
    nrows = need.shape[0]
    sp = regs[SP]
    while True:
        pos = spos[sp]
        r = srow[sp]
        if r < 0:  # entering the node
            if regs[RESUME] == 0:
                if _memo_has(memo, _canonical(pos, tabs)):
                    regs[DUPLICATES] += 1
                    if sp == 0:
                        return DEAD, memo
                    sp -= 1
                    srow[sp] += 1  # the parent moves past the row that led here
                    continue
                regs[EXPANDED] += 1
                if regs[EXPANDED] >= regs[NEXT_CHECK]:
                    regs[RESUME] = 1
                    regs[SP] = sp
                    return PAUSED, memo
            regs[RESUME] = 0
            if regs[EXPANDED] == restart_at:
                regs[SP] = sp
                return RESTART, memo
            if sp + 1 > regs[MAX_DEPTH]:
                regs[MAX_DEPTH] = sp + 1
            r = 0
        child_pegs = start_pegs - sp - 1
        pval = spval[sp]
        descended = False
        while r < nrows:
            if pos & need[r] == need[r] and not pos & dst[r]:
                regs[GENERATED] += 1
                child = pos ^ flip[r]
                if child_pegs == top_pegs:
                    if _in_sorted(top, _canonical(child, tabs)):
                        srow[sp] = r
                        regs[SP] = sp
                        regs[CHILD] = child
                        return FOUND, memo
                    r += 1
                    continue
                value = pval - delta[r]
                if value < threshold:
                    regs[PRUNED] += 1
                    r += 1
                    continue
                srow[sp] = r
                spos[sp + 1] = child
                spval[sp + 1] = value
                srow[sp + 1] = -1
                sp += 1
                descended = True
                break
            r += 1
        if descended:
            continue
        # every row tried: the position is dead
        if regs[MEMO_COUNT] < max_memo:
            memo = _memo_add(memo, _canonical(pos, tabs), regs[MEMO_COUNT])
            regs[MEMO_COUNT] += 1
        elif node_limit:
            regs[SP] = sp
            return MAX_NODES, memo
        else:
            regs[MEMO_FULL] = 1
        if sp == 0:
            regs[SP] = 0
            return DEAD, memo
        sp -= 1
        srow[sp] += 1


@functools.lru_cache(maxsize=16)
def canonical_array(size: int, perms: tuple[tuple[int, ...], ...]) -> I64:
    """:func:`~searchlab.puzzles.peg.symmetry.chunk_tables` as one read-only array for
    :func:`_pass` (made once per process for each board size and symmetry group)."""
    chunks = chunk_tables(size, perms)
    array = np.array(chunks, dtype=np.int64) if chunks else np.zeros((0, 1, 4096), np.int64)
    array.flags.writeable = False
    return array


def warm_up() -> None:
    """Compile :func:`_pass` now, or load it from Numba's cache (benchmarks call this
    before their clock; a solve takes the compiled pass only once it is loaded). It
    solves a line of three holes, with the argument types of a real solve (the tables
    read-only)."""
    tabs = np.zeros((0, 1, 4096), np.int64)
    top = np.array([0b100], np.int64)
    tabs.flags.writeable = top.flags.writeable = False
    one = np.array([0], np.int64)
    regs = np.zeros(REGS, np.int64)
    regs[NEXT_CHECK] = 1 << 62
    _pass(
        regs, np.full(16, -1, np.int64), np.array([0b011, 0, 0], np.int64), np.zeros(3),
        np.full(3, -1, np.int64), one + 0b011, one + 0b100, one + 0b111, np.zeros(1), tabs,
        top, 1, 2, -1.0, 0, 10, False,
    )  # fmt: skip
    assert regs[CHILD] == 0b100
