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
  in fewer moves. Both tests agree; this module uses the shortcut too, over every
  optimal solution rather than one.)

Work that cannot yield a row is skipped, each skip proved where it is made: a position
whose cluster is proved unsolvable or not minimal from where its vehicles can ever be
(:mod:`~searchlab.puzzles.rushhour.skips`) is counted, not searched; a minimality test
only looks for a solution within one move fewer (:func:`_minimal`); a piece moved by
any optimal solution is needed without a test.

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

from .database import MAX_WALLS, SIZES, Row
from .kernel import MAX_VEHICLES, NO_HORIZON, _cluster, reach_table
from .model import Board
from .skips import SEARCH, UNSOLVABLE, verdict

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
I8 = npt.NDArray[np.int8]

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
    hopeless: int = 0  # packed positions not searched: proved unsolvable (skips.py)
    needless: int = 0  # packed positions not searched: a piece proved needless (skips.py)


class Pieces(NamedTuple):
    """Vehicles in the layout the compiled cluster search reads, one array slot per
    vehicle: the pieces of every entry (:attr:`Tables.pieces`), or the vehicles of the
    position the walk is building (the red car first, then in line order)."""

    horiz: Bools
    line: I64  # its row (horizontal) or column (vertical)
    length: I64
    pos: I64  # its place along the line, in the entry
    lsh: I64  # where its line starts in the kernel's bitboard (row- or column-major)
    lmask: I64  # the line's cells, from there
    limit: I64  # the line's length
    mrow: I64  # (vehicles, 8): its cells at each place, row-major bits
    mcol: I64  # (vehicles, 8): the same, column-major bits


E_MASK, E_REQ, E_WALLS, E_BROW, E_BCOL, E_FIRST, E_END = range(7)
"""Columns of :attr:`Tables.entries`, one row per arrangement of a line (an *entry*):
its cells (vehicles and walls), the cells that must be occupied (left of / above each
vehicle), its walls (count, row-major bits, column-major bits: the kernel's second
bitboard), and its vehicles, pieces ``E_FIRST .. E_END-1`` of :attr:`Tables.pieces`."""


class Tables(NamedTuple):
    """Every line's entries (what the compiled walk reads).

    Levels: 0 the exit row, 1..size-1 the other rows top to bottom, then the columns
    left to right. Entries of level ``l`` are ``lev_start[l] .. lev_start[l+1]-1``."""

    size: int
    lev_start: I64
    col_mask: I64  # a column level's cells (row-major bits); 0 for rows
    entries: I64  # (entries, 7): columns E_MASK .. E_END
    blocks: Bools  # (entries, 2**size): a column entry that, with walls at these rows
    # (bit r: row r), can never leave the exit row free (see _blocks_exit)
    pieces: Pieces


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


def _blocks_exit(lengths: list[int], walls: int, n: int, row: int) -> bool:
    """No placement of vertical vehicles of ``lengths`` (top to bottom, in this order)
    on a column of ``n`` cells with walls at the rows of ``walls`` (bit r: row r) leaves
    row ``row`` free. Vehicles of one column never leave it nor pass one another, and
    walls never move, so a column right of the red car that blocks the exit row makes
    every position of the cluster unsolvable (see :func:`_walk`)."""
    if (walls >> row) & 1:
        return True

    def fits(i: int, top: int) -> bool:
        if i == len(lengths):
            return True
        for y in range(top, n - lengths[i] + 1):
            cells = ((1 << lengths[i]) - 1) << y
            if not cells & walls and not y <= row < y + lengths[i] and fits(i + 1, y + lengths[i]):
                return True
        return False

    return not fits(0, 0)


