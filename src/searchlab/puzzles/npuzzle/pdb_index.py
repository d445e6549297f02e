"""How a pattern database is indexed: the rank of a placement, and which layout
(ranked, packed ranked, three-bit ranked or mixed-radix) a table has, told by its length.

Plain Python with no NumPy, shared by the database builder
(:mod:`searchlab.puzzles.npuzzle.pdb`) and the solvers that read the tables
(:mod:`~searchlab.puzzles.npuzzle.pure_search`, :mod:`~searchlab.puzzles.npuzzle.kernel`),
so neither solver imports the builder.
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Sized
from typing import Any


def rank(placed: Sequence[int], cells: int) -> int:
    """The index of a placement in a ranked database: the lexicographic rank of the
    partial permutation ``placed`` (the cells of the pattern's tiles, in pattern order)
    among all ``perm(cells, len(placed))`` of them.

    Digit ``i`` is the cell of tile ``i`` counted among the cells not used by tiles
    ``0..i-1`` (radix ``cells - i``, tile 0 most significant) (Korf & Felner 2002,
    Section 4.3; Myrvold & Ruskey's ranking of permutations, read lexicographically).

    >>> rank((0, 1), 4), rank((1, 0), 4), rank((3, 2), 4)
    (0, 3, 11)
    """
    r = 0
    for i, c in enumerate(placed):
        r = r * (cells - i) + c - sum(1 for p in placed[:i] if p < c)
    return r


def unrank(r: int, k: int, cells: int) -> tuple[int, ...]:
    """The placement of ``k`` tiles whose :func:`rank` is ``r``.

    >>> unrank(11, 2, 4)
    (3, 2)
    """
    digits = []
    for i in reversed(range(k)):
        r, digit = divmod(r, cells - i)
        digits.append(digit)
    free = list(range(cells))
    return tuple(free.pop(d) for d in reversed(digits))


def layout(cells: int, pdbs: Sequence[tuple[Sequence[int], Any]]) -> str:
    """``"ranked"`` or ``"radix"``: how the tables of ``pdbs`` (``(pattern, table)``
    pairs for a board of ``cells`` cells) are indexed, told by their lengths
    (``perm(cells, k)``: :func:`rank`, or half that packed, :func:`~.pdb.pack_ranked`,
    or three bits an entry, :func:`~.pdb.pack3_ranked`;
    ``cells**k`` or ``cells**(k+1)``: the mixed-radix index of :func:`~.pdb.build_pdb`).
    A one-tile table is indexed by the
    tile's cell in both. Raises ``ValueError`` for a mixture or a wrong length.
    """
    kinds = set()
    for pattern, table in pdbs:
        k, length = len(pattern), len(table)
        if length == cells and k == 1:
            continue
        if length in (math.perm(cells, k), packed_length(cells, k)) or is_pack3(
            cells, pattern, table
        ):
            kinds.add("ranked")
        elif length in (cells**k, cells ** (k + 1)):
            kinds.add("radix")
        else:
            raise ValueError(f"a database of {length} entries is not for this board")
    if len(kinds) > 1:
        raise ValueError("the databases must all be ranked or all mixed-radix")
    return kinds.pop() if kinds else "ranked"


def packed_length(cells: int, k: int) -> int:
    """The bytes of a packed ranked table of ``k`` tiles (two entries a byte)."""
    return (math.perm(cells, k) + 1) // 2


def is_packed(cells: int, pattern: Sized, table: Sized) -> bool:
    """Whether ``table`` is a packed ranked table (:func:`~.pdb.pack_ranked`), by its length."""
    k = len(pattern)
    return k > 1 and len(table) == packed_length(cells, k) != math.perm(cells, k)


BYTE, NIBBLE, THREE = 0, 1, 2
"""How a ranked table stores a placement's value (:func:`table_format`): a byte holding the
value, or ``q = (value - md) / 2`` (``md`` the pattern tiles' Manhattan distance) in four
bits (:func:`~.pdb.pack_ranked`) or in three (:func:`~.pdb.pack3_ranked`)."""

ESCAPE = 7
"""The three-bit code of an entry whose ``q`` is 7 or more: its value is in the table's
exception list (:func:`read3`)."""


def pack3_base(cells: int, k: int) -> int:
    """The bytes of the three-bit codes of a ``k``-tile ranked table (eight codes in three
    bytes, and one byte more so that two-byte reads never pass the end)."""
    return 3 * ((math.perm(cells, k) + 7) // 8) + 1


def pack3_exceptions(table: Any) -> int:
    """The number of exceptions a three-bit table says it holds (its last four bytes)."""
    n = len(table)
    return int.from_bytes(bytes(table[n - 4 : n]), "little") if n >= 4 else -1


def is_pack3(cells: int, pattern: Sized, table: Any) -> bool:
    """Whether ``table`` is a three-bit ranked table (:func:`~.pdb.pack3_ranked`): its length
    is the codes' (:func:`pack3_base`), five bytes an exception, and four for their number."""
    k = len(pattern)
    length = len(table)
    if k < 2 or length in (math.perm(cells, k), packed_length(cells, k)):
        return False
    base = pack3_base(cells, k)
    return length >= base + 4 and length == base + 4 + 5 * pack3_exceptions(table)


def table_format(cells: int, pattern: Sized, table: Any) -> int:
    """:data:`BYTE`, :data:`NIBBLE` or :data:`THREE`: how the ranked ``table`` of
    ``pattern`` stores its values, told by its length."""
    if is_packed(cells, pattern, table):
        return NIBBLE
    return THREE if is_pack3(cells, pattern, table) else BYTE


def read3(table: Any, r: int) -> int:
    """The entry ``q`` of placement ``r`` in a three-bit table (:func:`~.pdb.pack3_ranked`):
    its code, bits ``3r .. 3r+2`` of the table read as one little-endian number, or, for
    the code :data:`ESCAPE`, the value of ``r`` in the exception list (five bytes an
    exception, its rank in four little-endian bytes then ``q``, sorted by rank; found by
    binary search)."""
    p = 3 * r
    o = p >> 3
    code = ((int(table[o]) | int(table[o + 1]) << 8) >> (p & 7)) & 7
    if code != ESCAPE:
        return code
    count = pack3_exceptions(table)
    start = len(table) - 4 - 5 * count
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) // 2
        o = start + 5 * mid
        if int.from_bytes(bytes(table[o : o + 4]), "little") < r:
            lo = mid + 1
        else:
            hi = mid
    return int(table[start + 5 * lo + 4])
