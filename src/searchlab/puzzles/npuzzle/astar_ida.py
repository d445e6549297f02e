"""A*+IDA* (Bu & Korf, IJCAI 2019) with a catalogue of zero-aware pattern databases.

Z. Bu and R. E. Korf, "A*+IDA*: a simple hybrid search algorithm", IJCAI 2019:
run A* (with duplicate detection) until a node budget is used, then iterate
thresholds ``T`` = the least ``f`` on A*'s frontier, then the least ``f`` found
above the last one: in each iteration, for each frontier node ``n`` with
``f(n) <= T`` in increasing ``f`` and, for equal ``f``, increasing ``h`` (deeper
first), run a bounded depth-first search below ``n`` with the bound ``T - g(n)``;
stop at the first solution. The A* part removes the transpositions of the upper
levels (each state there is searched below once an iteration, not once a path),
and in the last iteration the ordering by ``h`` tends to find the solution early.

:func:`astar_ida_zero` runs the A* part compiled (Numba; states packed into two
64-bit words, five bits a cell, the last cell implied; an open-addressing table and
a binary heap in preallocated arrays: 58 to 74 bytes a stored node and two a view,
about 130 with four members of four views at the peak, when the frontier is copied;
a child's heuristic from its parent's views' values, only the view of each member
holding the moved tile read again, :func:`_zchild`), then the depth-first parts in
the one frame machine of :mod:`.kernel` (:func:`~.kernel._search`, its ``_ZERO`` kind,
the same code as :func:`~.kernel_zpdb.ida_star_zero`), driven over the frontier by one
compiled loop (:func:`_drive`, starting each root frame from A*'s values) that pauses
every 65,536 nodes for the limits.

Why it stays optimal (requires admissible and consistent heuristic values: the
maximum over the members of sums of zero-aware values is, Clausecker & Reinefeld
2019):

- A* with a consistent heuristic closes a node only with its optimal ``g``. Let
  ``P`` be the optimal solution first in the move order (``U < L < R < D``) and ``n``
  its first node that A* has not closed: its predecessor on ``P`` is closed with its
  optimal ``g`` and was expanded, so ``n`` is on the frontier with ``g(n)`` optimal
  (possibly reached by another path than ``P``'s prefix: A* keeps one path a state).
- The iteration with ``T >= C*`` (the optimal cost) searches below ``n`` with the bound
  ``T - g(n)``, at least the length of ``P``'s suffix from ``n``, and every node of
  that suffix has ``f <= C*`` (admissible values). Every solution found in an
  iteration costs at most its ``T`` (frontier ``g`` are real path lengths), and no
  iteration's ``T`` passes ``C*``: the next ``T`` is the least ``f`` above the last
  one among the frontier nodes and the depth-first searches' cut-offs, which include
  ``n`` or the first node of ``P``'s suffix above the last ``T``. So the first
  solution found is optimal.
- **The pruning automaton restarts below each frontier node** (:mod:`.fsm`): every
  substring of ``P`` is the smallest string with its effect from its own cell (else
  ``P`` would not be optimal, or not first), so no substring of the suffix is
  forbidden and the automaton started at its initial state keeps the suffix. The
  automaton state of ``n``'s A* path must not be carried on: that path may not be
  ``P``'s prefix, and a forbidden string straddling the junction (the end of A*'s path
  to ``n`` and the start of the suffix) could prune the only optimal continuation
  below ``n`` that A* kept. At the root frame only the move back to ``n``'s A* parent
  is forbidden: ``P`` does not go from ``n`` to that parent ``p`` (``p`` is closed with
  ``g(p) = g(n) - 1``, while ``P`` would reach it at ``g(n) + 1``, not optimal). This
  costs the kernel nothing: four extra automaton rows (the initial state's row with one
  move forbidden, one row a direction, :func:`root_rows`) are the start states; with
  Korf's pruning alone the root frame's parent cell is the A* parent's.

Counting (Korf's, as the rest of the package): nodes generated, the start once; the
A* part counts each child it generates (the move back to a node's A* parent is not
generated, as in Korf's pruning), the depth-first parts each child they generate
below a frontier node (the frontier node itself was counted by A*), each iteration
again. With a budget of at most four stored nodes A* expands nothing, the frontier is
the start alone, and the search is IDA*: :func:`~.kernel_zpdb.ida_star_zero`'s nodes,
expansions and iterations exactly (tested).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Unpack

import numpy as np
import numpy.typing as npt
from numba import njit

from searchlab.search import SearchResult, SearchStats
from searchlab.search.limits import Budget
from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import LimitName

from .board import Board
from .kernel import (
    _BEST,
    _BOUND,
    _DEPTH,
    _EXHAUSTED,
    _EXPANDED,
    _FOUND,
    _GENERATED,
    _NEXT_CHECK,
    _NO1,
    _NO2,
    _PAUSED,
    IterationFn,
    Machine,
    Zero,
    _as_array,
    _search_zero,
    _search_zero_fsm,
    _search_zradix,
    _search_zradix_fsm,
    _zentry,
    _zvalue,
    cell_type,
    delta_table,
    move_table,
)
from .kernel_zpdb import zero_data
from .pure_search import _CHECK_EVERY, _INF, _result, _tables
from .zpdb import View

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
U64 = npt.NDArray[np.uint64]

_STORED, _HEAP, _AGEN, _AEXP, _GOAL, _CAP = range(6)
"""The A* part's counters (:class:`Store` ``ctl``): nodes stored, heap entries, nodes
generated, expanded, the goal's node (-1: none), the budget of stored nodes."""
_A_PAUSED, _A_FULL, _A_FOUND, _A_EMPTY = range(4)
_POS, _ACTIVE, _T, _NEXT, _GCUR, _NODE, _GSTART, _ESTART = range(8)
"""The depth-first driver's registers (:func:`_drive`): the next frontier position, a
search below a frontier node under way, the threshold, the least ``f`` above it seen,
the current frontier node's ``g`` and the node, and the nodes generated and expanded
when its search began (where a :class:`Checkpoint` taken during it resumes)."""
_IDX = (1 << 40) - 1
"""A heap entry is ``f << 50 | h << 40 | node``: the least ``f``, then the least ``h``,
then the oldest node first."""
_CHUNK = 1 << 14
"""A* expansions between two checks of the limits."""


