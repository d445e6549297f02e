"""Experiments on knight's tours (:mod:`searchlab.puzzles.knight`).

Instance data: ``{"rows": m, "cols": n, "start": [row, col]}`` (open tours).
Random instances: an n×n board with a start square drawn uniformly among the
squares from which an open tour exists (the family's exact
:func:`~searchlab.puzzles.knight.tour_verdict`). The family's own solvers:

* ``warnsdorff-<tie>``: **plain** Warnsdorff's rule, the engine's ordered
  backtracking on :class:`~searchlab.puzzles.knight.KnightTourProblem` with
  "fewest onward moves first" and one of the tie-breaks :data:`TIE_BREAKS`,
  allowed exactly N - 1 expansions on an N-square board: a tour needs N - 1
  expansions along its path and any dead end costs at least one more, so the
  run is solved exactly when the greedy walk completes without backtracking;
* ``backtrack``: the same ordering (Roth's tie-break, the family's
  :func:`~searchlab.puzzles.knight.warnsdorff_order`) with backtracking (seed 003);
* ``fast``: the family's default solver (:func:`~searchlab.puzzles.knight.solve_tour`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.families import Family
from searchlab.puzzles.knight import (
    Board,
    KnightTourProblem,
    solve_tour,
    tour_verdict,
    warnsdorff_order,
)
from searchlab.search import SearchResult, SearchStats, backtracking_search
from searchlab.search.problem import Problem

Order = Callable[[Any, list[Any]], list[Any]]

TIE_BREAKS: dict[str, str] = {
    "first": "the first square in the move generator's order (row-major)",
    "last": "the last square in the move generator's order",
    "roth": "the square farthest from the centre (Roth)",
    "centre": "the square closest to the centre",
    "random": "a random square (seeded per instance)",
}
"""Tie-breaks among squares with the same number of onward moves."""


def _board_start(data: Any) -> tuple[Board, tuple[int, int]]:
    board = Board(int(data["rows"]), int(data["cols"]))
    row, col = data["start"]
    return board, (int(row), int(col))


def _make_problem(data: Any, heuristic: str | None) -> Problem[Any, Any]:
    board, start = _board_start(data)
    return KnightTourProblem(board, start)


def tie_break_order(problem: KnightTourProblem, tie: str, seed: int = 0) -> Order:
    """Warnsdorff's order (fewest onward moves first) with the tie-break ``tie``."""
    if tie == "roth":
        return warnsdorff_order(problem)
    degree = problem.onward_moves
    rank = problem.rank  # -(squared distance from the centre): smaller is farther
    rng = random.Random(seed)
    keys: dict[str, Callable[[int, int], float]] = {
        "first": lambda sq, i: i,
        "last": lambda sq, i: -i,
        "centre": lambda sq, i: -rank[sq],
        "random": lambda sq, i: rng.random(),
    }
    if tie not in keys:
        raise InputError(f"unknown tie-break {tie!r}; choose one of {', '.join(TIE_BREAKS)}")
    key = keys[tie]

    def order(state: Any, children: list[Any]) -> list[Any]:
        ranked = [(degree(ch[1]), key(ch[1][0], i), i) for i, ch in enumerate(children)]
        return [children[i] for *_, i in sorted(ranked)]

    return order


def _warnsdorff(tie: str) -> Callable[..., SearchResult]:
    def run(data: Any, **options: Any) -> SearchResult:
        board, start = _board_start(data)
        problem = KnightTourProblem(board, start)
        seed = (board.rows * 1009 + board.cols) * 1_000_003 + start[0] * 1009 + start[1]
        return backtracking_search(
            problem,
            order=tie_break_order(problem, tie, seed),
            max_expansions=board.size - 1,
            time_limit=options.get("time_limit"),
            cancel=options.get("cancel"),
        )

    return run


def _backtrack(data: Any, **options: Any) -> SearchResult:
    board, start = _board_start(data)
    problem = KnightTourProblem(board, start)
    allowed = ("time_limit", "max_expansions", "max_nodes", "cancel")
    return backtracking_search(
        problem,
        order=warnsdorff_order(problem),
        **{k: v for k, v in options.items() if k in allowed},
    )


class _FastResult:
    """:class:`~searchlab.puzzles.knight.TourResult` seen as a solver result."""

    def __init__(self, data: Any, **options: Any) -> None:
        board, start = _board_start(data)
        result = solve_tour(board, start, time_limit=options.get("time_limit"))
        self.status = "solved" if result.solved else str(result.status)
        self.solved = result.solved
        self.length = board.size - 1 if result.solved else 0
        self.limit = "time_limit" if result.status == "limit" else None
        self.stats = SearchStats(seconds=float(result.stats.get("seconds", 0.0)))
        self.extra = {"method": result.method}


def _generate(size: int, seed: int) -> dict[str, Any]:
    board = Board(size, size)
    rng = random.Random(seed)
    squares = [
        (r, c) for r in range(size) for c in range(size) if tour_verdict(board, (r, c)).exists
    ]
    if not squares:
        raise InputError(f"no open knight's tour exists on a {size}x{size} board")
    row, col = rng.choice(squares)
    return {"rows": size, "cols": size, "start": [row, col]}


def family() -> Family:
    """The knight's tour family for experiments (parameter: the side of a square board)."""
    return Family(
        name="knight",
        heuristics=("zero",),
        make_problem=_make_problem,
        generate=_generate,
        parameter="size",
        solvers={
            **{f"warnsdorff-{tie}": _warnsdorff(tie) for tie in TIE_BREAKS},
            "backtrack": _backtrack,
            "fast": _FastResult,
        },
    )
