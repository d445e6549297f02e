"""The endgame database of the fast peg solver: :class:`Endgame`.

The positions with a few pegs more than the finish that can still reach it, found
by a backward breadth-first search with reverse jumps (vectorised with NumPy on
boards of at most 64 holes), stored by canonical form under the symmetries that
fix the finish. The forward search stops as soon as it reaches the deepest level,
and is exact there.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from .board import Board
from .levels import MAX_BITS, JumpMasks, Positions, SymmetryTables, next_level
from .symmetry import Canonical

CACHE_POSITIONS = 100_000
"""Tables grown from the start up to this many positions are kept for the next solve."""
CACHE_TABLES = 8
"""Such tables kept at most (the least recently used is dropped first)."""


class _Grown(NamedTuple):
    """A table as :meth:`Endgame.grow` left it, from its first level (never modified)."""

    levels: tuple[set[int], ...]
    total: int
    pegs: int
    exhausted: bool
    last: Positions | None


_GROWN: OrderedDict[tuple[object, ...], _Grown] = OrderedDict()
_GROWN_LOCK = threading.Lock()
"""Solves may run in threads (the web player): the kept tables are read and changed under it."""


@functools.lru_cache(maxsize=16)
def _vector_tables(
    board: Board, perms: tuple[tuple[int, ...], ...]
) -> tuple[JumpMasks, SymmetryTables]:
    """The reverse jump masks and the symmetry tables of ``board`` (made once per process)."""
    return JumpMasks.of(board, reverse=True), SymmetryTables(board, perms)


class Endgame:
    """Backward breadth-first search from the finishing positions, with reverse jumps.

    ``levels[k]`` holds the canonical form (``canonical``, the least image
    under ``perms``) of every position with ``k`` more pegs than the finish
    from which some finish is reachable. :meth:`grow` adds levels while the
    total stays within a budget of positions and below ``max_pegs`` pegs, so
    the solver can start with a small table and deepen it when the problem
    turns out hard. Boards of at most 64 holes use the vectorised NumPy levels
    (:func:`~searchlab.puzzles.peg.levels.next_level`), larger ones plain sets.
    Complexity: O(total * J) for J jumps.

    A table grown from its first level to at most :data:`CACHE_POSITIONS` positions is
    kept (up to :data:`CACHE_TABLES` of them): the next :meth:`grow` of a table with the
    same board, finals, symmetries and peg bound to the same budget starts from it
    instead of building it again, so repeated solves on a board skip that set-up. The
    kept levels are never changed (a table grows by appending levels).
    """

    def __init__(
        self,
        board: Board,
        finals: Sequence[int],
        max_pegs: int,
        canonical: Canonical,
        perms: Sequence[Sequence[int]],
    ) -> None:
        self.board = board
        self.canonical = canonical
        self.max_pegs = max_pegs
        self.pegs = min(p.bit_count() for p in finals)
        self.levels: list[set[int]] = [{canonical(f) for f in finals}]
        self.total = len(self.levels[0])
        self.exhausted = False
        self._last: Positions | None = None
        perm_key = tuple(sorted(tuple(p) for p in perms))
        self._key = (board, tuple(sorted(finals)), max_pegs, perm_key)
        if board.size <= MAX_BITS:
            self._masks, self._symmetry = _vector_tables(board, perm_key)
            self._last = np.array(sorted(self.levels[0]), dtype=np.uint64)

    @property
    def vectorised(self) -> bool:
        """Whether the levels are built with NumPy (boards of at most 64 holes)."""
        return self._last is not None

    @property
    def symmetry(self) -> SymmetryTables:
        """The canonical-form tables (vectorised tables only)."""
        return self._symmetry

    def top_array(self) -> Positions:
        """The deepest level as a sorted ``uint64`` array (vectorised tables only)."""
        assert self._last is not None
        return self._last

    @property
    def top(self) -> int:
        """The deepest level: positions with ``top`` more pegs than the finish."""
        return len(self.levels) - 1

    def grow(self, budget: int, stop: Callable[[float], str | None] | None = None) -> None:
        """Add levels while the total stays within ``budget`` positions.

        A level is not built when its size, extrapolated from the growth of
        the last two, would overflow the budget.

        ``stop`` is passed to :func:`next_level` (it may raise
        :class:`~searchlab.puzzles.peg.levels.LevelStopped`).
        """
        if self.top:
            self._grow(budget, stop)
            return
        key = (*self._key, budget)
        with _GROWN_LOCK:
            kept = _GROWN.get(key)
            if kept is not None:
                _GROWN.move_to_end(key)
        if kept is None:
            self._grow(budget, stop)
            if self.total <= CACHE_POSITIONS:
                if self._last is not None:
                    self._last.flags.writeable = False
                levels = tuple(self.levels)
                grown = _Grown(levels, self.total, self.pegs, self.exhausted, self._last)
                with _GROWN_LOCK:
                    _GROWN[key] = grown
                    while len(_GROWN) > CACHE_TABLES:
                        _GROWN.popitem(last=False)
            return
        self.levels = list(kept.levels)
        self.total, self.pegs, self.exhausted, self._last = kept[1:]

    def _grow(self, budget: int, stop: Callable[[float], str | None] | None) -> None:
        while not self.exhausted and self.pegs < self.max_pegs:
            size, before = len(self.levels[-1]), len(self.levels[-2]) if self.top else 1
            if self.total + size * size / max(before, 1) > budget:
                return  # the next level would likely overflow: do not build it
            if self._last is not None:
                nxt_array = next_level(self._last, self._masks, self._symmetry, stop)
                size = len(nxt_array)
            else:
                nxt = self._python_level(budget - self.total)
                size = len(nxt)
            if size == 0:
                self.exhausted = True
            if size == 0 or self.total + size > budget:
                return
            if self._last is not None:
                self._last = nxt_array
                nxt = set(nxt_array.tolist())
            self.levels.append(nxt)
            self.total += size
            self.pegs += 1

    def _python_level(self, room: int) -> set[int]:
        """The next level with plain sets (boards over 64 holes); stops past ``room``."""
        nxt: set[int] = set()
        for q in self.levels[-1]:
            for a, b, c in self.board.jumps:
                if q >> c & 1 and not q >> a & 1 and not q >> b & 1:
                    nxt.add(self.canonical(q ^ ((1 << a) | (1 << b) | (1 << c))))
            if len(nxt) > room:
                break
        return nxt
