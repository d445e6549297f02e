"""Experiments on Rush Hour (:mod:`searchlab.puzzles.rushhour`).

Instance data: ``{"board": text}`` in the database notation (36 characters
for 6x6). Random instances come from the family's generator: the parameter
is the minimum number of optimal moves (``generate(min_moves, 1, seed=...)``:
hill climbing on cluster depth, every vehicle needed). Heuristics are the
engine problem's (``blocking``: the seed's; ``strong``; ``zero``). The
family's own solvers: ``fast`` (packed breadth-first search, optimal moves)
and ``rate`` (the difficulty rating; its figures are stored as the run's
``extra``: moves, steps, vehicles moved, cluster size, symmetry, score, level).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.families import Family
from searchlab.puzzles.rushhour import (
    HEURISTICS,
    RushHourProblem,
    generate,
    parse_board,
    rate,
    solve_board,
    unreachable,
)
from searchlab.search import SearchResult, SearchStats
from searchlab.search.problem import Problem

GENERATE_SECONDS = 600.0
"""Give up generating one puzzle after this long (an InputError, reported by the runner)."""


@dataclass
class RatingResult:
    """A rating as a solver result: solved with ``length`` optimal moves."""

    status: str
    length: int
    stats: SearchStats
    extra: dict[str, Any] = field(default_factory=dict)
    limit: str | None = None

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def _make_problem(data: Any, heuristic: str | None) -> Problem[Any, Any]:
    return RushHourProblem(parse_board(str(data["board"])), heuristic=heuristic or "blocking")


def _generate(min_moves: int, seed: int) -> dict[str, Any]:
    reason = unreachable(min_moves)
    if reason:
        raise InputError(reason)
    found = generate(min_moves, 1, seed=seed, time_limit=GENERATE_SECONDS)
    if not found:
        raise InputError(
            f"no Rush Hour puzzle of at least {min_moves} moves found in {GENERATE_SECONDS:g} s"
        )
    return {"board": found[0].board.to_database(), "moves": found[0].moves}


def _fast(data: Any, **options: Any) -> SearchResult:
    allowed = ("time_limit", "max_expansions", "max_nodes", "cancel")
    return solve_board(
        parse_board(str(data["board"])),
        algorithm="fast",
        **{k: v for k, v in options.items() if k in allowed},
    )


def _rate(data: Any, **options: Any) -> RatingResult:
    start = time.perf_counter()
    rating = rate(parse_board(str(data["board"])), time_limit=options.get("time_limit"))
    stats = SearchStats(seconds=time.perf_counter() - start)
    return RatingResult("solved", rating.moves, stats, rating.as_dict())


def _parse(text: str) -> dict[str, Any]:
    return {"board": parse_board(text).to_database()}


def family() -> Family:
    """The Rush Hour family for experiments (parameter: minimum optimal moves)."""
    return Family(
        name="rushhour",
        heuristics=tuple(HEURISTICS),
        make_problem=_make_problem,
        generate=_generate,
        parameter="min_moves",
        parse=_parse,
        solvers={"fast": _fast, "rate": _rate},
    )
