"""Difficulty: the course project's formula and a level calibrated on the 40 challenge cards.

The seed rates a board by ``0.7·stepScore^1.4 + 0.2·√movedCarsScore + 0.1·symmetryScore``:

* ``stepScore``: the number of moves of the optimal solution (the course project's A*
  counts moves, so "steps" here are *moves*, one vehicle slid any distance);
* ``movedCarsScore``: how many distinct vehicles the optimal solution moves at
  least once (for the solution the solver returns; other optimal solutions may
  move a different number);
* ``symmetryScore``: how many vehicles sit in mirror-symmetric positions with
  respect to one of the board's axes: for the left-right and the top-bottom
  mirror, count the vehicles whose mirror image is exactly the footprint of a
  vehicle of the same length (itself included), and keep the larger count.

The level cuts the score at thresholds chosen so that the 40 cards fall in
their published levels as often as possible (see ``LEVELS`` and ``docs/rushhour.md``).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Unpack

from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import SearchResult

from .cluster import explore_cluster
from .model import Board
from .solver import fast_bfs

LEVELS: tuple[tuple[str, float], ...] = (
    (N_("beginner"), 0.0),
    (N_("intermediate"), 32.0),
    (N_("advanced"), 64.1),
    (N_("expert"), 100.0),
)
"""(level, lowest score) pairs, calibrated on the 40 cards (``benchmarks/rushhour_calibrate.py``):
37 of the 40 cards get their published level (card 10 rates intermediate, card 20
beginner and card 21 intermediate)."""


MAX_CLUSTER = 1_000_000
"""Clusters are counted up to this many positions (bounds the time and memory of ``rate``)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """The difficulty figures of one board."""

    moves: int
    steps: int
    vehicles_moved: int
    cluster_size: int
    symmetry: int
    score: float
    level: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def symmetry(board: Board) -> int:
    """The course project's symmetry term: vehicles mirrored onto a same-length vehicle, best
    axis."""
    footprints = {frozenset(v.cells()): v.length for v in board.vehicles}
    best = 0
    w, h = board.width, board.height
    for flip_cols in (True, False):
        count = 0
        for v in board.vehicles:
            image = frozenset((r, w - 1 - c) if flip_cols else (h - 1 - r, c) for r, c in v.cells())
            if footprints.get(image) == v.length:
                count += 1
        best = max(best, count)
    return best


def seed_score(moves: int, moved: int, sym: int) -> float:
    """``0.7·moves^1.4 + 0.2·√moved + 0.1·symmetry`` (the course project's formula)."""
    return float(0.7 * moves**1.4 + 0.2 * math.sqrt(moved) + 0.1 * sym)


def level_of(score: float) -> str:
    """The level whose band contains ``score``."""
    name = LEVELS[0][0]
    for level, low in LEVELS:
        if score >= low:
            name = level
    return name


def rate(
    board: Board,
    *,
    solution: SearchResult | None = None,
    **limits: Unpack[LimitOptions],
) -> Rating:
    """Rate how hard ``board`` is, with the course's score and levels.

    The rating holds the optimal moves and steps, the vehicles moved, the cluster
    size, the score and the level. ``solution``, when given, is an optimal solution
    of ``board`` by moves already found (its ``actions``
    :class:`~searchlab.puzzles.rushhour.model.Move` objects): it is not searched again.
    ``limits`` are the engine's
    (:class:`~searchlab.search.options.LimitOptions`); ``time_limit`` (60 seconds unless
    given, ``None`` for none) and ``cancel`` bound the whole rating (one
    :class:`~searchlab.search.Budget`), the other limits each of its two searches.
    ``steps`` is -1 when the limits stop its search, and ``cluster_size`` is -1 when the
    cluster has more than :data:`MAX_CLUSTER` positions. Raises :class:`InputError` when
    the board has no solution or the limits stop the search by moves.
    """
    given: LimitOptions = {"time_limit": 60.0, **limits}
    budget = limit_budget(given)
    by_moves = solution or fast_bfs(board, "moves", **given)
    if not by_moves.solved:
        raise InputError(
            _("this board has no solution")
            if by_moves.status == "no_solution"
            else _("rating stopped by the time limit")
            if by_moves.limit == "time_limit"
            else _("rating stopped ({limit})").format(limit=by_moves.limit)
        )
    left: LimitOptions = {**given, "time_limit": budget.remaining()}
    by_steps = fast_bfs(board, "steps", **left)
    steps = by_steps.length if by_steps.solved else -1
    found = explore_cluster(board, max_states=MAX_CLUSTER)
    moved = len({m.name for m in by_moves.actions})
    sym = symmetry(board)
    score = seed_score(by_moves.length, moved, sym)
    return Rating(
        by_moves.length,
        steps,
        moved,
        len(found[1]) if found else -1,
        sym,
        round(score, 3),
        level_of(score),
    )
