"""The bookkeeping one peg solitaire solver run shares with its searches: :class:`PegRun`.

The dedicated solvers (:func:`~searchlab.puzzles.peg.solver.solve_fast`,
:func:`~searchlab.puzzles.peg.minmoves.solve_min_moves`) keep the engine's
statistics, honour the engine's limits through a
:class:`~searchlab.search.limits.Budget` (time, expansions, cancel token,
progress) and answer with the engine's
:class:`~searchlab.search.result.SearchResult`: ``actions`` are jumps
``(from, over, to)``, ``states`` the bitboards (start first), and ``extra`` holds
the solver's own figures (``move_count``, ``memo_size``, ``memo_full``,
``endgame_positions``, ``pruned``, ``beam_width``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import SearchResult, SearchStats, Status

from .board import Board, Jump


class Stop(Exception):
    """Raised inside a search when a limit (or a restart) stops it."""

    def __init__(self, limit: str) -> None:
        self.limit = limit


def move_count(jumps: Sequence[Jump]) -> int:
    """Moves in a jump sequence: a jump by the peg that just landed continues the move."""
    count = 0
    last_to = -1
    for a, _, c in jumps:
        if a != last_to:
            count += 1
        last_to = c
    return count


class PegRun:
    """The bookkeeping of one solver run.

    It holds the board and problem, the statistics, the limits and the figures.
    The searches increment ``stats`` and the figures in place and call
    :meth:`checkpoint` every few thousand expansions; :meth:`finish` turns the
    run into the answer. ``limits`` are the engine's
    (:class:`~searchlab.search.options.LimitOptions`) in one
    :class:`~searchlab.search.limits.Budget`, but for ``max_nodes``: the solvers count
    their stored positions themselves and stop at it.
    """

    __slots__ = (
        "beam_width",
        "board",
        "budget",
        "endgame_positions",
        "memo_full",
        "memo_size",
        "name",
        "pruned",
        "start",
        "stats",
        "target",
    )

    def __init__(
        self,
        name: str,
        board: Board,
        start: int,
        target: int | None,
        **limits: Unpack[LimitOptions],
    ) -> None:
        self.name = name
        self.board = board
        self.start = start
        self.target = target
        self.stats = SearchStats()
        self.budget = limit_budget(limits, stored_nodes=False)
        self.memo_size = 0
        self.memo_full = False
        self.endgame_positions = 0
        self.pruned = 0
        self.beam_width = 0

    def checkpoint(self) -> None:
        """Raise :class:`Stop` naming the limit reached (expansions, time, cancel); report
        progress otherwise."""
        limit = self.budget.check(self.stats)
        if limit is not None:
            raise Stop(limit)

    def finish(
        self,
        status: Status,
        path: Sequence[Jump] = (),
        *,
        limit: str | None = None,
        reason: str | None = None,
    ) -> SearchResult:
        """The answer: for ``"solved"``, ``path`` replayed from the start into positions."""
        positions = [self.start]
        pos = self.start
        for a, b, c in path:
            pos ^= (1 << a) | (1 << b) | (1 << c)
            positions.append(pos)
        solved = status == "solved"
        return SearchResult(
            self.name,
            status,
            actions=list(path) if solved else [],
            states=positions if solved else [],
            cost=float(len(path)) if solved else None,
            stats=self.budget.finish(self.stats),
            limit=limit,  # type: ignore[arg-type]
            reason=reason,
            extra={
                "move_count": move_count(path) if solved else None,
                "memo_size": self.memo_size,
                "memo_full": self.memo_full,
                "endgame_positions": self.endgame_positions,
                "pruned": self.pruned,
                "beam_width": self.beam_width,
            },
        )

    def stopped(self, stop: Stop) -> SearchResult:
        """The answer of a run a limit stopped."""
        return self.finish("limit", limit=stop.limit)
