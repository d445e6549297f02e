"""Exact counts of jump sequences (solutions and games) over the level sets, with NumPy.

:func:`~searchlab.puzzles.peg.counting.count_levels` builds the positions
reachable from the start level by level, stored canonical under the group
``G`` of board symmetries that fix the start. This module carries, alongside,
the number of jump sequences that reach each position: a forward pass of path
counts over a layered graph (every jump removes a peg, so the graph of
positions is acyclic and levelled; the number of paths to a node is the sum of
the numbers of paths to its predecessors, computed level after level: dynamic
programming over a DAG in topological order, Cormen et al., *Introduction to
Algorithms*, 3rd ed., section 24.2 and problem 22-4).

Symmetry, worked out:

* ``N(p)``, the number of jump sequences from the start to ``p``, is constant
  on ``G``-orbits: a symmetry fixing the start maps the sequences reaching
  ``p`` one-to-one onto those reaching its image.
* What is stored for a canonical position ``r`` is ``M(r) = |orbit(r)| N(r)``,
  the sequences reaching *any* position of the orbit. It propagates with no
  weights at all: ``M(c)`` is the sum of ``M(r)`` over the jumps ``r -> q``
  with ``r`` stored and ``q`` canonical to ``c`` (each position of
  ``orbit(r)`` has as many jumps into ``orbit(c)`` as ``r`` has, so the
  sequences entering ``orbit(c)`` from ``orbit(r)`` are ``M(r)`` times that
  number). The start is alone in its orbit: ``M(start) = 1``.
* A *game* ends where no jump is left: the games are the sum of ``M`` over the
  stored positions without a legal jump (an orbit is a dead end as a whole).
* The *solutions* finishing on hole ``f`` are ``N({f}) = M(c) / |orbit(c)|``
  for ``c`` the canonical form of ``{f}``; all of them are the sum of ``M``
  over the one-peg level. The division is exact by the first point, so a
  finish hole that the group does not fix needs no other group: every
  symmetry fixing the start may still canonicalise. (Restricting ``G`` to the
  stabiliser of the finish as well gives the same count from more stored
  positions; the tests check both against brute force.)

Counts outgrow 64 bits (the English board has about 5.8e20 games), so a count
is up to :data:`DIGITS` base-2**32 digits, one ``uint32`` array each (128 bits
in all; a level keeps only the digits its largest count needs), summed in
``uint64`` arrays for the next level; a carry out of the top digit raises
:class:`~searchlab.puzzles.peg.levels.CountOverflow`, never wraps.

Performance tricks, here: the successors of a chunk of the level by every
jump are made at once (one mask test and XOR per jump) and canonicalised by the
12-bit chunk tables; they are sorted before :func:`numpy.searchsorted` finds
them in the next (sorted) level, because sorted queries walk the level in
order (2.6 million look-ups into 3.6 million positions: 1.64 s unsorted, 0.19 s
to sort plus 0.11 s sorted); their counts are added per digit by
:func:`numpy.add.at`, whose NumPy 2 fast path for matching ``uint64`` types
costs 23 ms for those 2.6 million additions and, unlike one
:func:`numpy.bincount` per chunk, no pass over the whole next level. The sums
are exact: a digit is below 2**32 and no position has 2**32 predecessors.
Carries are propagated once per level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .board import Board
from .levels import (
    CountOverflow,
    JumpMasks,
    Positions,
    SymmetryTables,
)

Digits = list[npt.NDArray[np.uint32]]
Sums = list[npt.NDArray[np.uint64]]
DIGITS = 4
"""Base-2**32 digits per count: 128 bits."""
CHUNK = 1 << 18
"""Positions of a level handled per step, between which limits are checked."""
_BASE = np.uint64(32)
_MASK = np.uint64(0xFFFFFFFF)
_ZERO = np.uint64(0)


def _value(digits: Digits, k: int) -> int:
    return sum(int(d[k]) << (32 * i) for i, d in enumerate(digits))


def _normalised(acc: Sums) -> Digits:
    """The digits of the sums ``acc`` (one ``uint64`` array per digit, emptied as it
    goes), carries propagated, each stored in 32 bits, with as many digits as the
    largest count needs (at most :data:`DIGITS`)."""
    carry = np.zeros_like(acc[0])
    out: Digits = []
    while acc:
        d = acc.pop(0)
        d += carry
        np.right_shift(d, _BASE, out=carry)
        np.bitwise_and(d, _MASK, out=d)
        out.append(d.astype(np.uint32))
        del d
        if not acc and carry.any():
            acc.append(np.zeros_like(carry))
            if len(out) == DIGITS:
                raise CountOverflow("a count of jump sequences exceeds 2**128")
    while len(out) > 1 and not out[-1].any():
        out.pop()
    return out


@dataclass
class PathCounts:
    """Path counts carried over the levels of :func:`count_levels`.

    ``digits`` hold ``M`` for the positions of the current level. ``games``
    (sequences ending where no jump is left) and ``dead_ends`` (those games
    per level, index ``k`` = after ``k`` jumps) grow as levels are finished;
    ``finishes`` maps each hole to the solutions ending on it once the
    one-peg level is done.
    """

    board: Board
    symmetry: SymmetryTables
    masks: JumpMasks
    digits: Digits = field(default_factory=lambda: [np.ones(1, dtype=np.uint32)])
    games: int = 0
    dead_ends: list[int] = field(default_factory=list)
    finishes: dict[int, int] = field(default_factory=dict)

    def advance(
        self,
        level: Positions,
        nxt: Positions,
        stop: Callable[[float], str | None] | None = None,
    ) -> str | None:
        """Move the counts from ``level`` to ``nxt`` (its successors, canonical, sorted).

        Adds the games ending on ``level``, and the solutions by finishing hole
        when ``level`` holds one-peg positions. Returns the limit ``stop``
        named (the counts then stay on ``level``), else None.

        Raises :class:`CountOverflow` if a count needs more than 128 bits.
        """
        # one sum per digit: a sum of digits below 2**32 cannot overflow 64 bits,
        # and _normalised adds a digit when the top one carries
        acc: Sums = [np.zeros(len(nxt), dtype=np.uint64) for _ in self.digits]
        dead = 0
        for lo in range(0, len(level), CHUNK):
            part = level[lo : lo + CHUNK]
            moved = np.zeros(len(part), dtype=bool)
            sources, successors = [], []
            for need, empty, flip in zip(
                self.masks.need, self.masks.empty, self.masks.flip, strict=True
            ):
                ok = ((part & need) == need) & ((part & empty) == _ZERO)
                if ok.any():
                    moved |= ok
                    src = np.flatnonzero(ok)
                    sources.append(src)
                    successors.append(part[src] ^ flip)
            if sources:
                keys = self.symmetry.canonical(np.concatenate(successors))
                order = np.argsort(keys)
                where = np.searchsorted(nxt, keys[order])
                src = np.concatenate(sources)[order] + lo
                for total, digit in zip(acc, self.digits, strict=True):
                    np.add.at(total, where, digit[src].astype(np.uint64))
            stuck = np.flatnonzero(~moved) + lo
            dead += sum(
                int(d[stuck].sum(dtype=np.uint64)) << (32 * i) for i, d in enumerate(self.digits)
            )
            limit = None if stop is None else stop(min(1.0, (lo + CHUNK) / len(level)))
            if limit is not None:
                return limit
        self.games += dead
        self.dead_ends.append(dead)
        if len(level) and int(level[0]).bit_count() == 1:
            self._record_finishes(level)
        self.digits = []  # freed before the sums are turned into digits
        self.digits = _normalised(acc)
        return None

    def _record_finishes(self, level: Positions) -> None:
        sizes = self.symmetry.orbit_sizes(level)
        images = self.symmetry.images(level)
        for k, r in enumerate(level.tolist()):
            per_position = _value(self.digits, k) // int(sizes[k])
            for pos in {r, *(int(img[k]) for img in images)}:
                self.finishes[pos.bit_length() - 1] = per_position

    def solutions(self, finish: int | None = None) -> int:
        """The solutions (one peg left), or those ending on hole ``finish``."""
        if finish is None:
            return sum(self.finishes.values())
        return self.finishes.get(finish, 0)