@lru_cache(maxsize=16)
def tables(size: int, walls: int) -> Tables:
    """The entries of every line of a ``size`` board with at most ``walls`` walls."""
    n = size
    levels = _levels(size, walls)

    def bit(r: int, c: int) -> int:
        return 1 << (r * n + c)

    lev_start, col_mask = [0], []
    e_mask, e_req, e_walls, e_brow, e_bcol, e_pstart = [], [], [], [], [], [0]
    e_blocks: list[list[bool]] = []
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
            lengths = [s for _, s in sorted(arr)]
            e_blocks.append(
                [not horizontal and _blocks_exit(lengths, w, n, exit_row(n)) for w in range(1 << n)]
            )
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
        entries=np.array(
            list(
                zip(
                    e_mask, e_req, e_walls, e_brow, e_bcol, e_pstart[:-1], e_pstart[1:], strict=True
                )
            ),
            np.int64,
        ).reshape(len(e_mask), E_END + 1),
        blocks=np.array(e_blocks, np.bool_).reshape(len(e_mask), 1 << n),
        pieces=Pieces(
            horiz=np.array([h for h, _, _, _ in pieces], np.bool_),
            line=arr64([line for _, line, _, _ in pieces]),
            length=arr64([s for _, _, s, _ in pieces]),
            pos=arr64([x for _, _, _, x in pieces]),
            lsh=arr64([line * n for _, line, _, _ in pieces]),
            lmask=np.full(p, (1 << n) - 1, np.int64),
            limit=np.full(p, n, np.int64),
            mrow=mrow,
            mcol=mcol,
        ),
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
            if sum(int(t.entries[e, E_WALLS]) for e in prefix) <= k:
                out.append(Shard(size, k, tuple(prefix)))
    return out


POSITIONS, CLUSTERS, SOLVABLE, STATES, ROWS, ABANDONED, TESTED, HOPELESS, NEEDLESS = range(9)
"""Slots of the walk's counters (see :class:`ShardResult`)."""


CHOICE, MASK, REQ, WALLS, BROW, BCOL, VEHICLES, HOPELESS = range(8)
"""Columns of the walk's stack (an int array, one row per level): row ``l`` holds the
next entry to try at level ``l`` (``CHOICE``) and what the lines of levels
``0 .. l-1`` placed: cells occupied (``MASK``), cells that must be occupied, left of or
above each vehicle (``REQ``), walls (count, row-major and column-major bits),
vehicles (the walk's fleet holds them in slots ``0 .. VEHICLES-1``), and ``HOPELESS``
(1: a column right of the red car blocks the exit row for ever)."""


class Found(NamedTuple):
    """The rows kept so far, in arrays grown by doubling."""

    moves: npt.NDArray[np.int32]
    sizes: I64
    cells: I8  # size*size labels per row: 0 empty, -1 wall, i+1 vehicle i


@njit(cache=True, nogil=True)
def _fleet(room: int) -> Pieces:
    """Room for ``room`` vehicles."""
    return Pieces(
        np.zeros(room, np.bool_),
        np.zeros(room, np.int64),
        np.zeros(room, np.int64),
        np.zeros(room, np.int64),
        np.zeros(room, np.int64),
        np.zeros(room, np.int64),
        np.zeros(room, np.int64),
        np.zeros((room, 8), np.int64),
        np.zeros((room, 8), np.int64),
    )


@njit(cache=True, nogil=True, inline="always")
def _copy(src: Pieces, q: int, dst: Pieces, k: int) -> None:
    """Vehicle ``q`` of ``src`` into slot ``k`` of ``dst``."""
    dst.horiz[k] = src.horiz[q]
    dst.line[k] = src.line[q]
    dst.length[k] = src.length[q]
    dst.pos[k] = src.pos[q]
    dst.lsh[k] = src.lsh[q]
    dst.lmask[k] = src.lmask[q]
    dst.limit[k] = src.limit[q]
    for x in range(8):
        dst.mrow[k, x] = src.mrow[q, x]
        dst.mcol[k, x] = src.mcol[q, x]


@njit(cache=True, nogil=True, inline="always")
def _fleet_cluster(
    fleet: Pieces,
    nv: int,
    state: int,
    brow: int,
    bcol: int,
    reach: I8,
    goal: int,
    nearest: bool,
    canonical: bool,
    horizon: int,
) -> tuple[int, int, int, int, int]:
    """:func:`~searchlab.puzzles.rushhour.kernel._cluster` of ``state``, the first ``nv``
    vehicles of ``fleet``, with no size cap (``detail`` goes with ``canonical``)."""
    return _cluster(
        state,
        fleet.horiz[:nv],
        fleet.lsh[:nv],
        fleet.lmask[:nv],
        fleet.length[:nv],
        fleet.limit[:nv],
        fleet.mrow[:nv],
        fleet.mcol[:nv],
        reach,
        brow,
        bcol,
        goal,
        1 << 62,
        nearest,
        canonical,
        canonical,
        horizon,
    )


