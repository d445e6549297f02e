"""Symmetry for the peg solvers: canonical forms of positions under a board's symmetries.

Performance trick: :func:`make_canonical` precomputes one 4,096-entry table per
12-bit chunk of the bitboard and per symmetry, so a position's canonical form
(the least of its images) costs a few table look-ups per symmetry.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from .board import Board

Canonical = Callable[[int], int]


def make_canonical(board: Board, perms: Sequence[Sequence[int]]) -> Canonical:
    """A function mapping a position to the least of its images under ``perms``.

    Uses one 4096-entry table per 12-bit chunk and symmetry, so a canonical form
    costs a few table look-ups per symmetry. The identity is always included.
    The function depends only on the number of holes and ``perms``, and is made
    once per process for each (:func:`_canonical_for`, cached): the solver asks
    for it at every call.
    """
    return _canonical_for(board.size, non_identity(board, perms))


def non_identity(board: Board, perms: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """``perms`` as tuples, the identity left out (what the chunk tables are made of)."""
    identity = tuple(range(board.size))
    return tuple(t for t in map(tuple, perms) if t != identity)


@functools.lru_cache(maxsize=64)
def chunk_tables(size: int, perms: tuple[tuple[int, ...], ...]) -> list[list[list[int]]]:
    """``tables[s][k][v]``: the image under ``perms[s]`` of the bits ``v`` of 12-bit chunk
    ``k`` of a position of ``size`` holes (the image is the OR over the chunks)."""
    tables: list[list[list[int]]] = []
    for perm in perms:
        per_sym = []
        for k in range(math.ceil(size / 12)):
            bits = [1 << perm[i] if i < size else 0 for i in range(12 * k, 12 * k + 12)]
            # the images of the low and the high 6 bits, then every 12-bit value's as one OR
            low, high = _subset_ors(bits[:6]), _subset_ors(bits[6:])
            per_sym.append([h | lo for h in high for lo in low])
        tables.append(per_sym)
    return tables


@functools.lru_cache(maxsize=64)
def _canonical_for(size: int, perms: tuple[tuple[int, ...], ...]) -> Canonical:
    """:func:`make_canonical` for ``size`` holes and the non-identity ``perms``."""
    if not perms:
        return _identity
    chunks = math.ceil(size / 12)
    tables = chunk_tables(size, perms)
    if chunks <= 4:
        quads = [tuple(t + [[0]] * (4 - len(t))) for t in tables]

        def canonical4(pos: int) -> int:
            a, b, c, d = pos & 4095, pos >> 12 & 4095, pos >> 24 & 4095, pos >> 36
            best = pos
            for t0, t1, t2, t3 in quads:
                img = t0[a] | t1[b] | t2[c] | (t3[d] if d else 0)
                if img < best:
                    best = img
            return best

        return canonical4

    def canonical(pos: int) -> int:
        parts = [pos >> (12 * k) & 4095 for k in range(chunks)]
        best = pos
        for per_sym in tables:
            img = 0
            for t, v in zip(per_sym, parts, strict=True):
                img |= t[v]
            best = min(best, img)
        return best

    return canonical


def _subset_ors(bits: Sequence[int]) -> list[int]:
    """``out[v]``: the OR of ``bits[i]`` over the bits ``i`` set in ``v`` (``2**len(bits)``
    values)."""
    out = [0]
    for b in bits:
        out += [v | b for v in out]
    return out


def _identity(pos: int) -> int:
    return pos


def stabilizer(board: Board, target: int | None) -> list[tuple[int, ...]]:
    """The symmetries of ``board`` that map the finish to itself (all for "one peg anywhere")."""
    if target is None:
        return list(board.symmetries)
    return [
        p for p in board.symmetries if board.position(p[i] for i in board.pegs(target)) == target
    ]