class Store(NamedTuple):
    """A*'s nodes (``cap`` of them at most): the packed state ``k0``/``k1``
    (:func:`_pack`), ``g``, ``h``, the A* parent's node ``par`` and blank cell ``pcell``
    (``cells`` for the start), closed or not, each view's value then Manhattan distance
    (:func:`_zroot`, kept for the depth-first parts); the open-addressing table of node numbers
    plus one (a power of two, at least twice ``cap``), the heap, the counters ``ctl``."""

    k0: U64
    k1: U64
    g: npt.NDArray[np.int16]
    h: npt.NDArray[np.int16]
    par: npt.NDArray[np.int32]
    pcell: U8
    closed: U8
    vals: npt.NDArray[np.int8]
    table: I64
    heap: I64
    ctl: I64


class Heur(NamedTuple):
    """What :func:`_zroot` reads: each view's labels ``vt`` and goal cells ``vgoal``,
    member ``j``'s views ``mfirst[j]..mfirst[j+1]-1``, the catalogue as the frame machine
    reads it ``z`` (:class:`~.kernel.Zero`: ``z.zv[j, t]`` the view of member ``j``
    holding label ``t``, the cell maps, the set tables), the tables;
    ``where``/``pos``/``fv``/``fvd``/``fvm`` its scratch and outputs (a label's cell, the
    views' cells, values, Manhattan distances, the members' sums)."""

    vt: I64
    vgoal: I64
    plen: I64
    mfirst: I64
    z: Zero
    tabs: tuple[U8, ...]
    where: I64
    pos: I64
    fv: I64
    fvd: I64
    fvm: I64


class Parts(NamedTuple):
    """The two parts of a run: A*'s nodes generated and expanded and its CPU seconds
    (this process's, A*'s part alone), the nodes it stored and
    left on its frontier, the depth-first parts' nodes generated; the frontier node below
    which the solution was found (its rank in the frontier's order, -1: none or found by
    A*) and the blank's cells along A*'s path to it."""

    astar_generated: int
    astar_expanded: int
    astar_cpu: float
    stored: int
    frontier: int
    dfs_generated: int
    found_rank: int
    frontier_path: tuple[int, ...]


@njit(cache=True, inline="always")
def _pack(board: npt.NDArray[np.uint8], cells: int) -> tuple[np.uint64, np.uint64]:
    """A board of at most 25 cells (labels below 32) as two words: cells 0-11 in the
    first, 12 to the last but one in the second, five bits each; the last cell's label
    is the one missing."""
    k0 = np.uint64(0)
    k1 = np.uint64(0)
    for c in range(min(12, cells - 1)):
        k0 |= np.uint64(board[c]) << np.uint64(5 * c)
    for c in range(12, cells - 1):
        k1 |= np.uint64(board[c]) << np.uint64(5 * (c - 12))
    return k0, k1


