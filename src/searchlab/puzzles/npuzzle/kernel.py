"""Compiled sliding-tile kernels (Numba): IDA* with additive pattern databases, and the
ranked database build.

:func:`ida_star_compiled` runs the same search as
:func:`~searchlab.puzzles.npuzzle.pure_search.ida_star` with ``pdbs`` (Korf 1985's IDA*
with Korf & Felner 2002's additive databases and their reflection): the same
move order, the same pruning, the same counts (``generated``, ``expanded``,
``iterations`` are identical on the same tree, which the tests assert), about
twenty times faster per node. :func:`build_ranked` builds a database indexed by
the permutation rank of the pattern tiles' cells (see
:func:`~searchlab.puzzles.npuzzle.pdb.build_pdb`).

Both are compiled by Numba with ``cache=True``: compiled once per machine (a few
seconds), then loaded from Numba's cache (about half a second including the
import of Numba, which is why easy boards are solved by the pure-Python search
first; see :func:`~searchlab.puzzles.npuzzle.solvers.solve_board`).

Performance tricks of the search, all here:

- **explicit stack, resumable**: the depth-first search is a loop over frames
  held in NumPy arrays (blank cell, parent's blank cell, next move, heuristic
  values), not recursion; it returns to Python every 65,536 generated nodes
  (the limits, progress and Ctrl-C are checked there) and resumes where it
  stopped, with nothing lost;
- **unsigned bytes**: cells, labels, the frames' cells and moves, and the flat move
  table (indexed by ``4 * blank + j``) are ``uint8``, the Manhattan deltas ``int8`` at a
  power-of-two stride, so every index is unsigned and Numba tests none for being
  negative; the registers live in locals while the machine runs, a frame's children are
  scanned in an inner loop, and a descent or a return carries the cell on without
  reading it back (Manhattan IDA* went from 82 to about 130 M nodes per CPU second,
  E. Burns's C++ speed: ``benchmarks/npuzzle_md_vs_cpp.py``);
- **no parent-undo move**: the move back to the parent's blank cell is skipped
  (Korf's pruning), as in the Python search;
- **incremental heuristic**: a move moves one tile, so only the database
  holding that tile is read again: ``h' = h - old value + new value`` for ranked
  databases (its rank recomputed from the few cells of its tiles, with the
  processor's popcount, :mod:`.bitcount`), and each index shifted by a precomputed delta for the
  mixed-radix layout (:mod:`.pdb`);
- **reflection** (Korf & Felner 2002) evaluated only when the board's own
  value does not already prune the child, and the **dual lookup** (``dual=True``,
  :func:`~searchlab.puzzles.npuzzle.pure_search.dual_lookup`) only when neither prunes
  it, kept incrementally (a move relabels two cells: at most two patterns ranked
  again), with pathmax from child to parent;
- **one frame machine** (:func:`_search`) for every heuristic, the Manhattan and
  linear-conflict search of :mod:`.kernel_md` included: the heuristic's kind is a
  literal argument, so each kind is its own compiled (and cached) specialisation
  with the others' code removed (:func:`run_frames` drives any of them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Unpack

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.misc.special import literally

from searchlab.search import SearchResult, SearchStats
from searchlab.search.limits import Budget
from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import LimitName

from .bitcount import popcount
from .board import Board, neighbours
from .floodfill import edge_columns, flood
from .kernel_pack3 import read3
from .pdb_index import layout, table_format
from .pure_search import (
    _CHECK_EVERY,
    _INF,
    Table,
    _delta_tables,
    _groups,
    _mirror,
    _result,
    _tables,
    next_pause,
)

I64 = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]
IterationFn = Callable[[int, int], None]
"""Told ``(bound, nodes generated in the iteration)`` after each completed iteration."""
U8 = npt.NDArray[np.uint8]
CellArray = npt.NDArray[np.unsignedinteger[Any]]
"""Cells or labels, in :func:`cell_type`."""
Ints = npt.NDArray[np.integer[Any]]

# regs: the search's scalar registers, kept in an array so a paused search resumes
_EXPANDED, _GENERATED, _NEXT_CHECK, _BEST, _DEPTH, _BOUND = range(6)
_PAUSED, _EXHAUSTED, _FOUND = 0, 1, 2


@njit(cache=True, inline="always")
def _rank(cells_of: I64, k: int, cells: int) -> int:
    """The lexicographic rank of the partial permutation ``cells_of[:k]`` of ``cells``
    cells: digit ``i`` is the cell of tile ``i`` among the cells not used by tiles
    ``0..i-1`` (radix ``cells - i``), the first tile most significant. The cells used
    below ``c`` are counted by the processor's popcount (:func:`~.bitcount.popcount`; a
    64 KB table's two reads before, the same speed within this machine's noise:
    docs/npuzzle.md)."""
    used = 0
    r = 0
    for i in range(k):
        c = cells_of[i]
        r = r * (cells - i) + c - popcount(used & ((1 << c) - 1))
        used |= 1 << c
    return r


@njit(cache=True, inline="always")
def _nth_free(occ: int, d: int) -> int:
    """The ``d``-th cell (from 0) not set in the bit set ``occ``: how a rank digit
    becomes a cell when unranking (the inverse of :func:`_rank`'s count of used cells
    below)."""
    c = 0
    while True:
        if not (occ >> c) & 1:
            if d == 0:
                return c
            d -= 1
        c += 1


@njit(cache=True, inline="always")
def _stored(tab: U8, r: int, packed: int) -> int:
    """The entry of rank ``r`` in a ranked table stored as ``packed`` says
    (:data:`~.pdb_index.BYTE`, :data:`~.pdb_index.NIBBLE` or :data:`~.pdb_index.THREE`:
    a byte, a nibble, or three bits, :func:`~.kernel_pack3.read3`)."""
    if packed == 0:
        return int(tab[r])
    if packed == 1:
        return (int(tab[r >> 1]) >> ((r & 1) * 4)) & 15
    return read3(tab, r)


@njit(cache=True, inline="always")
def value(cells_of: I64, k: int, cells: int, tab: U8, packed: int, goal: I64, n: int) -> int:
    """The database value of the placement ``cells_of[:k]`` (ranked layout): the byte at
    its :func:`_rank`, or, ``packed`` (:func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked`,
    :func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked`), the tiles' Manhattan distance
    (``goal`` their goal cells) plus twice its stored entry (:func:`_stored`)."""
    r = _rank(cells_of, k, cells)
    if not packed:
        return int(tab[r])
    md = 0
    for i in range(k):
        c = cells_of[i]
        g = goal[i]
        md += abs(c // n - g // n) + abs(c % n - g % n)
    return md + 2 * _stored(tab, r, packed)


@njit(cache=True, inline="always")
def _entry(cells_of: I64, k: int, cells: int, tab: U8, packed: int) -> int:
    """The stored entry of the placement ``cells_of[:k]`` in a ranked table: its byte, or
    if ``packed`` its nibble or three-bit entry (the value is then the tiles' Manhattan
    distance plus twice it, :func:`value`)."""
    return _stored(tab, _rank(cells_of, k, cells), packed)


@njit(cache=True, inline="always")
def _place(digit: I64, pos: I64, first: int, k: int) -> int:
    """Place the tiles ``first..k-1`` of the placement whose rank digits are ``digit``
    (:func:`_rank`), the tiles before them already on their cells ``pos``: their cells
    into ``pos`` (``digit`` may be ``pos`` itself: each digit is read before its cell is
    written); returns the set of the placement's cells. With :func:`_next_digits`, an
    odometer visiting every placement in rank order."""
    occ = 0
    for i in range(first):
        occ |= 1 << pos[i]
    for i in range(first, k):
        c = _nth_free(occ, digit[i])
        pos[i] = c
        occ |= 1 << c
    return occ


@njit(cache=True, inline="always")
def _next_digits(digit: I64, k: int, cells: int) -> int:
    """Turn the rank digits ``digit`` to the next placement's (the last digit fastest,
    digit ``i`` of radix ``cells - i``); returns the first tile whose digit changed,
    the first one :func:`_place` must place again (0 after the last placement)."""
    # a return inside the loop: the while/break form, inlined, made _pack 3.6% slower
    for i in range(k - 1, -1, -1):
        digit[i] += 1
        if digit[i] < cells - i:
            return i
        digit[i] = 0
    return 0


@njit(cache=True, inline="always")
def _unrank(r: int, pos: I64, k: int, cells: int) -> int:
    """Put into ``pos`` the cells of the placement whose :func:`_rank` is ``r`` (its digits
    from the least significant, then :func:`_place`); returns the set of its cells."""
    for i in range(k - 1, -1, -1):
        pos[i] = r % (cells - i)
        r //= cells - i
    return _place(pos, pos, 0, k)


@njit(cache=True)
def _pack(table: U8, out: U8, goal: I64, n: int) -> bool:
    """Fill ``out`` with ``table`` packed (see :func:`~.pdb.pack_ranked`); False if an
    entry is below its Manhattan distance, of the other parity, or 32 above it.

    The placements are visited in rank order by an odometer over the rank's digits
    (the last digit turns fastest), so only the tiles from the first changed digit on
    are placed again: amortized one tile a placement, not ``k``."""
    cells = n * n
    k = goal.shape[0]
    digit = np.zeros(k, np.int64)
    pos = np.zeros(k, np.int64)
    first = 0  # the tiles first..k-1 need placing
    for r in range(table.shape[0]):
        _place(digit, pos, first, k)
        md = 0
        for i in range(k):
            c = pos[i]
            g = goal[i]
            md += abs(c // n - g // n) + abs(c % n - g % n)
        diff = np.int64(table[r]) - md
        if diff < 0 or diff > 30 or diff % 2:
            return False
        out[r >> 1] |= (diff // 2) << ((r & 1) * 4)
        first = _next_digits(digit, k, cells)
    return True


_U0 = np.uint64(0)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
"""Unsigned constants: an index computed from unsigned values stays unsigned (an ``int``
literal makes it signed, and Numba then tests every read for a negative index)."""


@njit(cache=True, inline="always")
def _shift(cells: int) -> np.uint64:
    """The bits of a cell number in :func:`delta_table`'s index: ``cells <= 1 << shift``."""
    s = 0
    while (1 << s) < cells:
        s += 1
    return np.uint64(s)


