"""Every Rush Hour puzzle of a square board, enumerated in shards: M. Fogleman's database.

What is enumerated (M. Fogleman, "Solving Rush Hour, the Puzzle", 2018,
https://www.michaelfogleman.com/rush/, and his ``rush`` repository): boards of
``size`` x ``size`` cells with the red car (length 2) on the exit row
``(size - 1) // 2`` (row 2 of 6, as on the commercial cards), cars (2 cells) and
trucks (3 cells), and ``walls`` wall cells. His rules for an *interesting*
layout: no other vehicle on the exit row (a horizontal one there would be in the
red car's way for ever, or useless behind it), walls on the exit row only to the
left of the red car, and no row whose horizontal vehicles and walls fill it, nor
column whose vertical vehicles fill it (vehicles that can never move). Every
position of every such layout falls in one *cluster* (the positions reachable from
one another); a cluster enters the database when it is

* **solvable**: one of its positions has the red car at the exit;
* **minimal**: at its hardest position (the farthest from a solved one; among
  several, the smallest pair (horizontal cells, vertical cells) as row-major
  bitboards, Fogleman's order), removing any one vehicle other than the red car,
  or any wall, makes the optimal solution strictly shorter. (Fogleman tests only
  the pieces that one optimal solution does not move: a piece that it moves is
  always needed, since that solution without its moves solves the smaller board
  in fewer moves. Both tests agree; this module uses the shortcut too.)

One row per cluster: the optimal number of moves of its hardest position, that
position (database notation), and the cluster's number of positions.

Method (Fogleman's): only *packed* positions are enumerated, where no vehicle can
slide one cell left (horizontal) or up (vertical); every cluster has one (sliding
vehicles left or up must stop). Lines are filled one at a time: the exit row,
the other rows, then the columns, each from a precomputed list of the
arrangements of its vehicles (*entries*), with the cells left of (or above) each
vehicle required to be occupied. From each packed position the compiled cluster
search (:func:`~searchlab.puzzles.rushhour.kernel._cluster`) runs with
``canonical``: it gives up as soon as it reaches a smaller state (vehicles in
line order, 3 bits each, so the cluster's smallest state is packed), so each
cluster is searched to the end exactly once, from its smallest state, with no
memory shared between searches. That makes any split of the enumeration
independent: a :class:`Shard` fixes the number of walls and the entries of the
first ``size - 3`` lines (the exit row, which places the red car and its walls,
then the top rows), and shards can run in any order, anywhere.

Published figures: the packed positions (:data:`FOGLEMAN_PACKED`, from his
``config.h``), reproduced on every board (tests; 243,502,786 on 6x6); the 6x6
database with up to two walls, 2,577,412 puzzles, the hardest of 60 moves
(:data:`FOGLEMAN_6X6_HISTOGRAM`): the target of a complete 6x6 run (hundreds of CPU
hours, see ``docs/rushhour.md``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from searchlab.errors import InputError
from searchlab.puzzles.rushhour.database import Row
from searchlab.puzzles.rushhour.kernel import MAX_VEHICLES, _cluster, reach_table
from searchlab.puzzles.rushhour.model import Board

SIZES = (4, 5, 6)
MAX_WALLS = 2
I64 = npt.NDArray[np.int64]

FOGLEMAN_6X6_AT_LEAST = (
    2577412, 2577411, 2577403, 2577227, 2575473, 2563823, 2518414, 2412682, 2236460, 1990153,
    1696046, 1396300, 1128432, 907256, 727035, 577576, 452694, 349953, 267487, 202610,
    152245, 113712, 84358, 62386, 46004, 33870, 25117, 18538, 13786, 10224,
    7757, 5919, 4458, 3398, 2537, 1883, 1395, 1022, 776, 567,
    425, 326, 234, 171, 113, 85, 63, 47, 33, 23,
    15, 13, 11, 8, 4, 2, 2, 2, 1, 1,
)  # fmt: skip
"""Puzzles of at least 1, 2, ..., 60 moves in Fogleman's 6x6 database with up to two
walls (the table his random-puzzle server draws from, ``server/main.py`` of
github.com/fogleman/rush)."""

FOGLEMAN_6X6_HISTOGRAM = {
    m: FOGLEMAN_6X6_AT_LEAST[m - 1] - (FOGLEMAN_6X6_AT_LEAST[m] if m < 60 else 0)
    for m in range(1, 61)
}
"""Puzzles by optimal moves in Fogleman's 6x6 database (up to two walls): 2,577,412 in all."""

