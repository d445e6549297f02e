"""Compiled IDA* (Numba) with a catalogue of zero-aware pattern databases (:mod:`.zpdb`).

:func:`ida_star_zero` runs Korf's (1985) IDA* (the tree and counting of
:func:`~searchlab.puzzles.npuzzle.pure_search.ida_star`, or the pruning automaton's,
:mod:`.fsm`) with the heuristic of Clausecker & Reinefeld (SoCS 2019): the maximum,
over a catalogue of partitions (members), of the sum of each partition's zero-aware
table values, a partition's reflection through the diagonal being a member that reads
the same tables (:func:`~.zpdb.views`).

How it is fast (the one frame machine of :mod:`.kernel`, its ``_ZERO`` kind):

- **one table a member a move**: a move slides one tile into the blank's cell; every
  other pattern keeps its cells, and the blank's old and new cells are neighbours free
  for it, so in the same region: its value is unchanged. Only the view following the
  moved tile is read again: the order's rank of its six to eight cells and the blank's
  region (:func:`~.kernel._zentry`), then its value, incrementally for the Manhattan
  part (the reflection keeps distances);
- **early exit**: members are summed in the catalogue's order and a child is pruned as
  soon as one member's sum passes the bound (the next bound is then that member's
  ``f``, as the plain-Python reference counts it): put the strongest member first;
- the frames keep each view's value and Manhattan distance and each member's sum, so
  a return to the parent restores nothing but the moved tile's cells.

The tables may hold a byte, four bits or one bit an entry (:mod:`.zpdb_bits`: a value
is then its parent's plus or minus one; the root's is found by descent). When every view
also has its table by cell digits (:mod:`.zpdb_radix`, ``View.radix``), the search reads
those (the kernel's ``_ZRADIX`` kind: an entry is one multiply-add, no rank): the same
values, so the same nodes, in about a third of the CPU on the 24-puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

import numpy as np
import numpy.typing as npt

from searchlab.search import SearchResult, SearchStats
from searchlab.search.options import LimitOptions, limit_budget

from . import zpdb_sets
from .board import Board
from .kernel import _ZERO, _ZRADIX, IterationFn, Zero, _as_array, delta_table, run_frames
from .pure_search import _result, _tables
from .zpdb import View, value
from .zpdb_bits import root_value
from .zpdb_radix import weights
from .zpdb_sets import binomials

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]


def set_tables(size: int, k: int) -> tuple[I64, U8, U8]:
    """The region tables of ``k``-tile tables on an ``size x size`` board a set each, in
    increasing order of the sets' bit masks (:func:`~.kernel._zentry` finds a set's
    number by its colex rank): each set's first entry, number of regions, and each
    cell's region (``cells`` bytes a set), made directly (:func:`~.zpdb_sets.set_tables`)."""
    t = zpdb_sets.set_tables(size, k)
    return t.base, t.nreg, t.lab


