"""Zero-aware tables in one bit an entry (Clausecker & Reinefeld 2019's compression):
``q mod 2`` where the value is ``md + 2q`` (:mod:`.zpdb`).

Why one bit is enough: a value's parity is its pattern's Manhattan distance's, so the bit
gives the value mod 4, ``(md + 2 * bit) mod 4``. A move that moves one of the pattern's
tiles changes the value by exactly one (up or down: parity), and the two candidates
differ mod 4, so a child's value follows from its parent's and its own bit; a move of
another tile leaves the blank in its region, so the entry, and the value, are the same.
IDA* therefore needs the full value at the root only, which a descent recovers: from an
entry, some move reaches an entry one lower (its breadth-first parent), told by the
bits; the number of steps to the goal entry is the value.

Memory: an eighth of a byte table (178 MB for the 15-puzzle's 8-tile pattern, where
four bits take 713 MB). Cached beside the four-bit table (``-z1``), made from it once,
verified when read like every table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .zpdb import Tables, View, entries, entry, load_derived, views, zpdb_path
from .zpdb_index import colex_rank

if TYPE_CHECKING:
    import numpy as np


def bits_path(size: int, pattern: Sequence[int], blank_goal: int, directory: Path | None) -> Path:
    """The cache file of the one-bit table (``-z1``)."""
    four = zpdb_path(size, pattern, blank_goal, directory)
    return four.with_name(four.name.replace("-z4.npy", "-z1.npy"))


def to_bits(nibbles: Any, total: int) -> np.ndarray:
    """Bit ``e`` (little-endian within bytes) of the result is ``q mod 2`` of entry ``e``
    of the four-bit table ``nibbles``."""
    import numpy as np

    out = np.zeros((total + 7) // 8, np.uint8)
    step = 1 << 24  # bytes of output a chunk (16 M entries: 8 M nibble bytes)
    for o in range(0, len(out), step):
        src = np.asarray(nibbles[4 * o : 4 * (o + step)], dtype=np.uint8)
        low = src & 1
        high = (src >> 4) & 1
        inter = np.empty(2 * len(src), np.uint8)
        inter[0::2] = low
        inter[1::2] = high
        packed = np.packbits(inter, bitorder="little")
        out[o : o + len(packed)] = packed[: len(out) - o]
    return out


def load_bits(
    size: int, pattern: Sequence[int], blank_goal: int = 0, directory: Path | None = None,
    build: bool = True,
) -> np.ndarray:  # fmt: skip
    """The one-bit table of ``pattern``, memory-mapped and verified, made from the four-bit
    one (:func:`~.zpdb.load_zpdb`, built first if missing) when missing
    (:func:`~.zpdb.load_derived`)."""
    total = entries(size, len(pattern))
    path = bits_path(size, pattern, blank_goal, directory)
    return load_derived(size, pattern, blank_goal, directory, build, path, (total + 7) // 8,
                        lambda four: to_bits(four, total))  # fmt: skip


def mod4(bits: Any, e: int, md: int) -> int:
    """The value of entry ``e`` mod 4, ``md`` its pattern tiles' Manhattan distance."""
    return (md + 2 * ((int(bits[e >> 3]) >> (e & 7)) & 1)) & 3


def manhattan(size: int, placed: Sequence[int], goal: Sequence[int]) -> int:
    """The Manhattan distance of tiles on ``placed`` to their goal cells ``goal``."""
    n = size
    return sum(abs(c // n - g // n) + abs(c % n - g % n) for c, g in zip(placed, goal, strict=True))


def root_value(
    bits: Any, t: Tables, goal: Sequence[int], placed: Sequence[int], blank: int,
    blank_goal: int = 0,
) -> int:  # fmt: skip
    """The full value of the tiles on ``placed`` (goal cells ``goal``) with the blank on
    ``blank``, from the bits alone: the length of a descent to the goal entry, each step
    a move of a pattern tile into the blank's region to an entry one lower."""
    n = t.size
    cells = n * n
    placed = list(placed)
    goal_entry = entry(t, goal, blank_goal)
    steps = 0
    e = entry(t, placed, blank)
    m = mod4(bits, e, manhattan(n, placed, goal))
    while e != goal_entry:
        row = colex_rank(placed) * cells
        s = t.label[row + blank]
        region = [c for c in range(cells) if c not in placed and t.label[row + c] == s]
        moves = []
        for i, c in enumerate(placed):
            r, q = divmod(c, n)
            near = (c - n if r else -1, c + n if r < n - 1 else -1,
                    c - 1 if q else -1, c + 1 if q < n - 1 else -1)  # fmt: skip
            moves += [(i, c, b) for b in near if b >= 0 and b in region]
        for i, c, b in moves:
            child = [*placed[:i], b, *placed[i + 1 :]]
            e2 = entry(t, child, c)
            m2 = mod4(bits, e2, manhattan(n, child, goal))
            if m2 == (m - 1) & 3:
                placed, blank, e, m = child, c, e2, m2
                steps += 1
                break
        else:
            raise ValueError("no entry one lower: the table is not a breadth-first one")
    return steps


def bit_views(
    size: int, partition: Sequence[Sequence[int]], reflected: bool, directory: Path | None = None
) -> list[View]:
    """:func:`~.zpdb.views` of the one-bit tables (made from the four-bit ones if missing)."""
    out = []
    for v in views(size, partition, reflected, directory):
        table = load_bits(size, v.goal, 0, directory)
        out.append(replace(v, table=memoryview(table.data), packed=False, bits=True))
    return out
