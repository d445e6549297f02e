"""One entry point for knight's tours: exact existence, then the right algorithm, then a check.

Algorithms (``algorithm=``):

``"fast"`` (default)
    the block construction (:mod:`~searchlab.puzzles.knight.blocks`) when it
    covers the board (both sides >= 5, not both odd): closed tours, and open tours
    from any square by cutting the closed tour there; on 3×n and 4×n boards (and
    transposes) the exact strip automaton (:mod:`~searchlab.puzzles.knight.strip`);
    otherwise Warnsdorff's rule
    with Roth's tie-break and Pósa rotations
    (:mod:`~searchlab.puzzles.knight.warnsdorff`); otherwise, on small boards,
    exhaustive search (:mod:`~searchlab.puzzles.knight.exhaustive`).
``"backtrack"``
    the assignment's method: the engine's ordered backtracking with Warnsdorff's order
    (:mod:`~searchlab.puzzles.knight.problem`), with the engine's limits and statistics.

Whatever the algorithm, existence is decided first
(:func:`~searchlab.puzzles.knight.existence.tour_verdict`, exact and instant)
and every tour the family answers is verified
(:func:`~searchlab.puzzles.knight.board.tour_error`, through the family's check:
:mod:`searchlab.puzzles.knight.check`) before it is reported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Unpack

import numpy as np
import numpy.typing as npt

from searchlab.search import SearchResult, SearchStats, backtracking_search, limit_phrase
from searchlab.search.limits import Budget
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.result import Status

from .blocks import can_construct, construct_closed_tour
from .board import Board, is_knight_move
from .exhaustive import NodeLimit, find_path
from .existence import tour_verdict
from .problem import KnightTourProblem, warnsdorff_order
from .strip import thin_tour
from .tour import Prefixes, Tour, TourMoves
from .warnsdorff import warnsdorff_tour

ALGORITHMS = ("fast", "backtrack")
EXHAUSTIVE_MAX_SQUARES = 400
"""Boards up to this size get a depth-first-search fallback in ``"fast"``."""


@dataclass
class _Outcome:
    """What one of the algorithms below found (turned into the engine's result by
    :meth:`to_result`)."""

    board: Board
    start: tuple[int, int]
    closed_requested: bool
    status: Status
    reason: str = ""
    path: npt.NDArray[np.int64] | None = None
    method: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    def to_result(self) -> SearchResult:
        """The engine's result: ``actions`` the squares after the start (``"row,col"``),
        ``states`` the tour's prefixes (lazy views of one array, see :mod:`.tour`), the
        counters in ``stats``, and under ``extra`` whether the tour found is closed
        (re-entrant), whether a closed one was asked for, and the method's counters."""
        numbers = {k: v for k, v in self.stats.items() if isinstance(v, int | float)}
        solved = self.status == "solved" and self.path is not None
        tour = Tour(self.path) if solved and self.path is not None else None
        closed = tour is not None and len(tour) > 1 and is_knight_move(tour[-1], tour[0])
        limit = self.stats.get("limit") if self.status == "limit" else None
        return SearchResult(
            self.method or "fast",
            self.status,
            actions=TourMoves(tour) if tour is not None else [],
            states=Prefixes(tour) if tour is not None else [],
            cost=float(len(tour) - 1) if tour is not None else None,
            stats=SearchStats(
                expanded=int(numbers.get("expanded", 0)),
                generated=int(numbers.get("generated", 0)),
                max_depth=int(numbers.get("max_depth", 0)),
                seconds=float(numbers.get("seconds", 0.0)),
            ),
            limit=limit,
            reason=self.reason or None,
            extra={
                "method": self.method,
                "closed": closed,
                "closed_requested": self.closed_requested,
                **{k: v for k, v in numbers.items() if k != "seconds"},
            },
        )