FOGLEMAN_PACKED = {(4, 0): 1349, (4, 1): 9804, (4, 2): 33953, (5, 0): 268109}
FOGLEMAN_PACKED.update({(5, 1): 2988670, (5, 2): 16330430, (6, 0): 243502786})
FOGLEMAN_PACKED.update({(6, 1): 3670622352, (6, 2): 27403231255})
"""Packed positions enumerated for (size, up to ``walls`` walls): his ``MaxID`` plus one."""


def exit_row(size: int) -> int:
    """The red car's row: ``(size - 1) // 2`` (row 2 of 6, as the model's generator)."""
    return (size - 1) // 2


@dataclass(frozen=True, order=True, slots=True)
class Shard:
    """One unit of work: boards of ``size`` with exactly ``walls`` walls whose first
    lines (exit row, then top rows) are the entries ``prefix``."""

    size: int
    walls: int
    prefix: tuple[int, ...]

    @property
    def key(self) -> str:
        """A stable name, e.g. ``6x6/w0/3-12-0`` (the checkpoint's key)."""
        return f"{self.size}x{self.size}/w{self.walls}/" + "-".join(map(str, self.prefix))


@dataclass(frozen=True, slots=True)
class ShardResult:
    """The rows of one shard and what it cost."""

    shard: Shard
    rows: tuple[Row, ...]
    positions: int  # packed positions enumerated
    clusters: int  # clusters searched to the end (counted once each)
    solvable: int
    states: int  # positions of those clusters
    abandoned: int  # states generated by the searches given up (not from the smallest)
    tested: int  # states generated by the minimality tests
    seconds: float
    cpu: float  # CPU seconds of this process (the fair figure on a loaded machine)


class Tables(NamedTuple):
    """Every line's entries as flat arrays (what the compiled walk reads).

    Levels: 0 the exit row, 1..size-1 the other rows top to bottom, then the columns
    left to right. Entries of level ``l`` are ``lev_start[l] .. lev_start[l+1]-1``; an
    entry's vehicles are pieces ``e_pstart[e] .. e_pstart[e+1]-1``."""

    size: int
    lev_start: I64
    col_mask: I64  # a column level's cells (row-major bits); 0 for rows
    e_mask: I64  # cells of the entry (vehicles and walls)
    e_req: I64  # cells that must be occupied: left of / above each vehicle
    e_walls: I64
    e_brow: I64  # walls, row-major bits
    e_bcol: I64  # walls, column-major bits (the kernel's second bitboard)
    e_pstart: I64
    p_horiz: npt.NDArray[np.bool_]
    p_line: I64
    p_len: I64
    p_pos: I64
    p_lsh: I64
    p_lmask: I64
    p_limit: I64
    p_mrow: I64  # (pieces, 8): a piece's cells at each position, row-major
    p_mcol: I64  # (pieces, 8): the same, column-major


Arrangement = list[tuple[int, int]]
"""The pieces of one line as (start, length), length 1 a wall."""


def _arrangements(n: int, sizes: tuple[int, ...]) -> list[Arrangement]:
    """Every way to put pieces of ``sizes`` on a line of ``n`` cells, as (start, length)."""
    out: list[Arrangement] = []

    def place(x: int, pieces: list[tuple[int, int]]) -> None:
        if x >= n:
            out.append(list(pieces))
            return
        for s in sizes:
            if x + s <= n:
                pieces.append((x, s))
                place(x + s, pieces)
                pieces.pop()
        place(x + 1, pieces)

    place(0, [])
    return out


@lru_cache(maxsize=16)
def _levels(size: int, walls: int) -> list[list[tuple[Arrangement, bool, int]]]:
    """Each level's entries as (arrangement, horizontal, line), in table order."""
    n = size
    red_row = exit_row(n)
    rows = [red_row, *(r for r in range(n) if r != red_row)]
    levels: list[list[tuple[Arrangement, bool, int]]] = []
    for r in rows:
        entries = []
        for arr in _arrangements(n, (1, 2, 3) if walls else (2, 3)):
            used = sum(s for _, s in arr)
            wall_count = sum(1 for _, s in arr if s == 1)
            if used >= n or wall_count > walls:
                continue
            movers = [(x, s) for x, s in arr if s > 1]
            if r == red_row:
                # the red car alone (length 2), walls only to its left
                if len(movers) != 1 or movers[0][1] != 2:
                    continue
                if any(x > movers[0][0] for x, s in arr if s == 1):
                    continue
            entries.append((arr, True, r))
        levels.append(entries)
    for c in range(n):
        levels.append(
            [(arr, False, c) for arr in _arrangements(n, (2, 3)) if sum(s for _, s in arr) < n]
        )
    return levels