def zero_data(members: Sequence[Sequence[View]], where: Sequence[int], size: int) -> tuple[
    Zero, tuple[npt.NDArray[np.uint8], ...], npt.NDArray[np.int64], npt.NDArray[np.int64],
    list[int], list[int], list[int],
]:  # fmt: skip
    """The machine's :class:`~.kernel.Zero`, its tables, the views' cells ``pos`` and
    sizes, and the root's values, Manhattan distances (a view each) and sums (a member
    each, then zeros up to a view each) for a board whose label ``t`` is on ``where[t]``
    (label 0 the blank)."""
    cells = size * size
    flat = [v for member in members for v in member]
    nv = len(flat)
    tab_of: dict[int, int] = {}
    tabs: list[npt.NDArray[np.uint8]] = []
    base_of: dict[int, int] = {}
    ks: list[int] = []
    kmax = max(len(v.tiles) for v in flat)
    zv = np.zeros((len(members), cells), dtype=np.int64)
    zs = np.zeros((nv, cells), dtype=np.int64)
    zmap = np.zeros((nv, cells), dtype=np.int64)
    zfmt = np.zeros(nv, dtype=np.int64)
    ztab = np.zeros(nv, dtype=np.int64)
    zbi = np.zeros(nv, dtype=np.int64)
    pos = np.zeros((nv, kmax), dtype=np.int64)
    plen = np.zeros(nv, dtype=np.int64)
    radix = all(v.radix is not None for v in flat)
    zrt = np.full(nv, -1, dtype=np.int64)
    zw = np.zeros((nv, kmax), dtype=np.int64)
    zcur = np.zeros(nv, dtype=np.int64)
    values, mds = [], []
    vi = 0
    for j, member in enumerate(members):
        for v in member:
            if v.tables.size != size:
                raise ValueError("a view of another board size")
            ztab[vi] = tab_of.setdefault(id(v.table), len(tabs))
            if ztab[vi] == len(tabs):
                tabs.append(_as_array(v.table))
            zbi[vi] = base_of.setdefault(len(v.tiles), len(ks))
            if zbi[vi] == len(ks):
                ks.append(len(v.tiles))
            zfmt[vi] = 2 if v.bits else 1 if v.packed else 0
            zmap[vi] = v.cellmap
            plen[vi] = len(v.tiles)
            for i, t in enumerate(v.tiles):
                zv[j, t] = vi
                zs[vi, t] = i
                pos[vi, i] = v.cellmap[where[t]]
            placed = [int(c) for c in pos[vi, : len(v.tiles)]]
            n = size
            mds.append(sum(abs(c // n - g // n) + abs(c % n - g % n)
                           for c, g in zip(placed, v.goal, strict=True)))  # fmt: skip
            blank = v.cellmap[where[0]]
            if radix:
                zrt[vi] = len(tabs)
                tabs.append(_as_array(v.radix))
                zw[vi, : len(v.tiles)] = weights(size, len(v.tiles))
                zcur[vi] = int(np.dot(zw[vi], pos[vi]))  # the blank's digit apart
            if v.bits:
                values.append(root_value(v.table, v.tables, v.goal, placed, blank))
            else:
                values.append(value(v, where, where[0]))
            vi += 1
    sums = []
    vi = 0
    for member in members:
        sums.append(sum(values[vi : vi + len(member)]))
        vi += len(member)
    per = [set_tables(size, k) for k in ks]
    width = max(len(b) for b, _, _ in per)
    base = np.zeros((len(ks), width), dtype=np.int64)
    nreg = np.zeros((len(ks), width), dtype=np.uint8)
    lab = np.zeros((len(ks), width * cells), dtype=np.uint8)
    for j, (b, r, la) in enumerate(per):
        base[j, : len(b)], nreg[j, : len(r)], lab[j, : len(la)] = b, r, la
    zero = Zero(
        zv, zs, zmap, zfmt, ztab, zbi, binomials(cells, kmax + 1), base, nreg, lab,
        np.zeros((3, len(members)), dtype=np.int64), zrt, zw, zcur,
    )  # fmt: skip
    return zero, tuple(tabs), pos, plen, values, mds, sums + [0] * (nv - len(members))


def ida_star_zero(
    start: Board,
    goal: Board,
    members: Sequence[Sequence[View]],
    *,
    fsm: npt.NDArray[np.int32] | None = None,
    on_iteration: IterationFn | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """An optimal solution of ``start`` by IDA* with the maximum over ``members`` (each a
    partition's :class:`~.zpdb.View` list, from :func:`~.zpdb.views` or
    :func:`~.zpdb_bits.bit_views`) of their sums, compiled.

    Requires a solvable ``start``, a ``goal`` with the blank on cell 0 (the tables' goal,
    :func:`~.zpdb.views`), and members each a partition of the goal's tiles (so
    admissible, and consistent: Clausecker & Reinefeld 2019). Guarantees Korf's counts
    (:func:`~.pure_search.ida_star`'s conventions, members summed in order with the
    early exit of the module docstring; ``fsm`` the pruning automaton of
    :func:`~.kernel.ida_star_compiled`) and its limits (checked every 65,536 nodes);
    ``on_iteration(bound, nodes)`` after each completed iteration.
    """
    if goal.blank != 0:
        raise ValueError("zero-aware tables are built for the blank's goal on cell 0")
    if not members or any(not m for m in members):
        raise ValueError("a catalogue of at least one non-empty member")
    budget = limit_budget(limits, stored_nodes=False)
    max_nodes = limits.get("max_nodes")
    stats = SearchStats()
    n = start.size
    cells = n * n
    labels, md = _tables(start, goal)
    where = [0] * cells
    for c, lab in enumerate(labels):
        where[lab] = c
    zero, tabs, pos, plen, values, mds, sums = zero_data(members, where, n)
    h = max(sums[: len(members)])
    kind = _ZRADIX if zero.zrt[0] >= 0 else _ZERO
    path, limit = run_frames(
        kind, start, goal, labels, h, h, (h, 0, 0), stats, budget, max_nodes,
        v0=np.array(values, dtype=np.int64), vm0=np.array(sums, dtype=np.int64),
        vd0=np.array(mds, dtype=np.int64), pos=pos, plen=plen, tabs=tabs,
        mdd=delta_table(md, cells), on_iteration=on_iteration, fsm=fsm, zero=zero,
    )  # fmt: skip
    return _result("idastar", start, path, stats, budget, limit)
