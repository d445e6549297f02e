"""The peg assignment's experiment: one peg problem through several algorithms, side by side."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Unpack

from searchlab import families
from searchlab.i18n import N_
from searchlab.puzzles import folder_name
from searchlab.search import solve
from searchlab.search.options import LimitOptions

from .board import Board
from .problem import Instance, PegProblem
from .solver import solve_fast

FAMILY_NAME = folder_name(__name__)
"""This family's registry name: its folder's."""

# (label, algorithm, heuristic, engine options)
SEED_RUNS: tuple[tuple[str, str, str, dict[str, object]], ...] = (
    ("BFS", "bfs", "zero", {}),
    ("DFS", "dfs", "zero", {}),
    (N_("A* (pegs - 1)"), "astar", "pegs", {}),
    (N_("A* (centre distance, inadmissible)"), "astar", "centre", {}),
    (N_("A* (pegs - 1 + pagoda dead ends)"), "astar", "pagoda", {}),
    (N_("greedy (isolated pegs)"), "greedy", "isolated", {}),
)
FAST_LABEL = N_("searchlab fast solver")
"""The label of the last run, searchlab's fast solver."""


@dataclass(frozen=True)
class CompareRow:
    """One line of the assignment's table."""

    algorithm: str
    found: bool
    seconds: float
    expanded: int
    length: int | None
    stop: str


def compare(
    board: Board,
    start: int,
    target: int | None,
    *,
    on_row: Callable[[CompareRow], None] | None = None,
    **limits: Unpack[LimitOptions],
) -> list[CompareRow]:
    """Run the assignment's algorithms and the fast solver on one problem, each within the limits.

    ``limits`` are the engine's (:class:`~searchlab.search.options.LimitOptions`),
    by default the assignment's own: 50,000 expansions and 15 seconds. Each engine run
    gets all of them, and the stop reason says which one stopped it. The last row is
    searchlab's fast solver under the same time limit and cancel token.
    ``on_row`` hears each row as it is made.
    """
    given: LimitOptions = {"max_expansions": 50_000, "time_limit": 15.0, **limits}
    cancel = given.get("cancel")
    rows: list[CompareRow] = []
    family = families.get(FAMILY_NAME)  # its check of every answer (Family.check)
    instance = Instance(board, start, target)

    def add(row: CompareRow) -> None:
        rows.append(row)
        if on_row is not None:
            on_row(row)

    for label, algorithm, heuristic, options in SEED_RUNS:
        problem = PegProblem(board, start, target, heuristic=heuristic)
        r = solve(problem, algorithm, **given, **options)
        if r.solved:  # a length is reported only for a checked solution
            family.check(instance, family.in_family_terms(instance, r))
        stop = {"solved": N_("goal found"), "no_solution": N_("space exhausted")}.get(
            r.status, f"limit: {r.limit}"
        )
        add(
            CompareRow(
                label,
                r.solved,
                r.stats.seconds,
                r.stats.expanded,
                r.length if r.solved else None,
                stop,
            )
        )
        if cancel is not None and cancel.is_set():
            return rows
    t0 = time.perf_counter()
    fast = solve_fast(board, start, target, time_limit=given.get("time_limit"), cancel=cancel)
    if fast.solved:
        named = [board.jump_name(j) for j in fast.actions]
        family.check(instance, replace(fast, actions=named))
    stop = {
        "solved": "goal found",
        "no_solution": "space exhausted",
        "impossible": N_("impossible (position class)"),
    }.get(fast.status, f"limit: {fast.limit}")
    add(
        CompareRow(
            FAST_LABEL,
            fast.solved,
            time.perf_counter() - t0,
            fast.stats.expanded,
            fast.length if fast.solved else None,
            stop,
        )
    )
    return rows