@lru_cache(maxsize=16)
def tables(size: int, walls: int) -> Tables:
    """The entries of every line of a ``size`` board with at most ``walls`` walls."""
    n = size
    levels = _levels(size, walls)

    def bit(r: int, c: int) -> int:
        return 1 << (r * n + c)

    lev_start, col_mask = [0], []
    e_mask, e_req, e_walls, e_brow, e_bcol, e_pstart = [], [], [], [], [], [0]
    pieces: list[tuple[bool, int, int, int]] = []  # horizontal, line, length, start
    for entries in levels:
        for arr, horizontal, line in entries:
            mask = req = brow = bcol = nwalls = 0
            for x, s in arr:
                for k in range(s):
                    mask |= bit(line, x + k) if horizontal else bit(x + k, line)
            for x, s in arr:
                if s == 1:
                    nwalls += 1
                    brow |= bit(line, x)
                    bcol |= 1 << (x * n + line)
                    continue
                pieces.append((horizontal, line, s, x))
                if x > 0:
                    before = bit(line, x - 1) if horizontal else bit(x - 1, line)
                    if not mask & before:
                        req |= before
            e_mask.append(mask)
            e_req.append(req)
            e_walls.append(nwalls)
            e_brow.append(brow)
            e_bcol.append(bcol)
            e_pstart.append(len(pieces))
        lev_start.append(len(e_mask))
        horizontal_level = entries[0][1] if entries else True
        col_mask.append(0 if horizontal_level else sum(bit(r, entries[0][2]) for r in range(n)))
    p = len(pieces)
    mrow = np.zeros((p, 8), np.int64)
    mcol = np.zeros((p, 8), np.int64)
    for i, (horizontal, line, s, _) in enumerate(pieces):
        for pos in range(n - s + 1):
            for k in range(s):
                r, c = (line, pos + k) if horizontal else (pos + k, line)
                mrow[i, pos] |= 1 << (r * n + c)
                mcol[i, pos] |= 1 << (c * n + r)

    def arr64(values: list[int]) -> I64:
        return np.array(values, np.int64)

    return Tables(
        size=n,
        lev_start=arr64(lev_start),
        col_mask=arr64(col_mask),
        e_mask=arr64(e_mask),
        e_req=arr64(e_req),
        e_walls=arr64(e_walls),
        e_brow=arr64(e_brow),
        e_bcol=arr64(e_bcol),
        e_pstart=arr64(e_pstart),
        p_horiz=np.array([h for h, _, _, _ in pieces], np.bool_),
        p_line=arr64([line for _, line, _, _ in pieces]),
        p_len=arr64([s for _, _, s, _ in pieces]),
        p_pos=arr64([x for _, _, _, x in pieces]),
        p_lsh=arr64([line * n for _, line, _, _ in pieces]),
        p_lmask=np.full(p, (1 << n) - 1, np.int64),
        p_limit=np.full(p, n, np.int64),
        p_mrow=mrow,
        p_mcol=mcol,
    )


def depth(size: int) -> int:
    """Lines a shard fixes: the exit row, then ``size - 4`` top rows (1 on 4x4, 3 on 6x6)."""
    return size - 3


def check(size: int, walls: int) -> None:
    """An :class:`InputError` unless ``size`` is 4, 5 or 6 and ``walls`` 0..2."""
    if size not in SIZES:
        raise InputError(f"--size {size}: the enumeration covers 4x4, 5x5 and 6x6 boards")
    if not 0 <= walls <= MAX_WALLS:
        raise InputError(f"--walls {walls}: from 0 to {MAX_WALLS} walls")


def shards(size: int, walls: int) -> list[Shard]:
    """Every shard of the boards of ``size`` with up to ``walls`` walls, in a fixed order
    (fewest walls first, then by the entries of the fixed lines)."""
    check(size, walls)
    out: list[Shard] = []
    for k in range(walls + 1):
        t = tables(size, k)
        d = depth(size)
        ranges = [range(int(t.lev_start[lv]), int(t.lev_start[lv + 1])) for lv in range(d)]
        for prefix in product(*ranges):
            if sum(int(t.e_walls[e]) for e in prefix) <= k:
                out.append(Shard(size, k, tuple(prefix)))
    return out


