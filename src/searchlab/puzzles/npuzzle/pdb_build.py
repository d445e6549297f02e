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
  first region is reached, so it is written when the placement is first expanded (no
  region of it expanded before: no code 1), in rank order: its nibble (value minus the
  tiles' Manhattan distance, halved, as :func:`~.pdb.pack_ranked` stores it).
- **two cores, no locks.** The rank's two top digits are the first two tiles' cells,
  so the placements come in ``perm(cells, 2)`` blocks (240 on 4x4); expanding a block
  writes only into itself and the blocks one move of those two tiles reaches. Blocks
  whose written sets are disjoint form a group (greedily: 14 groups on 4x4), and a
  level runs group after group, each group's blocks shared by two threads of a pool
  (the compiled expansion releases the GIL; an idle thread waits on a lock, not
  spinning as OpenMP's do).
- **a placement expanded once a level**: its frontier regions together (a move's child
  depends on the cell it fills, not on the region), its moves found with four shifts of
  the regions' cells (one 64-bit word, bit ``16d + c`` for the tile on cell ``c`` moving
  in direction ``d``) and taken in one loop without a branch per move's outcome: the
  child's code is or-ed in whether it was seen or not.
- **the rank updated, not recomputed**: the placements of a block are decoded in rank
  order, each from the last (its digits counted on, the tiles from the highest digit
  changed placed again), and a move's child rank is the parent's plus the moving tile's
  weight times the cells it passes less the earlier tiles among them, plus the weight of
  each later tile it passes (:func:`_move_table`).

Boards of up to 16 cells (the region tables are indexed by sets of cells).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _cttz

from .floodfill import edge_columns, label_regions
from .pdb_index import unrank

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]
U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]
U32 = npt.NDArray[np.uint32]
U64 = npt.NDArray[np.uint64]
Progress = Callable[[int, int], None]

MAX_CELLS = 16
_SLOTS = 4  # regions whose codes fit in the placement's byte
_MAX_REGIONS = 8  # regions whose codes fit in an overflow word
trailing_zeros: Any = _cttz  # compiled code only: LLVM's count of trailing zero bits
_int: Any = np.int64  # an array item as a signed word (``int()`` of one is unsigned)
_u: Any = np.uint64  # an index known not negative (no check for Python's negative indices)