@njit(cache=True, nogil=True)
def _canonical(
    fleet: Pieces, nv: int, state: int, brow: int, bcol: int, reach: I8, goal: int
) -> tuple[int, int, int, int, int]:
    """The cluster of ``state`` (the first ``nv`` vehicles of ``fleet``) searched from it
    to the end unless it meets a smaller state:
    :func:`~searchlab.puzzles.rushhour.kernel._cluster` with ``canonical`` and
    ``detail``."""
    return _fleet_cluster(fleet, nv, state, brow, bcol, reach, goal, False, True, NO_HORIZON)


@njit(cache=True, nogil=True)
def _nearest(
    fleet: Pieces, nv: int, state: int, brow: int, bcol: int, reach: I8, goal: int, horizon: int
) -> tuple[int, int, int, int, int]:
    """Breadth-first search from ``state`` to a solved position within ``horizon`` moves
    (distance -1: none): :func:`~searchlab.puzzles.rushhour.kernel._cluster` with
    ``nearest``."""
    return _fleet_cluster(fleet, nv, state, brow, bcol, reach, goal, True, False, horizon)


@njit(cache=True, nogil=True, inline="always")
def _next_entry(t: Tables, prefix: I64, stack: I64, lv: int) -> int:
    """The next entry to try at level ``lv`` (-1: none left). A shard fixes the entries
    of its first levels (``prefix``), the others run through their level's table."""
    if lv < prefix.shape[0]:
        e = prefix[lv] if stack[lv, CHOICE] == 0 else -1
        stack[lv, CHOICE] = 1
        return e
    e = stack[lv, CHOICE]
    stack[lv, CHOICE] += 1
    return e if e < t.lev_start[lv + 1] else -1


@njit(cache=True, nogil=True, inline="always")
def _fits(t: Tables, stack: I64, lv: int, e: int, walls: int) -> bool:
    """Entry ``e`` can go on the lines placed so far: its cells are free; the walls stay
    within ``walls`` (exactly ``walls`` once the rows are placed); a column's entry has
    the cells above its vehicles occupied, and occupies the cells the rows required."""
    ent = t.entries
    m = stack[lv, MASK]
    if ent[e, E_MASK] & m:
        return False
    w = stack[lv, WALLS] + ent[e, E_WALLS]
    if w > walls or (lv == t.size - 1 and w != walls):
        return False
    cm = t.col_mask[lv]
    if cm:
        if (m & ent[e, E_REQ]) != ent[e, E_REQ]:
            return False
        need = stack[lv, REQ] & cm
        if (ent[e, E_MASK] & need) != need:
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _place(t: Tables, stack: I64, fleet: Pieces, lv: int, e: int) -> None:
    """Entry ``e`` at level ``lv``: its vehicles join the fleet, slot ``lv + 1`` of the
    stack holds the lines placed so far."""
    ent = t.entries
    k = stack[lv, VEHICLES]
    for q in range(ent[e, E_FIRST], ent[e, E_END]):
        _copy(t.pieces, q, fleet, k)
        k += 1
    stack[lv + 1, MASK] = stack[lv, MASK] | ent[e, E_MASK]
    stack[lv + 1, REQ] = stack[lv, REQ] | ent[e, E_REQ]
    stack[lv + 1, WALLS] = stack[lv, WALLS] + ent[e, E_WALLS]
    stack[lv + 1, BROW] = stack[lv, BROW] | ent[e, E_BROW]
    stack[lv + 1, BCOL] = stack[lv, BCOL] | ent[e, E_BCOL]
    stack[lv + 1, VEHICLES] = k
    n = t.size
    c = lv - n  # the column of a column level
    blocked = (
        t.col_mask[lv] != 0
        and c >= fleet.pos[0] + 2
        and t.blocks[e, (stack[lv, BCOL] >> (c * n)) & ((1 << n) - 1)]
    )
    stack[lv + 1, HOPELESS] = 1 if blocked else stack[lv, HOPELESS]


