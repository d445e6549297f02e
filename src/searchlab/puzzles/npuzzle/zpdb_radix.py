"""Zero-aware tables re-laid by cell digits, one bit an entry: a lookup whose index moves
little with a move, for the depth-first search.

Why: the dense layout (:mod:`.zpdb_index`) numbers a placement by its set of cells first,
and every move changes that set, so a child's entry is anywhere in the table: each
catalogue member cost a cache miss a child (about 0.55 µs a zero-aware node on the
24-puzzle against 0.07 for an additive one, docs/npuzzle.md). Korf & Felner's additive
tables are indexed by the tiles' cells as digits (:mod:`.pdb`): a move changes one digit,
and a subtree of the depth-first search, whose high-digit tiles stay put, reads a small
part of the table.

The layout here: entry ``((c_1 * C + c_2) * C + ... + c_k) * C + z`` for the pattern's
tiles on cells ``c_i`` (pattern order) and the blank on cell ``z`` (``C`` the cells), one
bit each, the one-bit compression of :mod:`.zpdb_bits` (``q mod 2`` of the value
``md + 2q``: a child's value is its parent's plus or minus one, told by the bit). Entries
with two tiles or the blank on one cell are never read (their bit is 0). The search keeps
each view's tiles' part ``sum w_i * c_i`` (``w_i = C ** (k - i + 1)``, :func:`weights`);
a move of a pattern tile from cell ``x`` to the blank's cell ``z`` changes it by
``w_i * (z - x)``, and a lookup adds the blank's cell, which every move changes in every
view: one multiply-add, no rank. The cost is room: ``C ** (k + 1)`` bits, 763 MB for a
6-tile table of the 24-puzzle where the dense four-bit table takes 90.5 MB (so this is
for 6-tile tables of the 24-puzzle and smaller: an 8-tile 15-puzzle table would take
8.6 GB).

Made from the dense four-bit table (:func:`~.zpdb.load_zpdb`), cached beside it
(``-zr.npy``), written atomically with its checksum and verified when read, like every
table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from .kernel import _zranks
from .pdb import Progress
from .zpdb import View, load_derived, zpdb_path
from .zpdb_sets import binomials, set_tables

MAX_BYTES = 1 << 30
"""The largest table made this way (1 GiB): 6-tile tables of the 24-puzzle take 763 MB."""


def radix_bytes(size: int, k: int) -> int:
    """The bytes of the table of a ``k``-tile pattern on an ``size x size`` board."""
    cells = size * size
    return int((cells ** (k + 1) + 7) // 8)


def weights(size: int, k: int) -> list[int]:
    """``w_i`` of tile ``i`` of a ``k``-tile pattern (the blank's is 1)."""
    cells = size * size
    return [cells ** (k - i) for i in range(k)]


def radix_path(size: int, pattern: Sequence[int], blank_goal: int, directory: Path | None) -> Path:
    """The cache file of the re-laid table (``-zr``)."""
    four = zpdb_path(size, pattern, blank_goal, directory)
    return four.with_name(four.name.replace("-z4.npy", "-zr.npy"))


@njit(cache=True)
def _fill(nib: Any, cells: int, k: int, binom: Any, base: Any, nreg: Any, lab: Any,
          out: Any, lo: int, hi: int) -> None:  # fmt: skip
    """Set bit ``p * cells + z`` of ``out`` to ``q mod 2`` of the dense entry of placement
    ``p`` (the tiles' cells as digits, pattern order) with the blank on ``z``, for every
    placement ``lo <= p < hi`` of distinct cells and every free ``z`` (the dense entry as
    :func:`~.kernel._zentry` finds it, its ranks by :func:`~.kernel._zranks`)."""
    cell = np.zeros((1, k), np.int64)
    for p in range(lo, hi):
        x = p
        occ = 0
        ok = True
        for i in range(k - 1, -1, -1):
            c = x % cells
            x //= cells
            cell[0, i] = c
            if (occ >> c) & 1:
                ok = False
            occ |= 1 << c
        if not ok:
            continue
        s, r = _zranks(cell, 0, k, binom)
        e0 = int(base[s]) + r * int(nreg[s])
        row = s * cells
        for z in range(cells):
            if (occ >> z) & 1:
                continue
            e = e0 + int(lab[row + z])
            if (int(nib[e >> 1]) >> ((e & 1) << 2)) & 1:
                idx = p * cells + z
                out[idx >> 3] |= np.uint8(1 << (idx & 7))


def to_radix(
    size: int, pattern: Sequence[int], four: Any, progress: Progress | None = None
) -> np.ndarray:  # fmt: skip
    """The re-laid one-bit table of ``pattern`` from its dense four-bit table ``four``, a
    first tile's cell at a time (``progress(entries done, entries)`` after each)."""
    cells = size * size
    k = len(pattern)
    t = set_tables(size, k)
    base, nreg, lab = t.base, t.nreg, t.lab
    out = np.zeros(radix_bytes(size, k), np.uint8)
    nib, binom = np.asarray(four), binomials(cells, k + 1)
    step = cells ** (k - 1)
    for lo in range(0, cells**k, step):
        _fill(nib, cells, k, binom, base, nreg, lab, out, lo, lo + step)
        if progress is not None:
            progress((lo + step) * cells, cells ** (k + 1))
    return out


def load_radix(
    size: int, pattern: Sequence[int], blank_goal: int = 0, directory: Path | None = None,
    build: bool = True, progress: Progress | None = None,
) -> np.ndarray:  # fmt: skip
    """The re-laid table of ``pattern``, memory-mapped and verified, made from the
    four-bit one (built first if missing) when missing (:func:`~.zpdb.load_derived`;
    ``progress`` told of the entries made, :func:`to_radix`)."""
    if radix_bytes(size, len(pattern)) > MAX_BYTES:
        raise ValueError(f"a {len(pattern)}-tile table by cell digits takes more than 1 GiB")
    path = radix_path(size, pattern, blank_goal, directory)
    return load_derived(size, pattern, blank_goal, directory, build, path,
                        radix_bytes(size, len(pattern)),
                        lambda four: to_radix(size, pattern, four, progress))  # fmt: skip


def radix_views(
    members: Sequence[Sequence[View]], directory: Path | None = None, build: bool = True
) -> list[list[View]]:
    """``members`` with each view's re-laid table (:func:`load_radix`, made if missing and
    ``build``), which :func:`~.kernel_zpdb.ida_star_zero` and
    :func:`~.astar_ida.astar_ida_zero` then read: the same values, so the same nodes."""
    made: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
    out = []
    for member in members:
        row = []
        for v in member:
            key = (v.tables.size, v.goal)
            if key not in made:
                made[key] = load_radix(v.tables.size, v.goal, 0, directory, build)
            row.append(replace(v, radix=made[key]))
        out.append(row)
    return out