@njit(cache=True, nogil=True)
def _walk(
    t_size: int,
    lev_start: I64,
    col_mask: I64,
    e_mask: I64,
    e_req: I64,
    e_walls: I64,
    e_brow: I64,
    e_bcol: I64,
    e_pstart: I64,
    p_horiz: npt.NDArray[np.bool_],
    p_line: I64,
    p_len: I64,
    p_pos: I64,
    p_lsh: I64,
    p_lmask: I64,
    p_limit: I64,
    p_mrow: I64,
    p_mcol: I64,
    reach: npt.NDArray[np.int8],
    prefix: I64,
    walls: int,
    goal: int,
    count_only: bool,
) -> tuple[I64, npt.NDArray[np.int32], I64, npt.NDArray[np.int8]]:
    """Enumerate the packed positions of one shard, search each cluster from its
    smallest state, keep the solvable minimal ones.

    Returns ``(stats, moves, sizes, cells)``: stats = positions, clusters, solvable,
    states (of those clusters), rows, states generated by the searches given up
    (not canonical), states generated by the minimality tests; one row per kept
    cluster, ``cells`` ``size*size`` labels per row (0 empty, -1 wall, ``i+1``
    vehicle ``i``, the red car 1). The walk is an explicit
    stack over the levels (depth-first, entries in table order).

    ``nogil``: the walk releases the GIL, so a Dask worker running a shard (minutes on
    6x6) still answers its scheduler: it sends the previous shard's result and its
    heartbeats meanwhile, and Ctrl-C in the client is not held up by it."""
    n = t_size
    levels = lev_start.shape[0] - 1
    last_row = n - 1
    mv = MAX_VEHICLES
    horiz = np.zeros(mv, np.bool_)
    lsh = np.zeros(mv, np.int64)
    lmask = np.zeros(mv, np.int64)
    length = np.zeros(mv, np.int64)
    limit = np.zeros(mv, np.int64)
    line = np.zeros(mv, np.int64)
    pos = np.zeros(mv, np.int64)
    mrow = np.zeros((mv, 8), np.int64)
    mcol = np.zeros((mv, 8), np.int64)
    r_horiz = np.zeros(mv, np.bool_)
    r_lsh = np.zeros(mv, np.int64)
    r_lmask = np.zeros(mv, np.int64)
    r_length = np.zeros(mv, np.int64)
    r_limit = np.zeros(mv, np.int64)
    r_mrow = np.zeros((mv, 8), np.int64)
    r_mcol = np.zeros((mv, 8), np.int64)
    mask_s = np.zeros(levels + 1, np.int64)
    req_s = np.zeros(levels + 1, np.int64)
    nveh_s = np.zeros(levels + 1, np.int64)
    walls_s = np.zeros(levels + 1, np.int64)
    brow_s = np.zeros(levels + 1, np.int64)
    bcol_s = np.zeros(levels + 1, np.int64)
    choice = np.zeros(levels, np.int64)
    stats = np.zeros(7, np.int64)
    room = 256
    out_moves = np.empty(room, np.int32)
    out_sizes = np.empty(room, np.int64)
    out_cells = np.empty(room * n * n, np.int8)
    rows = 0
    cap = 1 << 62

    fixed = prefix.shape[0]
    lv = 0
    while True:
        # choose the next entry at level lv (fixed levels have exactly one)
        if lv < fixed:
            e = prefix[lv] if choice[lv] == 0 else -1
            choice[lv] = 1
        else:
            e = choice[lv]
            choice[lv] += 1
            if e >= lev_start[lv + 1]:
                e = -1
        if e < 0:
            if lv == 0:
                break
            lv -= 1
            continue
        m = mask_s[lv]
        if e_mask[e] & m:
            continue
        w = walls_s[lv] + e_walls[e]
        if w > walls or (lv == last_row and w != walls):
            continue
        cm = col_mask[lv]
        if cm:
            if (m & e_req[e]) != e_req[e]:
                continue
            need = req_s[lv] & cm
            if (e_mask[e] & need) != need:
                continue
        k = nveh_s[lv]
        for q in range(e_pstart[e], e_pstart[e + 1]):
            horiz[k] = p_horiz[q]
            lsh[k] = p_lsh[q]
            lmask[k] = p_lmask[q]
            length[k] = p_len[q]
            limit[k] = p_limit[q]
            line[k] = p_line[q]
            pos[k] = p_pos[q]
            for x in range(8):
                mrow[k, x] = p_mrow[q, x]
                mcol[k, x] = p_mcol[q, x]
            k += 1
        mask_s[lv + 1] = m | e_mask[e]
        req_s[lv + 1] = req_s[lv] | e_req[e]
        walls_s[lv + 1] = w
        brow_s[lv + 1] = brow_s[lv] | e_brow[e]
        bcol_s[lv + 1] = bcol_s[lv] | e_bcol[e]
        nveh_s[lv + 1] = k
        if lv + 1 < levels:
            lv += 1
            choice[lv] = 0 if lv < fixed else lev_start[lv]
            continue
        # a packed position: its vehicles are 0..k-1, the red car first
        stats[0] += 1
        if count_only:
            continue
        nv = k
        start = 0
        for i in range(nv):
            start |= pos[i] << (3 * i)
        brow = brow_s[levels]
        bcol = bcol_s[levels]
        size, moves, hardest, _, moved = _cluster(
            start,
            horiz[:nv],
            lsh[:nv],
            lmask[:nv],
            length[:nv],
            limit[:nv],
            mrow[:nv],
            mcol[:nv],
            reach,
            brow,
            bcol,
            goal,
            cap,
            False,
            True,
            True,
        )
        if size == -2:
            stats[5] += moves
            continue
        stats[1] += 1
        stats[3] += size
        if moves < 0:
            continue
        stats[2] += 1
        minimal = True
        # a vehicle that one optimal solution does not move: is it needed?
        for i in range(1, nv):
            if (moved >> i) & 1:
                continue
            r = 0
            reduced = 0
            for j in range(nv):
                if j == i:
                    continue
                r_horiz[r] = horiz[j]
                r_lsh[r] = lsh[j]
                r_lmask[r] = lmask[j]
                r_length[r] = length[j]
                r_limit[r] = limit[j]
                for x in range(8):
                    r_mrow[r, x] = mrow[j, x]
                    r_mcol[r, x] = mcol[j, x]
                reduced |= ((hardest >> (3 * j)) & 7) << (3 * r)
                r += 1
            found = _cluster(
                reduced,
                r_horiz[:r],
                r_lsh[:r],
                r_lmask[:r],
                r_length[:r],
                r_limit[:r],
                r_mrow[:r],
                r_mcol[:r],
                reach,
                brow,
                bcol,
                goal,
                cap,
                True,
                False,
                False,
            )
            stats[6] += found[0]
            if found[1] == moves:
                minimal = False
                break
        # every wall: is it needed?
        b = 0
        while minimal and b < n * n:
            if (brow >> b) & 1:
                rr = b // n
                cc = b % n
                found = _cluster(
                    hardest,
                    horiz[:nv],
                    lsh[:nv],
                    lmask[:nv],
                    length[:nv],
                    limit[:nv],
                    mrow[:nv],
                    mcol[:nv],
                    reach,
                    brow & ~(1 << b),
                    bcol & ~(1 << (cc * n + rr)),
                    goal,
                    cap,
                    True,
                    False,
                    False,
                )
                stats[6] += found[0]
                if found[1] == moves:
                    minimal = False
            b += 1
        if not minimal:
            continue
        if rows == out_moves.shape[0]:
            grown_moves = np.empty(2 * rows, np.int32)
            grown_moves[:rows] = out_moves
            out_moves = grown_moves
            grown_sizes = np.empty(2 * rows, np.int64)
            grown_sizes[:rows] = out_sizes
            out_sizes = grown_sizes
            grown_cells = np.empty(2 * rows * n * n, np.int8)
            grown_cells[: rows * n * n] = out_cells
            out_cells = grown_cells
        out_moves[rows] = moves
        out_sizes[rows] = size
        base = rows * n * n
        for c in range(n * n):
            out_cells[base + c] = -1 if (brow >> c) & 1 else 0
        for i in range(nv):
            p = (hardest >> (3 * i)) & 7
            for x in range(length[i]):
                if horiz[i]:
                    out_cells[base + line[i] * n + p + x] = i + 1
                else:
                    out_cells[base + (p + x) * n + line[i]] = i + 1
        rows += 1
    stats[4] = rows
    return stats, out_moves[:rows], out_sizes[:rows], out_cells[: rows * n * n]


