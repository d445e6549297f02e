"""Symmetry for the peg solvers: canonical forms of positions under a board's symmetries.

Performance trick: :func:`make_canonical` precomputes one 4,096-entry table per
12-bit chunk of the bitboard and per symmetry, so a position's canonical form
(the least of its images) costs a few table look-ups per symmetry.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from searchlab.puzzles.peg.board import Board

Canonical = Callable[[int], int]


def make_canonical(board: Board, perms: Sequence[Sequence[int]]) -> Canonical:
    """A function mapping a position to the least of its images under ``perms``.

    Uses one 4096-entry table per 12-bit chunk and symmetry, so a canonical form
    costs a few table look-ups per symmetry. The identity is always included.
    """
    perms = [p for p in perms if list(p) != list(range(board.size))]
    if not perms:
        return _identity
    chunks = math.ceil(board.size / 12)
    tables: list[list[list[int]]] = []
    for perm in perms:
        per_sym = []
        for k in range(chunks):
            table = [0] * 4096
            bits = [1 << perm[i] if i < board.size else 0 for i in range(12 * k, 12 * k + 12)]
            for v in range(1, 4096):
                low = v & -v
                table[v] = table[v ^ low] | bits[low.bit_length() - 1]
            per_sym.append(table)
        tables.append(per_sym)
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


def _identity(pos: int) -> int:
    return pos


def stabilizer(board: Board, target: int | None) -> list[tuple[int, ...]]:
    """The symmetries of ``board`` that map the finish to itself (all for "one peg anywhere")."""
    if target is None:
        return list(board.symmetries)
    return [
        p for p in board.symmetries if board.position(p[i] for i in board.pegs(target)) == target
    ]