@njit(cache=True)
def _regions(
    n: int, nreg: U8, label: I8, regmask: I32, cellmap: U32, regions4: U64, nthw: U64
) -> None:
    """For every set ``occ`` of occupied cells of an ``n x n`` board: its number of
    connected regions of free cells ``nreg[occ]``, the region of each free cell
    ``label[occ * cells + c]`` (numbered by lowest cell; -1 if occupied), each region's
    cells ``regmask[occ * 8 + j]`` (regions past the eighth are not kept; ``nreg`` says
    so); and one word each: the region of each free cell in two bits ``cellmap[occ]``
    (an occupied cell's field 3 if the set has more than four regions, else 0), the
    cells of the first four regions in sixteen bits each ``regions4[occ]``, and the
    ``d``-th free cell in four bits ``nthw[occ]`` (for unranking)."""
    cells = n * n
    full = (1 << cells) - 1
    left, right = edge_columns(n)
    comps = np.zeros(cells // 2 + 1, np.int64)
    for occ in range(1 << cells):
        open_ = full & ~occ
        d = 0
        free = 0
        for c in range(cells):
            label[occ * cells + c] = -1
            if not (occ >> c) & 1:
                free |= c << (4 * d)
                d += 1
        nthw[occ] = free
        count = label_regions(open_, n, full, left, right, label, occ * cells, comps)
        for j in range(min(count, _MAX_REGIONS)):
            regmask[occ * _MAX_REGIONS + j] = comps[j]
        nreg[occ] = count
        fields = 0
        four = 0
        for c in range(cells):
            if (occ >> c) & 1:
                fields |= (3 if count > _SLOTS else 0) << (2 * c)
            elif count <= _SLOTS:
                fields |= _int(label[occ * cells + c]) << (2 * c)
        for j in range(min(count, _SLOTS)):
            four |= _int(regmask[occ * _MAX_REGIONS + j]) << (16 * j)
        cellmap[occ] = fields
        regions4[occ] = four


@njit(cache=True, inline="always")
def _over_index(pos: I64, k: int, occ: int, over_id: I32, kfact: int, pc: U8) -> int:
    """The overflow word of the placement ``pos`` (cells of the tiles, set ``occ``): its
    set's number times ``k!`` plus the rank of the tiles' order on those cells (``pc``:
    popcounts)."""
    used = 0
    r: int = 0
    for i in range(k):
        idx = _int(pc[_u(occ & ((1 << pos[i]) - 1))])
        r = r * (k - i) + idx - _int(pc[_u(used & ((1 << idx) - 1))])
        used |= 1 << idx
    r += _int(over_id[_u(occ)]) * kfact
    return r


@njit(cache=True)
def _mark_over(
    r2: int, occ2: int, s2: int, pos: I64, k: int, nxt: int,
    codes: U8, over: U16, over_id: I32, kfact: int, pc: U8,
) -> bool:  # fmt: skip
    """Give region ``s2`` of the placement ``r2`` with more than four regions (tiles at
    ``pos``, occupied set ``occ2``) the frontier code ``nxt`` in its overflow word, and
    note the code in its summary byte; False if the region was seen."""
    j = _over_index(pos, k, occ2, over_id, kfact, pc)
    w = _int(over[j])
    if (w >> (2 * s2)) & 3:
        return False
    over[j] = w | (nxt << (2 * s2))
    codes[r2] = _int(codes[r2]) | 1 | (nxt << (2 * (nxt - 1)))
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
    cellmap: U32,
    regions4: U64,
    nthw: U64,
    label: I8,
    regmask: I32,
    over_id: I32,
    kfact: int,
    weight: I64,
    mdt: I64,
    moves_of: I64,
    pc: U8,
    stat: I64,
) -> None:
    """Expand the regions on level ``level``'s frontier of the placements of ``block``
    (ranks ``block * bsize`` to the next block), marking them expanded and their
    children with the next level's code; a placement expanded for the first time (no
    region expanded before) gets its nibble: the level minus its Manhattan distance,
    halved. ``stat`` gets the regions expanded [0], the placements valued [1] and the
    states reached [2]; [3] is set if a nibble does not fit.

    ``moves_of``: :func:`_move_table`."""
    cells = n * n
    cur = 2 + (level & 1)
    nxt = 2 + ((level + 1) & 1)
    cur_fields = cur * 0x55
    not_left = moves_of[_MOVE_ROWS * _MOVE_FIELDS]
    not_right = moves_of[_MOVE_ROWS * _MOVE_FIELDS + 1]
    lead = min(2, k - 1)  # the digits fixed in a block
    lo = block * bsize
    hi = lo + bsize
    # the placement decoded last (``rd``): its digits, its tiles' cells, the cells of
    # tiles 0..i-1 (``pre[i]``), the tile on each cell and its weight (0: none; the
    # spare cell ``cells`` holds none)
    # (``free[i]``: the free cells of ``pre[i]``, four bits each) and their Manhattan
    # distance ``md``
    dig = np.zeros(k, np.int64)
    pos = np.empty(k, np.int64)
    pre = np.zeros(k + 1, np.int64)
    free = np.empty(k, np.uint64)
    wcell = np.zeros(cells + 1, np.int64)
    tile_at = np.zeros(cells, np.int64)
    x = block
    for i in range(lead - 1, -1, -1):
        q = x // (cells - i)
        dig[i] = x - q * (cells - i)
        x = q
    md = 0
    for i in range(k):
        free[i] = nthw[pre[i]]
        c = _int(free[i] >> np.uint64(4 * dig[i])) & 15
        pos[i] = c
        wcell[c] = weight[i]
        tile_at[c] = i
        md += mdt[i * cells + c]
        pre[i + 1] = pre[i] | (1 << c)
    rd = lo
    expanded = 0
    reached = 0
    added = 0
    bad = 0
    for wi in range(lo >> 3, (hi + 7) >> 3):
        word = words[_u(wi)]
        # a byte per placement, a field per region: the fields equal to ``cur``
        hits = (word & (word >> 1)) if cur == 3 else ((word >> 1) & ~word)
        hits &= np.uint64(0x5555555555555555)
        while hits:
            t = _int(trailing_zeros(hits)) >> 3
            hits &= ~(np.uint64(0xFF) << np.uint64(t << 3))
            r = (wi << 3) + t
            if r < lo or r >= hi:
                continue
            byte = _int(codes[_u(r)])
            # decode r from rd: add the difference to the last digit and carry; the
            # tiles from the highest digit changed on get their cells again
            j = k - 1
            dig[j] += r - rd
            rd = r
            while dig[j] >= cells - j:
                carry = dig[j] // (cells - j)
                dig[j] -= carry * (cells - j)
                j -= 1
                dig[j] += carry
            for i in range(j, k):
                wcell[_u(pos[i])] = 0
                md -= mdt[_u(i * cells + pos[i])]
            for i in range(j, k):
                if i > j:
                    free[i] = nthw[_u(pre[i])]
                c = _int(free[i] >> np.uint64(4 * dig[i])) & 15
                pos[i] = c
                wcell[_u(c)] = weight[i]
                tile_at[_u(c)] = i
                md += mdt[_u(i * cells + c)]
                pre[i + 1] = pre[i] | (1 << c)
            occ = pre[k]
            jo = -1
            w = 0
            if not (cellmap[_u(occ)] >> (2 * pos[0])) & 3:  # at most four regions
                eq = byte ^ cur_fields
                front = ~(eq | (eq >> 1)) & 0x55  # bit 2s: region s on the frontier
                first = (byte & ~(byte >> 1) & 0x55) == 0  # no region expanded yet
            else:
                jo = _over_index(pos, k, occ, over_id, kfact, pc)
                w = _int(over[jo])
                eq = w ^ (cur * 0x5555)
                front = ~(eq | (eq >> 1)) & 0x5555
                first = (w & ~(w >> 1) & 0x5555) == 0
            # its value, packed, if this is its first expansion
            diff = level - md
            wrong = (diff < 0) | (diff > 30) | (diff & 1 == 1)
            out[_u(r >> 1)] |= ((first and not wrong) * (diff >> 1)) << ((r & 1) << 2)
            bad |= first and wrong
            reached += first
            region = 0
            f = front
            if jo < 0:
                four = _int(regions4[_u(occ)])
                while f:
                    s = trailing_zeros(f)  # 2 * the region's number
                    f &= f - 1
                    region |= (four >> (8 * s)) & 0xFFFF
                    expanded += 1
            else:
                while f:
                    s = trailing_zeros(f) >> 1
                    f &= f - 1
                    region |= _int(regmask[occ * _MAX_REGIONS + s])
                    expanded += 1
            # the moves into those regions, bit 16d + c: the tile on cell c moving up
            # (d = 0), left, right or down
            moves = (
                (occ & (region << n))
                | ((occ & (region << 1) & not_left) << 16)
                | ((occ & (region >> 1) & not_right) << 32)
                | ((occ & (region >> n)) << 48)
            )
            while moves:
                t = trailing_zeros(moves)
                moves &= moves - 1
                c = t & 15
                wt = wcell[_u(c)]
                m = t * _MOVE_FIELDS
                # the child's rank: the tile's digit moves by the cells it passes less
                # the earlier tiles among them; each later tile passed moves by one
                g0 = wcell[_u(moves_of[_u(m + 1)])]
                g1 = wcell[_u(moves_of[_u(m + 2)])]
                g2 = wcell[_u(moves_of[_u(m + 3)])]
                acc = moves_of[_u(m + 4)] * wt
                acc += g0 if g0 < wt else -wt
                acc += g1 if g1 < wt else -wt
                acc += g2 if g2 < wt else -wt
                neg = moves_of[_u(m + 5)]
                r2 = r + ((acc ^ neg) - neg)
                occ2 = occ ^ moves_of[_u(m + 6)]
                fields = cellmap[_u(occ2)]
                sh = _int(fields >> (2 * c)) & 3
                byte2 = _int(codes[_u(r2)])
                if not (fields >> (2 * moves_of[_u(m)])) & 3:  # at most four regions
                    sh <<= 1
                    new = ((byte2 >> sh) & 3) == 0
                    codes[_u(r2)] = byte2 | ((nxt * new) << sh)
                    added += new
                else:
                    s2 = _int(label[occ2 * cells + c])
                    i = tile_at[c]
                    pos[i] = moves_of[m]
                    j2 = _over_index(pos, k, occ2, over_id, kfact, pc)
                    pos[i] = c
                    w2 = _int(over[j2])
                    if (w2 >> (2 * s2)) & 3 == 0:
                        over[j2] = w2 | (nxt << (2 * s2))
                        codes[r2] = byte2 | 1 | (nxt << (2 * (nxt - 1)))  # the summary
                        added += 1
            # the expanded regions' codes become 1
            if jo < 0:
                codes[_u(r)] = byte ^ (front * (cur ^ 1))
            else:
                over[jo] = w ^ (front * (cur ^ 1))
                codes[r] = _int(codes[r]) & ~(3 << (2 * (cur - 1)))
    stat[0] += expanded
    stat[1] += reached
    stat[2] += added
    if bad:
        stat[3] = 1