def _run(
    shard: Shard, count_only: bool
) -> tuple[I64, npt.NDArray[np.int32], I64, npt.NDArray[np.int8]]:
    t = tables(shard.size, shard.walls)
    return _walk(
        t.size,
        t.lev_start,
        t.col_mask,
        t.e_mask,
        t.e_req,
        t.e_walls,
        t.e_brow,
        t.e_bcol,
        t.e_pstart,
        t.p_horiz,
        t.p_line,
        t.p_len,
        t.p_pos,
        t.p_lsh,
        t.p_lmask,
        t.p_limit,
        t.p_mrow,
        t.p_mcol,
        reach_table(),
        np.array(shard.prefix, np.int64),
        shard.walls,
        shard.size - 2,
        count_only,
    )


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def board_text(cells: npt.NDArray[np.int8]) -> str:
    """Cell labels (0 empty, -1 wall, 1 the red car, 2.. other vehicles) in the database
    notation: 'o' empty, 'x' wall, 'A' the red car, then B, C, ... in reading order."""
    names = {1: "A"}
    out = []
    for label in cells.tolist():
        if label == 0:
            out.append("o")
        elif label < 0:
            out.append("x")
        else:
            if label not in names:
                names[label] = LETTERS[len(names)]
            out.append(names[label])
    return "".join(out)


