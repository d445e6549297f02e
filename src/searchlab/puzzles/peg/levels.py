"""Level-by-level enumeration of peg solitaire positions with NumPy.

Every jump removes one peg, so the positions reachable from a start fall into
*levels* by peg count, and level ``k + 1`` is exactly the set of successors of
level ``k``: a breadth-first search needs no visited set beyond one level.

Performance tricks, where they live:

* **vectorised jumps**: a level is a sorted ``uint64`` array; the successors
  by one jump are ``P[(P & need == need) & (P & dst == 0)] ^ flip``, one
  NumPy expression per jump over the whole level (:func:`successors`).
* **symmetry**: positions are stored canonical (least image under the
  symmetries) with 12-bit chunk tables applied by fancy indexing
  (:class:`SymmetryTables`); the orbit size of a canonical position is
  ``|G| / |stabilizer|``, so all positions are counted from the canonical ones.
* **chunking**: a level is expanded in chunks, each deduplicated (sort and
  compare neighbours, :func:`sorted_unique`) before the merge, which bounds the temporary memory.

Boards with at most 64 holes (every built-in board) fit in ``uint64``.

References
----------
J. D. Beasley, *The Ins and Outs of Peg Solitaire*, OUP 1985; G. I. Bell,
"Solving triangular peg solitaire", J. Integer Sequences 11 (2008) (the
level-by-level counts of reachable positions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from searchlab.errors import InputError
from searchlab.i18n import _

from .board import Board

Positions = npt.NDArray[np.uint64]
MAX_BITS = 64
_ZERO = np.uint64(0)
CHUNK = 1 << 18
BYTES_PER_POSITION = 96
"""Working memory per position of a level being expanded (the level, the next
level, the chunks' results before a merge, and the sort), an upper estimate:
about twice the 42 bytes measured on the English board's largest level."""
PATH_BYTES_PER_POSITION = 48
"""More per position when path counts are carried: the level's counts (4
bytes per base-2**32 digit, at most 16) and the next level's sums (8 bytes per
digit), turned into digits one at a time."""


def check_size(board: Board) -> None:
    """:class:`InputError` unless the board fits the ``uint64`` representation."""
    if board.size > MAX_BITS:
        raise InputError(
            _(
                "the {board} board has {size} holes; level enumeration handles at most {max_bits}"
            ).format(board=board.name, size=board.size, max_bits=MAX_BITS)
        )


@dataclass(frozen=True)
class JumpMasks:
    """A board's jumps as ``uint64`` masks: pegs needed, hole needed empty, bits flipped."""

    need: tuple[np.uint64, ...]
    empty: tuple[np.uint64, ...]
    flip: tuple[np.uint64, ...]

    @staticmethod
    def of(board: Board, *, reverse: bool = False) -> JumpMasks:
        """Forward jumps (``a, b`` pegs, ``c`` empty), or reverse ones (``c`` peg, ``a, b`` empty).

        A reverse jump undoes a jump; :func:`successors` with reverse masks
        generates the predecessors of a level.
        """
        check_size(board)
        need, empty, flip = [], [], []
        for a, b, c in board.jumps:
            ab, cc = (1 << a) | (1 << b), 1 << c
            need.append(np.uint64(cc if reverse else ab))
            empty.append(np.uint64(ab if reverse else cc))
            flip.append(np.uint64(ab | cc))
        return JumpMasks(tuple(need), tuple(empty), tuple(flip))


def sorted_unique(values: Positions, *, in_place: bool = False) -> Positions:
    """The distinct values, sorted: a sort and a neighbour comparison.

    Used instead of :func:`numpy.unique`, whose hash-based path in NumPy 2.x
    measured about 15 times slower on these arrays. ``in_place`` sorts
    ``values`` itself (no copy) when the caller no longer needs its order.
    """
    if len(values) == 0:
        return values
    if in_place:
        values.sort()
        ordered = values
    else:
        ordered = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def successors(level: Positions, masks: JumpMasks) -> Positions:
    """Every position one jump away from a position of ``level`` (with repeats).

    Complexity: O(J * len(level)) vectorised operations for J jumps.
    """
    parts = []
    for need, empty, flip in zip(masks.need, masks.empty, masks.flip, strict=True):
        ok = ((level & need) == need) & ((level & empty) == _ZERO)
        if ok.any():
            parts.append(level[ok] ^ flip)
    if not parts:
        return np.zeros(0, dtype=np.uint64)
    return np.concatenate(parts)


class SymmetryTables:
    """Canonical forms (least image under a group of hole permutations) for ``uint64`` arrays.

    One 4096-entry table per 12-bit chunk of the position and per symmetry:
    an image costs ``ceil(n / 12)`` look-ups and ORs per symmetry.
    """

    def __init__(self, board: Board, perms: Sequence[Sequence[int]]) -> None:
        check_size(board)
        identity = list(range(board.size))
        self.order = len({tuple(p) for p in perms} | {tuple(identity)})
        self.chunks = (board.size + 11) // 12
        values = np.arange(4096, dtype=np.uint64)
        self.tables: list[list[npt.NDArray[np.uint64]]] = []
        for perm in perms:
            if list(perm) == identity:
                continue
            per_sym = []
            for k in range(self.chunks):
                table = np.zeros(4096, dtype=np.uint64)
                for i in range(12):
                    h = 12 * k + i
                    if h < board.size:
                        on = (values >> np.uint64(i)) & np.uint64(1)
                        table |= on << np.uint64(perm[h])
                per_sym.append(table)
            self.tables.append(per_sym)

    def images(self, level: Positions) -> list[Positions]:
        """The image of every position under each non-identity symmetry."""
        out = []
        for per_sym in self.tables:
            img = np.zeros_like(level)
            for k, table in enumerate(per_sym):
                img |= table[((level >> np.uint64(12 * k)) & np.uint64(4095)).astype(np.intp)]
            out.append(img)
        return out

    def canonical(self, level: Positions) -> Positions:
        """The least image of every position (the identity included)."""
        best = level.copy()
        for img in self.images(level):
            np.minimum(best, img, out=best)
        return best

    def orbit_sizes(self, level: Positions) -> npt.NDArray[np.int64]:
        """How many distinct positions each position's orbit holds (``|G| / |stabilizer|``)."""
        fixed = np.ones(len(level), dtype=np.int64)
        for img in self.images(level):
            fixed += img == level
        return self.order // fixed


class CountOverflow(ArithmeticError):
    """A count of jump sequences needs more than the 128 bits path counting keeps."""


class LevelStopped(Exception):
    """Raised by :func:`next_level` when its ``stop`` callback names a limit."""

    def __init__(self, limit: str) -> None:
        super().__init__(limit)
        self.limit = limit


def next_level(
    level: Positions,
    masks: JumpMasks,
    symmetry: SymmetryTables | None = None,
    stop: Callable[[float], str | None] | None = None,
) -> Positions:
    """The sorted distinct successors of ``level`` (canonical if ``symmetry`` is given).

    Works through ``level`` in chunks, deduplicating each chunk's successors,
    so the temporary memory stays near ``J_legal * chunk`` positions. The
    chunks' results are merged into the level as soon as they hold as many
    positions as it does (not all at the end: a position is found by about
    three chunks, so the chunks' results add up to some three times the level,
    and merging them all at the end took twice the memory: 287 MiB against
    134 MiB from the English board's 3,312,423-position level 16). After each
    chunk ``stop(fraction_done)`` may name a limit, which raises
    :class:`LevelStopped`.
    """
    parts: list[Positions] = []  # after a merge, parts[0] is the merged level so far
    merged = pending = 0
    for lo in range(0, len(level), CHUNK):
        nxt = sorted_unique(successors(level[lo : lo + CHUNK], masks), in_place=True)
        if symmetry is not None:
            nxt = sorted_unique(symmetry.canonical(nxt), in_place=True)
        parts.append(nxt)
        pending += len(nxt)
        if pending >= max(merged, CHUNK):
            parts.append(_merge(parts))
            merged, pending = len(parts[0]), 0
        limit = None if stop is None else stop(min(1.0, (lo + CHUNK) / len(level)))
        if limit is not None:
            raise LevelStopped(limit)
    return _merge(parts) if parts else np.zeros(0, dtype=np.uint64)


def _merge(parts: list[Positions]) -> Positions:
    """The sorted ``parts`` as one sorted distinct array; empties ``parts`` first, so
    that only the joined copy is alive while it is sorted."""
    joined = np.concatenate(parts) if len(parts) > 1 else parts[0]
    parts.clear()
    return sorted_unique(joined, in_place=True)
