"""Counting the positions (and the jump sequences) reachable on a peg solitaire board.

:func:`count_levels` walks the levels of :mod:`~searchlab.puzzles.peg.levels` (one per
peg count) and, when asked, carries the path counts of
:mod:`~searchlab.puzzles.peg.paths` along; :class:`LevelCount` is its answer. It lives
apart from both so that each of them imports only what it builds on (no cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from searchlab.search.limits import Budget, CancelToken

from .board import Board
from .levels import (
    BYTES_PER_POSITION,
    CHUNK,
    PATH_BYTES_PER_POSITION,
    JumpMasks,
    LevelStopped,
    Positions,
    SymmetryTables,
    check_size,
    next_level,
)
from .paths import PathCounts


@dataclass
class LevelCount:
    """Reachable positions per level (index ``k``: after ``k`` jumps).

    ``canonical[k]`` counts positions up to symmetry, ``total[k]`` all of them.
    ``complete`` is False when a limit (``limit``: ``time_limit``,
    ``max_memory``, ``cancelled``) stopped the enumeration; the levels listed
    are then exact, the later ones missing. ``paths`` holds the counts of jump
    sequences (solutions, games) when they were asked for; when ``complete`` is
    False they cover the levels finished only.
    """

    board: Board
    pegs: list[int] = field(default_factory=list)
    canonical: list[int] = field(default_factory=list)
    total: list[int] = field(default_factory=list)
    complete: bool = False
    limit: str | None = None
    seconds: float = 0.0
    peak_estimate_mb: float = 0.0
    paths: PathCounts | None = None

    @property
    def sum_total(self) -> int:
        return sum(self.total)

    @property
    def sum_canonical(self) -> int:
        return sum(self.canonical)


def count_levels(
    board: Board,
    start: int,
    *,
    symmetric: bool = True,
    time_limit: float | None = None,
    max_memory_mb: float = 4096.0,
    cancel: CancelToken | None = None,
    progress: Callable[[LevelCount, float], None] | None = None,
    paths: bool = False,
) -> LevelCount:
    """Count the positions reachable from ``start``, level by level.

    Parameters
    ----------
    board, start : the board (at most 64 holes) and the start bitboard.
    symmetric : store positions up to the symmetries of ``board`` that fix
        ``start`` (totals are still exact: orbit sizes are added up).
    time_limit : seconds; checked between levels and chunks.
    max_memory_mb : stop before expanding a level whose estimated working
        memory (:data:`BYTES_PER_POSITION` per position of the level, plus
        the successors of one chunk) would exceed this.
    progress : called with the counts so far and the fraction of the
        current level expanded.
    paths : also count the jump sequences reaching each position
        (:class:`~searchlab.puzzles.peg.paths.PathCounts`, in ``paths``):
        the solutions (sequences ending with one peg, per finishing hole) and
        the games (sequences ending with no jump left), exactly.

    Complexity: O(J * R) vectorised operations and O(R log R) sorting for R
    stored positions. The English board from the centre: 23,475,688 positions
    up to symmetry, 187,636,299 in all (Beasley 1985).

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("triangle4")
    >>> c = count_levels(b, b.start())
    >>> c.complete, c.total[:3]
    (True, [1, 2, 4])
    """
    check_size(board)
    budget = Budget(time_limit=time_limit, cancel=cancel)
    masks = JumpMasks.of(board)
    perms = [
        p for p in board.symmetries if board.position(p[i] for i in board.pegs(start)) == start
    ]
    symmetry = SymmetryTables(board, perms if symmetric else [])
    counts = LevelCount(board)
    if paths:
        counts.paths = PathCounts(board, symmetry, masks)
    level: Positions = np.array([start], dtype=np.uint64)
    per_position = BYTES_PER_POSITION + (PATH_BYTES_PER_POSITION if paths else 0)
    share = 0.5 if paths else 1.0

    def stop(done: float) -> str | None:
        counts.seconds = budget.elapsed()
        if progress is not None:
            progress(counts, share * done)
        return budget.interrupted()

    def stop_paths(done: float) -> str | None:
        return stop(1.0 + done)

    while len(level):
        counts.pegs.append(start.bit_count() - len(counts.pegs))
        counts.canonical.append(len(level))
        counts.total.append(int(symmetry.orbit_sizes(level).sum()))
        estimate = (len(level) * per_position + 100 * CHUNK * 8) / 2**20
        counts.peak_estimate_mb = max(counts.peak_estimate_mb, estimate)
        limit = stop(0.0)
        if limit is None and estimate > max_memory_mb:
            limit = "max_memory"
        if limit is not None:
            counts.limit = limit
            return counts
        try:
            nxt = next_level(level, masks, symmetry, stop)
        except LevelStopped as stopped:
            counts.limit = stopped.limit
            return counts
        if counts.paths is not None:
            limit = counts.paths.advance(level, nxt, stop_paths)
            if limit is not None:
                counts.limit = limit
                return counts
        level = nxt
    counts.complete = True
    counts.seconds = budget.elapsed()
    return counts