def solve_tour(
    board: Board,
    start: tuple[int, int] = (0, 0),
    *,
    closed: bool = False,
    algorithm: str = "fast",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """A knight's tour of ``board`` from ``start``, closed if ``closed``.

    The family checks the tour (:mod:`.check`) before it is reported.

    Parameters
    ----------
    board, start : the board and the 0-based (row, col) start square.
    closed : ask for a closed (re-entrant) tour.
    algorithm : ``"fast"`` or ``"backtrack"`` (see the module docstring).
    **options : the engine's limits, cancel token, progress callback and observer
        (:class:`~searchlab.search.options.SearchOptions`). ``time_limit`` is 60 seconds
        unless given (``None``: none) and, with ``cancel``, bounds both algorithms;
        ``max_expansions``, ``max_nodes``, ``progress`` and the ``observer`` apply to
        ``"backtrack"`` (its states are ``(square, visited)``;
        :func:`~searchlab.puzzles.knight.render.step_printer` prints the boards as the
        knight's tour article does).

    Returns the engine's :class:`~searchlab.search.result.SearchResult` with status
    ``"solved"`` (the tour as moves and prefixes, :meth:`_Outcome.to_result`; the array
    itself from :func:`~searchlab.puzzles.knight.tour.tour_array`), ``"impossible"``
    (with the reason; exact, never the result of a long search), ``"limit"`` or
    ``"cancelled"``.

    Complexity: ``"fast"`` is O(N log N) vectorised (block construction, with
    N = rows × cols) or about O(N) (Warnsdorff); ``"backtrack"`` is exponential
    in the worst case.

    >>> r = solve_tour(Board(8, 8), (0, 0), closed=True)
    >>> r.status, r.extra["closed"], len(r.states)
    ('solved', True, 64)
    >>> solve_tour(Board(5, 5), (0, 1)).status
    'impossible'
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(ALGORITHMS)}")
    given: SearchOptions = {"time_limit": 60.0, **options}
    budget, _observer = budget_and_observer(given)  # a misspelt option fails here, at once
    t0 = time.perf_counter()
    verdict = tour_verdict(board, start, closed=closed)
    if not verdict.exists:
        return _Outcome(
            board,
            start,
            closed,
            "impossible",
            verdict.reason,
            method="theorem",
            stats={"seconds": time.perf_counter() - t0},
        ).to_result()
    if algorithm == "backtrack":
        result = _backtrack(board, start, closed, given)
    else:
        result = _fast(board, start, closed, budget)
    result.stats["seconds"] = time.perf_counter() - t0
    return result.to_result()


def _fast(
    board: Board,
    start: tuple[int, int],
    closed: bool,
    budget: Budget,
) -> _Outcome:
    """Blocks, strips, Warnsdorff's rule, then retries until the budget's time limit or
    cancel token (Warnsdorff with other tie-breaks, depth-first search on small boards)."""
    if board.size == 1:
        return _Outcome(
            board, start, closed, "solved", path=np.zeros((1, 2), dtype=np.int64), method="trivial"
        )
    if can_construct(board):
        path = construct_closed_tour(board, start)
        return _Outcome(
            board, start, closed, "solved", path=path, method="blocks", stats={"blocks": True}
        )
    if min(board.rows, board.cols) in (3, 4):
        thin = thin_tour(board, start, closed=closed)
        if thin is not None:
            return _Outcome(board, start, closed, "solved", path=thin, method="strip")
    path2, stats = warnsdorff_tour(board, start, closed=closed, max_attempts=4, budget=budget)
    if path2 is not None:
        return _Outcome(
            board, start, closed, "solved", path=path2, method="warnsdorff", stats=dict(stats)
        )
    # Fallback until the deadline: more Warnsdorff/Pósa attempts with other random
    # tie-breaks (thin odd boards such as 5×n need up to hundreds of attempts from some squares),
    # interleaved on small boards with depth-first search under growing node budgets
    # (heavy-tailed run times make restarts pay off).
    node_budget, seed = 20_000, 0
    while budget.interrupted() is None:
        seed += 1
        path2, more = warnsdorff_tour(
            board, start, closed=closed, seed=seed, max_attempts=400, budget=budget
        )
        stats["attempts"] += more["attempts"]
        stats["rotations"] += more["rotations"]
        if path2 is not None:
            return _Outcome(
                board, start, closed, "solved", path=path2, method="warnsdorff", stats=dict(stats)
            )
        if board.size > EXHAUSTIVE_MAX_SQUARES:
            continue
        try:
            found = find_path(board, start, closed=closed, max_nodes=node_budget, seed=seed)
        except NodeLimit:
            node_budget = int(node_budget * 1.3)
            continue
        if found is None:  # pragma: no cover - the verdict says a tour exists
            break
        stats["restarts"] = seed
        return _Outcome(
            board,
            start,
            closed,
            "solved",
            path=np.asarray(found, dtype=np.int64),
            method="dfs-restarts",
            stats=dict(stats),
        )
    limit = budget.interrupted() or "time_limit"
    return _Outcome(
        board,
        start,
        closed,
        "limit",
        f"no tour found before the {limit} (one exists)",
        method="warnsdorff",
        stats={**stats, "limit": limit},
    )


def _backtrack(
    board: Board,
    start: tuple[int, int],
    closed: bool,
    options: SearchOptions,
) -> _Outcome:
    """The engine's ordered backtracking with Warnsdorff's order, under ``options``."""
    problem = KnightTourProblem(board, start, closed=closed)
    res = backtracking_search(problem, order=warnsdorff_order(problem), **options)
    stats = res.stats.as_dict()
    if res.solved:
        n = board.cols
        path = np.asarray([divmod(s[0], n) for s in res.states], dtype=np.int64)
        return _Outcome(board, start, closed, "solved", path=path, method="backtrack", stats=stats)
    if res.status == "limit":
        return _Outcome(
            board,
            start,
            closed,
            "limit",
            f"stopped by {limit_phrase(res.limit)}",
            method="backtrack",
            stats={**stats, "limit": res.limit},
        )
    # Exhausted without a tour although the verdict says one exists: cannot happen.
    raise RuntimeError(
        f"internal error: backtracking exhausted {board} from {start}"
    )  # pragma: no cover