@njit(cache=True, nogil=True)
def _without(fleet: Pieces, nv: int, i: int, state: int, out: Pieces) -> int:
    """The first ``nv`` vehicles of ``fleet`` but vehicle ``i`` into ``out`` (same order);
    returns ``state`` without vehicle ``i``."""
    reduced = 0
    r = 0
    for j in range(nv):
        if j != i:
            _copy(fleet, j, out, r)
            reduced |= ((state >> (3 * j)) & 7) << (3 * r)
            r += 1
    return reduced


@njit(cache=True, nogil=True)
def _minimal(
    fleet: Pieces,
    spare: Pieces,
    nv: int,
    hardest: int,
    moves: int,
    moved: int,
    brow: int,
    bcol: int,
    reach: I8,
    goal: int,
    n: int,
    stats: I64,
) -> bool:
    """Every piece is needed at ``hardest`` (``moves`` from the goal): without any one
    vehicle (the red car aside) or wall, it is solved in fewer moves. Vehicles that some
    optimal solution moves (bits of ``moved``: the kernel follows every optimal solution,
    not only the one Fogleman's solver returns) are needed: that solution, without their
    moves, solves the smaller board in fewer moves. Removing a piece never makes a
    position harder, so each test only asks for a solution within ``moves - 1`` moves
    (the search stops there). ``spare`` is scratch room."""
    for i in range(1, nv):
        if (moved >> i) & 1:
            continue
        reduced = _without(fleet, nv, i, hardest, spare)
        found = _nearest(spare, nv - 1, reduced, brow, bcol, reach, goal, moves - 1)
        stats[TESTED] += found[0]
        if not 0 <= found[1] < moves:  # none within moves - 1
            return False
    for b in range(n * n):
        if (brow >> b) & 1:
            cb = (b % n) * n + b // n  # the same cell, column-major
            found = _nearest(
                fleet, nv, hardest, brow & ~(1 << b), bcol & ~(1 << cb), reach, goal, moves - 1
            )
            stats[TESTED] += found[0]
            if not 0 <= found[1] < moves:
                return False
    return True


@njit(cache=True, nogil=True)
def _keep(
    found: Found,
    rows: int,
    n: int,
    moves: int,
    size: int,
    hardest: int,
    fleet: Pieces,
    nv: int,
    brow: int,
) -> Found:
    """Row ``rows``: the cluster's moves and size, and its hardest position's cells."""
    if rows == found.moves.shape[0]:
        grown = Found(
            np.empty(2 * rows, np.int32),
            np.empty(2 * rows, np.int64),
            np.empty(2 * rows * n * n, np.int8),
        )
        grown.moves[:rows] = found.moves
        grown.sizes[:rows] = found.sizes
        grown.cells[: rows * n * n] = found.cells
        found = grown
    found.moves[rows] = moves
    found.sizes[rows] = size
    base = rows * n * n
    for c in range(n * n):
        found.cells[base + c] = -1 if (brow >> c) & 1 else 0
    for i in range(nv):
        p = (hardest >> (3 * i)) & 7
        for x in range(fleet.length[i]):
            if fleet.horiz[i]:
                found.cells[base + fleet.line[i] * n + p + x] = i + 1
            else:
                found.cells[base + (p + x) * n + fleet.line[i]] = i + 1
    return found