def run_shard(shard: Shard) -> ShardResult:
    """Enumerate one shard: its rows and counts (compiled; the first call on a machine
    compiles the kernel, a few seconds, afterwards loaded from Numba's cache)."""
    t0, c0 = time.perf_counter(), time.process_time()
    stats, moves, sizes, cells = _run(shard, count_only=False)
    cc = shard.size * shard.size
    rows = tuple(
        Row(int(moves[i]), board_text(cells[i * cc : (i + 1) * cc]), int(sizes[i]))
        for i in range(moves.shape[0])
    )
    return ShardResult(
        shard,
        rows,
        positions=int(stats[0]),
        clusters=int(stats[1]),
        solvable=int(stats[2]),
        states=int(stats[3]),
        abandoned=int(stats[5]),
        tested=int(stats[6]),
        seconds=time.perf_counter() - t0,
        cpu=time.process_time() - c0,
    )


def shard_of(board: Board) -> Shard:
    """The shard that finds ``board``'s cluster: the one holding the cluster's smallest
    state (vehicles in the enumeration's order: the red car, the horizontal vehicles
    row by row, the vertical ones column by column). For checks against published
    puzzles; raises :class:`InputError` when the board is not one the enumeration
    covers (size, exit row, walls, Fogleman's rules)."""
    n = board.width
    check(n if board.height == n else 0, len(board.walls))
    if board.exit_row != exit_row(n):
        raise InputError(f"the red car of a {n}x{n} board is on row {exit_row(n) + 1} here")
    rest = board.vehicles[1:]
    ordered = Board(
        n,
        n,
        (
            board.vehicles[0],
            *sorted((v for v in rest if v.horizontal), key=lambda v: (v.row, v.col)),
            *sorted((v for v in rest if not v.horizontal), key=lambda v: (v.col, v.row)),
        ),
        board.walls,
    )
    from searchlab.puzzles.rushhour import kernel

    smallest = kernel.cluster_summary(ordered)[3]
    packed = ordered.with_positions(kernel.unpack(smallest, len(ordered.vehicles)))
    walls = len(board.walls)
    levels = _levels(n, walls)
    starts = tables(n, walls).lev_start
    red_row = exit_row(n)
    lines = [red_row, *(r for r in range(n) if r != red_row)]
    prefix = []
    for lv in range(depth(n)):
        row = lines[lv]
        arr = sorted(
            [(v.col, v.length) for v in packed.vehicles if v.horizontal and v.row == row]
            + [(c, 1) for r, c in packed.walls if r == row]
        )
        found = [i for i, (a, _, _) in enumerate(levels[lv]) if a == arr]
        if not found:
            raise InputError(f"row {row + 1} breaks Fogleman's rules for an interesting board")
        prefix.append(int(starts[lv]) + found[0])
    return Shard(n, walls, tuple(prefix))


def warm_up() -> None:
    """Compile the shard walk now, or load it from Numba's cache (``cache=True``: the
    first call after an install compiles, about 20 CPU seconds; later calls, in any
    process, load it in a fraction of a second). Builders call it in the parent process
    before starting workers, so the workers load the cached code instead of each
    compiling it (see :func:`~searchlab.puzzles.rushhour.kernel.prepare`)."""
    count_positions(shards(4, 0)[0])


def count_positions(shard: Shard) -> int:
    """The packed positions of ``shard`` (enumeration only, no search)."""
    return int(_run(shard, count_only=True)[0][0])
