"""Random boards at an exact optimal depth for widths above 3 (no full distance table)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from searchlab.errors import InputError, OutOfTime
from searchlab.i18n import _

from .board import Board, neighbours


def _optimal_length(board: Board, goal: Board, deadline: float) -> int:
    from .solvers import _solve_no_build

    result = _solve_no_build(board, goal, time_limit=max(deadline - time.perf_counter(), 0.001))
    if not result.solved:
        raise OutOfTime(
            _("no exact-depth {size}x{size} board found in time: try a smaller depth").format(
                size=goal.size
            )
        )
    return result.length


def deep_walk(
    goal: Board,
    depth: int,
    seed: int | None = None,
    attempts: int = 50,
    time_limit: float = 60.0,
    progress: Callable[[int, int], None] | None = None,
) -> Board:
    """A board exactly ``depth`` optimal moves from ``goal``.

    The sliding-tile graph is bipartite, so a neighbour of a board at distance
    ``d`` is at ``d - 1`` or ``d + 1``. The walk starts at the goal and takes a
    random neighbour whose exact distance (from the optimal solver) is
    ``d + 1``; when every neighbour leads back, it restarts. Cost: ``depth``
    optimal solves of depth up to ``depth`` (with the cached databases on 4x4
    when present); raises :class:`~searchlab.errors.OutOfTime` after ``time_limit`` seconds.
    ``progress(reached, depth)`` is called after each step.
    """
    deadline = time.perf_counter() + time_limit
    rng = random.Random(seed)
    nbrs = neighbours(goal.size)
    for _attempt in range(attempts):
        current, dist, prev = goal, 0, -1
        while dist < depth:
            b = current.blank
            cells = [c for _, c in nbrs[b] if c != prev]
            rng.shuffle(cells)
            for c in cells:
                tiles = list(current.tiles)
                tiles[b], tiles[c] = tiles[c], 0
                child = Board(goal.size, tuple(tiles))
                if _optimal_length(child, goal, deadline) == dist + 1:
                    current, dist, prev = child, dist + 1, b
                    if progress is not None:
                        progress(dist, depth)
                    break
            else:
                break
        if dist == depth:
            return current
    raise InputError(
        _("could not build a board at depth {depth} in {attempts} attempts").format(
            depth=depth, attempts=attempts
        )
    )