_MOVE_FIELDS = 8
_MOVE_ROWS = 64


def _move_table(size: int) -> I64:
    """The moves of a tile on a board of ``size x size`` cells, row ``16d + c`` for the
    tile on cell ``c`` moving up (``d = 0``), left, right or down: the cell it moves to,
    the three cells it passes over in the rank's cell order (the ``size - 1`` cells
    strictly between for a vertical move; the spare cell ``cells``, holding no tile,
    otherwise), the cells it moves by in that order (1 or ``size``), -1 if it moves
    towards lower cells (else 0) and the two cells' bits. Then the cells not in the
    first column and those not in the last."""
    cells = size * size
    table = np.zeros(_MOVE_ROWS * _MOVE_FIELDS + 2, np.int64)
    for d, step in enumerate((-size, -1, 1, size)):
        for c in range(cells):
            b = c + step
            if not 0 <= b < cells or (abs(step) == 1 and b // size != c // size):
                continue
            passed = list(range(min(b, c) + 1, max(b, c)))
            passed += [cells] * (3 - len(passed))
            row = (16 * d + c) * _MOVE_FIELDS
            table[row : row + 7] = [b, *passed, abs(step), -1 if step < 0 else 0,
                                    (1 << b) | (1 << c)]  # fmt: skip
    table[-2] = sum(1 << c for c in range(cells) if c % size)
    table[-1] = sum(1 << c for c in range(cells) if c % size != size - 1)
    return table


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
    and 6 MB of region tables; for the 15-puzzle's 8-tile pattern 519 + 259 + 56 MB.
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
    cellmap = np.zeros(space, np.uint32)
    regions4 = np.zeros(space, np.uint64)
    nthw = np.zeros(space, np.uint64)
    _regions(size, nreg, label, regmask, cellmap, regions4, nthw)
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
    moves_of = _move_table(size)
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
    reached = 0  # the goal placement is valued when it is expanded, on level 0
    level = 0
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    with ThreadPoolExecutor(max_workers=min(workers, 2)) as pool:
        while True:
            expanded = 0
            for blocks in groups:
                stats = np.zeros((len(blocks), 4), np.int64)

                def run(j: int, lvl: int = level, bl: I64 = blocks, st: I64 = stats) -> None:
                    _expand_block(
                        int(bl[j]), bsize, lvl, k, size, codes, words, over, out,
                        cellmap, regions4, nthw, label, regmask, over_id, kfact, weight, mdt,
                        moves_of, pc, st[j],
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