@njit(cache=True, inline="always")
def _unpack(k0: np.uint64, k1: np.uint64, cells: int, out: npt.NDArray[np.uint8]) -> int:
    """Put the board of the words ``k0``, ``k1`` (:func:`_pack`) into ``out``; returns the
    blank's cell (label 0)."""
    total = cells * (cells - 1) // 2
    blank = cells - 1
    for c in range(cells - 1):
        w = k0 if c < 12 else k1
        s = 5 * c if c < 12 else 5 * (c - 12)
        lab = int((w >> np.uint64(s)) & np.uint64(31))
        out[c] = lab
        total -= lab
        if lab == 0:
            blank = c
    out[cells - 1] = total
    return blank


@njit(cache=True, inline="always")
def _slot(k0: np.uint64, k1: np.uint64, mask: int) -> int:
    """The first table slot of a state (a multiplicative hash of its two words)."""
    x = k0 * np.uint64(0x9E3779B97F4A7C15) ^ (k1 + np.uint64(0x632BE59BD9B4E019))
    x ^= x >> np.uint64(31)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(29)
    return np.int64(x & np.uint64(mask))  # type: ignore[return-value]


@njit(cache=True, inline="always")
def _zpos(board: npt.NDArray[np.uint8], cells: int, hd: Heur) -> int:
    """Each view's cells of ``board`` (labels a cell, 0 the blank) into ``hd.pos``; returns
    the blank's cell."""
    where = hd.where
    for c in range(cells):
        where[board[c]] = c
    for v in range(hd.plen.shape[0]):
        for i in range(hd.plen[v]):
            hd.pos[v, i] = hd.z.zmap[v, where[hd.vt[v, i]]]
    return int(where[0])


