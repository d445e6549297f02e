"""The endgame database of the fast peg solver: :class:`Endgame`.

The positions with a few pegs more than the finish that can still reach it, found
by a backward breadth-first search with reverse jumps (vectorised with NumPy on
boards of at most 64 holes), stored by canonical form under the symmetries that
fix the finish. The forward search stops as soon as it reaches the deepest level,
and is exact there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.levels import MAX_BITS, JumpMasks, Positions, SymmetryTables, next_level
from searchlab.puzzles.peg.symmetry import Canonical


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
        if board.size <= MAX_BITS:
            self._masks = JumpMasks.of(board, reverse=True)
            self._symmetry = SymmetryTables(board, perms)
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