def delta_table(md: Sequence[int], cells: int) -> npt.NDArray[np.int8]:
    """The Manhattan change of every move, ``int8``: ``t[((lab << s | nb) << s) | b]``
    (``s`` = :func:`_shift`) is ``md[lab * cells + b] - md[lab * cells + nb]``, the
    change when label ``lab`` slides from cell ``nb`` to cell ``b``: a power-of-two
    stride, so the index is two shifts and ors of unsigned bytes."""
    s = int(_shift(cells))
    mdt = np.array(md, dtype=np.int64).reshape(cells, cells)
    out = np.zeros((1 << s,) * 3, dtype=np.int8)
    out[:cells, :cells, :cells] = mdt[:, None, :] - mdt[:, :, None]
    return out.reshape(-1)


_RADIX, _RANKED, _MD, _LC, _ZERO, _ZRADIX = 0, 1, 2, 3, 4, 5
"""The heuristic a specialisation of :func:`_search` computes: mixed-radix or ranked
pattern databases, Manhattan distance, Manhattan distance and linear conflicts, or a
catalogue of zero-aware pattern databases (:mod:`.kernel_zpdb`). The kind is
a literal argument, so Numba compiles (and caches) one machine per kind with the other
kinds' code removed: one frame machine, no cost for the generality."""