@njit(cache=True)
def _zroot(board: npt.NDArray[np.uint8], cells: int, n: int, hd: Heur) -> int:
    """The catalogue's heuristic of ``board`` (labels a cell, 0 the blank) from scratch,
    as :func:`~.kernel_zpdb.zero_data` computes a root's (tables of a byte or four bits
    an entry): each view's cells into ``hd.pos`` (:func:`_zpos`), its value and Manhattan
    distance into ``hd.fv``/``hd.fvd``, each member's sum into ``hd.fvm``; returns their
    maximum."""
    pos = hd.pos
    blank = _zpos(board, cells, hd)
    h = 0
    nm = hd.mfirst.shape[0] - 1
    for j in range(nm):
        s = 0
        for v in range(hd.mfirst[j], hd.mfirst[j + 1]):
            md = 0
            k = hd.plen[v]
            for i in range(k):
                c = pos[v, i]
                g = hd.vgoal[v, i]
                md += abs(c // n - g // n) + abs(c % n - g % n)
            e = _zentry(pos, v, k, cells, hd.z.zbin, hd.z.zbase, hd.z.zbi[v], hd.z.znreg,
                        hd.z.zlab, hd.z.zmap[v, blank])  # fmt: skip
            val = _zvalue(hd.tabs[hd.z.ztab[v]], hd.z.zfmt[v], e, md, 0)
            hd.fv[v] = val
            hd.fvd[v] = md
            s += val
        hd.fvm[j] = s
        if s > h:
            h = s
    return h


@njit(cache=True)
def _zchild(board: U8, cells: int, n: int, hd: Heur, vals: npt.NDArray[np.int8], x: int,
            y: int, tile: int, blank: int) -> int:  # fmt: skip
    """The heuristic of node ``y``, the child of node ``x`` where label ``tile`` moved
    and the blank is now on cell ``blank`` (``board`` the child's), its views' values and
    distances into ``vals[y]``: ``x``'s, but for the view of each member holding the
    tile (the others keep their cells and the blank its region: :mod:`.kernel_zpdb`)."""
    nv = hd.plen.shape[0]
    for v in range(2 * nv):
        vals[y, v] = vals[x, v]
    where = hd.where
    for c in range(cells):
        where[board[c]] = c
    h = 0
    for j in range(hd.mfirst.shape[0] - 1):
        v = hd.z.zv[j, tile]
        md = 0
        k = hd.plen[v]
        for i in range(k):
            c = hd.z.zmap[v, where[hd.vt[v, i]]]
            hd.pos[v, i] = c
            g = hd.vgoal[v, i]
            md += abs(c // n - g // n) + abs(c % n - g % n)
        e = _zentry(hd.pos, v, k, cells, hd.z.zbin, hd.z.zbase, hd.z.zbi[v], hd.z.znreg,
                    hd.z.zlab, hd.z.zmap[v, blank])  # fmt: skip
        vals[y, v] = _zvalue(hd.tabs[hd.z.ztab[v]], hd.z.zfmt[v], e, md, 0)
        vals[y, nv + v] = md
        s = 0
        for u in range(hd.mfirst[j], hd.mfirst[j + 1]):
            s += vals[y, u]
        if s > h:
            h = s
    return h


@njit(cache=True, inline="always")
def _push(heap: I64, ctl: I64, item: int) -> None:
    i = ctl[_HEAP]
    ctl[_HEAP] = i + 1
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= item:
            break
        heap[i] = heap[up]
        i = up
    heap[i] = item


@njit(cache=True, inline="always")
def _pop(heap: I64, ctl: I64) -> int:
    top = heap[0]
    size = ctl[_HEAP] - 1
    ctl[_HEAP] = size
    last = heap[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and heap[c + 1] < heap[c]:
            c += 1
        if heap[c] >= last:
            break
        heap[i] = heap[c]
        i = c
    if size > 0:
        heap[i] = last
    return int(top)


@njit(cache=True)
def _astar(st: Store, hd: Heur, moves: U8, nmoves: U8, n: int, board: U8, chunk: int) -> int:
    """Resume A* for up to ``chunk`` expansions: ``_A_PAUSED``; ``_A_FULL`` when one
    more expansion could store more than the budget ``ctl[_CAP]`` (or fill the heap);
    ``_A_FOUND`` (the goal selected: ``ctl[_GOAL]``); ``_A_EMPTY`` (no solution).
    Ties on ``f`` go to the least ``h``; a node reached again by a shorter path while open
    gets the new ``g`` and parent (never once closed: the heuristic is consistent)."""
    cells = n * n
    ctl = st.ctl
    mask = st.table.shape[0] - 1
    for _ in range(chunk):
        if ctl[_HEAP] == 0:
            return _A_EMPTY
        item = _pop(st.heap, ctl)
        x = item & _IDX
        f = item >> 50
        if st.closed[x] or f != st.g[x] + st.h[x]:
            continue  # an entry left behind by a shorter path
        if st.h[x] == 0:
            ctl[_GOAL] = x
            return _A_FOUND
        if ctl[_STORED] + 4 > ctl[_CAP] or ctl[_HEAP] + 5 > st.heap.shape[0]:
            _push(st.heap, ctl, item)
            return _A_FULL
        st.closed[x] = 1
        ctl[_AEXP] += 1
        b = _unpack(st.k0[x], st.k1[x], cells, board)
        g2 = st.g[x] + 1
        for j in range(nmoves[b]):
            nb = moves[4 * b + j]
            if nb == st.pcell[x]:
                continue  # the move back to the A* parent (Korf's pruning)
            ctl[_AGEN] += 1
            board[b] = board[nb]
            board[nb] = 0
            k0, k1 = _pack(board, cells)
            s = _slot(k0, k1, mask)
            while True:
                y = st.table[s] - 1
                if y < 0 or (st.k0[y] == k0 and st.k1[y] == k1):
                    break
                s = (s + 1) & mask
            if y >= 0:
                if not st.closed[y] and st.g[y] > g2:
                    st.g[y] = g2
                    st.par[y] = x
                    st.pcell[y] = b
                    _push(st.heap, ctl, ((g2 + int(st.h[y])) << 50) | (int(st.h[y]) << 40) | y)
            else:
                y = ctl[_STORED]
                ctl[_STORED] = y + 1
                h = _zchild(board, cells, n, hd, st.vals, x, y, board[b], nb)
                st.k0[y] = k0
                st.k1[y] = k1
                st.g[y] = g2
                st.h[y] = h
                st.par[y] = x
                st.pcell[y] = b
                st.closed[y] = 0
                st.table[s] = y + 1
                _push(st.heap, ctl, ((g2 + h) << 50) | (h << 40) | y)
            board[nb] = board[b]
            board[b] = 0
    return _A_PAUSED


class Checkpoint(NamedTuple):
    """Where an interrupted run of :func:`astar_ida_zero` resumes: in the iteration of
    threshold ``threshold`` (the ``iterations``-th; it began after ``iteration_start``
    nodes), at the frontier position ``position`` (the frontier in its visiting order),
    with ``next_bound`` the least ``f`` above the threshold seen before it and
    ``generated``/``expanded`` the counts then. A frontier node's search under way when
    the checkpoint is taken is not in it (it is searched again, its nodes counted once).
    ``frontier`` and ``fingerprint`` identify the frontier (:func:`fingerprint`): A* is
    deterministic, so the same start, tables and budget make it again."""

    threshold: int
    position: int
    next_bound: int
    generated: int
    expanded: int
    iterations: int
    iteration_start: int
    frontier: int
    fingerprint: int


class Frontier(NamedTuple):
    """A*'s frontier in the order the iterations visit it (:func:`frontier_order`),
    contiguous: the packed states, ``g``, ``h``, the A* parent's
    blank cell, and each node's view values then Manhattan distances (A*'s,
    :class:`Store`: the depth-first parts read no table to start below a frontier
    node)."""

    k0: U64
    k1: U64
    g: I64
    h: I64
    pcell: U8
    vals: npt.NDArray[np.int8]


@njit(cache=True)
def _drive(m: Machine, fr: Frontier, hd: Heur, rows: int, automaton: int, ctl: I64) -> int:
    """Resume the iteration of threshold ``ctl[_T]`` over the frontier ``fr``: below each
    frontier node ``x`` with ``f <= T``, the frame machine's bounded search (bound
    ``T - g(x)``; its root frame from the node's board and A*'s values, the automaton
    started at the row ``rows + d`` forbidding only the move back to the A* parent,
    direction ``d``, or at state 0 for the start; with ``automaton`` 0 the root's
    parent cell is the A* parent's). Returns ``_FOUND`` (below frontier node
    ``ctl[_NODE]``, the path ``m.fb[1 : depth + 1]``), ``_EXHAUSTED`` (``ctl[_NEXT]``
    the next threshold) or ``_PAUSED``."""
    regs = m.regs
    n = m.n
    cells = n * n
    nv = hd.plen.shape[0]
    nm = hd.mfirst.shape[0] - 1
    size = fr.g.shape[0]
    radix = hd.z.zrt[0] >= 0  # the tables by cell digits (:mod:`.zpdb_radix`)
    none = 255  # no cell: the start's parent (:func:`~.kernel.cell_type`, boards of 25 cells)
    while True:
        if ctl[_ACTIVE] == 0:
            if ctl[_POS] >= size:
                return _EXHAUSTED
            if regs[_GENERATED] > regs[_NEXT_CHECK]:
                return _PAUSED
            x = ctl[_POS]
            g = fr.g[x]
            h = fr.h[x]
            if g + h > ctl[_T]:
                if g + h < ctl[_NEXT]:
                    ctl[_NEXT] = g + h
                ctl[_POS] = size
                return _EXHAUSTED
            ctl[_POS] += 1
            ctl[_NODE] = x
            ctl[_GCUR] = g
            ctl[_GSTART] = regs[_GENERATED]
            ctl[_ESTART] = regs[_EXPANDED]
            b = _unpack(fr.k0[x], fr.k1[x], cells, m.board)
            if h == 0:
                regs[_DEPTH] = 0
                return _FOUND
            _zpos(m.board, cells, hd)
            if radix:
                for v in range(nv):
                    zc = 0  # the tiles' digits (the blank's is added at each lookup)
                    for i in range(hd.plen[v]):
                        zc += hd.z.zw[v, i] * hd.pos[v, i]
                    hd.z.zcur[v] = zc
            for v in range(nv):
                m.fv[0, v] = fr.vals[x, v]
                m.fvd[0, v] = fr.vals[x, nv + v]
                m.fvm[0, v] = 0
            for j in range(nm):
                for v in range(hd.mfirst[j], hd.mfirst[j + 1]):
                    m.fvm[0, j] += fr.vals[x, v]
            p = fr.pcell[x]
            m.fb[0] = b
            m.fi[0] = 0
            m.fh[0] = h
            m.fprev[0] = none if p >= cells else p
            start = 0
            if p < cells:
                for j in range(m.nmoves[b]):
                    if m.moves[4 * b + j] == p:
                        start = rows + m.mdir[4 * b + j]
            m.fst[0] = start
            regs[_DEPTH] = 0
            regs[_BOUND] = ctl[_T] - g
            regs[_BEST] = _INF
            ctl[_ACTIVE] = 1
        if radix:
            status = _search_zradix_fsm(m) if automaton == 1 else _search_zradix(m)
        else:
            status = _search_zero_fsm(m) if automaton == 1 else _search_zero(m)
        if status != _EXHAUSTED:
            return status
        ctl[_ACTIVE] = 0
        if regs[_BEST] < _INF and regs[_BEST] + ctl[_GCUR] < ctl[_NEXT]:
            ctl[_NEXT] = regs[_BEST] + ctl[_GCUR]


def frontier_order(idx: I64, g: npt.NDArray[Any], h: npt.NDArray[Any], k0: U64, k1: U64) -> I64:
    """The frontier nodes ``idx`` (their ``g``, ``h`` and packed states, :func:`_pack`) in
    the order the iterations visit them: increasing ``f``, then increasing ``h`` (Bu &
    Korf's order: in the last iteration the deeper nodes first, which finds the solution
    early), then by state, the board read as a number (the second word's cells the most
    significant, :func:`_pack`), where the paper leaves ties free.

    **Locality** is why ties go by state: neighbouring boards share most tiles' cells,
    so the searches below them read the same tables' entries, still in the cache. Against
    ties by node number (A*'s order of generation), the iterations that found nothing
    ran at 1.20 to 1.27 times the nodes per CPU second, with the same nodes (Korf & Felner's
    #44, #25 and #1 with 1,000,000 nodes stored, ``benchmarks/npuzzle_astar_ida_order.py``;
    docs/npuzzle.md)."""
    f = g.astype(np.int64) + h
    return idx[np.lexsort((k0, k1, h, f))].astype(np.int64)


def fingerprint(fr: Frontier) -> int:
    """A number that changes with the frontier's states and their order (a checksum of
    its packed states weighted by position, modulo 2**63)."""
    with np.errstate(over="ignore"):
        w = np.arange(1, fr.k0.shape[0] + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        x = (fr.k0 ^ (fr.k1 * np.uint64(0xBF58476D1CE4E5B9))) * w
        return int(np.bitwise_xor.reduce(x) >> np.uint64(1)) if x.size else 0


def root_rows(fsm: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The automaton ``fsm`` with four rows added after its last: row ``len(fsm) + d`` is
    the initial state's row with the move of direction ``d`` forbidden (the start state
    below a frontier node whose A* parent is in direction ``d``: the automaton restarted,
    only the move back forbidden)."""
    extra = np.repeat(fsm[:1], 4, axis=0)
    for d in range(4):
        extra[d, d] = -1
    return np.concatenate([fsm, extra]).astype(np.int32)


def _new_store(cap: int, nv: int) -> Store:
    size = 1 << max(4, (2 * cap + 8).bit_length())
    return Store(
        np.zeros(cap, np.uint64), np.zeros(cap, np.uint64), np.zeros(cap, np.int16),
        np.zeros(cap, np.int16), np.zeros(cap, np.int32), np.zeros(cap, np.uint8),
        np.zeros(cap, np.uint8), np.zeros((cap, 2 * nv), np.int8), np.zeros(size, np.int64),
        np.zeros(2 * cap + 8, np.int64), np.zeros(6, np.int64),
    )  # fmt: skip


def _path(st: Store, x: int, cells: int) -> list[int]:
    """The blank's cells along A*'s path from the start to node ``x`` (the start's
    excluded)."""
    board = np.zeros(cells, np.uint8)
    out = []
    while st.par[x] >= 0:
        out.append(_unpack(st.k0[x], st.k1[x], cells, board))
        x = int(st.par[x])
    return out[::-1]


def astar_ida_zero(
    start: Board,
    goal: Board,
    members: Sequence[Sequence[View]],
    *,
    astar_nodes: int,
    fsm: npt.NDArray[np.int32] | None = None,
    on_iteration: IterationFn | None = None,
    resume: Checkpoint | None = None,
    on_checkpoint: Callable[[Checkpoint], None] | None = None,
    **limits: Unpack[LimitOptions],
) -> tuple[SearchResult, Parts]:
    """An optimal solution of ``start`` by A*+IDA* (module docstring) with the maximum
    over ``members`` of their zero-aware sums, and the two parts' counts.

    Requires what :func:`~.kernel_zpdb.ida_star_zero` requires, tables of a byte or four
    bits an entry (not one bit: a value there is known only from its parent's) and a
    board of at most 25 cells. ``astar_nodes`` is A*'s budget of stored nodes (about 130
    bytes each at the peak with 16 views; at most 4: IDA* itself); ``fsm`` the pruning automaton
    (:mod:`.fsm`, restarted below each frontier node), default Korf's pruning.
    Guarantees an optimal solution; ``stats.generated`` counts both parts (:class:`Parts`
    apart), ``stats.iterations`` the depth-first iterations; ``on_iteration(T, nodes)``
    after each iteration that found nothing; the limits (checked every 16,384 A*
    expansions and every 65,536 depth-first nodes; ``max_nodes`` counts generated nodes).

    Resumable: ``on_checkpoint(c)`` receives a :class:`Checkpoint` at every pause of the
    depth-first parts (every 65,536 nodes: the caller decides which to keep); ``resume=c``
    runs A* again (the same frontier, checked by its size and :func:`fingerprint`, else
    ``ValueError``) and goes on from ``c``: the same nodes, iterations and solution as a
    run never interrupted (tested), ``stats`` counting from ``c``'s counts.
    """
    if goal.blank != 0:
        raise ValueError("zero-aware tables are built for the blank's goal on cell 0")
    if not members or any(not m for m in members):
        raise ValueError("a catalogue of at least one non-empty member")
    if any(v.bits for m in members for v in m):
        raise ValueError("A*+IDA* takes tables of a byte or four bits an entry")
    if any(not v.packed and int(np.max(_as_array(v.table))) > 127 for m in members for v in m):
        raise ValueError("A*+IDA* keeps a view's value in a signed byte: values up to 127")
    n = start.size
    cells = n * n
    if cells > 25:
        raise ValueError("A*+IDA* packs boards of at most 25 cells")
    budget = limit_budget(limits, stored_nodes=False)
    max_nodes = limits.get("max_nodes")
    stats = SearchStats()
    labels, md = _tables(start, goal)
    where = [0] * cells
    for c, lab in enumerate(labels):
        where[lab] = c
    zero, tabs, pos, plen, _values, _mds, _sums = zero_data(members, where, n)
    flat = [v for member in members for v in member]
    nv = len(flat)
    kmax = pos.shape[1]
    vt = np.zeros((nv, kmax), np.int64)
    vgoal = np.zeros((nv, kmax), np.int64)
    for i, v in enumerate(flat):
        vt[i, : len(v.tiles)] = v.tiles
        vgoal[i, : len(v.goal)] = v.goal
    mfirst = np.cumsum([0] + [len(m) for m in members]).astype(np.int64)
    hd = Heur(
        vt, vgoal, plen, mfirst, zero, tabs, np.zeros(cells, np.int64), pos,
        np.zeros(nv, np.int64), np.zeros(nv, np.int64), np.zeros(nv, np.int64),
    )  # fmt: skip
    moves, nmoves, mdir = move_table(n)
    ct = cell_type(cells)
    board = np.array(labels, dtype=ct)

    # the A* part
    cpu0 = time.process_time()
    cap = max(int(astar_nodes), 1)
    st = _new_store(cap, nv)
    st.ctl[_CAP] = cap
    k0, k1 = _pack(board, cells)
    h0 = _zroot(board, cells, n, hd)
    st.vals[0] = np.concatenate([hd.fv, hd.fvd])
    st.k0[0], st.k1[0], st.g[0], st.h[0], st.par[0], st.pcell[0] = k0, k1, 0, h0, -1, cells
    st.table[_slot(k0, k1, st.table.shape[0] - 1)] = 1
    st.ctl[_STORED], st.ctl[_AGEN], st.ctl[_GOAL] = 1, 1, -1
    st.ctl[_HEAP] = 0
    st.heap[0] = (h0 << 50) | (h0 << 40)
    st.ctl[_HEAP] = 1
    scratch = np.zeros(cells, np.uint8)
    limit: LimitName | None = None
    while True:
        status = _astar(st, hd, moves, nmoves, n, scratch, _CHUNK)
        stats.generated, stats.expanded = int(st.ctl[_AGEN]), int(st.ctl[_AEXP])
        if status != _A_PAUSED:
            break
        limit = _limit(stats, budget, max_nodes)
        if limit is not None:
            break
    agen, aexp, stored = int(st.ctl[_AGEN]), int(st.ctl[_AEXP]), int(st.ctl[_STORED])
    acpu = time.process_time() - cpu0

    def parts(dfs: int, rank: int = -1, fpath: tuple[int, ...] = ()) -> Parts:
        front = stored - int(np.count_nonzero(st.closed[:stored]))
        return Parts(agen, aexp, acpu, stored, front, dfs, rank, fpath)

    if status == _A_FOUND:
        found = _path(st, int(st.ctl[_GOAL]), cells)
        stats.max_depth = len(found)
        return _result("astar+idastar", start, found, stats, budget, None), parts(0)
    if status == _A_EMPTY or limit is not None:
        return _result("astar+idastar", start, None, stats, budget, limit), parts(0)

    # the depth-first parts, over the frontier in increasing f, then h, then state
    st = st._replace(table=np.zeros(1, np.int64), heap=np.zeros(1, np.int64))  # freed
    idx = np.flatnonzero(st.closed[:stored] == 0)
    order = frontier_order(idx, st.g[idx], st.h[idx], st.k0[idx], st.k1[idx])
    fr = Frontier(
        st.k0[order], st.k1[order], st.g[order].astype(np.int64),
        st.h[order].astype(np.int64), st.pcell[order], st.vals[order],
    )  # fmt: skip
    gmin = int(fr.g.min())
    mark = fingerprint(fr)
    if resume is not None and (resume.frontier != len(order) or resume.fingerprint != mark):
        raise ValueError("the checkpoint was taken on another frontier (start, tables or budget)")
    automaton = np.zeros((1, 4), np.int32) if fsm is None else root_rows(fsm)
    rows = 0 if fsm is None else len(fsm)
    regs = np.zeros(6, dtype=np.int64)
    regs[_GENERATED], regs[_EXPANDED] = agen, aexp
    ctl = np.zeros(8, dtype=np.int64)
    machine: list[Machine] = []

    def frames(bound: int) -> Machine:
        if machine and bound + 2 <= len(machine[0].fb):
            return machine[0]
        size = 2 * bound + 2
        fb, fprev, fi = (np.zeros(size, dtype=ct) for _ in range(3))
        fh, fhm, fhd, fst = (np.zeros(size, dtype=np.int64) for _ in range(4))
        fv, fvm, fvd = (np.zeros((size, nv), dtype=np.int64) for _ in range(3))
        machine[:] = [
            Machine(
                regs, fb, fprev, fi, fh, fhm, fhd, fv, fvm, fvd, board, moves, nmoves,
                goal.blank, n, False, False, _NO2, _NO2, _NO1, _NO1, _NO1, _NO1, _NO1, _NO2,
                _NO1, pos, _NO2, plen, tabs, _NO1, delta_table(md, cells), _NO1,
                _NO1, _NO1, np.zeros(1, dtype=np.int8), automaton, mdir, fst, *zero,
            )
        ]  # fmt: skip
        return machine[0]

    threshold = int(fr.g[0] + fr.h[0])
    if resume is not None:
        threshold = resume.threshold
        regs[_GENERATED], regs[_EXPANDED] = resume.generated, resume.expanded
        stats.iterations = resume.iterations - 1
    path: list[int] | None = None
    node = rank = -1
    while True:
        m = frames(threshold - gmin)
        before = int(regs[_GENERATED])
        stats.iterations += 1
        ctl[:] = 0
        ctl[_T], ctl[_NEXT] = threshold, _INF
        if resume is not None:  # into the interrupted iteration, once
            before = resume.iteration_start
            ctl[_POS], ctl[_NEXT] = resume.position, resume.next_bound
            resume = None
        while True:
            regs[_NEXT_CHECK] = int(regs[_GENERATED]) + _CHECK_EVERY - 1
            status = _drive(m, fr, hd, rows, 0 if fsm is None else 1, ctl)
            stats.generated, stats.expanded = int(regs[_GENERATED]), int(regs[_EXPANDED])
            if status != _PAUSED:
                break
            if on_checkpoint is not None:
                busy = bool(ctl[_ACTIVE])
                on_checkpoint(
                    Checkpoint(
                        threshold, int(ctl[_POS]) - busy, int(ctl[_NEXT]),
                        int(ctl[_GSTART]) if busy else stats.generated,
                        int(ctl[_ESTART]) if busy else stats.expanded,
                        stats.iterations, before, len(order), mark,
                    )
                )  # fmt: skip
            limit = _limit(stats, budget, max_nodes)
            if limit is not None:
                break
        if limit is not None:
            break
        if status == _FOUND:
            rank = int(ctl[_NODE])
            node = int(order[rank])
            path = _path(st, node, cells) + [int(c) for c in m.fb[1 : regs[_DEPTH] + 1]]
            break
        if on_iteration is not None:
            on_iteration(threshold, int(regs[_GENERATED]) - before)
        if ctl[_NEXT] >= _INF:
            break  # no solution
        threshold = int(ctl[_NEXT])
    stats.max_depth = stats.max_frontier = threshold
    fpath: tuple[int, ...] = ()
    if node >= 0:
        fpath = tuple(_path(st, node, cells))
    result = _result("astar+idastar", start, path, stats, budget, limit)
    return result, parts(stats.generated - agen, rank, fpath)


def _limit(stats: SearchStats, budget: Budget, max_nodes: int | None) -> LimitName | None:
    """The limit reached, if any: ``max_nodes`` generated nodes, then the budget's."""
    if max_nodes is not None and stats.generated >= max_nodes:
        return "max_nodes"
    return budget.check(stats)
