"""How a zero-aware pattern database is indexed, in plain Python: the reference that the
compiled builder (:mod:`.zpdb_build`) and the fast lookups (:mod:`.zpdb`) are tested
against, and a reference builder for small boards.

A zero-aware table (Clausecker & Reinefeld 2019; Clausecker's "Notes on the Construction
of Pattern Databases", ZIB-Report 17-59, which introduced them) has one entry for every
placement of the pattern's tiles **and** every connected region of the cells they leave
free: the blank's region, which is all the abstraction keeps of the blank, because the
blank moves inside it without moving a pattern tile (at no cost).

The layout, chosen here (the paper's own index differs; what matters is that it is
dense): the occupied sets (``k`` of the ``cells`` cells) in increasing order of their
bit mask; set ``S`` with ``R(S)`` regions takes ``k! * R(S)`` consecutive entries from
``base(S)``, entry ``base(S) + order * R(S) + region``, where ``order`` is the
lexicographic (Lehmer) rank of the tiles' order on the sorted cells of ``S`` and
``region`` the number of the blank's region, regions being numbered by their lowest
cell. No hole, no blank cell in the index: for the 15-puzzle's 8-tile pattern
545,871,360 entries where the placements alone are 518,918,400 (about 5% more; a
blank-cell digit would make them 16 times as many).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

VALUE_UNSEEN = 255
"""The byte of an entry the breadth-first search never reached (none, once built)."""


def regions(size: int, occupied: int) -> list[int]:
    """The connected regions of the cells of an ``size x size`` board not in the bit set
    ``occupied``, each a bit set, numbered (listed) by their lowest cell."""
    cells = size * size
    seen = occupied
    out = []
    for c in range(cells):
        if (seen >> c) & 1:
            continue
        region = 0
        stack = [c]
        seen |= 1 << c
        while stack:
            x = stack.pop()
            region |= 1 << x
            r, q = divmod(x, size)
            for y in (x - size if r else -1, x + size if r < size - 1 else -1,
                      x - 1 if q else -1, x + 1 if q < size - 1 else -1):  # fmt: skip
                if y >= 0 and not (seen >> y) & 1:
                    seen |= 1 << y
                    stack.append(y)
        out.append(region)
    return out


def region_of(size: int, occupied: int, cell: int) -> int:
    """The number of the region (:func:`regions`) holding the free ``cell``."""
    for j, region in enumerate(regions(size, occupied)):
        if (region >> cell) & 1:
            return j
    raise ValueError("the cell is occupied")


@lru_cache(maxsize=8)
def layout(size: int, k: int) -> tuple[dict[int, tuple[int, int]], int]:
    """``({set: (base, regions)}, entries)`` of the ``k``-tile tables of an
    ``size x size`` board (module docstring)."""
    cells = size * size
    kf = math.factorial(k)
    bases: dict[int, tuple[int, int]] = {}
    total = 0
    sets = sorted(sum(1 << c for c in cs) for cs in itertools.combinations(range(cells), k))
    for occ in sets:
        r = len(regions(size, occ))
        bases[occ] = (total, r)
        total += kf * r
    return bases, total


def order_rank(placed: Sequence[int], occupied: int) -> int:
    """The lexicographic rank, among the ``k!`` orders, of the tiles' order on the sorted
    cells of ``occupied`` (tile ``i`` on cell ``placed[i]``)."""
    idx = [(occupied & ((1 << c) - 1)).bit_count() for c in placed]
    k = len(idx)
    r = 0
    for i, d in enumerate(idx):
        r = r * (k - i) + d - sum(1 for e in idx[:i] if e < d)
    return r


def index(size: int, placed: Sequence[int], blank: int) -> int:
    """The entry of the tiles on cells ``placed`` (pattern order) with the blank on the
    free cell ``blank``."""
    occ = sum(1 << c for c in placed)
    base, r = layout(size, len(placed))[0][occ]
    return base + order_rank(placed, occ) * r + region_of(size, occ, blank)


def entries(size: int, k: int) -> int:
    """The number of entries of a ``k``-tile table on an ``size x size`` board."""
    return layout(size, k)[1]


def lookup(table: Sequence[int], size: int, pattern: Sequence[int], tiles: Sequence[int]) -> int:
    """The value of ``tiles`` (a row-major board, 0 the blank, tile ``t`` at home on cell
    ``t`` of the goal ``0, 1, ..., cells - 1``; other goals relabel first) in the table
    of ``pattern`` (goal cells): the reference lookup."""
    where = {t: c for c, t in enumerate(tiles)}
    return int(table[index(size, [where[g] for g in pattern], where[0])])


def build_reference(size: int, pattern: Sequence[int], blank_goal: int = 0) -> list[int]:
    """The zero-aware table of ``pattern`` by a plain breadth-first search over
    (placement, region) states (each move of a pattern tile into the blank's region costs
    one and leaves the blank on the tile's old cell; the blank's moves inside its region
    cost nothing), from the goal placement with the blank's region holding
    ``blank_goal``. Small boards only (a 3x3 board, or a few tiles on 4x4)."""
    k = len(pattern)
    table = [VALUE_UNSEEN] * entries(size, k)
    start = (tuple(pattern), blank_goal)
    table[index(size, pattern, blank_goal)] = 0
    frontier = [start]
    level = 0
    while frontier:
        level += 1
        nxt = []
        for placed, cell in frontier:
            occ = sum(1 << c for c in placed)
            region = next(g for g in regions(size, occ) if (g >> cell) & 1)
            for i, c in enumerate(placed):
                r, q = divmod(c, size)
                for b in (c - size if r else -1, c + size if r < size - 1 else -1,
                          c - 1 if q else -1, c + 1 if q < size - 1 else -1):  # fmt: skip
                    if b < 0 or not (region >> b) & 1:
                        continue
                    child = (*placed[:i], b, *placed[i + 1 :])
                    j = index(size, child, c)
                    if table[j] == VALUE_UNSEEN:
                        table[j] = level
                        nxt.append((child, c))
        frontier = nxt
    return table


def colex_rank(cells: Sequence[int]) -> int:
    """The rank of a set (its cells, any order) among the sets of as many cells in
    increasing order of their bit masks (the order of :func:`layout`'s sets)."""
    return sum(math.comb(c, i + 1) for i, c in enumerate(sorted(cells)))