@njit(cache=True, inline="always")
def _value_at(board: Ints, labs: I64, k: int, cells: int, tab: U8, packed: int, n: int) -> int:
    """The database value of the placement whose tile ``i`` is at cell ``board[labs[i]]``
    (``labs`` the pattern's goal cells): the placement of the pattern in the dual state,
    where the tile of label ``l`` is at the cell named by the label on cell ``l``."""
    used = 0
    r = 0
    md = 0
    for i in range(k):
        c = board[labs[i]]
        r = r * (cells - i) + c - popcount(used & ((1 << c) - 1))
        used |= 1 << c
        g = labs[i]
        md += abs(c // n - g // n) + abs(c % n - g % n)
    if not packed:
        return int(tab[r])
    return md + 2 * _stored(tab, r, packed)


@njit(cache=True, inline="always")
def _dual_h(board: Ints, x: int, gb: int, total: int, vx: int, labs: I64, k: int, n: int) -> int:
    """The dual heuristic of a board whose blank is on cell ``x`` (see :func:`dual_lookup`):
    ``total`` the sum of the patterns' dual values, ``vx`` (and ``labs``, ``k``) the value
    (goal cells, size) of the pattern holding label ``x``, which is the dual state's blank,
    so it counts only its other tiles' Manhattan distances; label ``gb``, a tile there,
    adds its own."""
    if x == gb:
        return total
    part = 0
    for i in range(k):
        lab = labs[i]
        if lab != x:
            c = board[lab]
            part += abs(c // n - lab // n) + abs(c % n - lab % n)
    c = board[gb]
    return int(total - vx + part + abs(c // n - gb // n) + abs(c % n - gb % n))


class Machine(NamedTuple):
    """What :func:`_search` runs on (its docstring says what each holds): the frames and
    registers, the board and its moves, and the heuristic's data. One typed bundle, so the
    machine's specialisations (:func:`_search_radix`, ...) pass it on whole."""

    regs: I64
    fb: CellArray
    fprev: CellArray
    fi: CellArray
    fh: I64
    fhm: I64
    fhd: I64
    fv: I64
    fvm: I64
    fvd: I64
    board: CellArray
    moves: CellArray
    nmoves: CellArray
    gb: int
    n: int
    mirror: bool
    dual: bool
    d: I64
    e: I64
    grp: I64
    slot: I64
    grpm: I64
    slotm: I64
    dgrp: I64
    plab: I64
    mir: I64
    pos: I64
    posm: I64
    plen: I64
    tabs: tuple[U8, ...]
    pk: I64
    mdd: npt.NDArray[np.int8]
    grow: I64
    gcol: I64
    pw: I64
    lct: npt.NDArray[np.int8]
    fsm: npt.NDArray[np.int32]
    mdir: CellArray
    fst: I64
    zv: I64
    zs: I64
    zmap: I64
    zfmt: I64
    ztab: I64
    zbi: I64
    zbin: I64
    zbase: I64
    znreg: U8
    zlab: U8
    zsc: I64
    zrt: I64
    zw: I64
    zcur: I64


@njit(cache=True)
def _search(kind: int, automaton: int, m: Machine) -> int:
    """Run the bounded depth-first search from the frame at ``regs[_DEPTH]`` on.

    Returns ``_FOUND`` (the path is ``fb[1 : regs[_DEPTH] + 1]``), ``_EXHAUSTED``
    (``regs[_BEST]`` is the next bound) or ``_PAUSED`` (``regs[_GENERATED]``
    passed ``regs[_NEXT_CHECK]``: call again to resume). Frame ``D`` holds the
    blank cell ``fb[D]``, the parent's ``fprev[D]``, one more than the last move taken
    ``fi[D]`` (0: not expanded yet) and the heuristic ``fh[D]``; cells, labels and
    moves are unsigned (:func:`cell_type`, :func:`move_table`), so are the indices
    made of them (a signed index is tested for being negative at every read).
    With ``automaton`` 1, the state ``fst[D]`` of the pruning
    automaton ``fsm`` (:mod:`.fsm`: a move ``mdir[4 * b + j]`` from state ``s`` leads to
    ``fsm[s, move]``, and is not generated when that is negative); with 0 the move
    back to the parent's cell is pruned (Korf's pruning, the same tree as
    :func:`~.fsm.parent_table`, whose lookup took 12% more CPU on Korf's 100 with 7-8:
    0.65 s against 0.58, ``benchmarks/npuzzle_fsm.py --before``). ``board`` holds each
    cell's label (its tile's goal cell, ``gb`` the blank's), kept exact.

    ``kind`` (a literal) selects the heuristic; its data:

    - ``_RADIX``/``_RANKED``, pattern databases: ``fh``/``fhm``/``fhd`` the sums for the
      board, its mirror and its dual, ``fv``/``fvm``/``fvd`` per database the index
      (mixed radix, shifted by the deltas ``d``/``e``) or the stored entry (ranked,
      :func:`_entry`: ``pk[k]`` how table ``k`` stores it, :func:`_stored`; a packed table's value
      changes by the moved tile's Manhattan change (``mdd``, :func:`delta_table`) plus twice
      the entry's), and the dual's values (:func:`_value_at`). ``mirror``/``dual`` ask
      for the reflected and the dual lookups (ranked only), each made only when the
      lookups before it do not prune the child, in that order; a child whose dual
      ``g + h`` exceeds the bound by more than two prunes its parent too (pathmax
      from child to parent: see :func:`~searchlab.puzzles.npuzzle.pure_search._ranked_search`);
    - ``_MD``: Manhattan distance changing by ``mdd`` (:func:`delta_table`); ``_LC`` plus
      twice the linear conflicts (:func:`_line_code`: ``grow``/``gcol`` a label's goal
      row and column, ``pw`` the powers of ``n + 1``, ``lct`` each line code's conflicts);
    - ``_ZERO``/``_ZRADIX``, a catalogue of zero-aware tables (:class:`Zero`,
      :mod:`.kernel_zpdb`): per view ``fv`` its value and ``fvd`` its tiles' Manhattan
      distance, per member ``fvm`` its sum; a child reads, for each member in order, the
      view holding the moved tile, and stops at the first member whose ``f`` passes the
      bound. ``_ZERO`` finds the entry by the dense index (:func:`_zentry`, ``pos`` the
      views' cells); ``_ZRADIX`` by cell digits (:mod:`.zpdb_radix`): ``zcur[v]`` the
      view's tiles' digits, kept as ``pos`` is (a descent and a return move one digit by
      ``zw[v, slot]`` times the cell's change), plus the blank's cell read at the lookup.
    """
    kind = literally(kind)
    automaton = literally(automaton)
    (
        regs, fb, fprev, fi, fh, fhm, fhd, fv, fvm, fvd, board, moves, nmoves, gb, n,
        mirror, dual, d, e, grp, slot, grpm, slotm, dgrp, plab, mir, pos, posm, plen,
        tabs, pk, mdd, grow, gcol, pw, lct, fsm, mdir, fst,
        zv, zs, zmap, zfmt, ztab, zbi, zbin, zbase, znreg, zlab, zsc, zrt, zw, zcur,
    ) = m  # fmt: skip
    nzm = zv.shape[0]
    cells = n * n
    c2 = cells * cells
    nk = plen.shape[0]
    sh = _shift(cells)
    bound = regs[_BOUND]
    # the registers, in locals while the machine runs (stored back before it returns)
    top = np.uint64(regs[_DEPTH])  # unsigned indices: no negative-index test per read
    gen = regs[_GENERATED]
    exp = regs[_EXPANDED]
    best = regs[_BEST]
    pause = regs[_NEXT_CHECK]
    b = fb[top]
    i = np.uint64(fi[top])
    if i == 0:  # a frame not expanded yet
        exp += 1
    while True:  # frame `top`, on cell `b`, its next move `i`
        end = np.uint64(nmoves[b])
        hp = fh[top]
        g1 = top + _U1
        gi = np.int64(g1)
        down = False
        child = b
        while i < end:  # the frame's next children, until one is descended into
            mi = (b << _U2) | i
            i += _U1
            nb = moves[mi]
            st = 0
            if automaton == 1:
                st = fsm[fst[top], mdir[mi]]
                if st < 0:
                    continue  # a forbidden move string (the parent's cell at least)
            elif nb == fprev[top]:
                continue  # Korf's pruning alone: no move back to the parent's cell
            gen += 1
            tile = board[nb]
            o = tile * c2 + nb * cells + b  # the radix deltas' index
            od = (((tile << sh) | nb) << sh) | b  # mdd's index (:func:`delta_table`)
            k = 0
            r = 0
            km = 0
            rm = 0
            hm = 0
            hd = 0
            kb = -1
            kn = -1
            vb = 0
            vn = 0
            if kind == _RANKED:
                k = grp[tile]
                s = slot[tile]
                pos[k, s] = b
                r = _entry(pos[k], plen[k], cells, tabs[k], pk[k])
                pos[k, s] = nb
                h = hp + mdd[od] + 2 * (r - fv[top, k]) if pk[k] else hp - fv[top, k] + r
            elif kind == _RADIX:
                h = 0
                for j in range(nk):
                    h += tabs[j][fv[top, j] + d[j, o]]
            elif kind >= _ZERO:  # the zero-aware kinds (_ZERO, _ZRADIX)
                h = 0
                cut = False
                for j in range(nzm):  # each member: only its view holding the tile changes
                    v = zv[j, tile]
                    s = zs[v, tile]
                    zmd = fvd[top, v] + mdd[od]  # the transpose keeps Manhattan distances
                    if kind == _ZRADIX:  # the tiles' digits, the tile's moved, the blank's
                        ze = zcur[v] + zw[v, s] * (zmap[v, b] - zmap[v, nb]) + zmap[v, nb]
                        zval = _zvalue(tabs[zrt[v]], 2, ze, zmd, fv[top, v])
                    else:
                        pos[v, s] = zmap[v, b]
                        ze = _zentry(pos, v, plen[v], cells, zbin, zbase, zbi[v], znreg,
                                     zlab, zmap[v, nb])  # fmt: skip
                        pos[v, s] = zmap[v, nb]
                        zval = _zvalue(tabs[ztab[v]], zfmt[v], ze, zmd, fv[top, v])
                    sm = fvm[top, j] - fv[top, v] + zval
                    zsc[0, j] = zval
                    zsc[1, j] = zmd
                    zsc[2, j] = sm
                    if gi + sm > bound:  # early exit: this member prunes the child
                        h = sm
                        cut = True
                        break
                    if sm > h:
                        h = sm
                if cut:
                    if gi + h < best:
                        best = gi + h
                    continue
            else:
                h = hp + mdd[od]
                if kind == _LC:
                    if nb == b + n or b == nb + n:  # vertical: only the tile's goal row changes
                        line = grow[tile]
                        rb = b // n
                        rn = nb // n
                        if line in (rb, rn):
                            code = _line_code(board, line * n, 1, n, line, grow, gcol)
                            dig = (gcol[tile] + 1) * pw[b % n]
                            new = code - dig if line == rn else code + dig
                            h += 2 * (lct[new] - lct[code])
                    else:  # horizontal: only the tile's goal column changes
                        line = gcol[tile]
                        cb = b % n
                        cn = nb % n
                        if line in (cb, cn):
                            code = _line_code(board, line, n, n, line, gcol, grow)
                            dig = (grow[tile] + 1) * pw[b // n]
                            new = code - dig if line == cn else code + dig
                            h += 2 * (lct[new] - lct[code])
            if h == 0:
                fb[g1] = nb
                _save(regs, g1, gen, exp, best)
                return _FOUND
            f = gi + h
            if f > bound:
                if f < best:
                    best = f
                continue
            if kind < _MD and mirror:
                if kind == _RANKED:
                    km = grpm[tile]
                    s = slotm[tile]
                    posm[km, s] = mir[b]
                    rm = _entry(posm[km], plen[km], cells, tabs[km], pk[km])
                    posm[km, s] = mir[nb]
                    if pk[km]:  # the transpose keeps distances: the same Manhattan change
                        hm = fhm[top] + mdd[od] + 2 * (rm - fvm[top, km])
                    else:
                        hm = fhm[top] - fvm[top, km] + rm
                else:
                    for j in range(nk):
                        hm += tabs[j][fvm[top, j] + e[j, o]]
                f = gi + hm
                if f > bound:
                    if f < best:
                        best = f
                    continue
            if kind == _RANKED and dual:
                board[b] = tile
                board[nb] = gb
                hd = fhd[top]
                kb = dgrp[b]
                kn = dgrp[nb]
                if kb >= 0:
                    vb = _value_at(board, plab[kb], plen[kb], cells, tabs[kb], pk[kb], n)
                    hd += vb - fvd[top, kb]
                if kn >= 0:
                    if kn == kb:
                        vn = vb
                    else:
                        vn = _value_at(board, plab[kn], plen[kn], cells, tabs[kn], pk[kn], n)
                        hd += vn - fvd[top, kn]
                he = _dual_h(board, nb, gb, hd, vn, plab[max(kn, 0)], plen[max(kn, 0)], n)
                board[b] = gb
                board[nb] = tile
                f = gi + he
                if f > bound:
                    if f - 2 > bound:  # pathmax to the parent: its h >= he - 1 prunes it
                        i = end
                        f -= 2
                    if f < best:
                        best = f
                    continue
            # descend into the child
            board[b] = tile
            board[nb] = gb
            fb[g1] = nb
            fprev[g1] = b
            fi[g1] = 0
            fh[g1] = h
            if automaton == 1:
                fst[g1] = st
            if kind == _RANKED:
                fhm[g1] = hm
                for j in range(nk):
                    fv[g1, j] = fv[top, j]
                    fvm[g1, j] = fvm[top, j]
                fv[g1, k] = r
                pos[k, slot[tile]] = b
                if mirror:
                    fvm[g1, km] = rm
                    posm[km, slotm[tile]] = mir[b]
                if dual:
                    fhd[g1] = hd
                    for j in range(nk):
                        fvd[g1, j] = fvd[top, j]
                    if kb >= 0:
                        fvd[g1, kb] = vb
                    if kn >= 0:
                        fvd[g1, kn] = vn
            elif kind == _RADIX:
                for j in range(nk):
                    fv[g1, j] = fv[top, j] + d[j, o]
                    fvm[g1, j] = fvm[top, j] + e[j, o]
            elif kind >= _ZERO:  # the zero-aware kinds (_ZERO, _ZRADIX)
                for j in range(nk):
                    fv[g1, j] = fv[top, j]
                    fvd[g1, j] = fvd[top, j]
                for j in range(nzm):
                    v = zv[j, tile]
                    fv[g1, v] = zsc[0, j]
                    fvd[g1, v] = zsc[1, j]
                    fvm[g1, j] = zsc[2, j]
                    s = zs[v, tile]
                    if kind == _ZRADIX:
                        zcur[v] += zw[v, s] * (zmap[v, b] - zmap[v, nb])
                    pos[v, s] = zmap[v, b]
            fi[top] = i
            top = g1
            child = nb
            down = True
            break
        if down:
            if gen > pause:
                _save(regs, top, gen, exp, best)
                return _PAUSED
            b = child  # the child's frame, expanded now
            i = _U0
            exp += 1
            continue
        if top == 0:
            _save(regs, top, gen, exp, best)
            return _EXHAUSTED
        p = fprev[top]
        tile = board[p]
        board[b] = tile
        board[p] = gb
        if kind == _RANKED:
            pos[grp[tile], slot[tile]] = b
            if mirror:
                posm[grpm[tile], slotm[tile]] = mir[b]
        elif kind >= _ZERO:  # the zero-aware kinds (_ZERO, _ZRADIX)
            for j in range(nzm):
                v = zv[j, tile]
                s = zs[v, tile]
                if kind == _ZRADIX:
                    zcur[v] += zw[v, s] * (zmap[v, b] - zmap[v, p])
                pos[v, s] = zmap[v, b]
        top -= _U1
        b = p  # the parent's cell, its frame resumed
        i = np.uint64(fi[top])


@njit(cache=True, inline="always")
def _zranks(pos: I64, v: int, k: int, binom: I64) -> tuple[int, int]:
    """``(s, r)`` of the tiles on ``pos[v, :k]`` in :mod:`.zpdb_index`'s dense layout: the
    occupied set's rank ``s`` among the ``k``-sets in increasing order of their bit masks
    (colex: ``sum binom[c_i, i + 1]`` over its cells in increasing order, ``i`` a cell's
    index in the set), and the order's lexicographic rank ``r`` (the digit of tile ``i``
    is its cell's index among the set's, less the indices used before it: a popcount of
    the set below the cell, then of the indices used below that index, each the
    processor's instruction, :func:`~.bitcount.popcount`, not a table's two reads)."""
    occ = 0
    for i in range(k):
        occ |= 1 << pos[v, i]
    used = 0
    r = 0
    s = 0
    for i in range(k):
        c = pos[v, i]
        x = popcount(occ & ((1 << c) - 1))
        s += binom[c, x + 1]
        r = r * (k - i) + x - popcount(used & ((1 << x) - 1))
        used |= 1 << x
    return s, r


@njit(cache=True, inline="always")
def _zentry(
    pos: I64, v: int, k: int, cells: int, binom: I64, base: I64, bi: int, nreg: U8,
    lab: U8, blank: int,
) -> int:  # fmt: skip
    """The entry of a zero-aware table (:mod:`.zpdb_index`'s dense layout) of the tiles on
    ``pos[v, :k]`` with the blank on cell ``blank``: with the set's and the order's ranks
    ``s``, ``r`` (:func:`_zranks`), the set's first entry ``base[bi, s]``, plus ``r``
    times its regions ``nreg[bi, s]``, plus the blank's region ``lab[bi, s * cells +
    blank]``. Tables a set each, not a bit mask each: 4.4 MB of region labels on 5x5
    where a mask each takes 839 MB, so they stay in the caches. Rows are indexed in place
    (a row's view costs a reference count)."""
    s, r = _zranks(pos, v, k, binom)
    return int(base[bi, s]) + r * int(nreg[bi, s]) + int(lab[bi, s * cells + blank])


@njit(cache=True, inline="always")
def _zvalue(tab: U8, fmt: int, e: int, md: int, old: int) -> int:
    """A zero-aware table's value at entry ``e``, ``md`` its tiles' Manhattan distance:
    a byte (``fmt`` 0), ``md`` plus twice the nibble (1), or one bit an entry (2: the
    value is the parent's ``old`` plus or minus one, the one of ``md + 2 * bit`` mod 4,
    :mod:`.zpdb_bits`)."""
    if fmt == 0:
        return int(tab[e])
    if fmt == 1:
        return md + 2 * ((int(tab[e >> 1]) >> ((e & 1) << 2)) & 15)
    m4 = (md + 2 * ((int(tab[e >> 3]) >> (e & 7)) & 1)) & 3
    return old + 1 if m4 == (old + 1) & 3 else old - 1


@njit(cache=True, inline="always")
def _save(regs: I64, top: np.uint64, gen: int, exp: int, best: int) -> None:
    """Store :func:`_search`'s registers back into ``regs``, so it resumes from there."""
    regs[_DEPTH] = top
    regs[_GENERATED] = gen
    regs[_EXPANDED] = exp
    regs[_BEST] = best


@njit(cache=True)
def _search_radix(m: Machine) -> int:
    """:func:`_search` with mixed-radix databases (the literal kind compiled in)."""
    return _search(_RADIX, 0, m)


@njit(cache=True)
def _search_ranked(m: Machine) -> int:
    """:func:`_search` with ranked databases (the literal kind compiled in)."""
    return _search(_RANKED, 0, m)


@njit(cache=True)
def _search_md(m: Machine) -> int:
    """:func:`_search` with Manhattan distance or linear conflict (the literal kind compiled in)."""
    return _search(_MD, 0, m)


@njit(cache=True)
def _search_lc(m: Machine) -> int:
    """:func:`_search` with linear conflict (a kind apart: its code in the Manhattan
    search's loop cost that search registers)."""
    return _search(_LC, 0, m)


@njit(cache=True)
def _search_zero(m: Machine) -> int:
    """:func:`_search` with a catalogue of zero-aware databases (the literal kind compiled in)."""
    return _search(_ZERO, 0, m)


@njit(cache=True)
def _search_zero_fsm(m: Machine) -> int:
    """:func:`_search_zero` stepping the pruning automaton."""
    return _search(_ZERO, 1, m)


@njit(cache=True)
def _search_zradix(m: Machine) -> int:
    """:func:`_search_zero` with the tables by cell digits (:mod:`.zpdb_radix`)."""
    return _search(_ZRADIX, 0, m)


@njit(cache=True)
def _search_zradix_fsm(m: Machine) -> int:
    """:func:`_search_zradix` stepping the pruning automaton."""
    return _search(_ZRADIX, 1, m)


@njit(cache=True)
def _search_radix_fsm(m: Machine) -> int:
    """:func:`_search_radix` stepping the pruning automaton (compiled apart, so the
    parent-only search keeps its code: stepping it there cost 10-13% a node)."""
    return _search(_RADIX, 1, m)


@njit(cache=True)
def _search_ranked_fsm(m: Machine) -> int:
    """:func:`_search_ranked` stepping the pruning automaton."""
    return _search(_RANKED, 1, m)


@njit(cache=True)
def _search_md_fsm(m: Machine) -> int:
    """:func:`_search_md` stepping the pruning automaton."""
    return _search(_MD, 1, m)


@njit(cache=True)
def _search_lc_fsm(m: Machine) -> int:
    """:func:`_search_lc` stepping the pruning automaton."""
    return _search(_LC, 1, m)


@njit(cache=True)
def _line_code(board: Ints, first: int, step: int, n: int, line: int, on: I64, at: I64) -> int:
    """The code of the line of ``n`` cells ``first, first + step, ...``: digit ``j`` (base
    ``n + 1``, cell ``j`` least significant) is ``at[label] + 1`` for a tile whose goal is
    on ``line`` (``on[label] == line``), else 0."""
    code = 0
    w = 1
    for j in range(n):
        lab = board[first + j * step]
        if on[lab] == line:
            code += (at[lab] + 1) * w
        w *= n + 1
    return code


def _as_array(table: Table | np.ndarray) -> U8:
    """A database as a read-only uint8 array over the same memory (no copy)."""
    arr: U8 = np.frombuffer(table, dtype=np.uint8)
    return arr


def deepen(
    regs: I64,
    h_start: int,
    bound: int,
    begin: Callable[[int], Ints],
    run: Callable[[], int],
    stats: SearchStats,
    budget: Budget,
    max_nodes: int | None,
    on_iteration: IterationFn | None = None,
) -> tuple[list[int] | None, LimitName | None]:
    """Iterative deepening around a resumable compiled bounded search (Korf 1985).

    ``begin(bound)`` prepares the frames of an iteration (frame 0 the root) and
    returns the array of the frames' blank cells; ``run()`` resumes the search,
    returning ``_FOUND``, ``_EXHAUSTED`` or ``_PAUSED`` with its counters in
    ``regs``. Between pauses (every 65,536 generated nodes) the limits are
    checked: ``max_nodes`` generated nodes (so it may overshoot by up to 65,536),
    then the ``budget``; ``max_expansions`` is exact (:func:`~.pure_search.next_pause`). Returns the
    blank cells of the solution (None if none) and the limit that stopped it;
    ``stats`` gets the counts, the root counted once. ``on_iteration(bound, nodes)``
    is called after each iteration that exhausted its bound, with the nodes
    generated in it (the root in the first); the nodes of the iteration that found
    the solution or was stopped are the rest of ``stats.generated``.
    """
    limit: LimitName | None = None
    path: list[int] | None = None
    cap = budget.max_expansions
    regs[_NEXT_CHECK] = _CHECK_EVERY
    while True:
        before = int(regs[_GENERATED])
        stats.iterations += 1
        if stats.iterations == 1:
            regs[_GENERATED] += 1  # the root, counted once as in Korf (1985)
        if h_start == 0:
            path = []
            break
        if regs[_EXPANDED] >= cap:
            limit = "max_expansions"
            break
        fb = begin(bound)
        regs[_DEPTH], regs[_BOUND], regs[_BEST] = 0, bound, _INF
        regs[_NEXT_CHECK] = min(
            regs[_NEXT_CHECK], next_pause(int(regs[_GENERATED]), int(regs[_EXPANDED]), cap, 1)
        )
        while True:
            status = run()
            if status != _PAUSED:
                break
            regs[_NEXT_CHECK] = next_pause(int(regs[_GENERATED]), int(regs[_EXPANDED]), cap, 0)
            stats.generated, stats.expanded = int(regs[_GENERATED]), int(regs[_EXPANDED])
            if max_nodes is not None and stats.generated >= max_nodes:
                limit = "max_nodes"
            else:
                limit = budget.check(stats)
            if limit is not None:
                break
        if limit is not None:
            break
        if status == _FOUND:
            path = [int(x) for x in fb[1 : regs[_DEPTH] + 1]]
            break
        if on_iteration is not None:
            on_iteration(bound, int(regs[_GENERATED]) - before)
        if regs[_BEST] >= _INF:
            break  # the space is exhausted: no solution
        bound = int(regs[_BEST])
    stats.generated, stats.expanded = int(regs[_GENERATED]), int(regs[_EXPANDED])
    stats.max_depth = stats.max_frontier = bound
    return path, limit


def cell_type(cells: int) -> type[np.unsignedinteger[Any]]:
    """The unsigned type of the frame machine's cells and labels (:func:`_search`), with
    room for a value that is no cell (the root's parent)."""
    return np.uint8 if cells < 255 else np.uint16


def move_table(n: int) -> tuple[CellArray, CellArray, CellArray]:
    """The blank's moves from each cell in Korf's order (up, left, right, down), flat
    and unsigned (:func:`cell_type`): the cells ``moves[4 * b + j]`` for ``j <
    nmoves[b]``, and their directions ``mdir[4 * b + j]`` (0 up, 1 left, 2 right, 3
    down: the pruning automaton's moves, :mod:`.fsm`)."""
    cells = n * n
    ct = cell_type(cells)
    order = {"U": 0, "L": 1, "R": 2, "D": 3}
    moves = np.full(4 * cells, cells, dtype=ct)
    mdir = np.zeros(4 * cells, dtype=ct)
    nmoves = np.zeros(cells, dtype=ct)
    for b, cs in enumerate(neighbours(n)):
        ms = sorted(cs, key=lambda mc: order[mc[0]])
        nmoves[b] = len(ms)
        for j, (name, nb) in enumerate(ms):
            moves[4 * b + j] = nb
            mdir[4 * b + j] = order[name]
    return moves, nmoves, mdir


_NO1 = np.zeros(1, dtype=np.int64)
_NO2 = np.zeros((1, 1), dtype=np.int64)


class Zero(NamedTuple):
    """A zero-aware catalogue as :func:`_search` reads it (built by :mod:`.kernel_zpdb`):
    for member ``j`` and label ``t`` the view following it ``zv[j, t]``; for view ``v``
    its label's slot ``zs[v, t]``, its cell map ``zmap[v]`` (identity or the
    reflection), its table's format ``zfmt[v]`` (:func:`_zvalue`), its table
    ``tabs[ztab[v]]`` and the row ``zbi[v]`` of its size's tables a set each: the first
    entries ``zbase``, the regions' counts ``znreg`` and labels ``zlab``, found by the
    set's rank with the binomials ``zbin`` (:func:`_zentry`); ``zsc`` room for a
    child's new values (three rows, a column a member); for the tables by cell digits
    (:mod:`.zpdb_radix`) view ``v``'s table ``tabs[zrt[v]]`` (-1: none), its tiles'
    weights ``zw[v]`` and its tiles' digits now ``zcur[v]``."""

    zv: I64
    zs: I64
    zmap: I64
    zfmt: I64
    ztab: I64
    zbi: I64
    zbin: I64
    zbase: I64
    znreg: U8
    zlab: U8
    zsc: I64
    zrt: I64
    zw: I64
    zcur: I64


_NO_ZERO = Zero(
    np.zeros((0, 1), dtype=np.int64), _NO2, _NO2, _NO1, _NO1, _NO1, _NO2, _NO2,
    np.zeros((1, 1), dtype=np.uint8), np.zeros((1, 1), dtype=np.uint8), _NO2, _NO1, _NO2,
    _NO1,
)  # fmt: skip


def run_frames(
    kind: int,
    start: Board,
    goal: Board,
    labels: Sequence[int],
    h_start: int,
    bound: int,
    roots: tuple[int, int, int],
    stats: SearchStats,
    budget: Budget,
    max_nodes: int | None,
    *,
    v0: I64 = _NO1,
    vm0: I64 = _NO1,
    vd0: I64 = _NO1,
    mirror: bool = False,
    dual: bool = False,
    d: I64 = _NO2,
    e: I64 = _NO2,
    grp: I64 = _NO1,
    slot: I64 = _NO1,
    grpm: I64 = _NO1,
    slotm: I64 = _NO1,
    dgrp: I64 = _NO1,
    plab: I64 = _NO2,
    mir: I64 = _NO1,
    pos: I64 = _NO2,
    posm: I64 = _NO2,
    plen: I64 | None = None,
    tabs: tuple[U8, ...] | None = None,
    pk: I64 = _NO1,
    mdd: npt.NDArray[np.int8] | None = None,
    grow: I64 = _NO1,
    gcol: I64 = _NO1,
    pw: I64 = _NO1,
    lct: npt.NDArray[np.int8] | None = None,
    on_iteration: IterationFn | None = None,
    fsm: npt.NDArray[np.int32] | None = None,
    zero: Zero | None = None,
) -> tuple[list[int] | None, LimitName | None]:
    """Iterative deepening (:func:`deepen`) over the one frame machine :func:`_search`
    specialised to ``kind``: builds the frames (the root's heuristic ``roots`` = the
    board's, its mirror's and its dual's sums, ``v0``/``vm0``/``vd0`` per database)
    and passes the heuristic's data (see :func:`_search`; what a kind does not use
    may be left out). ``h_start`` is the root's own value (0: the goal), ``bound`` the
    first bound, ``on_iteration`` :func:`deepen`'s, ``fsm`` the pruning automaton
    (:mod:`.fsm`; default None: Korf's pruning of the move back alone), ``zero`` the
    zero-aware catalogue's data (:class:`Zero`, :mod:`.kernel_zpdb`).
    Returns the blank cells of the solution and the limit that stopped it.
    """
    z = _NO_ZERO if zero is None else zero
    n = start.size
    moves, nmoves, mdir = move_table(n)
    usefsm = fsm is not None
    fsm = np.zeros((1, 4), dtype=np.int32) if fsm is None else fsm
    plen = np.zeros(0, dtype=np.int64) if plen is None else plen
    nk = max(len(plen), 1)
    tabs = (np.zeros(1, dtype=np.uint8),) if tabs is None else tabs
    lct = np.zeros(1, dtype=np.int8) if lct is None else lct
    mdd = np.zeros(1, dtype=np.int8) if mdd is None else mdd
    ct = cell_type(n * n)
    board = np.array(labels, dtype=ct)
    blank0 = start.blank
    regs = np.zeros(6, dtype=np.int64)
    machine: list[Machine] = []

    def begin(bound: int) -> Ints:
        if not machine or bound + 2 > len(machine[0].fb):
            size = 2 * bound + 2
            fb, fprev, fi = (np.zeros(size, dtype=ct) for _ in range(3))
            fh, fhm, fhd, fst = (np.zeros(size, dtype=np.int64) for _ in range(4))
            fv, fvm, fvd = (np.zeros((size, nk), dtype=np.int64) for _ in range(3))
            machine[:] = [
                Machine(
                    regs, fb, fprev, fi, fh, fhm, fhd, fv, fvm, fvd, board, moves, nmoves,
                    goal.blank, n, mirror, dual, d, e, grp, slot, grpm, slotm, dgrp, plab, mir,
                    pos, posm, plen, tabs, pk, mdd, grow, gcol, pw, lct,
                    fsm, mdir, fst, *z,
                )
            ]  # fmt: skip
        m = machine[0]
        m.fb[0], m.fprev[0], m.fi[0], m.fst[0] = blank0, np.iinfo(ct).max, 0, 0
        m.fh[0], m.fhm[0], m.fhd[0] = roots
        if len(plen):
            m.fv[0], m.fvm[0], m.fvd[0] = v0, vm0, vd0
        return m.fb

    if usefsm:
        search = (_search_radix_fsm, _search_ranked_fsm, _search_md_fsm, _search_lc_fsm,
                  _search_zero_fsm, _search_zradix_fsm)[kind]  # fmt: skip
    else:
        search = (_search_radix, _search_ranked, _search_md, _search_lc, _search_zero,
                  _search_zradix)[kind]  # fmt: skip

    def run() -> int:
        return int(search(machine[0]))

    return deepen(regs, h_start, bound, begin, run, stats, budget, max_nodes, on_iteration)


def ida_star_compiled(
    start: Board,
    goal: Board,
    *,
    pdbs: Sequence[tuple[Sequence[int], Table]],
    reflect: bool = True,
    dual: bool = False,
    on_iteration: IterationFn | None = None,
    fsm: npt.NDArray[np.int32] | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """:func:`~searchlab.puzzles.npuzzle.pure_search.ida_star` with ``pdbs``, compiled.

    Same requirements, guarantees, counting conventions and limits (checked
    every 65,536 generated nodes, at the same points: ``max_nodes`` stops at the
    same node count), and the same lookups: the board's, its reflection's
    (``reflect``, with the blank's goal on the main diagonal) and, with ``dual`` and
    ranked tables, the dual state's (:func:`~searchlab.puzzles.npuzzle.pure_search.dual_lookup`),
    the heuristic being their maximum. The dual lookup is off by default: on Korf's
    100 with 7-8 it saves 11% of the nodes for 1.7-2.3 times the CPU, and it is admissible
    only with tables built with the blank anywhere at the goal (:func:`build_ranked` or
    :func:`~.pdb_build.build_packed` with ``blank=None``), not with the shipped ones
    (:func:`~.solvers.pattern_databases`: searched from the blank's goal region). The
    databases of one call must all be mixed-radix (``cells**k`` or ``cells**(k+1)``
    entries) or all ranked (``perm(cells, k)`` entries,
    :func:`~searchlab.puzzles.npuzzle.pdb_index.rank`, or half that packed).
    ``on_iteration(bound, nodes)`` is called after each completed iteration
    (:func:`deepen`), for a record of the search's growth (``benchmarks/korf24.py``).
    ``fsm`` replaces Korf's pruning of the move back to the parent by a pruning
    automaton (:func:`~.fsm.load_fsm`, Korf & Taylor 1996): still optimal, fewer nodes,
    so the counts are then no longer the Python search's.
    """
    budget = limit_budget(limits, stored_nodes=False)
    max_nodes = limits.get("max_nodes")
    stats = SearchStats()
    n = start.size
    cells = n * n
    labels, md = _tables(start, goal)
    gb = goal.blank
    grp_l, _, m = _groups(n, gb, pdbs, reflect)
    mirror = reflect and _mirror(n)(gb) == gb
    ranked = layout(cells, pdbs) == "ranked"
    dual = dual and ranked
    nk = len(pdbs)
    tabs = tuple(_as_array(t) for _, t in pdbs)
    v0 = np.zeros(nk, dtype=np.int64)
    vm0 = np.zeros(nk, dtype=np.int64)
    vd0 = np.zeros(nk, dtype=np.int64)
    if not ranked:
        dl, el, start_idx, startm_idx, _ = _delta_tables(n, gb, labels, pdbs, reflect, nk)
        v0[:], vm0[:] = start_idx, startm_idx
        h = sum(int(tabs[j][v0[j]]) for j in range(nk))
        hm = sum(int(tabs[j][vm0[j]]) for j in range(nk)) if mirror else 0
        path, limit = run_frames(
            _RADIX, start, goal, labels, h, max(h, hm), (h, hm, 0), stats, budget,
            max_nodes, v0=v0, vm0=vm0, mirror=mirror, d=np.array(dl, dtype=np.int64),
            e=np.array(el, dtype=np.int64), plen=np.array([len(p) for p, _ in pdbs]),
            tabs=tabs, on_iteration=on_iteration, fsm=fsm,
        )  # fmt: skip
        return _result("idastar", start, path, stats, budget, limit)
    kmax = max(len(p) for p, _ in pdbs)
    pos = np.zeros((nk, kmax), dtype=np.int64)
    posm = np.zeros((nk, kmax), dtype=np.int64)
    plen = np.array([len(p) for p, _ in pdbs], dtype=np.int64)
    pk = np.array([table_format(cells, p, t) for p, t in pdbs], dtype=np.int64)
    plab = np.zeros((nk, kmax), dtype=np.int64)
    for j, (p, _) in enumerate(pdbs):
        plab[j, : len(p)] = p
    dgrp = np.array(grp_l, dtype=np.int64)
    grp = np.maximum(dgrp, 0)
    slot = np.zeros(cells, dtype=np.int64)
    for p, _ in pdbs:
        for i, c in enumerate(p):
            slot[c] = i
    mir = np.array([m(c) for c in range(cells)], dtype=np.int64)
    grpm = grp[mir]
    slotm = slot[mir]
    for c, lab in enumerate(labels):
        if lab != gb:
            pos[grp[lab], slot[lab]] = c
            posm[grpm[lab], slotm[lab]] = m(c)
    board = np.array(labels, dtype=np.int64)
    h = hm = hd = 0
    for j in range(nk):
        args = (int(plen[j]), cells, tabs[j], int(pk[j]))
        v0[j] = _entry(pos[j], *args)
        vm0[j] = _entry(posm[j], *args)
        h += value(pos[j], *args, plab[j], n)
        hm += value(posm[j], *args, plab[j], n)
        vd0[j] = _value_at(board, plab[j], *args, n)
        hd += int(vd0[j])
    hm = hm if mirror else 0
    x = start.blank
    kx = max(int(dgrp[x]), 0)
    he = _dual_h(board, x, gb, hd, int(vd0[kx]), plab[kx], int(plen[kx]), n) if dual else 0
    path, limit = run_frames(
        _RANKED, start, goal, labels, h, max(h, hm, he), (h, hm, hd), stats, budget,
        max_nodes, v0=v0, vm0=vm0, vd0=vd0, mirror=mirror, dual=dual, grp=grp, slot=slot,
        grpm=grpm, slotm=slotm, dgrp=dgrp, plab=plab, mir=mir, pos=pos, posm=posm,
        plen=plen, tabs=tabs, pk=pk, mdd=delta_table(md, cells),
        on_iteration=on_iteration, fsm=fsm,
    )  # fmt: skip
    return _result("idastar", start, path, stats, budget, limit)


@njit(cache=True)
def _build_level(
    level: int,
    lo: int,
    hi: int,
    k: int,
    n: int,
    words: npt.NDArray[np.unsignedinteger[Any]],
    dist: U8,
    blanks: U8,
) -> tuple[int, int]:
    """Expand the placements ``lo <= r < hi`` whose blank cells are on ``level``.

    ``words[r]`` packs three sets of free cells of placement ``r`` (bit ``j``: its
    ``j``-th free cell in increasing order, ``free = cells - k`` bits each): the
    blank cells seen (bits ``0..free-1``), the ones on even levels' frontier
    (next ``free`` bits) and on odd levels' (the last ``free``). A frontier cell is
    expanded by moving each pattern tile next to it into it; the child's blank
    cell and every free cell connected to it (moves of other tiles cost nothing)
    join the next level's frontier together. With a non-empty ``blanks``
    (``free`` entries a placement), ``blanks[r * free + j]`` gets the level at which
    free cell ``j`` of placement ``r`` was first reached (the value with the blank
    there). Returns ``(placements expanded, states added)``.
    """
    cells = n * n
    free = cells - k
    fmask = (1 << free) - 1
    cur = free if level % 2 == 0 else 2 * free
    nxt = 2 * free if level % 2 == 0 else free
    full = (1 << cells) - 1
    left_col, right_col = edge_columns(n)
    pos = np.empty(k, np.int64)
    free_cells = np.empty(free, np.int64)
    expanded = 0
    added = 0
    for r in range(lo, hi):
        w = int(words[r])
        m = (w >> cur) & fmask
        if m == 0:
            continue
        words[r] = w & ~(fmask << cur)
        expanded += 1
        occ = _unrank(r, pos, k, cells)
        j = 0
        front = 0
        for c in range(cells):
            if not (occ >> c) & 1:
                free_cells[j] = c
                if (m >> j) & 1:
                    front |= 1 << c
                j += 1
        for i in range(k):
            c = pos[i]
            for dirn in range(4):
                if dirn == 0:
                    if c < n:
                        continue
                    b = c - n
                elif dirn == 1:
                    if c % n == 0:
                        continue
                    b = c - 1
                elif dirn == 2:
                    if c % n == n - 1:
                        continue
                    b = c + 1
                else:
                    if c >= cells - n:
                        continue
                    b = c + n
                if not (front >> b) & 1:
                    continue
                pos[i] = b
                r2 = _rank(pos, k, cells)
                pos[i] = c
                occ2 = occ ^ (1 << c) ^ (1 << b)
                dc = c - popcount(occ2 & ((1 << c) - 1))
                w2 = int(words[r2])
                if (w2 >> dc) & 1:
                    continue  # this blank region of the child was reached already
                comp = flood(1 << c, full & ~occ2, n, full, left_col, right_col)  # c's region
                dmask = 0
                y = comp
                while y:
                    low = y & -y
                    cell = popcount(low - 1)
                    j = cell - popcount(occ2 & (low - 1))
                    dmask |= 1 << j
                    if blanks.shape[0]:
                        blanks[r2 * free + j] = level + 1
                    y ^= low
                if w2 & fmask == 0:
                    dist[r2] = level + 1
                words[r2] = w2 | dmask | (dmask << nxt)
                added += popcount(dmask)
    return expanded, added


def blank_region(size: int, pattern: Sequence[int], blank: int) -> list[int]:
    """The free cells of ``pattern``'s goal placement (tiles on their goal cells) that the
    blank reaches from its goal cell ``blank``, in increasing order."""
    occupied = set(pattern)
    region, todo = {blank}, [blank]
    while todo:
        r, c = divmod(todo.pop(), size)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            cell = rr * size + cc
            if 0 <= rr < size and 0 <= cc < size and cell not in occupied and cell not in region:
                region.add(cell)
                todo.append(cell)
    return sorted(region)


def build_ranked(
    size: int,
    pattern: Sequence[int],
    progress: Progress | None = None,
    with_blank: bool = False,
    blank: int | None = None,
) -> U8:
    """The ranked additive database of ``pattern`` (goal cells of its tiles) on a
    ``size x size`` board: ``table[rank(cells of the tiles)]`` is the fewest moves
    of pattern tiles bringing them home, other tiles indistinguishable and free.

    Method: breadth-first search over (placement, blank region) pairs. Since
    moves of non-pattern tiles cost nothing, the blank roams freely over the
    connected region of free cells it is in, so a state is a placement plus one
    region; a level's frontier is expanded by moving a pattern tile next to a
    frontier blank cell into it, and the child's whole region joins the next
    level at once (no 0-cost moves left to propagate). Each placement keeps three
    sets of its free cells in one machine word (seen, and the frontiers of even
    and odd levels, :func:`_build_level`), so memory is ``perm(cells, k)`` words
    plus the byte table: for the 8-tile pattern of the 15-puzzle 518,918,400 x
    (4 + 1) bytes = 2.6 GB, against 4.2 GB for a byte per (placement, blank cell)
    state or 16**9 for the mixed-radix layout. One core; the levels are scanned
    in chunks so ``progress(states reached, states)`` is called a few times a
    second (and may raise to cancel). The goal placement is at 0 with the blank
    anywhere, as in :func:`~searchlab.puzzles.npuzzle.pdb.build_pdb`, or, given
    ``blank`` (the blank's goal cell), with the blank in the region of free cells
    holding that cell only (Korf & Felner's tables; larger values, still admissible and
    additive, but not for the dual lookup).

    The packed tables of boards of up to 16 cells are built by
    :func:`~searchlab.puzzles.npuzzle.pdb_build.build_packed` instead (the same search
    with two bits a region: 0.95 GB for that pattern); this one builds the larger
    boards' tables and, below, the mixed-radix ones.

    With ``with_blank`` it returns instead the value of every (placement, blank
    cell) pair, ``(cells - k)`` entries a placement (the blank's rank among the
    free cells last), 255 for none: what :func:`build_radix` lays out for the
    mixed-radix databases indexed by the blank too.
    """
    cells = size * size
    k = len(pattern)
    free = cells - k
    if cells > 32 or free < 1 or 3 * free > 64:
        raise ValueError(
            "ranked databases take boards of at most 32 cells, with 1 to 21 free cells"
        )
    total = math.perm(cells, k)
    words: npt.NDArray[np.unsignedinteger[Any]] = np.zeros(
        total, dtype=np.uint32 if 3 * free <= 32 else np.uint64
    )
    dist = np.full(total, 255, dtype=np.uint8)
    goal = int(_rank(np.array(pattern, dtype=np.int64), k, cells))
    free_cells = [c for c in range(cells) if c not in set(pattern)]
    if blank is None:
        seed = free_cells
    elif blank in free_cells:
        seed = [free_cells.index(c) for c in blank_region(size, pattern, blank)]
    else:
        raise ValueError("the blank's goal cell is a free cell of the board")
    mask = sum(1 << j for j in range(free) if blank is None or j in seed)
    words[goal] = mask | (mask << free)
    dist[goal] = 0
    blanks = np.full(total * free if with_blank else 0, 255, dtype=np.uint8)
    if with_blank:
        for j in range(free):
            if (mask >> j) & 1:
                blanks[goal * free + j] = 0
    states = total * free
    reached = bin(mask).count("1")
    chunk = 1 << 22
    level = 0
    while True:
        expanded = 0
        for lo in range(0, total, chunk):
            e, a = _build_level(level, lo, min(lo + chunk, total), k, size, words, dist, blanks)
            expanded += e
            reached += a
            if progress is not None:
                progress(reached, states)
        if expanded == 0:
            break
        level += 1
    if progress is not None:
        progress(states, states)
    return blanks if with_blank else dist


@njit(cache=True)
def _to_radix(src: U8, out: U8, k: int, n: int, with_blank: bool) -> None:
    """Lay out a ranked table (``with_blank``: one entry a free cell) in the mixed-radix
    index of :func:`~searchlab.puzzles.npuzzle.pdb.build_pdb`."""
    cells = n * n
    free = cells - k
    per = free if with_blank else 1
    total = src.shape[0] // per
    pos = np.empty(k, np.int64)
    blank_w = 1
    for _ in range(k):
        blank_w *= cells
    for r in range(total):
        occ = _unrank(r, pos, k, cells)
        index = 0
        w = 1
        for i in range(k):
            index += pos[i] * w
            w *= cells
        if not with_blank:
            out[index] = src[r]
            continue
        j = 0
        for c in range(cells):
            if not (occ >> c) & 1:
                out[index + c * blank_w] = src[r * free + j]
                j += 1


def build_radix(
    size: int, pattern: Sequence[int], progress: Progress | None = None, with_blank: bool = False
) -> U8:
    """The mixed-radix database of ``pattern`` (the layout and values of
    :func:`~searchlab.puzzles.npuzzle.pdb.build_pdb`), built by the compiled
    :func:`build_ranked` and laid out: seconds and ``cells**(k+1)`` bytes plus the
    ranked work arrays, instead of NumPy's minute and gigabytes for a 6-tile pattern of
    the 15-puzzle. Boards and patterns as :func:`build_ranked` takes them.
    """
    k = len(pattern)
    cells = size * size
    src = build_ranked(size, pattern, progress, with_blank)
    out = np.full(cells ** (k + with_blank), 255, dtype=np.uint8)
    _to_radix(src, out, k, size, with_blank)
    return out


def warm_up(sizes: Sequence[int] = (2, 3, 4)) -> None:
    """Compile the search now, or load it from Numba's cache (a few seconds once per
    machine, then a fraction of a second): benchmarks call this before their clock.

    Numba compiles one version per number of databases (``sizes``), for both layouts;
    the warm-up solves a 3x3 board with Manhattan-valued tables of each kind.
    """
    from .board import goal_board

    goal = goal_board(3, "first")
    board = Board(3, (1, 2, 5, 3, 4, 0, 6, 7, 8))
    tiles = list(range(1, 9))
    for nk in sizes:
        parts = [tuple(tiles[j::nk]) for j in range(nk)]
        for ranked in (False, True):
            pdbs = [(p, _manhattan_table(3, p, ranked)) for p in parts]
            ida_star_compiled(board, goal, pdbs=pdbs)


def _manhattan_table(n: int, pattern: Sequence[int], ranked: bool) -> bytes:
    """A database of Manhattan distances of ``pattern``'s tiles (for the warm-up)."""
    import itertools

    from .pdb_index import rank

    cells = n * n
    k = len(pattern)
    out = bytearray(math.perm(cells, k) if ranked else cells**k)
    for placed in itertools.permutations(range(cells), k):
        pairs = zip(placed, pattern, strict=True)
        h = sum(abs(c // n - g // n) + abs(c % n - g % n) for c, g in pairs)
        if ranked:
            out[rank(placed, cells)] = h
        else:
            out[sum(c * cells**i for i, c in enumerate(placed))] = h
    return bytes(out)
