"""The compact pattern-database builder: a compiled breadth-first search written straight
into the packed four-bit table, in about a byte and a half a placement, on both cores.

:func:`build_packed` returns what :func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked`
makes of :func:`~searchlab.puzzles.npuzzle.kernel.build_ranked`'s table (the same bytes,
the tests assert it), without the byte table or the three-sets-a-placement words of
that builder: for the 15-puzzle's 8-tile pattern 0.83 GB of arrays (0.95 GB peak for the
whole process) instead of 2.6 GB.

The search (Korf & Felner 2002's additive database: the fewest moves of pattern tiles,
the other tiles indistinguishable and free) is the same breadth-first search over
(placement, blank region) states: a blank moving among free cells costs nothing, so a
state is a placement of the pattern tiles plus one connected region of the free cells,
and moving a pattern tile next to the region into it costs one and lands the blank in
the child's region holding the tile's old cell. What is new is how little it keeps:

- **two bits a region, one byte a placement.** The regions of a set of occupied cells
  are numbered by their lowest cell (precomputed for all ``2**cells`` sets: count,
  each free cell's region, each region's cells), and each of a placement's first four
  regions has a two-bit code: 0 unseen, 1 expanded, 2 and 3 on the frontier of an even
  or an odd level. A level expands the regions holding its code and marks them 1, and
  its children get the other frontier code, so the frontier needs no other array and a
  child reached this level is never expanded before the next (Korf 2008's two-bit
  breadth-first search, read per region).
- **more than four regions** (5% of the 8-tile placements) keep their codes in a
  sixteen-bit word of an overflow array indexed by (set of occupied cells, order of the
  tiles on them); their byte then only says which codes are present (bit 0: seen, field
  1: 2 if some region is on the even frontier, field 2: 3 for the odd one), so the scan
  for a level's frontier reads one byte a placement either way.
- **the value written once, packed.** A placement's value is the level at which its
  first region is reached; its nibble (value minus the tiles' Manhattan distance,
  halved, as :func:`~.pdb.pack_ranked` stores it) is written then, into the output.
- **two cores, no locks.** The rank's two top digits are the first two tiles' cells,
  so the placements come in ``perm(cells, 2)`` blocks (240 on 4x4); expanding a block
  writes only into itself and the blocks one move of those two tiles reaches. Blocks
  whose written sets are disjoint form a group (greedily: 14 groups on 4x4), and a
  level runs group after group, each group's blocks shared by two threads of a pool
  (the compiled expansion releases the GIL; an idle thread waits on a lock, not
  spinning as OpenMP's do).
- **a placement expanded once a level**: its frontier regions together, one pass over
  its tiles (a move's child depends on the cell it fills, not on the region).
- **the rank updated, not recomputed**: a tile moving sideways changes its own digit
  by one; one moving up or down changes it and the digits of the tiles it passes.

Boards of up to 16 cells (the region tables are indexed by sets of cells).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import numpy.typing as npt
from numba import njit

from searchlab.puzzles.npuzzle.pdb_index import unrank

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]
U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]
U64 = npt.NDArray[np.uint64]
Progress = Callable[[int, int], None]

MAX_CELLS = 16
_SLOTS = 4  # regions whose codes fit in the placement's byte
_MAX_REGIONS = 8  # regions whose codes fit in an overflow word


@njit(cache=True)
def _regions(n: int, nreg: U8, label: I8, regmask: I32, nth: I8) -> None:
    """For every set ``occ`` of occupied cells of an ``n x n`` board: its number of
    connected regions of free cells ``nreg[occ]``, the region of each free cell
    ``label[occ * cells + c]`` (numbered by lowest cell; -1 if occupied), each region's
    cells ``regmask[occ * 8 + j]`` (regions past the eighth are not kept; ``nreg`` says
    so), and the ``d``-th free cell ``nth[occ * cells + d]`` (for unranking)."""
    cells = n * n
    full = (1 << cells) - 1
    left = 0
    right = 0
    for row in range(n):
        left |= 1 << (row * n)
        right |= 1 << (row * n + n - 1)
    for occ in range(1 << cells):
        open_ = full & ~occ
        d = 0
        for c in range(cells):
            label[occ * cells + c] = -1
            if not (occ >> c) & 1:
                nth[occ * cells + d] = c
                d += 1
        count = 0
        rest = open_
        while rest:
            comp = rest & -rest
            while True:
                grow = comp | (comp >> n) | ((comp << n) & full)
                grow |= ((comp & ~left) >> 1) | ((comp & ~right) << 1)
                grow &= open_
                if grow == comp:
                    break
                comp = grow
            if count < _MAX_REGIONS:
                regmask[occ * _MAX_REGIONS + count] = comp
            for c in range(cells):
                if (comp >> c) & 1:
                    label[occ * cells + c] = count
            count += 1
            rest &= ~comp
        nreg[occ] = count


@njit(cache=True)
def _over_index(pos: I64, k: int, occ: int, over_id: I32, kfact: int, pc: U8) -> int:
    """The overflow word of the placement ``pos`` (cells of the tiles, set ``occ``): its
    set's number times ``k!`` plus the rank of the tiles' order on those cells (``pc``:
    popcounts)."""
    used = 0
    r = 0
    for i in range(k):
        idx = int(pc[occ & ((1 << pos[i]) - 1)])
        r = r * (k - i) + idx - int(pc[used & ((1 << idx) - 1)])
        used |= 1 << idx
    return int(over_id[occ]) * kfact + r


@njit(cache=True)
def _mark_over(
    r2: int, occ2: int, s2: int, pos: I64, k: int, nxt: int,
    codes: U8, over: U16, over_id: I32, kfact: int, pc: U8,
) -> bool:  # fmt: skip
    """Give region ``s2`` of the placement ``r2`` with more than four regions (tiles at
    ``pos``, occupied set ``occ2``) the frontier code ``nxt`` in its overflow word, and
    note the code in its summary byte; False if the region was seen."""
    j = _over_index(pos, k, occ2, over_id, kfact, pc)
    w = int(over[j])
    if (w >> (2 * s2)) & 3:
        return False
    over[j] = w | (nxt << (2 * s2))
    codes[r2] = int(codes[r2]) | 1 | (nxt << (2 * (nxt - 1)))
    return True


@njit(cache=True, nogil=True)
def _expand_block(
    block: int,
    bsize: int,
    level: int,
    k: int,
    n: int,
    codes: U8,
    words: U64,
    over: U16,
    out: U8,
    nreg: U8,
    label: I8,
    regmask: I32,
    nth: I8,
    over_id: I32,
    kfact: int,
    weight: I64,
    mdt: I64,
    adj: I64,
    nbr: I64,
    between: I64,
    pc: U8,
    stat: I64,
) -> None:
    """Expand the regions on level ``level``'s frontier of the placements of ``block``
    (ranks ``block * bsize`` to the next block), marking them expanded and their
    children with the next level's code (on a placement's first region, its nibble:
    the level minus its Manhattan distance, halved). ``stat`` gets the regions
    expanded [0], the placements [1] and states [2] reached; [3] is set if a nibble
    does not fit."""
    cells = n * n
    cur = 2 + (level & 1)
    nxt = 2 + ((level + 1) & 1)
    pos = np.empty(k, np.int64)
    prefix = np.empty(k + 1, np.int64)  # the cells of tiles 0..i-1
    tile_at = np.empty(cells, np.int64)
    slots = np.empty(_MAX_REGIONS, np.int64)
    lo = block * bsize
    expanded = 0
    reached = 0
    added = 0
    hi = lo + bsize
    r = lo - 1
    while r + 1 < hi:
        r += 1
        if (r & 7) == 0 and r + 8 <= hi:  # eight placements at once: any field == cur?
            word = words[r >> 3]
            hits = (word & (word >> 1)) if cur == 3 else ((word >> 1) & ~word)
            if not hits & 0x5555555555555555:
                r += 7
                continue
        byte = int(codes[r])
        # a frontier code in one of the four fields (a summary byte's fields 1 and 2 too)
        if (
            (byte & 3) != cur
            and ((byte >> 2) & 3) != cur
            and ((byte >> 4) & 3) != cur
            and ((byte >> 6) & 3) != cur
        ):
            continue
        x = r
        for i in range(k - 1, -1, -1):
            rad = cells - i
            q = x // rad
            pos[i] = x - q * rad
            x = q
        occ = 0
        md = 0
        for i in range(k):
            prefix[i] = occ
            c = int(nth[occ * cells + pos[i]])
            pos[i] = c
            tile_at[c] = i
            occ |= 1 << c
            md += mdt[i * cells + c]
        prefix[k] = occ
        nr = int(nreg[occ])
        ns = 0
        j = -1
        w = 0
        if nr <= _SLOTS:
            for s in range(nr):
                if ((byte >> (2 * s)) & 3) == cur:
                    slots[ns] = s
                    ns += 1
        else:
            j = _over_index(pos, k, occ, over_id, kfact, pc)
            w = int(over[j])
            for s in range(nr):
                if ((w >> (2 * s)) & 3) == cur:
                    slots[ns] = s
                    ns += 1
        # the frontier regions together: a move's child depends on the cell it fills,
        # not on which of them that cell is in
        region = 0
        for t in range(ns):
            region |= int(regmask[occ * _MAX_REGIONS + slots[t]])
        expanded += ns
        if ns:
            for i in range(k):
                c = pos[i]
                targets = adj[c] & region
                while targets:
                    low = targets & -targets
                    targets ^= low
                    b = int(pc[low - 1])
                    # the child's rank: tile i's digit, and those of later tiles it passes
                    # over (a vertical move passes n - 1 cells, a sideways one none)
                    delta = b - c
                    sgn = 1 if delta > 0 else -1
                    passed = between[c * cells + b]
                    delta -= sgn * int(pc[prefix[i] & passed])
                    later = passed & occ & ~prefix[i + 1]
                    extra = 0
                    while later:
                        cell_bit = later & -later
                        later ^= cell_bit
                        extra += sgn * weight[tile_at[pc[cell_bit - 1]]]
                    r2 = r + delta * weight[i] + extra
                    occ2 = occ ^ (1 << c) ^ low
                    # mark the child's region with the next code if unseen
                    byte2 = int(codes[r2])
                    nr2 = int(nreg[occ2])
                    if nr2 <= _SLOTS:
                        seen = (byte2 | (byte2 >> 1)) & 0x55
                        if seen == 0x55 >> (8 - 2 * nr2):
                            continue  # every region of the child seen
                        s2 = int(label[occ2 * cells + c])
                        if (seen >> (2 * s2)) & 1:
                            continue
                        codes[r2] = byte2 | (nxt << (2 * s2))
                    else:
                        s2 = int(label[occ2 * cells + c])
                        pos[i] = b
                        jo = _over_index(pos, k, occ2, over_id, kfact, pc)
                        pos[i] = c
                        w2 = int(over[jo])
                        if (w2 >> (2 * s2)) & 3:
                            continue
                        over[jo] = w2 | (nxt << (2 * s2))
                        codes[r2] = byte2 | 1 | (nxt << (2 * (nxt - 1)))  # the summary
                    added += 1
                    if byte2 == 0:  # its first region: its value, packed
                        reached += 1
                        diff = level + 1 - md + mdt[i * cells + c] - mdt[i * cells + b]
                        if diff < 0 or diff > 30 or diff % 2:
                            stat[3] = 1
                        else:
                            out[r2 >> 1] |= (diff // 2) << ((r2 & 1) * 4)
        # the expanded regions' codes become 1
        if nr <= _SLOTS:
            byte = int(codes[r])
            for t in range(ns):
                byte ^= (cur ^ 1) << (2 * slots[t])
            codes[r] = byte
        else:
            for t in range(ns):
                w ^= (cur ^ 1) << (2 * slots[t])
            over[j] = w
            codes[r] = int(codes[r]) & ~(3 << (2 * (cur - 1)))
    stat[0] += expanded
    stat[1] += reached
    stat[2] += added


def _groups(n: int, k: int, parallel: bool) -> tuple[int, list[list[int]]]:
    """The blocks of ``k``-tile placements on an ``n x n`` board and the order to expand
    them in: ``(placements a block, groups of blocks)``.

    A block is the placements whose first ``lead`` tiles (two, or one for two tiles)
    are on given cells, a range of ranks; expanding it writes into the blocks that one
    move of a lead tile reaches. With ``parallel`` each group holds blocks whose
    written blocks are disjoint (greedily), so a group's blocks run at once; otherwise
    (odd blocks: two placements share an output byte) one block a group."""
    cells = n * n
    lead = min(2, k - 1)
    size = math.perm(cells - lead, k - lead)
    blocks = [(b, tuple(unrank(b, lead, cells))) for b in range(math.perm(cells, lead))]
    if not parallel or size % 2:
        return size, [[b] for b, _ in blocks]

    def near(c: int) -> list[int]:
        return [d for d in range(cells) if abs(c // n - d // n) + abs(c % n - d % n) == 1]

    def writes(cs: tuple[int, ...]) -> set[tuple[int, ...]]:
        out = {cs}
        for j, c in enumerate(cs):
            out.update((*cs[:j], d, *cs[j + 1 :]) for d in near(c) if d not in cs)
        return out

    groups: list[tuple[list[int], set[tuple[int, ...]]]] = []
    for b, cs in blocks:
        mine = writes(cs)
        for members, taken in groups:
            if not taken & mine:
                members.append(b)
                taken |= mine
                break
        else:
            groups.append(([b], mine))
    return size, [members for members, _ in groups]


def build_packed(
    size: int,
    pattern: Sequence[int],
    progress: Progress | None = None,
    blank: int | None = None,
) -> U8 | None:
    """The ranked database of ``pattern`` packed four bits an entry: the bytes
    :func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked` makes of
    :func:`~searchlab.puzzles.npuzzle.kernel.build_ranked`'s table (same ``blank``), or
    None where that packing does not fit or the board is not one this builder takes (more
    than 16 cells, fewer than two tiles, no free cell).

    ``blank``: the blank's goal cell. The search then starts from the goal placement
    with the blank in the region of free cells holding that cell only (what Korf &
    Felner's tables hold, and what :func:`~searchlab.puzzles.npuzzle.pdb.load_pdb`
    builds); None starts it with the blank in every region ("blank anywhere": never
    larger, and what the dual lookup needs). Both are admissible and additive: a
    solution's projection on the pattern ends with the blank on its goal cell.

    Memory: ``perm(cells, k)`` bytes of codes, half that of output, the overflow words
    and 1.3 MB of region tables; for the 15-puzzle's 8-tile pattern 519 + 259 + 56 MB.
    ``progress(placements reached, placements)`` is called after each level's group of
    blocks (and may raise to cancel).
    """
    cells = size * size
    k = len(pattern)
    if cells > MAX_CELLS or k < 2 or k >= cells:
        return None
    total = math.perm(cells, k)
    space = 1 << cells
    nreg = np.zeros(space, np.uint8)
    label = np.zeros(space * cells, np.int8)
    regmask = np.zeros(space * _MAX_REGIONS, np.int32)
    nth = np.zeros(space * cells, np.int8)
    _regions(size, nreg, label, regmask, nth)
    pc = np.array([bin(o).count("1") for o in range(space)], dtype=np.uint8)  # popcounts
    mine = pc == k
    if int(nreg[mine].max()) > _MAX_REGIONS:
        return None
    over_sets = np.flatnonzero(mine & (nreg > _SLOTS))
    over_id = np.full(space, -1, np.int32)
    over_id[over_sets] = np.arange(len(over_sets), dtype=np.int32)
    kfact = math.factorial(k)
    del mine
    codes = np.zeros(-(-total // 8) * 8, np.uint8)
    words = codes.view(np.uint64)
    over = np.zeros(len(over_sets) * kfact, np.uint16)
    out = np.zeros((total + 1) // 2, np.uint8)
    weight = np.array([math.perm(cells - i - 1, k - i - 1) for i in range(k)], dtype=np.int64)
    mdt = np.array(
        [
            abs(c // size - g // size) + abs(c % size - g % size)
            for g in pattern
            for c in range(cells)
        ],
        dtype=np.int64,
    )
    adj = np.zeros(cells, np.int64)
    nbr = np.full(cells * 4, -1, np.int64)
    for c in range(cells):
        r, q = divmod(c, size)
        e = 0
        for rr, qq in ((r - 1, q), (r + 1, q), (r, q - 1), (r, q + 1)):
            if 0 <= rr < size and 0 <= qq < size:
                adj[c] |= 1 << (rr * size + qq)
                nbr[c * 4 + e] = rr * size + qq
                e += 1
    between = np.zeros(cells * cells, np.int64)  # the cells strictly between two cells
    for c in range(cells):
        for b in range(cells):
            lo_, hi_ = min(c, b), max(c, b)
            between[c * cells + b] = ((1 << hi_) - 1) & ~((1 << (lo_ + 1)) - 1)
    # the goal placement: the blank's goal region on level 0's frontier (every region
    # with the blank anywhere)
    goal = np.array(pattern, dtype=np.int64)
    goal_rank = sum(
        (c - sum(1 for p in pattern[:i] if p < c)) * int(weight[i]) for i, c in enumerate(pattern)
    )
    occ = sum(1 << c for c in pattern)
    if blank is not None and not (0 <= blank < cells and not (occ >> blank) & 1):
        raise ValueError("the blank's goal cell is a free cell of the board")
    seeds = range(int(nreg[occ])) if blank is None else [int(label[occ * cells + blank])]
    for s in seeds:
        if nreg[occ] <= _SLOTS:
            codes[goal_rank] |= 2 << (2 * s)
        else:
            _mark_over(goal_rank, occ, s, goal, k, 2, codes, over, over_id, kfact, pc)
    bsize, block_groups = _groups(size, k, parallel=True)
    groups = [np.array(g, dtype=np.int64) for g in block_groups]
    reached = 1
    level = 0
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    with ThreadPoolExecutor(max_workers=min(workers, 2)) as pool:
        while True:
            expanded = 0
            for blocks in groups:
                stats = np.zeros((len(blocks), 4), np.int64)

                def run(j: int, lvl: int = level, bl: I64 = blocks, st: I64 = stats) -> None:
                    _expand_block(
                        int(bl[j]), bsize, lvl, k, size, codes, words, over, out, nreg,
                        label, regmask, nth, over_id, kfact, weight, mdt, adj, nbr, between,
                        pc, st[j],
                    )  # fmt: skip

                list(pool.map(run, range(len(blocks))))
                expanded += int(stats[:, 0].sum())
                reached += int(stats[:, 1].sum())
                if stats[:, 3].any():
                    return None
                if progress is not None:
                    progress(reached, total)
            if expanded == 0:
                break
            level += 1
    if reached != total:
        return None
    return out
