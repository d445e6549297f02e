"""How a pattern database is indexed: the rank of a placement, and which layout
(ranked, packed ranked or mixed-radix) a table has, told by its length.

Plain Python with no NumPy, shared by the database builder
(:mod:`searchlab.puzzles.npuzzle.pdb`) and the solvers that read the tables
(:mod:`~searchlab.puzzles.npuzzle.pure_search`, :mod:`~searchlab.puzzles.npuzzle.kernel`),
so neither solver imports the builder.
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Sized


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


def layout(cells: int, pdbs: Sequence[tuple[Sequence[int], Sized]]) -> str:
    """``"ranked"`` or ``"radix"``: how the tables of ``pdbs`` (``(pattern, table)``
    pairs for a board of ``cells`` cells) are indexed, told by their lengths
    (``perm(cells, k)``: :func:`rank`, or half that packed, :func:`~.pdb.pack_ranked`;
    ``cells**k`` or ``cells**(k+1)``: the mixed-radix index of :func:`~.pdb.build_pdb`).
    A one-tile table is indexed by the
    tile's cell in both. Raises ``ValueError`` for a mixture or a wrong length.
    """
    kinds = set()
    for pattern, table in pdbs:
        k, length = len(pattern), len(table)
        if length == cells and k == 1:
            continue
        if length in (math.perm(cells, k), packed_length(cells, k)):
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