@njit(cache=True, nogil=True)
def _walk(
    t: Tables, reach: I8, prefix: I64, walls: int, goal: int, count_only: bool
) -> tuple[I64, npt.NDArray[np.int32], I64, I8]:
    """Enumerate the packed positions of one shard, search each cluster from its
    smallest state, keep the solvable minimal ones.

    Depth-first over the levels (an explicit stack, :data:`CHOICE` ..; entries in table
    order): at each level the next entry that :func:`_fits` is placed, and a position
    is complete when every line is. From each one the cluster search runs in its
    canonical mode; a cluster searched to the end that is solvable and
    :func:`_minimal` is a row.

    Returns ``(stats, moves, sizes, cells)``: the counters (slots ``POSITIONS`` ..
    ``TESTED``), then one row per kept cluster (``cells``: ``size*size`` labels per
    row, 0 empty, -1 wall, ``i+1`` vehicle ``i``, the red car 1).

    ``nogil``: the walk releases the GIL, so a Dask worker running a shard (minutes on
    6x6) still answers its scheduler: it sends the previous shard's result and its
    heartbeats meanwhile, and Ctrl-C in the client is not held up by it."""
    n = t.size
    levels = t.lev_start.shape[0] - 1
    fleet = _fleet(MAX_VEHICLES)
    spare = _fleet(MAX_VEHICLES)
    stack = np.zeros((levels + 1, HOPELESS + 1), np.int64)
    stats = np.zeros(9, np.int64)
    found = Found(np.empty(256, np.int32), np.empty(256, np.int64), np.empty(256 * n * n, np.int8))
    rows = 0
    lv = 0
    while True:
        e = _next_entry(t, prefix, stack, lv)
        if e < 0:
            if lv == 0:
                break
            lv -= 1
            continue
        if not _fits(t, stack, lv, e, walls):
            continue
        _place(t, stack, fleet, lv, e)
        if lv + 1 < levels:
            lv += 1
            stack[lv, CHOICE] = 0 if lv < prefix.shape[0] else t.lev_start[lv]
            continue
        # a packed position: its vehicles are the fleet's first nv, the red car first
        stats[POSITIONS] += 1
        if count_only:
            continue
        if stack[levels, HOPELESS]:  # unsolvable, whichever cluster it is in: no row
            stats[HOPELESS] += 1
            continue
        nv = stack[levels, VEHICLES]
        brow = stack[levels, BROW]
        bcol = stack[levels, BCOL]
        why = verdict(fleet.horiz, fleet.line, fleet.length, fleet.pos, nv, brow, n, goal)
        if why != SEARCH:  # proved to yield no row (skips.py)
            stats[HOPELESS if why == UNSOLVABLE else NEEDLESS] += 1
            continue
        start = 0
        for i in range(nv):
            start |= fleet.pos[i] << (3 * i)
        size, moves, hardest, _, moved = _canonical(fleet, nv, start, brow, bcol, reach, goal)
        if size == -2:  # a smaller state: the cluster is searched from it, elsewhere
            stats[ABANDONED] += moves
            continue
        stats[CLUSTERS] += 1
        stats[STATES] += size
        if moves < 0:
            continue
        stats[SOLVABLE] += 1
        if _minimal(fleet, spare, nv, hardest, moves, moved, brow, bcol, reach, goal, n, stats):
            found = _keep(found, rows, n, moves, size, hardest, fleet, nv, brow)
            rows += 1
    stats[ROWS] = rows
    return stats, found.moves[:rows], found.sizes[:rows], found.cells[: rows * n * n]


def _run(shard: Shard, count_only: bool) -> tuple[I64, npt.NDArray[np.int32], I64, I8]:
    t = tables(shard.size, shard.walls)
    prefix = np.array(shard.prefix, np.int64)
    return _walk(t, reach_table(), prefix, shard.walls, shard.size - 2, count_only)


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
        positions=int(stats[POSITIONS]),
        clusters=int(stats[CLUSTERS]),
        solvable=int(stats[SOLVABLE]),
        states=int(stats[STATES]),
        abandoned=int(stats[ABANDONED]),
        tested=int(stats[TESTED]),
        hopeless=int(stats[HOPELESS]),
        needless=int(stats[NEEDLESS]),
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
    from . import kernel

    smallest = kernel.cluster_summary(ordered)[3]
    return shard_holding(ordered.with_positions(kernel.unpack(smallest, len(ordered.vehicles))))


def shard_holding(packed: Board) -> Shard:
    """The shard whose fixed lines (exit row, then top rows) are those of ``packed``, a
    board the enumeration covers (checked as :func:`shard_of` does)."""
    n = packed.width
    walls = len(packed.walls)
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
